import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import { BACKUP_DOCS, takeBackup } from "../../use-cases/backup.js";
import { OPERATOR_CODES, operatorRole } from "../operator-guards.js";
import { errorResponses } from "../schemas/common.js";
import type { Services } from "../services.js";

/** `GET /admin/backup`: the embedded database, copied while the service runs (docs/operations.md). */
export async function adminBackupRoutes(app: FastifyInstance, services: Services) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get(
    "/admin/backup",
    {
      // HEAD would take a whole copy only to discard it.
      exposeHeadRoute: false,
      schema: {
        operationId: "getBackup",
        summary: "Download a backup of the embedded database",
        description:
          "A consistent snapshot of the embedded database (PGlite, `DATA_DIR`): its data " +
          "directory as a tar, gzip'd, streamed as an attachment named for the time it was " +
          "taken. The copy is made between two operations on the database's one connection: an " +
          "allocation made meanwhile is in it whole or not at all, and waits for the copy at " +
          "most as long as any database wait (else 503 with `Retry-After`). The answer is " +
          "compressed as it is sent; a transfer cut short (no terminating chunk) is no backup. " +
          "Restore it with `questpoints restore FILE --data-dir DIR`, which checks the books. " +
          "On PostgreSQL this answers 409 `CONFLICT`: use `pg_dump`, or a base backup with WAL " +
          `archiving (${BACKUP_DOCS}). One backup at a time (503 while one is being sent). ` +
          "Needs the `admin` role.",
        ...operatorRole("admin"),
        response: {
          200: {
            description: "The backup file: a gzip'd tar of the data directory",
            headers: {
              "content-disposition": Type.String({
                description:
                  'attachment; filename="questpoints-backup-2026-05-01T12-30-05Z.tar.gz"',
              }),
            },
            content: {
              "application/gzip": {
                schema: Type.String({
                  description: "The gzip'd tar of the data directory",
                  format: "binary",
                }),
              },
            },
          },
          ...errorResponses(...OPERATOR_CODES, "CONFLICT", "SERVICE_UNAVAILABLE"),
        },
      },
    },
    async (request, reply) => {
      const { fileName, body } = await takeBackup(services.db);
      body.once("error", (error) => {
        // The status and headers are out: the connection is cut, and the client sees a transfer
        // cut short, never a complete-looking file.
        request.log.error({ err: error }, "backup cut short after its answer began");
      });
      // A stream payload is piped as it is, never through the response serializer.
      return reply
        .type("application/gzip")
        .header("content-disposition", `attachment; filename="${fileName}"`)
        .send(body as unknown as string);
    },
  );
}
