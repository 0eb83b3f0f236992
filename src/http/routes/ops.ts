import type { FastifyInstance } from "fastify";
import { AppError } from "../../domain/errors.js";
import type { Services } from "../services.js";

export async function opsRoutes(app: FastifyInstance, services: Services) {
  const ops = (summary: string) => ({ schema: { summary, tags: ["operations"] } });
  app.get("/healthz", ops("The process is alive"), async () => ({ status: "ok" }));
  app.get("/readyz", ops("The database is reachable"), async () => {
    try {
      await services.db.query("SELECT 1");
    } catch {
      throw new AppError("SERVICE_UNAVAILABLE", "The database is not reachable.");
    }
    return { status: "ok", database: services.db.kind };
  });
}
