/**
 * The fuzzer's requests: one call, its answer or the lack of one. An answer of 5xx, or none, is
 * "in doubt": the change may have committed or not, and the model finds out (a retry under the
 * same key, or the payouts read back) before it checks anything else.
 */
import { ADMIN_TOKEN } from "../test/helpers/service-process.js";

const REQUEST_TIMEOUT_MS = 20_000;

export interface Answer {
  /** Undefined: no answer (refused, cut, timed out). */
  status: number | undefined;
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field by the model
  body: any;
  code: string | undefined;
  replayed: boolean;
  error?: string;
}

export interface CallOptions {
  apiKey?: string;
  admin?: boolean;
  body?: unknown;
  idempotencyKey?: string;
  headers?: Record<string, string>;
}

export async function call(
  baseUrl: string,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.apiKey) headers["x-api-key"] = options.apiKey;
  if (options.admin) headers.authorization = `Bearer ${ADMIN_TOKEN}`;
  if (options.idempotencyKey) headers["idempotency-key"] = options.idempotencyKey;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  try {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    return {
      status: response.status,
      body,
      code: (body as { code?: string } | undefined)?.code,
      replayed: response.headers.get("idempotent-replayed") === "true",
    };
  } catch (error) {
    return {
      status: undefined,
      body: undefined,
      code: undefined,
      replayed: false,
      error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    };
  }
}

/** The change may or may not have been made: no answer, or a 5xx. */
export const inDoubt = (answer: Answer) => answer.status === undefined || answer.status >= 500;

export const describeAnswer = (answer: Answer) =>
  answer.status === undefined
    ? `no answer (${answer.error})`
    : `${answer.status}${answer.code ? ` ${answer.code}` : ""}${answer.replayed ? " (replayed)" : ""}`;
