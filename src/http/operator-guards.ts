import type { FastifyInstance } from "fastify";
import { AppError } from "../domain/errors.js";
import { requireAdminToken } from "./auth.js";
import type { Services } from "./services.js";

/** What every operator route can answer: a bad or missing token, no operator API, bad input. */
export const OPERATOR_CODES = ["UNAUTHORIZED", "NOT_FOUND", "BAD_REQUEST"] as const;

/** The OpenAPI description of an operator route. */
export function operatorMeta(operationId: string, summary: string, description?: string) {
  return {
    operationId,
    summary,
    ...(description ? { description } : {}),
    tags: ["operator"],
    security: [{ adminToken: [] }],
  };
}

/**
 * The hooks of the scope every operator route is registered in. Without ADMIN_TOKEN every
 * operator route answers 404 as an unknown route would, but stays in the OpenAPI document.
 */
export function guardOperatorScope(api: FastifyInstance, services: Services) {
  const adminToken = services.config.adminToken;
  api.addHook(
    "onRequest",
    adminToken
      ? requireAdminToken(adminToken)
      : async (request) => {
          throw new AppError(
            "NOT_FOUND",
            `No route for ${request.method} ${request.url.split("?")[0]}.`,
          );
        },
  );
  // Other processes rebuild their public answers on the change notice; this one drops them
  // before its answer leaves, so the operator's next read shows the write.
  api.addHook("onSend", async (request, reply) => {
    if (request.method !== "GET" && request.method !== "HEAD" && reply.statusCode < 300) {
      services.publicAnswers.clear();
    }
  });
}
