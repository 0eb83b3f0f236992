import type { ApiKeyRecord } from "../domain/records.js";
import { announce } from "./change-notices.js";
import type { Queryable, Tx } from "./db.js";

interface ApiKeyRow {
  id: string;
  account_id: string;
  created_at: Date;
}

const toApiKey = (row: ApiKeyRow): ApiKeyRecord => ({
  id: row.id,
  accountId: row.account_id,
  createdAt: row.created_at,
});

export async function insertApiKey(
  db: Queryable,
  key: { hash: string; prefix: string; accountId: string },
): Promise<ApiKeyRecord> {
  const { rows } = await db.query<ApiKeyRow>(
    `INSERT INTO api_keys (key_hash, key_prefix, account_id) VALUES ($1, $2, $3)
     RETURNING id, account_id, created_at`,
    [key.hash, key.prefix, key.accountId],
  );
  return toApiKey(rows[0]!);
}

/** Looks a key up by its hash; revoked and expired keys are not found. */
export async function findActiveApiKey(
  db: Queryable,
  hash: string,
): Promise<ApiKeyRecord | undefined> {
  const { rows } = await db.query<ApiKeyRow>(
    `SELECT id, account_id, created_at FROM api_keys
     WHERE key_hash = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now())`,
    [hash],
  );
  return rows[0] && toApiKey(rows[0]);
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
