/**
 * `npm test`'s runner: finds or installs what the tests need beyond npm packages
 * (`system-deps.ts`), starts one throwaway PostgreSQL server for the whole run (each test file
 * creates its own database on it), runs every test file with Node's test runner, stops the server.
 */
import { spawn } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { startPostgres } from "../test/helpers/postgres.js";
import { ensureSystemDeps } from "./system-deps.js";

function testFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return testFiles(path);
    return name.endsWith(".test.ts") ? [path] : [];
  });
}

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
let exitCode = 1;
try {
  exitCode = await new Promise<number>((resolve) => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "--test", "--test-concurrency=2", "--test-reporter=spec", ...files],
      { stdio: "inherit", env: { ...process.env, QP_TEST_PG_URL: server.url } },
    );
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
} finally {
  await server.stop();
}
process.exit(exitCode);
