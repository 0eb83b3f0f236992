import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { constantTimeEqual } from "../../domain/api-keys.js";
import { AppError } from "../../domain/errors.js";
import { type Metrics, UNMATCHED_ROUTE } from "../../observability/metrics.js";
import type { Services } from "../services.js";

const METRICS_CHALLENGE = 'Bearer realm="questpoints-metrics"';

/**
 * onResponse hook counting every answered request by route pattern (never the raw path, so the
 * label's values stay few), method and status. Registered before the routes so it sees them all.
 */
export function registerRequestMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.addHook("onResponse", async (request, reply) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    metrics.observeRequest(route, request.method, reply.statusCode, reply.elapsedTime / 1000);
  });
}

/**
 * onRequest hook: `Authorization: Bearer <METRICS_TOKEN>`, compared in constant time. A refusal
 * is the operator API's 401 UNAUTHORIZED, challenging for this realm (RFC 6750 §3.1:
 * `error="invalid_token"` when a token was sent).
 */
function requireMetricsToken(metricsToken: string) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const token = /^bearer +(.+)$/i.exec(request.headers.authorization ?? "")?.[1];
    if (token !== undefined && constantTimeEqual(token, metricsToken)) return;
    reply.header(
      "www-authenticate",
      token === undefined ? METRICS_CHALLENGE : `${METRICS_CHALLENGE}, error="invalid_token"`,
    );
    throw new AppError(
      "UNAUTHORIZED",
      "A valid metrics token is required (Authorization: Bearer …).",
    );
  };
}

/** GET /metrics for Prometheus; open unless METRICS_TOKEN is set. Not in the OpenAPI document. */
export async function metricsRoutes(
  app: FastifyInstance,
  { config, metrics }: Pick<Services, "config" | "metrics">,
) {
  if (config.metricsToken) app.addHook("onRequest", requireMetricsToken(config.metricsToken));
  app.get("/metrics", { schema: { hide: true } }, async (_request, reply) => {
    const body = await metrics.scrape();
    return reply.type(metrics.contentType).send(body);
  });
}
