import { type PointsChange, type TotalsDelta, totalsDeltas } from "../domain/pass-totals.js";
import type { Tx } from "./db.js";
import { param } from "./keyset.js";

/**
 * The statement that applies `deltas` to the kept totals, for use alone or as a data-modifying
 * CTE of a larger statement (its placeholders are appended to `params`). Rows are changed in key
 * order, so two transactions changing the same passes' rows never deadlock. A negative delta on
 * a row that does not exist fails the CHECK: the totals never go below what was counted.
 */
export function totalsUpsert(params: unknown[], deltas: readonly TotalsDelta[]): string {
  return `INSERT INTO pass_totals AS t
       (account_id, campaign_key, period_key, pass_key, points, payouts_count)
     SELECT * FROM unnest(${param(
       params,
       deltas.map((d) => d.accountId),
     )}::uuid[],
       ${param(
         params,
         deltas.map((d) => d.campaignKey),
       )}::int[],
       ${param(
         params,
         deltas.map((d) => d.periodKey),
       )}::int[],
       ${param(
         params,
         deltas.map((d) => d.passKey),
       )}::text[],
       ${param(
         params,
         deltas.map((d) => d.points),
       )}::bigint[],
       ${param(
         params,
         deltas.map((d) => d.payouts),
       )}::bigint[])
     ORDER BY 1, 2, 3
     ON CONFLICT (account_id, campaign_key, period_key) DO UPDATE
       SET points = t.points + excluded.points,
           payouts_count = t.payouts_count + excluded.payouts_count`;
}

/**
 * Applies changes that may take points away (a reversal, a quest changing campaign). A CHECK is
 * tested on the row an INSERT proposes, before ON CONFLICT turns it into an update, so a negative
 * delta cannot go through the allocation's upsert. Instead every row the changes touch is first
 * locked, or created empty, by one upsert in the key order every writer uses (an allocation
 * raising the same passes' totals takes its locks in that order too, so the two never
 * deadlock); then one UPDATE applies the deltas. A loss on a row that held nothing fails the
 * CHECK: points are never taken that were not counted.
 */
export async function applyPointsChanges(tx: Tx, changes: readonly PointsChange[]): Promise<void> {
  const deltas = totalsDeltas(changes);
  if (deltas.length === 0) return;
  const locking: unknown[] = [];
  await tx.query(
    `INSERT INTO pass_totals AS t
       (account_id, campaign_key, period_key, pass_key, points, payouts_count)
     SELECT *, 0, 0 FROM unnest(${param(
       locking,
       deltas.map((d) => d.accountId),
     )}::uuid[],
       ${param(
         locking,
         deltas.map((d) => d.campaignKey),
       )}::int[],
       ${param(
         locking,
         deltas.map((d) => d.periodKey),
       )}::int[],
       ${param(
         locking,
         deltas.map((d) => d.passKey),
       )}::text[])
     ORDER BY 1, 2, 3
     ON CONFLICT (account_id, campaign_key, period_key) DO UPDATE SET points = t.points`,
    locking,
  );
  const params: unknown[] = [];
  const { rows } = await tx.query<{ changed: number }>(
    `WITH changed AS (
       UPDATE pass_totals t
       SET points = t.points + d.points, payouts_count = t.payouts_count + d.payouts
       FROM unnest(${param(
         params,
         deltas.map((d) => d.accountId),
       )}::uuid[],
         ${param(
           params,
           deltas.map((d) => d.campaignKey),
         )}::int[],
         ${param(
           params,
           deltas.map((d) => d.periodKey),
         )}::int[],
         ${param(
           params,
           deltas.map((d) => d.points),
         )}::bigint[],
         ${param(
           params,
           deltas.map((d) => d.payouts),
         )}::bigint[])
         AS d (account_id, campaign_key, period_key, points, payouts)
       WHERE t.account_id = d.account_id AND t.campaign_key = d.campaign_key
         AND t.period_key = d.period_key
       RETURNING 1
     )
     SELECT count(*)::int AS changed FROM changed`,
    params,
  );
  if (rows[0]!.changed !== deltas.length) throw new Error("invariant: a kept total is missing");
}

/**
 * A live quest's points per pass and earning period, net of reversals, with its payout counts:
 * what moves between campaigns' totals when the quest changes campaign. One pass over the
 * quest's payouts (an operator's edit, not a hot path).
 */
export async function questPointsByPass(
  tx: Tx,
  questId: number,
): Promise<
  { accountId: string; pass: string; periodId: number | null; points: number; payouts: number }[]
> {
  const { rows } = await tx.query<{
    account_id: string;
    pass: string;
    earning_period_id: number | null;
    points: string;
    payouts: string;
  }>(
    `SELECT p.account_id, a.pass, p.earning_period_id,
            sum(p.amount) - coalesce(sum(r.amount), 0) AS points, count(*) AS payouts
     FROM payouts p
     JOIN accounts a ON a.id = p.account_id
     LEFT JOIN reversals r ON r.payout_id = p.id
     WHERE p.quest_id = $1
     GROUP BY p.account_id, a.pass, p.earning_period_id`,
    [questId],
  );
  return rows.map((row) => ({
    accountId: row.account_id,
    pass: row.pass,
    periodId: row.earning_period_id,
    points: Number(row.points),
    payouts: Number(row.payouts),
  }));
}
