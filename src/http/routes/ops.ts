import type { FastifyInstance } from "fastify";
import { checkDatabase } from "../../use-cases/readiness.js";
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
    const { database } = await checkDatabase(services.db);
    return { status: "ok", database, ...(chain ? { chain: await chain } : {}) };
  });
}
