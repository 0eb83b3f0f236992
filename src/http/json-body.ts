import type { FastifyInstance } from "fastify";

/** The JSON body parser of every route (Fastify's default for now). */
export function registerJsonBodyParser(_app: FastifyInstance): void {}
