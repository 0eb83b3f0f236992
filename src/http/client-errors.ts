/**
 * Errors raised before a request reaches a route: Node's HTTP parser (malformed request line,
 * oversized headers, a client too slow to send its request) and Fastify's router (bad
 * percent-encoding, an over-long path parameter). Each still answers RFC 9457 problem details
 * with an API error code, like every other answer of the service.
 */
import { randomUUID } from "node:crypto";
import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../domain/errors.js";
import { httpStatusOf } from "./error-status.js";
import { PROBLEM_CONTENT_TYPE, problemBody, sendProblem } from "./problem.js";

/** Longest path parameter the router accepts (find-my-way's maxParamLength); longer is 414. */
export const PATH_PARAM_LENGTH_MAX = 200;
const PARSER_REASON_LENGTH_MAX = 100;

/** Node's `clientError` (https://nodejs.org/api/http.html#event-clienterror) as a problem. */
export function clientErrorProblem(error: NodeJS.ErrnoException & { reason?: unknown }): AppError {
  switch (error.code) {
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return new AppError(
        "REQUEST_TIMEOUT",
        "The request was not received in time; the connection is closed.",
      );
    case "HPE_HEADER_OVERFLOW":
      return new AppError("HEADERS_TOO_LARGE", "The request line and headers are too large.");
    default: {
      // llhttp's reason ("Invalid method encountered") says what was wrong and nothing internal.
      const reason =
        typeof error.reason === "string" && error.reason.length <= PARSER_REASON_LENGTH_MAX
          ? error.reason
          : "is not valid HTTP/1.1";
      return new AppError("BAD_REQUEST", `The request is malformed: ${reason}.`, [
        { field: "request", message: reason },
      ]);
    }
  }
}

/** The socket of a connection whose current answer, if any, has not started yet. */
function canAnswer(socket: Socket): boolean {
  // Node keeps the response in flight on the socket (the same check Node's own fallback makes).
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  return socket.writable && !inFlight?.headersSent;
}

/** A complete HTTP/1.1 problem answer, written straight to the socket (there is no reply). */
function writeRawProblem(socket: Socket, error: AppError): void {
  const requestId = randomUUID();
  const body = JSON.stringify(problemBody(error, requestId));
  const retryAfter = error.retryAfterS === undefined ? "" : `Retry-After: ${error.retryAfterS}\r\n`;
  const status = httpStatusOf(error.code);
  socket.write(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      `Content-Type: ${PROBLEM_CONTENT_TYPE}\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      `x-request-id: ${requestId}\r\n${retryAfter}` +
      `Connection: close\r\n\r\n${body}`,
  );
}

/**
 * Fastify's `clientErrorHandler`: answers a parser error or a request timeout with problem
 * details when nothing has been written on the connection yet, then closes the connection.
 */
export function handleClientError(
  this: FastifyInstance,
  error: NodeJS.ErrnoException,
  socket: Socket,
): void {
  // A reset connection is already gone; there is no one to answer.
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const problem = clientErrorProblem(error);
  this.log.debug({ err: error, code: problem.code }, "client error; closing the connection");
  if (canAnswer(socket)) writeRawProblem(socket, problem);
  socket.destroy();
}

/**
 * Two requests Node would answer by itself, with an empty body, reach the app instead: an
 * `Expect` other than `100-continue` (Node's 417; RFC 9110 §10.1.1 lets a server ignore it, so
 * the request is served as if it had none) and an HTTP/1.1 request without `Host` (Node's 400;
 * here 400 BAD_REQUEST naming the header, as RFC 9112 §3.2 requires). Needs Node's
 * `requireHostHeader: false`.
 */
export function answerNodeRefusalsInApp(app: FastifyInstance): void {
  const server = app.server;
  server.on("checkExpectation", (request, response) => server.emit("request", request, response));
  app.addHook("onRequest", async (request) => {
    if (request.raw.httpVersion === "1.1" && request.headers.host === undefined) {
      throw new AppError("BAD_REQUEST", "An HTTP/1.1 request must carry a Host header.", [
        { field: "host", message: "is required" },
      ]);
    }
  });
}

/** Fastify's `frameworkErrors`: the router's own errors, before any route or hook runs. */
export function handleFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  switch (error.code) {
    case "FST_ERR_BAD_URL":
      return sendProblem(
        request,
        reply,
        new AppError("BAD_REQUEST", "The request path has a malformed %-escape.", [
          { field: "path", message: "has a malformed %-escape" },
        ]),
      );
    case "FST_ERR_MAX_PARAM_LENGTH":
      return sendProblem(
        request,
        reply,
        new AppError(
          "URI_TOO_LONG",
          `A path segment is longer than ${PATH_PARAM_LENGTH_MAX} characters.`,
        ),
      );
    default:
      request.log.error({ err: error }, "unhandled framework error");
      return sendProblem(request, reply, new AppError("INTERNAL", "An unexpected error occurred."));
  }
}
