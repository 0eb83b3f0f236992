/**
 * Retries that can succeed later (contract, Part 4): only a payout is kept under an
 * Idempotency-Key (a single allocation's header, a batch item's key) or a batch's own key when
 * its answer holds one. A refusal keeps nothing: its retry with the same key is decided afresh
 * (a pass registered meanwhile, a budget raised meanwhile, is paid, once), and another body under
 * that key is not 422. Records of the previous version (refusals kept 24 h) no longer block.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { describe, it } from "node:test";
import type { LightMyRequestResponse } from "fastify";
import { itemKey } from "../../src/use-cases/idempotency.js";
import {
  allocateKeyed,
  createAccount,
  createQuest,
  expectProblem,
  expectStatus,
  type QuestFixture,
  questFixture,
  randomPass,
  secondInstance,
  type TestContext,
} from "../helpers/app.js";
import {
  assertPaid,
  assertRefused,
  assertReplayed,
  assertReplayOf,
  batch,
  batchAnswer,
  itemsTo,
  keyed,
  patchQuest,
  REPLAYED,
  sendBatch,
  withKey,
} from "../helpers/batch-allocations.js";
import { expectBooks } from "../helpers/books.js";
import { describeEachDatabase } from "../helpers/each-database.js";

const newKey = () => `retry-${randomBytes(8).toString("hex")}`;

/** A fresh payout (not a replay) of `points` to `pass`; its body. */
function expectFreshPayout(response: LightMyRequestResponse, points: number, pass: string) {
  expectStatus(response, 200);
  assert.equal(response.headers[REPLAYED], undefined, "decided afresh, not a replay");
  const { payout } = response.json();
  assert.equal(payout.amount, points);
  assert.equal(payout.account.pass, pass);
  return payout as { id: string };
}

/** What the key holds, straight from the table (undefined: nothing). */
async function storedUnder(ctx: TestContext, fixture: QuestFixture, key: string) {
  const { rows } = await ctx.db.query<{ outcome: Record<string, unknown>; request_hash: string }>(
    "SELECT outcome, request_hash FROM idempotency_keys WHERE account_id = $1 AND key = $2",
    [fixture.ownerId, key],
  );
  return rows[0];
}

describeEachDatabase("Retries that can succeed later", (ctx, kind) => {
  describe("a single allocation's Idempotency-Key", () => {
    it("ACCOUNT_NOT_FOUND keeps nothing: once the pass is registered, the same key and body pay, once", async () => {
      const fixture = await questFixture(ctx());
      const stranger = randomPass();
      const key = newKey();
      const body = { points: 30, address: stranger };
      const refused = await allocateKeyed(ctx().app, fixture, body, key);
      expectProblem(refused, 400, "ACCOUNT_NOT_FOUND");
      assert.equal(await storedUnder(ctx(), fixture, key), undefined, "the refusal keeps nothing");
      // Refused again, decided afresh: not a replay.
      const again = await allocateKeyed(ctx().app, fixture, body, key);
      expectProblem(again, 400, "ACCOUNT_NOT_FOUND");
      assert.equal(again.headers[REPLAYED], undefined);

      await createAccount(ctx(), stranger);
      const paid = await allocateKeyed(ctx().app, fixture, body, key);
      const payout = expectFreshPayout(paid, 30, stranger);
      const replay = await allocateKeyed(ctx().app, fixture, body, key);
      assertReplayOf(replay, paid);
      assert.equal(replay.json().payout.id, payout.id);
      await expectBooks(ctx().db, fixture.questId, { remaining: 970, payouts: 1, paid: 30 });
    });

    it("INSUFFICIENT_POINTS keeps nothing: once the budget is raised, the same key pays, once", async () => {
      const fixture = await questFixture(ctx(), { total_points: 100 });
      const key = newKey();
      const body = { points: 150, address: fixture.playerPass };
      const refused = await allocateKeyed(ctx().app, fixture, body, key);
      const problem = expectProblem(refused, 400, "INSUFFICIENT_POINTS");
      assert.equal(
        problem.detail,
        `Quest ${fixture.questId} has 100 points left; 150 were requested.`,
      );
      await patchQuest(ctx(), fixture, { total_points: 1000 });
      const paid = await allocateKeyed(ctx().app, fixture, body, key);
      expectFreshPayout(paid, 150, fixture.playerPass);
      assertReplayOf(await allocateKeyed(ctx().app, fixture, body, key), paid);
      assertReplayOf(await allocateKeyed(ctx().app, fixture, body, key), paid);
      await expectBooks(ctx().db, fixture.questId, { remaining: 850, payouts: 1, paid: 150 });
    });

    it("QUEST_NOT_ACTIVE keeps nothing: once the quest is switched on, the same key pays", async () => {
      const fixture = await questFixture(ctx(), { is_active: false });
      const key = newKey();
      const body = { points: 5, address: fixture.playerPass };
      expectProblem(await allocateKeyed(ctx().app, fixture, body, key), 400, "QUEST_NOT_ACTIVE");
      await patchQuest(ctx(), fixture, { is_active: true });
      const paid = await allocateKeyed(ctx().app, fixture, body, key);
      expectFreshPayout(paid, 5, fixture.playerPass);
      assertReplayOf(await allocateKeyed(ctx().app, fixture, body, key), paid);
      await expectBooks(ctx().db, fixture.questId, { remaining: 995, payouts: 1 });
    });

    it("a refused key with another body is decided afresh (not 422); a paid key with another body is 422", async () => {
      const fixture = await questFixture(ctx(), { total_points: 100 });
      const key = newKey();
      expectProblem(
        await allocateKeyed(ctx().app, fixture, { points: 150, address: fixture.playerPass }, key),
        400,
        "INSUFFICIENT_POINTS",
      );
      // Another body under the refused key: decided as a new request, and paid.
      const paid = await allocateKeyed(
        ctx().app,
        fixture,
        { points: 50, address: fixture.playerPass },
        key,
      );
      expectFreshPayout(paid, 50, fixture.playerPass);
      // Now the key holds a payout: another body is 422, the first one replays.
      expectProblem(
        await allocateKeyed(ctx().app, fixture, { points: 150, address: fixture.playerPass }, key),
        422,
        "IDEMPOTENCY_KEY_REUSED",
      );
      expectProblem(
        await allocateKeyed(ctx().app, fixture, { points: 49, address: fixture.playerPass }, key),
        422,
        "IDEMPOTENCY_KEY_REUSED",
      );
      assertReplayOf(
        await allocateKeyed(ctx().app, fixture, { points: 50, address: fixture.playerPass }, key),
        paid,
      );
      await expectBooks(ctx().db, fixture.questId, { remaining: 50, payouts: 1, paid: 50 });
    });

    it("a key refused on one quest is decided afresh on another quest of the owner", async () => {
      const fixture = await questFixture(ctx(), { is_active: false });
      const other = { ...fixture, questId: await createQuest(ctx(), fixture.ownerPass) };
      const key = newKey();
      const body = { points: 7, address: fixture.playerPass };
      expectProblem(await allocateKeyed(ctx().app, fixture, body, key), 400, "QUEST_NOT_ACTIVE");
      expectFreshPayout(await allocateKeyed(ctx().app, other, body, key), 7, fixture.playerPass);
      expectProblem(
        await allocateKeyed(ctx().app, fixture, body, key),
        422,
        "IDEMPOTENCY_KEY_REUSED",
      );
      await expectBooks(ctx().db, other.questId, { remaining: 993, payouts: 1 });
      await expectBooks(ctx().db, fixture.questId, { remaining: 1000, payouts: 0 });
    });
  });

  describe("batch item keys", () => {
    it("an item refused, then sent again in a new batch under the same key, is paid, once", async () => {
      const fixture = await questFixture(ctx(), { total_points: 100 });
      const stranger = randomPass();
      const late = keyed(stranger, 20, newKey());
      const short = keyed(fixture.playerPass, 150, newKey());
      const first = await sendBatch(ctx(), fixture, {
        allocations: [late, short, ...itemsTo(fixture.playerPass, 10)],
      });
      assertRefused(first.results[0], 400, "ACCOUNT_NOT_FOUND");
      assertRefused(first.results[1], 400, "INSUFFICIENT_POINTS");
      assertPaid(first.results[2], 10, fixture.playerPass);
      assert.equal(first.paid_count, 1);

      await createAccount(ctx(), stranger);
      await patchQuest(ctx(), fixture, { total_points: 1000 });
      const second = await sendBatch(ctx(), fixture, { allocations: [late, short] });
      const latePayout = assertPaid(second.results[0], 20, stranger);
      const shortPayout = assertPaid(second.results[1], 150, fixture.playerPass);
      assert.equal(second.paid_count, 2);

      const third = await sendBatch(ctx(), fixture, { allocations: [short, late] });
      assertReplayed(third.results[0], shortPayout);
      assertReplayed(third.results[1], latePayout);
      assert.equal(third.paid_count, 0);
      // The item keys share the namespace of single allocations: a single POST replays too.
      const single = await allocateKeyed(
        ctx().app,
        fixture,
        { points: 20, address: stranger },
        `${late.idempotency_key}`,
      );
      expectStatus(single, 200);
      assert.equal(single.headers[REPLAYED], "true");
      assert.equal(single.json().payout.id, latePayout.id);
      await expectBooks(ctx().db, fixture.questId, { remaining: 820, payouts: 3, paid: 180 });
    });

    it("an item refused as a single allocation is paid as a batch item under the same key", async () => {
      const fixture = await questFixture(ctx(), { total_points: 10 });
      const key = newKey();
      expectProblem(
        await allocateKeyed(ctx().app, fixture, { points: 25, address: fixture.playerPass }, key),
        400,
        "INSUFFICIENT_POINTS",
      );
      await patchQuest(ctx(), fixture, { total_points: 100 });
      const answer = await sendBatch(ctx(), fixture, {
        allocations: [keyed(fixture.playerPass, 25, key)],
      });
      const payout = assertPaid(answer.results[0], 25, fixture.playerPass);
      const replay = await allocateKeyed(
        ctx().app,
        fixture,
        { points: 25, address: fixture.playerPass },
        key,
      );
      assert.equal(replay.headers[REPLAYED], "true");
      assert.equal(replay.json().payout.id, payout.id);
      await expectBooks(ctx().db, fixture.questId, { remaining: 75, payouts: 1 });
    });

    it("an atomic batch rejected keeps none of its item keys: they pay in a later batch", async () => {
      const fixture = await questFixture(ctx(), { total_points: 100 });
      const items = [
        keyed(fixture.playerPass, 60, newKey()),
        keyed(fixture.playerPass, 60, newKey()),
      ];
      expectProblem(
        await batch(ctx(), fixture, { atomic: true, allocations: items }),
        400,
        "BATCH_REJECTED",
      );
      await patchQuest(ctx(), fixture, { total_points: 1000 });
      const answer = await sendBatch(ctx(), fixture, { atomic: true, allocations: items });
      assertPaid(answer.results[0], 60, fixture.playerPass);
      assertPaid(answer.results[1], 60, fixture.playerPass);
      await expectBooks(ctx().db, fixture.questId, { remaining: 880, payouts: 2 });
    });
  });

  describe("a batch's own Idempotency-Key", () => {
    it("a batch that paid nothing (every item refused) keeps nothing: its retry is decided afresh", async () => {
      const fixture = await questFixture(ctx(), { total_points: 10 });
      const key = newKey();
      const body = { allocations: itemsTo(fixture.playerPass, 20, 30) };
      const first = await batch(ctx(), fixture, body, withKey(key));
      const answer = batchAnswer(first);
      assertRefused(answer.results[0], 400, "INSUFFICIENT_POINTS");
      assertRefused(answer.results[1], 400, "INSUFFICIENT_POINTS");
      assert.equal(await storedUnder(ctx(), fixture, key), undefined);
      await patchQuest(ctx(), fixture, { total_points: 100 });
      const retried = await batch(ctx(), fixture, body, withKey(key));
      assert.equal(retried.headers[REPLAYED], undefined, "decided afresh");
      const paid = batchAnswer(retried);
      assertPaid(paid.results[0], 20, fixture.playerPass);
      assertPaid(paid.results[1], 30, fixture.playerPass);
      // Now it paid: the whole answer replays, and pays nothing again.
      assertReplayOf(await batch(ctx(), fixture, body, withKey(key)), retried);
      await expectBooks(ctx().db, fixture.questId, { remaining: 50, payouts: 2, paid: 50 });
    });

    it("an atomic BATCH_REJECTED keeps nothing: its retry is decided afresh, another body too", async () => {
      const fixture = await questFixture(ctx(), { total_points: 100 });
      const key = newKey();
      const body = { atomic: true, allocations: itemsTo(fixture.playerPass, 150) };
      expectProblem(await batch(ctx(), fixture, body, withKey(key)), 400, "BATCH_REJECTED");
      const again = await batch(ctx(), fixture, body, withKey(key));
      expectProblem(again, 400, "BATCH_REJECTED");
      assert.equal(again.headers[REPLAYED], undefined);
      // Another body under the same key is decided too, not 422.
      const other = { atomic: true, allocations: itemsTo(fixture.playerPass, 40) };
      const paid = await batch(ctx(), fixture, other, withKey(key));
      assert.equal(paid.headers[REPLAYED], undefined);
      assertPaid(batchAnswer(paid).results[0], 40, fixture.playerPass);
      expectProblem(await batch(ctx(), fixture, body, withKey(key)), 422, "IDEMPOTENCY_KEY_REUSED");
      assertReplayOf(await batch(ctx(), fixture, other, withKey(key)), paid);
      await expectBooks(ctx().db, fixture.questId, { remaining: 60, payouts: 1, paid: 40 });
    });

    it("a batch that paid something replays whole, its refusals included, even once they would pay", async () => {
      const fixture = await questFixture(ctx(), { total_points: 100 });
      const stranger = randomPass();
      const key = newKey();
      const refusedKey = newKey();
      const body = {
        allocations: [
          ...itemsTo(fixture.playerPass, 60),
          keyed(stranger, 10, refusedKey),
          ...itemsTo(fixture.playerPass, 60),
        ],
      };
      const first = await batch(ctx(), fixture, body, withKey(key));
      const answer = batchAnswer(first);
      assertPaid(answer.results[0], 60, fixture.playerPass);
      assertRefused(answer.results[1], 400, "ACCOUNT_NOT_FOUND");
      assertRefused(answer.results[2], 400, "INSUFFICIENT_POINTS");
      await createAccount(ctx(), stranger);
      await patchQuest(ctx(), fixture, { total_points: 1000 });
      assertReplayOf(await batch(ctx(), fixture, body, withKey(key)), first);
      await expectBooks(ctx().db, fixture.questId, { remaining: 940, payouts: 1, paid: 60 });
      // The refused item's own key kept nothing: in another batch it is paid.
      const later = await sendBatch(ctx(), fixture, {
        allocations: [keyed(stranger, 10, refusedKey)],
      });
      assertPaid(later.results[0], 10, stranger);
      await expectBooks(ctx().db, fixture.questId, { remaining: 930, payouts: 2, paid: 70 });
    });
  });

  describe("records of the previous version (a refusal kept for 24 hours)", () => {
    /** Inserts a record as the previous version stored it, with the hash a retry will carry. */
    async function oldRecord(
      fixture: QuestFixture,
      key: string,
      requestHash: string,
      outcome: unknown,
    ) {
      await ctx().db.query(
        `INSERT INTO idempotency_keys (account_id, key, quest_id, request_hash, outcome, created_at)
         VALUES ($1, $2, $3, $4, $5::jsonb, now() - interval '1 hour')`,
        [fixture.ownerId, key, fixture.questId, requestHash, JSON.stringify(outcome)],
      );
    }
    const oldRefusal = (code: string) => ({
      error: { code, detail: "refused by the previous version", requestId: "req-old" },
    });

    it("a stored item refusal no longer blocks: the retry is decided afresh and the record replaced", async () => {
      const fixture = await questFixture(ctx());
      const key = newKey();
      const body = { points: 12, address: fixture.playerPass };
      const { requestHash } = itemKey(fixture.questId, { pass: body.address, points: 12 }, key)!;
      await oldRecord(fixture, key, requestHash, oldRefusal("ACCOUNT_NOT_FOUND"));
      const paid = await allocateKeyed(ctx().app, fixture, body, key);
      const payout = expectFreshPayout(paid, 12, fixture.playerPass);
      const stored = await storedUnder(ctx(), fixture, key);
      assert.deepEqual(Object.keys(stored!.outcome), ["payout"], "the refusal was replaced");
      assert.equal((stored!.outcome.payout as { id: string }).id, payout.id);
      assertReplayOf(await allocateKeyed(ctx().app, fixture, body, key), paid);
      await expectBooks(ctx().db, fixture.questId, { remaining: 988, payouts: 1 });
    });

    it("a stored item refusal with another body hash is decided afresh, not 422; in a batch too", async () => {
      const fixture = await questFixture(ctx());
      const [single, item] = [newKey(), newKey()];
      await oldRecord(fixture, single, "another-body", oldRefusal("INSUFFICIENT_POINTS"));
      await oldRecord(fixture, item, "another-body", oldRefusal("QUEST_NOT_ACTIVE"));
      expectFreshPayout(
        await allocateKeyed(ctx().app, fixture, { points: 3, address: fixture.playerPass }, single),
        3,
        fixture.playerPass,
      );
      const answer = await sendBatch(ctx(), fixture, {
        allocations: [keyed(fixture.playerPass, 4, item)],
      });
      assertPaid(answer.results[0], 4, fixture.playerPass);
      for (const key of [single, item]) {
        const stored = await storedUnder(ctx(), fixture, key);
        assert.ok(stored && "payout" in stored.outcome, `${key} now holds its payout`);
      }
      await expectBooks(ctx().db, fixture.questId, { remaining: 993, payouts: 2 });
    });

    it("a stored batch refusal (BATCH_REJECTED, or a batch of refusals only) no longer blocks its key", async () => {
      const fixture = await questFixture(ctx());
      const body = { allocations: itemsTo(fixture.playerPass, 8) };
      const [rejected, refusals] = [newKey(), newKey()];
      // The hash is not the retry's: a record without a payout is not looked at.
      await oldRecord(fixture, rejected, "h", {
        error: {
          code: "BATCH_REJECTED",
          detail: "old",
          requestId: "req-old",
          errors: [{ field: "allocations/0", message: "old", code: "INSUFFICIENT_POINTS" }],
        },
      });
      await oldRecord(fixture, refusals, "h", {
        batch: {
          items: [
            { ...oldRefusal("INSUFFICIENT_POINTS"), replayed: false },
            { ...oldRefusal("ACCOUNT_NOT_FOUND"), replayed: false },
          ],
        },
      });
      for (const key of [rejected, refusals]) {
        const paid = await batch(ctx(), fixture, body, withKey(key));
        assert.equal(paid.headers[REPLAYED], undefined, `${key}: decided afresh`);
        assertPaid(batchAnswer(paid).results[0], 8, fixture.playerPass);
        assertReplayOf(await batch(ctx(), fixture, body, withKey(key)), paid);
        const stored = await storedUnder(ctx(), fixture, key);
        assert.ok(stored && "batch" in stored.outcome, `${key} now holds the batch's answer`);
      }
      await expectBooks(ctx().db, fixture.questId, { remaining: 984, payouts: 2 });
    });

    it("a stored payout still replays, and another body under it is still 422", async () => {
      const fixture = await questFixture(ctx());
      const key = newKey();
      const body = { points: 9, address: fixture.playerPass };
      const first = await allocateKeyed(ctx().app, fixture, body, key);
      expectFreshPayout(first, 9, fixture.playerPass);
      assertReplayOf(await allocateKeyed(ctx().app, fixture, body, key), first);
      expectProblem(
        await allocateKeyed(ctx().app, fixture, { ...body, points: 10 }, key),
        422,
        "IDEMPOTENCY_KEY_REUSED",
      );
      await expectBooks(ctx().db, fixture.questId, { remaining: 991, payouts: 1 });
    });
  });

  if (kind === "postgres") {
    describe("concurrent retries of one key, across two service instances", () => {
      it("a refused key retried many times at once, while its pass is registered, pays exactly once", async () => {
        const second = await secondInstance(ctx());
        try {
          const fixture = await questFixture(ctx());
          const stranger = randomPass();
          const key = newKey();
          const body = { points: 25, address: stranger };
          const apps = [ctx().app, second.app];
          const send = (i: number) => allocateKeyed(apps[i % 2]!, fixture, body, key);
          expectProblem(await send(0), 400, "ACCOUNT_NOT_FOUND");

          // Rounds of 24 retries at once; the pass is registered during the second round.
          const responses: LightMyRequestResponse[] = [];
          for (let round = 0; round < 4; round++) {
            const sent = Array.from({ length: 24 }, (_, i) => send(i));
            if (round === 1) await createAccount(ctx(), stranger);
            responses.push(...(await Promise.all(sent)));
          }
          const paid = responses.filter((r) => r.statusCode === 200);
          const fresh = paid.filter((r) => r.headers[REPLAYED] === undefined);
          assert.equal(fresh.length, 1, "exactly one answer is the payout itself");
          const payoutId = fresh[0]!.json().payout.id;
          for (const response of responses) {
            if (response.statusCode === 200) {
              assert.equal(response.json().payout.id, payoutId);
              assert.equal(response.body, fresh[0]!.body);
            } else if (response.statusCode === 409) {
              expectProblem(response, 409, "IDEMPOTENCY_IN_PROGRESS");
            } else {
              // Decided before the registration committed.
              expectProblem(response, 400, "ACCOUNT_NOT_FOUND");
              assert.equal(response.headers[REPLAYED], undefined);
            }
          }
          assertReplayOf(await send(1), fresh[0]!);
          await expectBooks(ctx().db, fixture.questId, { remaining: 975, payouts: 1, paid: 25 });
        } finally {
          await second.close();
        }
      });

      it("singles and batch items under one refused key, at once on both instances, pay exactly once", async () => {
        const second = await secondInstance(ctx());
        try {
          const fixture = await questFixture(ctx(), { total_points: 10 });
          const key = newKey();
          const body = { points: 40, address: fixture.playerPass };
          expectProblem(
            await allocateKeyed(ctx().app, fixture, body, key),
            400,
            "INSUFFICIENT_POINTS",
          );
          await patchQuest(ctx(), fixture, { total_points: 100 });
          const apps = [ctx().app, second.app];
          const sent = Array.from({ length: 30 }, (_, i) => {
            const app = apps[i % 2]!;
            if (i % 3 !== 0) return allocateKeyed(app, fixture, body, key);
            return app.inject({
              method: "POST",
              url: `/quests/${fixture.questId}/allocations`,
              headers: { "x-api-key": fixture.apiKey },
              payload: { allocations: [keyed(fixture.playerPass, 40, key)] },
            });
          });
          const payoutIds = new Set<string>();
          let fresh = 0;
          for (const response of await Promise.all(sent)) {
            if (response.statusCode === 409) {
              expectProblem(response, 409, "IDEMPOTENCY_IN_PROGRESS");
              continue;
            }
            expectStatus(response, 200);
            const body = response.json();
            const result = body.results?.[0] ?? {
              status: 200,
              payout: body.payout,
              replayed: response.headers[REPLAYED] === "true",
            };
            if (result.status === 409) {
              assert.equal(result.code, "IDEMPOTENCY_IN_PROGRESS");
              continue;
            }
            assert.equal(result.status, 200, JSON.stringify(result));
            payoutIds.add(result.payout.id);
            if (!result.replayed) fresh++;
          }
          assert.equal(fresh, 1, "one payout made");
          assert.equal(payoutIds.size, 1, "every 200 names the one payout");
          await expectBooks(ctx().db, fixture.questId, { remaining: 60, payouts: 1, paid: 40 });
        } finally {
          await second.close();
        }
      });
    });
  }
});
