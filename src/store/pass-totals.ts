import type { Tx } from "../db/handle.js";
import {
  EVERY,
  NONE,
  type PointsChange,
  scopeKey,
  type TotalsDelta,
  totalsDeltas,
} from "../domain/pass-totals.js";
import { param } from "./keyset.js";

/** The SQL array type of each delta field, in the table's column order. */
const FIELD_TYPES = {
  accountId: "uuid",
  campaignKey: "int",
  periodKey: "int",
  passKey: "text",
  points: "bigint",
  payouts: "bigint",
} as const;

/**
 * The statement that applies `deltas` to the kept totals, for use alone or as a data-modifying
 * CTE of a larger statement (its placeholders, one array per field, are appended to `params`).
 * Rows are changed in key order, so two transactions changing the same passes' rows never
 * deadlock. A row it creates copies its account's suspension (`suspended`), which keeps a
 * suspended pass off the boards; a row it changes keeps its own (the suspension's transaction
 * sets it under the account's lock).
 */
export function totalsUpsert(params: unknown[], deltas: readonly TotalsDelta[]): string {
  const arrays = (Object.keys(FIELD_TYPES) as (keyof typeof FIELD_TYPES)[]).map((field) => {
    // A bigint travels as its decimal text, which PostgreSQL reads exactly.
    const values = deltas.map((d) => (field === "points" ? d.points.toString() : d[field]));
    return `${param(params, values)}::${FIELD_TYPES[field]}[]`;
  });
  return `INSERT INTO pass_totals AS t
       (account_id, campaign_key, period_key, pass_key, points, payouts_count, suspended)
     SELECT u.*, EXISTS (SELECT 1 FROM accounts a
                         WHERE a.id = u.account_id AND a.suspended_at IS NOT NULL)
     FROM unnest(${arrays.join(", ")})
       AS u (account_id, campaign_key, period_key, pass_key, points, payouts_count)
     ORDER BY 1, 2, 3
     ON CONFLICT (account_id, campaign_key, period_key) DO UPDATE
       SET points = t.points + excluded.points,
           payouts_count = t.payouts_count + excluded.payouts_count`;
}

/** Migration 007's CHECK: a pass's kept points are at most PASS_POINTS_MAX in every row. */
const POINTS_MAX_CONSTRAINT = "pass_totals_points_max";

/**
 * The write would have taken a pass's kept total beyond PASS_POINTS_MAX (check_violation of
 * migration 007's constraint): another transaction raised it after this one read it. Nothing of
 * the statement was stored; deciding again on the new total refuses what no longer fits.
 */
export function isPassPointsOverLimit(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  return code === "23514" && constraint === POINTS_MAX_CONSTRAINT;
}

/** Fails the transaction if a change left a total below zero: points taken that never counted. */
async function upsertCheckingTotals(tx: Tx, sql: string, params: unknown[]): Promise<void> {
  const { rows } = await tx.query<{ negative: number }>(
    `WITH changed AS (${sql} RETURNING t.points, t.payouts_count)
     SELECT count(*) FILTER (WHERE points < 0 OR payouts_count < 0)::int AS negative FROM changed`,
    params,
  );
  if (rows[0]!.negative > 0) throw new Error("invariant: a kept total would go below zero");
}

/**
 * Applies changes that may take points away (a reversal), in the one upsert every writer uses.
 */
export async function applyPointsChanges(tx: Tx, changes: readonly PointsChange[]): Promise<void> {
  const deltas = totalsDeltas(changes);
  if (deltas.length === 0) return;
  const params: unknown[] = [];
  await upsertCheckingTotals(tx, totalsUpsert(params, deltas), params);
}

/**
 * A live quest moves from one campaign to another: its points (net of reversals) and payouts,
 * per pass and earning period, leave the old campaign's totals and join the new one's. One
 * statement, computed in the database from the quest's payouts (an operator's rare edit, which
 * may take a while on a quest with millions of payouts: the caller allows it to). The rows it
 * creates copy their account's suspension, read once the payers' accounts are locked.
 */
export async function moveQuestTotals(
  tx: Tx,
  questId: number,
  from: number | null,
  to: number | null,
): Promise<void> {
  const upsert = `INSERT INTO pass_totals AS t
       (account_id, campaign_key, period_key, pass_key, points, payouts_count, suspended)
     SELECT s.account_id, v.campaign_key, v.period_key, s.pass_key,
            sum(v.sign * s.points), sum(v.sign * s.payouts), s.suspended
     FROM (
       SELECT p.account_id, lower(a.pass) AS pass_key, a.suspended_at IS NOT NULL AS suspended,
              coalesce(p.earning_period_id, ${NONE}) AS period_key,
              sum(p.amount) - coalesce(sum(r.amount), 0) AS points, count(*) AS payouts
       FROM payouts p
       JOIN accounts a ON a.id = p.account_id
       LEFT JOIN reversals r ON r.payout_id = p.id
       WHERE p.quest_id = $1
       GROUP BY p.account_id, a.pass, a.suspended_at, p.earning_period_id
     ) AS s
     CROSS JOIN LATERAL (VALUES
       ($2::int, ${EVERY}, -1), ($2::int, s.period_key, -1),
       ($3::int, ${EVERY}, 1), ($3::int, s.period_key, 1)
     ) AS v (campaign_key, period_key, sign)
     GROUP BY s.account_id, v.campaign_key, v.period_key, s.pass_key, s.suspended
     ORDER BY 1, 2, 3
     ON CONFLICT (account_id, campaign_key, period_key) DO UPDATE
       SET points = t.points + excluded.points,
           payouts_count = t.payouts_count + excluded.payouts_count`;
  // The payers' accounts first, as a suspension locks its account before its totals: a
  // suspension waits for the move, or the move waits for it and then reads it (no deadlock).
  await tx.query(
    `SELECT a.id FROM accounts a
     WHERE a.id IN (SELECT DISTINCT p.account_id FROM payouts p WHERE p.quest_id = $1)
     ORDER BY a.id
     FOR KEY SHARE`,
    [questId],
  );
  await upsertCheckingTotals(tx, upsert, [questId, scopeKey(from), scopeKey(to)]);
}

/**
 * Copies an account's suspension to its kept totals, whose rows the leaderboards and ranks then
 * leave out (or count again), on the rank index. Called with the account locked `FOR UPDATE`.
 */
export async function markTotalsSuspended(
  tx: Tx,
  accountId: string,
  suspended: boolean,
): Promise<void> {
  await tx.query(
    "UPDATE pass_totals SET suspended = $2 WHERE account_id = $1 AND suspended <> $2",
    [accountId, suspended],
  );
}
