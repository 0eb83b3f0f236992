import type { FastifyInstance } from "fastify";
import { type Metrics, UNMATCHED_ROUTE } from "../../observability/metrics.js";
import { requireBearerToken } from "../auth.js";
import { errorResponses } from "../schemas/common.js";
import type { Services } from "../services.js";

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

/** GET /metrics for Prometheus; open unless METRICS_TOKEN is set. */
export async function metricsRoutes(
  app: FastifyInstance,
  { config, metrics }: Pick<Services, "config" | "metrics">,
) {
  if (config.metricsToken) {
    app.addHook(
      "onRequest",
      requireBearerToken(
        config.metricsToken,
        "A valid metrics token is required (Authorization: Bearer …).",
      ),
    );
  }
  const schema = {
    operationId: "getMetrics",
    summary: "Prometheus metrics",
    description:
      "The Prometheus text format. Needs `Authorization: Bearer` METRICS_TOKEN when it is set.",
    tags: ["operations"],
    response: {
      200: {
        description: "Prometheus exposition format",
        content: { "text/plain": { schema: { type: "string" } } },
      },
      ...errorResponses("UNAUTHORIZED"),
    },
  };
  app.get("/metrics", { schema }, async (_request, reply) => {
    const body = await metrics.scrape();
    return reply.type(metrics.contentType).send(body);
  });
}
