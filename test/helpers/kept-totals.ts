/**
 * The kept totals (`pass_totals`) beside the books check's recompute of them from payouts,
 * reversals and quests (src/store/books-check.ts), for tests that compare them row by row.
 */
import type { Queryable } from "../../src/db/handle.js";
import { RECOMPUTED_TOTALS_SQL } from "../../src/store/books-check.js";

export interface TotalsRow {
  account_id: string;
  campaign_key: number;
  period_key: number;
  pass_key: string;
  points: number;
  payouts_count: number;
}

// The one recompute, the books check's; the bench rebuilds and checks its bulk-loaded totals
// with it too.
export { RECOMPUTED_TOTALS_SQL };

const toRow = (row: Record<string, unknown>): TotalsRow => ({
  account_id: String(row.account_id),
  campaign_key: Number(row.campaign_key),
  period_key: Number(row.period_key),
  pass_key: String(row.pass_key),
  points: Number(row.points),
  payouts_count: Number(row.payouts_count),
});

/**
 * The kept totals and their recompute, in one order. Rows at 0 points and 0 payouts are left
 * out of the kept side: a reversal or a campaign move may leave such a row behind.
 */
export async function keptAndRecomputedTotals(
  db: Queryable,
): Promise<{ kept: TotalsRow[]; recomputed: TotalsRow[] }> {
  const kept = await db.query<Record<string, unknown>>(
    `SELECT account_id, campaign_key, period_key, pass_key, points, payouts_count
     FROM pass_totals WHERE points <> 0 OR payouts_count <> 0
     ORDER BY account_id, campaign_key, period_key`,
  );
  const recomputed = await db.query<Record<string, unknown>>(
    `SELECT * FROM (${RECOMPUTED_TOTALS_SQL}) AS r ORDER BY account_id, campaign_key, period_key`,
  );
  return { kept: kept.rows.map(toRow), recomputed: recomputed.rows.map(toRow) };
}
