import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { after, describe, it } from "node:test";
import { openTestDb } from "../helpers/app.js";
import {
  auditAfterRestart,
  createFixture,
  killAllServices,
  Load,
  startService,
} from "../helpers/service-process.js";
import { until } from "../helpers/until.js";

/** The workers of a primary: its child processes running the CLI (tsx may start esbuild too). */
function childrenOf(pid: number): number[] {
  try {
    return execFileSync("pgrep", ["-P", String(pid), "-f", "cli/main\\.(ts|js)"], {
      encoding: "utf8",
    })
      .split("\n")
      .filter(Boolean)
      .map(Number);
  } catch {
    return []; // pgrep exits 1 when there are none
  }
}

describe("questpoints serve with WORKERS=2 on PostgreSQL", () => {
  after(killAllServices);

  it("runs two service processes on one port that never overspend, replaces a killed one under load, and stops on SIGTERM", async () => {
    const { db, url } = await openTestDb("postgres");
    try {
      const service = await startService({ DATABASE_URL: url!, WORKERS: "2" });
      const primary = service.child.pid!;
      await until(() => childrenOf(primary).length === 2, "two workers");
      const fixture = await createFixture(service.baseUrl);
      const load = new Load(service.baseUrl, fixture, { concurrency: 16 }).start();
      await load.answeredAtLeast(300);

      // One worker dies mid-load: the other answers meanwhile, and the primary starts another.
      const [victim] = childrenOf(primary);
      process.kill(victim!, "SIGKILL");
      await until(() => {
        const workers = childrenOf(primary);
        return workers.length === 2 && !workers.includes(victim!);
      }, "a replacement worker");
      const answeredAfterKill = load.answeredCount;
      await load.answeredAtLeast(answeredAfterKill + 300);
      const attempts = await load.stop();
      const summary = await auditAfterRestart(service.baseUrl, fixture, attempts);
      assert.ok(summary.ok > 300, `${summary.ok} allocations paid`);
      // Both budgets were used by both processes' batches: the small one ran out exactly.
      const { rows } = await db.query<{ remaining: number }>(
        "SELECT points_remaining::int AS remaining FROM quests WHERE id = $1",
        [fixture.quests[1]!.id],
      );
      assert.ok(rows[0]!.remaining >= 0);

      const exit = await service.kill("SIGTERM");
      assert.deepEqual(exit, { code: 0, signal: null });
      assert.deepEqual(childrenOf(primary), [], "no worker outlives the primary");
    } finally {
      await db.close();
    }
  });

  it("refuses WORKERS=2 without DATABASE_URL at start, naming the variable", async () => {
    await assert.rejects(startService({ WORKERS: "2" }), /WORKERS above 1 needs DATABASE_URL/);
  });
});
