/**
 * `npm test`'s runner. It finds or installs what the tests need beyond npm packages
 * (`system-deps.ts`), makes once what the test files share (`test-fixtures.ts`: a PostgreSQL
 * server with a migrated template database, a migrated PGlite cluster, the CLI built, the pages'
 * bundle, one Chromium), runs the files on every core, the longest first (`test-schedule.ts`),
 * says which files took the time, and stops everything.
 *
 * `npm run test:only -- PART…` runs the files whose path contains a PART; `QP_TEST_DB=pglite`
 * (or `postgres`) runs the database-bound tests on that database only; `QP_TEST_JOBS=N` sets how
 * many processes run at once. See docs/testing.md.
 */
import { mkdirSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { dirname, join } from "node:path";
import { ensureSystemDeps } from "./system-deps.js";
import { startSharedFixtures } from "./test-fixtures.js";
import {
  type ChunkRun,
  estimateS,
  filePassed,
  readTimings,
  runAll,
  TIMINGS_LOCAL,
} from "./test-schedule.js";

const SLOWEST_SHOWN = 10;

function testFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return testFiles(path);
    return name.endsWith(".test.ts") ? [path] : [];
  });
}

/** The failing tests of a run as the spec reporter lists them at its end, or its output's tail. */
function failureReport(run: ChunkRun): string {
  const at = run.output.lastIndexOf("✖ failing tests:");
  const report = at >= 0 ? run.output.slice(at) : run.output.slice(-4000);
  return `npm test: why ${run.files.length === 1 ? run.files[0] : `the process of ${run.files[0]} and ${run.files.length - 1} more`} failed:\n${report.slice(0, 12_000)}\n`;
}

/** Prints the totals, the slowest files and what failed; true when everything passed. */
function summarise(runs: ChunkRun[], files: string[], wallS: number): boolean {
  const runOf = new Map(runs.flatMap((run) => run.files.map((file) => [file, run])));
  const statsOf = (file: string) => runOf.get(file)?.stats.get(file);
  const tests = files.reduce((sum, file) => sum + (statsOf(file)?.tests ?? 0), 0);
  const cpuS = runs.reduce((sum, run) => sum + run.cpuS, 0);
  const slowest = [...files]
    .sort((a, b) => (statsOf(b)?.seconds ?? 0) - (statsOf(a)?.seconds ?? 0))
    .slice(0, SLOWEST_SHOWN)
    .map((file) => `  ${(statsOf(file)?.seconds ?? 0).toFixed(1).padStart(6)} s  ${file}`);
  process.stdout.write(
    `npm test: ${tests} tests in ${files.length} files, ${wallS.toFixed(0)} s wall; ${runs.length} test processes used ${cpuS.toFixed(0)} CPU s. Slowest files:\n${slowest.join("\n")}\n`,
  );
  const failed = files.filter((file) => {
    const run = runOf.get(file);
    return !run || !filePassed(run, file);
  });
  if (failed.length === 0) {
    process.stdout.write("npm test: every test passed.\n");
    return true;
  }
  const why = (file: string) => {
    const stats = statsOf(file);
    return stats ? `${stats.failed} failed` : "no report: its process crashed or was stopped";
  };
  // Again at the end, where a log cut to its tail (a CI summary) still shows why.
  const failedRuns = runs.filter((run) => run.files.some((file) => failed.includes(file)));
  for (const run of failedRuns) process.stdout.write(failureReport(run));
  process.stdout.write(
    `npm test: FAILED, see the output above:\n${failed.map((file) => `  ${file} (${why(file)})`).join("\n")}\n`,
  );
  return false;
}

const startedMs = Date.now();
const filter = process.argv.slice(2);
const timings = readTimings();
const files = testFiles("test")
  .filter((file) => filter.length === 0 || filter.some((part) => file.includes(part)))
  .sort((a, b) => estimateS(timings, b) - estimateS(timings, a) || a.localeCompare(b));
if (files.length === 0) {
  console.error(`npm test: no test file matches ${filter.join(", ")}`);
  process.exit(1);
}
try {
  ensureSystemDeps();
} catch (error) {
  console.error(`npm test: ${(error as Error).message}`);
  process.exit(1);
}
const jobs = Number(process.env.QP_TEST_JOBS) || availableParallelism() + 1;
const fixtures = await startSharedFixtures({ browser: files.some((f) => f.includes("/web/")) });
let ok = false;
try {
  const env = { ...process.env, ...fixtures.env };
  const runs = await runAll(files, timings, { jobs, env, scratch: fixtures.scratch });
  ok = summarise(runs, files, (Date.now() - startedMs) / 1000);
  const measured = runs.flatMap((run) =>
    [...run.stats].map(([file, s]) => [file, Math.round(s.seconds * 10) / 10] as const),
  );
  mkdirSync(dirname(TIMINGS_LOCAL), { recursive: true });
  writeFileSync(
    TIMINGS_LOCAL,
    `${JSON.stringify({ ...timings, ...Object.fromEntries(measured) }, null, 2)}\n`,
  );
} finally {
  await fixtures.stop();
}
process.exit(ok ? 0 : 1);
