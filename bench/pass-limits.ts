/**
 * The pass-limits row of `npm run bench` (BENCH_ONLY="pass limits"): "an allocation costs the
 * same for a pass with 100,000 payouts as for a new one". On one PostgreSQL database and one
 * service process (WORKERS=1, batching on):
 *
 * - One quest with limits per pass set high enough never to refuse (pass_payouts_max
 *   1,000,000,000 a day, pass_points_max 10^15), so every allocation reads and raises the kept
 *   counts of migration 013 (`quest_pass_counts`) under the quest's row lock.
 * - A "whale" pass given 100,000 payouts of 1 point from that quest by bulk SQL (generate_series,
 *   dated over the last 100 seconds of today, UTC), with its kept counts (the whole-life 'quest'
 *   row and today's 'day:' row, each at 100,000 payouts), its kept totals, the quest's books and
 *   its payouts' positions made from them as the service would have; then VACUUM ANALYZE and a
 *   CHECKPOINT.
 * - 300,000 registered passes with no payouts ("new passes"), each paid at most once by the
 *   runs (a run goes on from where the last one stopped): each allocation to one is its first
 *   payout from the quest, so its counts and totals rows are inserted, not raised.
 *
 * Single allocations of 1 point to the whale (every request the same pass) against 1 point to
 * new passes in turn, on the same quest with the same connections (either way every request
 * serialises on the quest's lock): an unmeasured priming run of each, then alternating runs
 * (whale, new, whale, new), each after its own unmeasured warm-up, so drift falls on both. The
 * row is the whale's runs beside the new-pass runs (its baseline); goal: a ratio of req/s of at
 * least 0.9 (reported, not failed). A table of the runs follows the main one.
 *
 * Checks (the service stopped): every answer 200, one payout per 200 (the whale's and the new
 * passes'), the books, the whale's `quest_pass_counts` rows (and every other pass's) equal to a
 * recount from the payouts, and the kept totals equal to a recompute from the payouts.
 */
import { getAddress } from "viem";
import type { Tx } from "../src/db/handle.js";
import { passWindowKeySql } from "../src/store/quest-pass-counts.js";
import { RECOMPUTED_TOTALS_SQL } from "../test/helpers/kept-totals.js";
import { checkAllOk, checkBooks, readBooks, record } from "./checks.js";
import {
  admin,
  BUDGET_UNLIMITED,
  createCast,
  createQuest,
  passAddress,
  positionBulkLoad,
} from "./fixtures.js";
import { combine, type LoadSettings, type Measurement, runLoad } from "./load.js";
import type { Goal, PassLimitsRun, Row } from "./report.js";
import { type Database, type GroupContext, type Service, startService } from "./service.js";

const WHALE_PAYOUTS = 100_000;
/** Enough for every new-pass request of a default run (10 s) at 10,000 req/s to be a first. */
const NEW_PASS_COUNT = 300_000;
const PASS_POINTS_MAX = 1_000_000_000_000_000;
const PASS_PAYOUTS_MAX = 1_000_000_000;
const PASS_WINDOW = "day";
/** The whale's payouts are dated over at most this many seconds before now, within today. */
const WHALE_SPREAD_S = 100;
const DAY_MS = 24 * 60 * 60 * 1000;
/** "The same cost": the whale's req/s at least 0.9 of the new passes'. */
export const PASS_LIMITS_RATIO_MIN = 0.9;
const GOAL: Goal = { ratioMin: PASS_LIMITS_RATIO_MIN };

const count = (value: number) => value.toLocaleString("en-US");

/** A name for the whole group: BENCH_ONLY="pass limits" runs it. */
export const PASS_LIMITS_GROUP = "pass limits: kept counts per pass";
export const PASS_LIMITS_SCENARIO = `allocate, hot quest with limits per pass (a day), a pass with ${count(WHALE_PAYOUTS)} payouts`;

export type PassLimitsBench = GroupContext & { note(line: string): void };

export interface PassLimitsResult {
  rows: Row[];
  runs: PassLimitsRun[];
}

interface Scene {
  apiKey: string;
  questId: number;
  whale: string;
  whaleId: string;
  /** Registered passes with no payouts, lower case as sent. */
  newPasses: string[];
}

/**
 * The quest, with its limits through POST /admin/quests; while that does not take them yet
 * (400), the quest is created without and its limits set with SQL. Read back either way.
 */
async function createLimitedQuest(
  bench: PassLimitsBench,
  database: Database,
  service: Service,
  owner: string,
): Promise<number> {
  const now = Date.now();
  const limits = {
    pass_points_max: PASS_POINTS_MAX,
    pass_payouts_max: PASS_PAYOUTS_MAX,
    pass_window: PASS_WINDOW,
  };
  let questId: number;
  try {
    const quest = await admin<{ id: number }>(service, "/admin/quests", {
      name: "Bench pass limits",
      description: "Created by npm run bench",
      owner,
      total_points: BUDGET_UNLIMITED,
      expected_points_per_completion: 1,
      start: new Date(now - DAY_MS).toISOString(),
      end: new Date(now + 365 * DAY_MS).toISOString(),
      ...limits,
    });
    questId = quest.id;
  } catch (error) {
    if (!String(error).includes("answered 400")) throw error;
    bench.log(`POST /admin/quests refused the limits (${error}); setting them with SQL…`);
    questId = await createQuest(service, owner, "Bench pass limits");
    await bench.withDb(database, (db) =>
      db.query(
        "UPDATE quests SET pass_points_max = $2, pass_payouts_max = $3, pass_window = $4 WHERE id = $1",
        [questId, PASS_POINTS_MAX, PASS_PAYOUTS_MAX, PASS_WINDOW],
      ),
    );
  }
  const { rows } = await bench.withDb(database, (db) =>
    db.query<{ pass_points_max: string; pass_payouts_max: string; pass_window: string }>(
      "SELECT pass_points_max::text, pass_payouts_max::text, pass_window FROM quests WHERE id = $1",
      [questId],
    ),
  );
  const set = rows[0];
  if (
    set?.pass_points_max !== String(PASS_POINTS_MAX) ||
    set.pass_payouts_max !== String(PASS_PAYOUTS_MAX) ||
    set.pass_window !== PASS_WINDOW
  ) {
    throw new Error(`quest ${questId}'s limits per pass are not set: ${JSON.stringify(set)}`);
  }
  return questId;
}

/** What the payouts make of the quest's kept counts: the whole-life rows and the day rows. */
const RECOUNT_SQL = `
  SELECT p.quest_id, p.account_id, k.window_key, sum(p.amount)::bigint AS points,
         count(*)::bigint AS payouts
  FROM payouts p
  CROSS JOIN LATERAL (VALUES ('quest'),
    (${passWindowKeySql("'day'", "p.created_at", "p.earning_period_id")})) AS k (window_key)
  WHERE p.quest_id = $1
    AND NOT EXISTS (SELECT 1 FROM reversals r WHERE r.payout_id = p.id)
  GROUP BY p.quest_id, p.account_id, k.window_key`;

async function setUp(bench: PassLimitsBench, database: Database, service: Service): Promise<Scene> {
  const cast = await createCast(service, 0);
  const questId = await createLimitedQuest(bench, database, service, cast.owner.pass);

  bench.log(`Registering the whale and ${count(NEW_PASS_COUNT)} new passes with SQL…`);
  // Past the owner's index, so none is the owner.
  const passes = Array.from({ length: NEW_PASS_COUNT + 1 }, (_, i) => passAddress(1_000 + i));
  const stored = passes.map((pass) => getAddress(pass));
  const whaleId = await bench.withDb(database, async (db) => {
    await db.query("INSERT INTO accounts (pass) SELECT unnest($1::text[])", [stored]);
    const { rows } = await db.query<{ id: string }>(
      "SELECT id::text FROM accounts WHERE pass = $1",
      [stored[0]],
    );
    return rows[0]!.id;
  });

  bench.log(`Loading the whale's ${count(WHALE_PAYOUTS)} payouts, its counts and totals…`);
  await bench.withDb(database, async (db) => {
    // Every reference is to a row that exists: the foreign-key triggers are skipped (replica).
    await db.transaction(async (tx: Tx) => {
      await tx.query("SET LOCAL session_replication_role = replica");
      await tx.query(
        `WITH span AS (
           SELECT greatest(now() - make_interval(secs => $4),
                           date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC') AS start,
                  now() AS stop
         )
         INSERT INTO payouts (id, quest_id, account_id, amount, created_at)
         SELECT gen_random_uuid(), $1, $2, 1,
                span.start + (i - 1) * ((span.stop - span.start) / $3::int)
         FROM span, generate_series(1, $3::int) AS i`,
        [questId, whaleId, WHALE_PAYOUTS, WHALE_SPREAD_S],
      );
      await tx.query(
        `INSERT INTO quest_pass_counts (quest_id, account_id, window_key, points, payouts)
         ${RECOUNT_SQL}`,
        [questId],
      );
      // Only the whale has payouts: its totals are the whole table.
      await tx.query("TRUNCATE pass_totals");
      await tx.query(
        `INSERT INTO pass_totals (account_id, campaign_key, period_key, pass_key, points, payouts_count)
         ${RECOMPUTED_TOTALS_SQL}`,
      );
    });
    await db.query(
      `UPDATE quests q SET points_remaining = q.total_points
         - (SELECT coalesce(sum(amount), 0) FROM payouts WHERE quest_id = q.id)
       WHERE q.id = $1`,
      [questId],
    );
    await positionBulkLoad(db, [questId]);
    bench.log("…VACUUM ANALYZE, CHECKPOINT…");
    await db.query("VACUUM ANALYZE");
    await db.query("CHECKPOINT");
  });

  const today = await bench.withDb(database, (db) =>
    db.query<{ window_key: string; payouts: string }>(
      `SELECT window_key, payouts::text FROM quest_pass_counts
       WHERE quest_id = $1 AND account_id = $2 ORDER BY window_key`,
      [questId, whaleId],
    ),
  );
  bench.log(
    `The whale's kept counts: ${today.rows.map((row) => `${row.window_key} ${count(Number(row.payouts))} payouts`).join(", ")}`,
  );
  checkBooks("pass limits data", await bench.withDb(database, readBooks));
  return {
    apiKey: cast.apiKey,
    questId,
    whale: passes[0]!,
    whaleId,
    newPasses: passes.slice(1),
  };
}

const paid = (run: Measurement) => run.ok200 + run.warmup.ok200;

/**
 * The priming and alternating runs. The warm-up before each run is a load of its own (not
 * runLoad's), so that the new passes go on in turn from where the last request stopped rather
 * than starting again at the same passes.
 */
async function allocationRuns(
  bench: PassLimitsBench,
  service: Service,
  scene: Scene,
): Promise<{ runs: PassLimitsRun[]; paidTo: Record<PassLimitsRun["pass"], number> }> {
  const { settings, log } = bench;
  const newBodies = scene.newPasses.map((address) => JSON.stringify({ points: 1, address }));
  const whaleBody = JSON.stringify({ points: 1, address: scene.whale });
  let nextNew = 0;
  const paidTo = { whale: 0, new: 0 };
  const load = async (pass: PassLimitsRun["pass"], loadSettings: LoadSettings) => {
    const from = nextNew % newBodies.length;
    const run = await runLoad(
      {
        baseUrl: service.url,
        method: "POST",
        paths: [`/quests/${scene.questId}`],
        headers: { "content-type": "application/json", "x-api-key": scene.apiKey },
        ...(pass === "whale"
          ? { body: whaleBody }
          : { bodies: [...newBodies.slice(from), ...newBodies.slice(0, from)] }),
      },
      { ...loadSettings, warmupS: 0 },
    );
    // Every request sent was answered (checked): the next one goes to the next new pass.
    if (pass === "new") nextNew += run.answered + run.errors;
    paidTo[pass] += paid(run);
    return run;
  };
  const name = (pass: PassLimitsRun["pass"]) =>
    pass === "whale"
      ? `allocate to the pass with ${count(WHALE_PAYOUTS)} payouts`
      : "allocate to new passes in turn";
  const measured = async (pass: PassLimitsRun["pass"], what: string, runSettings: LoadSettings) => {
    log(
      `▶ ${name(pass)}${what} (PostgreSQL), ${runSettings.durationS} s, ${runSettings.connections} connections…`,
    );
    const warm =
      runSettings.warmupS > 0
        ? await load(pass, { ...runSettings, durationS: runSettings.warmupS })
        : undefined;
    const run = await load(pass, runSettings);
    const whole: Measurement = {
      ...run,
      warmup: { answered: warm?.answered ?? 0, ok200: warm?.ok200 ?? 0 },
    };
    checkAllOk(`${name(pass)}${what} (PostgreSQL)`, whole);
    return whole;
  };

  // Both warmed before the first measured run, so it is not the only one paying for it.
  const priming = { ...settings, durationS: Math.max(1, settings.warmupS), warmupS: 0 };
  for (const pass of ["whale", "new"] as const) {
    await measured(pass, " (priming, not measured)", priming);
  }
  const runs: PassLimitsRun[] = [];
  for (const pass of ["whale", "new", "whale", "new"] as const) {
    runs.push({ pass, run: await measured(pass, "", settings) });
  }
  if (nextNew > newBodies.length) {
    bench.note(
      `Pass-limits row: the runs sent ${count(nextNew)} requests to ${count(newBodies.length)} new passes, so some were paid twice`,
    );
  }
  return { runs, paidTo };
}

/** The checks after the runs, the service stopped. */
async function checkAfter(
  bench: PassLimitsBench,
  database: Database,
  scene: Scene,
  paidTo: Record<PassLimitsRun["pass"], number>,
): Promise<void> {
  const what = "pass limits data after the allocations";
  const payouts = await bench.withDb(database, (db) =>
    db.query<{ whale: number; others: number }>(
      `SELECT count(*) FILTER (WHERE account_id = $2)::int AS whale,
              count(*) FILTER (WHERE account_id <> $2)::int AS others
       FROM payouts WHERE quest_id = $1`,
      [scene.questId, scene.whaleId],
    ),
  );
  const { whale, others } = payouts.rows[0]!;
  record(
    `${what}: one payout per 200 to the whale`,
    whale === WHALE_PAYOUTS + paidTo.whale,
    `${count(paidTo.whale)} answers 200 (priming and warm-ups included), ${count(whale - WHALE_PAYOUTS)} payouts made (${count(whale)} with the bulk-loaded)`,
  );
  record(
    `${what}: one payout per 200 to the new passes`,
    others === paidTo.new,
    `${count(paidTo.new)} answers 200 (priming and warm-ups included), ${count(others)} payouts made`,
  );

  const counts = await bench.withDb(database, (db) =>
    db.query<{ whale_rows: number; whale_bad: number; rows: number; bad: number; detail: string }>(
      `WITH recount AS (${RECOUNT_SQL}),
       kept AS (SELECT * FROM quest_pass_counts WHERE quest_id = $1),
       pairs AS (
         SELECT coalesce(k.account_id, r.account_id) AS account_id,
                coalesce(k.window_key, r.window_key) AS window_key,
                k.points AS kept_points, k.payouts AS kept_payouts,
                r.points AS points, r.payouts AS payouts
         FROM kept k FULL JOIN recount r USING (quest_id, account_id, window_key)
         -- A row left at 0 is as good as none.
         WHERE NOT (r.account_id IS NULL AND k.points = 0 AND k.payouts = 0)
       )
       SELECT count(*) FILTER (WHERE account_id = $2)::int AS whale_rows,
              count(*) FILTER (WHERE account_id = $2 AND (kept_points IS DISTINCT FROM points
                OR kept_payouts IS DISTINCT FROM payouts))::int AS whale_bad,
              count(*)::int AS rows,
              count(*) FILTER (WHERE kept_points IS DISTINCT FROM points
                OR kept_payouts IS DISTINCT FROM payouts)::int AS bad,
              coalesce(string_agg(window_key || ' kept ' || coalesce(kept_payouts::text, 'none')
                || ' recounted ' || coalesce(payouts::text, 'none'), ', ' ORDER BY window_key)
                FILTER (WHERE account_id = $2), '') AS detail
       FROM pairs`,
      [scene.questId, scene.whaleId],
    ),
  );
  const c = counts.rows[0]!;
  record(
    `${what}: the whale's kept counts equal a recount from the payouts`,
    c.whale_rows >= 2 && c.whale_bad === 0,
    `${c.whale_bad} of ${c.whale_rows} rows differ (payouts: ${c.detail})`,
  );
  record(
    `${what}: every pass's kept counts equal a recount from the payouts`,
    c.bad === 0,
    `${count(c.bad)} of ${count(c.rows)} quest_pass_counts rows differ (missing, extra or wrong)`,
  );

  const totals = await bench.withDb(database, (db) =>
    db.query<{ rows: number; mismatched: number }>(
      `WITH recomputed AS (${RECOMPUTED_TOTALS_SQL})
       SELECT (SELECT count(*)::int FROM pass_totals) AS rows, count(*)::int AS mismatched
       FROM recomputed c
       FULL JOIN pass_totals t USING (account_id, campaign_key, period_key)
       WHERE (c.points IS DISTINCT FROM t.points
              OR c.payouts_count IS DISTINCT FROM t.payouts_count
              OR c.pass_key IS DISTINCT FROM t.pass_key)
         AND NOT (c.account_id IS NULL AND t.points = 0 AND t.payouts_count = 0)`,
    ),
  );
  record(
    `${what}: kept totals equal a recompute from the payouts`,
    totals.rows[0]!.mismatched === 0,
    `${count(totals.rows[0]!.mismatched)} of ${count(totals.rows[0]!.rows)} pass_totals rows differ (missing, extra or wrong)`,
  );
  checkBooks(what, await bench.withDb(database, readBooks));
}

export async function benchPassLimits(bench: PassLimitsBench): Promise<PassLimitsResult> {
  const database = await bench.open("pass_limits");
  const service = await startService(database, { batching: true, workers: 1 });
  const scene = await setUp(bench, database, service);
  const { runs, paidTo } = await allocationRuns(bench, service, scene);
  await bench.stopService(service, "the pass-limits row");
  await checkAfter(bench, database, scene, paidTo);

  const of = (pass: PassLimitsRun["pass"]) =>
    combine(runs.filter((r) => r.pass === pass).map((r) => r.run));
  bench.note(
    `Pass-limits row: one service process (WORKERS=1); one quest with pass_payouts_max ${count(PASS_PAYOUTS_MAX)} a day and pass_points_max 10^15 (never refusing); the whale's ${count(WHALE_PAYOUTS)} payouts, kept counts and totals bulk-loaded with SQL; ` +
      `1 point a request to the whale, or to ${count(NEW_PASS_COUNT)} new passes in turn (each request a pass's first payout), on the same quest with the same connections; an unmeasured priming run of each, then whale, new, whale, new, each after its own warm-up (p50 is their mean, p99 their highest)`,
  );
  return {
    rows: [
      {
        scenario: PASS_LIMITS_SCENARIO,
        database: "PostgreSQL",
        run: of("whale"),
        baseline: {
          label: "the same to new passes in turn (no payouts), runs alternating",
          run: of("new"),
        },
        goal: GOAL,
      },
    ],
    runs,
  };
}
