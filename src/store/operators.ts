/** Operators and their tokens (migration 010): only each token's SHA-256 is kept. */

import type { Queryable, Tx } from "../db/handle.js";
import type { Role } from "../domain/operators.js";
import { keyset, type Page, type PageRequest, toPage } from "./keyset.js";

export interface Operator {
  id: string;
  name: string;
  role: Role;
  createdAt: Date;
  lastUsedAt: Date | null;
  disabledAt: Date | null;
}

interface OperatorRow {
  id: string;
  name: string;
  role: Role;
  created_at: Date;
  last_used_at: Date | null;
  disabled_at: Date | null;
}

const COLUMNS = "id, name, role, created_at, last_used_at, disabled_at";

const toOperator = (row: OperatorRow): Operator => ({
  id: row.id,
  name: row.name,
  role: row.role,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
  disabledAt: row.disabled_at,
});

export async function insertOperator(
  tx: Tx,
  operator: { id: string; name: string; role: Role; tokenHash: string },
): Promise<Operator> {
  const { rows } = await tx.query<OperatorRow>(
    `INSERT INTO operators (id, name, role, token_hash) VALUES ($1, $2, $3, $4)
     RETURNING ${COLUMNS}`,
    [operator.id, operator.name, operator.role, operator.tokenHash],
  );
  return toOperator(rows[0]!);
}

/** Whether any operator exists, disabled or not (operators are never deleted). */
export async function anyOperatorExists(db: Queryable): Promise<boolean> {
  const { rows } = await db.query<{ found: boolean }>(
    "SELECT EXISTS (SELECT 1 FROM operators) AS found",
  );
  return rows[0]?.found === true;
}

/** The operator a token's hash belongs to, disabled or not; undefined when none. */
export async function findOperatorByTokenHash(
  db: Queryable,
  tokenHash: string,
): Promise<Operator | undefined> {
  const { rows } = await db.query<OperatorRow>(
    `SELECT ${COLUMNS} FROM operators WHERE token_hash = $1`,
    [tokenHash],
  );
  return rows[0] && toOperator(rows[0]);
}

/** Records a use, at most once a minute per operator (the time is kept to the minute). */
export async function touchOperator(db: Queryable, id: string): Promise<void> {
  await db.query(
    `UPDATE operators SET last_used_at = date_trunc('minute', now())
     WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < date_trunc('minute', now()))`,
    [id],
  );
}

export async function lockOperator(tx: Tx, id: string): Promise<Operator | undefined> {
  const { rows } = await tx.query<OperatorRow>(
    `SELECT ${COLUMNS} FROM operators WHERE id = $1 FOR UPDATE`,
    [id],
  );
  return rows[0] && toOperator(rows[0]);
}

export async function updateOperator(
  tx: Tx,
  id: string,
  change: { role?: Role | undefined; disabled?: boolean | undefined },
): Promise<Operator> {
  const { rows } = await tx.query<OperatorRow>(
    `UPDATE operators SET role = COALESCE($2, role),
       disabled_at = CASE WHEN $3::boolean IS NULL THEN disabled_at
                          WHEN $3 THEN COALESCE(disabled_at, now()) ELSE NULL END
     WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, change.role ?? null, change.disabled ?? null],
  );
  return toOperator(rows[0]!);
}

/** A new token's hash in place of the old one: the old token is unknown from this commit on. */
export async function replaceOperatorToken(tx: Tx, id: string, tokenHash: string): Promise<void> {
  await tx.query("UPDATE operators SET token_hash = $2 WHERE id = $1", [id, tokenHash]);
}

export async function listOperators(db: Queryable, page: PageRequest): Promise<Page<Operator>> {
  const params: unknown[] = [];
  const { where, orderBy, limit } = keyset(
    { at: "created_at", id: "id", idType: "uuid" },
    "newest",
    page,
    params,
  );
  const { rows } = await db.query<OperatorRow>(
    `SELECT ${COLUMNS} FROM operators WHERE ${where} ${orderBy} ${limit}`,
    params,
  );
  return toPage(rows.map(toOperator), page.limit, (o) => ({ at: o.createdAt, id: o.id }));
}
