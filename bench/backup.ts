/**
 * The backup row of `npm run bench` (BENCH_ONLY=backup): "the backup's time and the allocation
 * p99 while it runs, at 1,000,000 payouts", on PGlite, the only database GET /admin/backup
 * copies (on PostgreSQL it answers 409). One service process on a PGlite data directory:
 *
 * - Set-up: the service makes the owner, its API key and 4 quests through the operator API on an
 *   empty data directory, and stops; the directory is then opened directly (openPglite, as the
 *   service opens it) and bulk-loaded with SQL (generate_series, foreign-key triggers skipped):
 *   100,000 passes, 1,000,000 payouts over the 4 quests (1 to 100 points, dated over the last
 *   day, each with its position in its quest), the kept totals (pass_totals) recomputed from them
 *   as the books check does, the kept counts (quest_pass_counts, the whole-life 'quest' row of
 *   each quest and pass, migration 013), and each quest's points_remaining, payouts_made and
 *   last_payout_at to match; then VACUUM ANALYZE and CHECKPOINT. The load's time is logged.
 * - The service starts again on that directory at its defaults: HTTP_REQUEST_TIMEOUT_MS (10 s)
 *   cuts a connection idle for 20 s, and the backup's answer sends nothing while its copy is
 *   taken (a check says whether the copy fits); HTTP_KEEP_ALIVE_TIMEOUT_MS (5 s): a kept-alive
 *   connection whose next request waited out the copy may be reset, which the statuses check
 *   counts as a connection error.
 *   Single allocations of 1 point to 1,000 of the passes in turn (a working set the warm-up
 *   brings into the caches) on the first quest (250,000 payouts of its own), on
 *   BACKUP_CONNECTIONS connections: an unmeasured warm-up (at least 10 s), a baseline run of
 *   BENCH_DURATION_S without a backup, then the same load while GET /admin/backup downloads
 *   (asked for a second into the load, saved to a temp file, its bytes counted, timed from the
 *   request to its first and last byte, the service's VmRSS sampled every 100 ms), which ends
 *   when the download does, then one more run of BENCH_DURATION_S after it.
 *
 * The load is driven by autocannon as bench/load.ts drives it (every request answered before the
 * end; a timeout of 120 s, not 30, for the allocations that wait out the copy), but here rather
 * than through runLoad: its run has a fixed length,
 * and this one lasts as long as the backup, with each answer's time kept to tell which fell
 * within it. The figures during the backup are of the allocations in flight at any moment of it
 * (latency percentiles, nearest rank, and the longest), req/s of those answered within it.
 *
 * Checks: every allocation answered 200 or 503 with Retry-After (no other status, no connection
 * error), one payout per 200; the books check (src/use-cases/books-check.ts) on the data directory
 * once the service stopped; a whole backup downloaded, its first byte within the default idle
 * bound (20 s); and `questpoints restore FILE --data-dir DIR --json` on the backup file, in a
 * child process: exit 0, its books holding, and between the payouts answered before the backup
 * was asked for and all of them. The backup file and the restored directory go in a
 * temp dir removed at the end; the data directory is the bench's own (removed with it).
 */
import { spawn } from "node:child_process";
import { createWriteStream, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { get } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import autocannon from "autocannon";
import { getAddress } from "viem";
import type { Db, Tx } from "../src/db/handle.js";
import { RECOMPUTED_TOTALS_SQL } from "../src/store/books-check.js";
import { checkBooks as checkAllBooks } from "../src/use-cases/books-check.js";
import { record } from "./checks.js";
import { createCast, createQuest, passAddress } from "./fixtures.js";
import type { Measurement } from "./load.js";
import { atCleanup, REPO_ROOT } from "./processes.js";
import type { BackupLoad, BackupRun, Row } from "./report.js";
import {
  type Database,
  type GroupContext,
  residentBytes,
  type Service,
  servicePid,
  startService,
} from "./service.js";

const PAYOUT_COUNT = 1_000_000;
const PASS_COUNT = 100_000;
/** The allocations go to this many of the passes in turn: a working set warm after the warm-up. */
const ACTIVE_PASS_COUNT = 1_000;
/**
 * The service just started on a large data directory: its first seconds of load run at about
 * half the rate of the next ones, so the warm-up is at least this long, whatever BENCH_WARMUP_S.
 */
const WARMUP_S_MIN = 10;
const QUEST_COUNT = 4;
const INSERT_ROWS_PER_STATEMENT = 250_000;
/** The loaded payouts are dated over this span, ending before now (within the quests' window). */
const PAYOUT_SPAN_MS = 20 * 60 * 60 * 1000;
/** A loaded data set that takes longer than this is said to be too slow to be practical. */
const LOAD_PRACTICAL_MS = 5 * 60 * 1000;
export const BACKUP_CONNECTIONS = 16;
/** Load before the backup is asked for, so every connection is busy when it starts. */
const LEAD_MS = 1_000;
/**
 * A request still unanswered after this is counted an error: longer than bench/load.ts's 30 s,
 * for the allocations that wait out the copy.
 */
const REQUEST_TIMEOUT_S = 120;
/** The service's HTTP_REQUEST_TIMEOUT_MS, its default: it cuts a connection idle twice as long. */
const DEFAULT_HTTP_REQUEST_TIMEOUT_MS = 10_000;
const RSS_SAMPLE_MS = 100;
/** autocannon's own stop, a bound: each run ends once its requests are answered. */
const RUN_S_MAX = 30 * 60;
const BACKUP_TIMEOUT_MS = 15 * 60 * 1000;

const count = (value: number) => value.toLocaleString("en-US");
const now = () => performance.now();

/** A name for the whole group: BENCH_ONLY=backup runs it. */
export const BACKUP_GROUP = "backup: GET /admin/backup under single allocations";
export const BACKUP_SCENARIO = `allocate while GET /admin/backup downloads, ${count(PAYOUT_COUNT)} payouts, ${BACKUP_CONNECTIONS} connections`;

export type BackupBench = Omit<GroupContext, "open"> & {
  /** A fresh, empty PGlite data directory. */
  open(name: string): Database;
  note(line: string): void;
};

export interface BackupResult {
  rows: Row[];
  /** None when the download failed (a check says so). */
  backup: BackupRun | undefined;
}

/** One allocation's answer: when it was sent and answered (performance.now()), its status. */
interface Answer {
  startMs: number;
  endMs: number;
  status: number;
}

interface Drive {
  startedMs: number;
  answers: Answer[];
  errors: number;
  /** When each connection error or timeout happened (performance.now()), and what it was. */
  errorsAt: { atMs: number; what: string }[];
  /** 503 answers without a Retry-After header. */
  noRetryAfter: number;
}

interface Target {
  url: string;
  apiKey: string;
  questId: number;
  bodies: string[];
  /** The next body's index: each run goes on from where the last one stopped. */
  next: number;
}

/**
 * Allocations on `target` until `minMs` has passed and `until` (if any) has settled; then each
 * connection stops once its request in flight is answered (as bench/load.ts drains).
 */
function drive(target: Target, minMs: number, until?: Promise<unknown>): Promise<Drive> {
  const startedMs = now();
  const answers: Answer[] = [];
  let errors = 0;
  const errorsAt: Drive["errorsAt"] = [];
  let noRetryAfter = 0;
  let timeUp = false;
  let untilDone = until === undefined;
  let stopping = false;
  const timer = setTimeout(() => {
    timeUp = true;
    stopping = untilDone;
  }, minMs);
  void until?.finally(() => {
    untilDone = true;
    stopping = timeUp;
  });
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: target.url,
        connections: BACKUP_CONNECTIONS,
        duration: RUN_S_MAX,
        timeout: REQUEST_TIMEOUT_S,
        method: "POST",
        headers: { "content-type": "application/json", "x-api-key": target.apiKey },
        requests: [
          {
            setupRequest: (request) => ({
              ...request,
              path: `/quests/${target.questId}`,
              body: target.bodies[target.next++ % target.bodies.length],
            }),
            onResponse: (status, _body, _context, headers) => {
              const names = Object.keys(headers ?? {}).map((name) => name.toLowerCase());
              if (status === 503 && !names.includes("retry-after")) noRetryAfter++;
            },
          },
        ],
      },
      (error) => {
        clearTimeout(timer);
        if (error) reject(error);
        else resolve({ startedMs, answers, errors, errorsAt, noRetryAfter });
      },
    );
    instance.on("response", (client, status, _bytes, latencyMs) => {
      const endMs = now();
      answers.push({ startMs: endMs - latencyMs, endMs, status });
      // autocannon's maxConnectionRequests fields (see bench/load.ts): no request after this one.
      if (stopping) {
        const limited = client as unknown as { reqsMade: number; responseMax: number };
        limited.responseMax = limited.reqsMade;
      }
    });
    instance.on("reqError", (error: NodeJS.ErrnoException) => {
      errors++;
      errorsAt.push({ atMs: now(), what: error?.code ?? String(error?.message ?? error) });
    });
  });
}

/** The `q`-quantile of sorted `values`, nearest rank. */
function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/** Latency figures of `answers` and their rate over `seconds`, as the report's types want. */
function loadFigures(
  answers: Answer[],
  rated: number,
  seconds: number,
  errors: number,
): { load: BackupLoad; run: Measurement } {
  const latencies = answers.map((a) => a.endMs - a.startMs).sort((a, b) => a - b);
  const statusCounts: Record<string, number> = {};
  for (const answer of answers) {
    statusCounts[answer.status] = (statusCounts[answer.status] ?? 0) + 1;
  }
  const ok200 = statusCounts["200"] ?? 0;
  const requestsPerSecond = seconds > 0 ? rated / seconds : 0;
  const p50Ms = round1(quantile(latencies, 0.5));
  const p99Ms = round1(quantile(latencies, 0.99));
  return {
    load: {
      requestsPerSecond,
      p50Ms,
      p99Ms,
      maxMs: round1(latencies.at(-1) ?? 0),
      answers: answers.length,
      status503: statusCounts["503"] ?? 0,
    },
    run: {
      seconds,
      answered: answers.length,
      ok200,
      non2xx: answers.filter((a) => a.status < 200 || a.status > 299).length,
      statusCounts,
      errors,
      requestsPerSecond,
      p50Ms,
      p99Ms,
      warmup: { answered: 0, ok200: 0 },
    },
  };
}

/** The owner, its key and the quests, through the operator API on an empty data directory. */
async function createScene(
  bench: BackupBench,
  database: Database,
): Promise<{ apiKey: string; questIds: number[] }> {
  const service = await startService(database, { batching: true });
  const cast = await createCast(service, 0);
  const questIds: number[] = [];
  for (let i = 1; i <= QUEST_COUNT; i++) {
    questIds.push(await createQuest(service, cast.owner.pass, `Bench backup ${i}`));
  }
  await bench.stopService(service, "the backup row's set-up");
  return { apiKey: cast.apiKey, questIds };
}

/**
 * The passes and payouts, with everything the service keeps of them, by SQL on the stopped
 * service's database. Payout i (from 1) goes to quest i mod 4 and pass i mod 100,000; a quest's
 * payouts are 4 apart in i, in (created_at, id) order, so the position of payout i is
 * (i + 3) div 4 whatever its quest.
 */
async function loadData(
  bench: BackupBench,
  db: Db,
  questIds: number[],
): Promise<{ passes: string[] }> {
  const passes = Array.from({ length: PASS_COUNT }, (_, i) => passAddress(1_000 + i));
  const stored = passes.map((pass) => getAddress(pass));
  const accountIds = await db.transaction(async (tx) => {
    await tx.query("INSERT INTO accounts (pass) SELECT unnest($1::text[])", [stored]);
    const { rows } = await tx.query<{ id: string; pass: string }>(
      "SELECT id::text, pass FROM accounts WHERE pass = ANY($1::text[])",
      [stored],
    );
    const idOf = new Map(rows.map((row) => [row.pass, row.id]));
    return stored.map((pass) => idOf.get(pass)!);
  });
  // Every reference is to a row that exists: the foreign-key triggers are skipped (replica).
  const bulk = (statements: (tx: Tx) => Promise<void>) =>
    db.transaction(async (tx) => {
      await tx.query("SET LOCAL session_replication_role = replica");
      await statements(tx);
    });
  const firstAt = new Date(Date.now() - PAYOUT_SPAN_MS - 60_000);
  const spacingMs = Math.max(1, Math.floor(PAYOUT_SPAN_MS / PAYOUT_COUNT));
  for (let start = 0; start < PAYOUT_COUNT; start += INSERT_ROWS_PER_STATEMENT) {
    const end = Math.min(PAYOUT_COUNT, start + INSERT_ROWS_PER_STATEMENT);
    const startedMs = now();
    await bulk(async (tx) => {
      await tx.query(
        `INSERT INTO payouts (id, quest_id, account_id, amount, created_at, position)
         SELECT gen_random_uuid(), ($1::int[])[1 + i % 4],
           ($2::uuid[])[1 + i % cardinality($2::uuid[])], 1 + i % 100,
           $3::timestamptz + i * make_interval(secs => $4::double precision / 1000),
           (i + 3) / 4
         FROM generate_series($5::int, $6::int) AS i`,
        [questIds, accountIds, firstAt, spacingMs, start + 1, end],
      );
    });
    bench.log(`…payouts ${count(start + 1)}..${count(end)} in ${seconds(startedMs)} s`);
  }
  let startedMs = now();
  await bulk(async (tx) => {
    await tx.query(
      `INSERT INTO pass_totals (account_id, campaign_key, period_key, pass_key, points, payouts_count)
       ${RECOMPUTED_TOTALS_SQL}`,
    );
  });
  bench.log(`…the kept totals in ${seconds(startedMs)} s`);
  startedMs = now();
  await bulk(async (tx) => {
    await tx.query(
      `INSERT INTO quest_pass_counts (quest_id, account_id, window_key, points, payouts)
       SELECT quest_id, account_id, 'quest', sum(amount), count(*)
       FROM payouts GROUP BY quest_id, account_id`,
    );
    await tx.query(
      `UPDATE quests q SET points_remaining = q.total_points - p.paid,
         payouts_made = p.payouts, last_payout_at = p.last_at
       FROM (SELECT quest_id, sum(amount) AS paid, count(*) AS payouts, max(created_at) AS last_at
             FROM payouts GROUP BY quest_id) p
       WHERE q.id = p.quest_id`,
    );
  });
  bench.log(`…the kept counts and the quests' books in ${seconds(startedMs)} s`);
  startedMs = now();
  await db.query("VACUUM ANALYZE");
  await db.query("CHECKPOINT");
  bench.log(`…VACUUM ANALYZE, CHECKPOINT in ${seconds(startedMs)} s`);
  return { passes };
}

const seconds = (sinceMs: number) => ((now() - sinceMs) / 1000).toFixed(1);

function directoryBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += directoryBytes(path);
    else if (entry.isFile()) total += statSync(path).size;
  }
  return total;
}

interface Download {
  startMs: number;
  firstByteMs: number;
  endMs: number;
  bytes: number;
}

/** GET /admin/backup saved to `file`: its bytes and times, from the request to the last byte. */
function downloadBackup(service: Service, file: string): Promise<Download> {
  const startMs = now();
  return new Promise((resolve, reject) => {
    const request = get(
      `${service.url}/admin/backup`,
      {
        headers: { authorization: `Bearer ${service.adminToken}` },
        signal: AbortSignal.timeout(BACKUP_TIMEOUT_MS),
      },
      (res) => {
        if (
          res.statusCode !== 200 ||
          !res.headers["content-type"]?.startsWith("application/gzip")
        ) {
          const parts: Buffer[] = [];
          res.on("data", (part: Buffer) => parts.push(part));
          res.on("end", () =>
            reject(
              new Error(
                `GET /admin/backup answered ${res.statusCode} (${res.headers["content-type"]}): ${Buffer.concat(parts).toString().slice(0, 500)}`,
              ),
            ),
          );
          return;
        }
        let bytes = 0;
        let firstByteMs = 0;
        const counter = new Transform({
          transform(chunk: Buffer, _encoding, done) {
            if (bytes === 0) firstByteMs = now();
            bytes += chunk.length;
            done(null, chunk);
          },
        });
        let endMs = 0;
        res.once("end", () => {
          endMs = now();
        });
        // A transfer cut short (no terminating chunk) rejects here.
        pipeline(res, counter, createWriteStream(file)).then(
          () => resolve({ startMs, firstByteMs, endMs: endMs || now(), bytes }),
          reject,
        );
      },
    );
    request.on("error", reject);
  });
}

interface Restored {
  exitCode: number | null;
  seconds: number;
  output: string;
  report?: { books_hold: boolean; books: { checked: { payouts: number } } };
}

/** `questpoints restore FILE --data-dir DIR --json`, as an operator runs it, in a child process. */
function restore(file: string, dataDir: string): Promise<Restored> {
  const startedMs = now();
  const env = { ...process.env };
  delete env.DATABASE_URL;
  delete env.DATA_DIR;
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "src/cli/main.ts", "restore", file, "--data-dir", dataDir, "--json"],
    { cwd: REPO_ROOT, env, stdio: ["ignore", "pipe", "pipe"] },
  );
  atCleanup(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (exitCode) => {
      let report: Restored["report"];
      try {
        report = JSON.parse(stdout) as Restored["report"];
      } catch {
        report = undefined;
      }
      resolve({
        exitCode,
        seconds: (now() - startedMs) / 1000,
        output: `${stdout}${stderr}`.trim().slice(-2_000),
        report,
      });
    });
  });
}

export async function benchBackup(bench: BackupBench): Promise<BackupResult> {
  const database = bench.open("backup");
  if (database.kind !== "pglite") throw new Error("invariant: a PGlite data directory");
  const temp = mkdtempSync(join(tmpdir(), "qp-bench-backup-"));
  const removeTemp = async () => rmSync(temp, { recursive: true, force: true });
  atCleanup(removeTemp);
  try {
    return await run(bench, database, temp);
  } finally {
    await removeTemp();
    rmSync(database.dataDir, { recursive: true, force: true });
  }
}

async function run(
  bench: BackupBench,
  database: Database & { kind: "pglite" },
  temp: string,
): Promise<BackupResult> {
  const { log, settings } = bench;
  const scene = await createScene(bench, database);
  log(
    `Loading ${count(PASS_COUNT)} passes and ${count(PAYOUT_COUNT)} payouts into PGlite with SQL…`,
  );
  const loadStartedMs = now();
  const { passes } = await bench.withDb(database, (db) => loadData(bench, db, scene.questIds));
  const loadMs = now() - loadStartedMs;
  const dataDirBytes = directoryBytes(database.dataDir);
  log(
    `Loaded in ${(loadMs / 1000).toFixed(1)} s; the data directory holds ${(dataDirBytes / 1e6).toFixed(1)} MB`,
  );
  if (loadMs > LOAD_PRACTICAL_MS) {
    bench.note(
      `Backup row: loading ${count(PAYOUT_COUNT)} payouts into PGlite took ${(loadMs / 1000).toFixed(0)} s, more than ${LOAD_PRACTICAL_MS / 60_000} minutes`,
    );
  }

  const service = await startService(database, { batching: true });
  const pid = servicePid(service.url);
  const target: Target = {
    url: service.url,
    apiKey: scene.apiKey,
    questId: scene.questIds[0]!,
    bodies: passes
      .slice(0, ACTIVE_PASS_COUNT)
      .map((address) => JSON.stringify({ points: 1, address })),
    next: 0,
  };
  const drives: Drive[] = [];
  const backupFile = join(temp, "backup.tar.gz");
  let download: Download | Error;
  const rss = { beforeBytes: 0, peakBytes: 0 };
  let sampler: NodeJS.Timeout | undefined;
  try {
    log(
      `▶ allocate, no backup (PGlite), ${settings.durationS} s, ${BACKUP_CONNECTIONS} connections…`,
    );
    drives.push(await drive(target, Math.max(settings.warmupS, WARMUP_S_MIN) * 1000));
    drives.push(await drive(target, settings.durationS * 1000));

    log(
      `▶ allocate while GET /admin/backup downloads (PGlite), ${BACKUP_CONNECTIONS} connections…`,
    );
    rss.beforeBytes = residentBytes(pid);
    rss.peakBytes = rss.beforeBytes;
    sampler = setInterval(() => {
      rss.peakBytes = Math.max(rss.peakBytes, residentBytes(pid));
    }, RSS_SAMPLE_MS);
    const backup = new Promise((resolve) => setTimeout(resolve, LEAD_MS))
      .then(() => downloadBackup(service, backupFile))
      .catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
    // The load ends with the download, whether it succeeds or not.
    drives.push(await drive(target, LEAD_MS, backup));
    download = await backup;
    clearInterval(sampler);
    log(`▶ allocate after the backup (PGlite), ${settings.durationS} s…`);
    drives.push(await drive(target, settings.durationS * 1000));
  } finally {
    clearInterval(sampler);
    await bench.stopService(service, "the backup row");
  }

  // Every answer of every run (warm-up and lead included): 200 or 503 with Retry-After.
  const all = drives.flatMap((d) => d.answers);
  const statuses: Record<string, number> = {};
  for (const answer of all) statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
  const others = Object.entries(statuses).filter(([status]) => !["200", "503"].includes(status));
  const errors = drives.reduce((sum, d) => sum + d.errors, 0);
  // When the errors happened, in seconds from the backup's request.
  const backupAskedMs = download instanceof Error ? undefined : download.startMs;
  const errorTimes = drives
    .flatMap((d) => d.errorsAt)
    .slice(0, 5)
    .map(
      (e) =>
        `${e.what}${backupAskedMs === undefined ? "" : ` at ${((e.atMs - backupAskedMs) / 1000).toFixed(1)} s`}`,
    );
  const noRetryAfter = drives.reduce((sum, d) => sum + d.noRetryAfter, 0);
  const what = "backup row";
  record(
    `${what}: every allocation answered 200, or 503 with Retry-After`,
    all.length > 0 && others.length === 0 && errors === 0 && noRetryAfter === 0,
    `${count(statuses["200"] ?? 0)} answers 200, ${count(statuses["503"] ?? 0)} answers 503 (${noRetryAfter} without Retry-After), others: ${
      others.map(([status, n]) => `${n} × ${status}`).join(", ") || "none"
    }; ${errors} connection errors${errors > 0 ? ` (${errorTimes.join(", ")}${backupAskedMs === undefined ? "" : " from the backup's request"})` : ""}`,
  );
  const paid = statuses["200"] ?? 0;
  const afterRun = await bench.withDb(database, async (db) => {
    const { rows } = await db.query<{ payouts: number }>(
      "SELECT count(*)::int AS payouts FROM payouts",
    );
    return { payouts: rows[0]!.payouts, books: await checkAllBooks(db) };
  });
  record(
    `${what}: one payout per 200`,
    afterRun.payouts - PAYOUT_COUNT === paid,
    `${count(paid)} answers 200 (warm-up included), ${count(afterRun.payouts - PAYOUT_COUNT)} payouts made (${count(afterRun.payouts)} with the bulk-loaded)`,
  );
  const mismatches = afterRun.books.mismatches.length + afterRun.books.unlisted;
  record(
    `${what}: the books check holds after the runs`,
    mismatches === 0,
    `${mismatches} mismatches over ${count(afterRun.books.checked.quests)} quests, ${count(afterRun.books.checked.passes)} passes and ${count(afterRun.books.checked.payouts)} payouts${
      mismatches > 0 ? `: ${afterRun.books.mismatches[0]?.detail}` : ""
    }`,
  );
  record(
    `${what}: GET /admin/backup sends a whole backup`,
    !(download instanceof Error),
    download instanceof Error ? String(download) : `${count(download.bytes)} bytes`,
  );
  if (download instanceof Error) return { rows: [], backup: undefined };

  const firstByteSeconds = (download.firstByteMs - download.startMs) / 1000;
  const backupSeconds = (download.endMs - download.startMs) / 1000;
  // With the service's default HTTP_REQUEST_TIMEOUT_MS, a connection idle that long is cut.
  record(
    `${what}: the copy is taken (first byte) within the connection idle bound of the default HTTP_REQUEST_TIMEOUT_MS (2 × ${DEFAULT_HTTP_REQUEST_TIMEOUT_MS / 1000} s)`,
    firstByteSeconds * 1000 < 2 * DEFAULT_HTTP_REQUEST_TIMEOUT_MS,
    `first byte after ${firstByteSeconds.toFixed(1)} s; beyond ${(2 * DEFAULT_HTTP_REQUEST_TIMEOUT_MS) / 1000} s the service at its defaults cuts the connection before the answer begins`,
  );

  const [beforeDrive, duringDrive, afterDrive] = drives.slice(-3) as [Drive, Drive, Drive];
  // Without a backup: the whole run, over the time answers were coming (as bench/load.ts).
  const whole = (run: Drive) =>
    loadFigures(
      run.answers,
      run.answers.length,
      (Math.max(...run.answers.map((a) => a.endMs)) - run.startedMs) / 1000,
      run.errors,
    );
  const without = whole(beforeDrive);
  const after = whole(afterDrive);
  // During: every allocation in flight at some moment of the download; the rate of those
  // answered within it.
  const { startMs, endMs } = download;
  const inFlight = duringDrive.answers.filter((a) => a.startMs <= endMs && a.endMs >= startMs);
  const answeredWithin = inFlight.filter((a) => a.endMs <= endMs).length;
  const during = loadFigures(inFlight, answeredWithin, backupSeconds, duringDrive.errors);
  log(
    `The backup: ${(download.bytes / 1e6).toFixed(1)} MB in ${backupSeconds.toFixed(1)} s (first byte after ${firstByteSeconds.toFixed(1)} s), the service's RSS ${(rss.beforeBytes / 1e6).toFixed(0)} MB before, ${(rss.peakBytes / 1e6).toFixed(0)} MB at most; ` +
      `allocations during it: ${Math.round(during.load.requestsPerSecond)} req/s, p50 ${during.load.p50Ms} ms, p99 ${during.load.p99Ms} ms, longest ${during.load.maxMs} ms, ${during.load.status503} answers 503`,
  );

  log("Restoring the backup (questpoints restore --json)…");
  const restored = await restore(backupFile, join(temp, "restored"));
  const paidBefore = all.filter((a) => a.status === 200 && a.endMs < startMs).length;
  const inBackup = restored.report?.books.checked.payouts ?? -1;
  record(
    `${what}: the backup restores (questpoints restore, exit 0, its books holding)`,
    restored.exitCode === 0 && restored.report?.books_hold === true,
    `exit ${restored.exitCode} in ${restored.seconds.toFixed(1)} s; books hold: ${restored.report?.books_hold}${
      restored.exitCode === 0 && restored.report ? "" : `; output: ${restored.output}`
    }`,
  );
  record(
    `${what}: the backup holds every payout answered before it was asked for, and no more than all`,
    inBackup >= PAYOUT_COUNT + paidBefore && inBackup <= PAYOUT_COUNT + paid,
    `${count(inBackup)} payouts restored; ${count(PAYOUT_COUNT + paidBefore)} made before the request, ${count(PAYOUT_COUNT + paid)} by the end`,
  );
  rmSync(backupFile, { force: true });

  bench.note(
    `Backup row: one service process on PGlite at its defaults (a connection idle ${(2 * DEFAULT_HTTP_REQUEST_TIMEOUT_MS) / 1000} s is cut, and the backup sends nothing while its copy is taken); ` +
      `${count(PASS_COUNT)} passes and ${count(PAYOUT_COUNT)} payouts over ${QUEST_COUNT} quests bulk-loaded with SQL (their kept totals, counts and positions with them) in ${(loadMs / 1000).toFixed(0)} s, a ${(dataDirBytes / 1e6).toFixed(0)} MB data directory; ` +
      `1 point a request to ${count(ACTIVE_PASS_COUNT)} of the passes in turn on one quest, ${BACKUP_CONNECTIONS} connections, after an unmeasured warm-up of at least ${WARMUP_S_MIN} s: a run without a backup, one while GET /admin/backup downloads (asked for ${LEAD_MS / 1000} s into the load), one after; ` +
      "during it, p50 and p99 are of every allocation in flight at some moment of the download (nearest rank), req/s of those answered within it; a 503 is an allocation that waited longer than the database wait bound",
  );
  const backupRun: BackupRun = {
    database: "PGlite",
    payouts: PAYOUT_COUNT,
    dataDirBytes,
    bytes: download.bytes,
    firstByteSeconds,
    seconds: backupSeconds,
    rssBeforeBytes: rss.beforeBytes,
    rssPeakBytes: rss.peakBytes,
    restoreSeconds: restored.seconds,
    connections: BACKUP_CONNECTIONS,
    without: without.load,
    during: during.load,
    after: after.load,
  };
  return {
    rows: [
      {
        scenario: BACKUP_SCENARIO,
        database: "PGlite",
        run: during.run,
        baseline: { label: "the same load, no backup", run: without.run },
      },
    ],
    backup: backupRun,
  };
}
