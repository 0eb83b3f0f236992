/**
 * The results table (Markdown), with the machine it was measured on. Each row stands beside its
 * own bare baseline, measured in the same run, and says whether it met the goal issue 8 set.
 */
import { cpus, totalmem } from "node:os";
import type { Measurement } from "./load.js";

/** Issue 8's goals: a least ratio to the row's baseline, or a most p99 latency. */
export type Goal = { ratioMin: number } | { p99MsBelow: number };

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
  return base ? row.run.requestsPerSecond / base : undefined;
}

function goalText(goal: Goal | undefined): string {
  if (!goal) return "–";
  return "ratioMin" in goal ? `≥ ${goal.ratioMin}` : `p99 < ${goal.p99MsBelow} ms`;
}

/** Whether the row met its goal; undefined when it has none (or no baseline to compare with). */
export function goalMet(row: Row): boolean | undefined {
  if (!row.goal) return undefined;
  if ("p99MsBelow" in row.goal) return row.run.p99Ms < row.goal.p99MsBelow;
  const value = ratio(row);
  return value === undefined ? undefined : value >= row.goal.ratioMin;
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
        integer(row.run.requestsPerSecond),
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
