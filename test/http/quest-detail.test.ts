import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { PAGE_OFFSET_MAX } from "../../src/domain/limits.js";
import {
  allocate,
  expectProblem,
  expectStatus,
  type QuestFixture,
  type QuestOptions,
  questFixture,
  type TestContext,
} from "../helpers/app.js";
import { describeEachDatabase } from "../helpers/each-database.js";
import type { Payout } from "../helpers/owner-api.js";
import { newAccount, payInOrder } from "../helpers/owners.js";

const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const DAY_MS = 24 * 60 * 60 * 1000;
const DETAIL_FIELDS = [
  "description",
  "end",
  "id",
  "is_active",
  "name",
  "payouts",
  "points_remaining",
  "start",
  "total_points",
];

function getDetail(ctx: TestContext, fixture: QuestFixture, query = "") {
  return ctx.inject({
    method: "GET",
    url: `/quests/${fixture.questId}${query}`,
    headers: { "x-api-key": fixture.apiKey },
  });
}

async function detail(ctx: TestContext, fixture: QuestFixture, query = "") {
  const response = await getDetail(ctx, fixture, query);
  expectStatus(response, 200);
  assert.match(String(response.headers["content-type"]), /^application\/json/);
  return response.json();
}

async function patchQuest(ctx: TestContext, questId: number, change: QuestOptions) {
  expectStatus(await ctx.admin("PATCH", `/admin/quests/${questId}`, change), 200);
}

describeEachDatabase("GET /quests/{questId}", (ctx) => {
  it("answers exactly the detail-view fields with the quest's values", async () => {
    const start = new Date(Date.now() - DAY_MS).toISOString();
    const end = new Date(Date.now() + DAY_MS).toISOString();
    const fixture = await questFixture(ctx(), {
      name: "Mint a pass",
      description: "Mint one",
      total_points: 777,
      start,
      end,
    });
    const body = await detail(ctx(), fixture);
    assert.deepEqual(Object.keys(body).sort(), DETAIL_FIELDS);
    assert.deepEqual(body, {
      id: fixture.questId,
      name: "Mint a pass",
      description: "Mint one",
      total_points: 777,
      points_remaining: 777,
      start,
      end,
      is_active: true,
      payouts: [],
    });
    assert.match(body.start, TIMESTAMP);
    assert.match(body.end, TIMESTAMP);
  });

  it("shows payouts with exactly id, amount, created_at and account.pass in checksum form", async () => {
    const fixture = await questFixture(ctx());
    const player = await newAccount(ctx());
    const response = await allocate(ctx(), fixture, {
      points: 12,
      address: player.toLowerCase(),
    });
    expectStatus(response, 200);
    const body = await detail(ctx(), fixture);
    assert.equal(body.points_remaining, 988);
    assert.equal(body.payouts.length, 1);
    const payout = body.payouts[0];
    assert.deepEqual(Object.keys(payout).sort(), ["account", "amount", "created_at", "id"]);
    assert.deepEqual(Object.keys(payout.account), ["pass"]);
    assert.equal(typeof payout.id, "string");
    assert.equal(payout.amount, 12);
    assert.equal(payout.account.pass, player);
    assert.match(payout.created_at, TIMESTAMP);
    assert.deepEqual(payout, response.json().payout);
  });

  describe("with 25 payouts", () => {
    let fixture: QuestFixture;
    /** Newest first: the order the service must answer in. */
    let newestFirst: Payout[];

    before(async () => {
      fixture = await questFixture(ctx());
      const made: Payout[] = [];
      for (let amount = 1; amount <= 25; amount++) {
        made.push(await payInOrder(ctx(), fixture, amount, fixture.playerPass));
      }
      newestFirst = made.reverse();
    });

    it("keeps points_remaining equal to the budget minus every payout", async () => {
      const body = await detail(ctx(), fixture);
      assert.equal(body.total_points, 1000);
      assert.equal(body.points_remaining, 1000 - (25 * 26) / 2);
    });

    it("answers the 20 newest payouts by default, newest first", async () => {
      const body = await detail(ctx(), fixture);
      assert.deepEqual(body.payouts, newestFirst.slice(0, 20));
      assert.deepEqual(
        body.payouts.map((payout: Payout) => payout.amount),
        [25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6],
      );
    });

    it("answers the remaining 5 payouts at offset 20", async () => {
      const body = await detail(ctx(), fixture, "?offset=20");
      assert.deepEqual(body.payouts, newestFirst.slice(20));
      assert.deepEqual(
        body.payouts.map((payout: Payout) => payout.amount),
        [5, 4, 3, 2, 1],
      );
    });

    it("pages with limit and offset together", async () => {
      assert.deepEqual(
        (await detail(ctx(), fixture, "?limit=5&offset=3")).payouts,
        newestFirst.slice(3, 8),
      );
      assert.deepEqual(
        (await detail(ctx(), fixture, "?limit=1&offset=24")).payouts,
        newestFirst.slice(24),
      );
      assert.deepEqual((await detail(ctx(), fixture, "?offset=25")).payouts, []);
      // The deepest offset allowed: past every position, nothing (and no arithmetic error).
      assert.deepEqual(
        (await detail(ctx(), fixture, `?limit=100&offset=${PAGE_OFFSET_MAX}`)).payouts,
        [],
      );
      assert.deepEqual((await detail(ctx(), fixture, "?limit=1")).payouts, newestFirst.slice(0, 1));
    });

    it("answers all 25 payouts with limit=100, the maximum", async () => {
      const body = await detail(ctx(), fixture, "?limit=100");
      assert.deepEqual(body.payouts, newestFirst);
      assert.equal(new Set(body.payouts.map((payout: Payout) => payout.id)).size, 25);
    });

    for (const [query, field] of [
      ["limit=0", "limit"],
      ["limit=101", "limit"],
      ["limit=-1", "limit"],
      ["limit=abc", "limit"],
      ["limit=2.5", "limit"],
      ["offset=-1", "offset"],
      ["offset=abc", "offset"],
      ["offset=1.5", "offset"],
      [`offset=${PAGE_OFFSET_MAX + 1}`, "offset"],
    ] as const) {
      it(`refuses ${query} with 400 BAD_REQUEST naming ${field}, never clamping`, async () => {
        const response = await getDetail(ctx(), fixture, `?${query}`);
        expectProblem(response, 400, "BAD_REQUEST", field);
      });
    }

    it("refuses an unknown query parameter with 400 BAD_REQUEST naming it", async () => {
      const response = await getDetail(ctx(), fixture, "?page=2");
      expectProblem(response, 400, "BAD_REQUEST", "page");
    });
  });

  it("says is_active true for an enabled quest inside its window", async () => {
    const fixture = await questFixture(ctx());
    assert.equal((await detail(ctx(), fixture)).is_active, true);
  });

  it("says is_active false for a quest that has not started yet", async () => {
    const fixture = await questFixture(ctx(), {
      start: new Date(Date.now() + DAY_MS).toISOString(),
      end: new Date(Date.now() + 2 * DAY_MS).toISOString(),
    });
    assert.equal((await detail(ctx(), fixture)).is_active, false);
  });

  it("says is_active false for a quest that has ended", async () => {
    const fixture = await questFixture(ctx(), {
      start: new Date(Date.now() - 2 * DAY_MS).toISOString(),
      end: new Date(Date.now() - DAY_MS).toISOString(),
    });
    assert.equal((await detail(ctx(), fixture)).is_active, false);
  });

  it("says is_active false for a quest created disabled by the operator", async () => {
    const fixture = await questFixture(ctx(), { is_active: false });
    assert.equal((await detail(ctx(), fixture)).is_active, false);
  });

  it("follows the operator disabling and re-enabling a running quest", async () => {
    const fixture = await questFixture(ctx());
    assert.equal((await detail(ctx(), fixture)).is_active, true);
    await patchQuest(ctx(), fixture.questId, { is_active: false });
    assert.equal((await detail(ctx(), fixture)).is_active, false);
    await patchQuest(ctx(), fixture.questId, { is_active: true });
    assert.equal((await detail(ctx(), fixture)).is_active, true);
  });

  it("follows the operator moving the window into the past", async () => {
    const fixture = await questFixture(ctx());
    await patchQuest(ctx(), fixture.questId, {
      start: new Date(Date.now() - 3 * DAY_MS).toISOString(),
      end: new Date(Date.now() - 2 * DAY_MS).toISOString(),
    });
    const body = await detail(ctx(), fixture);
    assert.equal(body.is_active, false);
  });

  it("shows a private quest to its owner", async () => {
    const fixture = await questFixture(ctx(), { is_public: false });
    const body = await detail(ctx(), fixture);
    assert.equal(body.id, fixture.questId);
  });
});
