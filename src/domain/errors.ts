/**
 * The closed set of error codes the API promises clients (docs/api.md). The domain and the store raise
 * them as AppErrors; only the HTTP edge (`src/http/error-status.ts`) knows each code's status and
 * title, and turns an AppError into a problem-details answer (RFC 9457).
 */
export const ERROR_CODES = [
  "BAD_REQUEST",
  "QUESTS_DISABLED",
  "CAMPAIGNS_DISABLED",
  "QUEST_NOT_ACTIVE",
  "NO_ACTIVE_EARNING_PERIOD",
  "INSUFFICIENT_POINTS",
  "ACCOUNT_NOT_FOUND",
  "ACTION_TYPE_INACTIVE",
  "BATCH_REJECTED",
  "PASS_POINTS_LIMIT",
  "ACCOUNT_SUSPENDED",
  "PASS_LIMIT_REACHED",
  "SIWE_MESSAGE_INVALID",
  "NONCE_INVALID",
  "INVALID_API_KEY",
  "SIGNATURE_INVALID",
  "NOT_QUEST_OWNER",
  "KEY_MODE_MISMATCH",
  "INVALID_APPLICATION_TOKEN",
  "UNAUTHORIZED",
  "FORBIDDEN",
  "QUEST_NOT_FOUND",
  "CAMPAIGN_NOT_FOUND",
  "APPLICATION_NOT_FOUND",
  "KEY_NOT_FOUND",
  "PASS_NOT_FOUND",
  "PAYOUT_NOT_FOUND",
  "NOT_FOUND",
  "CONFLICT",
  "APPLICATION_NOT_APPROVED",
  "APPLICATION_REJECTED",
  "APPLICATION_ALREADY_DECIDED",
  "KEYS_ALREADY_CLAIMED",
  "EARNING_PERIOD_IN_USE",
  "PAYOUT_ALREADY_REVERSED",
  "IDEMPOTENCY_IN_PROGRESS",
  "IDEMPOTENCY_KEY_REUSED",
  "REQUEST_TIMEOUT",
  "PAYLOAD_TOO_LARGE",
  "URI_TOO_LONG",
  "HEADERS_TOO_LARGE",
  "RATE_LIMITED",
  "INTERNAL",
  "SERVICE_UNAVAILABLE",
  "CHAIN_UNAVAILABLE",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

const KNOWN_CODES: ReadonlySet<string> = new Set(ERROR_CODES);

/** Whether `code` is one of the API's codes (a stored outcome's code, read back). */
export function isErrorCode(code: string): code is ErrorCode {
  return KNOWN_CODES.has(code);
}

export interface FieldError {
  field: string;
  message: string;
  /** A batch item's own code, on BATCH_REJECTED. */
  code?: string;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly errors: FieldError[] | undefined;
  /** Seconds a client should wait before retrying (429, 503): sent as `Retry-After`. */
  readonly retryAfterS: number | undefined;

  constructor(
    code: ErrorCode,
    detail: string,
    errors?: FieldError[],
    options: { retryAfterS?: number; cause?: unknown } = {},
  ) {
    super(detail, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.errors = errors;
    this.retryAfterS = options.retryAfterS;
  }
}

export function badRequest(detail: string, errors?: FieldError[]): AppError {
  return new AppError("BAD_REQUEST", detail, errors);
}

/** 503 with `Retry-After`: the service cannot answer now (database down or too slow, queue full). */
export function unavailable(detail: string, retryAfterS = 1, cause?: unknown): AppError {
  return new AppError("SERVICE_UNAVAILABLE", detail, undefined, { retryAfterS, cause });
}
