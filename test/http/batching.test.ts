import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  allocate,
  createAccount,
  DATABASES,
  expectStatus,
  questFixture,
  randomPass,
  withContext,
} from "../helpers/app.js";
import { HELD_BATCH_ENV, sendWhileHeld } from "../helpers/locks.js";

for (const kind of DATABASES) {
  // A gathering window and one batch at a time: requests waiting together share a batch.
  describe(`group commit of allocations [${kind}]`, () => {
    const ctx = withContext(kind, HELD_BATCH_ENV);

    it("commits concurrent allocations for one quest together, at one instant", async () => {
      const fixture = await questFixture(ctx(), { total_points: 1000 });
      expectStatus(await allocate(ctx(), fixture, { points: 1, address: fixture.playerPass }), 200);
      // Sent while the quest is held, all 40 are waiting when it is let go, on any machine.
      const responses = await sendWhileHeld(
        ctx(),
        fixture.questId,
        Array.from(
          { length: 40 },
          () => () => allocate(ctx(), fixture, { points: 1, address: fixture.playerPass }),
        ),
      );
      for (const response of responses) expectStatus(response, 200);
      const instants = new Set(responses.map((r) => r.json().payout.created_at));
      // The batch that closed its window before the hold ended, and one for all the rest.
      assert.ok(instants.size <= 2, `payouts were committed at ${instants.size} instants`);
      const ids = new Set(responses.map((r) => r.json().payout.id));
      assert.equal(ids.size, 40, "each request still gets its own payout");
    });

    it("decides each request of a batch against the running remainder", async () => {
      const fixture = await questFixture(ctx(), { total_points: 10 });
      const responses = await Promise.all(
        Array.from({ length: 3 }, () =>
          allocate(ctx(), fixture, { points: 5, address: fixture.playerPass }),
        ),
      );
      const paid = responses.filter((r) => r.statusCode === 200);
      const refused = responses.filter((r) => r.statusCode === 400);
      assert.equal(paid.length, 2);
      assert.equal(refused.length, 1);
      assert.equal(refused[0]!.json().code, "INSUFFICIENT_POINTS");
      assert.equal(
        refused[0]!.json().detail,
        `Quest ${fixture.questId} has 0 points left; 5 were requested.`,
      );
    });

    it("gives each request of a batch its own answer: a refusal does not fail its neighbours", async () => {
      const fixture = await questFixture(ctx(), { total_points: 100 });
      const stranger = randomPass(); // never registered: ACCOUNT_NOT_FOUND
      const other = randomPass();
      await createAccount(ctx(), other);
      const responses = await Promise.all([
        allocate(ctx(), fixture, { points: 10, address: fixture.playerPass }),
        allocate(ctx(), fixture, { points: 10, address: stranger }),
        allocate(ctx(), fixture, { points: 10, address: other }),
        allocate(
          ctx(),
          fixture,
          { points: 10, address: fixture.playerPass },
          { "Idempotency-Key": "k1" },
        ),
      ]);
      expectStatus(responses[0]!, 200);
      expectStatus(responses[1]!, 400);
      assert.equal(responses[1]!.json().code, "ACCOUNT_NOT_FOUND");
      expectStatus(responses[2]!, 200);
      assert.equal(responses[2]!.json().payout.account.pass, other);
      expectStatus(responses[3]!, 200);
      const detail = await ctx().inject({
        url: `/quests/${fixture.questId}`,
        headers: { "x-api-key": fixture.apiKey },
      });
      assert.equal(detail.json().points_remaining, 70);
      const replay = await allocate(
        ctx(),
        fixture,
        { points: 10, address: fixture.playerPass },
        { "Idempotency-Key": "k1" },
      );
      expectStatus(replay, 200);
      assert.equal(replay.headers["idempotent-replayed"], "true");
      assert.equal(replay.json().payout.id, responses[3]!.json().payout.id);
    });

    it("answers a same-key retry inside the gathering window with 409, and pays once", async () => {
      const fixture = await questFixture(ctx(), { total_points: 100 });
      const body = { points: 3, address: fixture.playerPass };
      const headers = { "Idempotency-Key": "burst" };
      const [first, second] = await Promise.all([
        allocate(ctx(), fixture, body, headers),
        allocate(ctx(), fixture, body, headers),
      ]);
      const statuses = [first!.statusCode, second!.statusCode].sort();
      assert.deepEqual(statuses, [200, 409]);
      const conflict = first!.statusCode === 409 ? first! : second!;
      assert.equal(conflict.json().code, "IDEMPOTENCY_IN_PROGRESS");
      const detail = await ctx().inject({
        url: `/quests/${fixture.questId}`,
        headers: { "x-api-key": fixture.apiKey },
      });
      assert.equal(detail.json().points_remaining, 97);
    });
  });
}
