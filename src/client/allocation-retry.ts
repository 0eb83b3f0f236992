/**
 * The retry rule of an allocation (`POST /quests/{id}`, a batch), for every client of the API:
 * the CLI's bulk awards and the owner console follow it alike.
 *
 * An answer is described by its status (undefined when none came: the network failed or the
 * deadline passed) and its problem `code`.
 */
export interface AllocationAnswer {
  status?: number | undefined;
  code?: string | undefined;
}

/** Statuses that ask to be sent again after a pause: rate limited, or the service busy or away. */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([429, 502, 503, 504]);

/**
 * Worth sending again, unchanged, after a pause: no answer, a status of RETRY_STATUSES, or the
 * same idempotency key still in flight. A 500 is not: the service answered, and would again.
 */
export function isWorthRetrying(answer: AllocationAnswer): boolean {
  return (
    answer.status === undefined ||
    RETRY_STATUSES.has(answer.status) ||
    answer.code === "IDEMPOTENCY_IN_PROGRESS"
  );
}

/**
 * Whether the next attempt must carry the same Idempotency-Key: the request may have paid, or
 * may still (no answer, a request timeout, any 5xx, the same key still in flight). Any other
 * refusal is final for this request: nothing was paid and nothing is kept under its key, so a
 * later retry (the pass joined, the budget was raised) is decided afresh with either key; a
 * corrected request takes a new key, so that its answer is never mistaken for the first one's.
 */
export function mustKeepIdempotencyKey(answer: AllocationAnswer): boolean {
  return (
    answer.status === undefined ||
    answer.status === 408 ||
    answer.status >= 500 ||
    answer.code === "IDEMPOTENCY_IN_PROGRESS"
  );
}
