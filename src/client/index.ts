/**
 * The typed client of the service's HTTP API, generated from its OpenAPI document
 * (`npm run api:sync` writes schema.d.ts from openapi.json): the CLI's operator commands,
 * bulk awards and the web pages (`web/client.ts`) use it. Only web-platform APIs (fetch, URL,
 * AbortSignal, streams) are used here, so it runs in Node 20 and in a browser alike.
 */
import createClient, { type Client } from "openapi-fetch";
import type { paths } from "./schema.js";

export type { paths };

/** Longest wait for a whole answer (or, when streaming, between two chunks of one). */
export const REQUEST_TIMEOUT_MS_DEFAULT = 30_000;

export interface QuestpointsClientOptions {
  /** The service's base address, e.g. `http://127.0.0.1:8080`. */
  baseUrl: string;
  /** Sent as `Authorization: Bearer …` (the operator API). */
  adminToken?: string | undefined;
  /** Sent as `x-api-key` (a quest owner's routes). */
  apiKey?: string | undefined;
  timeoutMs?: number | undefined;
}

export type QuestpointsClient = Client<paths>;

/** A problem answer (RFC 9457) of the service, or any other answer that is not a success. */
export class ApiError extends Error {
  override readonly name = "ApiError";
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    readonly requestId: string | undefined,
    readonly errors: { field: string; message: string }[] = [],
  ) {
    super(`${code}: ${detail}${requestId ? ` (request ${requestId})` : ""}`);
  }
}

/** No answer: the service could not be reached, or did not answer in time. */
export class NetworkError extends Error {
  override readonly name = "NetworkError";
  constructor(
    message: string,
    readonly kind: "timeout" | "unreachable",
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The headers that authenticate a request: the operator token or the owner's key. */
export function authHeaders(options: QuestpointsClientOptions): Record<string, string> {
  return {
    ...(options.adminToken ? { authorization: `Bearer ${options.adminToken}` } : {}),
    ...(options.apiKey ? { "x-api-key": options.apiKey } : {}),
  };
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

/** Why fetch threw, in one line naming the service (never a header: no token can leak). */
export function networkError(error: unknown, url: string, timeoutMs: number): NetworkError {
  if (error instanceof NetworkError) return error;
  const origin = new URL(url).origin;
  const name = (error as { name?: string } | undefined)?.name;
  if (name === "TimeoutError" || name === "AbortError") {
    return new NetworkError(`${origin} did not answer within ${seconds(timeoutMs)}`, "timeout", {
      cause: error,
    });
  }
  const cause = (error as { cause?: { code?: string; message?: string } } | undefined)?.cause;
  const why = cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : "");
  return new NetworkError(`cannot reach ${origin}${why ? ` (${why})` : ""}`, "unreachable", {
    cause: error,
  });
}

/** fetch with a deadline on every request; failures become a NetworkError. */
export function timedFetch(timeoutMs: number) {
  return async (request: Request): Promise<Response> => {
    try {
      // The whole exchange, body included, must fit in the deadline.
      const response = await fetch(request, { signal: AbortSignal.timeout(timeoutMs) });
      const body = await response.arrayBuffer();
      return new Response(response.status === 204 || body.byteLength === 0 ? null : body, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    } catch (error) {
      throw networkError(error, request.url, timeoutMs);
    }
  };
}

/** The typed client: `client.GET("/admin/features")`, `client.POST("/quests/{questId}", …)`. */
export function createQuestpointsClient(options: QuestpointsClientOptions): QuestpointsClient {
  return createClient<paths>({
    baseUrl: options.baseUrl,
    headers: authHeaders(options),
    fetch: timedFetch(options.timeoutMs ?? REQUEST_TIMEOUT_MS_DEFAULT),
  });
}

/**
 * The ApiError of an answer that is not a success: the problem body's fields when it is one,
 * else the status and the start of the body. `request_id` falls back to the x-request-id header.
 */
export function toApiError(body: unknown, response: Response): ApiError {
  const problem = (typeof body === "object" && body !== null ? body : {}) as Record<
    string,
    unknown
  >;
  const text = typeof body === "string" ? body.trim().slice(0, 200) : "";
  const code = typeof problem.code === "string" ? problem.code : `HTTP_${response.status}`;
  const detail =
    typeof problem.detail === "string"
      ? problem.detail
      : text || response.statusText || `HTTP ${response.status}`;
  const requestId =
    typeof problem.request_id === "string"
      ? problem.request_id
      : (response.headers.get("x-request-id") ?? undefined);
  const errors = Array.isArray(problem.errors)
    ? (problem.errors as { field: string; message: string }[])
    : [];
  return new ApiError(response.status, code, detail, requestId, errors);
}

/** The data of a successful answer of the typed client; a problem answer throws an ApiError. */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.response.ok) return result.data as T;
  throw toApiError(result.error, result.response);
}

export type QueryValue = string | number | boolean | undefined;

/** `?a=1&b=x` from the defined values of `query` ("" when none). */
export function queryString(query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

/**
 * GET whose answer body is returned as a stream, unparsed (openapi-fetch would read it whole):
 * an export of any size passes through in constant memory. The deadline applies to the
 * headers and then to each wait for the next chunk, not to the whole transfer.
 */
export async function streamGet(
  options: QuestpointsClientOptions,
  path: string,
  query: Record<string, QueryValue> = {},
): Promise<{ response: Response; body: ReadableStream<Uint8Array> }> {
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS_DEFAULT;
  const url = `${options.baseUrl.replace(/\/+$/, "")}${path}${queryString(query)}`;
  const controller = new AbortController();
  const expire = () => {
    const error = new Error("idle");
    error.name = "TimeoutError";
    controller.abort(error);
  };
  let timer = setTimeout(expire, timeoutMs);
  let response: Response;
  try {
    response = await fetch(url, { headers: authHeaders(options), signal: controller.signal });
  } catch (error) {
    clearTimeout(timer);
    throw networkError(error, url, timeoutMs);
  }
  if (!response.ok || !response.body) {
    const text = await response.text().catch(() => "");
    clearTimeout(timer);
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {}
    throw toApiError(body, response);
  }
  clearTimeout(timer);
  // The deadline runs only while waiting for the service, and every way the transfer ends (done,
  // failed, or given up by the reader) disarms it: a timer left behind would hold the process.
  const reader = response.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(out) {
      timer = setTimeout(expire, timeoutMs);
      try {
        const { done, value } = await reader.read();
        if (done) out.close();
        else out.enqueue(value);
      } finally {
        clearTimeout(timer);
      }
    },
    cancel(reason) {
      clearTimeout(timer);
      return reader.cancel(reason);
    },
  });
  return { response, body };
}
