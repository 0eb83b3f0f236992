/**
 * The backfill of migration 011: the positions of the payouts made before it, a quest at a time,
 * oldest first, in short transactions. A quest's payouts are numbered in (created_at, id) order
 * after the last one numbered; allocations meanwhile add theirs unnumbered (the quest's
 * `payouts_made` is still NULL) at the newest end, where the walk reaches them too. The last step
 * holds the quest's row lock (no allocation between it and the count being set), numbers what is
 * left and sets `payouts_made` and `last_payout_at`: from then on, allocations number their own.
 */

import { isLockNotGranted } from "../db/errors.js";
import type { Db, Tx } from "../db/handle.js";

// Any fixed number, with the quest id: one process at a time fills a quest's positions.
const BACKFILL_LOCK_ID = 7_668_011;

/** Quests after `afterId` whose positions are not complete yet, by id. */
export async function questsWithoutPositions(
  db: Db,
  afterId: number,
  limit: number,
): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    "SELECT id FROM quests WHERE payouts_made IS NULL AND id > $1 ORDER BY id LIMIT $2",
    [afterId, limit],
  );
  return rows.map((row) => row.id);
}

/** How many payouts still have no position (what a progress bar counts down). */
export async function payoutsWithoutPosition(db: Db): Promise<number> {
  const { rows } = await db.query<{ n: string }>(
    `SELECT count(*) AS n FROM payouts p
     WHERE p.quest_id IN (SELECT id FROM quests WHERE payouts_made IS NULL) AND p.position IS NULL`,
  );
  return Number(rows[0]!.n);
}

/**
 * Numbers up to `limit` (null: all) of the quest's payouts after the last one numbered, walking
 * payouts_quest_page_idx from there; how many it numbered.
 */
async function numberNext(tx: Tx, questId: number, limit: number | null): Promise<number> {
  const { rows: last } = await tx.query<{ created_at: Date; id: string; position: string }>(
    `SELECT created_at, id, position FROM payouts
     WHERE quest_id = $1 AND position IS NOT NULL
     ORDER BY position DESC LIMIT 1`,
    [questId],
  );
  const after = last[0];
  const params: unknown[] = [questId, limit, after?.position ?? 0];
  // A row comparison the index range starts from, only when there is a last one.
  const from = after ? "AND (created_at, id) > ($4::timestamptz, $5::uuid)" : "";
  if (after) params.push(after.created_at, after.id);
  const { rows } = await tx.query<{ n: number }>(
    `WITH chunk AS (
       SELECT id, row_number() OVER (ORDER BY created_at, id) AS rank FROM payouts
       WHERE quest_id = $1 ${from}
       ORDER BY created_at, id
       LIMIT $2
     ), numbered AS (
       UPDATE payouts p SET position = $3::bigint + chunk.rank
       FROM chunk WHERE p.id = chunk.id
       RETURNING 1
     )
     SELECT count(*)::int AS n FROM numbered`,
    params,
  );
  return rows[0]!.n;
}

/**
 * Whether this transaction may work on the quest: "claimed" when no other process is on it and
 * it is not done, "busy" when another process is, "done" when its positions are complete.
 */
async function claimQuest(tx: Tx, questId: number): Promise<"claimed" | "busy" | "done"> {
  const { rows } = await tx.query<{ locked: boolean; open: boolean }>(
    `SELECT pg_try_advisory_xact_lock($1, $2) AS locked,
       EXISTS (SELECT 1 FROM quests WHERE id = $2 AND payouts_made IS NULL) AS open`,
    [BACKFILL_LOCK_ID, questId],
  );
  const { locked, open } = rows[0]!;
  return !open ? "done" : locked ? "claimed" : "busy";
}

/** What one step did: rows numbered; `done` when the quest is complete; `busy`: try later. */
export interface FillStep {
  numbered: number;
  done: boolean;
  busy?: true;
}

/**
 * One short transaction of the backfill on one quest: numbers the next `batchSize` payouts, or,
 * when fewer are left, finishes the quest under its row lock (done: true, also when another
 * process finished it meanwhile). `busy`: another process holds the quest, or its row lock was
 * not granted in time (an allocation or an edit held it): try later; rows a first transaction
 * numbered before that are counted all the same.
 */
export async function fillPositionsStep(
  db: Db,
  questId: number,
  batchSize: number,
): Promise<FillStep> {
  const step: FillStep = await db
    .transaction(async (tx) => {
      const claim = await claimQuest(tx, questId);
      if (claim !== "claimed") return claim === "done" ? { numbered: 0, done: true } : BUSY;
      const numbered = await numberNext(tx, questId, batchSize);
      return { numbered, done: false };
    })
    .catch(busyOnLockTimeout);
  if (step.busy || step.done || step.numbered === batchSize) return step;
  const finish: FillStep = await db
    .transaction(async (tx) => {
      const claim = await claimQuest(tx, questId);
      if (claim !== "claimed") {
        return claim === "done" ? { numbered: step.numbered, done: true } : busy(step.numbered);
      }
      // Allocations on the quest wait from here to the commit: nothing unnumbered can arrive.
      await tx.query("SELECT 1 FROM quests WHERE id = $1 FOR UPDATE", [questId]);
      const rest = await numberNext(tx, questId, null);
      await tx.query(
        `UPDATE quests q SET payouts_made = coalesce(last.position, 0),
           last_payout_at = last.created_at
         FROM (SELECT NULL) one
         LEFT JOIN LATERAL (
           SELECT position, created_at FROM payouts
           WHERE quest_id = $1 AND position IS NOT NULL ORDER BY position DESC LIMIT 1
         ) last ON true
         WHERE q.id = $1`,
        [questId],
      );
      return { numbered: step.numbered + rest, done: true };
    })
    // The first transaction's rows are committed and counted, busy or not.
    .catch((error: unknown) => busyOnLockTimeout(error, step.numbered));
  return finish;
}

/** Another process holds the quest: `numbered` rows were numbered before that was found. */
const busy = (numbered: number): FillStep => ({ numbered, done: false, busy: true });
const BUSY = busy(0);

function busyOnLockTimeout(error: unknown, numbered = 0): FillStep {
  if (isLockNotGranted(error)) return busy(numbered);
  throw error;
}
