import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { describe, it } from "node:test";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import {
  allocate,
  allocateKeyed,
  createAccount,
  createQuest,
  DATABASES,
  expectStatus,
  issueKey,
  type QuestFixture,
  questFixture,
  randomPass,
  secondInstance,
  type TestContext,
  withContext,
} from "../helpers/app.js";
import { expectBooks } from "../helpers/books.js";

const REPLAYED = "idempotent-replayed";

function newKey(): string {
  return `order-${randomBytes(8).toString("hex")}`;
}

function assertProblem(response: LightMyRequestResponse, status: number, code: string) {
  expectStatus(response, status);
  assert.match(String(response.headers["content-type"]), /^application\/problem\+json/);
  const body = response.json();
  assert.equal(body.code, code, response.body);
  assert.equal(body.status, status);
  for (const field of ["type", "title", "detail"]) assert.equal(typeof body[field], "string");
  return body;
}

function assertReplayOf(replay: LightMyRequestResponse, first: LightMyRequestResponse) {
  assert.equal(replay.statusCode, first.statusCode, replay.body);
  assert.equal(replay.headers[REPLAYED], "true");
  assert.deepEqual(replay.json(), first.json());
  assert.equal(replay.body, first.body, "the replayed body is the first body, byte for byte");
  assert.equal(
    String(replay.headers["content-type"]).split(";")[0],
    String(first.headers["content-type"]).split(";")[0],
  );
}

/** 20 requests with one key at once: one payout; every other answer is 409 or its replay. */
async function burst(apps: FastifyInstance[], fixture: QuestFixture, ctx: TestContext) {
  const key = newKey();
  const body = { points: 25, address: fixture.playerPass };
  const responses = await Promise.all(
    Array.from({ length: 20 }, (_, i) => allocateKeyed(apps[i % apps.length]!, fixture, body, key)),
  );
  const paid = responses.filter((r) => r.statusCode === 200);
  const fresh = paid.filter((r) => r.headers[REPLAYED] === undefined);
  assert.equal(fresh.length, 1, "exactly one answer is the original payout");
  const original = fresh[0]!;
  for (const response of responses) {
    if (response.statusCode === 200) {
      assert.equal(response.json().payout.id, original.json().payout.id);
      assert.equal(response.body, original.body);
      if (response !== original) assert.equal(response.headers[REPLAYED], "true");
    } else {
      assertProblem(response, 409, "IDEMPOTENCY_IN_PROGRESS");
      assert.equal(response.headers[REPLAYED], undefined);
    }
  }
  await expectBooks(ctx.db, fixture.questId, { remaining: 975, payouts: 1 });
  const retry = await allocateKeyed(apps[0]!, fixture, body, key);
  assertReplayOf(retry, original);
  await expectBooks(ctx.db, fixture.questId, { remaining: 975, payouts: 1 });
}

for (const kind of DATABASES) {
  describe(`POST /quests/{questId} with Idempotency-Key [${kind}]`, () => {
    const ctx = withContext(kind);

    it("replays the same status and body with Idempotent-Replayed: true, paying once", async () => {
      const fixture = await questFixture(ctx());
      const key = newKey();
      const body = { points: 40, address: fixture.playerPass };
      const first = await allocateKeyed(ctx().app, fixture, body, key);
      expectStatus(first, 200);
      assert.equal(first.headers[REPLAYED], undefined);
      const second = await allocateKeyed(ctx().app, fixture, body, key);
      assertReplayOf(second, first);
      const third = await allocateKeyed(ctx().app, fixture, body, key);
      assertReplayOf(third, first);
      await expectBooks(ctx().db, fixture.questId, { remaining: 960, payouts: 1 });
    });

    it("keeps nothing for a refusal: INSUFFICIENT_POINTS, then the budget raised, the same key pays once", async () => {
      const fixture = await questFixture(ctx(), { total_points: 100 });
      const key = newKey();
      const body = { points: 150, address: fixture.playerPass };
      const first = await allocateKeyed(ctx().app, fixture, body, key);
      const problem = assertProblem(first, 400, "INSUFFICIENT_POINTS");
      assert.equal(
        problem.detail,
        `Quest ${fixture.questId} has 100 points left; 150 were requested.`,
      );
      // Decided afresh, not replayed: still refused, with this request's own id.
      const again = await allocateKeyed(ctx().app, fixture, body, key);
      assertProblem(again, 400, "INSUFFICIENT_POINTS");
      assert.equal(again.headers[REPLAYED], undefined);
      assert.notEqual(again.json().request_id, problem.request_id);
      const raised = await ctx().admin("PATCH", `/admin/quests/${fixture.questId}`, {
        total_points: 1000,
      });
      expectStatus(raised, 200);
      const paid = await allocateKeyed(ctx().app, fixture, body, key);
      expectStatus(paid, 200);
      assert.equal(paid.headers[REPLAYED], undefined, "the retry is decided afresh and paid");
      assertReplayOf(await allocateKeyed(ctx().app, fixture, body, key), paid);
      await expectBooks(ctx().db, fixture.questId, { remaining: 850, payouts: 1 });
    });

    it("keeps nothing for ACCOUNT_NOT_FOUND: once the pass is registered, the same key pays once", async () => {
      const fixture = await questFixture(ctx());
      const stranger = randomPass();
      const key = newKey();
      const body = { points: 15, address: stranger };
      assertProblem(await allocateKeyed(ctx().app, fixture, body, key), 400, "ACCOUNT_NOT_FOUND");
      await createAccount(ctx(), stranger);
      const paid = await allocateKeyed(ctx().app, fixture, body, key);
      expectStatus(paid, 200);
      assert.equal(paid.headers[REPLAYED], undefined, "a payout, not a replay");
      const replay = await allocateKeyed(ctx().app, fixture, body, key);
      assertReplayOf(replay, paid);
      assert.equal(replay.json().payout.id, paid.json().payout.id);
      await expectBooks(ctx().db, fixture.questId, { remaining: 985, payouts: 1 });
    });

    it("replays a payout even after the quest was disabled", async () => {
      const fixture = await questFixture(ctx());
      const key = newKey();
      const body = { points: 10, address: fixture.playerPass };
      const first = await allocateKeyed(ctx().app, fixture, body, key);
      expectStatus(first, 200);
      expectStatus(
        await ctx().admin("PATCH", `/admin/quests/${fixture.questId}`, { is_active: false }),
        200,
      );
      assertReplayOf(await allocateKeyed(ctx().app, fixture, body, key), first);
      await expectBooks(ctx().db, fixture.questId, { remaining: 990, payouts: 1 });
    });

    it("refuses the same key with different points with 422 IDEMPOTENCY_KEY_REUSED", async () => {
      const fixture = await questFixture(ctx());
      const key = newKey();
      const first = await allocateKeyed(
        ctx().app,
        fixture,
        { points: 10, address: fixture.playerPass },
        key,
      );
      expectStatus(first, 200);
      const reused = await allocateKeyed(
        ctx().app,
        fixture,
        { points: 11, address: fixture.playerPass },
        key,
      );
      assertProblem(reused, 422, "IDEMPOTENCY_KEY_REUSED");
      assert.equal(reused.headers[REPLAYED], undefined);
      await expectBooks(ctx().db, fixture.questId, { remaining: 990, payouts: 1 });
      // The original request still replays after the misuse.
      assertReplayOf(
        await allocateKeyed(ctx().app, fixture, { points: 10, address: fixture.playerPass }, key),
        first,
      );
    });

    it("refuses the same key with a different address with 422 IDEMPOTENCY_KEY_REUSED", async () => {
      const fixture = await questFixture(ctx());
      const otherPlayer = randomPass();
      await createAccount(ctx(), otherPlayer);
      const key = newKey();
      expectStatus(
        await allocateKeyed(ctx().app, fixture, { points: 10, address: fixture.playerPass }, key),
        200,
      );
      const reused = await allocateKeyed(
        ctx().app,
        fixture,
        { points: 10, address: otherPlayer },
        key,
      );
      assertProblem(reused, 422, "IDEMPOTENCY_KEY_REUSED");
      await expectBooks(ctx().db, fixture.questId, { remaining: 990, payouts: 1 });
    });

    it("refuses the same key on another quest of the same owner with 422 IDEMPOTENCY_KEY_REUSED", async () => {
      const fixture = await questFixture(ctx());
      const other = { ...fixture, questId: await createQuest(ctx(), fixture.ownerPass) };
      const key = newKey();
      const body = { points: 10, address: fixture.playerPass };
      expectStatus(await allocateKeyed(ctx().app, fixture, body, key), 200);
      assertProblem(
        await allocateKeyed(ctx().app, other, body, key),
        422,
        "IDEMPOTENCY_KEY_REUSED",
      );
      await expectBooks(ctx().db, other.questId, { remaining: 1000, payouts: 0 });
    });

    it("decides afresh a key whose first answer was a refusal, when the body changes (not 422)", async () => {
      const fixture = await questFixture(ctx(), { total_points: 100 });
      const key = newKey();
      assertProblem(
        await allocateKeyed(ctx().app, fixture, { points: 150, address: fixture.playerPass }, key),
        400,
        "INSUFFICIENT_POINTS",
      );
      const paid = await allocateKeyed(
        ctx().app,
        fixture,
        { points: 50, address: fixture.playerPass },
        key,
      );
      expectStatus(paid, 200);
      assert.equal(paid.headers[REPLAYED], undefined);
      // Paid now: the first body under the key is 422.
      assertProblem(
        await allocateKeyed(ctx().app, fixture, { points: 150, address: fixture.playerPass }, key),
        422,
        "IDEMPOTENCY_KEY_REUSED",
      );
      await expectBooks(ctx().db, fixture.questId, { remaining: 50, payouts: 1 });
    });

    it("scopes keys per account: two owners use the same key independently", async () => {
      const alice = await questFixture(ctx());
      const bob = await questFixture(ctx());
      const key = newKey();
      const forAlice = await allocateKeyed(
        ctx().app,
        alice,
        { points: 10, address: alice.playerPass },
        key,
      );
      const forBob = await allocateKeyed(
        ctx().app,
        bob,
        { points: 20, address: bob.playerPass },
        key,
      );
      expectStatus(forAlice, 200);
      expectStatus(forBob, 200);
      assert.equal(forBob.headers[REPLAYED], undefined);
      assert.notEqual(forAlice.json().payout.id, forBob.json().payout.id);
      await expectBooks(ctx().db, alice.questId, { remaining: 990, payouts: 1 });
      await expectBooks(ctx().db, bob.questId, { remaining: 980, payouts: 1 });
    });

    it("scopes keys to the account, not the API key: the owner's second API key replays", async () => {
      const fixture = await questFixture(ctx());
      const secondKey = await issueKey(ctx(), fixture.ownerPass);
      const key = newKey();
      const body = { points: 10, address: fixture.playerPass };
      const first = await allocateKeyed(ctx().app, fixture, body, key);
      expectStatus(first, 200);
      const viaSecond = await allocateKeyed(
        ctx().app,
        { ...fixture, apiKey: secondKey.key },
        body,
        key,
      );
      assertReplayOf(viaSecond, first);
      await expectBooks(ctx().db, fixture.questId, { remaining: 990, payouts: 1 });
    });

    it("without an Idempotency-Key, identical requests pay each time", async () => {
      const fixture = await questFixture(ctx());
      const body = { points: 10, address: fixture.playerPass };
      const first = await allocate(ctx(), fixture, body);
      const second = await allocate(ctx(), fixture, body);
      expectStatus(first, 200);
      expectStatus(second, 200);
      assert.equal(second.headers[REPLAYED], undefined);
      assert.notEqual(first.json().payout.id, second.json().payout.id);
      await expectBooks(ctx().db, fixture.questId, { remaining: 980, payouts: 2 });
    });

    it("accepts a key of 255 printable characters", async () => {
      const fixture = await questFixture(ctx());
      const key = `~ ${"k".repeat(250)}!@#`;
      assert.equal(key.length, 255);
      const body = { points: 10, address: fixture.playerPass };
      const first = await allocateKeyed(ctx().app, fixture, body, key);
      expectStatus(first, 200);
      assertReplayOf(await allocateKeyed(ctx().app, fixture, body, key), first);
    });

    const badKeys: [string, string][] = [
      ["256 characters", "k".repeat(256)],
      ["an empty value", ""],
      ["a tab", "order\t1"],
      ["a control character", "order\u00011"],
      ["a DEL character", "order\u007f1"],
      ["a non-ASCII character", "ordré-1"],
    ];
    for (const [label, key] of badKeys) {
      it(`refuses a key with ${label} with 400 BAD_REQUEST, paying nothing`, async () => {
        const fixture = await questFixture(ctx());
        const response = await allocateKeyed(
          ctx().app,
          fixture,
          { points: 10, address: fixture.playerPass },
          key,
        );
        const body = assertProblem(response, 400, "BAD_REQUEST");
        assert.ok(
          body.errors?.some((error: { field: string }) => /idempotency-key/i.test(error.field)),
          response.body,
        );
        await expectBooks(ctx().db, fixture.questId, { remaining: 1000, payouts: 0 });
      });
    }

    it("20 concurrent requests with one key pay once; the rest are 409 or replays; a retry replays", async () => {
      const fixture = await questFixture(ctx());
      await burst([ctx().app], fixture, ctx());
    });

    if (kind === "postgres") {
      it("20 concurrent requests with one key across two service instances pay once", async () => {
        const second = await secondInstance(ctx());
        try {
          const fixture = await questFixture(ctx());
          await burst([ctx().app, second.app], fixture, ctx());
        } finally {
          await second.close();
        }
      });

      it("a key used on one instance replays on the other", async () => {
        const second = await secondInstance(ctx());
        try {
          const fixture = await questFixture(ctx());
          const key = newKey();
          const body = { points: 10, address: fixture.playerPass };
          const first = await allocateKeyed(ctx().app, fixture, body, key);
          expectStatus(first, 200);
          assertReplayOf(await allocateKeyed(second.app, fixture, body, key), first);
          assertProblem(
            await allocateKeyed(second.app, fixture, { ...body, points: 11 }, key),
            422,
            "IDEMPOTENCY_KEY_REUSED",
          );
          await expectBooks(ctx().db, fixture.questId, { remaining: 990, payouts: 1 });
        } finally {
          await second.close();
        }
      });
    }
  });
}
