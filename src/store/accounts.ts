import type { Account } from "../domain/records.js";
import type { Queryable } from "./db.js";

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
