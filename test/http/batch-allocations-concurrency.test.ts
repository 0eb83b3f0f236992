/**
 * `POST /quests/{questId}/allocations` under races: an item key or a request key paid once, and
 * a quest never overspent by batches and single allocations at once.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { allocate, expectProblem, questFixture } from "../helpers/app.js";
import {
  assertPaid,
  assertRefused,
  batch,
  batchAnswer,
  itemsTo,
  keyed,
  newKey,
  REPLAYED,
  withKey,
} from "../helpers/batch-allocations.js";
import { expectBooks } from "../helpers/books.js";
import { describeEachDatabase } from "../helpers/each-database.js";
import { questDetail } from "../helpers/owner-api.js";

describeEachDatabase("POST /quests/{questId}/allocations", (ctx) => {
  describe("concurrency", () => {
    it("pays a racing item key once: batches and single allocations sharing it", async () => {
      const fixture = await questFixture(ctx());
      const p = fixture.playerPass;
      const key = newKey();
      const batches = Array.from({ length: 6 }, () =>
        batch(ctx(), fixture, {
          allocations: [keyed(p, 7, key), { points: 1, address: p }],
        }),
      );
      const singles = Array.from({ length: 6 }, () =>
        allocate(ctx(), fixture, { points: 7, address: p }, withKey(key)),
      );
      const [batchResponses, singleResponses] = await Promise.all([
        Promise.all(batches),
        Promise.all(singles),
      ]);
      const payoutIds = new Set<string>();
      let fresh = 0;
      for (const response of batchResponses) {
        const answer = batchAnswer(response);
        const shared = answer.results[0]!;
        if (shared.status === 200) {
          payoutIds.add(shared.payout!.id);
          if (!shared.replayed) fresh += 1;
        } else {
          assertRefused(shared, 409, "IDEMPOTENCY_IN_PROGRESS");
        }
        assertPaid(answer.results[1], 1, p);
      }
      for (const response of singleResponses) {
        if (response.statusCode === 200) {
          payoutIds.add(response.json().payout.id);
          if (response.headers[REPLAYED] !== "true") fresh += 1;
        } else {
          expectProblem(response, 409, "IDEMPOTENCY_IN_PROGRESS");
        }
      }
      assert.equal(fresh, 1, "exactly one answer is the original payout");
      assert.equal(payoutIds.size, 1);
      await expectBooks(ctx().db, fixture.questId, {
        remaining: 1000 - 7 - 6,
        payouts: 7,
        paid: 13,
      });
    });

    it("pays a batch once when retries with one request Idempotency-Key race", async () => {
      const fixture = await questFixture(ctx());
      const key = newKey();
      const body = { allocations: itemsTo(fixture.playerPass, 10, 20) };
      const responses = await Promise.all(
        Array.from({ length: 8 }, () => batch(ctx(), fixture, body, withKey(key))),
      );
      const paid = responses.filter((r) => r.statusCode === 200);
      const fresh = paid.filter((r) => r.headers[REPLAYED] === undefined);
      assert.equal(fresh.length, 1, responses.map((r) => r.statusCode).join(","));
      for (const response of responses) {
        if (response.statusCode === 200) assert.deepEqual(response.json(), fresh[0]!.json());
        else expectProblem(response, 409, "IDEMPOTENCY_IN_PROGRESS");
      }
      await expectBooks(ctx().db, fixture.questId, { remaining: 970, payouts: 2, paid: 30 });
    });

    it("never overspends: 10 batches of 20 and 50 single allocations at once on one quest", async () => {
      const total = 1000;
      const fixture = await questFixture(ctx(), { total_points: total });
      const p = fixture.playerPass;
      const batches = Array.from({ length: 10 }, (_, b) =>
        batch(ctx(), fixture, {
          allocations: Array.from({ length: 20 }, (_, i) => ({
            points: ((b + i) % 9) + 1,
            address: p,
          })),
        }),
      );
      const singles = Array.from({ length: 50 }, () =>
        allocate(ctx(), fixture, { points: 10, address: p }),
      );
      const [batchResponses, singleResponses] = await Promise.all([
        Promise.all(batches),
        Promise.all(singles),
      ]);
      let paidPoints = 0;
      let paidCount = 0;
      const refusedAmounts: number[] = [];
      const ids = new Set<string>();
      for (const response of batchResponses) {
        const answer = batchAnswer(response);
        let own = 0;
        for (const result of answer.results) {
          if (result.status === 200) {
            assert.equal(result.replayed, false);
            own += result.payout!.amount;
            ids.add(result.payout!.id);
            paidCount += 1;
          } else {
            assert.equal(result.code, "INSUFFICIENT_POINTS", JSON.stringify(result));
            const [, left, asked] = /has (\d+) points left; (\d+) were requested/
              .exec(result.detail!)!
              .map(Number);
            assert.ok(left! < asked!, result.detail);
            refusedAmounts.push(asked!);
          }
        }
        assert.equal(answer.paid_points, own);
        assert.equal(answer.paid_count, answer.results.filter((r) => r.status === 200).length);
        paidPoints += own;
      }
      for (const response of singleResponses) {
        if (response.statusCode === 200) {
          paidPoints += response.json().payout.amount;
          ids.add(response.json().payout.id);
          paidCount += 1;
        } else {
          expectProblem(response, 400, "INSUFFICIENT_POINTS");
          refusedAmounts.push(10);
        }
      }
      assert.ok(refusedAmounts.length > 0, "the budget ran out");
      assert.equal(ids.size, paidCount, "every payout has its own id");
      const remaining = (await questDetail(ctx(), fixture)).points_remaining;
      assert.ok(remaining >= 0);
      assert.equal(total - remaining, paidPoints, "total − remaining = what the answers paid");
      // Remaining only fell, so nothing refused would fit in what is left now.
      assert.ok(remaining < Math.min(...refusedAmounts));
      await expectBooks(ctx().db, fixture.questId, {
        remaining,
        payouts: paidCount,
        paid: paidPoints,
      });
    });
  });
});
