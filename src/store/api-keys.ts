import type { Mode } from "../domain/api-keys.js";
import type { ApiKeyRecord } from "../domain/records.js";
import { announce } from "./change-notices.js";
import type { Queryable, Tx } from "./db.js";

interface ApiKeyRow {
  id: string;
  account_id: string;
  mode: Mode;
  created_at: Date;
}

const toApiKey = (row: ApiKeyRow): ApiKeyRecord => ({
  id: row.id,
  accountId: row.account_id,
  mode: row.mode,
  createdAt: row.created_at,
});

export async function insertApiKey(
  db: Queryable,
  key: { hash: string; prefix: string; accountId: string; mode: Mode },
): Promise<ApiKeyRecord> {
  const { rows } = await db.query<ApiKeyRow>(
    `INSERT INTO api_keys (key_hash, key_prefix, account_id, mode) VALUES ($1, $2, $3, $4)
     RETURNING id, account_id, mode, created_at`,
    [key.hash, key.prefix, key.accountId, key.mode],
  );
  return toApiKey(rows[0]!);
}

/** Looks a key up by its hash; revoked and expired keys are not found. */
export async function findActiveApiKey(
  db: Queryable,
  hash: string,
): Promise<ApiKeyRecord | undefined> {
  const { rows } = await db.query<ApiKeyRow>(
    `SELECT id, account_id, mode, created_at FROM api_keys
     WHERE key_hash = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now())`,
    [hash],
  );
  return rows[0] && toApiKey(rows[0]);
}

/** How long `last_used_at` may lag: it is written at most once per this per key. */
export const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * Stamps a key's `last_used_at`, unless it was stamped less than a minute ago (by any process):
 * the condition keeps the write rate at one a minute per key whatever the traffic.
 */
export async function touchApiKey(db: Queryable, id: string): Promise<void> {
  await db.query(
    `UPDATE api_keys SET last_used_at = now()
     WHERE id = $1 AND (last_used_at IS NULL OR last_used_at <= now() - make_interval(secs => $2))`,
    [id, LAST_USED_RESOLUTION_MS / 1000],
  );
}

/**
 * Revokes a key and announces it, so every process drops it at once; false when there is no such
 * key. Revoking twice is harmless. The UPDATE waits for allocations holding the key `FOR SHARE`.
 */
export async function revokeApiKey(tx: Tx, id: string): Promise<boolean> {
  const { rows } = await tx.query<{ id: string }>(
    "UPDATE api_keys SET revoked_at = coalesce(revoked_at, now()) WHERE id = $1 RETURNING id",
    [id],
  );
  if (rows.length === 0) return false;
  await announce(tx, { kind: "api-key" });
  return true;
}
