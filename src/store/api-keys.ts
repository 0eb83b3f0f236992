import type { Queryable, Tx } from "../db/handle.js";
import type { Mode } from "../domain/api-keys.js";
import type { KeyScope } from "../domain/operators.js";
import type { ActiveApiKey, ApiKeyRecord, ApiKeyState } from "../domain/records.js";
import { findAccountByPass } from "./accounts.js";
import { announce } from "./change-notices.js";
import { keyset, type Page, type PageRequest, param, toPage } from "./keyset.js";

interface ApiKeyRow {
  id: string;
  account_id: string;
  mode: Mode;
  scope: KeyScope;
  created_at: Date;
}

const toApiKey = (row: ApiKeyRow): ApiKeyRecord => ({
  id: row.id,
  accountId: row.account_id,
  mode: row.mode,
  scope: row.scope,
  createdAt: row.created_at,
});

export async function insertApiKey(
  db: Queryable,
  key: { hash: string; prefix: string; accountId: string; mode: Mode; scope: KeyScope },
): Promise<ApiKeyRecord> {
  const { rows } = await db.query<ApiKeyRow>(
    `INSERT INTO api_keys (key_hash, key_prefix, account_id, mode, scope)
     VALUES ($1, $2, $3, $4, $5)
     RETURNING id, account_id, mode, scope, created_at`,
    [key.hash, key.prefix, key.accountId, key.mode, key.scope],
  );
  return toApiKey(rows[0]!);
}

/** Looks a key up by its hash; revoked and expired keys are not found. */
export async function findActiveApiKey(
  db: Queryable,
  hash: string,
): Promise<ActiveApiKey | undefined> {
  const { rows } = await db.query<ApiKeyRow & { expires_at: Date | null }>(
    `SELECT id, account_id, mode, scope, created_at, expires_at FROM api_keys
     WHERE key_hash = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now())`,
    [hash],
  );
  return rows[0] && { ...toApiKey(rows[0]), expiresAt: rows[0].expires_at };
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
 * Revokes a key and announces it, so every process drops it at once; answers when it was revoked
 * (the first revocation's time: revoking twice is harmless), undefined when there is no such key.
 * The UPDATE waits for allocations holding the key `FOR SHARE`.
 */
export async function revokeApiKey(tx: Tx, id: string): Promise<Date | undefined> {
  const { rows } = await tx.query<{ revoked_at: Date }>(
    `UPDATE api_keys SET revoked_at = coalesce(revoked_at, now()) WHERE id = $1
     RETURNING revoked_at`,
    [id],
  );
  if (rows.length === 0) return undefined;
  await announce(tx, { kind: "api-key" });
  return rows[0]!.revoked_at;
}

interface ApiKeyStateRow extends ApiKeyRow {
  key_prefix: string;
  last_used_at: Date | null;
  expires_at: Date | null;
  revoked_at: Date | null;
}

const STATE_COLUMNS =
  "id, key_prefix, account_id, mode, scope, created_at, last_used_at, expires_at, revoked_at";

const toApiKeyState = (row: ApiKeyStateRow): ApiKeyState => ({
  ...toApiKey(row),
  prefix: row.key_prefix,
  lastUsedAt: row.last_used_at,
  expiresAt: row.expires_at,
  revokedAt: row.revoked_at,
});

/**
 * Reads a key, by id or by hash, and locks its row for the transaction: a rotation or revocation
 * waits for allocations holding it `FOR SHARE`, and two of them never interleave. `expired` is
 * judged by the database's clock.
 */
export async function lockApiKey(
  tx: Tx,
  by: { id: string } | { hash: string },
): Promise<(ApiKeyState & { expired: boolean }) | undefined> {
  const [column, value] = "id" in by ? ["id", by.id] : ["key_hash", by.hash];
  const { rows } = await tx.query<ApiKeyStateRow & { expired: boolean }>(
    `SELECT ${STATE_COLUMNS}, coalesce(expires_at <= now(), false) AS expired
     FROM api_keys WHERE ${column} = $1 FOR UPDATE`,
    [value],
  );
  return rows[0] && { ...toApiKeyState(rows[0]), expired: rows[0].expired };
}

/**
 * Ends a key `graceSeconds` from now, or keeps its earlier expiry, and announces it so every
 * process drops its cached keys. Truncated to the column's milliseconds, never rounded up, so a
 * grace of 0 ends the key before the transaction commits.
 */
export async function shortenApiKeyExpiry(tx: Tx, id: string, graceSeconds: number): Promise<Date> {
  const { rows } = await tx.query<{ expires_at: Date }>(
    `UPDATE api_keys
     SET expires_at = least(
       coalesce(expires_at, 'infinity'),
       date_trunc('milliseconds', now() + make_interval(secs => $2))
     )
     WHERE id = $1
     RETURNING expires_at`,
    [id, graceSeconds],
  );
  await announce(tx, { kind: "api-key" });
  return rows[0]!.expires_at;
}

/** Keys, newest first; `ownerPass` (checksummed) narrows them to that account's, if registered. */
export async function listApiKeys(
  db: Queryable,
  filter: { ownerPass?: string | undefined },
  page: PageRequest,
): Promise<Page<ApiKeyState>> {
  const params: unknown[] = [];
  const conditions: string[] = [];
  if (filter.ownerPass !== undefined) {
    // The owner's id as a value, not a subquery, so the plan is a range of the account's index.
    const owner = await findAccountByPass(db, filter.ownerPass);
    if (!owner) return { items: [], next: null };
    conditions.push(`account_id = ${param(params, owner.id)}::uuid`);
  }
  const { where, orderBy, limit } = keyset(
    { at: "created_at", id: "id", idType: "uuid" },
    "newest",
    page,
    params,
  );
  const { rows } = await db.query<ApiKeyStateRow>(
    `SELECT ${STATE_COLUMNS} FROM api_keys
     WHERE ${[...conditions, where].join(" AND ")}
     ${orderBy} ${limit}`,
    params,
  );
  return toPage(rows.map(toApiKeyState), page.limit, (key) => ({ at: key.createdAt, id: key.id }));
}

/**
 * Whether a key is neither revoked nor expired, read `FOR SHARE`: a revocation waits for the
 * transaction, or this read waits for it and sees it.
 */
export async function isApiKeyLive(tx: Tx, id: string): Promise<boolean> {
  const { rows } = await tx.query(
    `SELECT 1 FROM api_keys
     WHERE id = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now())
     FOR SHARE`,
    [id],
  );
  return rows.length > 0;
}
