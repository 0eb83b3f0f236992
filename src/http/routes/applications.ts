import type { FastifyInstance } from "fastify";
import type { Services } from "../services.js";

export async function applicationRoutes(_app: FastifyInstance, _services: Services) {}
