/**
 * What must hold after a run, checked in the database itself: every quest's books balance, and
 * each counted 200 is exactly one stored payout. Results are collected and printed PASS/FAIL.
 */
import type { Queryable } from "../src/db/handle.js";
import type { Measurement } from "./load.js";

export interface Check {
  name: string;
  pass: boolean;
  detail: string;
}

export const checks: Check[] = [];

/** Records a check: printed PASS/FAIL, and counted in the bench's exit code. */
export function record(name: string, pass: boolean, detail: string): void {
  checks.push({ name, pass, detail });
  console.log(`  ${pass ? "PASS" : "FAIL"} ${name}: ${detail}`);
}

export interface Books {
  quests: number;
  payouts: number;
  unbalanced: number;
}

/**
 * One pass over payouts, grouped: a per-quest subquery would let the planner, seeing one quest
 * with all the payouts, scan the whole table for each of the other quests.
 */
export async function readBooks(db: Queryable): Promise<Books> {
  const { rows } = await db.query<Books>(
    `SELECT
       (SELECT count(*)::int FROM quests) AS quests,
       (SELECT count(*)::int FROM payouts) AS payouts,
       (SELECT count(*)::int FROM quests q
        LEFT JOIN (SELECT quest_id, sum(amount) AS paid FROM payouts GROUP BY quest_id) p
          ON p.quest_id = q.id
        WHERE q.total_points <> q.points_remaining + COALESCE(p.paid, 0)
       ) AS unbalanced`,
  );
  return rows[0]!;
}

export function checkBooks(label: string, books: Books): void {
  record(
    `${label}: books balance`,
    books.unbalanced === 0,
    `${books.unbalanced} of ${books.quests} quests have total_points ≠ points_remaining + payouts`,
  );
}

export function checkAllOk(label: string, run: Measurement): void {
  record(
    `${label}: every answer 200`,
    run.answered > 0 &&
      run.ok200 === run.answered &&
      run.warmup.ok200 === run.warmup.answered &&
      run.errors === 0,
    `${run.ok200} of ${run.answered} answers were 200 (warm-up: ${run.warmup.ok200} of ` +
      `${run.warmup.answered}); ${run.errors} connection errors`,
  );
}

/**
 * A flood of public reads may be shed with 503 (the in-flight gate doing its job); anything
 * else that is not a 200, or a connection error, is a fault.
 */
export function checkShedOnly(label: string, run: Measurement): void {
  const other = Object.entries(run.statusCounts).filter(
    ([status]) => !["200", "503"].includes(status),
  );
  record(
    `${label}: every answer 200 or 503`,
    run.answered > 0 && other.length === 0 && run.errors === 0,
    `${run.statusCounts["200"] ?? 0} answers 200, ${run.statusCounts["503"] ?? 0} answers 503, others: ${
      other.map(([status, count]) => `${count} × ${status}`).join(", ") || "none"
    }; ${run.errors} connection errors`,
  );
}

/** A bare baseline must send what the service sends, or the ratio compares different work. */
export function checkSameAnswer(
  label: string,
  service: { body: Buffer; contentType: string },
  bare: { body: Buffer; contentType: string },
): void {
  record(
    `${label}: bare server sends the service's bytes`,
    service.body.equals(bare.body) && service.contentType === bare.contentType,
    `${bare.body.length} of ${service.body.length} bytes, identical: ${service.body.equals(bare.body)}; content-type "${bare.contentType}" vs "${service.contentType}"`,
  );
}

/** `payoutsBefore`: payouts stored before the run (the fixtures make none). */
export function checkPayoutsMatch(
  label: string,
  run: Measurement,
  books: Books,
  payoutsBefore: number,
): void {
  const created = books.payouts - payoutsBefore;
  const ok = run.ok200 + run.warmup.ok200;
  record(
    `${label}: one payout per 200`,
    created === ok,
    `${ok} answers 200 (warm-up included), ${created} payouts created`,
  );
}

export function anyFailed(): boolean {
  return checks.some((check) => !check.pass);
}
