import type { FastifyReply } from "fastify";
import type { AppError } from "../domain/errors.js";
import { httpStatusOf } from "./error-status.js";
import { PROBLEM_CONTENT_TYPE, problemBody } from "./problem.js";

/**
 * A refusal a use case answered rather than threw (an allocation's, possibly a replay), as
 * problem details with the id of the request first refused.
 */
export function sendRefusal(reply: FastifyReply, refusal: { error: AppError; requestId: string }) {
  return reply
    .code(httpStatusOf(refusal.error.code))
    .type(PROBLEM_CONTENT_TYPE)
    .send(problemBody(refusal.error, refusal.requestId));
}
