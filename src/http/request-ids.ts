import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/** An incoming id a client or proxy chose: 1..128 printable ASCII characters (docs/http.md). */
const ADOPTABLE_ID = /^[\x21-\x7E][\x20-\x7E]{0,127}$/;

/**
 * Fastify's `genReqId`: the incoming `x-request-id` when it is one docs/http.md lets us adopt,
 * else a random UUID, unique across processes and restarts (Fastify's own counter is neither).
 */
export function requestIdOf(raw: IncomingMessage): string {
  const header = raw.headers["x-request-id"];
  const incoming = typeof header === "string" ? header.trim() : undefined;
  return incoming && ADOPTABLE_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * Every answer carries `x-request-id`: set as the request arrives (so even an answer the first
 * hooks refuse has it) and checked once more as it leaves.
 */
export function registerRequestIds(app: FastifyInstance): void {
  app.addHook("onRequest", async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header("x-request-id", request.id);
  });
  app.addHook("onSend", async (request, reply, payload) => {
    if (!reply.hasHeader("x-request-id")) reply.header("x-request-id", request.id);
    return payload;
  });
}
