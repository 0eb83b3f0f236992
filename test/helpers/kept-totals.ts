import type { Queryable } from "../../src/db/handle.js";

export interface TotalsRow {
  account_id: string;
  campaign_key: number;
  period_key: number;
  pass_key: string;
  points: number;
  payouts_count: number;
}

/**
 * What `pass_totals` must hold, recomputed from payouts, reversals and quests: four rows per
 * pass and (campaign, period) of its live payouts; campaigns follow the quest's current one.
 * The bench rebuilds and checks its bulk-loaded totals with it too.
 */
export const RECOMPUTED_TOTALS_SQL = `
  SELECT p.account_id, k.campaign_key, k.period_key, lower(a.pass) AS pass_key,
         sum(p.amount - coalesce(r.amount, 0))::bigint AS points, count(*)::bigint AS payouts_count
  FROM payouts p
  JOIN quests q ON q.id = p.quest_id AND q.mode = 'live'
  JOIN accounts a ON a.id = p.account_id
  LEFT JOIN reversals r ON r.payout_id = p.id
  CROSS JOIN LATERAL (VALUES
    (-1, -1),
    (coalesce(q.campaign_id, 0), -1),
    (-1, coalesce(p.earning_period_id, 0)),
    (coalesce(q.campaign_id, 0), coalesce(p.earning_period_id, 0))
  ) AS k (campaign_key, period_key)
  GROUP BY p.account_id, k.campaign_key, k.period_key, lower(a.pass)`;

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
