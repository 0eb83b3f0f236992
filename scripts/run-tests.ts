/**
 * `npm test`'s runner: finds or installs what the tests need beyond npm packages
 * (`system-deps.ts`), starts one throwaway PostgreSQL server for the whole run (each test file
 * creates its own database on it), makes what the files share (`prepareShared`), runs every test
 * file with Node's test runner, stops the server.
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrate } from "../src/store/migrate.js";
import { openPglite, snapshotPglite } from "../src/store/pglite.js";
import { startPostgres } from "../test/helpers/postgres.js";
import { buildWeb } from "./build-web.js";
import { ensureSystemDeps } from "./system-deps.js";

function testFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return testFiles(path);
    return name.endsWith(".test.ts") ? [path] : [];
  });
}

/**
 * What every test file would otherwise make for itself, made once: a migrated PGlite cluster to
 * copy (seconds of CPU each time one is created), the CLI built to JavaScript (tsx compiles the
 * sources at every start of a CLI child process, about a second of CPU each), and the pages'
 * bundle the browser tests serve.
 */
async function prepareShared(dir: string): Promise<Record<string, string>> {
  const startedMs = Date.now();
  const template = join(dir, "pglite-migrated.tar");
  const db = await openPglite(undefined);
  try {
    await migrate(db);
    writeFileSync(template, Buffer.from(await (await snapshotPglite(db)).arrayBuffer()));
  } finally {
    await db.close();
  }
  // Beside src/ (its files find package.json, migrations/ and dist/web/ two levels up).
  execFileSync(process.execPath, [TSC, "-p", "tsconfig.build.json", "--outDir", TEST_BUILD_DIR], {
    stdio: "inherit",
  });
  const webDir = await buildWeb(join(dir, "web"));
  console.log(`npm test: shared set-up in ${((Date.now() - startedMs) / 1000).toFixed(1)} s`);
  return {
    QP_TEST_PGLITE_TEMPLATE: template,
    QP_TEST_CLI_JS: join(process.cwd(), TEST_BUILD_DIR, "cli", "main.js"),
    QP_TEST_WEB_DIR: webDir,
  };
}

const TSC = join("node_modules", "typescript", "bin", "tsc");
const TEST_BUILD_DIR = ".test-dist";

const filter = process.argv.slice(2);
const files = testFiles("test")
  .filter((file) => filter.length === 0 || filter.some((f) => file.includes(f)))
  .sort();
try {
  ensureSystemDeps();
} catch (error) {
  console.error(`npm test: ${(error as Error).message}`);
  process.exit(1);
}
const server = await startPostgres();
const scratch = mkdtempSync(join(tmpdir(), "qp-test-run-"));
let exitCode = 1;
try {
  const shared = await prepareShared(scratch);
  exitCode = await new Promise<number>((resolve) => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "--test", "--test-concurrency=2", "--test-reporter=spec", ...files],
      { stdio: "inherit", env: { ...process.env, QP_TEST_PG_URL: server.url, ...shared } },
    );
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
} finally {
  await server.stop();
  rmSync(scratch, { recursive: true, force: true });
}
process.exit(exitCode);
