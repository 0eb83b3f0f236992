/**
 * The CLI as a user meets it outside the repository: it finds the service on the port
 * `serve` uses, says how to point it elsewhere when nothing answers, and its `bin` runs from any
 * folder, also through the symlink `npm link` or `npm install -g .` makes.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import {
  ADMIN_TOKEN,
  type CliService,
  describeRun,
  runQuestpoints,
  startCliService,
} from "../helpers/cli-process.js";
import { freePort } from "../helpers/postgres.js";

const BIN = fileURLToPath(new URL("../../bin/questpoints.js", import.meta.url));

/** Runs `command` in `cwd` with a clean QP_* environment plus `env`. */
function runIn(cwd: string, command: string, args: string[], env: Record<string, string>) {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith("QP_") && name !== "PORT"),
  );
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(command, args, { cwd, env: { ...inherited, ...env } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("the CLI outside the repository", () => {
  let service: CliService;
  let elsewhere: string;
  before(async () => {
    service = await startCliService();
    elsewhere = mkdtempSync(join(tmpdir(), "qp-elsewhere-"));
  });
  after(async () => {
    await service.close();
    rmSync(elsewhere, { recursive: true, force: true });
  });
  const port = () => new URL(service.baseUrl).port;

  it("reaches the service on PORT, as `serve` reads it, when neither --url nor QP_URL is given", async () => {
    const run = await runQuestpoints(["admin", "features", "get", "--json"], {
      env: { PORT: port(), QP_ADMIN_TOKEN: ADMIN_TOKEN },
    });
    assert.equal(run.code, 0, describeRun(run));
    assert.deepEqual(JSON.parse(run.stdout), { quests: true, campaigns: true });
  });

  it("names --url and QP_URL when nothing answers at the address it tried", async () => {
    const closed = String(await freePort());
    const run = await runQuestpoints(["admin", "features", "get"], {
      env: { PORT: closed, QP_ADMIN_TOKEN: ADMIN_TOKEN },
    });
    assert.equal(run.code, 1, describeRun(run));
    assert.match(run.stderr, new RegExp(`cannot reach http://127\\.0\\.0\\.1:${closed}`));
    assert.match(run.stderr, /--url/);
    assert.match(run.stderr, /QP_URL/);
  });

  it("runs its bin from another folder, directly and through a linked copy", async () => {
    const linked = join(elsewhere, "questpoints");
    symlinkSync(BIN, linked);
    for (const command of [BIN, linked]) {
      const run = await runIn(
        elsewhere,
        process.execPath,
        [command, "admin", "features", "get", "--json"],
        {
          QP_URL: service.baseUrl,
          QP_ADMIN_TOKEN: ADMIN_TOKEN,
          LOG_LEVEL: "silent",
        },
      );
      assert.equal(run.code, 0, `${command}: ${run.stderr}`);
      assert.deepEqual(JSON.parse(run.stdout), { quests: true, campaigns: true });
    }
  });
});
