import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/**
 * The public reads, readable by any web page (contract Part 2, Every answer): no credentials are
 * involved, so `*` is safe. Owner and operator routes send no CORS headers at all, so a browser
 * never lets another site read what a key or token returns.
 */
const PUBLIC_READ_ROUTES = new Set([
  "/quests",
  "/campaigns",
  "/campaigns/:id",
  "/passes/:address",
  "/passes/:address/payouts",
  "/leaderboard",
]);
/** Headers a page may read besides the CORS-safelisted ones. */
const EXPOSED_HEADERS = "x-request-id, etag, retry-after";

export function isPublicRead(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  return (
    (request.method === "GET" || request.method === "HEAD") &&
    route !== undefined &&
    PUBLIC_READ_ROUTES.has(route)
  );
}

/** Set as the request arrives, so every answer of a public read has it, errors included. */
export function registerPublicCors(app: FastifyInstance): void {
  app.addHook("onRequest", async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isPublicRead(request)) return;
    reply.header("access-control-allow-origin", "*");
    reply.header("access-control-expose-headers", EXPOSED_HEADERS);
  });
}
