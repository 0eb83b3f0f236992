/**
 * The allocation rows at depth (BENCH_ONLY="stored"): a hot quest, and 1,000 quests
 * round-robin, on a database whose `payouts` holds BENCH_STORED_PAYOUTS (default 10,000,000)
 * payouts, each beside the same run on an empty database measured just before (goal: at least
 * 0.9 of it). The stored payouts are bulk-loaded with SQL over the same 1,000 quests (positions
 * included, as allocations number them), 10,000 accounts and their kept totals, then vacuumed
 * and checkpointed; the books and the payout count are checked after every run.
 */
import type { Db, Tx } from "../src/db/handle.js";
import { RECOMPUTED_TOTALS_SQL } from "../test/helpers/kept-totals.js";
import { checkAllOk, checkBooks, checkPayoutsMatch, readBooks } from "./checks.js";
import { createCast, createQuests } from "./fixtures.js";
import { type LoadTarget, type Measurement, runLoad } from "./load.js";
import type { Goal, Row } from "./report.js";
import { type Database, type GroupContext, startService } from "./service.js";

export const STORED_GROUP = "stored payouts";
const STORED_PAYOUTS = Number(process.env.BENCH_STORED_PAYOUTS ?? 10_000_000);
const QUEST_COUNT = 1_000;
const ACCOUNT_COUNT = 10_000;
const ROWS_PER_STATEMENT = 1_000_000;
const count = (value: number) => value.toLocaleString("en-US");

export const STORED_SCENARIOS = {
  hot: `allocate, hot quest, ${count(STORED_PAYOUTS)} payouts stored`,
  spread: `allocate, ${count(QUEST_COUNT)} quests round-robin, ${count(STORED_PAYOUTS)} payouts stored`,
};
const GOAL: Goal = { ratioMin: 0.9 };

export type ScaleBenchOptions = GroupContext;

interface Runs {
  hot: Measurement;
  spread: Measurement;
}

/** A service on `database` with 1,000 quests; `seed` runs on the database before it starts. */
async function measure(
  options: ScaleBenchOptions,
  database: Database,
  what: string,
  seed?: (db: Db, questIds: number[]) => Promise<void>,
): Promise<Runs> {
  const { settings, log } = options;
  let service = await startService(database, { batching: true, workers: 1 });
  const cast = await createCast(service, 1);
  const questIds = await createQuests(service, cast.owner.pass, QUEST_COUNT);
  if (seed) {
    await options.stopService(service, `seeding ${what}`);
    await options.withDb(database, (db) => seed(db, questIds));
    service = await startService(database, { batching: true, workers: 1 });
  }
  const before = (await options.withDb(database, readBooks)).payouts;
  const target = (paths: number[]): LoadTarget => ({
    baseUrl: service.url,
    method: "POST",
    paths: paths.map((id) => `/quests/${id}`),
    headers: { "content-type": "application/json", "x-api-key": cast.apiKey },
    body: JSON.stringify({ points: 1, address: cast.players[0]!.pass }),
  });
  log(`▶ allocate, hot quest, ${what}, ${settings.durationS} s…`);
  const hot = await runLoad(target([questIds[0]!]), settings);
  const afterHot = await options.withDb(database, readBooks);
  log(`▶ allocate, ${count(QUEST_COUNT)} quests round-robin, ${what}, ${settings.durationS} s…`);
  const spread = await runLoad(target(questIds), settings);
  await options.stopService(service, what);
  const books = await options.withDb(database, readBooks);
  for (const [name, run, from, to] of [
    ["hot quest", hot, before, afterHot],
    ["1,000 quests", spread, afterHot.payouts, books],
  ] as const) {
    const label = `${name}, ${what}`;
    checkAllOk(label, run);
    checkBooks(label, to);
    checkPayoutsMatch(label, run, to, from);
  }
  return { hot, spread };
}

/**
 * STORED_PAYOUTS payouts over the quests, oldest first, each quest's numbered 1, 2, … in
 * (created_at, id) order as allocations number them; foreign-key triggers are skipped (every
 * reference exists), then the kept totals are rebuilt and the quests' books and counts set.
 */
async function seedPayouts(db: Db, questIds: number[], log: (m: string) => void): Promise<void> {
  const bulk = (statements: (tx: Tx) => Promise<void>) =>
    db.transaction(async (tx) => {
      await tx.allowLongStatements(3_600_000);
      await tx.query("SET LOCAL session_replication_role = replica");
      await statements(tx);
    });
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO accounts (pass)
     SELECT '0x' || lpad((9000000000 + i)::text, 40, '0') FROM generate_series(1, $1::int) AS i
     RETURNING id`,
    [ACCOUNT_COUNT],
  );
  const accountIds = rows.map((row) => row.id);
  const startedMs = performance.now();
  const quests = questIds.length;
  for (let start = 0; start < STORED_PAYOUTS; start += ROWS_PER_STATEMENT) {
    const end = Math.min(STORED_PAYOUTS, start + ROWS_PER_STATEMENT) - 1;
    await bulk(async (tx) => {
      await tx.query(
        `INSERT INTO payouts (id, quest_id, account_id, amount, created_at, position)
         SELECT gen_random_uuid(), ($1::int[])[1 + i % $2], ($3::uuid[])[1 + (i / $2) % $4],
           1 + i % 100, now() - interval '30 days' + i * interval '1 millisecond', 1 + i / $2
         FROM generate_series($5::int, $6::int) AS i`,
        [questIds, quests, accountIds, accountIds.length, start, end],
      );
    });
    const seconds = (performance.now() - startedMs) / 1000;
    log(`…${count(end + 1)} payouts stored (${seconds.toFixed(0)} s)`);
  }
  log("…kept totals, quests' books and counts…");
  await bulk(async (tx) => {
    await tx.query(
      `INSERT INTO pass_totals (account_id, campaign_key, period_key, pass_key, points, payouts_count)
       ${RECOMPUTED_TOTALS_SQL}
       ON CONFLICT (account_id, campaign_key, period_key) DO UPDATE
         SET points = excluded.points, payouts_count = excluded.payouts_count`,
    );
    await tx.query(
      `UPDATE quests q SET points_remaining = q.total_points - s.paid, payouts_made = s.made,
         last_payout_at = s.last
       FROM (SELECT quest_id, sum(amount) AS paid, count(*) AS made, max(created_at) AS last
             FROM payouts GROUP BY quest_id) s
       WHERE q.id = s.quest_id`,
    );
  });
  log("…VACUUM ANALYZE, CHECKPOINT…");
  await db.query("VACUUM ANALYZE");
  await db.query("CHECKPOINT");
  const { rows: sizes } = await db.query<{ table_bytes: string; index_bytes: string }>(
    `SELECT pg_table_size('payouts') AS table_bytes, pg_indexes_size('payouts') AS index_bytes`,
  );
  const mb = (bytes: string) => `${count(Math.round(Number(bytes) / 1024 / 1024))} MB`;
  log(`payouts: table ${mb(sizes[0]!.table_bytes)}, indexes ${mb(sizes[0]!.index_bytes)}`);
}

export async function benchStoredPayouts(options: ScaleBenchOptions): Promise<Row[]> {
  const empty = await measure(options, await options.open("stored_empty"), "empty payouts table");
  const full = await measure(
    options,
    await options.open("stored_full"),
    `${count(STORED_PAYOUTS)} payouts stored`,
    (db, questIds) => seedPayouts(db, questIds, options.log),
  );
  const beside = (run: Measurement) => ({ label: "the same, payouts table empty", run });
  return [
    {
      scenario: STORED_SCENARIOS.hot,
      database: "PostgreSQL",
      run: full.hot,
      baseline: beside(empty.hot),
      goal: GOAL,
    },
    {
      scenario: STORED_SCENARIOS.spread,
      database: "PostgreSQL",
      run: full.spread,
      baseline: beside(empty.spread),
      goal: GOAL,
    },
  ];
}
