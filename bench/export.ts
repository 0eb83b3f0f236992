import type { Db } from "../src/db/handle.js";
import { encodeCursor } from "../src/http/listing.js";
import { checkBooks, checks, readBooks } from "./checks.js";
import { createCast, createQuests, positionBulkLoad } from "./fixtures.js";
import { runLoad } from "./load.js";
import type { ExportRow, PageDepthRow } from "./report.js";
import { type Database, residentBytes, type Service, servicePid, startService } from "./service.js";

/** The payout counts exported, in order; each export stands beside the one before it. */
const EXPORT_PAYOUT_COUNTS = [100_000, 1_000_000];
const EXPORT_FORMATS = ["csv", "ndjson"] as const;
/** The bound on a download's peak RSS growth: far below what holding 1M rows would take. */
export const EXPORT_RSS_GROWTH_MAX_BYTES = 100 * 1_000_000;
const RSS_SAMPLE_MS = 100;
/** Rows a bulk INSERT writes: a few statements for a million, each short and bounded. */
const INSERT_ROWS_PER_STATEMENT = 250_000;
const PLAYER_COUNT = 100;
const NEWLINE = 0x0a;

type Format = (typeof EXPORT_FORMATS)[number];

export const exportScenario = (format: Format, payouts: number) =>
  `export GET /admin/payouts?format=${format}, ${payouts.toLocaleString("en-US")} payouts`;

/** Every row's scenario, for BENCH_ONLY (the rows run together: each is the other's baseline). */
export const EXPORT_SCENARIOS = EXPORT_PAYOUT_COUNTS.flatMap((payouts) =>
  EXPORT_FORMATS.map((format) => exportScenario(format, payouts)),
);

/** What the export rows need of the run: its log, the service's database, a service stop. */
export interface ExportBench {
  database: Database & { kind: "postgres" };
  databaseName: string;
  log(message: string): void;
  withDb<T>(use: (db: Db) => Promise<T>): Promise<T>;
  stopService(service: Service, scenario: string): Promise<void>;
}

/** Records a check the way checks.ts does: printed PASS/FAIL, and counted in the exit code. */
function record(name: string, pass: boolean, detail: string): void {
  checks.push({ name, pass, detail });
  console.log(`  ${pass ? "PASS" : "FAIL"} ${name}: ${detail}`);
}

/**
 * Payouts `from + 1` to `to` of `questId`, one millisecond apart and spread over the players, in
 * statements of INSERT_ROWS_PER_STATEMENT rows; the quest's books stay balanced.
 */
async function insertPayouts(
  db: Db,
  questId: number,
  playerIds: string[],
  from: number,
  to: number,
): Promise<void> {
  for (let start = from; start < to; start += INSERT_ROWS_PER_STATEMENT) {
    const end = Math.min(to, start + INSERT_ROWS_PER_STATEMENT);
    await db.query(
      `INSERT INTO payouts (id, quest_id, account_id, amount, created_at)
       SELECT gen_random_uuid(), $1, ($2::uuid[])[1 + i % cardinality($2::uuid[])], 1 + i % 100,
         timestamptz '2026-01-01 00:00:00+00' + i * interval '1 millisecond'
       FROM generate_series($3::int, $4::int) AS i`,
      [questId, playerIds, start + 1, end],
    );
  }
  await db.query(
    `UPDATE quests SET points_remaining = total_points
       - (SELECT COALESCE(sum(amount), 0) FROM payouts WHERE quest_id = $1)
     WHERE id = $1`,
    [questId],
  );
  await positionBulkLoad(db, [questId]);
  // Settle the bulk load (statistics, visibility map, dirty pages) before anything is measured.
  await db.query("VACUUM ANALYZE");
  await db.query("CHECKPOINT");
}

interface Download {
  rows: number;
  bytes: number;
  seconds: number;
  rssBeforeBytes: number;
  rssPeakBytes: number;
}

/**
 * Downloads the whole export, counting its lines and bytes, while sampling the service's RSS.
 * A transfer cut short rejects (fetch's body read fails), so a count means a complete answer.
 */
async function download(service: Service, pid: number, format: Format): Promise<Download> {
  const rssBeforeBytes = residentBytes(pid);
  let rssPeakBytes = rssBeforeBytes;
  const sample = () => {
    rssPeakBytes = Math.max(rssPeakBytes, residentBytes(pid));
  };
  const sampler = setInterval(sample, RSS_SAMPLE_MS);
  const startedMs = performance.now();
  let bytes = 0;
  let lines = 0;
  try {
    const res = await fetch(`${service.url}/admin/payouts?format=${format}`, {
      headers: { authorization: `Bearer ${service.adminToken}`, "accept-encoding": "identity" },
    });
    if (res.status !== 200 || !res.body) {
      throw new Error(`GET /admin/payouts?format=${format} answered ${res.status}`);
    }
    for await (const chunk of res.body) {
      bytes += chunk.length;
      for (let at = chunk.indexOf(NEWLINE); at !== -1; at = chunk.indexOf(NEWLINE, at + 1)) {
        lines += 1;
      }
    }
  } finally {
    clearInterval(sampler);
  }
  sample();
  const seconds = (performance.now() - startedMs) / 1000;
  // The CSV's first line is its header row.
  return {
    rows: format === "csv" ? lines - 1 : lines,
    bytes,
    seconds,
    rssBeforeBytes,
    rssPeakBytes,
  };
}

/** The listing's page size, and how deep the deep page starts (rows before it, newest first). */
const PAGE_LIMIT = 100;
const PAGE_DEPTH_ROWS = 999_900;
/** A deep page may cost at most this many times the first one (plus a millisecond of noise). */
export const PAGE_DEPTH_COST_RATIO_MAX = 2;
const PAGE_LOAD = { durationS: 5, warmupS: 1, connections: 8, requestsMax: 200_000 };

/**
 * The operator's payout listing at 1,000,000 payouts: its first page against the page after
 * PAGE_DEPTH_ROWS rows (its cursor made from that row, as a client walking there would hold
 * it), unfiltered and filtered by quest. Keyset paging makes both one index range of a page.
 */
async function benchPagesAtDepth(
  bench: ExportBench,
  service: Service,
  questId: number,
): Promise<PageDepthRow[]> {
  const { rows } = await bench.withDb((db) =>
    db.query<{ created_at: Date; id: string }>(
      `SELECT created_at, id::text FROM payouts ORDER BY created_at DESC, id DESC
       OFFSET $1 LIMIT 1`,
      [PAGE_DEPTH_ROWS - 1],
    ),
  );
  const cursor = encodeURIComponent(encodeCursor({ at: rows[0]!.created_at, id: rows[0]!.id }));
  const listings = [
    { name: "GET /admin/payouts", query: `limit=${PAGE_LIMIT}` },
    { name: "GET /admin/payouts?quest_id=…", query: `quest_id=${questId}&limit=${PAGE_LIMIT}` },
  ];
  const results: PageDepthRow[] = [];
  for (const listing of listings) {
    const measure = async (query: string) => {
      const run = await runLoad(
        {
          baseUrl: service.url,
          method: "GET",
          paths: [`/admin/payouts?${query}`],
          headers: { authorization: `Bearer ${service.adminToken}` },
        },
        PAGE_LOAD,
      );
      if (run.non2xx > 0 || run.errors > 0) {
        throw new Error(`${listing.name}: ${run.non2xx} non-2xx answers, ${run.errors} errors`);
      }
      return run;
    };
    bench.log(`▶ ${listing.name}, first page and page at row ${PAGE_DEPTH_ROWS}…`);
    const first = await measure(listing.query);
    const deep = await measure(`${listing.query}&cursor=${cursor}`);
    const bound = PAGE_DEPTH_COST_RATIO_MAX * first.p50Ms + 1;
    record(
      `${listing.name}: a page at row ${PAGE_DEPTH_ROWS.toLocaleString("en-US")} costs what the first does`,
      deep.p50Ms <= bound,
      `p50 ${first.p50Ms} ms first, ${deep.p50Ms} ms deep (bound ${bound} ms); ${Math.round(first.requestsPerSecond)} and ${Math.round(deep.requestsPerSecond)} req/s`,
    );
    results.push({
      listing: listing.name,
      database: bench.databaseName,
      payouts: PAGE_DEPTH_ROWS + PAGE_LIMIT,
      depthRows: PAGE_DEPTH_ROWS,
      first,
      deep,
    });
  }
  return results;
}

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

/**
 * Starts a service on `database`, makes a quest and its players through the operator API, then
 * for each payout count: bulk-loads the payouts up to it and downloads both exports.
 */
export async function benchExport(
  bench: ExportBench,
): Promise<{ exports: ExportRow[]; pages: PageDepthRow[] }> {
  const service = await startService(bench.database, { batching: true, workers: 1 });
  const pid = servicePid(service.url);
  const cast = await createCast(service, PLAYER_COUNT);
  const [questId] = await createQuests(service, cast.owner.pass, 1);
  const playerIds = cast.players.map((player) => player.id);
  const rows: ExportRow[] = [];
  let loaded = 0;
  for (const payouts of EXPORT_PAYOUT_COUNTS) {
    bench.log(
      `Loading payouts ${loaded.toLocaleString("en-US")}..${payouts.toLocaleString("en-US")}…`,
    );
    await bench.withDb((db) => insertPayouts(db, questId!, playerIds, loaded, payouts));
    loaded = payouts;
    checkBooks(
      `export data, ${payouts.toLocaleString("en-US")} payouts`,
      await bench.withDb(readBooks),
    );
    for (const format of EXPORT_FORMATS) {
      const scenario = exportScenario(format, payouts);
      bench.log(`▶ ${scenario} (${bench.databaseName})…`);
      const result = await download(service, pid, format);
      const growth = result.rssPeakBytes - result.rssBeforeBytes;
      const name = `${scenario} (${bench.databaseName})`;
      record(
        `${name}: every payout received`,
        result.rows === payouts,
        `${result.rows.toLocaleString("en-US")} rows of ${payouts.toLocaleString("en-US")}, ${result.bytes.toLocaleString("en-US")} bytes in ${result.seconds.toFixed(1)} s`,
      );
      record(
        `${name}: peak RSS growth within ${megabytes(EXPORT_RSS_GROWTH_MAX_BYTES)}`,
        growth <= EXPORT_RSS_GROWTH_MAX_BYTES,
        `RSS ${megabytes(result.rssBeforeBytes)} before, ${megabytes(result.rssPeakBytes)} at peak: +${megabytes(growth)}`,
      );
      rows.push({ scenario, database: bench.databaseName, ...result });
    }
  }
  const pages = await benchPagesAtDepth(bench, service, questId!);
  await bench.stopService(service, "the export rows");
  return { exports: rows, pages };
}
