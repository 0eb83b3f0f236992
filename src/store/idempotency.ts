import { IDEMPOTENCY_RETENTION_MS } from "../domain/limits.js";
import type { Queryable, Tx } from "./db.js";

/** The key a request carries, its scope (the key's account) and what it asked for. */
export interface IdempotencyClaim {
  accountId: string;
  key: string;
  questId: number;
  requestHash: string;
}

/** An allocation's outcome as stored for replays (JSON; timestamps as ISO strings). */
export type StoredOutcome =
  | { payout: { id: string; amount: number; createdAt: string; pass: string } }
  | { error: { code: string; detail: string; requestId: string | null } };

/** What the store knows about a claimed key; the use case decides what each means. */
export type ClaimState =
  | { kind: "new" }
  | { kind: "in-flight" } // another transaction holds the key
  | { kind: "stored"; questId: number; requestHash: string; outcome: StoredOutcome };

const lockName = (claim: IdempotencyClaim) => `idempotency:${claim.accountId}:${claim.key}`;
const RETENTION_S = IDEMPOTENCY_RETENTION_MS / 1000;

/**
 * Claims idempotency keys for the current transaction, all in a few statements. A key whose
 * advisory lock another transaction holds is in flight; otherwise its stored record, if any, is
 * returned. Locks are transaction-scoped: a crash releases them and, the outcome being stored in
 * the same transaction as the payout, leaves no half-done record. Records older than the
 * retention (by the database's clock) count as absent and are deleted here.
 */
export async function claimIdempotencyKeys(
  tx: Tx,
  claims: readonly IdempotencyClaim[],
): Promise<ClaimState[]> {
  if (claims.length === 0) return [];
  const locks = await tx.query<{ locked: boolean }>(
    `SELECT pg_try_advisory_xact_lock(hashtextextended(name, 0)) AS locked
     FROM unnest($1::text[]) WITH ORDINALITY AS u(name, position) ORDER BY position`,
    [claims.map(lockName)],
  );
  const accounts = claims.map((c) => c.accountId);
  const keys = claims.map((c) => c.key);
  await tx.query(
    `DELETE FROM idempotency_keys i USING unnest($1::uuid[], $2::text[]) AS u(account_id, key)
     WHERE i.account_id = u.account_id AND i.key = u.key
       AND i.created_at < now() - make_interval(secs => $3)`,
    [accounts, keys, RETENTION_S],
  );
  const { rows } = await tx.query<{
    account_id: string;
    key: string;
    quest_id: number;
    request_hash: string;
    outcome: StoredOutcome;
  }>(
    `SELECT i.account_id, i.key, i.quest_id, i.request_hash, i.outcome
     FROM idempotency_keys i JOIN unnest($1::uuid[], $2::text[]) AS u(account_id, key)
       ON i.account_id = u.account_id AND i.key = u.key`,
    [accounts, keys],
  );
  const stored = new Map(rows.map((row) => [`${row.account_id}:${row.key}`, row]));
  return claims.map((claim, i): ClaimState => {
    if (!locks.rows[i]!.locked) return { kind: "in-flight" };
    const record = stored.get(`${claim.accountId}:${claim.key}`);
    if (!record) return { kind: "new" };
    return {
      kind: "stored",
      questId: record.quest_id,
      requestHash: record.request_hash,
      outcome: record.outcome,
    };
  });
}

/** Stores the outcomes of claimed keys, in the transaction that made them. */
export async function storeIdempotencyRecords(
  tx: Tx,
  records: readonly { claim: IdempotencyClaim; outcome: StoredOutcome }[],
): Promise<void> {
  if (records.length === 0) return;
  await tx.query(
    `INSERT INTO idempotency_keys (account_id, key, quest_id, request_hash, outcome)
     SELECT u.account_id, u.key, u.quest_id, u.request_hash, u.outcome::jsonb
     FROM unnest($1::uuid[], $2::text[], $3::int[], $4::text[], $5::text[])
       AS u(account_id, key, quest_id, request_hash, outcome)`,
    [
      records.map((r) => r.claim.accountId),
      records.map((r) => r.claim.key),
      records.map((r) => r.claim.questId),
      records.map((r) => r.claim.requestHash),
      records.map((r) => JSON.stringify(r.outcome)),
    ],
  );
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
      [RETENTION_S, IDEMPOTENCY_PURGE_BATCH_MAX],
    );
    const deleted = rows[0]!.n;
    total += deleted;
    if (deleted < IDEMPOTENCY_PURGE_BATCH_MAX) return total;
  }
}
