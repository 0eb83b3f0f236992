/**
 * The capacity figures (BENCH_ONLY=capacity): what one payout costs, measured, for the
 * capacity model of docs/operations.md. Allocations run on PostgreSQL (fsync on) in two shapes, single
 * allocations round-robin over 1,000 quests and batches of 1,000 items on one connection, while
 * the CPU time of the service's processes and of the PostgreSQL server's processes is read from
 * /proc, and the WAL position from the server; each is divided by the payouts made. The payouts
 * table's and its indexes' bytes per row are read at the end.
 */
import type { Db } from "../src/db/handle.js";
import { checkAllOk, checkBooks, checkPayoutsMatch, readBooks } from "./checks.js";
import { createCast, createQuests, passAddress, registerAccounts } from "./fixtures.js";
import { type LoadSettings, type LoadTarget, type Measurement, runLoad } from "./load.js";
import { treeCpuSeconds } from "./processes.js";
import { type Database, type GroupContext, type Service, startService } from "./service.js";

export const CAPACITY_GROUP = "capacity: per-payout costs";
const QUEST_COUNT = 1_000;
const BATCH_ITEMS = 1_000;

export interface CapacityRow {
  shape: string;
  payouts: number;
  payoutsPerSecond: number;
  serviceCpuUsPerPayout: number;
  postgresCpuUsPerPayout: number;
  walBytesPerPayout: number;
}

export interface CapacityResult {
  rows: CapacityRow[];
  tableBytesPerRow: number;
  indexBytesPerRow: number;
  rowsMeasured: number;
}

export interface CapacityBenchOptions extends GroupContext {
  /** The PostgreSQL server's main process (its postmaster.pid), whose tree is every backend. */
  postgresPid: number;
}

const walLsn = (db: Db) =>
  db
    .query<{ bytes: string }>("SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0') AS bytes")
    .then(({ rows }) => Number(rows[0]!.bytes));

/** One shape's run, with the CPU and WAL it cost per payout. */
async function measureShape(
  options: CapacityBenchOptions,
  database: Database,
  service: Service,
  shape: string,
  target: LoadTarget,
  settings: LoadSettings,
  itemsPerRequest: number,
): Promise<CapacityRow> {
  const before = await options.withDb(database, readBooks);
  const wal0 = await options.withDb(database, walLsn);
  const service0 = service.cpuSeconds() ?? Number.NaN;
  const postgres0 = treeCpuSeconds(options.postgresPid) ?? Number.NaN;
  options.log(`▶ capacity: ${shape}, ${settings.durationS} s…`);
  const run: Measurement = await runLoad(target, settings);
  const serviceCpu = (service.cpuSeconds() ?? Number.NaN) - service0;
  const postgresCpu = (treeCpuSeconds(options.postgresPid) ?? Number.NaN) - postgres0;
  const wal = (await options.withDb(database, walLsn)) - wal0;
  const books = await options.withDb(database, readBooks);
  checkAllOk(`capacity, ${shape}`, run);
  checkBooks(`capacity, ${shape}`, books);
  const payouts = books.payouts - before.payouts;
  if (itemsPerRequest === 1) checkPayoutsMatch(`capacity, ${shape}`, run, books, before.payouts);
  // The warm-up's payouts are in the CPU and WAL figures too: divide by every payout made.
  const perPayout = (value: number) => value / Math.max(payouts, 1);
  return {
    shape,
    payouts,
    payoutsPerSecond: run.requestsPerSecond * itemsPerRequest,
    serviceCpuUsPerPayout: perPayout(serviceCpu) * 1e6,
    postgresCpuUsPerPayout: perPayout(postgresCpu) * 1e6,
    walBytesPerPayout: perPayout(wal),
  };
}

export async function benchCapacity(options: CapacityBenchOptions): Promise<CapacityResult> {
  const database = await options.open("capacity");
  const service = await startService(database, { batching: true, workers: 1 });
  const cast = await createCast(service, 1);
  const questIds = await createQuests(service, cast.owner.pass, QUEST_COUNT);
  const players = await registerAccounts(
    service,
    Array.from({ length: BATCH_ITEMS }, (_, i) => passAddress(100_000 + i)),
  );
  const headers = { "content-type": "application/json", "x-api-key": cast.apiKey };
  const rows = [
    await measureShape(
      options,
      database,
      service,
      `single allocations, ${QUEST_COUNT.toLocaleString("en-US")} quests round-robin, ${options.settings.connections} connections`,
      {
        baseUrl: service.url,
        method: "POST",
        paths: questIds.map((id) => `/quests/${id}`),
        headers,
        body: JSON.stringify({ points: 1, address: cast.players[0]!.pass }),
      },
      options.settings,
      1,
    ),
    await measureShape(
      options,
      database,
      service,
      `batches of ${BATCH_ITEMS.toLocaleString("en-US")} items, 1 connection`,
      {
        baseUrl: service.url,
        method: "POST",
        paths: [`/quests/${questIds[1]}/allocations`],
        headers,
        body: JSON.stringify({
          allocations: players.map((player) => ({ points: 1, address: player.pass })),
        }),
      },
      { ...options.settings, connections: 1 },
      BATCH_ITEMS,
    ),
  ];
  await options.stopService(service, "the capacity rows");
  const sizes = await options.withDb(database, async (db) => {
    await db.query("VACUUM ANALYZE payouts");
    const { rows: size } = await db.query<{ n: string; table_bytes: string; index_bytes: string }>(
      `SELECT count(*) AS n, pg_table_size('payouts') AS table_bytes,
              pg_indexes_size('payouts') AS index_bytes FROM payouts`,
    );
    return size[0]!;
  });
  const rowsMeasured = Number(sizes.n);
  return {
    rows,
    rowsMeasured,
    tableBytesPerRow: Number(sizes.table_bytes) / rowsMeasured,
    indexBytesPerRow: Number(sizes.index_bytes) / rowsMeasured,
  };
}

export function renderCapacityTable(result: CapacityResult): string {
  const integer = (value: number) => Math.round(value).toLocaleString("en-US");
  const lines = [
    "| Shape | Payouts | Payouts/s | Service CPU µs / payout | PostgreSQL CPU µs / payout | WAL bytes / payout |",
    "|---|---:|---:|---:|---:|---:|",
    ...result.rows.map(
      (row) =>
        `| ${row.shape} | ${integer(row.payouts)} | ${integer(row.payoutsPerSecond)} | ${integer(row.serviceCpuUsPerPayout)} | ${integer(row.postgresCpuUsPerPayout)} | ${integer(row.walBytesPerPayout)} |`,
    ),
  ];
  return `## Capacity: what one payout costs (PostgreSQL, fsync on)\n\n${lines.join("\n")}\n\npayouts table: ${integer(result.tableBytesPerRow)} bytes a row, its indexes ${integer(result.indexBytesPerRow)} bytes a row (over ${integer(result.rowsMeasured)} rows)\n`;
}
