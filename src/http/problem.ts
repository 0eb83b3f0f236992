import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { DatabaseUnavailable } from "../db/errors.js";
import { AppError, type FieldError, unavailable } from "../domain/errors.js";
import { ERROR_TITLE, httpStatusOf } from "./error-status.js";

export const PROBLEM_CONTENT_TYPE = "application/problem+json; charset=utf-8";

/** The RFC 9457 body for an AppError (https://www.rfc-editor.org/rfc/rfc9457). */
export function problemBody(error: AppError, requestId?: string) {
  return {
    type: "about:blank",
    title: ERROR_TITLE[error.code],
    status: httpStatusOf(error.code),
    code: error.code,
    detail: error.message,
    ...(requestId ? { request_id: requestId } : {}),
    ...(error.errors ? { errors: error.errors } : {}),
  };
}

export function sendProblem(request: FastifyRequest, reply: FastifyReply, error: AppError) {
  if (error.retryAfterS !== undefined) reply.header("retry-after", String(error.retryAfterS));
  return reply
    .code(httpStatusOf(error.code))
    .type(PROBLEM_CONTENT_TYPE)
    .send(problemBody(error, request.id));
}

/**
 * The AppError an error thrown below the edge is answered with: itself, or for the store's
 * DatabaseUnavailable, SERVICE_UNAVAILABLE with its retry hint. Undefined for anything else
 * (a bug: the caller answers INTERNAL).
 */
export function appErrorOf(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  if (error instanceof DatabaseUnavailable) {
    return unavailable(error.message, error.retryAfterS, error);
  }
  return undefined;
}

interface AjvError {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

/**
 * A field as errors name it, from a JSON pointer such as Ajv's `instancePath`: a path through an
 * array keeps its slashes, as docs/api.md names a batch's items (`allocations/3/points`);
 * object fields are dotted (`quest.name`). Also the separator a child of it would take.
 */
export function fieldOfPointer(pointer: string): { path: string; separator: string } {
  const separator = /\/\d+(\/|$)/.test(pointer) ? "/" : ".";
  return { path: pointer.replace(/^\//, "").replaceAll("/", separator), separator };
}

/** Ajv's errors → `{ field, message }`, naming the field as the client spelled it. */
export function fieldErrors(validation: readonly AjvError[]): FieldError[] {
  return validation.map((error) => {
    const { path, separator } = fieldOfPointer(error.instancePath);
    const parent = path ? `${path}${separator}` : "";
    if (error.keyword === "additionalProperties") {
      return {
        field: `${parent}${String(error.params.additionalProperty)}`,
        message: "is not allowed",
      };
    }
    if (error.keyword === "required") {
      return { field: `${parent}${String(error.params.missingProperty)}`, message: "is required" };
    }
    return { field: path || "(root)", message: error.message ?? "is invalid" };
  });
}

export function validationProblem(error: {
  validation: readonly AjvError[];
  validationContext?: string | undefined;
}): AppError {
  const where =
    error.validationContext === "querystring" ? "query" : (error.validationContext ?? "request");
  const errors = fieldErrors(error.validation);
  const summary = errors.map((e) => `${e.field} ${e.message}`).join("; ");
  return new AppError("BAD_REQUEST", `Invalid ${where}: ${summary}.`, errors);
}

/** Fastify's own 4xx errors (bad JSON, wrong media type, body too large) keep their meaning. */
export function frameworkProblem(error: FastifyError): AppError | undefined {
  if (error.validation) return validationProblem(error as Parameters<typeof validationProblem>[0]);
  const status = error.statusCode ?? 500;
  if (status === 413) return new AppError("PAYLOAD_TOO_LARGE", "The request body is too large.");
  if (status >= 400 && status < 500) {
    const message = publicMessage(error);
    const field = error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE" ? "content-type" : "body";
    return new AppError("BAD_REQUEST", message, [{ field, message }]);
  }
  return undefined;
}

function publicMessage(error: FastifyError): string {
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return "Unsupported Content-Type; send application/json.";
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return "The body is empty; send a JSON object.";
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return "The body is not valid JSON.";
    default:
      return "The request is malformed.";
  }
}
