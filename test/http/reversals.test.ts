import assert from "node:assert/strict";
import { randomBytes, randomUUID } from "node:crypto";
import { describe, it } from "node:test";
import type { LightMyRequestResponse } from "fastify";
import {
  ADMIN_TOKEN,
  allocate,
  createQuest,
  expectProblem,
  expectStatus,
  issueKey,
  questFixture,
  type TestContext,
} from "../helpers/app.js";
import { batch, itemsTo } from "../helpers/batch-allocations.js";
import { assertBooksBalance, books, expectBooks } from "../helpers/books.js";
import { describeEachDatabase } from "../helpers/each-database.js";
import { setFeatures } from "../helpers/features.js";
import { type Payout, payPlayer, questDetail } from "../helpers/owner-api.js";
import { testQuestOf } from "../helpers/owners.js";

const ISO_MS_Z = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
/** A whole key's shape (a display prefix such as `sk_AbC12` is shorter). */
const KEY_SHAPE = /sk_(test_)?[0-9A-Za-z]{32,}/;
const REASON = "Completed by mistake";

interface Reversal {
  id: string;
  payout_id: string;
  amount: number;
  reason: string;
  created_at: string;
}

type Owner = { apiKey: string; questId: number };

function reverse(
  ctx: TestContext,
  owner: Owner,
  payoutId: string,
  body: unknown = { reason: REASON },
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return ctx.inject({
    method: "POST",
    url: `/quests/${owner.questId}/payouts/${payoutId}/reversal`,
    headers: { "x-api-key": owner.apiKey, ...headers },
    payload: body as object,
  });
}

function adminReverse(
  ctx: TestContext,
  payoutId: string,
  body: unknown = { reason: REASON },
  headers: Record<string, string> = { authorization: `Bearer ${ADMIN_TOKEN}` },
): Promise<LightMyRequestResponse> {
  return ctx.inject({
    method: "POST",
    url: `/admin/payouts/${payoutId}/reversal`,
    headers,
    payload: body as object,
  });
}

/** A 201 reversal answer of the contract's exact shape, for this payout. */
function reversalOf(response: LightMyRequestResponse, payout: Payout, reason = REASON): Reversal {
  expectStatus(response, 201);
  assert.match(String(response.headers["content-type"]), /^application\/json/);
  const body = response.json();
  assert.deepEqual(Object.keys(body), ["reversal"]);
  const reversal = body.reversal as Reversal;
  assert.deepEqual(Object.keys(reversal).sort(), [
    "amount",
    "created_at",
    "id",
    "payout_id",
    "reason",
  ]);
  assert.ok(typeof reversal.id === "string" && reversal.id.length > 0);
  assert.notEqual(reversal.id, payout.id);
  assert.equal(reversal.payout_id, payout.id);
  assert.equal(reversal.amount, payout.amount);
  assert.equal(reversal.reason, reason);
  assert.match(reversal.created_at, ISO_MS_Z);
  return reversal;
}

function listReversals(ctx: TestContext, owner: Owner, query = "") {
  return ctx.inject({
    method: "GET",
    url: `/quests/${owner.questId}/reversals${query}`,
    headers: { "x-api-key": owner.apiKey },
  });
}

async function auditEntries(ctx: TestContext, payoutId: string) {
  const response = await ctx.admin(
    "GET",
    `/admin/audit?action=payout.reverse&target_id=${encodeURIComponent(payoutId)}`,
  );
  expectStatus(response, 200);
  return {
    body: response.body,
    items: response.json().items as {
      actor: string;
      action: string;
      target_type: string;
      target_id: string;
      request_id: string | null;
      details: Record<string, unknown>;
    }[],
  };
}

/** The pass's points and rank as players see them (its kept totals, overall). */
async function passBalance(ctx: TestContext, pass: string) {
  const response = await ctx.inject({ url: `/passes/${pass}` });
  expectStatus(response, 200);
  const { points, rank } = response.json() as { points: number; rank: number | null };
  return { points, rank };
}

describeEachDatabase("payout reversals", (ctx) => {
  describe("POST /quests/{questId}/payouts/{payoutId}/reversal", () => {
    it("answers 201 {reversal:{id, payout_id, amount, reason, created_at}} and puts exactly the amount back", async () => {
      const fixture = await questFixture(ctx(), { total_points: 1000 });
      const kept = await payPlayer(ctx(), fixture, 100);
      const payout = await payPlayer(ctx(), fixture, 250);
      assert.equal((await questDetail(ctx(), fixture)).points_remaining, 650);
      const startedAt = Date.now();
      const response = await reverse(ctx(), fixture, payout.id);
      const reversal = reversalOf(response, payout);
      const createdAt = Date.parse(reversal.created_at);
      assert.ok(createdAt >= startedAt - 1 && createdAt <= Date.now() + 1, reversal.created_at);
      const detail = await questDetail(ctx(), fixture);
      assert.equal(detail.points_remaining, 900);
      // The player's balance loses exactly the amount reversed (its kept totals follow).
      assert.equal((await passBalance(ctx(), fixture.playerPass)).points, 100);
      // The payout stays listed, unchanged.
      assert.deepEqual(
        detail.payouts.find((listed) => listed.id === payout.id),
        payout,
      );
      assert.deepEqual(
        detail.payouts.map((listed) => listed.id).sort(),
        [payout.id, kept.id].sort(),
      );
      const b = await expectBooks(ctx().db, fixture.questId, {
        total: 1000,
        remaining: 900,
        paid: 350,
        reversed: 250,
        reversals: 1,
      });
      assertBooksBalance(b);
    });

    it("lets the points put back be allocated again on a spent quest", async () => {
      const fixture = await questFixture(ctx(), { total_points: 100 });
      const payout = await payPlayer(ctx(), fixture, 100);
      expectProblem(
        await allocate(ctx(), fixture, { points: 40, address: fixture.playerPass }),
        400,
        "INSUFFICIENT_POINTS",
      );
      reversalOf(await reverse(ctx(), fixture, payout.id), payout);
      await payPlayer(ctx(), fixture, 100);
      assert.equal((await questDetail(ctx(), fixture)).points_remaining, 0);
    });

    it("refuses a second reversal with 409 PAYOUT_ALREADY_REVERSED, putting nothing back twice", async () => {
      const fixture = await questFixture(ctx());
      const payout = await payPlayer(ctx(), fixture, 40);
      reversalOf(await reverse(ctx(), fixture, payout.id), payout);
      expectProblem(
        await reverse(ctx(), fixture, payout.id, { reason: "again" }),
        409,
        "PAYOUT_ALREADY_REVERSED",
      );
      expectProblem(await adminReverse(ctx(), payout.id), 409, "PAYOUT_ALREADY_REVERSED");
      assert.equal((await questDetail(ctx(), fixture)).points_remaining, 1000);
      assert.equal((await books(ctx().db, fixture.questId)).reversals, 1);
    });

    it("answers 404 PAYOUT_NOT_FOUND for a payout of another quest of the same owner, which stays reversible", async () => {
      const fixture = await questFixture(ctx());
      const other = { ...fixture, questId: await createQuest(ctx(), fixture.ownerPass) };
      const payout = await payPlayer(ctx(), fixture, 30);
      expectProblem(await reverse(ctx(), other, payout.id), 404, "PAYOUT_NOT_FOUND");
      assert.equal((await questDetail(ctx(), other)).points_remaining, 1000);
      assert.equal((await questDetail(ctx(), fixture)).points_remaining, 970);
      reversalOf(await reverse(ctx(), fixture, payout.id), payout);
    });

    it("answers 404 PAYOUT_NOT_FOUND for another owner's payout through one's own quest", async () => {
      const fixture = await questFixture(ctx());
      const stranger = await questFixture(ctx());
      const payout = await payPlayer(ctx(), stranger, 30);
      expectProblem(await reverse(ctx(), fixture, payout.id), 404, "PAYOUT_NOT_FOUND");
      assert.equal((await books(ctx().db, stranger.questId)).reversals, 0);
    });

    it("answers 404 PAYOUT_NOT_FOUND for an unknown UUID and for an id that is not a UUID", async () => {
      const fixture = await questFixture(ctx());
      for (const id of [randomUUID(), "not-a-uuid", "12345", "p".repeat(200)]) {
        expectProblem(await reverse(ctx(), fixture, id), 404, "PAYOUT_NOT_FOUND");
      }
    });

    const badReasons: [string, unknown][] = [
      ["missing", {}],
      ["empty", { reason: "" }],
      ["501 characters", { reason: "r".repeat(501) }],
      ["not a string", { reason: 42 }],
      ["null", { reason: null }],
      ["text with U+0000 (which PostgreSQL cannot store)", { reason: "a\u0000b" }],
    ];
    for (const [label, body] of badReasons) {
      it(`refuses a reason that is ${label} with 400 BAD_REQUEST naming reason, putting nothing back`, async () => {
        const fixture = await questFixture(ctx());
        const payout = await payPlayer(ctx(), fixture, 30);
        expectProblem(await reverse(ctx(), fixture, payout.id, body), 400, "BAD_REQUEST", "reason");
        assert.equal((await questDetail(ctx(), fixture)).points_remaining, 970);
        assert.equal((await books(ctx().db, fixture.questId)).reversals, 0);
      });
    }

    it("refuses an unknown body field with 400 BAD_REQUEST naming it", async () => {
      const fixture = await questFixture(ctx());
      const payout = await payPlayer(ctx(), fixture, 30);
      expectProblem(
        await reverse(ctx(), fixture, payout.id, { reason: REASON, amount: 10 }),
        400,
        "BAD_REQUEST",
        "amount",
      );
      assert.equal((await books(ctx().db, fixture.questId)).reversals, 0);
    });

    it("accepts a reason of exactly 500 characters, non-ASCII ones counted as characters", async () => {
      const fixture = await questFixture(ctx());
      for (const reason of ["r".repeat(500), "é".repeat(500)]) {
        const payout = await payPlayer(ctx(), fixture, 10);
        reversalOf(await reverse(ctx(), fixture, payout.id, { reason }), payout, reason);
      }
    });

    it("reverses after the quest's window has ended", async () => {
      const fixture = await questFixture(ctx());
      const payout = await payPlayer(ctx(), fixture, 60);
      const end = new Date(Date.now() - 1000).toISOString();
      expectStatus(await ctx().admin("PATCH", `/admin/quests/${fixture.questId}`, { end }), 200);
      assert.equal((await questDetail(ctx(), fixture)).is_active, false);
      reversalOf(await reverse(ctx(), fixture, payout.id), payout);
      assert.equal((await questDetail(ctx(), fixture)).points_remaining, 1000);
    });

    it("reverses on a quest the operator disabled", async () => {
      const fixture = await questFixture(ctx());
      const payout = await payPlayer(ctx(), fixture, 60);
      expectStatus(
        await ctx().admin("PATCH", `/admin/quests/${fixture.questId}`, { is_active: false }),
        200,
      );
      reversalOf(await reverse(ctx(), fixture, payout.id), payout);
      assert.equal((await questDetail(ctx(), fixture)).points_remaining, 1000);
    });

    it("reverses on a quest whose action type is inactive", async () => {
      const type = `t-${randomBytes(6).toString("hex")}`;
      const fixture = await questFixture(ctx(), { action_type: type });
      const payout = await payPlayer(ctx(), fixture, 60);
      expectStatus(await ctx().admin("PUT", `/admin/action-types/${type}`, { active: false }), 200);
      try {
        reversalOf(await reverse(ctx(), fixture, payout.id), payout);
        assert.equal((await questDetail(ctx(), fixture)).points_remaining, 1000);
      } finally {
        expectStatus(
          await ctx().admin("PUT", `/admin/action-types/${type}`, { active: true }),
          200,
        );
      }
    });

    it("reverses a payout that came from a batch", async () => {
      const fixture = await questFixture(ctx());
      const response = await batch(ctx(), fixture, {
        allocations: itemsTo(fixture.playerPass, 11, 22),
      });
      expectStatus(response, 200);
      const payout = response.json().results[1].payout as Payout;
      reversalOf(await reverse(ctx(), fixture, payout.id), payout);
      assert.equal((await questDetail(ctx(), fixture)).points_remaining, 989);
    });

    it("writes one audit entry payout.reverse with actor account:<owner id>, its details and no key", async () => {
      const fixture = await questFixture(ctx());
      const payout = await payPlayer(ctx(), fixture, 45);
      const requestId = `reversal-${randomUUID()}`;
      const reversal = reversalOf(
        await reverse(ctx(), fixture, payout.id, { reason: REASON }, { "x-request-id": requestId }),
        payout,
      );
      const { body, items } = await auditEntries(ctx(), payout.id);
      assert.equal(items.length, 1, body);
      const entry = items[0]!;
      assert.equal(entry.actor, `account:${fixture.ownerId}`);
      assert.equal(entry.action, "payout.reverse");
      assert.equal(entry.target_type, "payout");
      assert.equal(entry.target_id, payout.id);
      assert.equal(entry.request_id, requestId);
      assert.deepEqual(entry.details, {
        quest_id: fixture.questId,
        amount: 45,
        reason: REASON,
        reversal_id: reversal.id,
      });
      assert.ok(!body.includes(fixture.apiKey), "the audit log never holds the key");
      assert.doesNotMatch(body, KEY_SHAPE);
    });

    it("audits and answers the payout id in its canonical lower-case form when the owner types it in capitals", async () => {
      const fixture = await questFixture(ctx());
      const payout = await payPlayer(ctx(), fixture, 35);
      const typed = payout.id.toUpperCase();
      assert.notEqual(typed, payout.id);
      const reversal = reversalOf(await reverse(ctx(), fixture, typed), payout);
      assert.equal(
        reversal.payout_id,
        payout.id,
        "the answer names the payout as the API wrote it",
      );
      const { body, items } = await auditEntries(ctx(), payout.id);
      assert.equal(items.length, 1, `found by the id as the API writes it: ${body}`);
      assert.equal(items[0]!.target_id, payout.id);
      assert.deepEqual(items[0]!.details, {
        quest_id: fixture.questId,
        amount: 35,
        reason: REASON,
        reversal_id: reversal.id,
      });
      const byTyped = await auditEntries(ctx(), typed);
      assert.equal(byTyped.items.length, 1, `found by the id as typed: ${byTyped.body}`);
      assert.equal(byTyped.items[0]!.target_id, payout.id);
      const again = expectProblem(
        await reverse(ctx(), fixture, typed),
        409,
        "PAYOUT_ALREADY_REVERSED",
      );
      assert.ok(again.detail.includes(payout.id), again.detail);
    });

    it("lets a test key reverse a test quest's payout; a live key gets KEY_MODE_MISMATCH", async () => {
      const fixture = await questFixture(ctx());
      const testQuest = { ...fixture, ...(await testQuestOf(ctx(), fixture.ownerPass)) };
      const payout = await payPlayer(ctx(), testQuest, 70);
      expectProblem(
        await reverse(ctx(), { ...testQuest, apiKey: fixture.apiKey }, payout.id),
        401,
        "KEY_MODE_MISMATCH",
      );
      reversalOf(await reverse(ctx(), testQuest, payout.id), payout);
      assert.equal((await questDetail(ctx(), testQuest)).points_remaining, 1000);
    });
  });

  describe("order of checks (steps 1-6)", () => {
    it("answers 401 KEY_MODE_MISMATCH to the owner's test key on a live quest's payout", async () => {
      const fixture = await questFixture(ctx());
      const payout = await payPlayer(ctx(), fixture, 10);
      const testKey = await issueKey(ctx(), fixture.ownerPass, "test");
      const problem = expectProblem(
        await reverse(ctx(), { ...fixture, apiKey: testKey.key }, payout.id),
        401,
        "KEY_MODE_MISMATCH",
      );
      assert.match(problem.detail, new RegExp(`test key; quest ${fixture.questId} is live`));
      expectProblem(
        await listReversals(ctx(), { ...fixture, apiKey: testKey.key }),
        401,
        "KEY_MODE_MISMATCH",
      );
      assert.equal((await books(ctx().db, fixture.questId)).reversals, 0);
    });

    it("answers 401 NOT_QUEST_OWNER to another account's key, whatever the payout or body", async () => {
      const fixture = await questFixture(ctx());
      const stranger = await questFixture(ctx());
      const payout = await payPlayer(ctx(), fixture, 10);
      const asStranger = { ...fixture, apiKey: stranger.apiKey };
      expectProblem(await reverse(ctx(), asStranger, payout.id), 401, "NOT_QUEST_OWNER");
      expectProblem(await reverse(ctx(), asStranger, randomUUID()), 401, "NOT_QUEST_OWNER");
      expectProblem(await reverse(ctx(), asStranger, payout.id, {}), 401, "NOT_QUEST_OWNER");
      expectProblem(await listReversals(ctx(), asStranger), 401, "NOT_QUEST_OWNER");
      assert.equal((await books(ctx().db, fixture.questId)).reversals, 0);
    });

    it("answers 401 INVALID_API_KEY without a key and with a revoked key", async () => {
      const fixture = await questFixture(ctx());
      const payout = await payPlayer(ctx(), fixture, 10);
      const noKey = await ctx().inject({
        method: "POST",
        url: `/quests/${fixture.questId}/payouts/${payout.id}/reversal`,
        payload: { reason: REASON },
      });
      expectProblem(noKey, 401, "INVALID_API_KEY");
      expectProblem(
        await ctx().inject({ method: "GET", url: `/quests/${fixture.questId}/reversals` }),
        401,
        "INVALID_API_KEY",
      );
      expectStatus(await ctx().admin("DELETE", `/admin/keys/${fixture.keyId}`), 204);
      expectProblem(await reverse(ctx(), fixture, payout.id), 401, "INVALID_API_KEY");
      assert.equal((await books(ctx().db, fixture.questId)).reversals, 0);
    });

    it("answers 404 QUEST_NOT_FOUND for an unknown quest and 400 BAD_REQUEST for a bad quest id", async () => {
      const fixture = await questFixture(ctx());
      const payout = await payPlayer(ctx(), fixture, 10);
      expectProblem(
        await reverse(ctx(), { ...fixture, questId: 2_000_000_000 }, payout.id),
        404,
        "QUEST_NOT_FOUND",
      );
      expectProblem(
        await listReversals(ctx(), { ...fixture, questId: 2_000_000_000 }),
        404,
        "QUEST_NOT_FOUND",
      );
      const bad = await ctx().inject({
        method: "POST",
        url: `/quests/abc/payouts/${payout.id}/reversal`,
        headers: { "x-api-key": fixture.apiKey },
        payload: { reason: REASON },
      });
      expectProblem(bad, 400, "BAD_REQUEST");
    });

    it("answers 400 QUESTS_DISABLED while quests are switched off; nothing is reversed", async () => {
      const fixture = await questFixture(ctx());
      const payout = await payPlayer(ctx(), fixture, 10);
      await setFeatures(ctx(), { quests: false });
      try {
        expectProblem(await reverse(ctx(), fixture, payout.id), 400, "QUESTS_DISABLED");
        expectProblem(await listReversals(ctx(), fixture), 400, "QUESTS_DISABLED");
      } finally {
        await setFeatures(ctx(), { quests: true });
      }
      assert.equal((await books(ctx().db, fixture.questId)).reversals, 0);
      reversalOf(await reverse(ctx(), fixture, payout.id), payout);
    });
  });

  describe("POST /admin/payouts/{payoutId}/reversal", () => {
    it("answers 201 with the same body, restores the budget and audits actor operator", async () => {
      const fixture = await questFixture(ctx());
      const payout = await payPlayer(ctx(), fixture, 80);
      const reversal = reversalOf(
        await adminReverse(ctx(), payout.id, { reason: "Fraud" }),
        payout,
        "Fraud",
      );
      assert.equal((await questDetail(ctx(), fixture)).points_remaining, 1000);
      assert.deepEqual(await passBalance(ctx(), fixture.playerPass), { points: 0, rank: null });
      const { body, items } = await auditEntries(ctx(), payout.id);
      assert.equal(items.length, 1, body);
      assert.equal(items[0]!.actor, "operator:bootstrap");
      assert.equal(items[0]!.target_type, "payout");
      assert.deepEqual(items[0]!.details, {
        quest_id: fixture.questId,
        amount: 80,
        reason: "Fraud",
        reversal_id: reversal.id,
      });
      assert.doesNotMatch(body, KEY_SHAPE);
      assert.ok(!body.includes(ADMIN_TOKEN));
      // The owner sees it in the quest's reversals.
      const listed = await listReversals(ctx(), fixture);
      expectStatus(listed, 200);
      assert.deepEqual(listed.json(), [reversal]);
    });

    it("audits and answers the payout id in its canonical lower-case form when the operator types it in capitals", async () => {
      const fixture = await questFixture(ctx());
      const payout = await payPlayer(ctx(), fixture, 55);
      const typed = payout.id.toUpperCase();
      const reversal = reversalOf(await adminReverse(ctx(), typed), payout);
      assert.equal(reversal.payout_id, payout.id);
      const { body, items } = await auditEntries(ctx(), payout.id);
      assert.equal(items.length, 1, `found by the id as the API writes it: ${body}`);
      assert.equal(items[0]!.actor, "operator:bootstrap");
      assert.equal(items[0]!.target_id, payout.id);
      assert.equal((await auditEntries(ctx(), typed)).items.length, 1, "and as typed");
      assert.equal((await questDetail(ctx(), fixture)).points_remaining, 1000);
    });

    it("answers 404 PAYOUT_NOT_FOUND for an unknown payout", async () => {
      for (const id of [randomUUID(), "not-a-uuid", "p".repeat(200)]) {
        expectProblem(await adminReverse(ctx(), id), 404, "PAYOUT_NOT_FOUND");
      }
    });

    it("reverses a test quest's payout too", async () => {
      const fixture = await questFixture(ctx());
      const testQuest = { ...fixture, ...(await testQuestOf(ctx(), fixture.ownerPass)) };
      const payout = await payPlayer(ctx(), testQuest, 70);
      reversalOf(await adminReverse(ctx(), payout.id), payout);
      assert.equal((await questDetail(ctx(), testQuest)).points_remaining, 1000);
      const listed = await listReversals(ctx(), testQuest);
      expectStatus(listed, 200);
      assert.equal(listed.json().length, 1);
    });

    it("answers 409 PAYOUT_ALREADY_REVERSED the second time, and to the owner after it", async () => {
      const fixture = await questFixture(ctx());
      const payout = await payPlayer(ctx(), fixture, 80);
      reversalOf(await adminReverse(ctx(), payout.id), payout);
      expectProblem(await adminReverse(ctx(), payout.id), 409, "PAYOUT_ALREADY_REVERSED");
      expectProblem(await reverse(ctx(), fixture, payout.id), 409, "PAYOUT_ALREADY_REVERSED");
      assert.equal((await questDetail(ctx(), fixture)).points_remaining, 1000);
    });

    it("refuses a missing or wrong token with 401, reversing nothing", async () => {
      const fixture = await questFixture(ctx());
      const payout = await payPlayer(ctx(), fixture, 80);
      expectProblem(
        await adminReverse(ctx(), payout.id, { reason: REASON }, {}),
        401,
        "UNAUTHORIZED",
      );
      expectProblem(
        await adminReverse(
          ctx(),
          payout.id,
          { reason: REASON },
          { authorization: "Bearer wrong-token" },
        ),
        401,
        "UNAUTHORIZED",
      );
      assert.equal((await books(ctx().db, fixture.questId)).reversals, 0);
    });

    it("refuses a bad reason with 400 naming reason", async () => {
      const fixture = await questFixture(ctx());
      const payout = await payPlayer(ctx(), fixture, 80);
      expectProblem(
        await adminReverse(ctx(), payout.id, { reason: "" }),
        400,
        "BAD_REQUEST",
        "reason",
      );
      expectProblem(
        await adminReverse(ctx(), payout.id, { reason: "r".repeat(501) }),
        400,
        "BAD_REQUEST",
        "reason",
      );
      assert.equal((await books(ctx().db, fixture.questId)).reversals, 0);
    });
  });

  describe("GET /quests/{questId}/reversals", () => {
    it("lists the quest's reversals newest first, pages by limit and offset, and leaves other quests' out", async () => {
      const fixture = await questFixture(ctx());
      const other = { ...fixture, questId: await createQuest(ctx(), fixture.ownerPass) };
      const otherPayout = await payPlayer(ctx(), other, 5);
      reversalOf(await reverse(ctx(), other, otherPayout.id), otherPayout);
      const made: Reversal[] = [];
      for (const points of [10, 20, 30]) {
        const payout = await payPlayer(ctx(), fixture, points);
        made.push(reversalOf(await reverse(ctx(), fixture, payout.id), payout));
      }
      const response = await listReversals(ctx(), fixture);
      expectStatus(response, 200);
      const listed = response.json() as Reversal[];
      assert.ok(Array.isArray(listed));
      assert.equal(listed.length, 3);
      // The same objects the POSTs answered.
      assert.deepEqual(
        [...listed].sort((a, b) => a.id.localeCompare(b.id)),
        [...made].sort((a, b) => a.id.localeCompare(b.id)),
      );
      for (let i = 1; i < listed.length; i++) {
        assert.ok(listed[i - 1]!.created_at >= listed[i]!.created_at, "newest first");
      }
      const last = made[2]!;
      if (made.every((r) => r === last || r.created_at < last.created_at)) {
        assert.equal(listed[0]!.id, last.id, "the latest reversal comes first");
      }
      const page = async (query: string) => {
        const r = await listReversals(ctx(), fixture, query);
        expectStatus(r, 200);
        return (r.json() as Reversal[]).map((item) => item.id);
      };
      const ids = listed.map((item) => item.id);
      assert.deepEqual(await page("?limit=2"), ids.slice(0, 2));
      assert.deepEqual(await page("?limit=2&offset=2"), ids.slice(2));
      assert.deepEqual(await page("?offset=3"), []);
    });

    it("answers an empty array for a quest without reversals", async () => {
      const fixture = await questFixture(ctx());
      await payPlayer(ctx(), fixture, 5);
      const response = await listReversals(ctx(), fixture);
      expectStatus(response, 200);
      assert.deepEqual(response.json(), []);
    });

    it("returns 20 by default and up to 100 with limit", async () => {
      const fixture = await questFixture(ctx());
      const response = await batch(ctx(), fixture, {
        allocations: itemsTo(fixture.playerPass, ...Array<number>(21).fill(1)),
      });
      expectStatus(response, 200);
      for (const result of response.json().results as { payout: Payout }[]) {
        expectStatus(await reverse(ctx(), fixture, result.payout.id), 201);
      }
      const byDefault = await listReversals(ctx(), fixture);
      expectStatus(byDefault, 200);
      assert.equal(byDefault.json().length, 20);
      const all = await listReversals(ctx(), fixture, "?limit=100");
      expectStatus(all, 200);
      assert.equal(all.json().length, 21);
      assert.deepEqual(all.json().slice(0, 20), byDefault.json());
      assert.equal((await questDetail(ctx(), fixture)).points_remaining, 1000);
    });

    const badQueries: [string, string][] = [
      ["?limit=0", "limit"],
      ["?limit=101", "limit"],
      ["?limit=abc", "limit"],
      ["?offset=-1", "offset"],
      ["?offset=1.5", "offset"],
    ];
    for (const [query, field] of badQueries) {
      it(`refuses ${query} with 400 BAD_REQUEST naming ${field}`, async () => {
        const fixture = await questFixture(ctx());
        expectProblem(await listReversals(ctx(), fixture, query), 400, "BAD_REQUEST", field);
      });
    }
  });

  describe("concurrency", () => {
    it("keeps the books when reversals race 30 allocations on a nearly spent quest", async () => {
      const fixture = await questFixture(ctx(), { total_points: 300 });
      const payouts: Payout[] = [];
      for (let i = 0; i < 9; i++) payouts.push(await payPlayer(ctx(), fixture, 30));
      assert.equal((await questDetail(ctx(), fixture)).points_remaining, 30);
      const allocations = Array.from({ length: 30 }, () =>
        allocate(ctx(), fixture, { points: 20, address: fixture.playerPass }),
      );
      const reversals = payouts
        .slice(0, 8)
        .map((payout, i) =>
          i % 4 === 3 ? adminReverse(ctx(), payout.id) : reverse(ctx(), fixture, payout.id),
        );
      const [allocated, reversed] = await Promise.all([
        Promise.all(allocations),
        Promise.all(reversals),
      ]);
      for (const [i, response] of reversed.entries()) {
        reversalOf(response, payouts[i]!);
      }
      let paid = 0;
      for (const response of allocated) {
        if (response.statusCode === 200) paid += response.json().payout.amount;
        else expectProblem(response, 400, "INSUFFICIENT_POINTS");
      }
      // At most the 30 left plus the 240 put back could be paid.
      assert.ok(paid <= 270, `paid ${paid}`);
      const remaining = (await questDetail(ctx(), fixture)).points_remaining;
      assert.equal(300 - remaining, 270 + paid - 240, "total − remaining = paid − reversed");
      const b = await expectBooks(ctx().db, fixture.questId, {
        total: 300,
        remaining,
        paid: 270 + paid,
        reversed: 240,
        reversals: 8,
      });
      assertBooksBalance(b);
    });

    it("two concurrent reversals of one payout: exactly one 201 and one 409", async () => {
      const fixture = await questFixture(ctx());
      const payout = await payPlayer(ctx(), fixture, 50);
      const responses = await Promise.all([
        reverse(ctx(), fixture, payout.id),
        reverse(ctx(), fixture, payout.id),
      ]);
      const codes = responses.map((r) => r.statusCode).sort();
      assert.deepEqual(codes, [201, 409], responses.map((r) => r.body).join("\n"));
      for (const response of responses) {
        if (response.statusCode === 201) reversalOf(response, payout);
        else expectProblem(response, 409, "PAYOUT_ALREADY_REVERSED");
      }
      assert.equal((await questDetail(ctx(), fixture)).points_remaining, 1000);
      assert.equal((await books(ctx().db, fixture.questId)).reversals, 1);
    });

    it("six concurrent reversals of one payout by owner and operator: one 201, five 409", async () => {
      const fixture = await questFixture(ctx());
      const payout = await payPlayer(ctx(), fixture, 50);
      const responses = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          i % 2 === 0 ? reverse(ctx(), fixture, payout.id) : adminReverse(ctx(), payout.id),
        ),
      );
      const created = responses.filter((r) => r.statusCode === 201);
      assert.equal(created.length, 1, responses.map((r) => r.body).join("\n"));
      reversalOf(created[0]!, payout);
      for (const response of responses) {
        if (response !== created[0]) expectProblem(response, 409, "PAYOUT_ALREADY_REVERSED");
      }
      assert.equal((await questDetail(ctx(), fixture)).points_remaining, 1000);
      const b = await expectBooks(ctx().db, fixture.questId, { reversals: 1 });
      assertBooksBalance(b);
      const { items } = await auditEntries(ctx(), payout.id);
      assert.equal(items.length, 1, "one reversal, one audit entry");
    });
  });
});
