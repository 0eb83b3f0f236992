import { AppError } from "../domain/errors.js";
import { IDEMPOTENCY_RETENTION_MS } from "../domain/limits.js";
import type { Queryable } from "./db.js";

/** What the HTTP layer answered; stored as-is for idempotent replays. */
export interface RenderedResponse {
  status: number;
  body: unknown;
}

export interface IdempotencyClaim {
  accountId: string;
  key: string;
  questId: number;
  requestHash: string;
}

/** The fate of one claim: go ahead, replay a stored answer, or refuse (409 / 422). */
export type ClaimResult =
  | { kind: "new" }
  | { kind: "replay"; response: RenderedResponse }
  | { kind: "refused"; error: AppError };

const lockName = (claim: IdempotencyClaim) => `idempotency:${claim.accountId}:${claim.key}`;

/**
 * Claims idempotency keys for the current transaction, all in a few statements. A key whose
 * advisory lock another transaction holds is in flight (409); a stored record means replay (same
 * quest and body) or misuse (422). Locks are transaction-scoped: a crash releases them and, the
 * response being stored in the same transaction as the payout, leaves no half-done record.
 */
export async function claimIdempotencyKeys(
  tx: Queryable,
  claims: readonly IdempotencyClaim[],
): Promise<ClaimResult[]> {
  if (claims.length === 0) return [];
  const locks = await tx.query<{ locked: boolean }>(
    `SELECT pg_try_advisory_xact_lock(hashtextextended(name, 0)) AS locked
     FROM unnest($1::text[]) WITH ORDINALITY AS u(name, position) ORDER BY position`,
    [claims.map(lockName)],
  );
  const accounts = claims.map((c) => c.accountId);
  const keys = claims.map((c) => c.key);
  // Expired records count as absent; deleting them here lets the key be used afresh.
  const cutoff = new Date(Date.now() - IDEMPOTENCY_RETENTION_MS);
  await tx.query(
    `DELETE FROM idempotency_keys i USING unnest($1::uuid[], $2::text[]) AS u(account_id, key)
     WHERE i.account_id = u.account_id AND i.key = u.key AND i.created_at < $3`,
    [accounts, keys, cutoff],
  );
  const { rows } = await tx.query<{
    account_id: string;
    key: string;
    quest_id: number;
    request_hash: string;
    response_status: number;
    response_body: unknown;
  }>(
    `SELECT i.account_id, i.key, i.quest_id, i.request_hash, i.response_status, i.response_body
     FROM idempotency_keys i JOIN unnest($1::uuid[], $2::text[]) AS u(account_id, key)
       ON i.account_id = u.account_id AND i.key = u.key`,
    [accounts, keys],
  );
  const stored = new Map(rows.map((row) => [`${row.account_id}:${row.key}`, row]));
  return claims.map((claim, i): ClaimResult => {
    if (!locks.rows[i]!.locked) return { kind: "refused", error: inProgress() };
    const record = stored.get(`${claim.accountId}:${claim.key}`);
    if (!record) return { kind: "new" };
    if (record.quest_id !== claim.questId || record.request_hash !== claim.requestHash) {
      return {
        kind: "refused",
        error: new AppError(
          "IDEMPOTENCY_KEY_REUSED",
          "This Idempotency-Key was already used with a different quest or body.",
        ),
      };
    }
    return {
      kind: "replay",
      response: { status: record.response_status, body: record.response_body },
    };
  });
}

export function inProgress(): AppError {
  return new AppError(
    "IDEMPOTENCY_IN_PROGRESS",
    "A request with this Idempotency-Key is still being processed; retry shortly.",
  );
}

/** Stores the answers of claimed keys, in the transaction that made them. */
export async function storeIdempotentResponses(
  tx: Queryable,
  records: readonly { claim: IdempotencyClaim; response: RenderedResponse }[],
): Promise<void> {
  if (records.length === 0) return;
  await tx.query(
    `INSERT INTO idempotency_keys
       (account_id, key, quest_id, request_hash, response_status, response_body)
     SELECT u.account_id, u.key, u.quest_id, u.request_hash, u.status, u.body::jsonb
     FROM unnest($1::uuid[], $2::text[], $3::int[], $4::text[], $5::int[], $6::text[])
       AS u(account_id, key, quest_id, request_hash, status, body)`,
    [
      records.map((r) => r.claim.accountId),
      records.map((r) => r.claim.key),
      records.map((r) => r.claim.questId),
      records.map((r) => r.claim.requestHash),
      records.map((r) => r.response.status),
      records.map((r) => JSON.stringify(r.response.body)),
    ],
  );
}

export const IDEMPOTENCY_PURGE_BATCH_MAX = 1000;

/**
 * Deletes expired records in small batches, each its own short statement, so the purge never
 * holds many locks or blocks allocations for long. Returns how many were deleted.
 */
export async function purgeExpiredIdempotencyKeys(
  db: Queryable,
  now = new Date(),
): Promise<number> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_RETENTION_MS);
  let total = 0;
  for (;;) {
    const { rows } = await db.query<{ n: number }>(
      `WITH doomed AS (
         SELECT account_id, key FROM idempotency_keys WHERE created_at < $1 LIMIT $2
       ), deleted AS (
         DELETE FROM idempotency_keys i USING doomed d
         WHERE i.account_id = d.account_id AND i.key = d.key AND i.created_at < $1
         RETURNING 1
       )
       SELECT count(*)::int AS n FROM deleted`,
      [cutoff, IDEMPOTENCY_PURGE_BATCH_MAX],
    );
    const deleted = rows[0]!.n;
    total += deleted;
    if (deleted < IDEMPOTENCY_PURGE_BATCH_MAX) return total;
  }
}
