import { AppError } from "../domain/errors.js";
import type { Payout } from "../domain/records.js";

/** One item to pay: a single allocation's body, or one entry of a batch. */
export interface ItemRequest {
  /** Checksummed receiving address. */
  pass: string;
  points: number;
  /** The item's idempotency key (a single allocation's header): replays its first outcome. */
  idempotency?: { key: string; requestHash: string } | undefined;
}

/**
 * One `POST /quests/{questId}` (one item) or `POST /quests/{questId}/allocations` (up to a
 * thousand), its shape and its idempotency keys checked (`allocatePoints`, `allocateBatch`).
 */
export interface AllocationRequest {
  questId: number;
  /** The API key that asked; re-checked under the quest lock. */
  keyId: string;
  /** The key's account: must own the quest; scopes the idempotency keys. */
  accountId: string;
  items: ItemRequest[];
  /** All or nothing: if any item fails, nothing is paid and the request is BATCH_REJECTED. */
  atomic: boolean;
  /** Correlation id of the request, in its refusals' problem details. */
  requestId: string;
  /** A batch's own `Idempotency-Key`: a retry replays the whole first answer. */
  idempotency?: { key: string; requestHash: string } | undefined;
}

/** What a payout answer shows. */
export type PayoutReceipt = Pick<Payout, "id" | "amount" | "createdAt" | "pass">;

/** A refusal with its API error code, and the id of the request that was first refused. */
export type Refusal = { ok: false; error: AppError; replayed: boolean; requestId: string };

/** One item's outcome: paid, or refused with its API error code. */
export type ItemOutcome = { ok: true; payout: PayoutReceipt; replayed: boolean } | Refusal;

/**
 * A request's outcome: its items' outcomes in order, or the whole request refused (its key, its
 * quest, its idempotency key, or an atomic batch with a failed item). `replayed`: the answer is a
 * batch's first answer again.
 */
export type RequestOutcome = { ok: true; items: ItemOutcome[]; replayed: boolean } | Refusal;

/** A refusal of a request or of one of its items: both carry the request's id. */
export const refused = (request: { requestId: string }, error: AppError): Refusal => ({
  ok: false,
  error,
  replayed: false,
  requestId: request.requestId,
});

/** What the items paid now: replays paid earlier and are not counted. */
export function paidIn(items: readonly ItemOutcome[]): { count: number; points: number } {
  let count = 0;
  let points = 0;
  for (const item of items) {
    if (item.ok && !item.replayed) {
      count++;
      points += item.payout.amount;
    }
  }
  return { count, points };
}

/** An atomic batch with failed items: each is named with its code. */
export function batchRejected(items: readonly ItemOutcome[]): AppError {
  const errors = items.flatMap((outcome, i) =>
    outcome.ok
      ? []
      : [
          {
            field: `allocations/${i}`,
            message: `${outcome.error.code}: ${outcome.error.message}`,
            code: outcome.error.code,
          },
        ],
  );
  return new AppError(
    "BATCH_REJECTED",
    `${errors.length} of ${items.length} allocations would fail, so none was paid (atomic).`,
    errors,
  );
}

/**
 * A request as the scheduler carries it, with the items whose idempotency keys another request
 * of this process holds (they are answered IDEMPOTENCY_IN_PROGRESS).
 */
export interface Job {
  request: AllocationRequest;
  busyItems: ReadonlySet<number>;
}
