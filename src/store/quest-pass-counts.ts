/**
 * What each pass has from each quest (migration 013's `quest_pass_counts`): its points and
 * payouts over the quest's life, and its payouts in the current window of the quest's
 * `pass_window`, kept as payouts are made and reversed, so a pass's limits cost the same whatever
 * its number of payouts. Every writer holds the quest's row lock (allocations, reversals, the
 * quest's edits), so the counts of a quest never change under a decision made on them.
 */
import type { Tx } from "../db/handle.js";
import { type PassWindow, QUEST_WINDOW_KEY } from "../domain/pass-limits.js";
import { param } from "./keyset.js";

/**
 * The window key (see `passWindowKey` in the domain, which it matches) of a payout made at the
 * SQL timestamp `at` in the earning period `periodId`, for the SQL pass_window `window`.
 */
export function passWindowKeySql(window: string, at: string, periodId: string): string {
  return `CASE ${window}
    WHEN 'day' THEN 'day:' || to_char(${at} AT TIME ZONE 'UTC', 'YYYY-MM-DD')
    WHEN 'week' THEN 'week:' || to_char(date_trunc('week', ${at} AT TIME ZONE 'UTC'), 'YYYY-MM-DD')
    WHEN 'earning_period' THEN 'period:' || coalesce(${periodId}, 0)
    ELSE '${QUEST_WINDOW_KEY}' END`;
}

/** A change of one pass's counts from one quest in one window. */
export interface CountsDelta {
  questId: number;
  accountId: string;
  windowKey: string;
  points: number;
  payouts: number;
}

/** Sums deltas by (quest, account, window), so an upsert never touches a row twice. */
export function mergeCountsDeltas(deltas: readonly CountsDelta[]): CountsDelta[] {
  const merged = new Map<string, CountsDelta>();
  for (const delta of deltas) {
    const id = `${delta.questId}:${delta.accountId}:${delta.windowKey}`;
    const seen = merged.get(id);
    if (seen) {
      seen.points += delta.points;
      seen.payouts += delta.payouts;
    } else merged.set(id, { ...delta });
  }
  return [...merged.values()];
}

/** An upsert adding `deltas` (merged: one per row) to the counts, as a statement or a CTE body. */
export function countsUpsert(params: unknown[], deltas: readonly CountsDelta[]): string {
  const $ = (value: unknown) => param(params, value);
  return `INSERT INTO quest_pass_counts AS c (quest_id, account_id, window_key, points, payouts)
     SELECT * FROM unnest(${$(deltas.map((d) => d.questId))}::int[],
       ${$(deltas.map((d) => d.accountId))}::uuid[], ${$(deltas.map((d) => d.windowKey))}::text[],
       ${$(deltas.map((d) => d.points))}::bigint[], ${$(deltas.map((d) => d.payouts))}::bigint[])
     ON CONFLICT (quest_id, account_id, window_key) DO UPDATE
       SET points = c.points + excluded.points, payouts = c.payouts + excluded.payouts`;
}

/**
 * Gives a reversed payout's share back: its whole-life row, and the row of the window it falls in
 * under the quest's current pass_window (absent when the window changed since: nothing to give).
 */
export async function giveBackCounts(tx: Tx, payoutId: string): Promise<void> {
  await tx.query(
    `UPDATE quest_pass_counts c
     SET points = c.points - p.amount, payouts = c.payouts - 1
     FROM payouts p JOIN quests q ON q.id = p.quest_id
     WHERE p.id = $1 AND c.quest_id = p.quest_id AND c.account_id = p.account_id
       AND c.window_key IN ('${QUEST_WINDOW_KEY}',
         ${passWindowKeySql("q.pass_window", "p.created_at", "p.earning_period_id")})`,
    [payoutId],
  );
}

/**
 * Counts every window of `window` afresh from the quest's payouts (reversed ones left out),
 * replacing what was kept of that kind: called, under the quest's row lock, when a quest's
 * pass_window becomes `window`, whose rows were not kept meanwhile (an operator's rare edit, on a
 * statement allowed to take long). The whole-life rows are always kept.
 */
export async function recountPassWindow(
  tx: Tx,
  questId: number,
  window: PassWindow,
): Promise<void> {
  if (window === "quest") return;
  const kind = window === "earning_period" ? "period" : window;
  await tx.query(
    "DELETE FROM quest_pass_counts WHERE quest_id = $1 AND split_part(window_key, ':', 1) = $2",
    [questId, kind],
  );
  await tx.query(
    `INSERT INTO quest_pass_counts (quest_id, account_id, window_key, points, payouts)
     SELECT p.quest_id, p.account_id, k.window_key, sum(p.amount), count(*)
     FROM payouts p
     CROSS JOIN LATERAL (SELECT ${passWindowKeySql("$2::text", "p.created_at", "p.earning_period_id")}
       AS window_key) AS k
     WHERE p.quest_id = $1
       AND NOT EXISTS (SELECT 1 FROM reversals r WHERE r.payout_id = p.id)
     GROUP BY p.quest_id, p.account_id, k.window_key`,
    [questId, window],
  );
}
