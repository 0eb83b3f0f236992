/**
 * The results table (Markdown), with the machine it was measured on. Each row stands beside its
 * own bare baseline, measured in the same run, and says whether it met its goal.
 */
import { cpus, totalmem } from "node:os";
import type { Measurement } from "./load.js";

/**
 * The issues' goals: a least ratio to the row's baseline, a most p99 latency, or a most cost
 * over the baseline (its req/s over the row's: `costMax` 1.1 is "at most 10% more").
 */
export type Goal = { ratioMin: number } | { p99MsBelow: number } | { costMax: number };

export interface Baseline {
  /** What the bare server did, e.g. "bare echo, 1 process". */
  label: string;
  run: Measurement;
}

export interface Row {
  scenario: string;
  database: string;
  run: Measurement;
  baseline?: Baseline;
  goal?: Goal;
  /**
   * Items (points) each request pays, for a batch row: its req/s cell shows points/s too, and
   * its ratio is of points/s to its baseline's req/s (single allocations of 1 point).
   */
  itemsPerRequest?: number;
}

export interface Setting {
  durationS: number;
  warmupS: number;
  connections: number;
  postgresVersion: string;
  pgliteVersion: string;
  /** os.loadavg() at start, as text: 1, 5 and 15 minutes. */
  loadAverageAtStart: string;
  runTimeS: number;
  /** Lines on what some rows did differently (service settings, answer sizes). */
  notes: string[];
}

const GIB = 1024 ** 3;

/** The service's tuning variables this run passed through from the environment. */
function serviceSettings(): string {
  const defaults = {
    DB_POOL_SIZE: "20",
    ALLOCATION_BATCH_MAX: "256",
    ALLOCATION_BATCH_WAIT_MS: "0",
    PUBLIC_READS_IN_FLIGHT_MAX: "16",
  };
  return Object.entries(defaults)
    .map(([name, fallback]) => `${name}=${process.env[name] || `${fallback} (default)`}`)
    .join(", ");
}

function machine(setting: Setting): string {
  const cpu = cpus();
  return [
    `- Date: ${new Date().toISOString()}; whole run ${Math.round(setting.runTimeS)} s`,
    `- CPU: ${cpu[0]?.model ?? "unknown"}, ${cpu.length} cores (shared by load generator, service and database)`,
    `- Memory: ${(totalmem() / GIB).toFixed(1)} GiB`,
    `- Node ${process.version}; PostgreSQL ${setting.postgresVersion} (fsync on); PGlite (PostgreSQL ${setting.pgliteVersion} in WebAssembly)`,
    `- Load average before the run (other work on the machine): ${setting.loadAverageAtStart}`,
    `- Load: autocannon, ${setting.connections} connections, ${setting.durationS} s per row and per baseline after ${setting.warmupS} s of unmeasured warm-up, loopback; each baseline measured right before or after its row`,
    `- Service: ${serviceSettings()}, unless a row says otherwise`,
    ...setting.notes.map((note) => `- ${note}`),
  ].join("\n");
}

const integer = (value: number) => Math.round(value).toLocaleString("en-US");
const ms = (value: number) => (value < 10 ? value.toFixed(1) : integer(value));

const tableRow = (cells: string[]) => `| ${cells.join(" | ")} |`;

function ratio(row: Row): number | undefined {
  const base = row.baseline?.run.requestsPerSecond;
  return base ? (row.run.requestsPerSecond * (row.itemsPerRequest ?? 1)) / base : undefined;
}

function goalText(goal: Goal | undefined): string {
  if (!goal) return "–";
  if ("ratioMin" in goal) return `≥ ${goal.ratioMin}`;
  if ("costMax" in goal) return `cost ≤ ${goal.costMax}× (≥ ${(1 / goal.costMax).toFixed(3)})`;
  return `p99 < ${goal.p99MsBelow} ms`;
}

/** Whether the row met its goal; undefined when it has none (or no baseline to compare with). */
export function goalMet(row: Row): boolean | undefined {
  if (!row.goal) return undefined;
  if ("p99MsBelow" in row.goal) return row.run.p99Ms < row.goal.p99MsBelow;
  const value = ratio(row);
  if (value === undefined) return undefined;
  return "costMax" in row.goal ? 1 / value <= row.goal.costMax : value >= row.goal.ratioMin;
}

/** req/s, and for a batch row the points/s its items make. */
function rate(row: Row): string {
  const perSecond = integer(row.run.requestsPerSecond);
  if (row.itemsPerRequest === undefined) return perSecond;
  return `${perSecond} (${integer(row.run.requestsPerSecond * row.itemsPerRequest)} points/s)`;
}

/** "0", or the count with the statuses behind it: "14 (503 × 14)". */
function non2xx(run: Measurement): string {
  if (run.non2xx === 0) return "0";
  const statuses = Object.entries(run.statusCounts)
    .filter(([status]) => !status.startsWith("2"))
    .map(([status, count]) => `${status} × ${integer(count)}`);
  return `${integer(run.non2xx)} (${statuses.join(", ")})`;
}

export function renderReport(rows: Row[], setting: Setting): string {
  const table = [
    tableRow([
      "Scenario",
      "Database",
      "req/s",
      "p50 ms",
      "p99 ms",
      "Baseline",
      "Baseline req/s",
      "Ratio",
      "Goal",
      "Met?",
      "non-2xx",
    ]),
    "|---|---|---:|---:|---:|---|---:|---:|---:|---|---:|",
    ...rows.map((row) => {
      const value = ratio(row);
      const met = goalMet(row);
      return tableRow([
        row.scenario,
        row.database,
        rate(row),
        ms(row.run.p50Ms),
        ms(row.run.p99Ms),
        row.baseline?.label ?? "–",
        row.baseline ? integer(row.baseline.run.requestsPerSecond) : "–",
        value === undefined ? "–" : value.toFixed(3),
        goalText(row.goal),
        met === undefined ? "–" : met ? "yes" : "no",
        non2xx(row.run),
      ]);
    }),
  ];
  return `# questpoints benchmark (npm run bench)\n\n${machine(setting)}\n\n${table.join("\n")}\n`;
}

/** One download of a payout export (bench/export.ts), with the service's resident memory. */
export interface ExportRow {
  scenario: string;
  database: string;
  rows: number;
  bytes: number;
  seconds: number;
  /** VmRSS of the service process right before the download. */
  rssBeforeBytes: number;
  /** The highest VmRSS sampled during the download (every 100 ms). */
  rssPeakBytes: number;
}

const mb = (bytes: number) => (bytes / 1_000_000).toFixed(1);

/**
 * The export rows: their throughput, and the peak RSS growth over the RSS before each download,
 * beside the bound (`growthMaxBytes`) the bench checks. Constant memory shows as the same growth
 * at every row count.
 */
export function renderExportTable(rows: ExportRow[], growthMaxBytes: number): string {
  const table = [
    tableRow([
      "Export",
      "Database",
      "Rows",
      "Bytes",
      "Seconds",
      "rows/s",
      "RSS before MB",
      "Peak RSS MB",
      "Peak growth MB",
      "Bound MB",
      "Within?",
    ]),
    "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|",
    ...rows.map((row) => {
      const growth = row.rssPeakBytes - row.rssBeforeBytes;
      return tableRow([
        row.scenario,
        row.database,
        integer(row.rows),
        integer(row.bytes),
        row.seconds.toFixed(1),
        integer(row.rows / row.seconds),
        mb(row.rssBeforeBytes),
        mb(row.rssPeakBytes),
        mb(growth),
        mb(growthMaxBytes),
        growth <= growthMaxBytes ? "yes" : "no",
      ]);
    }),
  ];
  return `## Payout exports: constant memory\n\n${table.join("\n")}\n`;
}

/** A listing's first page beside a page deep in it, under the same load. */
export interface PageDepthRow {
  listing: string;
  database: string;
  payouts: number;
  /** Rows before the deep page (newest first). */
  depthRows: number;
  first: { requestsPerSecond: number; p50Ms: number; p99Ms: number };
  deep: { requestsPerSecond: number; p50Ms: number; p99Ms: number };
}

/** Keyset paging: the deep page's cost beside the first's (a ratio near 1 at any depth). */
export function renderPageDepthTable(rows: PageDepthRow[], ratioMax: number): string {
  const table = [
    tableRow([
      "Listing (100 a page)",
      "Database",
      "Payouts",
      "Deep page after row",
      "First req/s",
      "First p50 / p99 ms",
      "Deep req/s",
      "Deep p50 / p99 ms",
      "Deep / first p50",
      "Bound",
    ]),
    "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...rows.map((row) =>
      tableRow([
        row.listing,
        row.database,
        integer(row.payouts),
        integer(row.depthRows),
        integer(row.first.requestsPerSecond),
        `${row.first.p50Ms} / ${row.first.p99Ms}`,
        integer(row.deep.requestsPerSecond),
        `${row.deep.p50Ms} / ${row.deep.p99Ms}`,
        (row.deep.p50Ms / Math.max(row.first.p50Ms, 1)).toFixed(2),
        `≤ ${ratioMax} (+1 ms)`,
      ]),
    ),
  ];
  return `## Listing pages at depth: keyset paging\n\n${table.join("\n")}\n`;
}

/** One read at two payout counts (bench/points.ts): kept totals make its cost the same. */
export interface PayoutCountRow {
  read: string;
  database: string;
  small: PayoutCountRun;
  large: PayoutCountRun;
}

export interface PayoutCountRun {
  payouts: number;
  /** The answer's size at this payout count. */
  bytes: number;
  run: Measurement;
}

/** The reads beside themselves at a hundred times the payouts: a p50 ratio near 1. */
export function renderPayoutCountTable(rows: PayoutCountRow[], ratioMax: number): string {
  const runCells = (side: PayoutCountRun) => [
    integer(side.bytes),
    integer(side.run.requestsPerSecond),
    `${ms(side.run.p50Ms)} / ${ms(side.run.p99Ms)}`,
  ];
  const small = rows[0]?.small.payouts ?? 0;
  const large = rows[0]?.large.payouts ?? 0;
  const table = [
    tableRow([
      "Read",
      "Database",
      `Bytes at ${integer(small)}`,
      `req/s at ${integer(small)}`,
      "p50 / p99 ms",
      `Bytes at ${integer(large)}`,
      `req/s at ${integer(large)}`,
      "p50 / p99 ms",
      "p50 ratio",
      "Bound",
    ]),
    "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...rows.map((row) =>
      tableRow([
        row.read,
        row.database,
        ...runCells(row.small),
        ...runCells(row.large),
        (row.large.run.p50Ms / Math.max(row.small.run.p50Ms, 1)).toFixed(2),
        `≤ ${ratioMax} (+1 ms)`,
      ]),
    ),
  ];
  return `## Balances and leaderboards: the same cost at ${integer(small)} and ${integer(large)} payouts\n\n${table.join("\n")}\n`;
}

/** One of the alternating runs of the same allocation load on a live and a test-mode quest. */
export interface TotalsCostRun {
  quest: "live" | "test";
  run: Measurement;
}

/**
 * What keeping the totals costs an allocation: each run, then the live runs' cost over the test
 * runs' (whose payouts no total counts), by req/s and by p50, beside the goal.
 */
export function renderTotalsCostTable(runs: TotalsCostRun[], costMax: number): string {
  const of = (quest: TotalsCostRun["quest"]) => runs.filter((r) => r.quest === quest);
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  const rps = (list: TotalsCostRun[]) =>
    list.reduce((sum, r) => sum + r.run.answered, 0) /
    list.reduce((sum, r) => sum + r.run.seconds, 0);
  const live = of("live");
  const test = of("test");
  const costByRate = rps(test) / rps(live);
  const costByP50 = mean(live.map((r) => r.run.p50Ms)) / mean(test.map((r) => r.run.p50Ms));
  const table = [
    tableRow(["Run", "Quest", "req/s", "p50 ms", "p99 ms"]),
    "|---:|---|---:|---:|---:|",
    ...runs.map((r, i) =>
      tableRow([
        String(i + 1),
        r.quest === "live" ? "live (kept totals raised)" : "test mode (no totals)",
        integer(r.run.requestsPerSecond),
        ms(r.run.p50Ms),
        ms(r.run.p99Ms),
      ]),
    ),
  ];
  const verdict = costByRate <= costMax ? "met" : "missed";
  return (
    `## Keeping the totals: live against test-mode allocations, alternating runs\n\n${table.join("\n")}\n\n` +
    `Cost of the kept totals: ×${costByRate.toFixed(3)} by req/s, ×${costByP50.toFixed(3)} by p50 ` +
    `(goal ≤ ×${costMax}: ${verdict}).\n`
  );
}

/** One of the alternating runs on a quest with limits per pass (bench/pass-limits.ts). */
export interface PassLimitsRun {
  /** The pass with 100,000 payouts, or new passes in turn. */
  pass: "whale" | "new";
  run: Measurement;
}

/**
 * What a pass's payouts cost its allocations: each run, then the whale's req/s over the new
 * passes' and the new passes' p50 over the whale's (near 1: the same cost), beside the goal.
 */
export function renderPassLimitsTable(runs: PassLimitsRun[], ratioMin: number): string {
  const of = (pass: PassLimitsRun["pass"]) => runs.filter((r) => r.pass === pass);
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  const rps = (list: PassLimitsRun[]) =>
    list.reduce((sum, r) => sum + r.run.answered, 0) /
    list.reduce((sum, r) => sum + r.run.seconds, 0);
  const whale = of("whale");
  const fresh = of("new");
  const byRate = rps(whale) / rps(fresh);
  const byP50 = mean(fresh.map((r) => r.run.p50Ms)) / mean(whale.map((r) => r.run.p50Ms));
  const table = [
    tableRow(["Run", "Pass", "req/s", "p50 ms", "p99 ms"]),
    "|---:|---|---:|---:|---:|",
    ...runs.map((r, i) =>
      tableRow([
        String(i + 1),
        r.pass === "whale" ? "the whale (100,000 payouts, every request)" : "new passes in turn",
        integer(r.run.requestsPerSecond),
        ms(r.run.p50Ms),
        ms(r.run.p99Ms),
      ]),
    ),
  ];
  const verdict = byRate >= ratioMin ? "met" : "missed";
  return (
    `## Limits per pass: a pass with 100,000 payouts against new passes, alternating runs\n\n${table.join("\n")}\n\n` +
    `Whale ÷ new passes: ×${byRate.toFixed(3)} by req/s, ×${byP50.toFixed(3)} by p50 (new ÷ whale) ` +
    `(goal ≥ ${ratioMin}: ${verdict}).\n`
  );
}

/** An allocation load's figures beside a backup (bench/backup.ts). */
export interface BackupLoad {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** The longest allocation. */
  maxMs: number;
  answers: number;
  status503: number;
}

/** GET /admin/backup under single allocations: the backup, and the allocations without and during it. */
export interface BackupRun {
  database: string;
  payouts: number;
  dataDirBytes: number;
  /** The backup file (gzip'd tar). */
  bytes: number;
  /** From the request to the first byte (the copy is taken before it), and to the last. */
  firstByteSeconds: number;
  seconds: number;
  /** The service's VmRSS before the backup, and the most sampled (every 100 ms) during it. */
  rssBeforeBytes: number;
  rssPeakBytes: number;
  /** `questpoints restore` of the file, its books check included. */
  restoreSeconds: number;
  connections: number;
  without: BackupLoad;
  during: BackupLoad;
  /** The same load again once the backup was sent. */
  after: BackupLoad;
}

export function renderBackupTable(run: BackupRun): string {
  const backup = [
    tableRow([
      "Database",
      "Payouts",
      "Data dir MB",
      "Backup MB",
      "First byte s",
      "Backup s",
      "RSS before MB",
      "Peak RSS MB",
      "Restore s",
    ]),
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    tableRow([
      run.database,
      integer(run.payouts),
      mb(run.dataDirBytes),
      mb(run.bytes),
      run.firstByteSeconds.toFixed(1),
      run.seconds.toFixed(1),
      mb(run.rssBeforeBytes),
      mb(run.rssPeakBytes),
      run.restoreSeconds.toFixed(1),
    ]),
  ];
  const loadRow = (what: string, load: BackupLoad) =>
    tableRow([
      what,
      integer(load.requestsPerSecond),
      ms(load.p50Ms),
      ms(load.p99Ms),
      ms(load.maxMs),
      integer(load.answers),
      integer(load.status503),
    ]);
  const allocations = [
    tableRow([
      `Allocations, ${run.connections} connections`,
      "req/s",
      "p50 ms",
      "p99 ms",
      "Longest ms",
      "Answers",
      "503",
    ]),
    "|---|---:|---:|---:|---:|---:|---:|",
    loadRow("without a backup", run.without),
    loadRow("during the backup", run.during),
    loadRow("after the backup", run.after),
  ];
  return `## Backups: GET /admin/backup under single allocations\n\n${backup.join("\n")}\n\n${allocations.join("\n")}\n`;
}
