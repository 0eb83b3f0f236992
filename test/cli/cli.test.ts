import assert from "node:assert/strict";
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { openTestDb } from "../helpers/app.js";
import { CLI_ARGS, startServe } from "../helpers/cli-command.js";
import { seedDataDir } from "../helpers/cli-data-dir.js";
import { runQuestpoints } from "../helpers/cli-process.js";

const CLI = CLI_ARGS;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The real CLI in a child process: main.ts's own wiring, and two runs in two processes. */
function runCli(args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...CLI, ...args], {
      env: { ...process.env, LOG_LEVEL: "silent", ...env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}

describe("questpoints CLI", () => {
  const dirs: string[] = [];
  /** A new DATA_DIR, holding a migrated cluster when the test run has one (cli-data-dir.ts). */
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), "qp-cli-"));
    dirs.push(dir);
    seedDataDir(dir);
    return dir;
  };
  after(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it("refuses to start on a bad setting and names the variable", async () => {
    const run = await runCli(["migrate"], { PORT: "eighty" });
    assert.equal(run.code, 1);
    assert.match(run.stderr, /PORT/);
    assert.doesNotMatch(run.stderr, /at .*\.ts:\d+/); // no stack trace for a user mistake
  });

  it("migrates one PostgreSQL database from two processes at once, each migration once", async () => {
    const { db, url } = await openTestDb("postgres");
    try {
      const runs = await Promise.all([
        runCli(["migrate"], { DATABASE_URL: url! }),
        runCli(["migrate"], { DATABASE_URL: url! }),
      ]);
      for (const run of runs) assert.equal(run.code, 0, run.stderr);
      const { rows } = await db.query<{ name: string; n: number }>(
        "SELECT name, count(*)::int AS n FROM schema_migrations GROUP BY name",
      );
      assert.ok(rows.length > 0);
      for (const row of rows) assert.equal(row.n, 1);
      const again = await runQuestpoints(["migrate"], { env: { DATABASE_URL: url! } });
      assert.match(again.stdout, /up to date/);
    } finally {
      await db.close();
    }
  });

  it("demo seeds an empty database once and prints a key with curl commands", async () => {
    const dir = dataDir();
    const first = await runQuestpoints(["demo"], { env: { DATA_DIR: dir, PORT: "9999" } });
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stdout, /API key: sk_[0-9A-Za-z]{32,}/);
    assert.ok((first.stdout.match(/curl /g) ?? []).length >= 2, first.stdout);
    assert.match(first.stdout, /curl -s http:\/\/127\.0\.0\.1:9999\/quests\/1 -H 'x-api-key: sk_/);
    const second = await runQuestpoints(["demo"], { env: { DATA_DIR: dir } });
    assert.equal(second.code, 0, second.stderr);
    assert.match(second.stdout, /demo skipped/);
    assert.doesNotMatch(second.stdout, /sk_/);
  });

  it("serves the demo on embedded PGlite, keeps payouts across a restart, and stops on SIGTERM", async () => {
    const env = { DATA_DIR: dataDir(), PORT: "0", LOG_LEVEL: "warn" };
    // The banner, then the demo's key and commands, which end with the owner console's line.
    const first = await startServe(env, /owner console at \S+ takes the key/);
    const base = /questpoints is listening at (\S+)/.exec(first.output)![1]!;
    const key = /API key: (sk_\w+)/.exec(first.output)![1]!;
    const player = /"address": "(0x[0-9a-fA-F]{40})"/.exec(first.output)![1]!;
    const paid = await fetch(`${base}/quests/1`, {
      method: "POST",
      headers: { "x-api-key": key, "content-type": "application/json" },
      body: JSON.stringify({ points: 100, address: player }),
    });
    assert.equal(paid.status, 200, await paid.clone().text());
    const payout = (await paid.json()).payout;
    first.child.kill("SIGTERM");
    assert.equal(await exited(first.child), 0);

    // No demo the second time (data exists), but the banner again.
    const second = await startServe(env, /Operator API: .*\n/);
    assert.doesNotMatch(second.output, /API key:/);
    const base2 = /questpoints is listening at (\S+)/.exec(second.output)![1]!;
    const detail = await fetch(`${base2}/quests/1`, { headers: { "x-api-key": key } });
    assert.equal(detail.status, 200);
    const quest = await detail.json();
    assert.equal(quest.points_remaining, 9900);
    assert.deepEqual(quest.payouts, [payout]);
    second.child.kill("SIGTERM");
    assert.equal(await exited(second.child), 0);
  });
});
