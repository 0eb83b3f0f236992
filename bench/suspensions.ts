/**
 * The suspended-passes rows of `npm run bench` (BENCH_ONLY=suspended): on one PostgreSQL
 * database and one service process (WORKERS=1, public-read gate off) holding 100,000 registered
 * passes with their overall kept totals, `GET /leaderboard` (first page, 100 entries) and
 * `GET /passes/{address}` of the pass ranked 50,000th (its rank an index-only count of the passes
 * above it) with the 1,000 passes of most points suspended (a sybil ring at the top of the
 * board), beside the same reads with none suspended, in alternating runs (none, suspended, none,
 * suspended) so drift falls on both. Goal: at least 0.9 of the rate with none suspended: the
 * rank index leaves suspended passes out, so skipping them costs nothing.
 *
 * The data is set-based SQL (generate_series): the accounts, one overall kept total each (no
 * payouts: these reads read only the totals), and the suspension as the service writes it
 * (`accounts.suspended_at` and `pass_totals.suspended`), VACUUM ANALYZE after each change.
 * Checks: every answer 200; with the ring suspended the first page holds none of it and starts
 * at the 1,001st pass, and the read pass ranks 1,000 places higher; with none, as seeded.
 */
import type { Db } from "../src/db/handle.js";
import { EVERY } from "../src/domain/pass-totals.js";
import { checkAllOk, record } from "./checks.js";
import { combine, type LoadTarget, type Measurement, runLoad } from "./load.js";
import type { Goal, Row } from "./report.js";
import { type GroupContext, type Service, startService } from "./service.js";

const PASS_COUNT = 100_000;
const SUSPENDED_COUNT = 1_000;
/** The rank of the pass whose balance is read, with none suspended. */
const READ_RANK = 50_000;
const LEADERBOARD_LIMIT = 100;
/** Points are 10 × a permutation of 0..99,999 (+ 1): every pass a place of its own. */
const POINTS_STEP = 10;
const PERMUTATION_FACTOR = 7_919;
export const SUSPENSIONS_RATIO_MIN = 0.9;
const GOAL: Goal = { ratioMin: SUSPENSIONS_RATIO_MIN };
const ROUNDS = 2;

const count = (value: number) => value.toLocaleString("en-US");

export const SUSPENSIONS_GROUP = "suspended passes";
export const SUSPENSION_SCENARIOS = {
  board: `GET /leaderboard first page, ${count(SUSPENDED_COUNT)} of ${count(PASS_COUNT)} passes suspended`,
  rank: `GET /passes/{address}, rank ${count(READ_RANK)}, ${count(SUSPENDED_COUNT)} of ${count(PASS_COUNT)} passes suspended`,
};
const BASELINE = "the same, none suspended (runs alternating)";

/** Pass `i` (1-based): 0x and 40 digits, no letter, so its EIP-55 form is itself. */
const passOf = (i: number) => `0x${String(i).padStart(40, "0")}`;
/** Pass i's points are 1 + 10 × step, step = i × 7919 mod 100,000: the pass of each step. */
const passOfStep: number[] = [];
for (let i = 1; i <= PASS_COUNT; i++) passOfStep[(i * PERMUTATION_FACTOR) % PASS_COUNT] = i;
/** The pass holding the n-th most points. */
const passRanked = (rank: number) => passOf(passOfStep[PASS_COUNT - rank]!);

async function seed(db: Db): Promise<void> {
  await db.query(
    `WITH made AS (
       INSERT INTO accounts (pass)
       SELECT '0x' || lpad(i::text, 40, '0') FROM generate_series(1, $1::int) AS i
       RETURNING id, pass
     )
     INSERT INTO pass_totals (account_id, campaign_key, period_key, pass_key, points, payouts_count)
     SELECT id, ${EVERY}, ${EVERY}, pass,
            1 + $2::bigint * ((right(pass, 40)::bigint * $3::bigint) % $1::int), 1
     FROM made`,
    [PASS_COUNT, POINTS_STEP, PERMUTATION_FACTOR],
  );
  await db.query("VACUUM ANALYZE accounts, pass_totals");
}

/** Suspends (or reinstates) the SUSPENDED_COUNT passes of most points, as the service does. */
async function suspendRing(db: Db, suspended: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string }>(
      `UPDATE accounts
       SET suspended_at = CASE WHEN $2 THEN now() END,
           suspension_reason = CASE WHEN $2 THEN 'bench: a sybil ring' END
       WHERE id IN (SELECT account_id FROM pass_totals
                    WHERE campaign_key = ${EVERY} AND period_key = ${EVERY}
                    ORDER BY points DESC LIMIT $1)
       RETURNING id`,
      [SUSPENDED_COUNT, suspended],
    );
    await tx.query("UPDATE pass_totals SET suspended = $2 WHERE account_id = ANY($1::uuid[])", [
      rows.map((row) => row.id),
      suspended,
    ]);
  });
  await db.query("VACUUM ANALYZE accounts, pass_totals");
}

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url);
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}`);
  return (await res.json()) as T;
}

/** The answers say what the data does, suspended or not. */
async function checkAnswers(service: Service, paths: string[], suspended: boolean) {
  const state = suspended ? `${count(SUSPENDED_COUNT)} suspended` : "none suspended";
  const page = await getJson<{ items: { rank: number; pass: string }[] }>(
    `${service.url}${paths[0]}`,
  );
  const top = passRanked(suspended ? SUSPENDED_COUNT + 1 : 1);
  const ring = new Set(Array.from({ length: SUSPENDED_COUNT }, (_, i) => passRanked(i + 1)));
  const listedRing = page.items.filter((item) => ring.has(item.pass)).length;
  record(
    `leaderboard, ${state}: a full page from the first pass not suspended`,
    page.items.length === LEADERBOARD_LIMIT &&
      page.items[0]?.pass === top &&
      page.items[0]?.rank === 1 &&
      (suspended ? listedRing === 0 : listedRing === LEADERBOARD_LIMIT),
    `${page.items.length} entries, first ${page.items[0]?.pass} ranked ${page.items[0]?.rank} (expected ${top}), ${listedRing} of the ring listed`,
  );
  const balance = await getJson<{ rank: number | null; suspended: boolean }>(
    `${service.url}${paths[1]}`,
  );
  const rank = READ_RANK - (suspended ? SUSPENDED_COUNT : 0);
  record(
    `GET /passes/{address}, ${state}: ranked ${count(rank)}`,
    balance.rank === rank && balance.suspended === false,
    `rank ${balance.rank}, suspended ${balance.suspended}`,
  );
}

export async function benchSuspensions(
  context: GroupContext & { note(line: string): void },
): Promise<Row[]> {
  const { settings, log } = context;
  const database = await context.open("suspensions");
  const service = await startService(database, {
    batching: true,
    workers: 1,
    publicReadsInFlightMax: 0,
  });
  log(`Registering ${count(PASS_COUNT)} passes and their kept totals with SQL…`);
  await context.withDb(database, seed);
  const paths = [`/leaderboard?limit=${LEADERBOARD_LIMIT}`, `/passes/${passRanked(READ_RANK)}`];
  const runs = { none: [[], []], suspended: [[], []] } as Record<
    "none" | "suspended",
    Measurement[][]
  >;
  for (let round = 0; round < ROUNDS; round++) {
    for (const state of ["none", "suspended"] as const) {
      await context.withDb(database, (db) => suspendRing(db, state === "suspended"));
      await checkAnswers(service, paths, state === "suspended");
      for (const [i, path] of paths.entries()) {
        const scenario = Object.values(SUSPENSION_SCENARIOS)[i]!;
        const what = state === "none" ? `${scenario} (baseline: none suspended)` : scenario;
        log(`▶ ${what} (PostgreSQL), round ${round + 1}, ${settings.durationS} s…`);
        const target: LoadTarget = { baseUrl: service.url, method: "GET", paths: [path] };
        const run = await runLoad(target, settings);
        checkAllOk(`${what} (PostgreSQL)`, run);
        runs[state][i]!.push(run);
      }
    }
  }
  await context.stopService(service, "the suspended-passes rows");
  context.note(
    `Suspended-passes rows: one service process (WORKERS=1, public-read gate off); ${count(PASS_COUNT)} passes with one overall kept total each, seeded with SQL; the ${count(SUSPENDED_COUNT)} with the most points suspended with SQL as the service suspends them, VACUUM ANALYZE after each change; runs alternate none, suspended, none, suspended (p50 their mean, p99 their highest)`,
  );
  return Object.values(SUSPENSION_SCENARIOS).map((scenario, i) => ({
    scenario,
    database: "PostgreSQL",
    run: combine(runs.suspended[i]!),
    baseline: { label: BASELINE, run: combine(runs.none[i]!) },
    goal: GOAL,
  }));
}
