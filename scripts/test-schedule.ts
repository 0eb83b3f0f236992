/**
 * How `npm test` runs its files (scripts/run-tests.ts): longest first, by the timings of earlier
 * runs, several at a time, and several short ones to a process (`test-batch.ts`), since a Node
 * process's start (tsx, the service's modules, PGlite's WebAssembly) costs seconds of CPU that a
 * process per file would pay again for every file.
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

/** Durations of earlier runs, by file: the committed ones, refreshed by each local run. */
export const TIMINGS_COMMITTED = join("test", "timings.json");
export const TIMINGS_LOCAL = join(".test-dist", "timings.json");
/** A file no run has timed yet is assumed to take this long. */
const UNTIMED_S = 5;
/**
 * Files share a process up to about this many seconds (by their timings, taken with other files
 * beside them): a process's start (tsx, the service's modules, PGlite's WebAssembly) costs
 * seconds of CPU, paid once for many files, and the last processes stay short enough to balance
 * the cores. At 40 s a run started 61 processes, at 120 s about a third of that.
 */
const CHUNK_S = 120;
const STATS_REPORTER = pathToFileURL(join("scripts", "test-stats-reporter.mjs")).href;
/** A process that runs longer than this is stopped, and its files count as failed. */
const PROCESS_TIMEOUT_MS = 10 * 60 * 1000;

export function readTimings(): Record<string, number> {
  const read = (path: string) =>
    existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as Record<string, number>) : {};
  return { ...read(TIMINGS_COMMITTED), ...read(TIMINGS_LOCAL) };
}

export const estimateS = (timings: Record<string, number>, file: string) =>
  timings[file] || UNTIMED_S; // 0: a time never attributed to the file

export interface FileStats {
  tests: number;
  failed: number;
  seconds: number;
}

/** One process's run of some files. */
export interface ChunkRun {
  files: string[];
  /** The process exited 0 (every test passed, nothing crashed). */
  ok: boolean;
  seconds: number;
  cpuS: number;
  stats: Map<string, FileStats>;
  output: string;
}

/** What the stats reporter wrote: per file (relative path), and the process's CPU seconds. */
function readStats(path: string): { files: Map<string, FileStats>; cpuS: number } {
  try {
    const { files, cpuS } = JSON.parse(readFileSync(path, "utf8")) as {
      files: Record<string, { tests: number; failed: number; ms: number }>;
      cpuS: number;
    };
    const root = `${process.cwd()}/`;
    const relative = (file: string) => (file.startsWith(root) ? file.slice(root.length) : file);
    const entries = Object.entries(files).map(([file, s]): [string, FileStats] => [
      relative(file),
      { tests: s.tests, failed: s.failed, seconds: s.ms / 1000 },
    ]);
    return { files: new Map(entries), cpuS };
  } catch {
    return { files: new Map(), cpuS: 0 }; // the process died before its reporter finished
  }
}

/** Runs test files one after the other in one Node process; its output is kept until it ends. */
function runChunk(files: string[], env: NodeJS.ProcessEnv, statsFile: string): Promise<ChunkRun> {
  const startedMs = Date.now();
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      "--enable-source-maps",
      "--test-reporter=spec",
      "--test-reporter-destination=stdout",
      `--test-reporter=${STATS_REPORTER}`,
      `--test-reporter-destination=${statsFile}`,
      join("scripts", "test-batch.ts"),
      ...files,
    ],
    { env, stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  const keep = (chunk: Buffer) => {
    output += chunk;
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const timer = setTimeout(() => {
    output += `\nnpm test: stopped after ${PROCESS_TIMEOUT_MS / 60_000} minutes: ${files.join(", ")}\n`;
    child.kill("SIGKILL");
  }, PROCESS_TIMEOUT_MS);
  return new Promise((resolve) => {
    child.on("close", (code) => {
      clearTimeout(timer);
      const { files: stats, cpuS } = readStats(statsFile);
      const seconds = (Date.now() - startedMs) / 1000;
      resolve({ files, ok: code === 0, seconds, cpuS, stats, output });
    });
  });
}

/** Takes files off the front of `queue` until about CHUNK_S seconds of them (one at least). */
function nextChunk(queue: string[], timings: Record<string, number>): string[] {
  const chunk: string[] = [];
  let totalS = 0;
  while (queue.length > 0) {
    const costS = estimateS(timings, queue[0]!);
    if (chunk.length > 0 && totalS + costS > CHUNK_S) break;
    chunk.push(queue.shift()!);
    totalS += costS;
  }
  return chunk;
}

/** Whether `file` passed in `run`: it reported, with no failure, and its process did not crash. */
export function filePassed(run: ChunkRun, file: string): boolean {
  const stats = run.stats.get(file);
  if (!stats || stats.failed > 0) return false;
  return run.ok || run.files.some((other) => (run.stats.get(other)?.failed ?? 1) > 0);
}

/**
 * Runs `files` (in the order given: longest first) on `jobs` processes at a time, printing each
 * process's output whole when it ends, with a line per file.
 */
export async function runAll(
  files: string[],
  timings: Record<string, number>,
  options: { jobs: number; env: NodeJS.ProcessEnv; scratch: string },
): Promise<ChunkRun[]> {
  const queue = [...files];
  const runs: ChunkRun[] = [];
  let finished = 0;
  const worker = async (lane: number) => {
    for (let chunk = nextChunk(queue, timings); chunk.length > 0; ) {
      const statsFile = join(options.scratch, `stats-${lane}-${runs.length}.json`);
      const run = await runChunk(chunk, options.env, statsFile);
      runs.push(run);
      const lines = chunk.map((file) => {
        finished++;
        const stats = run.stats.get(file);
        const verdict = filePassed(run, file) ? "passed" : "FAILED";
        return `npm test: [${finished}/${files.length}] ${verdict} ${file}: ${stats?.tests ?? 0} tests in ${(stats?.seconds ?? 0).toFixed(1)} s`;
      });
      process.stdout.write(
        `${run.output}${lines.join("\n")}\n  (one process: ${run.seconds.toFixed(1)} s, ${run.cpuS.toFixed(1)} CPU s)\n\n`,
      );
      chunk = nextChunk(queue, timings);
    }
  };
  await Promise.all(
    Array.from({ length: Math.min(options.jobs, files.length) }, (_, i) => worker(i)),
  );
  return runs;
}
