import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Db } from "../../src/db/handle.js";
import {
  allocate,
  createQuest,
  DATABASES,
  expectProblem,
  expectStatus,
  questFixture,
  withContext,
} from "../helpers/app.js";

/**
 * The service's database handle, recording each statement it sends on its own (`query`) and
 * each transaction it opens; everything still runs on the real database.
 */
function recording(statements: string[]) {
  return (db: Db): Db =>
    new Proxy(db, {
      get(target, property) {
        if (property === "query") {
          return (sql: string, params?: unknown[]) => {
            statements.push(sql);
            return target.query(sql, params);
          };
        }
        if (property === "transaction") {
          return (fn: Parameters<Db["transaction"]>[0]) => {
            statements.push("(a transaction)");
            return target.transaction(fn);
          };
        }
        const value = Reflect.get(target, property, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
}

for (const kind of DATABASES) {
  describe(`GET /quests/{questId} read in batches [${kind}]`, () => {
    const statements: string[] = [];
    const ctx = withContext(kind, {}, recording(statements));

    it("serves concurrent reads with fewer statements than the same reads one by one", async (t) => {
      const first = await questFixture(ctx(), { total_points: 10_000 });
      const quests = [first.questId];
      for (let i = 0; i < 3; i++) {
        quests.push(await createQuest(ctx(), first.ownerPass, { total_points: 10_000 }));
      }
      for (const questId of quests) {
        for (let n = 0; n < 4; n++) {
          const response = await allocate(
            ctx(),
            { ...first, questId },
            { points: 1 + n, address: first.playerPass },
          );
          expectStatus(response, 200);
        }
      }
      const urls = quests.flatMap((id) => [
        `/quests/${id}`,
        `/quests/${id}?limit=3`,
        `/quests/${id}?limit=2&offset=2`,
      ]);
      const read = (url: string) =>
        ctx().inject({ method: "GET", url, headers: { "x-api-key": first.apiKey } });
      // What one read costs on its own, once the key is known (caches warm).
      expectStatus(await read(urls[0]!), 200);
      statements.length = 0;
      expectStatus(await read(urls[1]!), 200);
      const alone = statements.length;
      assert.ok(alone >= 1, "a lone read sends at least one statement");

      statements.length = 0;
      const reads = [...urls, ...urls, ...urls];
      const together = await Promise.all(reads.map(read));
      for (const response of together) expectStatus(response, 200);
      const sent = statements.length;
      t.diagnostic(
        `${reads.length} concurrent reads: ${sent} statements (one read alone: ${alone})`,
      );
      assert.ok(sent >= 1, "the concurrent reads reached the database");
      assert.ok(
        sent < reads.length * alone,
        `${reads.length} concurrent reads sent ${sent} statements, as many as ${reads.length} lone reads: nothing was batched`,
      );
    });

    it("answers concurrent reads of many quests and pages exactly as lone reads do", async () => {
      const first = await questFixture(ctx(), { total_points: 10_000 });
      const quests = [first.questId];
      for (let i = 0; i < 3; i++) {
        quests.push(await createQuest(ctx(), first.ownerPass, { total_points: 10_000 }));
      }
      // Payouts of different sizes per quest, so every page differs.
      for (const [i, questId] of quests.entries()) {
        for (let n = 0; n < 5 + 3 * i; n++) {
          const response = await allocate(
            ctx(),
            { ...first, questId },
            { points: 1 + n + 10 * i, address: first.playerPass },
          );
          expectStatus(response, 200);
        }
      }
      const urls = quests.flatMap((id) => [
        `/quests/${id}`,
        `/quests/${id}?limit=3`,
        `/quests/${id}?limit=2&offset=4`,
        `/quests/${id}?limit=5&offset=2000`, // deep: read on its own
      ]);
      const read = (url: string) =>
        ctx().inject({ method: "GET", url, headers: { "x-api-key": first.apiKey } });
      // Every URL three times, all at once: batched, identical pages read once.
      const together = await Promise.all([...urls, ...urls, ...urls].map(read));
      for (const [i, response] of together.entries()) {
        expectStatus(response, 200);
        const alone = await read(urls[i % urls.length]!);
        const body = response.json();
        const expected = alone.json();
        // is_active is computed from the clock; everything else must match to the byte.
        assert.deepEqual(body, expected, urls[i % urls.length]);
        assert.equal(response.headers["content-type"], "application/json; charset=utf-8");
      }
      const paid = together[0]!.json().payouts.map((p: { amount: number }) => p.amount);
      assert.deepEqual(paid, [5, 4, 3, 2, 1], "newest first");
    });

    it("answers each read of a batch on its own: an unknown quest is 404, its neighbour 200", async () => {
      const fixture = await questFixture(ctx());
      const reads = await Promise.all(
        [fixture.questId, 2_000_000_000].map((id) =>
          ctx().inject({
            method: "GET",
            url: `/quests/${id}`,
            headers: { "x-api-key": fixture.apiKey },
          }),
        ),
      );
      expectStatus(reads[0]!, 200);
      expectProblem(reads[1]!, 404, "QUEST_NOT_FOUND");
    });

    it("shows every allocation answered before the read was sent, while reads and allocations race", async () => {
      const fixture = await questFixture(ctx(), { total_points: 1_000_000 });
      const read = () =>
        ctx().inject({
          method: "GET",
          url: `/quests/${fixture.questId}?limit=100`,
          headers: { "x-api-key": fixture.apiKey },
        });
      const pending: Promise<void>[] = [];
      let answered = 0;
      for (let round = 0; round < 20; round++) {
        const before = answered;
        pending.push(
          read().then((response) => {
            const body = response.json();
            assert.ok(
              body.payouts.length >= before,
              `a read sent after ${before} payouts were answered shows ${body.payouts.length}`,
            );
            assert.equal(
              1_000_000 - body.points_remaining,
              body.payouts.reduce((s: number, p: { amount: number }) => s + p.amount, 0),
            );
          }),
        );
        expectStatus(
          await allocate(ctx(), fixture, { points: 1, address: fixture.playerPass }),
          200,
        );
        answered++;
      }
      await Promise.all(pending);
    });
  });
}
