/**
 * `npm run bench`: issue 3, allocation at scale. Starts a throwaway PostgreSQL (fsync on), runs
 * the service and an echo server as child processes, drives each scenario with autocannon for a
 * fixed time, checks the books in the database after every allocation run, prints one table
 * and writes it to bench/results.md. Exits non-zero when a check fails.
 *
 * BENCH_DURATION_S (default 10), BENCH_CONNECTIONS (64) and BENCH_REQUESTS_MAX (2,000,000 per
 * row) tune the load; ALLOCATION_BATCH_MAX and ALLOCATION_BATCH_WAIT_MS pass through to the
 * service.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import type { Db } from "../src/store/db.js";
import { openPglite } from "../src/store/pglite.js";
import { openPostgres } from "../src/store/postgres.js";
import { startPostgres } from "../test/helpers/postgres.js";
import { anyFailed, checkAllOk, checkBooks, checkPayoutsMatch, readBooks } from "./checks.js";
import { createCast, createQuests, seedReadData } from "./fixtures.js";
import { type LoadSettings, runLoad } from "./load.js";
import { atCleanup, cleanUp, cleanUpOnSignals, REPO_ROOT } from "./processes.js";
import { type Row, renderReport } from "./report.js";
import { type Database, startEcho, startService } from "./service.js";

const SPREAD_QUEST_COUNT = 1_000;
const READ_QUEST_COUNT = 10_000;
const READ_PAYOUT_COUNT = 1_000_000;
const READ_PLAYER_COUNT = 100;
const DEEP_PAGE_OFFSET = 500_000;

function positiveInteger(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  if (!/^[1-9]\d*$/.test(raw)) throw new Error(`${name} must be a positive integer; got "${raw}".`);
  return Number(raw);
}

const settings: LoadSettings = {
  durationS: positiveInteger("BENCH_DURATION_S", 10),
  connections: positiveInteger("BENCH_CONNECTIONS", 64),
  requestsMax: positiveInteger("BENCH_REQUESTS_MAX", 2_000_000),
};

const databaseName = (database: Database) =>
  database.kind === "postgres" ? "PostgreSQL" : "PGlite";

/** Opens the database a stopped (or running, for PostgreSQL) service uses, for SQL checks. */
async function withDb<T>(database: Database, use: (db: Db) => Promise<T>): Promise<T> {
  const db =
    database.kind === "postgres"
      ? openPostgres({ url: database.url, poolSize: 1 })
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

/** Progress on the console, with the time since start (set-up and seeding take a while too). */
function log(message: string): void {
  const elapsedS = Math.round((Date.now() - startedAt) / 1000);
  console.log(`[${String(elapsedS).padStart(4)} s] ${message}`);
}

function announce(scenario: string, database: string): void {
  log(`▶ ${scenario} (${database}), ${settings.durationS} s…`);
}

async function benchEcho(): Promise<Row> {
  const echo = await startEcho();
  announce("echo", "no database");
  const run = await runLoad(
    {
      baseUrl: echo.url,
      method: "POST",
      paths: ["/quests/1"],
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ points: 1, address: "0xFFffffFf00000000000000000000000000000002" }),
    },
    settings,
  );
  await echo.stop();
  checkAllOk("echo", run);
  return { scenario: "echo", database: "–", run };
}

/**
 * Allocates 1 point a request, round-robin over `questCount` quests of one owner, on a fresh
 * database; then stops the service and checks the books and the payout count by SQL.
 */
async function benchAllocation(
  scenario: string,
  database: Database,
  batching: boolean,
  questCount: number,
): Promise<Row> {
  const service = await startService(database, batching);
  const cast = await createCast(service, 1);
  const questIds = await createQuests(service, cast.owner.pass, questCount);
  announce(scenario, databaseName(database));
  const run = await runLoad(
    {
      baseUrl: service.url,
      method: "POST",
      paths: questIds.map((id) => `/quests/${id}`),
      headers: { "content-type": "application/json", "x-api-key": cast.apiKey },
      body: JSON.stringify({ points: 1, address: cast.players[0]!.pass }),
    },
    settings,
  );
  // PGlite is one process's files: the books can be read only once the service let go of them.
  await service.stop();
  const books = await withDb(database, readBooks);
  const label = `${scenario} (${databaseName(database)})`;
  checkAllOk(label, run);
  checkBooks(label, books);
  checkPayoutsMatch(label, run, books, 0);
  return { scenario, database: databaseName(database), run };
}

/** The read scenarios on one database holding 10,000 quests, one of them with 1M payouts. */
async function benchReads(database: Database): Promise<Row[]> {
  const service = await startService(database, true);
  const cast = await createCast(service, READ_PLAYER_COUNT);
  log(
    `Seeding ${READ_QUEST_COUNT.toLocaleString("en-US")} quests and ${READ_PAYOUT_COUNT.toLocaleString("en-US")} payouts…`,
  );
  const questId = await withDb(database, (db) =>
    seedReadData(db, cast, READ_QUEST_COUNT, READ_PAYOUT_COUNT),
  );
  checkBooks("read data", await withDb(database, readBooks));

  const owner = { "x-api-key": cast.apiKey };
  const reads: [string, string, Record<string, string>][] = [
    ["GET /quests/{id}, 1M payouts, first page", `/quests/${questId}`, owner],
    [
      `GET /quests/{id}, 1M payouts, deep page (offset ${DEEP_PAGE_OFFSET.toLocaleString("en-US")})`,
      `/quests/${questId}?offset=${DEEP_PAGE_OFFSET}&limit=20`,
      owner,
    ],
    ["GET /quests, 10,000 public quests, default page (limit 1000)", "/quests", {}],
    ["GET /quests, 10,000 public quests, limit=20", "/quests?limit=20", {}],
  ];
  const rows: Row[] = [];
  for (const [scenario, path, headers] of reads) {
    announce(scenario, databaseName(database));
    const run = await runLoad(
      { baseUrl: service.url, method: "GET", paths: [path], headers },
      settings,
    );
    checkAllOk(scenario, run);
    rows.push({ scenario, database: databaseName(database), run });
  }
  await service.stop();
  return rows;
}

async function main(): Promise<number> {
  cleanUpOnSignals();
  const loadAverageAtStart = loadavg()
    .map((load) => load.toFixed(1))
    .join(", ");
  const scratch = mkdtempSync(join(tmpdir(), "qp-bench-"));
  atCleanup(async () => rmSync(scratch, { recursive: true, force: true }));

  log("Starting PostgreSQL (fsync on)…");
  const server = await startPostgres({ durable: true });
  atCleanup(() => server.stop());
  const postgresVersion = await withDb({ kind: "postgres", url: server.url }, serverVersion);
  const inMemory = await openPglite(undefined);
  const pgliteVersion = await serverVersion(inMemory).finally(() => inMemory.close());

  /** A fresh database per scenario, so "payouts created" is every payout in it. */
  const postgresDatabase = async (name: string): Promise<Database> => {
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

  const rows: Row[] = [await benchEcho()];
  for (const batching of [false, true]) {
    const scenario = `allocate, hot quest, batching ${batching ? "on" : "off"}`;
    const database = await postgresDatabase(`hot_${batching ? "on" : "off"}`);
    rows.push(await benchAllocation(scenario, database, batching, 1));
  }
  rows.push(
    await benchAllocation(
      `allocate, ${SPREAD_QUEST_COUNT.toLocaleString("en-US")} quests, batching on`,
      await postgresDatabase("spread"),
      true,
      SPREAD_QUEST_COUNT,
    ),
  );
  rows.push(...(await benchReads(await postgresDatabase("reads"))));
  for (const batching of [false, true]) {
    const scenario = `allocate, hot quest, batching ${batching ? "on" : "off"}`;
    const database = pgliteDatabase(`pglite_${batching ? "on" : "off"}`);
    rows.push(await benchAllocation(scenario, database, batching, 1));
  }

  const report = renderReport(rows, {
    durationS: settings.durationS,
    connections: settings.connections,
    postgresVersion,
    pgliteVersion,
    loadAverageAtStart,
  });
  console.log(`\n${report}`);
  writeFileSync(join(REPO_ROOT, "bench", "results.md"), report);
  const failed = anyFailed();
  console.log(failed ? "Some checks FAILED (see above)." : "All checks passed.");
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
