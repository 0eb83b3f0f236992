/**
 * Child processes of the benchmark (the service, the bare server) and the clean-up that stops
 * them, the PostgreSQL server and the temp dirs, whether the run ends well, fails or is
 * interrupted. The service runs in its own process so the load generator does not share its
 * event loop.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { freePort } from "../test/helpers/postgres.js";

export const REPO_ROOT = fileURLToPath(new URL("..", import.meta.url));

const READY_TIMEOUT_MS = 60_000;
const READY_POLL_MS = 100;
// Above the service's 10 s shutdown grace, so a draining service is not killed mid-commit.
const STOP_TIMEOUT_MS = 15_000;
const OUTPUT_TAIL_CHARS = 4_000;

const cleanups: (() => Promise<void>)[] = [];
let cleaning: Promise<void> | undefined;

const runTask = (task: () => Promise<void>) =>
  task().catch((error: unknown) => console.error("clean-up failed:", error));

/**
 * Registers a clean-up task; tasks run last-registered first. Each must be safe to repeat.
 * Once clean-up has begun (Ctrl-C while the run goes on), a new task runs at once instead.
 */
export function atCleanup(task: () => Promise<void>): void {
  if (cleaning) void runTask(task);
  else cleanups.push(task);
}

/** Runs the clean-up once; a second caller (signal and normal end together) waits for it. */
export function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    for (let task = cleanups.pop(); task; task = cleanups.pop()) await runTask(task);
  })();
  return cleaning;
}

/** Ctrl-C or a kill still stops every child, PostgreSQL and the temp dirs. */
export function cleanUpOnSignals(): void {
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping everything…`);
      void cleanUp().finally(() => process.exit(130));
    });
  }
}

export interface Child {
  url: string;
  /** Processes running it now, itself and its descendants (undefined without Linux's /proc). */
  processCount(): number | undefined;
  /** The last few thousand characters it wrote to stdout and stderr. */
  output(): string;
  /** CPU seconds it and its descendants used so far (undefined without /proc). */
  cpuSeconds(): number | undefined;
  stop(): Promise<void>;
}

/** The parent of every process /proc shows, by pid. */
function parentPids(): Map<number, number> | undefined {
  let entries: string[];
  try {
    entries = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  const parents = new Map<number, number>();
  for (const pid of entries) {
    try {
      // "pid (comm) state ppid …"; comm may hold spaces and parentheses, so split after the last ")".
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      parents.set(Number(pid), ppid);
    } catch {
      // The process ended while being listed.
    }
  }
  return parents;
}

function processTreeSize(rootPid: number): number | undefined {
  return processTree(rootPid)?.size;
}

function processTree(rootPid: number): Set<number> | undefined {
  const parents = parentPids();
  if (!parents?.has(rootPid)) return undefined;
  const tree = new Set([rootPid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, ppid] of parents) {
      if (tree.has(ppid) && !tree.has(pid)) {
        tree.add(pid);
        grew = true;
      }
    }
  }
  return tree;
}

/** Linux's clock ticks a second, the unit of /proc/<pid>/stat's CPU times. */
const CLOCK_TICKS_PER_S = 100;

/**
 * CPU time (user and system) a process and its descendants used so far, those that ended and
 * were waited for included (their parent's cutime and cstime), in seconds; undefined without
 * /proc.
 */
export function treeCpuSeconds(rootPid: number): number | undefined {
  const tree = processTree(rootPid);
  if (!tree) return undefined;
  let ticks = 0;
  for (const pid of tree) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      // Fields 14-17 (utime, stime, cutime, cstime), counted from 1 with the state as field 3.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      for (const index of [11, 12, 13, 14]) ticks += Number(fields[index]);
    } catch {
      // It ended while being read: its time moved to its parent's cutime.
    }
  }
  return ticks / CLOCK_TICKS_PER_S;
}

type Env = Record<string, string | undefined>;

/**
 * Starts `node --import tsx <script>` on a free loopback port and waits until GET /readyz
 * answers 200. `env` is added to this process's environment; an undefined value removes the
 * variable (so a DATABASE_URL in the caller's shell cannot leak into a PGlite run).
 */
export async function startChild(script: string[], env: Env): Promise<Child> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", ...script], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_TAIL_CHARS);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = () => stopChild(child, exited);
  atCleanup(stop);

  const url = `http://127.0.0.1:${port}`;
  try {
    await waitReady(url, child);
  } catch (error) {
    await stop();
    throw new Error(`${script.join(" ")} did not become ready: ${error}\n${output}`);
  }
  const pid = child.pid;
  return {
    url,
    stop,
    processCount: () => (pid === undefined ? undefined : processTreeSize(pid)),
    cpuSeconds: () => (pid === undefined ? undefined : treeCpuSeconds(pid)),
    output: () => output,
  };
}

async function waitReady(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error("it exited");
    const ready = await fetch(`${url}/readyz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, READY_POLL_MS));
  }
  throw new Error(`no 200 from /readyz within ${READY_TIMEOUT_MS} ms`);
}

/** SIGTERM (the service drains and closes its database), then SIGKILL if it hangs. */
async function stopChild(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}
