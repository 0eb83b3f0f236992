import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { before, describe, it } from "node:test";
import type { LightMyRequestResponse } from "fastify";
import {
  allocate,
  createAccount,
  createQuest,
  DATABASES,
  expectStatus,
  type QuestFixture,
  type QuestOptions,
  questFixture,
  randomPass,
  type TestContext,
  withContext,
} from "../helpers/app.js";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const ISO_MS_Z = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const PROBLEM_KEYS = new Set(["type", "title", "status", "code", "detail", "request_id", "errors"]);
const POINTS_MAX = 9007199254740991;

/** Asserts an RFC 9457 answer with the contract's code (and a field named in `errors`). */
function assertProblem(
  response: LightMyRequestResponse,
  status: number,
  code: string,
  field?: string,
) {
  expectStatus(response, status);
  assert.match(String(response.headers["content-type"]), /^application\/problem\+json/);
  const body = response.json();
  assert.equal(body.code, code, response.body);
  assert.equal(body.status, status);
  assert.equal(typeof body.type, "string");
  assert.ok(typeof body.title === "string" && body.title.length > 0, "title");
  assert.ok(typeof body.detail === "string" && body.detail.length > 0, "detail");
  for (const key of Object.keys(body)) assert.ok(PROBLEM_KEYS.has(key), `unexpected key ${key}`);
  assert.doesNotMatch(response.body, /node_modules|\.ts:\d+|\bat \w+ \(|SELECT |INSERT INTO/);
  if (field !== undefined) {
    assert.ok(Array.isArray(body.errors), `errors missing: ${response.body}`);
    const fields = body.errors.map((error: { field: string }) => error.field);
    assert.ok(fields.includes(field), `errors ${JSON.stringify(fields)} do not name ${field}`);
  }
  return body;
}

async function questDetail(ctx: TestContext, fixture: QuestFixture) {
  const response = await ctx.inject({
    method: "GET",
    url: `/quests/${fixture.questId}`,
    headers: { "x-api-key": fixture.apiKey },
  });
  expectStatus(response, 200);
  return response.json();
}

async function pointsRemaining(ctx: TestContext, fixture: QuestFixture): Promise<number> {
  return (await questDetail(ctx, fixture)).points_remaining;
}

/** A raw POST, for bodies that a JS object cannot express. */
function allocateRaw(
  ctx: TestContext,
  fixture: QuestFixture,
  payload: string,
  contentType: string | undefined = "application/json",
) {
  return ctx.inject({
    method: "POST",
    url: `/quests/${fixture.questId}`,
    headers: {
      "x-api-key": fixture.apiKey,
      ...(contentType === undefined ? {} : { "content-type": contentType }),
    },
    payload,
  });
}

/** A quest of the same owner with other options (ended, disabled, another action type…). */
async function questOf(
  ctx: TestContext,
  fixture: QuestFixture,
  options: QuestOptions,
): Promise<QuestFixture> {
  return { ...fixture, questId: await createQuest(ctx, fixture.ownerPass, options) };
}

function actionTypeName(): string {
  return `t-${randomBytes(6).toString("hex")}`;
}

async function setActionType(ctx: TestContext, name: string, active: boolean) {
  const response = await ctx.admin("PUT", `/admin/action-types/${name}`, { active });
  expectStatus(response, 200);
  assert.deepEqual(response.json(), { name, active });
}

const ended = () => ({
  start: new Date(Date.now() - 2 * DAY_MS).toISOString(),
  end: new Date(Date.now() - DAY_MS).toISOString(),
});
const notStarted = () => ({
  start: new Date(Date.now() + DAY_MS).toISOString(),
  end: new Date(Date.now() + 2 * DAY_MS).toISOString(),
});

/** A pass address with an invalid EIP-55 checksum (the contract's vector with one case flipped). */
const BAD_CHECKSUM = "0xfFFFFFff00000000000000000000000000000001";

for (const kind of DATABASES) {
  describe(`POST /quests/{questId} allocation [${kind}]`, () => {
    const ctx = withContext(kind);

    describe("success", () => {
      it("answers 200 with exactly {payout:{id, amount, created_at, account:{pass}}}", async () => {
        const fixture = await questFixture(ctx());
        const before = Date.now();
        const response = await allocate(ctx(), fixture, {
          points: 40,
          address: fixture.playerPass,
        });
        const after = Date.now();
        expectStatus(response, 200);
        assert.match(String(response.headers["content-type"]), /^application\/json/);
        const body = response.json();
        assert.deepEqual(Object.keys(body), ["payout"]);
        const { payout } = body;
        assert.deepEqual(Object.keys(payout).sort(), ["account", "amount", "created_at", "id"]);
        assert.deepEqual(Object.keys(payout.account), ["pass"]);
        assert.equal(typeof payout.id, "string");
        assert.ok(payout.id.length > 0);
        assert.equal(payout.amount, 40);
        assert.equal(payout.account.pass, fixture.playerPass);
        assert.match(payout.created_at, ISO_MS_Z);
        const createdAt = Date.parse(payout.created_at);
        assert.ok(createdAt >= before - 1 && createdAt <= after + 1, payout.created_at);
      });

      it("lowers points_remaining by exactly the points and lists the payout first", async () => {
        const fixture = await questFixture(ctx(), { total_points: 1000 });
        expectStatus(
          await allocate(ctx(), fixture, { points: 1, address: fixture.playerPass }),
          200,
        );
        const response = await allocate(ctx(), fixture, {
          points: 333,
          address: fixture.playerPass,
        });
        expectStatus(response, 200);
        const detail = await questDetail(ctx(), fixture);
        assert.equal(detail.total_points, 1000);
        assert.equal(detail.points_remaining, 666);
        assert.equal(detail.payouts.length, 2);
        assert.deepEqual(detail.payouts[0], response.json().payout);
      });

      it("accepts an all-lower-case address and pays its EIP-55 checksum form", async () => {
        const fixture = await questFixture(ctx());
        const response = await allocate(ctx(), fixture, {
          points: 5,
          address: fixture.playerPass.toLowerCase(),
        });
        expectStatus(response, 200);
        assert.equal(response.json().payout.account.pass, fixture.playerPass);
      });

      it("accepts an all-upper-case address and pays its EIP-55 checksum form", async () => {
        const fixture = await questFixture(ctx());
        const upper = `0x${fixture.playerPass.slice(2).toUpperCase()}`;
        const response = await allocate(ctx(), fixture, { points: 5, address: upper });
        expectStatus(response, 200);
        assert.equal(response.json().payout.account.pass, fixture.playerPass);
      });

      it("gives every payout its own id", async () => {
        const fixture = await questFixture(ctx());
        const other = await questOf(ctx(), fixture, {});
        const ids = new Set<string>();
        for (const target of [fixture, other, fixture, other, fixture]) {
          const response = await allocate(ctx(), target, {
            points: 3,
            address: fixture.playerPass,
          });
          expectStatus(response, 200);
          ids.add(response.json().payout.id);
        }
        assert.equal(ids.size, 5);
      });

      it("accepts points equal to points_remaining, leaving 0", async () => {
        const fixture = await questFixture(ctx(), { total_points: 250 });
        expectStatus(
          await allocate(ctx(), fixture, { points: 100, address: fixture.playerPass }),
          200,
        );
        const response = await allocate(ctx(), fixture, {
          points: 150,
          address: fixture.playerPass,
        });
        expectStatus(response, 200);
        assert.equal(response.json().payout.amount, 150);
        assert.equal(await pointsRemaining(ctx(), fixture), 0);
        const more = await allocate(ctx(), fixture, { points: 1, address: fixture.playerPass });
        const body = assertProblem(more, 400, "INSUFFICIENT_POINTS");
        assert.equal(body.detail, `Quest ${fixture.questId} has 0 points left; 1 were requested.`);
      });

      it("handles budgets and points up to 9007199254740991 exactly", async () => {
        const fixture = await questFixture(ctx(), { total_points: POINTS_MAX });
        const response = await allocate(ctx(), fixture, {
          points: POINTS_MAX - 1,
          address: fixture.playerPass,
        });
        expectStatus(response, 200);
        assert.equal(response.json().payout.amount, POINTS_MAX - 1);
        assert.equal(await pointsRemaining(ctx(), fixture), 1);
        const refused = await allocate(ctx(), fixture, { points: 2, address: fixture.playerPass });
        const body = assertProblem(refused, 400, "INSUFFICIENT_POINTS");
        assert.equal(body.detail, `Quest ${fixture.questId} has 1 points left; 2 were requested.`);
        expectStatus(
          await allocate(ctx(), fixture, { points: 1, address: fixture.playerPass }),
          200,
        );
        assert.equal(await pointsRemaining(ctx(), fixture), 0);
      });

      it("records no earning period on the payout while none is defined", async () => {
        const fixture = await questFixture(ctx());
        const response = await allocate(ctx(), fixture, { points: 2, address: fixture.playerPass });
        expectStatus(response, 200);
        const { rows } = await ctx().db.query<{ earning_period_id: number | null }>(
          "SELECT earning_period_id FROM payouts WHERE id = $1",
          [response.json().payout.id],
        );
        assert.deepEqual(rows, [{ earning_period_id: null }]);
      });
    });

    describe("body validation", () => {
      const pointsCases: [string, unknown][] = [
        ["a fraction (1.5)", 1.5],
        ['a string ("5")', "5"],
        ["zero", 0],
        ["negative (-1)", -1],
        ["above 9007199254740991", 9007199254740992],
        ["null", null],
        ["a boolean", true],
        ["an array", [5]],
      ];
      for (const [label, points] of pointsCases) {
        it(`refuses points that is ${label} with BAD_REQUEST naming points`, async () => {
          const fixture = await questFixture(ctx());
          const response = await allocate(ctx(), fixture, {
            points,
            address: fixture.playerPass,
          });
          assertProblem(response, 400, "BAD_REQUEST", "points");
          assert.equal(await pointsRemaining(ctx(), fixture), 1000);
        });
      }

      it("refuses a missing points with BAD_REQUEST naming points", async () => {
        const fixture = await questFixture(ctx());
        const response = await allocate(ctx(), fixture, { address: fixture.playerPass });
        assertProblem(response, 400, "BAD_REQUEST", "points");
      });

      it("refuses points written as 1e400 (not a finite integer) with BAD_REQUEST", async () => {
        const fixture = await questFixture(ctx());
        const response = await allocateRaw(
          ctx(),
          fixture,
          `{"points":1e400,"address":"${fixture.playerPass}"}`,
        );
        assertProblem(response, 400, "BAD_REQUEST", "points");
        assert.equal(await pointsRemaining(ctx(), fixture), 1000);
      });

      it("takes points 9007199254740991 as valid syntax: INSUFFICIENT_POINTS, not BAD_REQUEST", async () => {
        const fixture = await questFixture(ctx(), { total_points: 1000 });
        const response = await allocate(ctx(), fixture, {
          points: POINTS_MAX,
          address: fixture.playerPass,
        });
        const body = assertProblem(response, 400, "INSUFFICIENT_POINTS");
        assert.equal(
          body.detail,
          `Quest ${fixture.questId} has 1000 points left; 9007199254740991 were requested.`,
        );
      });

      const addressCases: [string, (pass: string) => unknown][] = [
        ["with non-hex digits", () => `0x${"g".repeat(40)}`],
        ["with 39 hex digits", (pass) => pass.slice(0, 41)],
        ["with 41 hex digits", (pass) => `${pass}a`],
        ["without the 0x prefix", (pass) => pass.slice(2)],
        ["in mixed case with a wrong EIP-55 checksum", () => BAD_CHECKSUM],
        ["an empty string", () => ""],
        ["a number", () => 12345],
        ["null", () => null],
      ];
      for (const [label, make] of addressCases) {
        it(`refuses an address ${label} with BAD_REQUEST naming address`, async () => {
          const fixture = await questFixture(ctx());
          const response = await allocate(ctx(), fixture, {
            points: 5,
            address: make(fixture.playerPass),
          });
          assertProblem(response, 400, "BAD_REQUEST", "address");
          assert.equal(await pointsRemaining(ctx(), fixture), 1000);
        });
      }

      it("refuses a wrong checksum even when the correctly checksummed address is registered", async () => {
        const fixture = await questFixture(ctx());
        await createAccount(ctx(), "0xFfFFFFff00000000000000000000000000000001");
        const response = await allocate(ctx(), fixture, { points: 5, address: BAD_CHECKSUM });
        assertProblem(response, 400, "BAD_REQUEST", "address");
      });

      it("refuses a missing address with BAD_REQUEST naming address", async () => {
        const fixture = await questFixture(ctx());
        const response = await allocate(ctx(), fixture, { points: 5 });
        assertProblem(response, 400, "BAD_REQUEST", "address");
      });

      it("names both fields when both are wrong", async () => {
        const fixture = await questFixture(ctx());
        const response = await allocate(ctx(), fixture, { points: "many", address: "nowhere" });
        const body = assertProblem(response, 400, "BAD_REQUEST", "points");
        assert.ok(body.errors.some((error: { field: string }) => error.field === "address"));
      });

      it("refuses an unknown field such as the typo `point`, naming it", async () => {
        const fixture = await questFixture(ctx());
        const response = await allocate(ctx(), fixture, {
          point: 5,
          points: 5,
          address: fixture.playerPass,
        });
        assertProblem(response, 400, "BAD_REQUEST", "point");
        assert.equal(await pointsRemaining(ctx(), fixture), 1000);
      });

      it("refuses `point` in place of `points`, naming both", async () => {
        const fixture = await questFixture(ctx());
        const response = await allocate(ctx(), fixture, { point: 5, address: fixture.playerPass });
        const body = assertProblem(response, 400, "BAD_REQUEST", "point");
        assert.ok(body.errors.some((error: { field: string }) => error.field === "points"));
      });

      it("refuses malformed JSON with BAD_REQUEST", async () => {
        const fixture = await questFixture(ctx());
        const response = await allocateRaw(ctx(), fixture, '{"points": 5, "address": ');
        assertProblem(response, 400, "BAD_REQUEST");
        assert.equal(await pointsRemaining(ctx(), fixture), 1000);
      });

      it("refuses a text/plain body (even holding JSON) with BAD_REQUEST", async () => {
        const fixture = await questFixture(ctx());
        const response = await allocateRaw(
          ctx(),
          fixture,
          JSON.stringify({ points: 5, address: fixture.playerPass }),
          "text/plain",
        );
        assertProblem(response, 400, "BAD_REQUEST");
        assert.equal(await pointsRemaining(ctx(), fixture), 1000);
      });

      it("refuses a form-encoded body with BAD_REQUEST", async () => {
        const fixture = await questFixture(ctx());
        const response = await allocateRaw(
          ctx(),
          fixture,
          `points=5&address=${fixture.playerPass}`,
          "application/x-www-form-urlencoded",
        );
        assertProblem(response, 400, "BAD_REQUEST");
        assert.equal(await pointsRemaining(ctx(), fixture), 1000);
      });

      it("refuses an empty JSON body with BAD_REQUEST", async () => {
        const fixture = await questFixture(ctx());
        assertProblem(await allocateRaw(ctx(), fixture, ""), 400, "BAD_REQUEST");
      });

      it("refuses a request with no body at all with BAD_REQUEST", async () => {
        const fixture = await questFixture(ctx());
        assertProblem(await allocateRaw(ctx(), fixture, "", undefined), 400, "BAD_REQUEST");
      });

      it("refuses a JSON array body with BAD_REQUEST", async () => {
        const fixture = await questFixture(ctx());
        const response = await allocate(ctx(), fixture, [
          { points: 5, address: fixture.playerPass },
        ]);
        assertProblem(response, 400, "BAD_REQUEST");
        assert.equal(await pointsRemaining(ctx(), fixture), 1000);
      });

      it("checks the body before the quest's rules: a bad body on an ended quest is BAD_REQUEST", async () => {
        const fixture = await questFixture(ctx(), ended());
        const response = await allocate(ctx(), fixture, { points: 0, address: randomPass() });
        assertProblem(response, 400, "BAD_REQUEST", "points");
      });
    });

    describe("rules", () => {
      it("refuses a quest whose action type was deactivated with ACTION_TYPE_INACTIVE, and pays again once reactivated", async () => {
        const type = actionTypeName();
        const fixture = await questFixture(ctx(), { action_type: type });
        expectStatus(
          await allocate(ctx(), fixture, { points: 5, address: fixture.playerPass }),
          200,
        );
        await setActionType(ctx(), type, false);
        const refused = await allocate(ctx(), fixture, { points: 5, address: fixture.playerPass });
        assertProblem(refused, 400, "ACTION_TYPE_INACTIVE");
        assert.equal(await pointsRemaining(ctx(), fixture), 995);
        await setActionType(ctx(), type, true);
        expectStatus(
          await allocate(ctx(), fixture, { points: 5, address: fixture.playerPass }),
          200,
        );
        assert.equal(await pointsRemaining(ctx(), fixture), 990);
      });

      it("keeps paying on quests of other action types while one type is inactive", async () => {
        const type = actionTypeName();
        const fixture = await questFixture(ctx(), { action_type: type });
        const other = await questOf(ctx(), fixture, { action_type: actionTypeName() });
        await setActionType(ctx(), type, false);
        assertProblem(
          await allocate(ctx(), fixture, { points: 5, address: fixture.playerPass }),
          400,
          "ACTION_TYPE_INACTIVE",
        );
        expectStatus(await allocate(ctx(), other, { points: 5, address: fixture.playerPass }), 200);
      });

      it("refuses a quest that has not started with QUEST_NOT_ACTIVE", async () => {
        const fixture = await questFixture(ctx(), notStarted());
        const response = await allocate(ctx(), fixture, { points: 5, address: fixture.playerPass });
        assertProblem(response, 400, "QUEST_NOT_ACTIVE");
        assert.equal(await pointsRemaining(ctx(), fixture), 1000);
      });

      it("refuses a quest that has ended with QUEST_NOT_ACTIVE", async () => {
        const fixture = await questFixture(ctx(), ended());
        const response = await allocate(ctx(), fixture, { points: 5, address: fixture.playerPass });
        assertProblem(response, 400, "QUEST_NOT_ACTIVE");
        assert.equal(await pointsRemaining(ctx(), fixture), 1000);
      });

      it("refuses a disabled quest with QUEST_NOT_ACTIVE", async () => {
        const fixture = await questFixture(ctx(), { is_active: false });
        const response = await allocate(ctx(), fixture, { points: 5, address: fixture.playerPass });
        assertProblem(response, 400, "QUEST_NOT_ACTIVE");
        assert.equal(await pointsRemaining(ctx(), fixture), 1000);
      });

      it("follows the operator's switch: disabling refuses, re-enabling pays again", async () => {
        const fixture = await questFixture(ctx());
        const patch = (is_active: boolean) =>
          ctx().admin("PATCH", `/admin/quests/${fixture.questId}`, { is_active });
        expectStatus(await patch(false), 200);
        assertProblem(
          await allocate(ctx(), fixture, { points: 5, address: fixture.playerPass }),
          400,
          "QUEST_NOT_ACTIVE",
        );
        expectStatus(await patch(true), 200);
        expectStatus(
          await allocate(ctx(), fixture, { points: 5, address: fixture.playerPass }),
          200,
        );
      });

      it("refuses once the operator moves the end into the past", async () => {
        const fixture = await questFixture(ctx());
        const response = await ctx().admin("PATCH", `/admin/quests/${fixture.questId}`, ended());
        expectStatus(response, 200);
        assertProblem(
          await allocate(ctx(), fixture, { points: 5, address: fixture.playerPass }),
          400,
          "QUEST_NOT_ACTIVE",
        );
      });

      it("refuses an address with no account with ACCOUNT_NOT_FOUND", async () => {
        const fixture = await questFixture(ctx());
        const response = await allocate(ctx(), fixture, { points: 5, address: randomPass() });
        assertProblem(response, 400, "ACCOUNT_NOT_FOUND");
        assert.equal(await pointsRemaining(ctx(), fixture), 1000);
      });

      it("finds the account whatever the case of the address sent", async () => {
        const fixture = await questFixture(ctx());
        const unregistered = randomPass();
        assertProblem(
          await allocate(ctx(), fixture, { points: 5, address: unregistered.toLowerCase() }),
          400,
          "ACCOUNT_NOT_FOUND",
        );
        await createAccount(ctx(), unregistered.toLowerCase());
        const response = await allocate(ctx(), fixture, {
          points: 5,
          address: `0x${unregistered.slice(2).toUpperCase()}`,
        });
        expectStatus(response, 200);
        assert.equal(response.json().payout.account.pass, unregistered);
      });

      it("refuses points above points_remaining with INSUFFICIENT_POINTS and the contract's detail", async () => {
        const fixture = await questFixture(ctx(), { total_points: 1000 });
        const first = await allocate(ctx(), fixture, { points: 1001, address: fixture.playerPass });
        const body = assertProblem(first, 400, "INSUFFICIENT_POINTS");
        assert.equal(
          body.detail,
          `Quest ${fixture.questId} has 1000 points left; 1001 were requested.`,
        );
        expectStatus(
          await allocate(ctx(), fixture, { points: 600, address: fixture.playerPass }),
          200,
        );
        const second = await allocate(ctx(), fixture, { points: 401, address: fixture.playerPass });
        assert.equal(
          assertProblem(second, 400, "INSUFFICIENT_POINTS").detail,
          `Quest ${fixture.questId} has 400 points left; 401 were requested.`,
        );
        assert.equal(await pointsRemaining(ctx(), fixture), 400);
      });

      it("refuses any allocation on a quest with a budget of 0", async () => {
        const fixture = await questFixture(ctx(), { total_points: 0 });
        const response = await allocate(ctx(), fixture, { points: 1, address: fixture.playerPass });
        assertProblem(response, 400, "INSUFFICIENT_POINTS");
      });

      it("pays again after the operator raises total_points", async () => {
        const fixture = await questFixture(ctx(), { total_points: 100 });
        expectStatus(
          await allocate(ctx(), fixture, { points: 100, address: fixture.playerPass }),
          200,
        );
        const patched = await ctx().admin("PATCH", `/admin/quests/${fixture.questId}`, {
          total_points: 150,
        });
        expectStatus(patched, 200);
        expectStatus(
          await allocate(ctx(), fixture, { points: 50, address: fixture.playerPass }),
          200,
        );
        assert.equal(await pointsRemaining(ctx(), fixture), 0);
      });
    });

    describe("precedence when several rules fail", () => {
      it("inactive action type and insufficient points → ACTION_TYPE_INACTIVE", async () => {
        const type = actionTypeName();
        const fixture = await questFixture(ctx(), { action_type: type, total_points: 10 });
        await setActionType(ctx(), type, false);
        const response = await allocate(ctx(), fixture, {
          points: 11,
          address: fixture.playerPass,
        });
        assertProblem(response, 400, "ACTION_TYPE_INACTIVE");
      });

      it("inactive action type, ended quest and unknown account → ACTION_TYPE_INACTIVE", async () => {
        const type = actionTypeName();
        const fixture = await questFixture(ctx(), { action_type: type, ...ended() });
        await setActionType(ctx(), type, false);
        const response = await allocate(ctx(), fixture, { points: 5, address: randomPass() });
        assertProblem(response, 400, "ACTION_TYPE_INACTIVE");
      });

      it("ended quest and unknown account → QUEST_NOT_ACTIVE", async () => {
        const fixture = await questFixture(ctx(), ended());
        const response = await allocate(ctx(), fixture, { points: 5, address: randomPass() });
        assertProblem(response, 400, "QUEST_NOT_ACTIVE");
      });

      it("quest not started and insufficient points → QUEST_NOT_ACTIVE", async () => {
        const fixture = await questFixture(ctx(), { ...notStarted(), total_points: 10 });
        const response = await allocate(ctx(), fixture, {
          points: 11,
          address: fixture.playerPass,
        });
        assertProblem(response, 400, "QUEST_NOT_ACTIVE");
      });

      it("disabled quest, unknown account and insufficient points → QUEST_NOT_ACTIVE", async () => {
        const fixture = await questFixture(ctx(), { is_active: false, total_points: 10 });
        const response = await allocate(ctx(), fixture, { points: 11, address: randomPass() });
        assertProblem(response, 400, "QUEST_NOT_ACTIVE");
      });

      it("unknown account and insufficient points → ACCOUNT_NOT_FOUND", async () => {
        const fixture = await questFixture(ctx(), { total_points: 10 });
        const response = await allocate(ctx(), fixture, { points: 11, address: randomPass() });
        assertProblem(response, 400, "ACCOUNT_NOT_FOUND");
      });
    });
  });

  // Earning periods are global: this suite gets a database of its own, holding one future period.
  describe(`POST /quests/{questId} outside every earning period [${kind}]`, () => {
    const ctx = withContext(kind);
    before(async () => {
      const response = await ctx().admin("POST", "/admin/earning-periods", {
        start: new Date(Date.now() + 10 * DAY_MS).toISOString(),
        end: new Date(Date.now() + 20 * DAY_MS).toISOString(),
      });
      expectStatus(response, 201);
    });

    it("refuses with NO_ACTIVE_EARNING_PERIOD when periods exist but none covers now", async () => {
      const fixture = await questFixture(ctx());
      const response = await allocate(ctx(), fixture, { points: 5, address: fixture.playerPass });
      assertProblem(response, 400, "NO_ACTIVE_EARNING_PERIOD");
      assert.equal(await pointsRemaining(ctx(), fixture), 1000);
    });

    it("inactive action type outside every period → ACTION_TYPE_INACTIVE", async () => {
      const type = actionTypeName();
      const fixture = await questFixture(ctx(), { action_type: type });
      await setActionType(ctx(), type, false);
      const response = await allocate(ctx(), fixture, { points: 5, address: fixture.playerPass });
      assertProblem(response, 400, "ACTION_TYPE_INACTIVE");
    });

    it("ended quest outside every period → QUEST_NOT_ACTIVE", async () => {
      const fixture = await questFixture(ctx(), ended());
      const response = await allocate(ctx(), fixture, { points: 5, address: fixture.playerPass });
      assertProblem(response, 400, "QUEST_NOT_ACTIVE");
    });

    it("outside every period, unknown account and insufficient points → NO_ACTIVE_EARNING_PERIOD", async () => {
      const fixture = await questFixture(ctx(), { total_points: 10 });
      const response = await allocate(ctx(), fixture, { points: 11, address: randomPass() });
      assertProblem(response, 400, "NO_ACTIVE_EARNING_PERIOD");
    });

    it("pays again once a period covers now, and records that period on the payout", async () => {
      const fixture = await questFixture(ctx());
      assertProblem(
        await allocate(ctx(), fixture, { points: 5, address: fixture.playerPass }),
        400,
        "NO_ACTIVE_EARNING_PERIOD",
      );
      const covering = await ctx().admin("POST", "/admin/earning-periods", {
        start: new Date(Date.now() - HOUR_MS).toISOString(),
        end: new Date(Date.now() + HOUR_MS).toISOString(),
      });
      expectStatus(covering, 201);
      const periodId: number = covering.json().id;
      try {
        const response = await allocate(ctx(), fixture, {
          points: 5,
          address: fixture.playerPass,
        });
        expectStatus(response, 200);
        assert.equal(await pointsRemaining(ctx(), fixture), 995);
        const { rows } = await ctx().db.query<{ earning_period_id: number | null }>(
          "SELECT earning_period_id FROM payouts WHERE id = $1",
          [response.json().payout.id],
        );
        assert.deepEqual(rows, [{ earning_period_id: periodId }]);
      } finally {
        // Restore the suite's state (only the future period), since periods are global.
        await ctx().db.query("DELETE FROM payouts WHERE earning_period_id = $1", [periodId]);
        await ctx().db.query("DELETE FROM earning_periods WHERE id = $1", [periodId]);
      }
      assertProblem(
        await allocate(ctx(), fixture, { points: 5, address: fixture.playerPass }),
        400,
        "NO_ACTIVE_EARNING_PERIOD",
      );
    });
  });
}
