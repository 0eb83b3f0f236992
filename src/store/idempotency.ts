import { IDEMPOTENCY_RETENTION_MS } from "../domain/limits.js";
import type { Queryable, Tx } from "./db.js";

/** The key a request carries, its scope (the key's account) and what it asked for. */
export interface IdempotencyClaim {
  accountId: string;
  key: string;
  questId: number;
  requestHash: string;
}

/** One allocation's outcome as stored for replays (JSON; timestamps as ISO strings). */
export type StoredItemOutcome =
  | { payout: { id: string; amount: number; createdAt: string; pass: string } }
  | {
      error: {
        code: string;
        detail: string;
        requestId: string | null;
        errors?: { field: string; message: string; code?: string }[];
      };
    };

/**
 * What a key's first request came to: one allocation's outcome (a single allocation's header
 * key, or a batch item's key), or a whole batch's answer (a batch's header key): its items'
 * outcomes, each with whether it was itself a replay, or the batch's refusal.
 */
export type StoredOutcome =
  | StoredItemOutcome
  | { batch: { items: (StoredItemOutcome & { replayed: boolean })[] } };

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
