/**
 * Starting and stopping as a person or a process manager does it: the banner on every
 * start, and SIGTERM to npm itself stops the service whole, leaving no process behind.
 */
import assert from "node:assert/strict";
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { ADMIN_TOKEN } from "../helpers/app.js";
import { CLI_ARGS } from "../helpers/cli-command.js";
import { seedDataDir } from "../helpers/cli-data-dir.js";

const BANNER_END = /Operator API: {2}.*\n/;

/** Spawns `command` and resolves once its output matches `marker`, with the output so far. */
function startUntil(
  command: string,
  args: string[],
  env: Record<string, string>,
  marker: RegExp,
): Promise<{ child: ChildProcess; output: () => string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: { ...process.env, ...env } });
    let output = "";
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${command} did not print ${marker} in time:\n${output}`));
    }, 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (marker.test(output)) {
        clearTimeout(timer);
        resolve({ child, output: () => output });
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${command} exited with ${code} before ready:\n${output}`));
    });
  });
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once("exit", (code) => resolve(code));
  });

/** Every process below `pid` (children, grandchildren…), from ps. */
function descendants(pid: number): number[] {
  const table = execFileSync("ps", ["-eo", "pid=,ppid="], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number]);
  const found: number[] = [];
  const walk = (parent: number) => {
    for (const [child, ppid] of table) {
      if (ppid === parent) {
        found.push(child);
        walk(child);
      }
    }
  };
  walk(pid);
  return found;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe("starting and stopping the service", () => {
  const dirs: string[] = [];
  /** A new DATA_DIR, holding a migrated cluster when the test run has one (cli-data-dir.ts). */
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), "qp-start-"));
    dirs.push(dir);
    seedDataDir(dir);
    return dir;
  };
  after(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  const serve = [...CLI_ARGS, "serve", "--demo-if-empty"];

  it("prints where the pages, the API reference and the operator API are, on every start", async () => {
    const dir = dataDir();
    // Without demo data and ADMIN_TOKEN the operator API is off; the demo's operator turns it on;
    // ADMIN_TOKEN is named when it is set.
    const starts = [
      { demo: false, adminToken: undefined, operatorApi: /Operator API: {2}off: set ADMIN_TOKEN/ },
      {
        demo: true,
        adminToken: undefined,
        operatorApi:
          /Operator API: {2}on: \S+\/admin with Authorization: Bearer <an operator's token>/,
      },
      {
        demo: true,
        adminToken: ADMIN_TOKEN,
        operatorApi: /Operator API: {2}on: \S+\/admin with Authorization: Bearer \$ADMIN_TOKEN/,
      },
    ];
    for (const start of starts) {
      const env = { DATA_DIR: dir, PORT: "0", LOG_LEVEL: "warn" };
      const run = await startUntil(
        process.execPath,
        start.demo ? serve : serve.slice(0, -1),
        start.adminToken ? { ...env, ADMIN_TOKEN: start.adminToken } : env,
        BANNER_END,
      );
      const text = run.output();
      const base = /questpoints is listening at (http\S+)/.exec(text)?.[1];
      assert.ok(base, text);
      // The links are on PUBLIC_BASE_URL: by default http://localhost:$PORT, the port it got.
      const pages = `http://localhost:${new URL(base).port}`;
      assert.match(text, new RegExp(`Web pages: +${pages}/app `));
      assert.match(text, new RegExp(`API reference: +${pages}/docs `));
      assert.match(text, start.operatorApi);
      if (start.operatorApi.source.includes("on:")) {
        assert.match(text, new RegExp(`Operator API: .*console at ${pages}/app/operator`));
      }
      run.child.kill("SIGTERM");
      assert.equal(await exited(run.child), 0);
    }
  });

  it("stops whole when a process manager signals npm: the service drains and nothing is left", async () => {
    // `npm run dev` runs the same `exec` line as `npm start`, without building the bundle first.
    const run = await startUntil(
      "npm",
      ["run", "dev", "--ignore-scripts"],
      { DATA_DIR: dataDir(), PORT: "0", LOG_LEVEL: "info" },
      BANNER_END,
    );
    const below = descendants(run.child.pid!);
    assert.ok(below.length > 0, "npm runs the service below it");
    run.child.kill("SIGTERM");
    await exited(run.child);
    for (let i = 0; i < 100 && below.some(alive); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.deepEqual(below.filter(alive), [], "no process is left");
    assert.match(run.output(), /"signal":"SIGTERM".*shutting down|shutting down/);
  });
});
