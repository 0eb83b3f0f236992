import type { Queryable, Tx } from "../db/handle.js";
import type { Account, OwnerFootprint } from "../domain/records.js";
import { keyset, type Page, type PageRequest, param, toPage } from "./keyset.js";

interface AccountRow {
  id: string;
  pass: string;
  created_at: Date;
  suspended_at: Date | null;
  suspension_reason: string | null;
}

const COLUMNS = "id, pass, created_at, suspended_at, suspension_reason";

const toAccount = (row: AccountRow): Account => ({
  id: row.id,
  pass: row.pass,
  createdAt: row.created_at,
  suspendedAt: row.suspended_at,
  suspensionReason: row.suspension_reason,
});

export async function findAccountByPass(db: Queryable, pass: string): Promise<Account | undefined> {
  const { rows } = await db.query<AccountRow>(`SELECT ${COLUMNS} FROM accounts WHERE pass = $1`, [
    pass,
  ]);
  return rows[0] && toAccount(rows[0]);
}

/** Registers a pass; an existing registration is returned as it is (`created: false`). */
export async function registerAccount(
  db: Queryable,
  pass: string,
): Promise<{ account: Account; created: boolean }> {
  const { rows } = await db.query<AccountRow>(
    `INSERT INTO accounts (pass) VALUES ($1)
     ON CONFLICT (pass) DO NOTHING
     RETURNING ${COLUMNS}`,
    [pass],
  );
  if (rows[0]) return { account: toAccount(rows[0]), created: true };
  const existing = await findAccountByPass(db, pass);
  if (!existing) throw new Error("account vanished between insert and select");
  return { account: existing, created: false };
}

/** Accounts, newest first; `pass` (checksummed) narrows the list to that account, if registered. */
export async function listAccounts(
  db: Queryable,
  filter: { pass?: string | undefined },
  page: PageRequest,
): Promise<Page<Account>> {
  const params: unknown[] = [];
  const conditions: string[] = [];
  if (filter.pass !== undefined) conditions.push(`pass = ${param(params, filter.pass)}`);
  const { where, orderBy, limit } = keyset(
    { at: "created_at", id: "id", idType: "uuid" },
    "newest",
    page,
    params,
  );
  const { rows } = await db.query<AccountRow>(
    `SELECT ${COLUMNS} FROM accounts
     WHERE ${[...conditions, where].join(" AND ")}
     ${orderBy} ${limit}`,
    params,
  );
  return toPage(rows.map(toAccount), page.limit, (account) => ({
    at: account.createdAt,
    id: account.id,
  }));
}

/**
 * Locks an account `FOR UPDATE`: this waits for the allocations in flight that pay it (they hold
 * it `FOR KEY SHARE`), and makes those that come later wait for this transaction, so a change of
 * its suspension falls wholly before or after each allocation. Undefined when there is none.
 */
export async function lockAccount(tx: Tx, id: string): Promise<Account | undefined> {
  const { rows } = await tx.query<AccountRow>(
    `SELECT ${COLUMNS} FROM accounts WHERE id = $1 FOR UPDATE`,
    [id],
  );
  return rows[0] && toAccount(rows[0]);
}

/**
 * Suspends a locked account with `reason` (the time of a suspension already in force is kept),
 * or reinstates it with `reason` null; the account as it now is, and the transaction's time.
 */
export async function writeSuspension(
  tx: Tx,
  id: string,
  reason: string | null,
): Promise<{ account: Account; at: Date }> {
  const { rows } = await tx.query<AccountRow & { at: Date }>(
    `UPDATE accounts
     SET suspended_at = CASE WHEN $2::text IS NULL THEN NULL ELSE coalesce(suspended_at, now()) END,
         suspension_reason = $2::text
     WHERE id = $1
     RETURNING ${COLUMNS}, now() AS at`,
    [id, reason],
  );
  if (!rows[0]) throw new Error("invariant: a locked account vanished");
  return { account: toAccount(rows[0]), at: rows[0].at };
}

/** The footprint of each registered pass among `passes` (checksummed); absent: no account. */
export async function ownerFootprints(
  db: Queryable,
  passes: readonly string[],
): Promise<Map<string, OwnerFootprint>> {
  if (passes.length === 0) return new Map();
  const { rows } = await db.query<{ pass: string; id: string; quests: number; keys: number }>(
    `SELECT a.pass, a.id,
            (SELECT count(*) FROM quests q WHERE q.owner_id = a.id)::int AS quests,
            (SELECT count(*) FROM api_keys k
             WHERE k.account_id = a.id AND k.revoked_at IS NULL
               AND (k.expires_at IS NULL OR k.expires_at > now()))::int AS keys
     FROM accounts a WHERE a.pass = ANY($1::text[])`,
    [[...new Set(passes)]],
  );
  return new Map(rows.map((row) => [row.pass, { id: row.id, quests: row.quests, keys: row.keys }]));
}
