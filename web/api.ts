/**
 * The pages' one way to the service: its HTTP API, same origin. A refusal becomes an `ApiError`
 * carrying the problem's `detail` (and its field errors), which the pages show as they are.
 */

import { getAddress } from "viem";

export interface FieldError {
  field: string;
  message: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    detail: string,
    readonly errors: FieldError[] = [],
  ) {
    super(detail);
  }
}

export interface ApiOptions {
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Aborts the request (a page that moved on). */
  signal?: AbortSignal;
  /** Sees the answer before its body is read: its status (200 or 201) and headers (`Date`). */
  onResponse?: (response: Response) => void;
}

/** Calls the API; resolves with the JSON body (undefined for 204), rejects with an `ApiError`. */
export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json", ...options.headers };
  if (options.body !== undefined) headers["content-type"] = "application/json";
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? "GET",
      headers,
      body: options.body === undefined ? null : JSON.stringify(options.body),
      signal: options.signal ?? null,
      credentials: "omit",
    });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    throw new ApiError(
      0,
      "NETWORK",
      "The service could not be reached. Check your connection and try again.",
    );
  }
  options.onResponse?.(response);
  if (response.status === 204) return undefined as T;
  if (!response.ok) throw await problemOf(response);
  const text = await response.text();
  try {
    return (text ? JSON.parse(text) : undefined) as T;
  } catch {
    return undefined as T;
  }
}

/** A refusal's problem body (RFC 9457) as an `ApiError`; its status alone if it has none. */
export async function problemOf(response: Response): Promise<ApiError> {
  let problem: { code?: string; detail?: string; title?: string; errors?: FieldError[] } = {};
  try {
    const parsed: unknown = JSON.parse((await response.text()) || "{}");
    if (parsed && typeof parsed === "object") problem = parsed;
  } catch {
    problem = {};
  }
  return new ApiError(
    response.status,
    problem.code ?? `HTTP_${response.status}`,
    problem.detail ?? problem.title ?? `The service answered ${response.status}.`,
    problem.errors ?? [],
  );
}

/** A query string from the defined values only. */
export function query(
  params: Record<string, string | number | boolean | null | undefined>,
): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== "") search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

/** Where the owner's API key and the operator's token live: this tab's sessionStorage only. */
export const SESSION = {
  apiKey: "questpoints.apiKey",
  adminToken: "questpoints.adminToken",
} as const;

export type SessionSecret = (typeof SESSION)[keyof typeof SESSION];

/** A secret this tab keeps, or null (none kept, or storage refused in a locked-down browser). */
export function readSecret(name: SessionSecret): string | null {
  try {
    return sessionStorage.getItem(name);
  } catch {
    return null;
  }
}

/** Keeps (or with null, forgets) a secret in this tab's sessionStorage: never anywhere else. */
export function keepSecret(name: SessionSecret, value: string | null): void {
  try {
    if (value === null) sessionStorage.removeItem(name);
    else sessionStorage.setItem(name, value);
  } catch {
    // Storage refused (a private mode): the secret lives in the page's memory only.
  }
}

/** A pass address's shape (the service checks its EIP-55 checksum). */
export const PASS_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * A pass address as the service reads it (contract, "Wire format"): all-lower-case and
 * all-upper-case are accepted and converted to the EIP-55 checksum form
 * (https://eips.ethereum.org/EIPS/eip-55); mixed case must already be that checksum, since a
 * wrong one usually means a mistyped address. A message for anything else.
 */
export function parsePassAddress(text: string): { address: `0x${string}` } | { error: string } {
  if (!PASS_ADDRESS.test(text)) {
    return { error: "Enter a pass address: 0x followed by 40 hexadecimal digits (0-9, a-f)." };
  }
  const digits = text.slice(2);
  if (digits === digits.toLowerCase() || digits === digits.toUpperCase()) {
    return { address: getAddress(`0x${digits.toLowerCase()}`) };
  }
  const address = getAddress(text);
  if (address !== text) {
    return {
      error:
        "This mixed-case address fails its EIP-55 checksum: one of its letters has the wrong case, which usually means a typo. Check it, or type it all in lower case.",
    };
  }
  return { address };
}

export const ownerHeaders = (key: string) => ({ "x-api-key": key });
export const adminHeaders = (token: string) => ({ authorization: `Bearer ${token}` });

/** An idempotency key made by the page: a retry or a double click sends the same one. */
export function newIdempotencyKey(): string {
  // randomUUID needs a secure context; getRandomValues does not (a plain-HTTP deployment).
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
