import type { Queryable, Tx } from "../db/handle.js";
import { IDEMPOTENCY_RETENTION_MS } from "../domain/limits.js";

/** The key a request carries, its scope (the key's account) and what it asked for. */
export interface IdempotencyClaim {
  accountId: string;
  key: string;
  questId: number;
  requestHash: string;
}

/** A payout as an item's key keeps it (JSON; its time as an ISO string). */
export type StoredPayout = {
  payout: { id: string; amount: number; createdAt: string; pass: string };
};

/** An item's refusal, kept only inside a batch's answer (below), to replay that answer whole. */
export type StoredRefusal = { error: { code: string; detail: string } };

/** One allocation's outcome as stored. */
export type StoredItemOutcome = StoredPayout | StoredRefusal;

/**
 * A batch's whole answer, kept under its own key (its header) when it holds a payout: its
 * items' outcomes, each with whether it was itself a replay.
 */
export type StoredBatch = { batch: { items: (StoredItemOutcome & { replayed: boolean })[] } };

/**
 * What a key holds: a payout (a single allocation's header key, or a batch item's key), or a
 * batch's answer that holds one (a batch's header key). Only a payout is kept under a key: a
 * refusal keeps nothing, so its retry is decided afresh. Records the previous version wrote (up
 * to the retention) may also hold a refusal, `{error: {code, detail, requestId}}`, under any key,
 * or a batch's answer without a payout: `holdsPayout` tells them apart, and such a record is
 * treated as if nothing were stored, and written over (`REFUSAL_RECORD` in the write).
 */
export type StoredOutcome = StoredItemOutcome | StoredBatch;

/** Whether a record holds a payout: only such a record is replayed, or makes a key reused. */
export function holdsPayout(outcome: StoredOutcome): boolean {
  if ("payout" in outcome) return true;
  return "batch" in outcome && outcome.batch.items.some((item) => "payout" in item);
}

/**
 * `holdsPayout`'s negation in SQL, on the record `i` of `idempotency_keys`: a record that holds no
 * payout (a refusal the previous version kept), which a new record replaces.
 */
export const REFUSAL_RECORD = `NOT (i.outcome ? 'payout' OR i.outcome @? '$.batch.items[*].payout')`;

/** An unexpired stored outcome of a key, with what it was first used for. */
export interface StoredClaim {
  questId: number;
  requestHash: string;
  outcome: StoredOutcome;
}

const lockName = (claim: IdempotencyClaim) => `idempotency:${claim.accountId}:${claim.key}`;
export const IDEMPOTENCY_RETENTION_S = IDEMPOTENCY_RETENTION_MS / 1000;

/**
 * Claims idempotency keys for the current transaction: true for each key whose advisory lock was
 * free, false for a key another transaction holds (in flight). Locks are transaction-scoped: a
 * crash releases them and, the outcome being stored in the same transaction as the payout, leaves
 * no half-done record. This must be a statement of its own, before the stored outcomes are read:
 * a read in the same statement would use a snapshot taken before the lock was granted, and miss
 * an outcome its previous holder committed in between.
 */
export async function tryLockIdempotencyKeys(
  tx: Tx,
  claims: readonly IdempotencyClaim[],
): Promise<boolean[]> {
  if (claims.length === 0) return [];
  const { rows } = await tx.query<{ locked: boolean }>(
    `SELECT pg_try_advisory_xact_lock(hashtextextended(name, 0)) AS locked
     FROM unnest($1::text[]) WITH ORDINALITY AS u(name, position) ORDER BY position`,
    [claims.map(lockName)],
  );
  return rows.map((row) => row.locked);
}

export const IDEMPOTENCY_PURGE_BATCH_MAX = 1000;

/**
 * Deletes expired records in small batches, each its own short statement, so the purge never
 * holds many locks or blocks allocations for long. Returns how many were deleted.
 */
export async function purgeExpiredIdempotencyKeys(db: Queryable): Promise<number> {
  let total = 0;
  for (;;) {
    const { rows } = await db.query<{ n: number }>(
      `WITH doomed AS (
         SELECT account_id, key FROM idempotency_keys
         WHERE created_at < now() - make_interval(secs => $1) LIMIT $2
       ), deleted AS (
         DELETE FROM idempotency_keys i USING doomed d
         WHERE i.account_id = d.account_id AND i.key = d.key
           AND i.created_at < now() - make_interval(secs => $1)
         RETURNING 1
       )
       SELECT count(*)::int AS n FROM deleted`,
      [IDEMPOTENCY_RETENTION_S, IDEMPOTENCY_PURGE_BATCH_MAX],
    );
    const deleted = rows[0]!.n;
    total += deleted;
    if (deleted < IDEMPOTENCY_PURGE_BATCH_MAX) return total;
  }
}
