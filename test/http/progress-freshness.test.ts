import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import {
  allocate,
  DATABASES,
  expectStatus,
  type QuestFixture,
  questFixture,
  secondInstance,
  type TestContext,
  withContext,
} from "../helpers/app.js";

// `GET /quests?with=progress` showed the old points_remaining after a payout
// or reversal, even in the process that made it.
async function remaining(inject: TestContext["inject"], fixture: QuestFixture): Promise<number> {
  const response = await inject({ url: `/quests?with=progress&owner=${fixture.ownerPass}` });
  expectStatus(response, 200);
  const quest = response.json().find((q: { id: number }) => q.id === fixture.questId);
  assert.ok(quest, `quest ${fixture.questId} is listed`);
  return quest.points_remaining;
}

for (const kind of DATABASES) {
  describe(`the progress view after this process's payouts and reversals [${kind}]`, () => {
    // Answers kept for a minute: only a rebuild on the process's own changes can show them.
    const ctx = withContext(kind, { PUBLIC_ANSWER_MAX_AGE_MS: "60000" });
    const inject: TestContext["inject"] = (options) => ctx().inject(options);

    it("shows a payout, a batch and reversals at once", async () => {
      const fixture = await questFixture(ctx(), { total_points: 1000 });
      assert.equal(await remaining(inject, fixture), 1000);
      const paid = await allocate(ctx(), fixture, { points: 40, address: fixture.playerPass });
      expectStatus(paid, 200);
      assert.equal(await remaining(inject, fixture), 960);

      const batch = await ctx().inject({
        method: "POST",
        url: `/quests/${fixture.questId}/allocations`,
        headers: { "x-api-key": fixture.apiKey },
        payload: { allocations: [{ points: 10, address: fixture.playerPass }] },
      });
      expectStatus(batch, 200);
      assert.equal(await remaining(inject, fixture), 950);

      const payoutId = paid.json().payout.id;
      const reversed = await ctx().inject({
        method: "POST",
        url: `/quests/${fixture.questId}/payouts/${payoutId}/reversal`,
        headers: { "x-api-key": fixture.apiKey },
        payload: { reason: "sent twice" },
      });
      expectStatus(reversed, 201);
      assert.equal(await remaining(inject, fixture), 990);

      const batchPayout = batch.json().results[0].payout.id;
      const byOperator = await ctx().admin("POST", `/admin/payouts/${batchPayout}/reversal`, {
        reason: "fraud",
      });
      expectStatus(byOperator, 201);
      assert.equal(await remaining(inject, fixture), 1000);
    });

    it("keeps serving the answers without points from the cache across payouts", async () => {
      const fixture = await questFixture(ctx());
      const first = await ctx().inject({ url: "/quests" });
      expectStatus(await allocate(ctx(), fixture, { points: 1, address: fixture.playerPass }), 200);
      const again = await ctx().inject({
        url: "/quests",
        headers: { "if-none-match": String(first.headers.etag) },
      });
      assert.equal(again.statusCode, 304);
    });
  });
}

describe("another process's progress view [postgres]", () => {
  const MAX_AGE_MS = 400;
  const ctx = withContext("postgres", { PUBLIC_ANSWER_MAX_AGE_MS: String(MAX_AGE_MS) });

  it("shows this process's payout within PUBLIC_ANSWER_MAX_AGE_MS", async () => {
    const other = await secondInstance(ctx());
    try {
      const fixture = await questFixture(ctx(), { total_points: 500 });
      const otherInject: TestContext["inject"] = (options) => other.app.inject(options);
      assert.equal(await remaining(otherInject, fixture), 500);
      expectStatus(await allocate(ctx(), fixture, { points: 7, address: fixture.playerPass }), 200);
      await sleep(MAX_AGE_MS + 50);
      assert.equal(await remaining(otherInject, fixture), 493);
    } finally {
      await other.close();
    }
  });
});
