/**
 * The database could not answer in time or at all: the operation did not happen (a transaction
 * rolled back). `retryAfterS` says when trying again makes sense. The store knows nothing of
 * HTTP: the edge answers it as SERVICE_UNAVAILABLE with `Retry-After`.
 */
export class DatabaseUnavailable extends Error {
  override readonly name = "DatabaseUnavailable";
  constructor(
    message: string,
    readonly retryAfterS: number,
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause });
  }
}

const unavailable = (message: string, retryAfterS: number, cause?: unknown) =>
  new DatabaseUnavailable(message, retryAfterS, cause);

/** PostgreSQL errors carry a SQLSTATE `code` (https://www.postgresql.org/docs/current/errcodes-appendix.html). */
export function isPgError(error: unknown, sqlState: string): boolean {
  return sqlStateOf(error) === sqlState;
}

function sqlStateOf(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null || !("code" in error)) return undefined;
  const code = (error as { code: unknown }).code;
  return typeof code === "string" ? code : undefined;
}

export const BUSY_RETRY_AFTER_S = 1;
const DOWN_RETRY_AFTER_S = 5;

// Node's socket errors, and the driver's own words for a lost or unobtainable connection (the
// `pg` driver gives these no code).
const SOCKET_ERRORS = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
]);
// pg-pool's words when no pooled connection became free in time: busy, not down.
const POOL_WAIT_TIMEOUT = /timeout exceeded when trying to connect/i;
const LOST_CONNECTION = [
  /Connection terminated/i,
  /Query read timeout/i,
  /connection error/i,
  /Client was closed and is not queryable/i,
];

/**
 * The database could not answer in time or at all: a lock or statement timeout, a lost or
 * refused connection, a server shutting down. Such a failure is worth a retry: the transaction
 * rolled back (or, if the connection broke during COMMIT, the client retries with its
 * Idempotency-Key). Any other error is a bug. Undefined when not such a failure.
 */
export function unavailableFrom(error: unknown): DatabaseUnavailable | undefined {
  const state = sqlStateOf(error);
  if (state === "55P03") {
    return unavailable(
      "A record is busy: a lock was not granted in time. Retry shortly.",
      BUSY_RETRY_AFTER_S,
      error,
    );
  }
  if (state === "57014") {
    return unavailable("The database did not answer in time. Retry shortly.", BUSY_RETRY_AFTER_S);
  }
  if (error instanceof Error && POOL_WAIT_TIMEOUT.test(error.message)) {
    return unavailable(
      "The service is busy: no database connection was free in time. Retry shortly.",
      BUSY_RETRY_AFTER_S,
    );
  }
  if (state === "40001" || state === "40P01") {
    return unavailable(
      "A conflicting change was made at the same time. Retry.",
      BUSY_RETRY_AFTER_S,
    );
  }
  const downStates = /^(08|53|57P0)/;
  const message = error instanceof Error ? error.message : "";
  if (
    (state !== undefined && (downStates.test(state) || SOCKET_ERRORS.has(state))) ||
    LOST_CONNECTION.some((pattern) => pattern.test(message))
  ) {
    return unavailable("The database is unreachable. Retry shortly.", DOWN_RETRY_AFTER_S);
  }
  return undefined;
}

/** A row lock was not granted within `lock_timeout` (whether or not already a DatabaseUnavailable). */
export function isLockNotGranted(error: unknown): boolean {
  return isPgError(error, "55P03") || (error instanceof Error && isPgError(error.cause, "55P03"));
}

/** Rethrows `error` as DatabaseUnavailable when the database was unavailable, else as it is. */
export function rethrowUnavailable(error: unknown): never {
  throw unavailableFrom(error) ?? error;
}
