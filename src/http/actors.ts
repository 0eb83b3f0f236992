import type { FastifyRequest } from "fastify";
import type { AuditContext } from "../domain/audit.js";
import { keyOf, operatorOf } from "./auth.js";

/** The audit context of an operator's request: `operator:<id>` (`operator:bootstrap`: ADMIN_TOKEN). */
export function asOperator(request: FastifyRequest): AuditContext {
  return { actor: `operator:${operatorOf(request).id}`, requestId: request.id };
}

/** The audit context of a request made with an application's `ap_` token. */
export const asApplicant = (request: FastifyRequest): AuditContext => ({
  actor: "applicant",
  requestId: request.id,
});

/** The audit context of a request made with an API key (set by `requireApiKey`). */
export function asAccount(request: FastifyRequest): AuditContext {
  return { actor: `account:${keyOf(request).accountId}`, requestId: request.id };
}
