/**
 * One process per embedded data directory (src/db/data-dir-lock.ts), with real processes:
 * a second `serve`, `migrate` or `demo` on a DATA_DIR in use is refused with a message naming the
 * directory; a lock left by a SIGKILLed process does not block the next start; of two `serve`
 * started together on a fresh directory exactly one runs.
 */
import assert from "node:assert/strict";
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { lockDataDir } from "../../src/db/data-dir-lock.js";
import { CLI_ARGS } from "../helpers/cli-command.js";
import { seedDataDir } from "../helpers/cli-data-dir.js";
import {
  ADMIN_TOKEN,
  isReady,
  killAllServices,
  randomPass,
  startService,
} from "../helpers/service-process.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const CLI = CLI_ARGS;
/** A refused command exits as soon as it tried the lock; one still running then was let in. */
const REFUSAL_TIMEOUT_MS = 45_000;

const children = new Set<ChildProcess>();

function spawnTracked(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  child.once("exit", () => children.delete(child));
  return child;
}

function killChildren(): Promise<void> {
  return Promise.all(
    [...children].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once("exit", () => resolve());
          child.kill("SIGKILL");
        }),
    ),
  ).then(() => {});
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the CLI on `env` (over a clean environment) to its exit, SIGKILLed past the timeout. */
function runCli(args: string[], env: Record<string, string>): Promise<Run> {
  const inherited = { ...process.env };
  for (const name of ["DATABASE_URL", "DATA_DIR", "PORT", "HOST", "ADMIN_TOKEN", "LOG_LEVEL"]) {
    delete inherited[name];
  }
  const child = spawnTracked([...CLI, ...args], {
    ...inherited,
    HOST: "127.0.0.1",
    PORT: "0",
    LOG_LEVEL: "warn",
    ...env,
  });
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk) => {
    stdout += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      stderr += `\n[still running after ${REFUSAL_TIMEOUT_MS} ms: killed by the test]`;
      child.kill("SIGKILL");
    }, REFUSAL_TIMEOUT_MS);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The refusal, naming `dir` and (when given) the holder's pid; `cli`: as the CLI prints it. */
function refusal(dir: string, pid: number | undefined, { cli = true } = {}): RegExp {
  const holder = pid === undefined ? "" : ` \\(pid ${pid}\\)`;
  return new RegExp(
    `${cli ? "^questpoints: " : "^"}The data directory ${escapeRegExp(dir)} is in use by ` +
      `another questpoints process${holder}\\. Stop that process, or give this one its own ` +
      "DATA_DIR\\..*use PostgreSQL \\(DATABASE_URL\\)",
    "m",
  );
}

/** Registers `pass` through the operator API; 201 when new, 200 when it was already there. */
async function registerAccount(baseUrl: string, pass: string) {
  const response = await fetch(`${baseUrl}/admin/accounts`, {
    method: "POST",
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, "content-type": "application/json" },
    body: JSON.stringify({ pass }),
    signal: AbortSignal.timeout(30_000),
  });
  const body = (await response.json()) as { id: string; pass: string };
  return { status: response.status, body };
}

describe("one process per PGlite data directory", () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), "qp-lock-"));
    dirs.push(dir);
    return dir;
  };
  /** A DATA_DIR holding a migrated cluster when the test run has one: the holder starts sooner. */
  const dataDir = () => {
    const dir = tempDir();
    seedDataDir(dir);
    return dir;
  };
  after(async () => {
    await killAllServices();
    await killChildren();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it("refuses serve, migrate and demo on a DATA_DIR in use, naming the directory and the holder's pid", {
    timeout: 180_000,
  }, async () => {
    const dir = dataDir();
    const holder = await startService({ DATA_DIR: dir });
    try {
      const pass = randomPass();
      const created = await registerAccount(holder.baseUrl, pass);
      assert.equal(created.status, 201);

      const [serve, migrate, demo] = await Promise.all([
        runCli(["serve"], { DATA_DIR: dir }),
        runCli(["migrate"], { DATA_DIR: dir }),
        runCli(["demo"], { DATA_DIR: dir }),
      ]);
      for (const [name, run] of Object.entries({ serve, migrate, demo })) {
        const printed = `${name} printed:\n${run.stderr}${run.stdout}`;
        assert.equal(run.code, 1, printed);
        assert.match(run.stderr, refusal(dir, holder.child.pid), printed);
        assert.doesNotMatch(run.stdout, /sk_|Applied/, printed);
      }

      // The holder goes on unharmed, with its data.
      assert.ok(await isReady(holder.baseUrl), "the first service still answers /readyz");
      const again = await registerAccount(holder.baseUrl, pass);
      assert.equal(again.status, 200, "the account is still there");
      assert.equal(again.body.id, created.body.id);
    } finally {
      await holder.kill("SIGKILL");
    }
  });

  it("starts at once after the holder was SIGKILLed, with the data it had committed, and takes the lock in turn", {
    timeout: 180_000,
  }, async () => {
    const dir = dataDir();
    const first = await startService({ DATA_DIR: dir });
    const pass = randomPass();
    const created = await registerAccount(first.baseUrl, pass);
    assert.equal(created.status, 201);
    const exit = await first.kill("SIGKILL");
    assert.equal(exit.signal, "SIGKILL");

    // startService fails if the process exits: a stale lock would make it exit 1 here.
    const second = await startService({ DATA_DIR: dir });
    try {
      assert.doesNotMatch(second.output(), /in use/);
      const again = await registerAccount(second.baseUrl, pass);
      assert.equal(again.status, 200, "the account committed before the kill is there");
      assert.equal(again.body.id, created.body.id);
      // The new process holds the lock in turn.
      const migrate = await runCli(["migrate"], { DATA_DIR: dir });
      assert.equal(migrate.code, 1, migrate.stderr);
      assert.match(migrate.stderr, refusal(dir, second.child.pid));
    } finally {
      await second.kill("SIGKILL");
    }
  });

  it("of two serve started at the same moment on a fresh directory, exactly one runs", {
    timeout: 180_000,
  }, async () => {
    const dir = join(tempDir(), "fresh"); // not there yet: both create it
    const starts = await Promise.allSettled([
      startService({ DATA_DIR: dir }),
      startService({ DATA_DIR: dir }),
    ]);
    const running = starts.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
    const refused = starts.flatMap((s) => (s.status === "rejected" ? [String(s.reason)] : []));
    try {
      assert.equal(running.length, 1, `exactly one runs; refused: ${refused.join("\n")}`);
      assert.equal(refused.length, 1);
      assert.match(refused[0]!, /exited \(1\) before it was ready/);
      // The holder may not answer the pid question yet at that very moment: pid is optional here.
      const named =
        refusal(dir, running[0]!.child.pid).test(refused[0]!.split("\n")[1] ?? "") ||
        refusal(dir, undefined).test(refused[0]!.split("\n")[1] ?? "");
      assert.ok(named, `the refusal names the directory: ${refused[0]}`);
      assert.equal((await registerAccount(running[0]!.baseUrl, randomPass())).status, 201);
    } finally {
      await Promise.all(running.map((service) => service.kill("SIGKILL")));
    }
  });
});

describe("data directory lock: the socket-file fallback (macOS, BSD), run on this platform", () => {
  const dirs: string[] = [];
  after(async () => {
    await killChildren();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it("refuses a second holder, is free again after release, and a file left by a SIGKILLed holder does not block", {
    timeout: 60_000,
  }, async () => {
    const dir = mkdtempSync(join(tmpdir(), "qp-lock-file-"));
    dirs.push(dir);
    const socketFile = join(dir, ".questpoints.lock");

    const lock = await lockDataDir(dir, "darwin");
    await assert.rejects(lockDataDir(dir, "darwin"), /already open in this process/);
    await lock.release();
    assert.equal(existsSync(socketFile), false, "release removes the socket file");

    const child = spawnTracked(
      [
        "--import",
        "tsx",
        "--input-type=module",
        "-e",
        'const { lockDataDir } = await import("./src/db/data-dir-lock.ts");' +
          'await lockDataDir(process.argv[1], "darwin"); console.log("locked");' +
          "setInterval(() => {}, 1000);",
        "--",
        dir,
      ],
      process.env,
    );
    await new Promise<void>((resolve, reject) => {
      let output = "";
      child.stdout?.on("data", (chunk) => {
        output += chunk;
        if (output.includes("locked")) resolve();
      });
      child.stderr?.on("data", (chunk) => {
        output += chunk;
      });
      child.once("exit", (code) => reject(new Error(`the holder exited (${code}):\n${output}`)));
    });
    await assert.rejects(lockDataDir(dir, "darwin"), (error: Error) => {
      assert.match(error.message, refusal(dir, child.pid, { cli: false }));
      return true;
    });

    await new Promise<void>((resolve) => {
      child.once("exit", () => resolve());
      child.kill("SIGKILL");
    });
    assert.ok(existsSync(socketFile), "a killed holder leaves its socket file behind");
    const taken = await lockDataDir(dir, "darwin");
    await taken.release();
  });
});
