import type { FastifyInstance } from "fastify";
import type { Services } from "../services.js";

export async function adminApplicationRoutes(_app: FastifyInstance, _services: Services) {}
