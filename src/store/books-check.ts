/**
 * The books check's queries (src/use-cases/books-check.ts): each recomputes what the service
 * keeps (a quest's budget, the kept totals, the payout positions, the kept counts per pass) from
 * the payouts and reversals, in one set-based statement over the whole database, and returns
 * what it compared with at most `listedMax` of the rows that disagree (and how many there are).
 */
import type { Queryable } from "../db/handle.js";
import { QUEST_WINDOW_KEY } from "../domain/pass-limits.js";
import { passWindowKeySql } from "./quest-pass-counts.js";

/** What a check found: how many rows disagree, and the first `listedMax` of them. */
export interface Disagreements<T> {
  count: number;
  listed: T[];
}

/** A quest's budget against what it paid and what reversals put back. */
export interface QuestLedger {
  questId: number;
  /** `total_points`. */
  total: number;
  /** `points_remaining`. */
  remaining: number;
  /** How many payouts the quest made, and their sum (reversed ones included). */
  payouts: number;
  paid: number;
  /** How many of them were reversed, and the sum the reversals put back. */
  reversals: number;
  reversed: number;
}

/** Every quest's ledger: one pass over payouts and one over reversals, grouped by quest. */
const QUEST_LEDGERS_SQL = `
  SELECT q.id AS "questId", q.total_points AS total, q.points_remaining AS remaining,
         coalesce(p.payouts, 0)::bigint AS payouts, coalesce(p.paid, 0)::bigint AS paid,
         coalesce(r.reversals, 0)::bigint AS reversals, coalesce(r.reversed, 0)::bigint AS reversed
  FROM quests q
  LEFT JOIN (SELECT quest_id, count(*) AS payouts, sum(amount) AS paid
             FROM payouts GROUP BY quest_id) p ON p.quest_id = q.id
  LEFT JOIN (SELECT quest_id, count(*) AS reversals, sum(amount) AS reversed
             FROM reversals GROUP BY quest_id) r ON r.quest_id = q.id`;

/** One quest's ledger; undefined when there is no such quest. */
export async function questLedger(
  db: Queryable,
  questId: number,
): Promise<QuestLedger | undefined> {
  const { rows } = await db.query<QuestLedger>(
    `SELECT * FROM (${QUEST_LEDGERS_SQL}) AS l WHERE "questId" = $1`,
    [questId],
  );
  return rows[0];
}

/**
 * `listedMax` rows of `from` (a CTE) in `order` (its column names), as one JSON array, and how
 * many it has: the select list of a check's last statement.
 */
const listed = (from: string, order: string) => `
  (SELECT count(*) FROM ${from}) AS count,
  (SELECT coalesce(json_agg(x ORDER BY ${order}), '[]'::json)
   FROM (SELECT * FROM ${from} ORDER BY ${order} LIMIT $1) AS x) AS listed`;

interface CheckRow<T> {
  count: number;
  listed: T[];
}

const disagreements = <T>(row: CheckRow<T>): Disagreements<T> => ({
  count: Number(row.count),
  listed: row.listed,
});

/** The quests whose `total_points` is not `points_remaining + paid − reversed` (or overspent). */
export async function unbalancedQuests(
  db: Queryable,
  listedMax: number,
): Promise<Disagreements<QuestLedger> & { quests: number; payouts: number }> {
  const { rows } = await db.query<CheckRow<QuestLedger> & { quests: number; payouts: number }>(
    `WITH ledger AS (${QUEST_LEDGERS_SQL}),
     unbalanced AS (
       SELECT * FROM ledger WHERE total <> remaining + paid - reversed OR remaining < 0
     )
     SELECT (SELECT count(*) FROM ledger) AS quests,
            (SELECT coalesce(sum(payouts), 0)::bigint FROM ledger) AS payouts,
            ${listed("unbalanced", `"questId"`)}`,
    [listedMax],
  );
  const row = rows[0]!;
  return { ...disagreements(row), quests: Number(row.quests), payouts: Number(row.payouts) };
}

/**
 * What `pass_totals` must hold, recomputed from payouts, reversals and quests: four rows per
 * pass and (campaign, period) of its live payouts, campaigns as the quests' current ones
 * (migration 006 keys the scopes). The bench rebuilds its bulk-loaded totals with it too.
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

/** A kept total beside its recompute (a side absent counts 0 points and 0 payouts). */
export interface TotalsDisagreement {
  pass: string;
  campaignKey: number;
  periodKey: number;
  keptPoints: number;
  keptPayouts: number;
  /** The kept row's `pass_key`; null when there is no kept row. */
  keptPassKey: string | null;
  points: number;
  payouts: number;
}

/**
 * The kept totals that differ from the recompute: other points or payouts_count, a row missing
 * (a kept row at 0 and 0 with no payouts is allowed: a reversal or a campaign move leaves it), or
 * a `pass_key` that is not the account's address in lower case. `passes`: the passes compared.
 */
export async function unequalKeptTotals(
  db: Queryable,
  listedMax: number,
): Promise<Disagreements<TotalsDisagreement> & { passes: number }> {
  const { rows } = await db.query<CheckRow<TotalsDisagreement> & { passes: number }>(
    `WITH recomputed AS (${RECOMPUTED_TOTALS_SQL}),
     compared AS (
       SELECT coalesce(k.account_id, r.account_id) AS account_id,
              coalesce(k.campaign_key, r.campaign_key) AS "campaignKey",
              coalesce(k.period_key, r.period_key) AS "periodKey",
              coalesce(k.points, 0) AS "keptPoints", coalesce(k.payouts_count, 0) AS "keptPayouts",
              k.pass_key AS "keptPassKey",
              coalesce(r.points, 0) AS points, coalesce(r.payouts_count, 0) AS payouts
       FROM pass_totals k
       FULL JOIN recomputed r ON r.account_id = k.account_id
         AND r.campaign_key = k.campaign_key AND r.period_key = k.period_key
     ),
     unequal AS (
       SELECT a.pass, c."campaignKey", c."periodKey", c."keptPoints", c."keptPayouts",
              c."keptPassKey", c.points, c.payouts
       FROM compared c JOIN accounts a ON a.id = c.account_id
       WHERE c."keptPoints" <> c.points OR c."keptPayouts" <> c.payouts
          OR c."keptPassKey" <> lower(a.pass)
     )
     SELECT (SELECT count(DISTINCT account_id) FROM compared) AS passes,
            ${listed("unequal", `pass, "campaignKey", "periodKey"`)}`,
    [listedMax],
  );
  const row = rows[0]!;
  return { ...disagreements(row), passes: Number(row.passes) };
}

/** A quest's payout positions, summed up. */
export interface PositionsSummary {
  questId: number;
  /** `quests.payouts_made`: null while the positions backfill has not finished the quest. */
  payoutsMade: number | null;
  payouts: number;
  /** Payouts with a position, how many distinct positions, the lowest and the highest. */
  numbered: number;
  distinct: number;
  first: number | null;
  last: number | null;
}

/**
 * The quests whose payout positions do not run 1..n (migration 011): with `payouts_made` set,
 * every payout numbered, n = payouts_made = its payouts; while the backfill has not finished a
 * quest (payouts_made NULL), the numbered ones run 1..m and the rest wait unnumbered.
 */
export async function brokenPositions(
  db: Queryable,
  listedMax: number,
): Promise<Disagreements<PositionsSummary>> {
  const { rows } = await db.query<CheckRow<PositionsSummary>>(
    `WITH positions AS (
       SELECT q.id AS "questId", q.payouts_made AS "payoutsMade", count(p.id) AS payouts,
              count(p.position) AS numbered, count(DISTINCT p.position) AS "distinct",
              min(p.position) AS first, max(p.position) AS last
       FROM quests q LEFT JOIN payouts p ON p.quest_id = q.id
       GROUP BY q.id, q.payouts_made
     ),
     broken AS (
       SELECT * FROM positions
       WHERE "distinct" <> numbered OR coalesce(first, 1) <> 1 OR coalesce(last, 0) <> numbered
          OR ("payoutsMade" IS NOT NULL AND ("payoutsMade" <> payouts OR numbered <> payouts))
     )
     SELECT ${listed("broken", `"questId"`)}`,
    [listedMax],
  );
  return disagreements(rows[0]!);
}

/** A kept count of a pass from a quest beside its recount (a side absent counts 0 and 0). */
export interface CountsDisagreement {
  questId: number;
  pass: string;
  windowKey: string;
  keptPoints: number;
  keptPayouts: number;
  points: number;
  payouts: number;
}

/**
 * The `quest_pass_counts` rows (migration 013) that differ from a recount of the payouts not
 * reversed: every 'quest' row, and the window rows of the quest's current `pass_window` kind.
 * Rows of another kind are left as they were when the quest counted in it (by design): a change
 * of pass_window recounts every window of the new kind.
 */
export async function unequalPassCounts(
  db: Queryable,
  listedMax: number,
): Promise<Disagreements<CountsDisagreement>> {
  const windowKey = passWindowKeySql("q.pass_window", "p.created_at", "p.earning_period_id");
  const { rows } = await db.query<CheckRow<CountsDisagreement>>(
    `WITH recount AS (
       SELECT p.quest_id, p.account_id, k.window_key,
              sum(p.amount)::bigint AS points, count(*)::bigint AS payouts
       FROM payouts p
       JOIN quests q ON q.id = p.quest_id
       CROSS JOIN LATERAL (VALUES ('${QUEST_WINDOW_KEY}'),
         (CASE WHEN q.pass_window <> '${QUEST_WINDOW_KEY}' THEN ${windowKey} END)) AS k (window_key)
       WHERE k.window_key IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM reversals r WHERE r.payout_id = p.id)
       GROUP BY p.quest_id, p.account_id, k.window_key
     ),
     kept AS (
       SELECT c.* FROM quest_pass_counts c JOIN quests q ON q.id = c.quest_id
       WHERE c.window_key = '${QUEST_WINDOW_KEY}'
          OR split_part(c.window_key, ':', 1) =
             CASE q.pass_window WHEN 'earning_period' THEN 'period' ELSE q.pass_window END
     ),
     compared AS (
       SELECT coalesce(k.quest_id, r.quest_id) AS quest_id,
              coalesce(k.account_id, r.account_id) AS account_id,
              coalesce(k.window_key, r.window_key) AS window_key,
              coalesce(k.points, 0) AS kept_points, coalesce(k.payouts, 0) AS kept_payouts,
              coalesce(r.points, 0) AS points, coalesce(r.payouts, 0) AS payouts
       FROM kept k
       FULL JOIN recount r ON r.quest_id = k.quest_id AND r.account_id = k.account_id
         AND r.window_key = k.window_key
     ),
     unequal AS (
       SELECT c.quest_id AS "questId", a.pass, c.window_key AS "windowKey",
              c.kept_points AS "keptPoints", c.kept_payouts AS "keptPayouts", c.points, c.payouts
       FROM compared c
       JOIN accounts a ON a.id = c.account_id
       WHERE c.kept_points <> c.points OR c.kept_payouts <> c.payouts
     )
     SELECT ${listed("unequal", `"questId", pass, "windowKey"`)}`,
    [listedMax],
  );
  return disagreements(rows[0]!);
}

/** A pass whose kept totals do not all copy its account's suspension. */
export interface SuspensionDisagreement {
  pass: string;
  suspended: boolean;
  /** Its kept rows, and how many of them are marked suspended. */
  rows: number;
  marked: number;
}

/** The passes whose `pass_totals.suspended` is not, on every row, `suspended_at IS NOT NULL`. */
export async function unequalSuspensions(
  db: Queryable,
  listedMax: number,
): Promise<Disagreements<SuspensionDisagreement>> {
  const { rows } = await db.query<CheckRow<SuspensionDisagreement>>(
    `WITH unequal AS (
       SELECT a.pass, a.suspended_at IS NOT NULL AS suspended, count(*) AS rows,
              count(*) FILTER (WHERE t.suspended) AS marked
       FROM pass_totals t JOIN accounts a ON a.id = t.account_id
       GROUP BY a.id, a.pass, a.suspended_at
       HAVING bool_or(t.suspended <> (a.suspended_at IS NOT NULL))
     )
     SELECT ${listed("unequal", "pass")}`,
    [listedMax],
  );
  return disagreements(rows[0]!);
}
