/**
 * `POST /quests/{questId}/allocations`: how a batch's items are decided, one by one or (atomic)
 * all or none. Validation and the order of checks, idempotency and concurrency have files of
 * their own (batch-allocations-*.test.ts).
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { describe, it } from "node:test";
import { allocate, createAccount, expectStatus, questFixture, randomPass } from "../helpers/app.js";
import {
  assertPaid,
  assertReplayed,
  batch,
  type DecideCase,
  decide,
  ended,
  expectOutcomes,
  expectRejected,
  itemsTo,
  keyed,
  newKey,
  patchQuest,
  type RejectCase,
  rejectAtomic,
  sendBatch,
} from "../helpers/batch-allocations.js";
import { expectBooks } from "../helpers/books.js";
import { describeEachDatabase } from "../helpers/each-database.js";
import { questDetail } from "../helpers/owner-api.js";

const MAX = 9007199254740991;

const insufficient = (questId: number, left: number, asked: number) => ({
  refused: "INSUFFICIENT_POINTS",
  detail: `Quest ${questId} has ${left} points left; ${asked} were requested.`,
});
const notActive = (questId: number) => ({
  refused: "QUEST_NOT_ACTIVE",
  detail: new RegExp(`Quest ${questId}`),
});

/** Batches whose items are decided each on its own, against the running remainder. */
const decided: DecideCase[] = [
  {
    title:
      "decides items in order against the running remainder: 60, 50, 40 of 100 → paid, INSUFFICIENT_POINTS, paid",
    quest: { total_points: 100 },
    items: (f) => itemsTo(f.playerPass, 60, 50, 40),
    outcomes: (f) => [60, insufficient(f.questId, 40, 50), 40],
    paid: [2, 100],
    remaining: 0,
    books: { remaining: 0, payouts: 2, paid: 100 },
    also: async (ctx, f, payouts) => {
      const detail = await questDetail(ctx, f);
      assert.deepEqual(
        detail.payouts.map((payout) => payout.id).sort(),
        payouts.map((payout) => payout.id).sort(),
      );
      for (const payout of payouts) {
        assert.deepEqual(
          detail.payouts.find((listed) => listed.id === payout.id),
          payout,
          "the quest lists each payout exactly as the batch answered it",
        );
      }
    },
  },
  {
    title: "gives every paid item its own payout id and checksums the addresses it pays",
    arrange: async (ctx) => {
      const other = randomPass();
      await createAccount(ctx, other);
      return { other };
    },
    items: (f, { other }) => [
      { points: 1, address: f.playerPass.toLowerCase() },
      { points: 2, address: `0x${other!.slice(2).toUpperCase()}` },
      { points: 3, address: f.playerPass },
    ],
    outcomes: (_, { other }) => [1, { paid: 2, to: other! }, 3],
    paid: [3, 6],
    remaining: 994,
    also: async (_ctx, _f, _payouts, answer) => {
      assert.equal(new Set(answer.results.map((r) => r.payout!.id)).size, 3);
    },
  },
  {
    title:
      "refuses an unregistered address per item with ACCOUNT_NOT_FOUND naming its checksummed form; the other items pay",
    quest: { total_points: 100 },
    arrange: async () => ({ stranger: randomPass() }),
    items: (f, { stranger }) => [
      { points: 30, address: f.playerPass },
      { points: 30, address: stranger!.toLowerCase() },
      // The refused item spends nothing: the 70 still fit.
      { points: 70, address: f.playerPass },
    ],
    outcomes: () => [30, { refused: "ACCOUNT_NOT_FOUND", detail: /registered first/ }, 70],
    paid: [2, 100],
    books: { remaining: 0, payouts: 2, paid: 100 },
    also: async (_ctx, _f, _payouts, answer, { stranger }) => {
      assert.ok(answer.results[1]!.detail!.includes(stranger!), answer.results[1]!.detail);
    },
  },
  {
    title:
      "applies the single allocation's order of rules per item: unknown account before insufficient points",
    quest: { total_points: 10 },
    items: () => itemsTo(randomPass(), 50),
    outcomes: () => [{ refused: "ACCOUNT_NOT_FOUND" }],
    paid: [0, 0],
  },
  {
    title: "refuses every item of an ended quest with QUEST_NOT_ACTIVE, paying nothing",
    quest: ended,
    items: (f) => itemsTo(f.playerPass, 5, 6),
    outcomes: (f) => [notActive(f.questId), notActive(f.questId)],
    paid: [0, 0],
    books: { remaining: 1000, payouts: 0, paid: 0 },
  },
  {
    title: "refuses every item of a disabled quest with QUEST_NOT_ACTIVE",
    arrange: async (ctx, f) => {
      await patchQuest(ctx, f, { is_active: false });
      return {};
    },
    items: (f) => itemsTo(f.playerPass, 5),
    outcomes: () => [{ refused: "QUEST_NOT_ACTIVE" }],
    paid: [0, 0],
  },
  {
    title: "keeps points exact up to 9007199254740991 in payouts and paid_points",
    quest: { total_points: MAX },
    items: (f) => itemsTo(f.playerPass, MAX - 1, 2, 1),
    outcomes: (f) => [MAX - 1, insufficient(f.questId, 1, 2), 1],
    paid: [2, MAX],
    remaining: 0,
  },
];

/** Atomic batches with no failure: every item paid. */
const atomicPaid: DecideCase[] = [
  {
    title: "pays every item of an atomic batch that has no failure",
    atomic: true,
    quest: { total_points: 100 },
    items: (f) => itemsTo(f.playerPass, 60, 40),
    outcomes: () => [60, 40],
    paid: [2, 100],
    remaining: 0,
  },
  {
    title:
      "keeps no item key of a rejected atomic batch: a corrected retry with the same keys pays",
    atomic: true,
    quest: { total_points: 100 },
    arrange: async (ctx, f) => {
      const [k1, k2] = [newKey(), newKey()];
      const allocations = [keyed(f.playerPass, 50, k1), keyed(f.playerPass, 500, k2)];
      expectRejected(await batch(ctx, f, { atomic: true, allocations }), [
        ["allocations/1", "INSUFFICIENT_POINTS"],
      ]);
      return { k1, k2 };
    },
    items: (f, { k1, k2 }) => [keyed(f.playerPass, 50, k1!), keyed(f.playerPass, 50, k2!)],
    outcomes: () => [50, 50],
    paid: [2, 100],
    books: { remaining: 0, payouts: 2, paid: 100 },
  },
];

/** Atomic batches refused whole, naming each failed item. */
const atomicRejected: RejectCase[] = [
  {
    title: "rejects an atomic batch whose items together overspend, though each alone would fit",
    quest: { total_points: 100 },
    items: (f) => itemsTo(f.playerPass, 60, 50),
    errors: [["allocations/1", "INSUFFICIENT_POINTS"]],
    books: { remaining: 100, payouts: 0, paid: 0 },
  },
  {
    title: "rejects an atomic batch on an ended quest, naming every item with QUEST_NOT_ACTIVE",
    quest: ended,
    items: (f) => itemsTo(f.playerPass, 5, 5),
    errors: [
      ["allocations/0", "QUEST_NOT_ACTIVE"],
      ["allocations/1", "QUEST_NOT_ACTIVE"],
    ],
  },
];

describeEachDatabase("POST /quests/{questId}/allocations", (ctx) => {
  describe("deciding items", () => {
    for (const c of decided) it(c.title, () => decide(ctx(), c));

    it("refuses every item with ACTION_TYPE_INACTIVE while the quest's action type is off", async () => {
      const type = `t-${randomBytes(6).toString("hex")}`;
      const fixture = await questFixture(ctx(), { action_type: type });
      const setActive = async (active: boolean) =>
        expectStatus(await ctx().admin("PUT", `/admin/action-types/${type}`, { active }), 200);
      await setActive(false);
      const off = await sendBatch(ctx(), fixture, {
        allocations: [...itemsTo(fixture.playerPass, 5), ...itemsTo(randomPass(), 5)],
      });
      const inactive = { refused: "ACTION_TYPE_INACTIVE" };
      expectOutcomes(off, fixture.playerPass, [inactive, inactive], [0, 0]);
      await setActive(true);
      const again = await sendBatch(ctx(), fixture, {
        allocations: itemsTo(fixture.playerPass, 5),
      });
      assertPaid(again.results[0], 5, fixture.playerPass);
    });

    it("pays a batch of exactly 1000 items with the longest keys JSON escapes the most", async () => {
      const fixture = await questFixture(ctx(), { total_points: 1000 });
      const prefix = newKey();
      const allocations = Array.from({ length: 1000 }, (_, i) =>
        // `"` and `\` take two bytes each in JSON: 255 characters, ~500 bytes a key.
        keyed(fixture.playerPass, 1, `${prefix}-${String(i).padStart(4, "0")}-`.padEnd(255, '"\\')),
      );
      const body = { allocations };
      assert.ok(JSON.stringify(body).length > 512 * 1024);
      const answer = await sendBatch(ctx(), fixture, body);
      assert.equal(answer.results.length, 1000);
      assert.ok(answer.results.every((r) => r.status === 200 && r.replayed === false));
      assert.equal(answer.paid_count, 1000);
      assert.equal(answer.paid_points, 1000);
      await expectBooks(ctx().db, fixture.questId, { remaining: 0, payouts: 1000, paid: 1000 });
    });
  });

  describe("atomic", () => {
    it("rejects the whole batch with 400 BATCH_REJECTED naming each failed item and its code; nothing is paid", async () => {
      const fixture = await questFixture(ctx(), { total_points: 1000 });
      const stranger = randomPass();
      const earlier = await allocate(ctx(), fixture, {
        points: 100,
        address: fixture.playerPass,
      });
      expectStatus(earlier, 200);
      const before = await questDetail(ctx(), fixture);
      const response = await batch(ctx(), fixture, {
        atomic: true,
        allocations: [
          ...itemsTo(fixture.playerPass, 10),
          ...itemsTo(stranger, 10),
          ...itemsTo(fixture.playerPass, 10, 2000),
        ],
      });
      const problem = expectRejected(response, [
        ["allocations/1", "ACCOUNT_NOT_FOUND"],
        ["allocations/3", "INSUFFICIENT_POINTS"],
      ]);
      const pointsDetail = `Quest ${fixture.questId} has 880 points left; 2000 were requested.`;
      assert.deepEqual(Object.keys(problem.errors[0]).sort(), ["code", "field", "message"]);
      assert.ok(problem.errors[0].message.startsWith("ACCOUNT_NOT_FOUND: "), response.body);
      assert.ok(problem.errors[0].message.includes(stranger), "the message names the address");
      assert.equal(problem.errors[1].message, `INSUFFICIENT_POINTS: ${pointsDetail}`);
      const after = await questDetail(ctx(), fixture);
      assert.equal(after.points_remaining, 900);
      assert.deepEqual(after.payouts, before.payouts);
      await expectBooks(ctx().db, fixture.questId, { remaining: 900, payouts: 1, paid: 100 });
    });

    for (const c of atomicPaid) it(c.title, () => decide(ctx(), c));
    for (const c of atomicRejected) it(c.title, () => rejectAtomic(ctx(), c));

    it("does not fail an atomic batch for a replayed item", async () => {
      const fixture = await questFixture(ctx());
      const item = keyed(fixture.playerPass, 10, newKey());
      const first = await sendBatch(ctx(), fixture, { allocations: [item] });
      const original = assertPaid(first.results[0], 10, fixture.playerPass);
      const answer = await sendBatch(ctx(), fixture, {
        atomic: true,
        allocations: [item, ...itemsTo(fixture.playerPass, 20)],
      });
      assertReplayed(answer.results[0], original);
      assertPaid(answer.results[1], 20, fixture.playerPass);
      assert.equal(answer.paid_count, 1);
      assert.equal(answer.paid_points, 20);
      await expectBooks(ctx().db, fixture.questId, { remaining: 970, payouts: 2, paid: 30 });
    });
  });
});
