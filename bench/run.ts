/**
 * `npm run bench`: issues 8 and 10, the service beside bare baselines. Starts a throwaway
 * PostgreSQL (fsync on), runs the service and a bare Fastify server (bench/echo-server.ts) as
 * child processes, and drives each row with autocannon for a fixed time, right before or after
 * its own bare baseline: a server doing the least the same answer needs (a payout echo, or the
 * service's own answer bytes), measured in the same run. Checks the books in the database after
 * every allocation run (including the one under a flood of reads), prints one table of ratios
 * and goals and writes it to bench/results.md. Exits non-zero when a check fails; a missed goal is
 * reported in the table, not failed.
 *
 * Environment:
 * - BENCH_DURATION_S (default 10, per row and per baseline), BENCH_WARMUP_S (2, unmeasured load
 *   before each run), BENCH_CONNECTIONS (64) and BENCH_REQUESTS_MAX (2,000,000 per run) tune
 *   the load.
 * - BENCH_WORKERS (default "1,2"): the WORKERS values (service processes, PostgreSQL only) the
 *   hot-quest and spread rows run with, one row each; their echo baseline runs as many bare
 *   processes. The other PostgreSQL rows run with WORKERS=1.
 * - BENCH_ONLY: comma-separated substrings (any case) of "scenario (database)"; only matching
 *   rows run (with their baselines), and the table is printed but not written to
 *   bench/results.md. Scenario names hold commas, so pick parts without: BENCH_ONLY="flood",
 *   "WORKERS=2", "round-robin,PGlite", "public quests", "1M payouts", "export", "points".
 * - The export rows (bench/export.ts) download GET /admin/payouts?format=csv and ?format=ndjson
 *   over 100,000 and then 1,000,000 payouts, sampling the service's RSS; they fail when a
 *   download misses a payout or its peak RSS growth exceeds 100 MB. Their table follows the
 *   main one.
 * - The points rows (bench/points.ts; BENCH_ONLY=points) share one database of
 *   100,000 registered passes: GET /leaderboard (all, one campaign) and GET /passes/{address}
 *   at 10,000 and then 1,000,000 bulk-loaded payouts (with their kept totals), each at 1M beside
 *   a bare server sending the same bytes, failing when a read's p50 at 1M passes twice its p50
 *   at 10k plus 1 ms; single allocations on a live quest (kept totals raised) and a test-mode
 *   one (no totals) in alternating runs, whose cost ratio has the goal "at most 10% more"; and
 *   POST /quests/{id}/allocations with 1,000 items a request on one connection, in points/s
 *   beside the single allocations'. They check every payout, the books, and the kept totals
 *   against a recompute from the payouts. Two tables of their own follow the main one.
 * - The pass-limits row (bench/pass-limits.ts; BENCH_ONLY="pass limits"): single allocations of
 *   1 point on a quest with limits per pass (never refusing), to a pass with 100,000 bulk-loaded
 *   payouts against new passes in turn, in alternating runs; goal: the whale's req/s at least
 *   0.9 of the new passes'. It checks every payout, the books, the kept counts
 *   (quest_pass_counts) against a recount and the kept totals. A table of its runs follows.
 * - The backup row (bench/backup.ts; BENCH_ONLY=backup), PGlite only: a data directory of
 *   1,000,000 payouts bulk-loaded with SQL, then single allocations (16 connections) without and
 *   while GET /admin/backup downloads; the backup's time and size, the allocations' req/s,
 *   p50/p99 and longest during it. It checks every allocation answered 200 or 503 with
 *   Retry-After, one payout per 200, the books check, and that `questpoints restore` of the file
 *   exits 0 with its books holding. A table of its own follows the main one.
 * - The suspended-passes rows (bench/suspensions.ts; BENCH_ONLY=suspended): GET /leaderboard
 *   (first page) and GET /passes/{address} (a rank of 50,000) over 100,000 passes seeded with
 *   SQL, with the 1,000 of most points suspended, beside the same reads with none suspended in
 *   alternating runs; goal: at least 0.9 of the rate with none.
 * - ALLOCATION_BATCH_MAX, ALLOCATION_BATCH_WAIT_MS, DB_POOL_SIZE and PUBLIC_READS_IN_FLIGHT_MAX
 *   pass through to the service; the read rows set PUBLIC_READS_IN_FLIGHT_MAX=0 (gate off) to
 *   measure throughput, while the flood rows keep the gate, whose 503s are counted.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { DB_TIMEOUTS_DEFAULT, type Db, type DbTimeouts } from "../src/db/handle.js";
import { openPglite } from "../src/db/pglite.js";
import { openPostgres } from "../src/db/postgres.js";
import { startPostgres } from "../test/helpers/postgres.js";
import { BACKUP_GROUP, BACKUP_SCENARIO, benchBackup } from "./backup.js";
import {
  benchCapacity,
  CAPACITY_GROUP,
  type CapacityResult,
  renderCapacityTable,
} from "./capacity.js";
import {
  anyFailed,
  checkAllOk,
  checkBooks,
  checkPayoutsMatch,
  checkSameAnswer,
  checkShedOnly,
  readBooks,
} from "./checks.js";
import {
  benchExport,
  EXPORT_RSS_GROWTH_MAX_BYTES,
  EXPORT_SCENARIOS,
  PAGE_DEPTH_COST_RATIO_MAX,
} from "./export.js";
import { backfills, createCast, createQuests, passAddress, seedReadData } from "./fixtures.js";
import {
  type LoadSettings,
  type LoadTarget,
  type Measurement,
  runBackgroundLoad,
  runLoad,
} from "./load.js";
import {
  benchPassLimits,
  PASS_LIMITS_GROUP,
  PASS_LIMITS_RATIO_MIN,
  PASS_LIMITS_SCENARIO,
} from "./pass-limits.js";
import {
  benchPoints,
  POINTS_GROUP,
  POINTS_SCENARIOS,
  READ_COST_RATIO_MAX,
  TOTALS_COST_MAX,
} from "./points.js";
import { atCleanup, cleanUp, cleanUpOnSignals, REPO_ROOT } from "./processes.js";
import { benchRemoteDatabase, REMOTE_GROUP, REMOTE_SCENARIOS } from "./remote.js";
import {
  type BackupRun,
  type Baseline,
  type ExportRow,
  type Goal,
  type PageDepthRow,
  type PassLimitsRun,
  type PayoutCountRow,
  type Row,
  renderBackupTable,
  renderExportTable,
  renderPageDepthTable,
  renderPassLimitsTable,
  renderPayoutCountTable,
  renderReport,
  renderTotalsCostTable,
  type TotalsCostRun,
} from "./report.js";
import { benchStoredPayouts, STORED_GROUP, STORED_SCENARIOS } from "./scale.js";
import {
  type Database,
  type Service,
  type ServiceOptions,
  startBare,
  startService,
} from "./service.js";
import { benchSuspensions, SUSPENSION_SCENARIOS, SUSPENSIONS_GROUP } from "./suspensions.js";
import {
  benchWebhooks,
  renderWebhookLagTable,
  WEBHOOK_GROUP,
  WEBHOOK_SCENARIOS,
  type WebhookLag,
} from "./webhooks.js";

const SPREAD_QUEST_COUNT = 1_000;
/** The whole list fits the default page (limit 1000): the page is every public quest. */
const READ_QUEST_COUNT = 1_000;
const READ_PAYOUT_COUNT = 1_000_000;
const READ_PLAYER_COUNT = 100;
const DEEP_PAGE_OFFSET = 500_000;
const FIRST_PAGE_SCENARIO = "GET /quests/{id}, 1M payouts, first page";
const DEEP_PAGE_SCENARIO = `GET /quests/{id}, 1M payouts, deep page (offset ${DEEP_PAGE_OFFSET.toLocaleString("en-US")})`;
const DEPTH_SCENARIO = "↳ the deep page against the first";
const FLOOD_CONNECTIONS = 50;

// The goals of the first rows.
const HOT_QUEST_GOAL: Goal = { ratioMin: 0.5 };
const SPREAD_GOAL: Goal = { ratioMin: 0.25 };
const QUEST_LIST_GOAL: Goal = { ratioMin: 0.5 };
const PAYOUT_PAGE_GOAL: Goal = { ratioMin: 0.3 };
const FLOOD_GOAL: Goal = { p99MsBelow: 50 };
// Depth: any offset costs about what the first page does.
const PAGE_DEPTH_GOAL: Goal = { ratioMin: 0.8 };

/** Hop-by-hop and per-answer headers: the bare server's HTTP stack sets its own. */
const HEADERS_NOT_COPIED = new Set([
  "connection",
  "content-length",
  "content-type",
  "date",
  "keep-alive",
  "transfer-encoding",
]);

/** A whole number of at least `min` from the environment, or `fallback` when unset. */
function wholeNumber(name: string, fallback: number, min = 1): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min) {
    throw new Error(`${name} must be a whole number of at least ${min}; got "${raw}".`);
  }
  return Number(raw);
}

function positiveIntegers(name: string, fallback: number[]): number[] {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  if (!/^[1-9]\d*(,[1-9]\d*)*$/.test(raw)) {
    throw new Error(`${name} must be comma-separated positive integers; got "${raw}".`);
  }
  return raw.split(",").map(Number);
}

const settings: LoadSettings = {
  durationS: wholeNumber("BENCH_DURATION_S", 10),
  warmupS: wholeNumber("BENCH_WARMUP_S", 2, 0),
  connections: wholeNumber("BENCH_CONNECTIONS", 64),
  requestsMax: wholeNumber("BENCH_REQUESTS_MAX", 2_000_000),
};
const workerCounts = positiveIntegers("BENCH_WORKERS", [1, 2]);
const only = (process.env.BENCH_ONLY ?? "")
  .split(",")
  .map((part) => part.trim().toLowerCase())
  .filter((part) => part !== "");

const POSTGRES = "PostgreSQL";
const PGLITE = "PGlite";
const databaseName = (database: Database) => (database.kind === "postgres" ? POSTGRES : PGLITE);
const label = (scenario: string, database: string) => `${scenario} (${database})`;
const matchesOnly = (rowLabel: string) =>
  only.length === 0 || only.some((part) => rowLabel.toLowerCase().includes(part));
const count = (value: number) => value.toLocaleString("en-US");

/** The bench's own statements (a million-row insert, VACUUM) outlast the service's bounds. */
const BENCH_DB_TIMEOUTS: DbTimeouts = { ...DB_TIMEOUTS_DEFAULT, statementMs: 600_000 };

/**
 * Opens the database a stopped (or running, for PostgreSQL) service uses, for seeding and SQL
 * checks.
 */
async function withDb<T>(database: Database, use: (db: Db) => Promise<T>): Promise<T> {
  const db =
    database.kind === "postgres"
      ? openPostgres({ url: database.url, poolSize: 1, timeouts: BENCH_DB_TIMEOUTS })
      : await openPglite(database.dataDir);
  try {
    return await use(db);
  } finally {
    await db.close();
  }
}

async function serverVersion(db: Db): Promise<string> {
  const { rows } = await db.query<{ server_version: string }>("SHOW server_version");
  return rows[0]!.server_version;
}

const startedAt = Date.now();
/** Lines for the report on what some rows did differently, added as they run. */
const notes: string[] = [];

/** Progress on the console, with the time since start (set-up and seeding take a while too). */
function log(message: string): void {
  const elapsedS = Math.round((Date.now() - startedAt) / 1000);
  console.log(`[${String(elapsedS).padStart(4)} s] ${message}`);
}

function announce(scenario: string, database: string): void {
  log(
    `▶ ${label(scenario, database)}, ${settings.durationS} s, ${settings.connections} connections…`,
  );
}

/**
 * Stops the service and shows what it logged (LOG_LEVEL=warn: warnings and errors only), which
 * a clean run leaves empty.
 */
async function stopService(service: Service, scenario: string): Promise<void> {
  await service.stop();
  const output = service.output().trim();
  if (output === "") return;
  log(`The service logged during ${scenario} (last ${output.length} characters):`);
  console.log(output.replace(/^/gm, "    "));
}

/** What the allocation rows send: 1 point to the first player, as the echo baseline gets. */
const ALLOCATE_BODY = JSON.stringify({ points: 1, address: passAddress(2) });

/** The bare echo of a payout answer, over the same paths as the row it stands beside. */
async function measureEcho(workers: number, paths: string[]): Promise<Baseline> {
  const name = `bare echo${workers > 1 ? `, ${workers} processes` : ""}`;
  const bare = await startBare({ kind: "echo" }, workers);
  announce(name, "no database");
  const run = await runLoad(
    {
      baseUrl: bare.url,
      method: "POST",
      paths,
      headers: { "content-type": "application/json" },
      body: ALLOCATE_BODY,
    },
    settings,
  );
  await bare.stop();
  checkAllOk(name, run);
  return { label: name, run };
}

const questPaths = (questIds: number[]) => questIds.map((id) => `/quests/${id}`);

/**
 * Allocates 1 point a request, round-robin over `questCount` quests of one owner, on a fresh
 * database, right after its echo baseline; then stops the service and checks the books and the
 * payout count by SQL.
 */
async function benchAllocation(
  scenario: string,
  database: Database,
  options: ServiceOptions,
  questCount: number,
  goal: Goal | undefined,
): Promise<Row> {
  const workers = options.workers ?? 1;
  // The echo's paths stand in for the quests' ids, which exist only once the service runs.
  const baseline = await measureEcho(
    workers,
    questPaths(Array.from({ length: questCount }, (_, i) => i + 1)),
  );
  log(`Starting the service on ${databaseName(database)}, creating ${count(questCount)} quest(s)…`);
  const service = await startService(database, options);
  const cast = await createCast(service, 1);
  const questIds = await createQuests(service, cast.owner.pass, questCount);
  if (options.workers !== undefined) {
    // WORKERS is the service's to honour; the table should say whether it did.
    const processes = service.processCount();
    const ran = processes === undefined ? "?" : `${processes} process${processes > 1 ? "es" : ""}`;
    log(`The service runs as ${ran}.`);
    notes.push(`${scenario}: the service ran as ${ran}, primary included`);
  }
  announce(scenario, databaseName(database));
  const run = await runLoad(
    {
      baseUrl: service.url,
      method: "POST",
      paths: questPaths(questIds),
      headers: { "content-type": "application/json", "x-api-key": cast.apiKey },
      body: JSON.stringify({ points: 1, address: cast.players[0]!.pass }),
    },
    settings,
  );
  // PGlite is one process's files: the books can be read only once the service let go of them.
  await stopService(service, scenario);
  const books = await withDb(database, readBooks);
  const name = label(scenario, databaseName(database));
  checkAllOk(name, run);
  checkBooks(name, books);
  checkPayoutsMatch(name, run, books, 0);
  return { scenario, database: databaseName(database), run, baseline, goal };
}

interface Answer {
  body: Buffer;
  contentType: string;
  /** The headers a bare server must repeat (not those its HTTP stack sets itself). */
  headers: Record<string, string>;
}

async function fetchAnswer(url: string, headers: Record<string, string>): Promise<Answer> {
  // identity: the bytes as autocannon receives them (it asks for no compression either).
  const res = await fetch(url, { headers: { ...headers, "accept-encoding": "identity" } });
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${body}`);
  const copied: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    if (!HEADERS_NOT_COPIED.has(name)) copied[name] = value;
  });
  return { body, contentType: res.headers.get("content-type") ?? "", headers: copied };
}

interface Read {
  scenario: string;
  path: string;
  owner: boolean;
  goal?: Goal;
}

/**
 * The read rows on one database holding 1,000 public quests, the first with 1M payouts (when a
 * payout row is selected), the public-read gate off. Each row's baseline is a bare server sending
 * the bytes the service answered, measured right after the row.
 */
async function benchReads(database: Database, reads: Read[], scratch: string): Promise<Row[]> {
  const service = await startService(database, {
    batching: true,
    workers: 1,
    publicReadsInFlightMax: 0,
  });
  const cast = await createCast(service, READ_PLAYER_COUNT);
  const payoutCount = reads.some((read) => read.owner) ? READ_PAYOUT_COUNT : 0;
  log(`Seeding ${count(READ_QUEST_COUNT)} quests and ${count(payoutCount)} payouts…`);
  const questId = await withDb(database, (db) =>
    seedReadData(db, cast, READ_QUEST_COUNT, payoutCount),
  );
  checkBooks("read data", await withDb(database, readBooks));

  const rows: Row[] = [];
  const runs = new Map<string, Measurement>();
  for (const read of reads) {
    const path = read.path.replace("{id}", String(questId));
    const headers: Record<string, string> = read.owner ? { "x-api-key": cast.apiKey } : {};
    const { run, baseline } = await readBesideBytes(service, read.scenario, path, headers, scratch);
    rows.push({ scenario: read.scenario, database: POSTGRES, run, baseline, goal: read.goal });
    runs.set(read.scenario, run);
  }
  await stopService(service, "the read rows");
  // Depth: the deep page against the first one, each measured beside its own bare bytes.
  const first = runs.get(FIRST_PAGE_SCENARIO);
  const deep = runs.get(DEEP_PAGE_SCENARIO);
  if (first && deep) {
    rows.push({
      scenario: DEPTH_SCENARIO,
      database: POSTGRES,
      run: deep,
      baseline: { label: "the first page (row above)", run: first },
      goal: PAGE_DEPTH_GOAL,
    });
  }
  return rows;
}

let answerFiles = 0;

/**
 * A read row on PostgreSQL: GET `path` on the service under load, then a bare server sending
 * the bytes the service answered (checked byte for byte) under the same load.
 */
async function readBesideBytes(
  service: Service,
  scenario: string,
  path: string,
  headers: Record<string, string>,
  scratch: string,
): Promise<{ answer: Answer; run: Measurement; baseline: Baseline }> {
  const answer = await fetchAnswer(`${service.url}${path}`, headers);
  const size = `${count(answer.body.length)} bytes, ${answer.contentType}`;
  log(`GET ${path} answers ${size}`);
  notes.push(`${scenario}: ${size}`);

  announce(scenario, POSTGRES);
  const target: LoadTarget = { baseUrl: service.url, method: "GET", paths: [path], headers };
  const run = await runLoad(target, settings);
  checkAllOk(label(scenario, POSTGRES), run);

  const bodyFile = join(scratch, `answer-${answerFiles++}.bin`);
  writeFileSync(bodyFile, answer.body);
  const baselineName = `bare GET, same ${count(answer.body.length)} bytes`;
  const bare = await startBare({
    kind: "bytes",
    path: new URL(path, service.url).pathname,
    bodyFile,
    contentType: answer.contentType,
    headers: answer.headers,
  });
  checkSameAnswer(baselineName, answer, await fetchAnswer(`${bare.url}${path}`, headers));
  announce(baselineName, "no database");
  const baselineRun = await runLoad({ ...target, baseUrl: bare.url }, settings);
  await bare.stop();
  checkAllOk(baselineName, baselineRun);
  return { answer, run, baseline: { label: baselineName, run: baselineRun } };
}

const FLOOD_SCENARIOS = {
  alone: "allocate, hot quest, no flood",
  flooded: `allocate, hot quest, while ${FLOOD_CONNECTIONS} connections flood GET /quests`,
  flood: `↳ the flood: GET /quests default page, ${FLOOD_CONNECTIONS} connections`,
};

/**
 * Allocations on a hot quest without, then with, 50 more connections flooding GET /quests (the
 * 1,000-quest default page) at the same time, on one service with its defaults (the public-read
 * gate on); the flood runs on a worker thread of its own. Both allocation runs stand beside the
 * same echo baseline, measured first. The books are checked after each allocation run; the
 * flood's answers may be 200 or 503.
 */
async function benchFlood(database: Database): Promise<Row[]> {
  const baseline = await measureEcho(1, ["/quests/1"]);
  const service = await startService(database, { batching: true, workers: 1 });
  const cast = await createCast(service, 1);
  log(`Seeding ${count(READ_QUEST_COUNT)} public quests…`);
  const questId = await withDb(database, (db) => seedReadData(db, cast, READ_QUEST_COUNT, 0));
  const page = await fetchAnswer(`${service.url}/quests`, {});
  const size = `${count(page.body.length)} bytes, ${page.contentType}`;
  log(`GET /quests answers ${size}`);
  notes.push(`${FLOOD_SCENARIOS.flood}: each answer 200 is ${size}`);
  const allocate: LoadTarget = {
    baseUrl: service.url,
    method: "POST",
    paths: [`/quests/${questId}`],
    headers: { "content-type": "application/json", "x-api-key": cast.apiKey },
    body: JSON.stringify({ points: 1, address: cast.players[0]!.pass }),
  };
  const flood: LoadTarget = { baseUrl: service.url, method: "GET", paths: ["/quests"] };

  announce(FLOOD_SCENARIOS.alone, POSTGRES);
  const alone = await runLoad(allocate, settings);
  const booksAlone = await withDb(database, readBooks);
  const aloneName = label(FLOOD_SCENARIOS.alone, POSTGRES);
  checkAllOk(aloneName, alone);
  checkBooks(aloneName, booksAlone);
  checkPayoutsMatch(aloneName, alone, booksAlone, 0);

  announce(FLOOD_SCENARIOS.flooded, POSTGRES);
  log(`  …and at the same time ${FLOOD_SCENARIOS.flood}`);
  const [flooded, floodRun] = await Promise.all([
    runLoad(allocate, settings),
    runBackgroundLoad(flood, { ...settings, connections: FLOOD_CONNECTIONS }),
  ]);
  await stopService(service, "the flood rows");
  const booksFlooded = await withDb(database, readBooks);
  const floodedName = label(FLOOD_SCENARIOS.flooded, POSTGRES);
  checkAllOk(floodedName, flooded);
  checkBooks(floodedName, booksFlooded);
  checkPayoutsMatch(floodedName, flooded, booksFlooded, booksAlone.payouts);
  checkShedOnly(label(FLOOD_SCENARIOS.flood, POSTGRES), floodRun);
  return [
    { scenario: FLOOD_SCENARIOS.alone, database: POSTGRES, run: alone, baseline },
    {
      scenario: FLOOD_SCENARIOS.flooded,
      database: POSTGRES,
      run: flooded,
      baseline,
      goal: FLOOD_GOAL,
    },
    { scenario: FLOOD_SCENARIOS.flood, database: POSTGRES, run: floodRun },
  ];
}

/** Rows that share their set-up (a database, a service, seeded data), run only if selected. */
interface Group {
  /** "scenario (database)" of each row, what BENCH_ONLY matches. */
  labels: string[];
  run(): Promise<Row[]>;
}

async function main(): Promise<number> {
  cleanUpOnSignals();
  const loadAverageAtStart = loadavg()
    .map((load) => load.toFixed(1))
    .join(", ");
  const scratch = mkdtempSync(join(tmpdir(), "qp-bench-"));
  atCleanup(async () => rmSync(scratch, { recursive: true, force: true }));
  notes.push(
    `Allocation rows: 1 point a request; WORKERS=n is n service processes, beside a bare echo of as many processes; the spread rows' echo rotates over as many paths`,
    `Read rows: PUBLIC_READS_IN_FLIGHT_MAX=0 (public-read gate off), to measure throughput; each baseline is a bare Fastify server sending the service's answer bytes and content-type`,
    `Flood rows: the service's defaults (public-read gate on); ${FLOOD_CONNECTIONS} more connections flood GET /quests during the second allocation run, from the bench process too but on a worker thread of its own (its large answers would otherwise delay the allocation run's clock); the flood's 503s are the gate shedding load, counted and not failed`,
  );

  // Databases are made when a group runs, so a BENCH_ONLY subset sets up only what it uses.
  let server: Awaited<ReturnType<typeof startPostgres>> | undefined;
  const postgresDatabase = async (name: string): Promise<Database> => {
    if (!server) throw new Error("invariant: PostgreSQL is started before any group runs");
    await withDb({ kind: "postgres", url: server.url }, (db) =>
      db.query(`CREATE DATABASE ${name}`),
    );
    return { kind: "postgres", url: server.url.replace(/\/postgres$/, `/${name}`) };
  };
  const pgliteDatabase = (name: string): Database => {
    const dataDir = join(scratch, name);
    mkdirSync(dataDir);
    return { kind: "pglite", dataDir };
  };

  const groups: Group[] = [];
  const allocationGroup = (
    scenario: string,
    database: string,
    open: () => Promise<Database> | Database,
    options: ServiceOptions,
    questCount: number,
    goal: Goal | undefined,
  ) =>
    groups.push({
      labels: [label(scenario, database)],
      run: async () => [await benchAllocation(scenario, await open(), options, questCount, goal)],
    });

  allocationGroup(
    "allocate, hot quest, batching off, WORKERS=1",
    POSTGRES,
    () => postgresDatabase("hot_off"),
    { batching: false, workers: 1 },
    1,
    undefined,
  );
  for (const workers of workerCounts) {
    allocationGroup(
      `allocate, hot quest, batching on, WORKERS=${workers}`,
      POSTGRES,
      () => postgresDatabase(`hot_on_w${workers}`),
      { batching: true, workers },
      1,
      HOT_QUEST_GOAL,
    );
  }
  for (const workers of workerCounts) {
    allocationGroup(
      `allocate, ${count(SPREAD_QUEST_COUNT)} quests round-robin, batching on, WORKERS=${workers}`,
      POSTGRES,
      () => postgresDatabase(`spread_w${workers}`),
      { batching: true, workers },
      SPREAD_QUEST_COUNT,
      SPREAD_GOAL,
    );
  }
  groups.push({
    labels: Object.values(FLOOD_SCENARIOS).map((scenario) => label(scenario, POSTGRES)),
    run: async () => benchFlood(await postgresDatabase("flood")),
  });
  const reads: Read[] = [
    {
      scenario: `GET /quests, ${count(READ_QUEST_COUNT)} public quests, default page`,
      path: "/quests",
      owner: false,
      goal: QUEST_LIST_GOAL,
    },
    {
      scenario: `GET /quests?limit=20, ${count(READ_QUEST_COUNT)} public quests`,
      path: "/quests?limit=20",
      owner: false,
    },
    {
      scenario: FIRST_PAGE_SCENARIO,
      path: "/quests/{id}",
      owner: true,
      goal: PAYOUT_PAGE_GOAL,
    },
    {
      scenario: DEEP_PAGE_SCENARIO,
      path: `/quests/{id}?offset=${DEEP_PAGE_OFFSET}&limit=20`,
      owner: true,
    },
  ];
  const readLabel = (read: Read) => label(read.scenario, POSTGRES);
  groups.push({
    labels: reads.map(readLabel),
    run: async () =>
      benchReads(
        await postgresDatabase("reads"),
        reads.filter((read) => matchesOnly(readLabel(read))),
        scratch,
      ),
  });
  // The export rows have a table of their own (bytes and memory, not requests), kept here.
  const exportRows: ExportRow[] = [];
  const pageRows: PageDepthRow[] = [];
  groups.push({
    labels: EXPORT_SCENARIOS.map((scenario) => label(scenario, POSTGRES)),
    run: async () => {
      const database = await postgresDatabase("exports");
      if (database.kind !== "postgres") throw new Error("invariant: a PostgreSQL database");
      notes.push(
        "Export rows: one service process; the payouts are bulk-loaded with SQL, then each export is downloaded whole on one connection while the service's VmRSS is read every 100 ms; peak growth is over the RSS right before the download",
      );
      const { exports, pages } = await benchExport({
        database,
        databaseName: POSTGRES,
        log,
        withDb: (use) => withDb(database, use),
        stopService,
      });
      exportRows.push(...exports);
      pageRows.push(...pages);
      return [];
    },
  });
  for (const batching of [false, true]) {
    allocationGroup(
      `allocate, hot quest, batching ${batching ? "on" : "off"}`,
      PGLITE,
      () => pgliteDatabase(`pglite_${batching ? "on" : "off"}`),
      { batching },
      1,
      undefined,
    );
  }
  // The points rows share one database of 100,000 passes and 1M payouts; two tables of their own.
  const payoutCountRows: PayoutCountRow[] = [];
  const totalsRuns: TotalsCostRun[] = [];
  groups.push({
    labels: [POINTS_GROUP, ...POINTS_SCENARIOS].map((scenario) => label(scenario, POSTGRES)),
    run: async () => {
      const database = await postgresDatabase("points");
      if (database.kind !== "postgres") throw new Error("invariant: a PostgreSQL database");
      const result = await benchPoints({
        database,
        databaseName: POSTGRES,
        settings,
        log,
        note: (line) => notes.push(line),
        withDb: (use) => withDb(database, use),
        stopService,
        readBesideBytes: async (service, scenario, path) => {
          const read = await readBesideBytes(service, scenario, path, {}, scratch);
          return { bytes: read.answer.body.length, run: read.run, baseline: read.baseline };
        },
      });
      payoutCountRows.push(...result.reads);
      totalsRuns.push(...result.totalsRuns);
      return result.rows;
    },
  });

  // Limits per pass: a pass with 100,000 payouts against new ones; a table of its runs.
  const passLimitsRuns: PassLimitsRun[] = [];
  groups.push({
    labels: [PASS_LIMITS_GROUP, PASS_LIMITS_SCENARIO].map((scenario) => label(scenario, POSTGRES)),
    run: async () => {
      const result = await benchPassLimits({
        open: postgresDatabase,
        settings,
        log,
        note: (line) => notes.push(line),
        withDb,
        stopService,
      });
      passLimitsRuns.push(...result.runs);
      return result.rows;
    },
  });

  // Backups of PGlite: GET /admin/backup at 1,000,000 payouts under allocations; a table of its own.
  const backupRuns: BackupRun[] = [];
  groups.push({
    labels: [BACKUP_GROUP, BACKUP_SCENARIO].map((scenario) => label(scenario, PGLITE)),
    run: async () => {
      const result = await benchBackup({
        open: pgliteDatabase,
        settings,
        log,
        note: (line) => notes.push(line),
        withDb,
        stopService,
      });
      if (result.backup) backupRuns.push(result.backup);
      return result.rows;
    },
  });

  // Suspended passes: the leaderboard and a rank with 1,000 of 100,000 passes suspended.
  groups.push({
    labels: [SUSPENSIONS_GROUP, ...Object.values(SUSPENSION_SCENARIOS)].map((scenario) =>
      label(scenario, POSTGRES),
    ),
    run: () =>
      benchSuspensions({
        open: postgresDatabase,
        settings,
        log,
        note: (line) => notes.push(line),
        withDb,
        stopService,
      }),
  });

  // Scale: allocations with 10,000,000 payouts stored against an empty table.
  groups.push({
    labels: [STORED_GROUP, ...Object.values(STORED_SCENARIOS)].map((scenario) =>
      label(scenario, POSTGRES),
    ),
    run: () => benchStoredPayouts({ open: postgresDatabase, settings, log, withDb, stopService }),
  });

  // The remote rows: the database 0.5 ms away each way, behind a delaying proxy.
  groups.push({
    labels: [REMOTE_GROUP, ...Object.values(REMOTE_SCENARIOS)].map((scenario) =>
      label(scenario, POSTGRES),
    ),
    run: () => {
      if (!server) throw new Error("invariant: PostgreSQL is started before any group runs");
      return benchRemoteDatabase({
        serverUrl: server.url,
        open: postgresDatabase,
        settings,
        log,
        note: (line) => notes.push(line),
        withDb,
        stopService,
      });
    },
  });

  // The capacity figures: CPU and WAL per payout, bytes per stored payout.
  const capacities: CapacityResult[] = [];
  groups.push({
    labels: [label(CAPACITY_GROUP, POSTGRES)],
    run: async () => {
      if (!server) throw new Error("invariant: PostgreSQL is started before any group runs");
      const postgresPid = Number(
        readFileSync(join(server.dataDir, "postmaster.pid"), "utf8").split("\n")[0],
      );
      capacities.push(
        await benchCapacity({
          open: postgresDatabase,
          settings,
          log,
          withDb,
          stopService,
          postgresPid,
        }),
      );
      return [];
    },
  });

  // The webhook rows: allocation with and without a webhook endpoint, and the delivery lag.
  const webhookLags: WebhookLag[] = [];
  groups.push({
    labels: [WEBHOOK_GROUP, ...Object.values(WEBHOOK_SCENARIOS)].map((scenario) =>
      label(scenario, POSTGRES),
    ),
    run: async () => {
      const result = await benchWebhooks({
        open: postgresDatabase,
        settings,
        log,
        withDb,
        stopService,
      });
      webhookLags.push(result.lag);
      return result.rows;
    },
  });

  const selected = groups.filter((group) => group.labels.some(matchesOnly));
  if (selected.length === 0) {
    const all = groups.flatMap((group) => group.labels);
    throw new Error(`BENCH_ONLY="${process.env.BENCH_ONLY}" matches no row of:\n${all.join("\n")}`);
  }

  log("Starting PostgreSQL (fsync on)…");
  server = await startPostgres({ durable: true });
  atCleanup(() => server!.stop());
  const postgresVersion = await withDb({ kind: "postgres", url: server.url }, serverVersion);
  const inMemory = await openPglite(undefined);
  const pgliteVersion = await serverVersion(inMemory).finally(() => inMemory.close());

  const rows: Row[] = [];
  for (const group of selected) rows.push(...(await group.run()));

  for (const { numbered, seconds } of backfills) {
    notes.push(
      `Positions backfill (migration 011) of bulk-loaded payouts, as after an upgrade: ${count(numbered)} payouts in ${seconds.toFixed(1)} s (${count(Math.round(numbered / seconds))} a second, 50,000 a transaction)`,
    );
  }
  const report = renderReport(rows, {
    durationS: settings.durationS,
    warmupS: settings.warmupS,
    connections: settings.connections,
    postgresVersion,
    pgliteVersion,
    loadAverageAtStart,
    runTimeS: (Date.now() - startedAt) / 1000,
    notes,
  });
  const extraTables =
    (exportRows.length > 0
      ? `\n${renderExportTable(exportRows, EXPORT_RSS_GROWTH_MAX_BYTES)}`
      : "") +
    (pageRows.length > 0 ? `\n${renderPageDepthTable(pageRows, PAGE_DEPTH_COST_RATIO_MAX)}` : "") +
    (payoutCountRows.length > 0
      ? `\n${renderPayoutCountTable(payoutCountRows, READ_COST_RATIO_MAX)}`
      : "") +
    (totalsRuns.length > 0 ? `\n${renderTotalsCostTable(totalsRuns, TOTALS_COST_MAX)}` : "") +
    (passLimitsRuns.length > 0
      ? `\n${renderPassLimitsTable(passLimitsRuns, PASS_LIMITS_RATIO_MIN)}`
      : "") +
    backupRuns.map((backup) => `\n${renderBackupTable(backup)}`).join("") +
    webhookLags.map((lag) => `\n${renderWebhookLagTable(lag)}`).join("") +
    capacities.map((capacity) => `\n${renderCapacityTable(capacity)}`).join("");
  console.log(`\n${report}${extraTables}`);
  // A subset would overwrite the full table with a few rows.
  if (only.length === 0) {
    writeFileSync(join(REPO_ROOT, "bench", "results.md"), `${report}${extraTables}`);
  } else log("BENCH_ONLY is set: bench/results.md is left as it was.");
  const failed = anyFailed();
  console.log(failed ? "Some checks FAILED (see above)." : "All checks passed.");
  log("Done.");
  return failed ? 1 : 0;
}

let exitCode = 1;
try {
  exitCode = await main();
} catch (error) {
  console.error("bench failed:", error);
} finally {
  await cleanUp();
}
process.exit(exitCode);
