/** The results table (Markdown), with the machine it was measured on. */
import { cpus, totalmem } from "node:os";
import type { Measurement } from "./load.js";

export interface Row {
  scenario: string;
  database: string;
  run: Measurement;
}

export interface Setting {
  durationS: number;
  connections: number;
  postgresVersion: string;
  pgliteVersion: string;
  /** os.loadavg() at start, as text: 1, 5 and 15 minutes. */
  loadAverageAtStart: string;
}

const GIB = 1024 ** 3;

/** The service's tuning variables this run passed through from the environment. */
function serviceSettings(): string {
  const defaults = {
    DB_POOL_SIZE: "20",
    ALLOCATION_BATCH_MAX: "256",
    ALLOCATION_BATCH_WAIT_MS: "0",
  };
  return Object.entries(defaults)
    .map(([name, fallback]) => `${name}=${process.env[name] || `${fallback} (default)`}`)
    .join(", ");
}

function machine(setting: Setting): string {
  const cpu = cpus();
  return [
    `- Date: ${new Date().toISOString()}`,
    `- CPU: ${cpu[0]?.model ?? "unknown"}, ${cpu.length} cores (shared by load generator, service and database)`,
    `- Memory: ${(totalmem() / GIB).toFixed(1)} GiB`,
    `- Node ${process.version}; PostgreSQL ${setting.postgresVersion} (fsync on); PGlite (PostgreSQL ${setting.pgliteVersion} in WebAssembly)`,
    `- Load average before the run (other work on the machine): ${setting.loadAverageAtStart}`,
    `- Load: autocannon, ${setting.connections} connections, ${setting.durationS} s per row, loopback`,
    `- Service: ${serviceSettings()}`,
  ].join("\n");
}

const integer = (value: number) => Math.round(value).toLocaleString("en-US");
const ms = (value: number) => (value < 10 ? value.toFixed(1) : integer(value));

const tableRow = (cells: string[]) => `| ${cells.join(" | ")} |`;

export function renderReport(rows: Row[], setting: Setting): string {
  const echo = rows.find((row) => row.scenario === "echo")?.run.requestsPerSecond;
  const table = [
    tableRow(["Scenario", "Database", "req/s", "p50 ms", "p99 ms", "Ratio to echo", "non-2xx"]),
    "|---|---|---:|---:|---:|---:|---:|",
    ...rows.map(({ scenario, database, run }) =>
      tableRow([
        scenario,
        database,
        integer(run.requestsPerSecond),
        ms(run.p50Ms),
        ms(run.p99Ms),
        echo ? (run.requestsPerSecond / echo).toFixed(3) : "–",
        integer(run.non2xx),
      ]),
    ),
  ];
  return `# questpoints benchmark (npm run bench)\n\n${machine(setting)}\n\n${table.join("\n")}\n`;
}
