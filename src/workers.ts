import cluster, { type Worker } from "node:cluster";
import type { Config } from "./config.js";
import { openDatabase } from "./runtime.js";
import { migrate } from "./store/migrate.js";

/**
 * `serve` with WORKERS > 1: this (primary) process migrates the database once, then runs that
 * many service processes (Node's `cluster`), which share the listening port; the primary hands
 * out connections round-robin. Each worker is a whole service with its own pool and caches; they
 * agree through PostgreSQL (row locks, advisory locks, change notices) exactly as separate hosts
 * would.
 *
 * A worker that dies is replaced after a second; one that dies within `STARTUP_GRACE_MS` of its
 * start `CRASH_LOOP_MAX` times in a row stops the whole service with exit 1 (a bad configuration
 * or an unreachable database, not a passing fault). SIGTERM or SIGINT is passed to every worker,
 * which drains as a single process does; the primary exits when they all have.
 */
/** The primary's request that a worker drain and exit. */
export const WORKER_STOP = "questpoints:stop";
const RESTART_DELAY_MS = 1_000;
const STARTUP_GRACE_MS = 5_000;
const CRASH_LOOP_MAX = 3;

export async function serveWithWorkers(config: Config): Promise<void> {
  const db = await openDatabase(config);
  try {
    await migrate(db);
  } finally {
    await db.close();
  }

  let exitCode: number | undefined; // set once stopping
  let quickDeaths = 0;
  const startedAtMs = new Map<Worker, number>();
  const say = (message: string) => process.stderr.write(`questpoints: ${message}\n`);

  const fork = () => {
    startedAtMs.set(cluster.fork(), Date.now());
  };
  const stopAll = (code: number) => {
    exitCode ??= code;
    if (startedAtMs.size === 0) process.exit(exitCode);
    // A message, not a signal: a worker that already got the signal itself (Ctrl-C reaches the
    // whole process group) would take a second one as "exit now" and drop what is in flight.
    for (const worker of startedAtMs.keys()) {
      if (worker.isConnected()) worker.send(WORKER_STOP);
      else worker.process.kill("SIGTERM");
    }
  };
  cluster.on("exit", (worker, code, signal) => {
    const livedMs = Date.now() - (startedAtMs.get(worker) ?? 0);
    startedAtMs.delete(worker);
    if (exitCode !== undefined) {
      if (startedAtMs.size === 0) process.exit(exitCode);
      return;
    }
    quickDeaths = livedMs < STARTUP_GRACE_MS ? quickDeaths + 1 : 0;
    const how = signal ? `signal ${signal}` : `code ${code}`;
    if (quickDeaths >= CRASH_LOOP_MAX) {
      say(
        `worker ${worker.process.pid} exited (${how}), the ${CRASH_LOOP_MAX}th quick exit in a row: stopping`,
      );
      stopAll(1);
      return;
    }
    say(`worker ${worker.process.pid} exited (${how}); starting another in ${RESTART_DELAY_MS} ms`);
    setTimeout(() => {
      if (exitCode === undefined) fork();
    }, RESTART_DELAY_MS);
  });
  // A worker still starting when the stop came could not hear it yet: ask again once it listens.
  cluster.on("listening", (worker) => {
    if (exitCode !== undefined && worker.isConnected()) worker.send(WORKER_STOP);
  });
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => stopAll(0));
  }
  for (let i = 0; i < config.workers; i++) fork();
}
