import type { FastifyInstance } from "fastify";
import type { Services } from "../services.js";

export async function adminListRoutes(_app: FastifyInstance, _services: Services) {}
