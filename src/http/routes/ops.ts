import type { FastifyInstance } from "fastify";
import { unavailable } from "../../domain/errors.js";
import { errorResponses } from "../schemas/common.js";
import type { Services } from "../services.js";

export async function opsRoutes(app: FastifyInstance, services: Services) {
  const ops = (operationId: string, summary: string) => ({
    schema: { operationId, summary, tags: ["operations"], response: errorResponses() },
  });
  app.get("/healthz", ops("getHealth", "The process is alive"), async () => ({ status: "ok" }));
  // The chain node is reported, not required: allocation never needs it, so an unreachable node
  // leaves /readyz at 200 with chain.reachable false.
  const readiness = ops("getReadiness", "The database is reachable; the chain node's status");
  app.get("/readyz", readiness, async () => {
    const chain = services.chain?.();
    try {
      await services.db.query("SELECT 1");
    } catch {
      throw unavailable("The database is not reachable.", 5);
    }
    return {
      status: "ok",
      database: services.db.kind,
      ...(chain ? { chain: await chain } : {}),
    };
  });
}
