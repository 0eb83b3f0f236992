/**
 * `npx tsx bench/delay-proxy-check.ts`: the delay proxy (bench/delay-proxy.ts) against a
 * throwaway PostgreSQL. Prints the `SELECT 1` round trips direct, through the proxy at 0 µs and
 * at 500 µs each way, then checks through the 500 µs proxy that pipelined queries, many
 * connections and multi-megabyte messages both ways arrive intact, and that a close on either
 * side closes the other. Exits non-zero when a check fails.
 *
 * CHECK_QUERIES (default 2,000) sets the measured queries per route.
 */
import { createHash } from "node:crypto";
import pg from "pg";
import { startPostgres } from "../test/helpers/postgres.js";
import { formatProxyMeasurement, measureProxy, startDelayProxy } from "./delay-proxy.js";
import { atCleanup, cleanUp, cleanUpOnSignals } from "./processes.js";

const DELAY_US = 500;
const PIPELINED_QUERIES = 100;
const PIPELINED_BATCHES = 3;
const POOL_CONNECTIONS = 20;
const POOL_QUERIES = 400;
const LARGE_BYTES = 4_000_000;
const CLOSE_WAIT_MS_MAX = 2_000;

const failures: string[] = [];

function check(ok: boolean, what: string): void {
  console.log(`${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) failures.push(what);
}

async function until(condition: () => Promise<boolean>, waitMsMax: number): Promise<boolean> {
  const deadline = performance.now() + waitMsMax;
  while (performance.now() < deadline) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return condition();
}

async function checkPipelined(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, pipeline: true });
  await client.connect();
  for (let batch = 1; batch <= PIPELINED_BATCHES; batch++) {
    const start = performance.now();
    const answers = await Promise.all(
      Array.from({ length: PIPELINED_QUERIES }, (_, i) =>
        client.query<{ n: number }>("SELECT $1::int AS n", [batch * PIPELINED_QUERIES + i]),
      ),
    );
    const elapsedMs = performance.now() - start;
    check(
      answers.every((answer, i) => answer.rows[0]?.n === batch * PIPELINED_QUERIES + i),
      `${PIPELINED_QUERIES} pipelined queries on one connection, each answered with its own ` +
        `value (batch ${batch}: ${elapsedMs.toFixed(1)} ms in all)`,
    );
  }
  await client.end();
}

async function checkManyConnections(url: string): Promise<void> {
  const pool = new pg.Pool({ connectionString: url, max: POOL_CONNECTIONS });
  const answers = await Promise.all(
    Array.from({ length: POOL_QUERIES }, (_, i) =>
      pool.query<{ n: number }>("SELECT $1::int AS n", [i]),
    ),
  );
  await pool.end();
  check(
    answers.every((answer, i) => answer.rows[0]?.n === i),
    `${POOL_QUERIES} queries over ${POOL_CONNECTIONS} connections at once`,
  );
}

async function checkLargeMessages(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const sent = "ab".repeat(LARGE_BYTES / 2);
  const up = await client.query<{ md5: string }>("SELECT md5($1::text) AS md5", [sent]);
  const down = await client.query<{ text: string }>("SELECT repeat('ab', $1) AS text", [
    LARGE_BYTES / 2,
  ]);
  await client.end();
  check(
    up.rows[0]?.md5 === createHash("md5").update(sent).digest("hex"),
    `a ${LARGE_BYTES / 1e6} MB parameter reaches PostgreSQL intact`,
  );
  check(down.rows[0]?.text === sent, `a ${LARGE_BYTES / 1e6} MB answer comes back intact`);
}

async function checkCloses(directUrl: string, url: string): Promise<void> {
  const direct = new pg.Client({ connectionString: directUrl });
  await direct.connect();
  const backends = async () => {
    const { rows } = await direct.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM pg_stat_activity" +
        " WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()",
    );
    return rows[0].count;
  };

  // The client closes: the proxy must close its connection to PostgreSQL.
  const leaving = new pg.Client({ connectionString: url });
  await leaving.connect();
  const opened = (await backends()) === 1;
  await leaving.end();
  check(
    opened && (await until(async () => (await backends()) === 0, CLOSE_WAIT_MS_MAX)),
    "a client closing through the proxy ends its PostgreSQL backend",
  );

  // The server closes: the proxied client must see its connection end.
  const dropped = new pg.Client({ connectionString: url });
  await dropped.connect();
  const ended = new Promise<boolean>((resolve) => {
    dropped.on("error", () => {});
    dropped.on("end", () => resolve(true));
    setTimeout(() => resolve(false), CLOSE_WAIT_MS_MAX);
  });
  const { rows } = await dropped.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
  await direct.query("SELECT pg_terminate_backend($1)", [rows[0].pid]);
  check(await ended, "PostgreSQL ending a backend ends the proxied client's connection");
  await direct.end();
}

async function main(): Promise<void> {
  cleanUpOnSignals();
  const postgres = await startPostgres();
  atCleanup(postgres.stop);

  const measurement = await measureProxy(postgres.url, {
    queries: Number(process.env.CHECK_QUERIES ?? 2_000),
    delayUs: DELAY_US,
  });
  console.log(formatProxyMeasurement(measurement));

  const proxy = await startDelayProxy(postgres.url, DELAY_US);
  await checkPipelined(proxy.url);
  await checkManyConnections(proxy.url);
  await checkLargeMessages(proxy.url);
  await checkCloses(postgres.url, proxy.url);
  const stats = await proxy.stop();
  if (stats) console.log(`checks' proxy: ${JSON.stringify(stats)}`);
}

try {
  await main();
} finally {
  await cleanUp();
}
if (failures.length > 0) {
  console.log(`${failures.length} check(s) FAILED`);
  process.exit(1);
}
console.log("All checks passed.");
