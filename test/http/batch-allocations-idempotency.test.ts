/**
 * `POST /quests/{questId}/allocations`: item idempotency keys (replayed per item, shared with
 * `POST /quests/{id}`'s Idempotency-Key) and the request's own Idempotency-Key (the whole answer
 * replayed).
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  allocate,
  expectProblem,
  expectStatus,
  type QuestFixture,
  questFixture,
  type TestContext,
} from "../helpers/app.js";
import {
  assertPaid,
  assertRefused,
  assertReplayed,
  assertReplayOf,
  batch,
  batchAnswer,
  type DecideCase,
  decide,
  itemsTo,
  keyed,
  newKey,
  patchQuest,
  questOf,
  REPLAYED,
  type RejectCase,
  rejectAtomic,
  sendBatch,
  withKey,
} from "../helpers/batch-allocations.js";
import { books, expectBooks } from "../helpers/books.js";
import { describeEachDatabase } from "../helpers/each-database.js";

const reused = { refused: "IDEMPOTENCY_KEY_REUSED", status: 422 };

/** A fixture's quest with one item paid 10 points under a key; that key. */
async function paidUnderKey(ctx: TestContext, f: QuestFixture) {
  const key = newKey();
  await sendBatch(ctx, f, { allocations: [keyed(f.playerPass, 10, key)] });
  return { key };
}

const keyReusedPaid: DecideCase = {
  title:
    "refuses an item key reused with other points with an item 422 IDEMPOTENCY_KEY_REUSED; the rest still pay",
  arrange: paidUnderKey,
  items: (f, { key }) => [keyed(f.playerPass, 11, key!), ...itemsTo(f.playerPass, 5)],
  outcomes: () => [reused, 5],
  paid: [1, 5],
  books: { remaining: 985, payouts: 2, paid: 15 },
};

const keyReusedAtomic: RejectCase = {
  title:
    "rejects an atomic batch with BATCH_REJECTED when an item key was reused with other points",
  arrange: paidUnderKey,
  items: (f, { key }) => [...itemsTo(f.playerPass, 5), keyed(f.playerPass, 12, key!)],
  errors: [["allocations/1", "IDEMPOTENCY_KEY_REUSED"]],
  books: { remaining: 990, payouts: 1, paid: 10 },
};

describeEachDatabase("POST /quests/{questId}/allocations", (ctx) => {
  describe("item idempotency keys", () => {
    it("replays a whole batch sent twice: every item replayed: true, paid_count 0, nothing paid twice", async () => {
      const fixture = await questFixture(ctx());
      const body = {
        allocations: [10, 20, 30].map((points) => keyed(fixture.playerPass, points, newKey())),
      };
      const first = await sendBatch(ctx(), fixture, body);
      assert.equal(first.paid_count, 3);
      assert.equal(first.paid_points, 60);
      const second = await sendBatch(ctx(), fixture, body);
      assert.equal(second.paid_count, 0);
      assert.equal(second.paid_points, 0);
      second.results.forEach((result, i) => {
        assertReplayed(result, first.results[i]!.payout);
      });
      await expectBooks(ctx().db, fixture.questId, { remaining: 940, payouts: 3, paid: 60 });
    });

    it("replays the items it knows and pays the new ones in a mixed batch", async () => {
      const fixture = await questFixture(ctx());
      const known = keyed(fixture.playerPass, 10, newKey());
      const first = await sendBatch(ctx(), fixture, { allocations: [known] });
      const answer = await sendBatch(ctx(), fixture, {
        allocations: [
          keyed(fixture.playerPass, 7, newKey()),
          known,
          ...itemsTo(fixture.playerPass, 3),
        ],
      });
      assertPaid(answer.results[0], 7, fixture.playerPass);
      assert.equal(answer.results[1]!.replayed, true);
      assert.deepEqual(answer.results[1]!.payout, first.results[0]!.payout);
      assertPaid(answer.results[2], 3, fixture.playerPass);
      assert.equal(answer.paid_count, 2);
      assert.equal(answer.paid_points, 10);
      assert.equal((await books(ctx().db, fixture.questId)).remaining, 980);
    });

    it("keeps nothing for an item's refusal: INSUFFICIENT_POINTS, then the budget raised, the item pays once", async () => {
      const fixture = await questFixture(ctx(), { total_points: 100 });
      const item = keyed(fixture.playerPass, 150, newKey());
      const first = await sendBatch(ctx(), fixture, { allocations: [item] });
      const detail = `Quest ${fixture.questId} has 100 points left; 150 were requested.`;
      assertRefused(first.results[0], 400, "INSUFFICIENT_POINTS", detail);
      await patchQuest(ctx(), fixture, { total_points: 1000 });
      const again = await sendBatch(ctx(), fixture, { allocations: [item] });
      const payout = assertPaid(again.results[0], 150, fixture.playerPass);
      assert.equal(again.paid_count, 1);
      const third = await sendBatch(ctx(), fixture, { allocations: [item] });
      assertReplayed(third.results[0], payout);
      assert.equal(third.paid_count, 0);
      await expectBooks(ctx().db, fixture.questId, { remaining: 850, payouts: 1, paid: 150 });
    });

    it(keyReusedPaid.title, () => decide(ctx(), keyReusedPaid));

    it("refuses an item key reused on another quest of the same owner with an item 422", async () => {
      const fixture = await questFixture(ctx());
      const other = await questOf(ctx(), fixture, {});
      const item = keyed(fixture.playerPass, 10, newKey());
      await sendBatch(ctx(), fixture, { allocations: [item] });
      const answer = await sendBatch(ctx(), other, { allocations: [item] });
      assertRefused(answer.results[0], 422, "IDEMPOTENCY_KEY_REUSED");
      assert.equal((await books(ctx().db, other.questId)).payouts, 0);
    });

    it("shares the namespace of POST /quests/{id}'s Idempotency-Key: a batch item replays a single allocation", async () => {
      const fixture = await questFixture(ctx());
      const key = newKey();
      const single = await allocate(
        ctx(),
        fixture,
        { points: 25, address: fixture.playerPass },
        withKey(key),
      );
      expectStatus(single, 200);
      const answer = await sendBatch(ctx(), fixture, {
        allocations: [keyed(fixture.playerPass, 25, key)],
      });
      assertReplayed(answer.results[0], single.json().payout);
      assert.equal(answer.paid_count, 0);
      const again = await sendBatch(ctx(), fixture, {
        allocations: [keyed(fixture.playerPass, 26, key)],
      });
      assertRefused(again.results[0], 422, "IDEMPOTENCY_KEY_REUSED");
      await expectBooks(ctx().db, fixture.questId, { remaining: 975, payouts: 1, paid: 25 });
    });

    it("shares the namespace the other way: a single allocation replays a batch item", async () => {
      const fixture = await questFixture(ctx());
      const key = newKey();
      const answer = await sendBatch(ctx(), fixture, {
        allocations: [keyed(fixture.playerPass, 25, key)],
      });
      const payout = assertPaid(answer.results[0], 25, fixture.playerPass);
      const single = (points: number) =>
        allocate(ctx(), fixture, { points, address: fixture.playerPass }, withKey(key));
      const replay = await single(25);
      expectStatus(replay, 200);
      assert.equal(replay.headers[REPLAYED], "true");
      assert.deepEqual(replay.json(), { payout });
      expectProblem(await single(24), 422, "IDEMPOTENCY_KEY_REUSED");
      await expectBooks(ctx().db, fixture.questId, { remaining: 975, payouts: 1, paid: 25 });
    });

    it("replays an item even after the quest was disabled", async () => {
      const fixture = await questFixture(ctx());
      const item = keyed(fixture.playerPass, 10, newKey());
      const first = await sendBatch(ctx(), fixture, { allocations: [item] });
      const payout = assertPaid(first.results[0], 10, fixture.playerPass);
      await patchQuest(ctx(), fixture, { is_active: false });
      const again = await sendBatch(ctx(), fixture, {
        allocations: [item, ...itemsTo(fixture.playerPass, 5)],
      });
      assert.equal(again.results[0]!.replayed, true);
      assert.deepEqual(again.results[0]!.payout, payout);
      assertRefused(again.results[1], 400, "QUEST_NOT_ACTIVE");
      assert.equal(again.paid_count, 0);
      await expectBooks(ctx().db, fixture.questId, { remaining: 990, payouts: 1, paid: 10 });
    });

    it(keyReusedAtomic.title, () => rejectAtomic(ctx(), keyReusedAtomic));

    it("scopes item keys to the owner's account: another owner uses the same key independently", async () => {
      const key = newKey();
      for (const owner of [await questFixture(ctx()), await questFixture(ctx())]) {
        const answer = await sendBatch(ctx(), owner, {
          allocations: [keyed(owner.playerPass, 10, key)],
        });
        assertPaid(answer.results[0], 10, owner.playerPass);
      }
    });
  });

  describe("request Idempotency-Key", () => {
    it("replays the whole answer with Idempotent-Replayed: true, paying once", async () => {
      const fixture = await questFixture(ctx(), { total_points: 100 });
      const key = newKey();
      const body = { allocations: itemsTo(fixture.playerPass, 60, 60) };
      const first = await batch(ctx(), fixture, body, withKey(key));
      const answer = batchAnswer(first);
      assert.equal(first.headers[REPLAYED], undefined);
      assert.equal(answer.paid_count, 1);
      assertReplayOf(await batch(ctx(), fixture, body, withKey(key)), first);
      await expectBooks(ctx().db, fixture.questId, { remaining: 40, payouts: 1, paid: 60 });
    });

    it("keeps nothing for a BATCH_REJECTED: once the batch would pass, its retry pays, then replays", async () => {
      const fixture = await questFixture(ctx(), { total_points: 100 });
      const key = newKey();
      const body = { atomic: true, allocations: itemsTo(fixture.playerPass, 150) };
      const first = await batch(ctx(), fixture, body, withKey(key));
      expectProblem(first, 400, "BATCH_REJECTED");
      await patchQuest(ctx(), fixture, { total_points: 1000 });
      const paid = await batch(ctx(), fixture, body, withKey(key));
      assert.equal(paid.headers[REPLAYED], undefined);
      assertPaid(batchAnswer(paid).results[0], 150, fixture.playerPass);
      assertReplayOf(await batch(ctx(), fixture, body, withKey(key)), paid);
      await expectBooks(ctx().db, fixture.questId, { remaining: 850, payouts: 1, paid: 150 });
    });

    it("keeps a batch's answer that paid something whole, its refusals too, replayed as first answered", async () => {
      const fixture = await questFixture(ctx(), { total_points: 100 });
      const key = newKey();
      const body = { allocations: itemsTo(fixture.playerPass, 70, 70) };
      const first = await batch(ctx(), fixture, body, withKey(key));
      const answer = batchAnswer(first);
      assertPaid(answer.results[0], 70, fixture.playerPass);
      assertRefused(answer.results[1], 400, "INSUFFICIENT_POINTS");
      await patchQuest(ctx(), fixture, { total_points: 1000 });
      assertReplayOf(await batch(ctx(), fixture, body, withKey(key)), first);
      await expectBooks(ctx().db, fixture.questId, { remaining: 930, payouts: 1, paid: 70 });
    });

    it("refuses the same key with a different body with 422 IDEMPOTENCY_KEY_REUSED", async () => {
      const fixture = await questFixture(ctx());
      const key = newKey();
      const body = { allocations: itemsTo(fixture.playerPass, 10) };
      expectStatus(await batch(ctx(), fixture, body, withKey(key)), 200);
      const other = { allocations: itemsTo(fixture.playerPass, 11) };
      const refused = await batch(ctx(), fixture, other, withKey(key));
      expectProblem(refused, 422, "IDEMPOTENCY_KEY_REUSED");
      assert.equal(refused.headers[REPLAYED], undefined);
      const atomic = await batch(ctx(), fixture, { ...body, atomic: true }, withKey(key));
      expectProblem(atomic, 422, "IDEMPOTENCY_KEY_REUSED");
      await expectBooks(ctx().db, fixture.questId, { remaining: 990, payouts: 1, paid: 10 });
    });

    it("refuses the same key and body on another quest with 422 IDEMPOTENCY_KEY_REUSED", async () => {
      const fixture = await questFixture(ctx());
      const other = await questOf(ctx(), fixture, {});
      const key = newKey();
      const body = { allocations: itemsTo(fixture.playerPass, 10) };
      expectStatus(await batch(ctx(), fixture, body, withKey(key)), 200);
      const refused = await batch(ctx(), other, body, withKey(key));
      expectProblem(refused, 422, "IDEMPOTENCY_KEY_REUSED");
      assert.equal((await books(ctx().db, other.questId)).payouts, 0);
    });

    it("refuses a batch's request key on a single allocation, and a single's key on a batch, with 422", async () => {
      const fixture = await questFixture(ctx());
      const single = { points: 10, address: fixture.playerPass };
      const body = { allocations: [single] };
      const [batchKey, singleKey] = [newKey(), newKey()];
      expectStatus(await batch(ctx(), fixture, body, withKey(batchKey)), 200);
      const singleOnBatchKey = await allocate(ctx(), fixture, single, withKey(batchKey));
      expectProblem(singleOnBatchKey, 422, "IDEMPOTENCY_KEY_REUSED");
      expectStatus(await allocate(ctx(), fixture, single, withKey(singleKey)), 200);
      const batchOnSingleKey = await batch(ctx(), fixture, body, withKey(singleKey));
      expectProblem(batchOnSingleKey, 422, "IDEMPOTENCY_KEY_REUSED");
      await expectBooks(ctx().db, fixture.questId, { remaining: 980, payouts: 2, paid: 20 });
    });

    it("refuses a malformed Idempotency-Key with 400 BAD_REQUEST", async () => {
      const fixture = await questFixture(ctx());
      const body = { allocations: itemsTo(fixture.playerPass, 10) };
      const response = await batch(ctx(), fixture, body, withKey("k".repeat(256)));
      expectProblem(response, 400, "BAD_REQUEST");
      assert.equal((await books(ctx().db, fixture.questId)).payouts, 0);
    });
  });
});
