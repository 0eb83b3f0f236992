/**
 * The closed set of error codes the contract promises clients, and the one status each maps to.
 * Only the HTTP edge turns an AppError into a problem-details answer (RFC 9457).
 */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  QUESTS_DISABLED: 400,
  CAMPAIGNS_DISABLED: 400,
  QUEST_NOT_ACTIVE: 400,
  NO_ACTIVE_EARNING_PERIOD: 400,
  INSUFFICIENT_POINTS: 400,
  ACCOUNT_NOT_FOUND: 400,
  ACTION_TYPE_INACTIVE: 400,
  BATCH_REJECTED: 400,
  PASS_POINTS_LIMIT: 400,
  SIWE_MESSAGE_INVALID: 400,
  NONCE_INVALID: 400,
  INVALID_API_KEY: 401,
  SIGNATURE_INVALID: 401,
  NOT_QUEST_OWNER: 401,
  KEY_MODE_MISMATCH: 401,
  INVALID_APPLICATION_TOKEN: 401,
  UNAUTHORIZED: 401,
  QUEST_NOT_FOUND: 404,
  CAMPAIGN_NOT_FOUND: 404,
  APPLICATION_NOT_FOUND: 404,
  KEY_NOT_FOUND: 404,
  PASS_NOT_FOUND: 404,
  PAYOUT_NOT_FOUND: 404,
  NOT_FOUND: 404,
  CONFLICT: 409,
  APPLICATION_NOT_APPROVED: 409,
  APPLICATION_REJECTED: 409,
  APPLICATION_ALREADY_DECIDED: 409,
  KEYS_ALREADY_CLAIMED: 409,
  EARNING_PERIOD_IN_USE: 409,
  PAYOUT_ALREADY_REVERSED: 409,
  IDEMPOTENCY_IN_PROGRESS: 409,
  IDEMPOTENCY_KEY_REUSED: 422,
  REQUEST_TIMEOUT: 408,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  HEADERS_TOO_LARGE: 431,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
  CHAIN_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ERROR_TITLE: Record<ErrorCode, string> = {
  BAD_REQUEST: "Bad request",
  QUESTS_DISABLED: "Quests disabled",
  CAMPAIGNS_DISABLED: "Campaigns disabled",
  QUEST_NOT_ACTIVE: "Quest not active",
  NO_ACTIVE_EARNING_PERIOD: "No active earning period",
  INSUFFICIENT_POINTS: "Insufficient points",
  ACCOUNT_NOT_FOUND: "Account not found",
  ACTION_TYPE_INACTIVE: "Action type inactive",
  BATCH_REJECTED: "Batch rejected",
  PASS_POINTS_LIMIT: "Pass points limit",
  SIWE_MESSAGE_INVALID: "Sign-in message invalid",
  NONCE_INVALID: "Nonce invalid",
  SIGNATURE_INVALID: "Signature invalid",
  INVALID_API_KEY: "Invalid API key",
  NOT_QUEST_OWNER: "Not the quest owner",
  KEY_MODE_MISMATCH: "Key mode mismatch",
  INVALID_APPLICATION_TOKEN: "Invalid application token",
  UNAUTHORIZED: "Unauthorized",
  QUEST_NOT_FOUND: "Quest not found",
  CAMPAIGN_NOT_FOUND: "Campaign not found",
  APPLICATION_NOT_FOUND: "Application not found",
  KEY_NOT_FOUND: "API key not found",
  PASS_NOT_FOUND: "Pass not found",
  PAYOUT_NOT_FOUND: "Payout not found",
  NOT_FOUND: "Not found",
  CONFLICT: "Conflict",
  APPLICATION_NOT_APPROVED: "Application not approved",
  APPLICATION_REJECTED: "Application rejected",
  APPLICATION_ALREADY_DECIDED: "Application already decided",
  KEYS_ALREADY_CLAIMED: "Keys already claimed",
  EARNING_PERIOD_IN_USE: "Earning period in use",
  PAYOUT_ALREADY_REVERSED: "Payout already reversed",
  IDEMPOTENCY_IN_PROGRESS: "Idempotent request in progress",
  IDEMPOTENCY_KEY_REUSED: "Idempotency key reused",
  REQUEST_TIMEOUT: "Request timeout",
  PAYLOAD_TOO_LARGE: "Payload too large",
  URI_TOO_LONG: "URI too long",
  HEADERS_TOO_LARGE: "Request headers too large",
  RATE_LIMITED: "Too many requests",
  INTERNAL: "Internal server error",
  SERVICE_UNAVAILABLE: "Service unavailable",
  CHAIN_UNAVAILABLE: "Chain unavailable",
};

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

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export function badRequest(detail: string, errors?: FieldError[]): AppError {
  return new AppError("BAD_REQUEST", detail, errors);
}

/** 503 with `Retry-After`: the service cannot answer now (database down or too slow, queue full). */
export function unavailable(detail: string, retryAfterS = 1, cause?: unknown): AppError {
  return new AppError("SERVICE_UNAVAILABLE", detail, undefined, { retryAfterS, cause });
}
