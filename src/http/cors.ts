import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/**
 * The public reads, readable by any web page (docs/http.md#headers-of-every-answer): no credentials are
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
/** Headers a page may send on a public read (a preflight asks before sending them). */
const ALLOWED_HEADERS = "x-request-id, if-none-match";
/** How long a browser may reuse a preflight's answer. */
const PREFLIGHT_MAX_AGE_S = 600;

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

/**
 * Answers the CORS preflight (`OPTIONS`) of each public read this app serves, so a page that
 * sends `x-request-id` or `If-None-Match` can read them too. Called once every route exists;
 * other paths keep answering OPTIONS with 404.
 */
export function registerPublicPreflights(app: FastifyInstance): void {
  for (const url of PUBLIC_READ_ROUTES) {
    if (!app.hasRoute({ method: "GET", url })) continue;
    app.options(url, { schema: { hide: true } }, async (_request, reply) =>
      reply
        .code(204)
        .header("access-control-allow-origin", "*")
        .header("access-control-allow-methods", "GET, HEAD")
        .header("access-control-allow-headers", ALLOWED_HEADERS)
        .header("access-control-max-age", String(PREFLIGHT_MAX_AGE_S))
        .send(),
    );
  }
}
