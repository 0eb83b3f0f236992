/**
 * A payout and its webhook events commit together or not at all (docs/webhooks.md): when the
 * event cannot be written, the allocation fails whole (no payout, the budget and the pass's
 * points unchanged), so a client that retries, with a key or without, is paid once. The event
 * write is made to fail by the database itself (a trigger on webhook_events), not by a mock.
 */
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { before, describe, it } from "node:test";
import {
  allocate,
  DATABASES,
  expectStatus,
  type QuestFixture,
  questFixture,
  type TestContext,
  withContext,
} from "../helpers/app.js";
import { batch, batchAnswer } from "../helpers/batch-allocations.js";
import { addEndpoint, cleanUpAfterEach } from "../helpers/webhook-receiver.js";

const ENV = { WEBHOOK_ALLOW_PRIVATE_TARGETS: "true" };
const BUDGET = 1000;

/** Makes every insert into webhook_events fail until `restore()`. */
async function breakEventWrites(ctx: TestContext) {
  await ctx.db.query(`
    CREATE OR REPLACE FUNCTION test_refuse_event() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'event writes are broken by the test'; END $$`);
  await ctx.db.query(`
    CREATE TRIGGER test_refuse_event BEFORE INSERT ON webhook_events
    FOR EACH ROW EXECUTE FUNCTION test_refuse_event()`);
  return {
    restore: () => ctx.db.query("DROP TRIGGER IF EXISTS test_refuse_event ON webhook_events"),
  };
}

async function books(ctx: TestContext, fixture: QuestFixture) {
  const quest = await ctx.inject({
    url: `/quests/${fixture.questId}`,
    headers: { "x-api-key": fixture.apiKey },
  });
  expectStatus(quest, 200);
  const pass = await ctx.inject({ url: `/passes/${fixture.playerPass}` });
  expectStatus(pass, 200);
  return {
    remaining: quest.json().points_remaining as number,
    payouts: (quest.json().payouts as unknown[]).length,
    points: pass.json().points as number,
  };
}

for (const kind of DATABASES) {
  describe(`a payout and its events commit together [${kind}]`, () => {
    const ctx = withContext(kind, ENV);
    cleanUpAfterEach();
    let fixture: QuestFixture;
    before(async () => {
      fixture = await questFixture(ctx(), { total_points: BUDGET });
    });

    it("leaves no payout when its event cannot be written, and pays a retry once", async () => {
      await addEndpoint(ctx(), fixture, "http://127.0.0.1:9/hook", ["payout.created"]);
      const broken = await breakEventWrites(ctx());
      const key = randomUUID();
      const items = [{ address: fixture.playerPass, points: 5 }];
      try {
        const single = await allocate(
          ctx(),
          fixture,
          { points: 30, address: fixture.playerPass },
          { "idempotency-key": key },
        );
        assert.ok(single.statusCode >= 500, `${single.statusCode}: ${single.body}`);
        assert.doesNotMatch(single.body, /broken by the test/, "nothing internal in the answer");
        const batched = await batch(ctx(), fixture, { allocations: items });
        assert.ok(batched.statusCode >= 500, `${batched.statusCode}: ${batched.body}`);
        assert.deepEqual(await books(ctx(), fixture), { remaining: BUDGET, payouts: 0, points: 0 });
      } finally {
        await broken.restore();
      }
      const retried = await allocate(
        ctx(),
        fixture,
        { points: 30, address: fixture.playerPass },
        { "idempotency-key": key },
      );
      expectStatus(retried, 200);
      assert.equal(retried.headers["idempotent-replayed"], undefined, "paid now, not replayed");
      assert.equal(batchAnswer(await batch(ctx(), fixture, { allocations: items })).paid_points, 5);
      assert.deepEqual(await books(ctx(), fixture), {
        remaining: BUDGET - 35,
        payouts: 2,
        points: 35,
      });
    });
  });
}
