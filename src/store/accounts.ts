import type { Queryable } from "../db/handle.js";
import type { Account, OwnerFootprint } from "../domain/records.js";
import { keyset, type Page, type PageRequest, param, toPage } from "./keyset.js";

interface AccountRow {
  id: string;
  pass: string;
  created_at: Date;
}

const toAccount = (row: AccountRow): Account => ({
  id: row.id,
  pass: row.pass,
  createdAt: row.created_at,
});

export async function findAccountByPass(db: Queryable, pass: string): Promise<Account | undefined> {
  const { rows } = await db.query<AccountRow>(
    "SELECT id, pass, created_at FROM accounts WHERE pass = $1",
    [pass],
  );
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
     RETURNING id, pass, created_at`,
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
    `SELECT id, pass, created_at FROM accounts
     WHERE ${[...conditions, where].join(" AND ")}
     ${orderBy} ${limit}`,
    params,
  );
  return toPage(rows.map(toAccount), page.limit, (account) => ({
    at: account.createdAt,
    id: account.id,
  }));
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
