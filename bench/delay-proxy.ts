/**
 * A TCP proxy that delays every byte by DELAY_US microseconds each way, so the bench can put
 * PostgreSQL "on another host": this kernel has no `netem`. Run as a child process by
 * `startDelayProxy()`; `measureProxy()` measures what it costs and what it adds.
 *
 * Each direction of each connection is a FIFO of chunks with due times (read time + delay); a
 * chunk is written when due, in order, and the end of a stream (FIN, close, error) travels the
 * same queue, so it closes the other side only after the data before it.
 *
 * Node's timers fire on whole milliseconds, too coarse for 500 µs. A worker thread keeps time
 * instead: it sleeps in `Atomics.wait`, whose timeout is fractional milliseconds (a futex with a
 * nanosecond deadline), and posts a message to wake the main thread SPIN_US before the earliest
 * due time; the main thread then polls with `setImmediate` (I/O keeps flowing between turns)
 * until that chunk is due. So the proxy spins at most SPIN_US per due time, and not at all when
 * idle. When the child stops it prints how late chunks left (its own clock) and how often it
 * woke.
 *
 * Child environment: PORT (0: the OS picks; the first stdout line says which), TARGET_HOST
 * (default 127.0.0.1), TARGET_PORT, DELAY_US (default 0). Listens on 127.0.0.1 only.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { connect, createServer, type Socket } from "node:net";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import pg from "pg";
import { atCleanup, REPO_ROOT } from "./processes.js";

const DELAY_US_MAX = 1_000_000;
/**
 * How long before a due time the timer thread wakes the main thread, which then polls. Its
 * message arrives some 50-150 µs after its deadline (kernel timer slack, then the main loop's
 * wake-up). Measured under sequential `SELECT 1`s at 500 µs: 150 µs spent ~25% of a core, 100
 * µs ~10-18% for the same round trips, 50 µs left half the chunks 40 µs late.
 */
const SPIN_US = 100;
/** Bytes queued in one direction (plus the kernel-bound write buffer) before reading pauses. */
const PIPE_BYTES_MAX = 1 << 20;
/** Lateness histogram: 10 µs buckets up to 10 ms, the last one for anything later. */
const LATENESS_BUCKET_US = 10;
const LATENESS_BUCKETS = 1_001;
const READY_TIMEOUT_MS = 10_000;
const STOP_TIMEOUT_MS = 5_000;
const OUTPUT_TAIL_CHARS = 4_000;
const LISTENING_LINE = /^listening 127\.0\.0\.1:(\d+) /;
const STATS_PREFIX = "stats ";

// ---------------------------------------------------------------------------------------------
// The proxy (child process)
// ---------------------------------------------------------------------------------------------

interface ProxyConfig {
  port: number;
  targetHost: string;
  targetPort: number;
  delayUs: number;
}

function readConfig(env: NodeJS.ProcessEnv): ProxyConfig {
  const integer = (name: string, fallback: number | undefined, max: number): number => {
    const text = env[name];
    if (text === undefined || text === "") {
      if (fallback === undefined) throw new Error(`${name} is required`);
      return fallback;
    }
    const value = Number(text);
    if (!Number.isInteger(value) || value < 0 || value > max) {
      throw new Error(`${name} must be an integer from 0 to ${max}, not ${JSON.stringify(text)}`);
    }
    return value;
  };
  return {
    port: integer("PORT", 0, 65_535),
    targetHost: env.TARGET_HOST || "127.0.0.1",
    targetPort: integer("TARGET_PORT", undefined, 65_535),
    delayUs: integer("DELAY_US", 0, DELAY_US_MAX),
  };
}

/** What the proxy tells when it stops: lateness is time written minus due time. */
export interface ProxyStats {
  chunks: number;
  latenessUs: { mean: number; p50: number; p99: number; max: number };
  /** Times the timer thread woke the main thread, and `setImmediate` turns spent polling. */
  timerWakes: number;
  spinTurns: number;
}

/** The end of a stream, queued behind its data. */
const END = Symbol("end");

interface Pending {
  dueNs: number;
  chunk: Buffer | typeof END;
}

/** One direction of one connection. */
interface Pipe {
  from: Socket;
  to: Socket;
  queue: Pending[];
  queuedBytes: number;
  /** END is queued: nothing more is accepted from `from`. */
  ending: boolean;
}

/**
 * The timer thread, plain JavaScript (no tsx in the worker). `state` holds a generation counter
 * (Int32 at byte 0), bumped by the main thread whenever it changes the wake time (Float64 at
 * byte 8, NaN for none), in nanoseconds since `baseNs` on the shared monotonic clock.
 */
const TIMER_THREAD = `
const { parentPort, workerData } = require("node:worker_threads");
const { state, baseNs } = workerData;
const generation = new Int32Array(state, 0, 1);
const wakeNs = new Float64Array(state, 8, 1);
for (;;) {
  const seen = Atomics.load(generation, 0);
  const waitNs = wakeNs[0] - Number(process.hrtime.bigint() - baseNs);
  if (Number.isNaN(waitNs)) Atomics.wait(generation, 0, seen);
  else if (waitNs > 0) Atomics.wait(generation, 0, seen, waitNs / 1e6);
  else {
    parentPort.postMessage(seen);
    Atomics.wait(generation, 0, seen);
  }
}
`;

function serve(config: ProxyConfig): void {
  const delayNs = config.delayUs * 1_000;
  const baseNs = process.hrtime.bigint();
  const nowNs = () => Number(process.hrtime.bigint() - baseNs);

  const state = new SharedArrayBuffer(16);
  const generation = new Int32Array(state, 0, 1);
  const wakeNs = new Float64Array(state, 8, 1);
  wakeNs[0] = Number.NaN;
  const timer = new Worker(TIMER_THREAD, {
    eval: true,
    workerData: { state, baseNs },
    execArgv: [],
  });
  timer.unref();
  timer.on("error", (error) => {
    console.error("timer thread failed:", error);
    process.exit(1);
  });

  const lateness = new Uint32Array(LATENESS_BUCKETS);
  let latenessMaxNs = 0;
  let latenessSumNs = 0;
  let chunks = 0;
  let timerWakes = 0;
  let spinTurns = 0;

  /** Pipes with something queued. */
  const active = new Set<Pipe>();
  let spinning = false;
  let armedNs = Number.NaN;

  const setWake = (atNs: number) => {
    if (Object.is(atNs, armedNs)) return;
    armedNs = atNs;
    wakeNs[0] = atNs;
    Atomics.add(generation, 0, 1);
    Atomics.notify(generation, 0);
  };

  /** Writes what is due, then waits for the next due time: polling if close, else the timer. */
  const pump = () => {
    let nextNs = Number.POSITIVE_INFINITY;
    const now = nowNs();
    for (const pipe of active) {
      const dueNs = flushDue(pipe, now);
      if (dueNs === undefined) active.delete(pipe);
      else nextNs = Math.min(nextNs, dueNs);
    }
    if (nextNs === Number.POSITIVE_INFINITY) setWake(Number.NaN);
    else if (nextNs - nowNs() <= SPIN_US * 1_000) {
      if (!spinning) {
        spinning = true;
        setImmediate(spin);
      }
    } else setWake(nextNs - SPIN_US * 1_000);
  };
  const spin = () => {
    spinning = false;
    spinTurns++;
    pump();
  };
  timer.on("message", () => {
    timerWakes++;
    armedNs = Number.NaN; // the timer fired: the next setWake must reach it even if equal
    pump();
  });

  /** Writes the due chunks of `pipe`; answers the next due time, undefined once empty. */
  const flushDue = (pipe: Pipe, now: number): number | undefined => {
    let head = pipe.queue[0];
    while (head && head.dueNs <= now) {
      pipe.queue.shift();
      const lateNs = now - head.dueNs;
      lateness[Math.min(Math.floor(lateNs / (LATENESS_BUCKET_US * 1_000)), LATENESS_BUCKETS - 1)]++;
      latenessMaxNs = Math.max(latenessMaxNs, lateNs);
      latenessSumNs += lateNs;
      deliver(pipe, head.chunk);
      head = pipe.queue[0];
    }
    updateFlow(pipe);
    return head?.dueNs;
  };

  const deliver = (pipe: Pipe, chunk: Buffer | typeof END) => {
    const { from, to } = pipe;
    if (to.destroyed || !to.writable) return;
    if (chunk !== END) {
      chunks++;
      pipe.queuedBytes -= chunk.length;
      to.write(chunk);
    } else if (from.destroyed) {
      // Nobody is left to hear from `to`: send the FIN, then close.
      to.destroySoon();
    } else to.end();
  };

  const updateFlow = (pipe: Pipe) => {
    if (pipe.queuedBytes + pipe.to.writableLength > PIPE_BYTES_MAX) pipe.from.pause();
    else if (pipe.from.isPaused()) pipe.from.resume();
  };

  const enqueue = (pipe: Pipe, chunk: Buffer | typeof END) => {
    if (pipe.ending) return;
    if (chunk === END) pipe.ending = true;
    else pipe.queuedBytes += chunk.length;
    if (delayNs === 0 && pipe.queue.length === 0) {
      deliver(pipe, chunk);
      updateFlow(pipe);
      return;
    }
    const dueNs = nowNs() + delayNs;
    pipe.queue.push({ dueNs, chunk });
    if (pipe.queue.length === 1) active.add(pipe);
    updateFlow(pipe);
    // Every chunk waits the same delay, so a newer one is never due before an older one:
    // only an idle scheduler needs starting.
    if (!spinning && Number.isNaN(armedNs)) pump();
  };

  const forward = (from: Socket, to: Socket): Pipe => {
    const pipe: Pipe = { from, to, queue: [], queuedBytes: 0, ending: false };
    from.on("data", (chunk: Buffer) => enqueue(pipe, chunk));
    from.on("end", () => enqueue(pipe, END));
    // A close without FIN (reset, failed connect) still ends the other side, after the delay.
    from.on("close", () => enqueue(pipe, END));
    from.on("error", () => {}); // "close" follows
    to.on("drain", () => updateFlow(pipe));
    return pipe;
  };

  const server = createServer({ allowHalfOpen: true, noDelay: true }, (client) => {
    const target = connect({
      host: config.targetHost,
      port: config.targetPort,
      allowHalfOpen: true,
      noDelay: true,
    });
    forward(client, target);
    forward(target, client);
  });
  server.listen(config.port, "127.0.0.1", () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    console.log(
      `listening 127.0.0.1:${port} -> ${config.targetHost}:${config.targetPort} delay_us=${config.delayUs}`,
    );
  });

  const stop = () => {
    const delivered = lateness.reduce((sum, count) => sum + count, 0);
    const stats: ProxyStats = {
      chunks,
      latenessUs: {
        mean: Math.round(latenessSumNs / Math.max(1, delivered) / 1_000),
        p50: latenessQuantileUs(lateness, 0.5),
        p99: latenessQuantileUs(lateness, 0.99),
        max: Math.round(latenessMaxNs / 1_000),
      },
      timerWakes,
      spinTurns,
    };
    console.log(`${STATS_PREFIX}${JSON.stringify(stats)}`);
    process.exit(0);
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}

/** The upper edge of the bucket holding quantile `q` (so a bound, to the bucket's width). */
function latenessQuantileUs(histogram: Uint32Array, q: number): number {
  const total = histogram.reduce((sum, count) => sum + count, 0);
  if (total === 0) return 0;
  const rank = Math.ceil(q * total);
  let seen = 0;
  for (let bucket = 0; bucket < histogram.length; bucket++) {
    seen += histogram[bucket];
    if (seen >= rank) return (bucket + 1) * LATENESS_BUCKET_US;
  }
  return histogram.length * LATENESS_BUCKET_US;
}

// ---------------------------------------------------------------------------------------------
// Starting it (parent process)
// ---------------------------------------------------------------------------------------------

export interface DelayProxy {
  /** `databaseUrl` with its host and port replaced by the proxy's. */
  url: string;
  port: number;
  delayUs: number;
  /** CPU time the proxy has used so far, in ms (undefined without Linux's /proc). */
  cpuMs(): number | undefined;
  /** The last few thousand characters it wrote to stdout and stderr. */
  output(): string;
  /** SIGTERM; answers the stats it prints on the way out (undefined if it had exited). */
  stop(): Promise<ProxyStats | undefined>;
}

/**
 * Starts the proxy in front of the server of `databaseUrl` (a postgres:// URL, or any URL with a
 * host and port) and answers once it listens. Registered for clean-up (bench/processes.ts).
 */
export async function startDelayProxy(databaseUrl: string, delayUs: number): Promise<DelayProxy> {
  const target = new URL(databaseUrl);
  const child = spawn(process.execPath, ["--import", "tsx", "bench/delay-proxy.ts"], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: "0",
      TARGET_HOST: target.hostname,
      TARGET_PORT: target.port || "5432",
      DELAY_US: String(delayUs),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  let stdout = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
    output = (output + chunk.toString()).slice(-OUTPUT_TAIL_CHARS);
  });
  child.stderr.on("data", (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_TAIL_CHARS);
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const running = () => child.exitCode === null && child.signalCode === null;

  const stop = async (): Promise<ProxyStats | undefined> => {
    if (running()) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    }
    const line = stdout.split("\n").find((text) => text.startsWith(STATS_PREFIX));
    return line ? (JSON.parse(line.slice(STATS_PREFIX.length)) as ProxyStats) : undefined;
  };
  atCleanup(async () => {
    await stop();
  });

  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("no listening line")), READY_TIMEOUT_MS);
    const check = () => {
      const match = LISTENING_LINE.exec(stdout);
      if (match) {
        clearTimeout(timer);
        child.stdout.off("data", check);
        resolve(Number(match[1]));
      }
    };
    child.stdout.on("data", check);
    void exited.then(() => reject(new Error("it exited")));
  }).catch(async (error: unknown) => {
    await stop();
    throw new Error(`bench/delay-proxy.ts did not start: ${error}\n${output}`);
  });

  const url = new URL(databaseUrl);
  url.hostname = "127.0.0.1";
  url.port = String(port);
  const pid = child.pid;
  return {
    url: url.toString(),
    port,
    delayUs,
    cpuMs: () => (pid === undefined ? undefined : processCpuMs(pid)),
    output: () => output,
    stop,
  };
}

/** utime + stime of a process and all its threads, from /proc (clock ticks of 10 ms). */
function processCpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // "pid (comm) state …": fields after the comm, counted from state = 0; utime is 11, stime 12.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const USER_HZ = 100; // fixed by the kernel's ABI for /proc, whatever CONFIG_HZ is
    return ((Number(fields[11]) + Number(fields[12])) * 1_000) / USER_HZ;
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// Measuring it
// ---------------------------------------------------------------------------------------------

export interface RoundTrip {
  /** "direct", or "proxy, 0 µs" / "proxy, 500 µs" (the delay each way). */
  route: string;
  delayUs: number | undefined;
  queries: number;
  p50Ms: number;
  p99Ms: number;
  meanMs: number;
  /** The proxy's CPU over the measured queries, in % of one core. */
  proxyCpuPercent: number | undefined;
}

export interface ProxyMeasurement {
  /** direct, proxy at 0 µs (its own cost), proxy at `delayUs` (expect ~2 × delay more). */
  rows: RoundTrip[];
  /** The delaying proxy's CPU while its connection sits idle, in % of one core. */
  idleCpuPercent: number | undefined;
  /** The delaying proxy's own account: chunk lateness beyond the delay, wakes. */
  delayedStats: ProxyStats | undefined;
}

export interface MeasureOptions {
  /** Measured `SELECT 1`s per route, split over `rounds` that alternate the routes. */
  queries?: number;
  rounds?: number;
  /** Unmeasured queries per route and round first. */
  warmupQueries?: number;
  delayUs?: number;
  idleMs?: number;
}

/**
 * Round trips of `SELECT 1` on one connection, one after another: straight to the server of
 * `databaseUrl`, through the proxy with no delay, and through it with `delayUs` each way. The
 * routes alternate over a few rounds, so a burst of load on the machine falls on all of them.
 */
export async function measureProxy(
  databaseUrl: string,
  options: MeasureOptions = {},
): Promise<ProxyMeasurement> {
  const {
    queries = 2_000,
    rounds = 4,
    warmupQueries = 100,
    delayUs = 500,
    idleMs = 1_000,
  } = options;
  const plain = await startDelayProxy(databaseUrl, 0);
  const delayed = await startDelayProxy(databaseUrl, delayUs);
  const routes = [
    { route: "direct", delayUs: undefined, url: databaseUrl, proxy: undefined },
    { route: "proxy, 0 µs", delayUs: 0, url: plain.url, proxy: plain },
    { route: `proxy, ${delayUs} µs`, delayUs, url: delayed.url, proxy: delayed },
  ];
  const clients = routes.map((route) => new pg.Client({ connectionString: route.url }));
  let rows: RoundTrip[];
  let idleCpuPercent: number | undefined;
  let delayedStats: ProxyStats | undefined;
  try {
    await Promise.all(clients.map((client) => client.connect()));
    const samples = routes.map(() => [] as number[]);
    const cpuMs = routes.map(() => 0 as number | undefined);
    const wallMs = routes.map(() => 0);
    const perRound = Math.ceil(queries / rounds);
    for (let round = 0; round < rounds; round++) {
      for (const [index, route] of routes.entries()) {
        const client = clients[index];
        for (let i = 0; i < warmupQueries; i++) await client.query("SELECT 1");
        const cpuBefore = route.proxy?.cpuMs();
        const start = performance.now();
        for (let i = 0; i < perRound; i++) {
          const sent = performance.now();
          await client.query("SELECT 1");
          samples[index].push(performance.now() - sent);
        }
        wallMs[index] += performance.now() - start;
        const cpuAfter = route.proxy?.cpuMs();
        const sum = cpuMs[index];
        cpuMs[index] =
          sum === undefined || cpuBefore === undefined || cpuAfter === undefined
            ? undefined
            : sum + cpuAfter - cpuBefore;
      }
    }

    const idleBefore = delayed.cpuMs();
    await new Promise((resolve) => setTimeout(resolve, idleMs));
    const idleAfter = delayed.cpuMs();
    if (idleBefore !== undefined && idleAfter !== undefined) {
      idleCpuPercent = ((idleAfter - idleBefore) / idleMs) * 100;
    }

    rows = routes.map((route, index): RoundTrip => {
      const sorted = samples[index].sort((a, b) => a - b);
      const used = cpuMs[index];
      return {
        route: route.route,
        delayUs: route.delayUs,
        queries: sorted.length,
        p50Ms: quantile(sorted, 0.5),
        p99Ms: quantile(sorted, 0.99),
        meanMs: sorted.reduce((sum, ms) => sum + ms, 0) / sorted.length,
        proxyCpuPercent:
          route.proxy && used !== undefined ? (used / wallMs[index]) * 100 : undefined,
      };
    });
  } finally {
    await Promise.all(clients.map((client) => client.end().catch(() => {})));
    await plain.stop();
    delayedStats = await delayed.stop();
  }
  return { rows, idleCpuPercent, delayedStats };
}

/** Nearest-rank quantile of sorted values. */
function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/** One line per route, for a log or a report. */
export function formatProxyMeasurement(measurement: ProxyMeasurement): string {
  const percent = (value: number | undefined) =>
    value === undefined ? "n/a" : `${value.toFixed(1)}%`;
  const lines = measurement.rows.map(
    (row) =>
      `${row.route.padEnd(16)} p50 ${row.p50Ms.toFixed(3)} ms  p99 ${row.p99Ms.toFixed(3)} ms  ` +
      `mean ${row.meanMs.toFixed(3)} ms  (${row.queries} × SELECT 1)` +
      (row.proxyCpuPercent === undefined ? "" : `  proxy CPU ${percent(row.proxyCpuPercent)}`),
  );
  lines.push(`delaying proxy idle CPU ${percent(measurement.idleCpuPercent)}`);
  const stats = measurement.delayedStats;
  if (stats) {
    lines.push(
      `delaying proxy: ${stats.chunks} chunks, late by mean ${stats.latenessUs.mean} µs, p50 ≤${stats.latenessUs.p50} µs, ` +
        `p99 ≤${stats.latenessUs.p99} µs, max ${stats.latenessUs.max} µs; ` +
        `${stats.timerWakes} timer wakes, ${stats.spinTurns} polling turns`,
    );
  }
  return lines.join("\n");
}

const runAsScript = process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href;
if (runAsScript) serve(readConfig(process.env));
