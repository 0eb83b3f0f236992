/**
 * The payout page of a quest as the query before migration 011 read it (newest first by
 * created_at, then id, LIMIT and OFFSET), in the answer's form: what every page must still equal.
 */
import type { Queryable } from "../../src/db/handle.js";

export interface WirePayout {
  id: string;
  amount: number;
  created_at: string;
  account: { pass: string };
}

export async function oldPage(
  db: Queryable,
  questId: number,
  limit: number,
  offset: number,
): Promise<WirePayout[]> {
  const { rows } = await db.query<{ id: string; amount: string; created_at: Date; pass: string }>(
    `SELECT p.id, p.amount::text AS amount, p.created_at, a.pass
     FROM payouts p JOIN accounts a ON a.id = p.account_id
     WHERE p.quest_id = $1
     ORDER BY p.created_at DESC, p.id DESC
     LIMIT $2 OFFSET $3`,
    [questId, limit, offset],
  );
  return rows.map((row) => ({
    id: row.id,
    amount: Number(row.amount),
    created_at: row.created_at.toISOString(),
    account: { pass: row.pass },
  }));
}
