import type { FastifyRequest } from "fastify";
import type { AuditContext } from "../domain/audit.js";

/** The audit context of an operator's request: `operator:<id>` (`operator:bootstrap`: ADMIN_TOKEN). */
export function asOperator(request: FastifyRequest): AuditContext {
  if (!request.operator) throw new Error("invariant: asOperator before requireOperator");
  return { actor: `operator:${request.operator.id}`, requestId: request.id };
}

/** The audit context of a request made with an application's `ap_` token. */
export const asApplicant = (request: FastifyRequest): AuditContext => ({
  actor: "applicant",
  requestId: request.id,
});

/** The audit context of a request made with an API key (set by `requireApiKey`). */
export function asAccount(request: FastifyRequest): AuditContext {
  if (!request.apiKeyAccountId) throw new Error("invariant: asAccount before requireApiKey");
  return { actor: `account:${request.apiKeyAccountId}`, requestId: request.id };
}
