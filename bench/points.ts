/**
 * The points rows of `npm run bench`, on one PostgreSQL database and one service
 * process (WORKERS=1) holding 100,000 registered passes:
 *
 * - Reads from the kept totals: `GET /leaderboard` (first page, all and one campaign) and
 *   `GET /passes/{address}` of the pass with the most payouts, first at 10,000 payouts, then at
 *   1,000,000 over the 100,000 passes, each at 1M beside a bare server sending the same bytes.
 *   The payouts are bulk-loaded with SQL over four quests (three campaigns and none) and four
 *   earning periods (three and none), and the totals made from them as migration 006 makes them. A read's p50 at 1M must stay within twice its p50 at 10k
 *   plus 1 ms: "these reads cost the same whatever the number of payouts".
 * - What keeping the totals costs an allocation: the same single-allocation load (1 point, the
 *   passes in turn) on a live quest, whose payouts raise the totals, and on a test-mode quest,
 *   whose payouts no total counts (the totals statement is left out, the path otherwise the
 *   same), in alternating runs (live, test, live, test, after an unmeasured run of each) so
 *   drift falls on both. Goal: at most 10% more (reported, not failed).
 * - Batch allocation: `POST /quests/{id}/allocations` with 1,000 items of 1 point to distinct
 *   passes, on one connection (the batches of one quest run one after another anyway: each
 *   holds the quest's row lock), in points/s beside the single
 *   allocations' points/s of the live runs.
 *
 * Checks: every answer 200, one payout per paid item, the books of every quest, the answers
 * against the payouts, and the kept totals equal to a recompute from the payouts (at 10,000
 * payouts and after the allocations).
 */
import { getAddress } from "viem";
import type { Db, Tx } from "../src/db/handle.js";
import { RECOMPUTED_TOTALS_SQL } from "../src/store/books-check.js";
import { checkAllOk, checkBooks, readBooks, record } from "./checks.js";
import {
  admin,
  createCast,
  createQuest,
  issueKey,
  passAddress,
  positionBulkLoad,
} from "./fixtures.js";
import { combine, type LoadSettings, type LoadTarget, type Measurement, runLoad } from "./load.js";
import type {
  Baseline,
  Goal,
  PayoutCountRow,
  PayoutCountRun,
  Row,
  TotalsCostRun,
} from "./report.js";
import { type Database, type Service, startService } from "./service.js";

const PASS_COUNT = 100_000;
/** The payout counts the reads run at, in order: the second is a hundred times the first. */
const SMALL_PAYOUT_COUNT = 10_000;
const LARGE_PAYOUT_COUNT = 1_000_000;
/** Every WHALE_EVERY-th payout goes to one pass, the balance read: 111,111 of 1M. */
const WHALE_EVERY = 9;
const INSERT_ROWS_PER_STATEMENT = 250_000;
const BATCH_ITEMS = 1_000;
const LEADERBOARD_LIMIT = 100;
/** Reads at 1M payouts may cost at most this many times their cost at 10k (plus 1 ms). */
export const READ_COST_RATIO_MAX = 2;
/** "An allocation's cost grows by no more than a tenth for keeping them." */
export const TOTALS_COST_MAX = 1.1;
const TOTALS_GOAL: Goal = { costMax: TOTALS_COST_MAX };
const DAY_MS = 24 * 60 * 60 * 1000;

const count = (value: number) => value.toLocaleString("en-US");
const whalePayouts = (payouts: number) => Math.floor(payouts / WHALE_EVERY);

const READS = [
  { name: "GET /leaderboard", what: "first page" },
  { name: "GET /leaderboard?campaign_id=…", what: "first page" },
  {
    name: "GET /passes/{address}",
    what: `the pass with ${count(whalePayouts(LARGE_PAYOUT_COUNT))} payouts`,
  },
] as const;

const readScenario = (read: (typeof READS)[number]) =>
  `${read.name}, ${count(LARGE_PAYOUT_COUNT)} payouts over ${count(PASS_COUNT)} passes, ${read.what}`;
const TOTALS_SCENARIO = `allocate, hot quest, live: kept totals raised, ${count(PASS_COUNT)} passes in turn`;
const BATCH_SCENARIO = `allocate in batches of ${count(BATCH_ITEMS)} items, 1 connection, ${count(PASS_COUNT)} passes`;

/** The main table's rows of this group, in order (BENCH_ONLY matches them and the group). */
export const POINTS_SCENARIOS = [...READS.map(readScenario), TOTALS_SCENARIO, BATCH_SCENARIO];
/** A name for the whole group: BENCH_ONLY=points runs it. */
export const POINTS_GROUP = "points: batches, kept totals, balances and leaderboards";

/** What the points rows need of the run. */
export interface PointsBench {
  database: Database & { kind: "postgres" };
  databaseName: string;
  settings: LoadSettings;
  log(message: string): void;
  note(line: string): void;
  withDb<T>(use: (db: Db) => Promise<T>): Promise<T>;
  stopService(service: Service, scenario: string): Promise<void>;
  /**
   * Loads GET `path` on the service, then a bare server sending the bytes the service answered,
   * under the same load (run.ts's read rows).
   */
  readBesideBytes(
    service: Service,
    scenario: string,
    path: string,
  ): Promise<{ bytes: number; run: Measurement; baseline: Baseline }>;
}

export interface PointsResult {
  rows: Row[];
  reads: PayoutCountRow[];
  totalsRuns: TotalsCostRun[];
}

/** The data the rows share: who pays, where the payouts go. */
interface Scene {
  apiKey: string;
  testKey: string;
  /** Registered passes (lower case, as sent), the first the "whale" the balance row reads. */
  passes: string[];
  /** Account ids of `passes`, in the same order. */
  accountIds: string[];
  campaignIds: number[];
  /** Earning periods: two past ones and the one covering now (which allocations need). */
  periodIds: number[];
  periodStarts: Date[];
  /** The bulk-loaded payouts' quests: one per campaign, and one outside any. */
  historyQuestIds: number[];
  liveQuestId: number;
  testQuestId: number;
  batchQuestId: number;
}

async function setUp(bench: PointsBench, service: Service): Promise<Scene> {
  const cast = await createCast(service, 0);
  const owner = cast.owner.pass;
  const testKey = await issueKey(service, owner, "test");
  const now = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  const campaignIds: number[] = [];
  for (let i = 1; i <= 3; i++) {
    const campaign = await admin<{ id: number }>(service, "/admin/campaigns", {
      name: `Bench campaign ${i}`,
      description: "Created by npm run bench",
      start: iso(now - 400 * DAY_MS),
      end: iso(now + 400 * DAY_MS),
    });
    campaignIds.push(campaign.id);
  }
  // Payouts outside any period are dated before the first one.
  const periodStarts = [now - 200 * DAY_MS, now - 100 * DAY_MS, now - DAY_MS].map(
    (ms) => new Date(ms),
  );
  const periodEnds = [now - 100 * DAY_MS, now - DAY_MS, now + 365 * DAY_MS];
  const periodIds: number[] = [];
  for (const [i, start] of periodStarts.entries()) {
    const period = await admin<{ id: number }>(service, "/admin/earning-periods", {
      start: start.toISOString(),
      end: iso(periodEnds[i]!),
    });
    periodIds.push(period.id);
  }
  const historyQuestIds: number[] = [];
  for (const [i, campaignId] of [...campaignIds, undefined].entries()) {
    historyQuestIds.push(
      await createQuest(
        service,
        owner,
        `Bench history ${i + 1}`,
        campaignId === undefined ? {} : { campaignId },
      ),
    );
  }
  const liveQuestId = await createQuest(service, owner, "Bench hot live", {
    campaignId: campaignIds[0]!,
  });
  const testQuestId = await createQuest(service, owner, "Bench hot test", {
    campaignId: campaignIds[0]!,
    mode: "test",
  });
  const batchQuestId = await createQuest(service, owner, "Bench batches", {
    campaignId: campaignIds[1]!,
  });

  bench.log(`Registering ${count(PASS_COUNT)} passes with SQL…`);
  // Past the owner's index, so none is the owner.
  const passes = Array.from({ length: PASS_COUNT }, (_, i) => passAddress(1_000 + i));
  const stored = passes.map((pass) => getAddress(pass));
  const accountIds = await bench.withDb(async (db) => {
    await db.query("INSERT INTO accounts (pass) SELECT unnest($1::text[])", [stored]);
    const { rows } = await db.query<{ id: string; pass: string }>(
      "SELECT id::text, pass FROM accounts WHERE pass = ANY($1::text[])",
      [stored],
    );
    const idOf = new Map(rows.map((row) => [row.pass, row.id]));
    return stored.map((pass) => idOf.get(pass)!);
  });
  return {
    apiKey: cast.apiKey,
    testKey,
    passes,
    accountIds,
    campaignIds,
    periodIds,
    periodStarts,
    historyQuestIds,
    liveQuestId,
    testQuestId,
    batchQuestId,
  };
}

/**
 * Payouts `from + 1` to `to`, in statements of INSERT_ROWS_PER_STATEMENT rows, then the kept
 * totals made again from every payout, as migration 006 makes them from the payouts before it
 * (in one transaction, so a read sees the old totals or the new). Payout i goes to quest i mod 4
 * (campaigns 1-3, then none), period (i div 4) mod 4 (periods 1-3, then none, dated before the
 * first), the whale when i is a multiple of WHALE_EVERY, else pass 2 + i mod 99,999; 1 to 100
 * points. The quests' books are balanced after, then the load is settled.
 */
async function loadPayouts(
  db: Db,
  scene: Scene,
  from: number,
  to: number,
  log: (message: string) => void,
): Promise<void> {
  const periods = [...scene.periodIds, null];
  const starts = [...scene.periodStarts, new Date(scene.periodStarts[0]!.getTime() - 100 * DAY_MS)];
  // Every reference is to a row that exists (the scene's quests, accounts and periods, joined),
  // so the foreign-key triggers are skipped for the load, a third of its time: replica role.
  const bulk = (statements: (tx: Tx) => Promise<void>) =>
    db.transaction(async (tx) => {
      await tx.query("SET LOCAL session_replication_role = replica");
      await statements(tx);
    });
  for (let start = from; start < to; start += INSERT_ROWS_PER_STATEMENT) {
    const end = Math.min(to, start + INSERT_ROWS_PER_STATEMENT);
    await bulk(async (tx) => {
      await tx.query(
        `INSERT INTO payouts (id, quest_id, account_id, amount, earning_period_id, created_at)
       SELECT gen_random_uuid(), ($1::int[])[1 + i % 4],
         CASE WHEN i % $7 = 0 THEN ($2::uuid[])[1]
              ELSE ($2::uuid[])[2 + i % (cardinality($2::uuid[]) - 1)] END,
         1 + i % 100, ($3::int[])[1 + (i / 4) % 4],
         ($4::timestamptz[])[1 + (i / 4) % 4] + i * interval '5 milliseconds'
       FROM generate_series($5::int, $6::int) AS i`,
        [scene.historyQuestIds, scene.accountIds, periods, starts, start + 1, end, WHALE_EVERY],
      );
    });
  }
  log(`…the kept totals of ${count(to)} payouts…`);
  await bulk(async (tx) => {
    await tx.query("TRUNCATE pass_totals");
    await tx.query(
      `INSERT INTO pass_totals (account_id, campaign_key, period_key, pass_key, points, payouts_count)
       ${RECOMPUTED_TOTALS_SQL}`,
    );
  });
  await db.query(
    `UPDATE quests q SET points_remaining = q.total_points
       - (SELECT coalesce(sum(amount), 0) FROM payouts WHERE quest_id = q.id)
     WHERE q.id = ANY($1::int[])`,
    [scene.historyQuestIds],
  );
  await positionBulkLoad(db, scene.historyQuestIds);
  // Settle the bulk load (statistics, visibility map, dirty pages) before anything is measured.
  log("…VACUUM ANALYZE, CHECKPOINT…");
  await db.query("VACUUM ANALYZE");
  await db.query("CHECKPOINT");
}

/**
 * Kept totals that differ from a recompute over the payouts (live quests, net of reversals,
 * campaigns by the quest's current one), a missing or an extra row counting too; a row left at
 * 0 points and 0 payouts is as good as none.
 */
async function totalsMismatches(db: Db): Promise<{ rows: number; mismatched: number }> {
  const { rows } = await db.query<{ rows: number; mismatched: number }>(
    `WITH recomputed AS (${RECOMPUTED_TOTALS_SQL}
     )
     SELECT (SELECT count(*)::int FROM pass_totals) AS rows,
            count(*)::int AS mismatched
     FROM recomputed c
     FULL JOIN pass_totals t USING (account_id, campaign_key, period_key)
     WHERE (c.points IS DISTINCT FROM t.points
            OR c.payouts_count IS DISTINCT FROM t.payouts_count
            OR c.pass_key IS DISTINCT FROM t.pass_key)
       AND NOT (c.account_id IS NULL AND t.points = 0 AND t.payouts_count = 0)`,
  );
  return rows[0]!;
}

async function checkTotals(bench: PointsBench, what: string): Promise<void> {
  const { rows, mismatched } = await bench.withDb(totalsMismatches);
  record(
    `${what}: kept totals equal a recompute from the payouts`,
    mismatched === 0,
    `${count(mismatched)} of ${count(rows)} pass_totals rows differ (missing, extra or wrong)`,
  );
  checkBooks(what, await bench.withDb(readBooks));
}

async function getJson<T>(url: string): Promise<{ bytes: number; body: T }> {
  const res = await fetch(url, { headers: { "accept-encoding": "identity" } });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${text}`);
  return { bytes: Buffer.byteLength(text), body: JSON.parse(text) as T };
}

/** The three reads' paths in this scene. */
function readPaths(scene: Scene): string[] {
  return [
    `/leaderboard?limit=${LEADERBOARD_LIMIT}`,
    `/leaderboard?campaign_id=${scene.campaignIds[0]}&limit=${LEADERBOARD_LIMIT}`,
    `/passes/${getAddress(scene.passes[0]!)}`,
  ];
}

interface PassAnswer {
  points: number;
  payouts_count: number;
  by_campaign: unknown[];
  by_earning_period: unknown[];
}

/** The answers say what the payouts do: a full page, and the whale's balance and count. */
async function checkAnswers(
  bench: PointsBench,
  service: Service,
  scene: Scene,
  payouts: number,
): Promise<void> {
  const [all, campaign, whale] = readPaths(scene);
  const pages = [
    await getJson<{ items: { rank: number; pass: string }[] }>(`${service.url}${all}`),
    await getJson<{ items: { rank: number; pass: string }[] }>(`${service.url}${campaign}`),
  ];
  const whalePass = getAddress(scene.passes[0]!);
  const balance = (await getJson<PassAnswer>(`${service.url}${whale}`)).body;
  const { rows } = await bench.withDb((db) =>
    db.query<{ points: string; payouts: number }>(
      `SELECT sum(amount) AS points, count(*)::int AS payouts FROM payouts p
       JOIN quests q ON q.id = p.quest_id AND q.mode = 'live'
       WHERE p.account_id = $1`,
      [scene.accountIds[0]],
    ),
  );
  const expected = { points: Number(rows[0]!.points), payouts: rows[0]!.payouts };
  const pagesOk = pages.every(
    (page) =>
      page.body.items.length === LEADERBOARD_LIMIT && page.body.items[0]?.pass === whalePass,
  );
  record(
    `points reads at ${count(payouts)} payouts: the answers agree with the payouts`,
    pagesOk &&
      balance.points === expected.points &&
      balance.payouts_count === expected.payouts &&
      balance.by_campaign.length === 4 &&
      balance.by_earning_period.length === 4,
    `leaderboard pages of ${pages.map((p) => p.body.items.length).join(" and ")} entries, the whale first: ${pagesOk}; ` +
      `whale ${balance.points} points (SQL ${expected.points}), ${balance.payouts_count} payouts (SQL ${expected.payouts}), ` +
      `${balance.by_campaign.length} campaigns and ${balance.by_earning_period.length} periods (4 each)`,
  );
}

/** The three reads at 10,000 payouts, on the service alone: their size and their run. */
async function readsAtSmall(
  bench: PointsBench,
  service: Service,
  scene: Scene,
): Promise<PayoutCountRun[]> {
  const runs: PayoutCountRun[] = [];
  for (const [i, path] of readPaths(scene).entries()) {
    const { bytes } = await getJson(`${service.url}${path}`);
    const scenario = `${READS[i]!.name}, ${count(SMALL_PAYOUT_COUNT)} payouts`;
    bench.log(
      `▶ ${scenario} (${bench.databaseName}), ${count(bytes)} bytes, ${bench.settings.durationS} s…`,
    );
    const target: LoadTarget = { baseUrl: service.url, method: "GET", paths: [path] };
    const run = await runLoad(target, bench.settings);
    checkAllOk(`${scenario} (${bench.databaseName})`, run);
    runs.push({ payouts: SMALL_PAYOUT_COUNT, bytes, run });
  }
  return runs;
}

/** One measured allocation run, the bodies in turn. */
async function allocationRun(
  bench: PointsBench,
  service: Service,
  scenario: string,
  path: string,
  apiKey: string,
  bodies: string[],
  settings: LoadSettings,
): Promise<Measurement> {
  bench.log(
    `▶ ${scenario} (${bench.databaseName}), ${settings.durationS} s, ${settings.connections} connection(s)…`,
  );
  const run = await runLoad(
    {
      baseUrl: service.url,
      method: "POST",
      paths: [path],
      headers: { "content-type": "application/json", "x-api-key": apiKey },
      bodies,
    },
    settings,
  );
  checkAllOk(`${scenario} (${bench.databaseName})`, run);
  return run;
}

const paid = (run: Measurement) => run.ok200 + run.warmup.ok200;

/**
 * Live and test-mode runs in turn, then the batches; then, the service stopped, one payout per
 * paid item on each quest, the books, and the totals against a recompute.
 */
async function benchAllocations(
  bench: PointsBench,
  service: Service,
  scene: Scene,
): Promise<{ live: Measurement; test: Measurement; batch: Measurement; runs: TotalsCostRun[] }> {
  const singles = scene.passes.map((pass) => JSON.stringify({ points: 1, address: pass }));
  const single = (quest: TotalsCostRun["quest"], settings: LoadSettings, what = "") =>
    allocationRun(
      bench,
      service,
      `allocate, hot quest, ${quest === "live" ? "live" : "test mode"}, ${count(PASS_COUNT)} passes in turn${what}`,
      `/quests/${quest === "live" ? scene.liveQuestId : scene.testQuestId}`,
      quest === "live" ? scene.apiKey : scene.testKey,
      singles,
      settings,
    );
  // Both paths warmed before the first measured run, so it is not the only one paying for it.
  const primed = { live: 0, test: 0 };
  const priming = { ...bench.settings, durationS: Math.max(1, bench.settings.warmupS), warmupS: 0 };
  for (const quest of ["live", "test"] as const) {
    primed[quest] = paid(await single(quest, priming, " (priming, not measured)"));
  }
  const runs: TotalsCostRun[] = [];
  for (const quest of ["live", "test", "live", "test"] as const) {
    runs.push({ quest, run: await single(quest, bench.settings) });
  }

  const batches: string[] = [];
  for (let at = 0; at < scene.passes.length; at += BATCH_ITEMS) {
    const items = scene.passes.slice(at, at + BATCH_ITEMS).map((address) => ({
      points: 1,
      address,
    }));
    batches.push(JSON.stringify({ allocations: items }));
  }
  // One batch first, to read its answer: every item paid.
  const probe = await fetch(`${service.url}/quests/${scene.batchQuestId}/allocations`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": scene.apiKey },
    body: batches[batches.length - 1],
  });
  const answer = (await probe.json()) as {
    results?: { status: number }[];
    paid_count?: number;
    paid_points?: number;
  };
  record(
    `${BATCH_SCENARIO}: a batch answers 200 with every item paid`,
    probe.status === 200 &&
      answer.paid_count === BATCH_ITEMS &&
      answer.paid_points === BATCH_ITEMS &&
      answer.results?.length === BATCH_ITEMS &&
      answer.results.every((result) => result.status === 200),
    `status ${probe.status}, paid_count ${answer.paid_count}, paid_points ${answer.paid_points}, ` +
      `${answer.results?.filter((result) => result.status === 200).length} of ${answer.results?.length} results 200`,
  );
  const batch = await allocationRun(
    bench,
    service,
    BATCH_SCENARIO,
    `/quests/${scene.batchQuestId}/allocations`,
    scene.apiKey,
    batches,
    { ...bench.settings, connections: 1 },
  );

  await bench.stopService(service, "the points rows");
  const { rows } = await bench.withDb((db) =>
    db.query<{ quest_id: number; payouts: number }>(
      `SELECT quest_id, count(*)::int AS payouts FROM payouts
       WHERE quest_id = ANY($1::int[]) GROUP BY quest_id`,
      [[scene.liveQuestId, scene.testQuestId, scene.batchQuestId]],
    ),
  );
  const payoutsOf = (questId: number) => rows.find((row) => row.quest_id === questId)?.payouts ?? 0;
  const sumPaid = (quest: TotalsCostRun["quest"]) =>
    runs.filter((r) => r.quest === quest).reduce((total, r) => total + paid(r.run), primed[quest]);
  for (const [what, questId, expected] of [
    ["live quest", scene.liveQuestId, sumPaid("live")],
    ["test-mode quest", scene.testQuestId, sumPaid("test")],
    ["batch quest", scene.batchQuestId, BATCH_ITEMS * (1 + paid(batch))],
  ] as const) {
    record(
      `points allocations, ${what}: one payout per item paid`,
      payoutsOf(questId) === expected,
      `${count(expected)} items answered paid (warm-up, priming and the first batch included), ${count(payoutsOf(questId))} payouts`,
    );
  }
  await checkTotals(bench, "points data after the allocations");

  const of = (quest: TotalsCostRun["quest"]) =>
    combine(runs.filter((r) => r.quest === quest).map((r) => r.run));
  return { live: of("live"), test: of("test"), batch, runs };
}

export async function benchPoints(bench: PointsBench): Promise<PointsResult> {
  const service = await startService(bench.database, {
    batching: true,
    workers: 1,
    publicReadsInFlightMax: 0,
  });
  const scene = await setUp(bench, service);

  bench.log(`Loading ${count(SMALL_PAYOUT_COUNT)} payouts and their totals with SQL…`);
  await bench.withDb((db) => loadPayouts(db, scene, 0, SMALL_PAYOUT_COUNT, bench.log));
  await checkTotals(bench, `points data, ${count(SMALL_PAYOUT_COUNT)} payouts`);
  await checkAnswers(bench, service, scene, SMALL_PAYOUT_COUNT);
  const small = await readsAtSmall(bench, service, scene);

  bench.log(
    `Loading payouts ${count(SMALL_PAYOUT_COUNT)}..${count(LARGE_PAYOUT_COUNT)} and their totals with SQL…`,
  );
  await bench.withDb((db) =>
    loadPayouts(db, scene, SMALL_PAYOUT_COUNT, LARGE_PAYOUT_COUNT, bench.log),
  );
  // The totals are made by the recompute's own grouping (checked at 10,000 payouts and after
  // the allocations); a second full recompute here would only add time.
  checkBooks(`points data, ${count(LARGE_PAYOUT_COUNT)} payouts`, await bench.withDb(readBooks));
  await checkAnswers(bench, service, scene, LARGE_PAYOUT_COUNT);

  const rows: Row[] = [];
  const reads: PayoutCountRow[] = [];
  for (const [i, path] of readPaths(scene).entries()) {
    const scenario = readScenario(READS[i]!);
    const { bytes, run, baseline } = await bench.readBesideBytes(service, scenario, path);
    rows.push({ scenario, database: bench.databaseName, run, baseline });
    const large: PayoutCountRun = { payouts: LARGE_PAYOUT_COUNT, bytes, run };
    reads.push({ read: READS[i]!.name, database: bench.databaseName, small: small[i]!, large });
    const bound = READ_COST_RATIO_MAX * small[i]!.run.p50Ms + 1;
    record(
      `${READS[i]!.name}: the same cost at ${count(SMALL_PAYOUT_COUNT)} and ${count(LARGE_PAYOUT_COUNT)} payouts`,
      run.p50Ms <= bound,
      `p50 ${small[i]!.run.p50Ms} ms at ${count(SMALL_PAYOUT_COUNT)}, ${run.p50Ms} ms at ${count(LARGE_PAYOUT_COUNT)} (bound ${bound} ms); ` +
        `${Math.round(small[i]!.run.requestsPerSecond)} and ${Math.round(run.requestsPerSecond)} req/s`,
    );
  }

  const { live, test, batch, runs } = await benchAllocations(bench, service, scene);
  rows.push(
    {
      scenario: TOTALS_SCENARIO,
      database: bench.databaseName,
      run: live,
      baseline: { label: "the same on a test-mode quest (no totals), runs alternating", run: test },
      goal: TOTALS_GOAL,
    },
    {
      scenario: BATCH_SCENARIO,
      database: bench.databaseName,
      run: batch,
      baseline: { label: "single allocations (the live runs), points/s", run: live },
      itemsPerRequest: BATCH_ITEMS,
    },
  );
  bench.note(
    `Points rows: one service process (WORKERS=1, public-read gate off); ${count(PASS_COUNT)} passes registered and the payouts with their kept totals bulk-loaded with SQL over 4 quests (3 campaigns and none) and 4 earning periods (3 and none), the pass read getting every ${WHALE_EVERY}th payout; ` +
      `the reads run first at ${count(SMALL_PAYOUT_COUNT)} payouts (table below), then at ${count(LARGE_PAYOUT_COUNT)}; the live and test-mode allocation runs alternate (live, test, live, test; p50 is their mean, p99 their highest); the batches send 1 point to each of ${count(BATCH_ITEMS)} passes a request on 1 connection (a quest's batches run one after another under its row lock)`,
  );
  return { rows, reads, totalsRuns: runs };
}
