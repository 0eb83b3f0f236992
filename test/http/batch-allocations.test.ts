import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { before, describe, it } from "node:test";
import type { LightMyRequestResponse } from "fastify";
import {
  allocate,
  createAccount,
  createQuest,
  DATABASES,
  expectProblem,
  expectStatus,
  issueKey,
  type QuestFixture,
  type QuestOptions,
  questFixture,
  randomPass,
  type TestContext,
  withContext,
} from "../helpers/app.js";
import { books, expectBooks } from "../helpers/books.js";

const REPLAYED = "idempotent-replayed";
const ISO_MS_Z = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A pass address with an invalid EIP-55 checksum (the contract's vector with one case flipped). */
const BAD_CHECKSUM = "0xfFFFFFff00000000000000000000000000000001";

interface Payout {
  id: string;
  amount: number;
  created_at: string;
  account: { pass: string };
}
interface ItemResult {
  status: number;
  payout?: Payout;
  replayed?: boolean;
  code?: string;
  detail?: string;
}
interface BatchAnswer {
  results: ItemResult[];
  paid_count: number;
  paid_points: number;
}
interface Item {
  points: unknown;
  address: unknown;
  idempotency_key?: unknown;
}

type Owner = { apiKey: string; questId: number };

function newKey(): string {
  return `item-${randomBytes(8).toString("hex")}`;
}

function batch(
  ctx: TestContext,
  owner: Owner,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return ctx.inject({
    method: "POST",
    url: `/quests/${owner.questId}/allocations`,
    headers: { "x-api-key": owner.apiKey, ...headers },
    payload: body as object,
  });
}

/** A 200 batch answer, every result checked for one of the two shapes the contract allows. */
function batchAnswer(response: LightMyRequestResponse): BatchAnswer {
  expectStatus(response, 200);
  assert.match(String(response.headers["content-type"]), /^application\/json/);
  const body = response.json() as BatchAnswer;
  assert.deepEqual(Object.keys(body).sort(), ["paid_count", "paid_points", "results"]);
  for (const result of body.results) {
    if (result.status === 200) {
      assert.deepEqual(Object.keys(result).sort(), ["payout", "replayed", "status"]);
      assert.equal(typeof result.replayed, "boolean");
      const payout = result.payout!;
      assert.deepEqual(Object.keys(payout).sort(), ["account", "amount", "created_at", "id"]);
      assert.deepEqual(Object.keys(payout.account), ["pass"]);
      assert.ok(typeof payout.id === "string" && payout.id.length > 0);
      assert.match(payout.created_at, ISO_MS_Z);
    } else {
      assert.deepEqual(Object.keys(result).sort(), ["code", "detail", "status"], response.body);
      assert.ok(typeof result.detail === "string" && result.detail.length > 0);
    }
  }
  return body;
}

async function sendBatch(
  ctx: TestContext,
  owner: Owner,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<BatchAnswer> {
  return batchAnswer(await batch(ctx, owner, body, headers));
}

/** Asserts a freshly paid item (not a replay) and returns its payout. */
function assertPaid(result: ItemResult | undefined, amount: number, pass: string): Payout {
  assert.ok(result, "missing result");
  assert.equal(result.status, 200, JSON.stringify(result));
  assert.equal(result.replayed, false);
  assert.equal(result.payout!.amount, amount);
  assert.equal(result.payout!.account.pass, pass);
  return result.payout!;
}

function assertRefused(
  result: ItemResult | undefined,
  status: number,
  code: string,
  detail?: string | RegExp,
) {
  assert.ok(result, "missing result");
  assert.equal(result.status, status, JSON.stringify(result));
  assert.equal(result.code, code, JSON.stringify(result));
  if (typeof detail === "string") assert.equal(result.detail, detail);
  else if (detail) assert.match(result.detail!, detail);
}

function assertReplayOf(replay: LightMyRequestResponse, first: LightMyRequestResponse) {
  assert.equal(replay.statusCode, first.statusCode, replay.body);
  assert.equal(replay.headers[REPLAYED], "true");
  assert.deepEqual(replay.json(), first.json());
}

async function questDetail(ctx: TestContext, owner: Owner) {
  const response = await ctx.inject({
    method: "GET",
    url: `/quests/${owner.questId}?limit=100`,
    headers: { "x-api-key": owner.apiKey },
  });
  expectStatus(response, 200);
  return response.json() as { points_remaining: number; total_points: number; payouts: Payout[] };
}

async function questOf(
  ctx: TestContext,
  fixture: QuestFixture,
  options: QuestOptions,
): Promise<QuestFixture> {
  return { ...fixture, questId: await createQuest(ctx, fixture.ownerPass, options) };
}

const ended = () => ({
  start: new Date(Date.now() - 2 * DAY_MS).toISOString(),
  end: new Date(Date.now() - DAY_MS).toISOString(),
});

for (const kind of DATABASES) {
  describe(`POST /quests/{questId}/allocations [${kind}]`, () => {
    const ctx = withContext(kind);

    describe("deciding items", () => {
      it("decides items in order against the running remainder: 60, 50, 40 of 100 → paid, INSUFFICIENT_POINTS, paid", async () => {
        const fixture = await questFixture(ctx(), { total_points: 100 });
        const p = fixture.playerPass;
        const answer = await sendBatch(ctx(), fixture, {
          allocations: [
            { points: 60, address: p },
            { points: 50, address: p },
            { points: 40, address: p },
          ],
        });
        assert.equal(answer.results.length, 3);
        const first = assertPaid(answer.results[0], 60, p);
        assertRefused(
          answer.results[1],
          400,
          "INSUFFICIENT_POINTS",
          `Quest ${fixture.questId} has 40 points left; 50 were requested.`,
        );
        const third = assertPaid(answer.results[2], 40, p);
        assert.equal(answer.paid_count, 2);
        assert.equal(answer.paid_points, 100);
        const detail = await questDetail(ctx(), fixture);
        assert.equal(detail.points_remaining, 0);
        assert.deepEqual(
          detail.payouts.map((payout) => payout.id).sort(),
          [first.id, third.id].sort(),
        );
        for (const payout of [first, third]) {
          assert.deepEqual(
            detail.payouts.find((listed) => listed.id === payout.id),
            payout,
            "the quest lists each payout exactly as the batch answered it",
          );
        }
        await expectBooks(ctx().db, fixture.questId, {
          remaining: 0,
          payouts: 2,
          paid: 100,
        });
      });

      it("gives every paid item its own payout id and checksums the addresses it pays", async () => {
        const fixture = await questFixture(ctx());
        const other = randomPass();
        await createAccount(ctx(), other);
        const answer = await sendBatch(ctx(), fixture, {
          allocations: [
            { points: 1, address: fixture.playerPass.toLowerCase() },
            { points: 2, address: `0x${other.slice(2).toUpperCase()}` },
            { points: 3, address: fixture.playerPass },
          ],
        });
        assertPaid(answer.results[0], 1, fixture.playerPass);
        assertPaid(answer.results[1], 2, other);
        assertPaid(answer.results[2], 3, fixture.playerPass);
        assert.equal(new Set(answer.results.map((r) => r.payout!.id)).size, 3);
        assert.equal(answer.paid_count, 3);
        assert.equal(answer.paid_points, 6);
        assert.equal((await questDetail(ctx(), fixture)).points_remaining, 994);
      });

      it("refuses an unregistered address per item with ACCOUNT_NOT_FOUND naming its checksummed form; the other items pay", async () => {
        const fixture = await questFixture(ctx(), { total_points: 100 });
        const stranger = randomPass();
        const answer = await sendBatch(ctx(), fixture, {
          allocations: [
            { points: 30, address: fixture.playerPass },
            { points: 30, address: stranger.toLowerCase() },
            { points: 70, address: fixture.playerPass },
          ],
        });
        assertPaid(answer.results[0], 30, fixture.playerPass);
        assertRefused(answer.results[1], 400, "ACCOUNT_NOT_FOUND");
        assert.ok(answer.results[1]!.detail!.includes(stranger), answer.results[1]!.detail);
        assert.match(answer.results[1]!.detail!, /registered first/);
        // The refused item spent nothing: the 70 still fit.
        assertPaid(answer.results[2], 70, fixture.playerPass);
        assert.equal(answer.paid_count, 2);
        assert.equal(answer.paid_points, 100);
        await expectBooks(ctx().db, fixture.questId, {
          remaining: 0,
          payouts: 2,
          paid: 100,
        });
      });

      it("applies the single allocation's order of rules per item: unknown account before insufficient points", async () => {
        const fixture = await questFixture(ctx(), { total_points: 10 });
        const answer = await sendBatch(ctx(), fixture, {
          allocations: [{ points: 50, address: randomPass() }],
        });
        assertRefused(answer.results[0], 400, "ACCOUNT_NOT_FOUND");
        assert.equal(answer.paid_count, 0);
        assert.equal(answer.paid_points, 0);
      });

      it("refuses every item of an ended quest with QUEST_NOT_ACTIVE, paying nothing", async () => {
        const fixture = await questFixture(ctx(), ended());
        const answer = await sendBatch(ctx(), fixture, {
          allocations: [
            { points: 5, address: fixture.playerPass },
            { points: 6, address: fixture.playerPass },
          ],
        });
        for (const result of answer.results) {
          assertRefused(result, 400, "QUEST_NOT_ACTIVE", new RegExp(`Quest ${fixture.questId}`));
        }
        assert.equal(answer.paid_count, 0);
        assert.equal(answer.paid_points, 0);
        await expectBooks(ctx().db, fixture.questId, {
          remaining: 1000,
          payouts: 0,
          paid: 0,
        });
      });

      it("refuses every item of a disabled quest with QUEST_NOT_ACTIVE", async () => {
        const fixture = await questFixture(ctx());
        expectStatus(
          await ctx().admin("PATCH", `/admin/quests/${fixture.questId}`, { is_active: false }),
          200,
        );
        const answer = await sendBatch(ctx(), fixture, {
          allocations: [{ points: 5, address: fixture.playerPass }],
        });
        assertRefused(answer.results[0], 400, "QUEST_NOT_ACTIVE");
        assert.equal(answer.paid_count, 0);
      });

      it("refuses every item with ACTION_TYPE_INACTIVE while the quest's action type is off", async () => {
        const type = `t-${randomBytes(6).toString("hex")}`;
        const fixture = await questFixture(ctx(), { action_type: type });
        expectStatus(
          await ctx().admin("PUT", `/admin/action-types/${type}`, { active: false }),
          200,
        );
        const answer = await sendBatch(ctx(), fixture, {
          allocations: [
            { points: 5, address: fixture.playerPass },
            { points: 5, address: randomPass() },
          ],
        });
        for (const result of answer.results) assertRefused(result, 400, "ACTION_TYPE_INACTIVE");
        expectStatus(
          await ctx().admin("PUT", `/admin/action-types/${type}`, { active: true }),
          200,
        );
        const again = await sendBatch(ctx(), fixture, {
          allocations: [{ points: 5, address: fixture.playerPass }],
        });
        assertPaid(again.results[0], 5, fixture.playerPass);
      });

      it("keeps points exact up to 9007199254740991 in payouts and paid_points", async () => {
        const max = 9007199254740991;
        const fixture = await questFixture(ctx(), { total_points: max });
        const answer = await sendBatch(ctx(), fixture, {
          allocations: [
            { points: max - 1, address: fixture.playerPass },
            { points: 2, address: fixture.playerPass },
            { points: 1, address: fixture.playerPass },
          ],
        });
        assertPaid(answer.results[0], max - 1, fixture.playerPass);
        assertRefused(
          answer.results[1],
          400,
          "INSUFFICIENT_POINTS",
          `Quest ${fixture.questId} has 1 points left; 2 were requested.`,
        );
        assertPaid(answer.results[2], 1, fixture.playerPass);
        assert.equal(answer.paid_points, max);
        assert.equal((await questDetail(ctx(), fixture)).points_remaining, 0);
      });

      it("pays a batch of exactly 1000 items with the longest keys JSON escapes the most", async () => {
        const fixture = await questFixture(ctx(), { total_points: 1000 });
        const prefix = newKey();
        const allocations = Array.from({ length: 1000 }, (_, i) => {
          const key = `${prefix}-${String(i).padStart(4, "0")}-`;
          // `"` and `\` take two bytes each in JSON: 255 characters, ~500 bytes a key.
          return {
            points: 1,
            address: fixture.playerPass,
            idempotency_key: key.padEnd(255, '"\\'),
          };
        });
        const body = { allocations };
        assert.ok(JSON.stringify(body).length > 512 * 1024);
        const answer = await sendBatch(ctx(), fixture, body);
        assert.equal(answer.results.length, 1000);
        assert.ok(answer.results.every((r) => r.status === 200 && r.replayed === false));
        assert.equal(answer.paid_count, 1000);
        assert.equal(answer.paid_points, 1000);
        await expectBooks(ctx().db, fixture.questId, {
          remaining: 0,
          payouts: 1000,
          paid: 1000,
        });
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
            { points: 10, address: fixture.playerPass },
            { points: 10, address: stranger },
            { points: 10, address: fixture.playerPass },
            { points: 2000, address: fixture.playerPass },
          ],
        });
        const problem = expectProblem(response, 400, "BATCH_REJECTED");
        const pointsDetail = `Quest ${fixture.questId} has 880 points left; 2000 were requested.`;
        assert.ok(Array.isArray(problem.errors), response.body);
        assert.equal(problem.errors.length, 2, response.body);
        assert.deepEqual(Object.keys(problem.errors[0]).sort(), ["code", "field", "message"]);
        assert.equal(problem.errors[0].field, "allocations/1");
        assert.equal(problem.errors[0].code, "ACCOUNT_NOT_FOUND");
        assert.ok(problem.errors[0].message.startsWith("ACCOUNT_NOT_FOUND: "), response.body);
        assert.ok(problem.errors[0].message.includes(stranger), "the message names the address");
        assert.equal(problem.errors[1].field, "allocations/3");
        assert.equal(problem.errors[1].code, "INSUFFICIENT_POINTS");
        assert.equal(problem.errors[1].message, `INSUFFICIENT_POINTS: ${pointsDetail}`);
        const after = await questDetail(ctx(), fixture);
        assert.equal(after.points_remaining, 900);
        assert.deepEqual(after.payouts, before.payouts);
        await expectBooks(ctx().db, fixture.questId, {
          remaining: 900,
          payouts: 1,
          paid: 100,
        });
      });

      it("pays every item of an atomic batch that has no failure", async () => {
        const fixture = await questFixture(ctx(), { total_points: 100 });
        const answer = await sendBatch(ctx(), fixture, {
          atomic: true,
          allocations: [
            { points: 60, address: fixture.playerPass },
            { points: 40, address: fixture.playerPass },
          ],
        });
        assertPaid(answer.results[0], 60, fixture.playerPass);
        assertPaid(answer.results[1], 40, fixture.playerPass);
        assert.equal(answer.paid_count, 2);
        assert.equal(answer.paid_points, 100);
        assert.equal((await questDetail(ctx(), fixture)).points_remaining, 0);
      });

      it("rejects an atomic batch whose items together overspend, though each alone would fit", async () => {
        const fixture = await questFixture(ctx(), { total_points: 100 });
        const response = await batch(ctx(), fixture, {
          atomic: true,
          allocations: [
            { points: 60, address: fixture.playerPass },
            { points: 50, address: fixture.playerPass },
          ],
        });
        const problem = expectProblem(response, 400, "BATCH_REJECTED");
        assert.deepEqual(
          problem.errors.map((e: { field: string; code: string }) => [e.field, e.code]),
          [["allocations/1", "INSUFFICIENT_POINTS"]],
        );
        await expectBooks(ctx().db, fixture.questId, {
          remaining: 100,
          payouts: 0,
          paid: 0,
        });
      });

      it("rejects an atomic batch on an ended quest, naming every item with QUEST_NOT_ACTIVE", async () => {
        const fixture = await questFixture(ctx(), ended());
        const response = await batch(ctx(), fixture, {
          atomic: true,
          allocations: [
            { points: 5, address: fixture.playerPass },
            { points: 5, address: fixture.playerPass },
          ],
        });
        const problem = expectProblem(response, 400, "BATCH_REJECTED");
        assert.deepEqual(
          problem.errors.map((e: { field: string; code: string }) => [e.field, e.code]),
          [
            ["allocations/0", "QUEST_NOT_ACTIVE"],
            ["allocations/1", "QUEST_NOT_ACTIVE"],
          ],
        );
      });

      it("keeps no item key of a rejected atomic batch: a corrected retry with the same keys pays", async () => {
        const fixture = await questFixture(ctx(), { total_points: 100 });
        const [k1, k2] = [newKey(), newKey()];
        expectProblem(
          await batch(ctx(), fixture, {
            atomic: true,
            allocations: [
              { points: 50, address: fixture.playerPass, idempotency_key: k1 },
              { points: 500, address: fixture.playerPass, idempotency_key: k2 },
            ],
          }),
          400,
          "BATCH_REJECTED",
        );
        const answer = await sendBatch(ctx(), fixture, {
          atomic: true,
          allocations: [
            { points: 50, address: fixture.playerPass, idempotency_key: k1 },
            { points: 50, address: fixture.playerPass, idempotency_key: k2 },
          ],
        });
        assertPaid(answer.results[0], 50, fixture.playerPass);
        assertPaid(answer.results[1], 50, fixture.playerPass);
        assert.equal(answer.paid_count, 2);
        await expectBooks(ctx().db, fixture.questId, {
          remaining: 0,
          payouts: 2,
          paid: 100,
        });
      });

      it("does not fail an atomic batch for a replayed item", async () => {
        const fixture = await questFixture(ctx());
        const key = newKey();
        const item = { points: 10, address: fixture.playerPass, idempotency_key: key };
        const first = await sendBatch(ctx(), fixture, { allocations: [item] });
        const original = assertPaid(first.results[0], 10, fixture.playerPass);
        const answer = await sendBatch(ctx(), fixture, {
          atomic: true,
          allocations: [item, { points: 20, address: fixture.playerPass }],
        });
        assert.equal(answer.results[0]!.status, 200);
        assert.equal(answer.results[0]!.replayed, true);
        assert.deepEqual(answer.results[0]!.payout, original);
        assertPaid(answer.results[1], 20, fixture.playerPass);
        assert.equal(answer.paid_count, 1);
        assert.equal(answer.paid_points, 20);
        await expectBooks(ctx().db, fixture.questId, {
          remaining: 970,
          payouts: 2,
          paid: 30,
        });
      });
    });

    describe("body validation", () => {
      let shared: QuestFixture;
      before(async () => {
        shared = await questFixture(ctx());
      });

      /** Sends a body that must be refused with 400 naming `field`, and checks nothing was paid. */
      async function refusesNaming(body: unknown, field: string) {
        const response = await batch(ctx(), shared, body);
        expectProblem(response, 400, "BAD_REQUEST", field);
        await expectBooks(ctx().db, shared.questId, {
          remaining: 1000,
          payouts: 0,
          paid: 0,
        });
        return response;
      }

      const good = (): Item => ({ points: 5, address: shared.playerPass });

      const pointsCases: [string, unknown][] = [
        ["zero", 0],
        ["a fraction", 1.5],
        ["a string", "5"],
        ["negative", -1],
        ["above 9007199254740991", 9007199254740992],
        ["null", null],
      ];
      for (const [label, points] of pointsCases) {
        it(`refuses an item whose points is ${label}, naming allocations/N/points; earlier good items are not paid`, async () => {
          await refusesNaming(
            { allocations: [good(), good(), { ...good(), points }] },
            "allocations/2/points",
          );
        });
      }

      const addressCases: [string, unknown][] = [
        ["too short", "0x1234"],
        ["with a wrong EIP-55 checksum", BAD_CHECKSUM],
        ["a number", 12345],
      ];
      for (const [label, address] of addressCases) {
        it(`refuses an item whose address is ${label}, naming allocations/N/address`, async () => {
          await refusesNaming({ allocations: [{ ...good(), address }] }, "allocations/0/address");
        });
      }

      it("refuses items missing points or address, naming each", async () => {
        const response = await refusesNaming(
          { allocations: [good(), { address: shared.playerPass }, { points: 5 }] },
          "allocations/1/points",
        );
        expectProblem(response, 400, "BAD_REQUEST", "allocations/2/address");
      });

      it("refuses an unknown item field such as `point`, naming it", async () => {
        await refusesNaming(
          { allocations: [good(), { ...good(), point: 5 }] },
          "allocations/1/point",
        );
      });

      it("refuses an unknown top-level field such as `atomc`", async () => {
        await refusesNaming({ allocations: [good()], atomc: true }, "atomc");
      });

      it("refuses a non-boolean atomic, naming it", async () => {
        await refusesNaming({ allocations: [good()], atomic: "yes" }, "atomic");
      });

      it("refuses an empty allocations array, naming allocations", async () => {
        await refusesNaming({ allocations: [] }, "allocations");
      });

      it("refuses a missing allocations, naming it", async () => {
        await refusesNaming({ atomic: true }, "allocations");
      });

      it("refuses 1001 items, naming allocations", async () => {
        const allocations = Array.from({ length: 1001 }, () => good());
        await refusesNaming({ allocations }, "allocations");
      });

      it("refuses a body above 1 MiB with 413 PAYLOAD_TOO_LARGE", async () => {
        const response = await batch(ctx(), shared, {
          allocations: [{ points: 5, address: "x".repeat(1100 * 1024) }],
        });
        expectProblem(response, 413, "PAYLOAD_TOO_LARGE");
      });

      const keyCases: [string, string][] = [
        ["256 characters", "k".repeat(256)],
        ["an empty value", ""],
        ["a control character", "order\u00011"],
        ["a non-ASCII character", "ordré-1"],
      ];
      for (const [label, key] of keyCases) {
        it(`refuses an item idempotency_key with ${label}, naming allocations/N/idempotency_key`, async () => {
          await refusesNaming(
            { allocations: [good(), { ...good(), idempotency_key: key }] },
            "allocations/1/idempotency_key",
          );
        });
      }

      it("refuses two items with the same idempotency_key, naming the later one", async () => {
        const key = newKey();
        await refusesNaming(
          {
            allocations: [
              { ...good(), idempotency_key: key },
              { ...good(), idempotency_key: newKey() },
              { ...good(), idempotency_key: key },
            ],
          },
          "allocations/2/idempotency_key",
        );
      });

      it("refuses an item idempotency_key equal to the request's Idempotency-Key, naming the item", async () => {
        const key = newKey();
        const response = await batch(
          ctx(),
          shared,
          { allocations: [good(), { ...good(), idempotency_key: key }] },
          { "idempotency-key": key },
        );
        expectProblem(response, 400, "BAD_REQUEST", "allocations/1/idempotency_key");
        assert.equal((await books(ctx().db, shared.questId)).payouts, 0);
      });

      it("refuses malformed JSON with 400 BAD_REQUEST", async () => {
        const response = await ctx().inject({
          method: "POST",
          url: `/quests/${shared.questId}/allocations`,
          headers: { "x-api-key": shared.apiKey, "content-type": "application/json" },
          payload: '{"allocations": [',
        });
        expectProblem(response, 400, "BAD_REQUEST");
      });
    });

    describe("item idempotency keys", () => {
      it("replays a whole batch sent twice: every item replayed: true, paid_count 0, nothing paid twice", async () => {
        const fixture = await questFixture(ctx());
        const body = {
          allocations: [10, 20, 30].map((points) => ({
            points,
            address: fixture.playerPass,
            idempotency_key: newKey(),
          })),
        };
        const first = await sendBatch(ctx(), fixture, body);
        assert.equal(first.paid_count, 3);
        assert.equal(first.paid_points, 60);
        const second = await sendBatch(ctx(), fixture, body);
        assert.equal(second.paid_count, 0);
        assert.equal(second.paid_points, 0);
        second.results.forEach((result, i) => {
          assert.equal(result.status, 200);
          assert.equal(result.replayed, true);
          assert.deepEqual(result.payout, first.results[i]!.payout);
        });
        await expectBooks(ctx().db, fixture.questId, {
          remaining: 940,
          payouts: 3,
          paid: 60,
        });
      });

      it("replays the items it knows and pays the new ones in a mixed batch", async () => {
        const fixture = await questFixture(ctx());
        const known = { points: 10, address: fixture.playerPass, idempotency_key: newKey() };
        const first = await sendBatch(ctx(), fixture, { allocations: [known] });
        const answer = await sendBatch(ctx(), fixture, {
          allocations: [
            { points: 7, address: fixture.playerPass, idempotency_key: newKey() },
            known,
            { points: 3, address: fixture.playerPass },
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

      it("replays an item's refusal: INSUFFICIENT_POINTS stays its answer after the budget is raised", async () => {
        const fixture = await questFixture(ctx(), { total_points: 100 });
        const item = { points: 150, address: fixture.playerPass, idempotency_key: newKey() };
        const first = await sendBatch(ctx(), fixture, { allocations: [item] });
        assertRefused(
          first.results[0],
          400,
          "INSUFFICIENT_POINTS",
          `Quest ${fixture.questId} has 100 points left; 150 were requested.`,
        );
        expectStatus(
          await ctx().admin("PATCH", `/admin/quests/${fixture.questId}`, { total_points: 1000 }),
          200,
        );
        const again = await sendBatch(ctx(), fixture, { allocations: [item] });
        assert.deepEqual(again.results[0], first.results[0]);
        assert.equal(again.paid_count, 0);
        await expectBooks(ctx().db, fixture.questId, {
          remaining: 1000,
          payouts: 0,
          paid: 0,
        });
      });

      it("refuses an item key reused with other points with an item 422 IDEMPOTENCY_KEY_REUSED; the rest still pay", async () => {
        const fixture = await questFixture(ctx());
        const key = newKey();
        await sendBatch(ctx(), fixture, {
          allocations: [{ points: 10, address: fixture.playerPass, idempotency_key: key }],
        });
        const answer = await sendBatch(ctx(), fixture, {
          allocations: [
            { points: 11, address: fixture.playerPass, idempotency_key: key },
            { points: 5, address: fixture.playerPass },
          ],
        });
        assertRefused(answer.results[0], 422, "IDEMPOTENCY_KEY_REUSED");
        assertPaid(answer.results[1], 5, fixture.playerPass);
        assert.equal(answer.paid_count, 1);
        await expectBooks(ctx().db, fixture.questId, {
          remaining: 985,
          payouts: 2,
          paid: 15,
        });
      });

      it("refuses an item key reused on another quest of the same owner with an item 422", async () => {
        const fixture = await questFixture(ctx());
        const other = await questOf(ctx(), fixture, {});
        const item = { points: 10, address: fixture.playerPass, idempotency_key: newKey() };
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
          { "idempotency-key": key },
        );
        expectStatus(single, 200);
        const answer = await sendBatch(ctx(), fixture, {
          allocations: [{ points: 25, address: fixture.playerPass, idempotency_key: key }],
        });
        assert.equal(answer.results[0]!.status, 200);
        assert.equal(answer.results[0]!.replayed, true);
        assert.deepEqual(answer.results[0]!.payout, single.json().payout);
        assert.equal(answer.paid_count, 0);
        const reused = await sendBatch(ctx(), fixture, {
          allocations: [{ points: 26, address: fixture.playerPass, idempotency_key: key }],
        });
        assertRefused(reused.results[0], 422, "IDEMPOTENCY_KEY_REUSED");
        await expectBooks(ctx().db, fixture.questId, {
          remaining: 975,
          payouts: 1,
          paid: 25,
        });
      });

      it("shares the namespace the other way: a single allocation replays a batch item", async () => {
        const fixture = await questFixture(ctx());
        const key = newKey();
        const answer = await sendBatch(ctx(), fixture, {
          allocations: [{ points: 25, address: fixture.playerPass, idempotency_key: key }],
        });
        const payout = assertPaid(answer.results[0], 25, fixture.playerPass);
        const single = await allocate(
          ctx(),
          fixture,
          { points: 25, address: fixture.playerPass },
          { "idempotency-key": key },
        );
        expectStatus(single, 200);
        assert.equal(single.headers[REPLAYED], "true");
        assert.deepEqual(single.json(), { payout });
        expectProblem(
          await allocate(
            ctx(),
            fixture,
            { points: 24, address: fixture.playerPass },
            { "idempotency-key": key },
          ),
          422,
          "IDEMPOTENCY_KEY_REUSED",
        );
        await expectBooks(ctx().db, fixture.questId, {
          remaining: 975,
          payouts: 1,
          paid: 25,
        });
      });

      it("replays an item even after the quest was disabled", async () => {
        const fixture = await questFixture(ctx());
        const item = { points: 10, address: fixture.playerPass, idempotency_key: newKey() };
        const first = await sendBatch(ctx(), fixture, { allocations: [item] });
        const payout = assertPaid(first.results[0], 10, fixture.playerPass);
        expectStatus(
          await ctx().admin("PATCH", `/admin/quests/${fixture.questId}`, { is_active: false }),
          200,
        );
        const again = await sendBatch(ctx(), fixture, {
          allocations: [item, { points: 5, address: fixture.playerPass }],
        });
        assert.equal(again.results[0]!.replayed, true);
        assert.deepEqual(again.results[0]!.payout, payout);
        assertRefused(again.results[1], 400, "QUEST_NOT_ACTIVE");
        assert.equal(again.paid_count, 0);
        await expectBooks(ctx().db, fixture.questId, {
          remaining: 990,
          payouts: 1,
          paid: 10,
        });
      });

      it("rejects an atomic batch with BATCH_REJECTED when an item key was reused with other points", async () => {
        const fixture = await questFixture(ctx());
        const key = newKey();
        await sendBatch(ctx(), fixture, {
          allocations: [{ points: 10, address: fixture.playerPass, idempotency_key: key }],
        });
        const response = await batch(ctx(), fixture, {
          atomic: true,
          allocations: [
            { points: 5, address: fixture.playerPass },
            { points: 12, address: fixture.playerPass, idempotency_key: key },
          ],
        });
        const problem = expectProblem(response, 400, "BATCH_REJECTED");
        assert.deepEqual(
          problem.errors.map((e: { field: string; code: string }) => [e.field, e.code]),
          [["allocations/1", "IDEMPOTENCY_KEY_REUSED"]],
        );
        await expectBooks(ctx().db, fixture.questId, {
          remaining: 990,
          payouts: 1,
          paid: 10,
        });
      });

      it("scopes item keys to the owner's account: another owner uses the same key independently", async () => {
        const alice = await questFixture(ctx());
        const bob = await questFixture(ctx());
        const key = newKey();
        const forAlice = await sendBatch(ctx(), alice, {
          allocations: [{ points: 10, address: alice.playerPass, idempotency_key: key }],
        });
        const forBob = await sendBatch(ctx(), bob, {
          allocations: [{ points: 10, address: bob.playerPass, idempotency_key: key }],
        });
        assertPaid(forAlice.results[0], 10, alice.playerPass);
        assertPaid(forBob.results[0], 10, bob.playerPass);
      });
    });

    describe("request Idempotency-Key", () => {
      it("replays the whole answer with Idempotent-Replayed: true, paying once", async () => {
        const fixture = await questFixture(ctx(), { total_points: 100 });
        const key = newKey();
        const body = {
          allocations: [
            { points: 60, address: fixture.playerPass },
            { points: 60, address: fixture.playerPass },
          ],
        };
        const first = await batch(ctx(), fixture, body, { "idempotency-key": key });
        const answer = batchAnswer(first);
        assert.equal(first.headers[REPLAYED], undefined);
        assert.equal(answer.paid_count, 1);
        const replay = await batch(ctx(), fixture, body, { "idempotency-key": key });
        assertReplayOf(replay, first);
        await expectBooks(ctx().db, fixture.questId, {
          remaining: 40,
          payouts: 1,
          paid: 60,
        });
      });

      it("replays a stored BATCH_REJECTED, even once the batch would now pass", async () => {
        const fixture = await questFixture(ctx(), { total_points: 100 });
        const key = newKey();
        const body = {
          atomic: true,
          allocations: [{ points: 150, address: fixture.playerPass }],
        };
        const first = await batch(ctx(), fixture, body, { "idempotency-key": key });
        expectProblem(first, 400, "BATCH_REJECTED");
        expectStatus(
          await ctx().admin("PATCH", `/admin/quests/${fixture.questId}`, { total_points: 1000 }),
          200,
        );
        const replay = await batch(ctx(), fixture, body, { "idempotency-key": key });
        assertReplayOf(replay, first);
        await expectBooks(ctx().db, fixture.questId, {
          remaining: 1000,
          payouts: 0,
          paid: 0,
        });
      });

      it("refuses the same key with a different body with 422 IDEMPOTENCY_KEY_REUSED", async () => {
        const fixture = await questFixture(ctx());
        const key = newKey();
        const body = { allocations: [{ points: 10, address: fixture.playerPass }] };
        expectStatus(await batch(ctx(), fixture, body, { "idempotency-key": key }), 200);
        const reused = await batch(
          ctx(),
          fixture,
          { allocations: [{ points: 11, address: fixture.playerPass }] },
          { "idempotency-key": key },
        );
        expectProblem(reused, 422, "IDEMPOTENCY_KEY_REUSED");
        assert.equal(reused.headers[REPLAYED], undefined);
        const atomic = await batch(
          ctx(),
          fixture,
          { ...body, atomic: true },
          {
            "idempotency-key": key,
          },
        );
        expectProblem(atomic, 422, "IDEMPOTENCY_KEY_REUSED");
        await expectBooks(ctx().db, fixture.questId, {
          remaining: 990,
          payouts: 1,
          paid: 10,
        });
      });

      it("refuses the same key and body on another quest with 422 IDEMPOTENCY_KEY_REUSED", async () => {
        const fixture = await questFixture(ctx());
        const other = await questOf(ctx(), fixture, {});
        const key = newKey();
        const body = { allocations: [{ points: 10, address: fixture.playerPass }] };
        expectStatus(await batch(ctx(), fixture, body, { "idempotency-key": key }), 200);
        expectProblem(
          await batch(ctx(), other, body, { "idempotency-key": key }),
          422,
          "IDEMPOTENCY_KEY_REUSED",
        );
        assert.equal((await books(ctx().db, other.questId)).payouts, 0);
      });

      it("refuses a batch's request key on a single allocation, and a single's key on a batch, with 422", async () => {
        const fixture = await questFixture(ctx());
        const single = { points: 10, address: fixture.playerPass };
        const body = { allocations: [single] };
        const batchKey = newKey();
        expectStatus(await batch(ctx(), fixture, body, { "idempotency-key": batchKey }), 200);
        expectProblem(
          await allocate(ctx(), fixture, single, { "idempotency-key": batchKey }),
          422,
          "IDEMPOTENCY_KEY_REUSED",
        );
        const singleKey = newKey();
        expectStatus(await allocate(ctx(), fixture, single, { "idempotency-key": singleKey }), 200);
        expectProblem(
          await batch(ctx(), fixture, body, { "idempotency-key": singleKey }),
          422,
          "IDEMPOTENCY_KEY_REUSED",
        );
        await expectBooks(ctx().db, fixture.questId, {
          remaining: 980,
          payouts: 2,
          paid: 20,
        });
      });

      it("refuses a malformed Idempotency-Key with 400 BAD_REQUEST", async () => {
        const fixture = await questFixture(ctx());
        const response = await batch(
          ctx(),
          fixture,
          { allocations: [{ points: 10, address: fixture.playerPass }] },
          { "idempotency-key": "k".repeat(256) },
        );
        expectProblem(response, 400, "BAD_REQUEST");
        assert.equal((await books(ctx().db, fixture.questId)).payouts, 0);
      });
    });

    describe("order of checks (steps 1-6)", () => {
      it("answers 400 QUESTS_DISABLED while quests are switched off, before the key is looked at", async () => {
        const fixture = await questFixture(ctx());
        const body = { allocations: [{ points: 5, address: fixture.playerPass }] };
        expectStatus(await ctx().admin("PUT", "/admin/features", { quests: false }), 200);
        try {
          expectProblem(await batch(ctx(), fixture, body), 400, "QUESTS_DISABLED");
          expectProblem(
            await batch(ctx(), { ...fixture, apiKey: "sk_nope" }, body),
            400,
            "QUESTS_DISABLED",
          );
        } finally {
          expectStatus(await ctx().admin("PUT", "/admin/features", { quests: true }), 200);
        }
        assert.equal((await books(ctx().db, fixture.questId)).payouts, 0);
        assertPaid((await sendBatch(ctx(), fixture, body)).results[0], 5, fixture.playerPass);
      });

      it("answers 401 INVALID_API_KEY without a key, with an unknown key and with a revoked key, even for a bad body", async () => {
        const fixture = await questFixture(ctx());
        const body = { allocations: [{ points: 5, address: fixture.playerPass }] };
        const noKey = await ctx().inject({
          method: "POST",
          url: `/quests/${fixture.questId}/allocations`,
          payload: body,
        });
        expectProblem(noKey, 401, "INVALID_API_KEY");
        expectProblem(
          await batch(ctx(), { ...fixture, apiKey: `sk_${"a".repeat(40)}` }, { allocations: [] }),
          401,
          "INVALID_API_KEY",
        );
        expectStatus(await ctx().admin("DELETE", `/admin/keys/${fixture.keyId}`), 204);
        expectProblem(await batch(ctx(), fixture, body), 401, "INVALID_API_KEY");
        assert.equal((await books(ctx().db, fixture.questId)).payouts, 0);
      });

      it("answers 400 BAD_REQUEST for a questId that is not a positive integer", async () => {
        const fixture = await questFixture(ctx());
        const body = { allocations: [{ points: 5, address: fixture.playerPass }] };
        for (const questId of ["abc", "0", "-1", "1.5"]) {
          const response = await ctx().inject({
            method: "POST",
            url: `/quests/${questId}/allocations`,
            headers: { "x-api-key": fixture.apiKey },
            payload: body,
          });
          expectProblem(response, 400, "BAD_REQUEST");
        }
      });

      it("answers 404 QUEST_NOT_FOUND for an unknown quest, before the body is read", async () => {
        const fixture = await questFixture(ctx());
        expectProblem(
          await batch(ctx(), { ...fixture, questId: 2_000_000_000 }, { allocations: [] }),
          404,
          "QUEST_NOT_FOUND",
        );
      });

      it("answers 401 NOT_QUEST_OWNER for another account's key, before the body is read", async () => {
        const fixture = await questFixture(ctx());
        const stranger = await questFixture(ctx());
        const body = { allocations: [{ points: 5, address: fixture.playerPass }] };
        expectProblem(
          await batch(ctx(), { ...fixture, apiKey: stranger.apiKey }, body),
          401,
          "NOT_QUEST_OWNER",
        );
        expectProblem(
          await batch(ctx(), { ...fixture, apiKey: stranger.apiKey }, { allocations: [] }),
          401,
          "NOT_QUEST_OWNER",
        );
        assert.equal((await books(ctx().db, fixture.questId)).payouts, 0);
      });

      it("answers 401 KEY_MODE_MISMATCH for the owner's key of the other mode, before the body is read", async () => {
        const fixture = await questFixture(ctx());
        const testKey = await issueKey(ctx(), fixture.ownerPass, "test");
        const testQuestId = await createQuest(ctx(), fixture.ownerPass, { mode: "test" });
        const body = { allocations: [{ points: 5, address: fixture.playerPass }] };
        const testOnLive = await batch(ctx(), { ...fixture, apiKey: testKey.key }, body);
        const problem = expectProblem(testOnLive, 401, "KEY_MODE_MISMATCH");
        assert.match(problem.detail, new RegExp(`test key; quest ${fixture.questId} is live`));
        expectProblem(
          await batch(ctx(), { ...fixture, apiKey: testKey.key }, { allocations: [] }),
          401,
          "KEY_MODE_MISMATCH",
        );
        expectProblem(
          await batch(ctx(), { apiKey: fixture.apiKey, questId: testQuestId }, body),
          401,
          "KEY_MODE_MISMATCH",
        );
        assert.equal((await books(ctx().db, fixture.questId)).payouts, 0);
      });

      it("pays a batch on a test quest with a test key, under the same rules", async () => {
        const fixture = await questFixture(ctx());
        const testKey = await issueKey(ctx(), fixture.ownerPass, "test");
        const testQuest = {
          apiKey: testKey.key,
          questId: await createQuest(ctx(), fixture.ownerPass, { mode: "test", total_points: 100 }),
        };
        const answer = await sendBatch(ctx(), testQuest, {
          allocations: [
            { points: 70, address: fixture.playerPass },
            { points: 40, address: fixture.playerPass },
          ],
        });
        assertPaid(answer.results[0], 70, fixture.playerPass);
        assertRefused(answer.results[1], 400, "INSUFFICIENT_POINTS");
        assert.equal((await questDetail(ctx(), testQuest)).points_remaining, 30);
      });
    });

    describe("concurrency", () => {
      it("pays a racing item key once: batches and single allocations sharing it", async () => {
        const fixture = await questFixture(ctx());
        const p = fixture.playerPass;
        const key = newKey();
        const batches = Array.from({ length: 6 }, () =>
          batch(ctx(), fixture, {
            allocations: [
              { points: 7, address: p, idempotency_key: key },
              { points: 1, address: p },
            ],
          }),
        );
        const singles = Array.from({ length: 6 }, () =>
          allocate(ctx(), fixture, { points: 7, address: p }, { "idempotency-key": key }),
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
        const body = {
          allocations: [
            { points: 10, address: fixture.playerPass },
            { points: 20, address: fixture.playerPass },
          ],
        };
        const responses = await Promise.all(
          Array.from({ length: 8 }, () => batch(ctx(), fixture, body, { "idempotency-key": key })),
        );
        const paid = responses.filter((r) => r.statusCode === 200);
        const fresh = paid.filter((r) => r.headers[REPLAYED] === undefined);
        assert.equal(fresh.length, 1, responses.map((r) => r.statusCode).join(","));
        for (const response of responses) {
          if (response.statusCode === 200) assert.deepEqual(response.json(), fresh[0]!.json());
          else expectProblem(response, 409, "IDEMPOTENCY_IN_PROGRESS");
        }
        await expectBooks(ctx().db, fixture.questId, {
          remaining: 970,
          payouts: 2,
          paid: 30,
        });
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
}
