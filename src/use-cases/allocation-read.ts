/**
 * The first step of an allocation batch's transaction: the idempotency claims, the quests' row
 * locks and the context the rules need, sent together in one round trip.
 */
import { isLockNotGranted } from "../db/errors.js";
import type { Tx } from "../db/handle.js";
import {
  type AllocationContext,
  claimId,
  type LockedQuest,
  lockQuestsForAllocation,
  readAllocationContext,
} from "../store/allocations.js";
import { type IdempotencyClaim, tryLockIdempotencyKeys } from "../store/idempotency.js";
import type { Job } from "./allocation-outcomes.js";
import { type ClaimState, claimsOf, type RequestClaims } from "./idempotency.js";

/** A lock the batch needed (its quests', its passes' totals) was not granted in time. */
export class QuestLockNotGranted extends Error {
  constructor(override readonly cause: unknown) {
    super("A quest of an allocation batch was not locked within the lock timeout.");
  }
}

/** What the batch holds and read once its locks were granted. */
export interface LockedBatch {
  /** Each job's idempotency claims (its request's, its items'). */
  claims: RequestClaims[];
  quests: Map<number, LockedQuest>;
  context: AllocationContext;
  /** Whether a claim is this transaction's to store, and what is stored under it already. */
  stateOf(claim: IdempotencyClaim | undefined): ClaimState | undefined;
}

/** Claims, locks and reads for `jobs`; a quest lock not granted is `QuestLockNotGranted`. */
export async function claimLockAndRead(tx: Tx, jobs: readonly Job[]): Promise<LockedBatch> {
  const claims = jobs.map((job) => claimsOf(job.request, job.busyItems));
  const given = claims.flatMap((c) => [c.request, ...c.items]).filter((c) => c !== undefined);
  const questIds = [...new Set(jobs.map((job) => job.request.questId))];
  // Sent together, run by the server in this order: none needs an answer of another, so they
  // cost one round trip (the context's snapshot is still taken once the locks are granted).
  const claimed = tryLockIdempotencyKeys(tx, given);
  const locked = lockQuestsForAllocation(tx, questIds).catch((error: unknown) => {
    throw isLockNotGranted(error) ? new QuestLockNotGranted(error) : error;
  });
  const read = readAllocationContext(tx, {
    questIds,
    keyIds: [...new Set(jobs.map((job) => job.request.keyId))],
    passes: [...new Set(jobs.flatMap((job) => job.request.items.map((item) => item.pass)))],
    claims: given,
  });
  const [lockedClaims, quests, context] = await inSendOrder(claimed, locked, read);
  const freeClaims = new Set(given.filter((_, i) => lockedClaims[i]));
  const stateOf = (claim: IdempotencyClaim | undefined): ClaimState | undefined =>
    claim && { free: freeClaims.has(claim), stored: context.stored.get(claimId(claim)) };

  return { claims, quests, context, stateOf };
}

/**
 * The answers of statements sent together. When one fails, those sent after it fail too (the
 * transaction is aborted), possibly in the same turn: the error thrown is the first one sent's,
 * the cause (a lock not granted), never a follower's "transaction is aborted".
 */
async function inSendOrder<A, B, C>(
  a: Promise<A>,
  b: Promise<B>,
  c: Promise<C>,
): Promise<[A, B, C]> {
  const settled = await Promise.allSettled([a, b, c]);
  for (const result of settled) if (result.status === "rejected") throw result.reason;
  return settled.map((result) => (result as PromiseFulfilledResult<unknown>).value) as [A, B, C];
}
