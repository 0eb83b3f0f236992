import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { describe, it } from "node:test";
import type { LightMyRequestResponse } from "fastify";
import { getAddress } from "viem";
import {
  allocate,
  createQuest,
  expectProblem,
  expectStatus,
  type QuestOptions,
  randomPass,
  type TestContext,
} from "../helpers/app.js";
import { newCampaign } from "../helpers/campaigns.js";
import { describeEachDatabase } from "../helpers/each-database.js";
import { setFeatures } from "../helpers/features.js";
import {
  newAccount,
  newOwner,
  payInOrder,
  payTo,
  reverseAsOwner,
  testQuestOf,
} from "../helpers/owners.js";

const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const HOUR_MS = 60 * 60 * 1000;
const PAYOUT_ITEM_FIELDS = ["amount", "created_at", "id", "quest_id", "quest_name", "reversed"];

interface PassBalance {
  pass: string;
  points: number;
  /** As on the overall leaderboard; null with 0 points. */
  rank: number | null;
  /** Suspended by an operator: on no leaderboard. */
  suspended: boolean;
  payouts_count: number;
  by_campaign: { campaign_id: number | null; points: number }[];
  by_earning_period: { earning_period_id: number | null; points: number }[];
}

interface PassPayout {
  id: string;
  quest_id: number;
  quest_name: string;
  amount: number;
  created_at: string;
  reversed: boolean;
}

interface BoardItem {
  rank: number;
  pass: string;
  points: number;
}

interface Board {
  earning_period_id: number | null;
  campaign_id: number | null;
  items: BoardItem[];
}

/** An owner account with a live key; quests are made for it with `newQuest`. */
interface Owner {
  pass: string;
  key: string;
}

async function newQuest(ctx: TestContext, owner: Owner, options: QuestOptions = {}) {
  return { apiKey: owner.key, questId: await createQuest(ctx, owner.pass, options) };
}

async function moveQuest(ctx: TestContext, questId: number, campaignId: number | null) {
  const response = await ctx.admin("PATCH", `/admin/quests/${questId}`, {
    campaign_id: campaignId,
  });
  expectStatus(response, 200);
}

async function readPass(ctx: TestContext, address: string): Promise<PassBalance> {
  const response = await ctx.inject({ url: `/passes/${address}` });
  expectStatus(response, 200);
  assert.match(String(response.headers["content-type"]), /^application\/json/);
  return response.json();
}

async function readPayouts(ctx: TestContext, address: string, query = "") {
  const response = await ctx.inject({ url: `/passes/${address}/payouts${query}` });
  expectStatus(response, 200);
  return response.json() as { items: PassPayout[]; next_cursor: string | null };
}

async function readBoard(ctx: TestContext, query = ""): Promise<Board> {
  const response = await ctx.inject({ url: `/leaderboard${query}` });
  expectStatus(response, 200);
  assert.match(String(response.headers["content-type"]), /^application\/json/);
  const body = response.json();
  assert.deepEqual(Object.keys(body).sort(), ["campaign_id", "earning_period_id", "items"]);
  return body;
}

/** The pass's rank on the overall leaderboard (walked page by page); null when it is not on it. */
async function overallRank(ctx: TestContext, pass: string): Promise<number | null> {
  return (await walkBoard(ctx)).find((item) => item.pass === pass)?.rank ?? null;
}

/** A campaign's leaderboard items, as `[rank, pass, points]` for a readable comparison. */
async function campaignRanks(ctx: TestContext, campaignId: number, query = "") {
  const board = await readBoard(ctx, `?campaign_id=${campaignId}${query}`);
  return board.items.map((item) => [item.rank, item.pass, item.points]);
}

/** Every item of a leaderboard, page by page (offset paging, 100 a page). */
async function walkBoard(ctx: TestContext, filters = ""): Promise<BoardItem[]> {
  const all: BoardItem[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await readBoard(ctx, `?limit=100&offset=${offset}${filters}`);
    all.push(...page.items);
    if (page.items.length < 100) return all;
  }
}

/** The contract's order and ranks: points descending, ties by lower-cased address, 1,2,2,4. */
function assertRanked(items: BoardItem[]): void {
  items.forEach((item, index) => {
    assert.deepEqual(Object.keys(item).sort(), ["pass", "points", "rank"]);
    assert.equal(item.pass, getAddress(item.pass), "passes are checksummed");
    assert.ok(Number.isInteger(item.points) && item.points > 0, `${item.pass} has points`);
    const previous = items[index - 1];
    if (!previous) {
      assert.equal(item.rank, 1);
      return;
    }
    assert.ok(previous.points >= item.points, `points descend at ${index}`);
    if (previous.points === item.points) {
      assert.ok(
        previous.pass.toLowerCase() < item.pass.toLowerCase(),
        `a tie is ordered by address at ${index}`,
      );
      assert.equal(item.rank, previous.rank, `a tie shares its rank at ${index}`);
    } else {
      assert.equal(item.rank, index + 1, `rank after a lower score at ${index}`);
    }
  });
}

/**
 * A pass whose first hex digit is `digit` (a-f), written upper- or lower-case in its checksum
 * form: `a` in lower case sorts after `B` by code point but before it by numeric value.
 */
function passStartingWith(digit: string, upper: boolean): string {
  for (;;) {
    const address = getAddress(`0x${digit}${randomBytes(20).toString("hex").slice(1)}`);
    const first = address[2]!;
    if ((first === first.toUpperCase()) === upper) return address;
  }
}

/**
 * A campaign of its own with scores 50, 30, 30, 10 and a pass whose only payout was reversed.
 * The two 30s are `0xa…` (written lower-case) and `0xB…` (upper-case): by numeric value the
 * `a` pass comes first, by case-sensitive comparison it would come second.
 */
async function tiedCampaign(ctx: TestContext) {
  const owner = await newOwner(ctx);
  const campaignId = await newCampaign(ctx);
  const quest = await newQuest(ctx, owner, { campaign_id: campaignId });
  const top = await newAccount(ctx);
  const tieA = await newAccount(ctx, passStartingWith("a", false));
  const tieB = await newAccount(ctx, passStartingWith("b", true));
  const low = await newAccount(ctx);
  const zero = await newAccount(ctx);
  // Paid in an order that is neither the ranking nor the address order.
  await payTo(ctx, quest, 10, low);
  await payTo(ctx, quest, 30, tieB);
  await payTo(ctx, quest, 20, top);
  await payTo(ctx, quest, 30, tieA);
  await payTo(ctx, quest, 30, top);
  await reverseAsOwner(ctx, quest, (await payTo(ctx, quest, 40, zero)).id);
  return { campaignId, top, tieA, tieB, low, zero };
}

function withOrigin(ctx: TestContext, url: string): Promise<LightMyRequestResponse> {
  return ctx.inject({ url, headers: { origin: "https://example.org" } });
}

describeEachDatabase("passes and leaderboard", (ctx) => {
  describe("GET /passes/{address}", () => {
    it("answers live points net of reversals, every payout counted, by campaign with the null entry first and empty campaigns left out", async () => {
      const owner = await newOwner(ctx());
      const first = await newCampaign(ctx());
      const second = await newCampaign(ctx());
      const emptied = await newCampaign(ctx());
      const outside = await newQuest(ctx(), owner);
      const inFirst = await newQuest(ctx(), owner, { campaign_id: first });
      const inSecond = await newQuest(ctx(), owner, { campaign_id: second });
      const inEmptied = await newQuest(ctx(), owner, { campaign_id: emptied });
      const privateQuest = await newQuest(ctx(), owner, { is_public: false, campaign_id: first });
      const pass = await newAccount(ctx());
      await payTo(ctx(), inSecond, 7, pass);
      await payTo(ctx(), inFirst, 20, pass);
      await payTo(ctx(), outside, 10, pass);
      await payTo(ctx(), privateQuest, 2, pass);
      const reversedOutside = await payTo(ctx(), outside, 5, pass);
      const reversedEmptied = await payTo(ctx(), inEmptied, 9, pass);
      assert.equal((await readPass(ctx(), pass)).points, 53);

      await reverseAsOwner(ctx(), outside, reversedOutside.id);
      // The operator's reversal counts the same as the owner's.
      const byOperator = await ctx().admin(
        "POST",
        `/admin/payouts/${reversedEmptied.id}/reversal`,
        { reason: "fraud" },
      );
      expectStatus(byOperator, 201);
      const body = await readPass(ctx(), pass);
      assert.deepEqual(body, {
        pass,
        points: 39,
        rank: await overallRank(ctx(), pass),
        suspended: false,
        payouts_count: 6,
        by_campaign: [
          { campaign_id: null, points: 10 },
          { campaign_id: first, points: 22 },
          { campaign_id: second, points: 7 },
        ],
        by_earning_period: [{ earning_period_id: null, points: 39 }],
      });
      const listed = await readPayouts(ctx(), pass);
      assert.equal(listed.items.length, body.payouts_count, "payouts_count = items listed");
    });

    it("answers the checksummed pass for all-lower-case and all-upper-case input", async () => {
      const f = await newQuest(ctx(), await newOwner(ctx()));
      const pass = await newAccount(ctx());
      await payTo(ctx(), f, 12, pass);
      const expected = await readPass(ctx(), pass);
      assert.equal(expected.pass, pass);
      const upper = `0x${pass.slice(2).toUpperCase()}`;
      for (const input of [pass.toLowerCase(), upper]) {
        assert.deepEqual(await readPass(ctx(), input), expected, input);
        const payouts = await readPayouts(ctx(), input);
        assert.equal(payouts.items.length, 1, input);
      }
    });

    it("answers 404 PASS_NOT_FOUND for an unregistered address and 400 naming address for a malformed one", async () => {
      const unregistered = randomPass();
      for (const url of [`/passes/${unregistered}`, `/passes/${unregistered}/payouts`]) {
        const body = expectProblem(await ctx().inject({ url }), 404, "PASS_NOT_FOUND");
        assert.match(body.detail, new RegExp(unregistered, "i"), "detail names the address");
      }
      const badChecksum = "0xfFFFFFff00000000000000000000000000000001";
      for (const bad of ["0x1234", "not-an-address", `0x${"g".repeat(40)}`, badChecksum]) {
        for (const url of [`/passes/${bad}`, `/passes/${bad}/payouts`]) {
          expectProblem(await ctx().inject({ url }), 400, "BAD_REQUEST", "address");
        }
      }
    });

    it("never counts test-mode payouts: in the balance, the payout list or any leaderboard", async () => {
      const owner = await newOwner(ctx());
      const campaignId = await newCampaign(ctx());
      const live = await newQuest(ctx(), owner, { campaign_id: campaignId });
      const testQuest = await testQuestOf(ctx(), owner.pass, {
        is_public: false,
        campaign_id: campaignId,
      });
      const onlyTest = await newAccount(ctx());
      const both = await newAccount(ctx());
      await payTo(ctx(), testQuest, 500, onlyTest);
      await payTo(ctx(), testQuest, 60, both);
      const livePayout = await payTo(ctx(), live, 5, both);
      // Reversing a test payout takes nothing from live totals either.
      await reverseAsOwner(ctx(), testQuest, (await payTo(ctx(), testQuest, 70, both)).id);

      assert.deepEqual(await readPass(ctx(), onlyTest), {
        pass: onlyTest,
        points: 0,
        rank: null,
        suspended: false,
        payouts_count: 0,
        by_campaign: [],
        by_earning_period: [],
      });
      assert.deepEqual(await readPayouts(ctx(), onlyTest), { items: [], next_cursor: null });
      assert.deepEqual(await readPass(ctx(), both), {
        pass: both,
        points: 5,
        rank: await overallRank(ctx(), both),
        suspended: false,
        payouts_count: 1,
        by_campaign: [{ campaign_id: campaignId, points: 5 }],
        by_earning_period: [{ earning_period_id: null, points: 5 }],
      });
      const listed = await readPayouts(ctx(), both);
      assert.deepEqual(
        listed.items.map((item) => item.id),
        [livePayout.id],
      );
      assert.deepEqual(await campaignRanks(ctx(), campaignId), [[1, both, 5]]);
      const overall = await walkBoard(ctx());
      assert.ok(!overall.some((item) => item.pass === onlyTest), "test points rank nowhere");
      assert.equal(overall.find((item) => item.pass === both)?.points, 5);
    });

    it("moves a quest's points with the quest to its new campaign, in balances and campaign leaderboards", async () => {
      const owner = await newOwner(ctx());
      const from = await newCampaign(ctx());
      const to = await newCampaign(ctx());
      const moved = await newQuest(ctx(), owner, { campaign_id: from });
      const staying = await newQuest(ctx(), owner, { campaign_id: to });
      const mover = await newAccount(ctx());
      const other = await newAccount(ctx());
      await payTo(ctx(), moved, 40, mover);
      await reverseAsOwner(ctx(), moved, (await payTo(ctx(), moved, 30, mover)).id);
      await payTo(ctx(), staying, 15, mover);
      await payTo(ctx(), staying, 25, other);
      assert.deepEqual(await campaignRanks(ctx(), from), [[1, mover, 40]]);
      assert.deepEqual(await campaignRanks(ctx(), to), [
        [1, other, 25],
        [2, mover, 15],
      ]);

      await moveQuest(ctx(), moved.questId, to);
      assert.deepEqual(await campaignRanks(ctx(), from), []);
      assert.deepEqual(await campaignRanks(ctx(), to), [
        [1, mover, 55],
        [2, other, 25],
      ]);
      const afterMove = await readPass(ctx(), mover);
      assert.equal(afterMove.points, 55);
      assert.equal(afterMove.payouts_count, 3);
      assert.deepEqual(afterMove.by_campaign, [{ campaign_id: to, points: 55 }]);

      // A test quest moved into the campaign brings no points with it.
      const testQuest = await testQuestOf(ctx(), owner.pass, { campaign_id: from });
      await payTo(ctx(), testQuest, 99, other);
      await moveQuest(ctx(), testQuest.questId, to);
      assert.deepEqual(await campaignRanks(ctx(), to), [
        [1, mover, 55],
        [2, other, 25],
      ]);

      await moveQuest(ctx(), moved.questId, null);
      assert.deepEqual((await readPass(ctx(), mover)).by_campaign, [
        { campaign_id: null, points: 40 },
        { campaign_id: to, points: 15 },
      ]);
      assert.deepEqual(await campaignRanks(ctx(), to), [
        [1, other, 25],
        [2, mover, 15],
      ]);
      // Payouts made after the move count in the quest's current campaign too.
      await payTo(ctx(), moved, 1, mover);
      assert.deepEqual((await readPass(ctx(), mover)).by_campaign, [
        { campaign_id: null, points: 41 },
        { campaign_id: to, points: 15 },
      ]);
    });
    it("counts a batch's payouts, and an idempotent replay only once", async () => {
      const owner = await newOwner(ctx());
      const campaignId = await newCampaign(ctx());
      const quest = await newQuest(ctx(), owner, { campaign_id: campaignId });
      const many = await newAccount(ctx());
      const once = await newAccount(ctx());
      const batch = await ctx().inject({
        method: "POST",
        url: `/quests/${quest.questId}/allocations`,
        headers: { "x-api-key": quest.apiKey },
        payload: {
          allocations: [1, 2, 3, 4, 5].map((points) => ({ points, address: many })),
        },
      });
      expectStatus(batch, 200);
      assert.equal(batch.json().paid_count, 5);
      for (let i = 0; i < 2; i++) {
        const paid = await allocate(
          ctx(),
          quest,
          { points: 8, address: once },
          { "idempotency-key": `once-${quest.questId}` },
        );
        expectStatus(paid, 200);
      }
      assert.deepEqual(await readPass(ctx(), many), {
        pass: many,
        points: 15,
        rank: await overallRank(ctx(), many),
        suspended: false,
        payouts_count: 5,
        by_campaign: [{ campaign_id: campaignId, points: 15 }],
        by_earning_period: [{ earning_period_id: null, points: 15 }],
      });
      const single = await readPass(ctx(), once);
      assert.equal(single.points, 8);
      assert.equal(single.payouts_count, 1);
      assert.deepEqual(await campaignRanks(ctx(), campaignId), [
        [1, many, 15],
        [2, once, 8],
      ]);

      // The batch's payouts may share one time: paging still lists each exactly once.
      const whole = (await readPayouts(ctx(), many)).items;
      assert.equal(whole.length, 5);
      const paged: PassPayout[] = [];
      let cursor: string | null = null;
      do {
        const query: string = `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
        const page = await readPayouts(ctx(), many, query);
        paged.push(...page.items);
        cursor = page.next_cursor;
        assert.ok(paged.length <= 5, "no payout is listed twice");
      } while (cursor !== null);
      assert.deepEqual(paged, whole);
      assert.deepEqual(whole.map((item) => item.amount).sort(), [1, 2, 3, 4, 5]);
      for (let i = 1; i < whole.length; i++) {
        assert.ok(whole[i - 1]!.created_at >= whole[i]!.created_at, "newest first");
      }
    });
  });

  describe("GET /passes/{address}/payouts", () => {
    it("lists the pass's live payouts newest first as {id, quest_id, quest_name, amount, created_at, reversed}, paged by cursor", async () => {
      const owner = await newOwner(ctx());
      const alpha = await newQuest(ctx(), owner, { name: "Alpha" });
      const beta = await newQuest(ctx(), owner, { name: "Beta" });
      const pass = await newAccount(ctx());
      const someoneElse = await newAccount(ctx());
      const made = [];
      for (const [quest, points] of [
        [alpha, 1],
        [beta, 2],
        [alpha, 3],
        [beta, 4],
        [alpha, 5],
      ] as const) {
        made.push({ quest, payout: await payInOrder(ctx(), quest, points, pass) });
        await payTo(ctx(), quest, 1, someoneElse);
      }
      const reversedId = made[1]!.payout.id;
      await reverseAsOwner(ctx(), beta, reversedId);

      const expected = made.reverse().map(({ quest, payout }) => ({
        id: payout.id,
        quest_id: quest.questId,
        quest_name: quest === alpha ? "Alpha" : "Beta",
        amount: payout.amount,
        created_at: payout.created_at,
        reversed: payout.id === reversedId,
      }));
      const whole = await readPayouts(ctx(), pass);
      assert.deepEqual(whole, { items: expected, next_cursor: null });
      for (const item of whole.items) {
        assert.deepEqual(Object.keys(item).sort(), PAYOUT_ITEM_FIELDS);
        assert.match(item.created_at, TIMESTAMP);
      }

      const pages: PassPayout[][] = [];
      let cursor: string | null = null;
      do {
        const query: string = `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
        const page = await readPayouts(ctx(), pass, query);
        pages.push(page.items);
        cursor = page.next_cursor;
        assert.ok(pages.length <= 3, "three pages hold five payouts");
      } while (cursor !== null);
      assert.deepEqual(
        pages.map((page) => page.length),
        [2, 2, 1],
      );
      assert.deepEqual(pages.flat(), expected);

      const balance = await readPass(ctx(), pass);
      assert.equal(balance.payouts_count, 5, "the reversed payout is still counted");
      assert.equal(balance.points, 1 + 3 + 4 + 5);
    });

    it("refuses an unreadable cursor and a limit out of 1..500 with 400 naming the field", async () => {
      const pass = await newAccount(ctx());
      for (const [query, field] of [
        ["?cursor=!!!", "cursor"],
        ["?cursor=bm9wZQ", "cursor"],
        ["?limit=0", "limit"],
        ["?limit=501", "limit"],
        ["?limit=ten", "limit"],
      ] as const) {
        const url = `/passes/${pass}/payouts${query}`;
        expectProblem(await ctx().inject({ url }), 400, "BAD_REQUEST", field);
      }
      assert.deepEqual(await readPayouts(ctx(), pass, "?limit=500"), {
        items: [],
        next_cursor: null,
      });
    });
  });

  describe("GET /leaderboard", () => {
    it("ranks a campaign's passes by points with shared ranks for ties (1, 2, 2, 4), ties by address value, 0-point passes left out", async () => {
      const s = await tiedCampaign(ctx());
      const board = await readBoard(ctx(), `?campaign_id=${s.campaignId}`);
      assert.deepEqual(board, {
        earning_period_id: null,
        campaign_id: s.campaignId,
        items: [
          { rank: 1, pass: s.top, points: 50 },
          { rank: 2, pass: s.tieA, points: 30 },
          { rank: 2, pass: s.tieB, points: 30 },
          { rank: 4, pass: s.low, points: 10 },
        ],
      });
    });

    it("pages by offset and limit; a page that starts inside a tie keeps the tie's rank", async () => {
      const s = await tiedCampaign(ctx());
      const page = (query: string) => campaignRanks(ctx(), s.campaignId, query);
      assert.deepEqual(await page("&limit=2"), [
        [1, s.top, 50],
        [2, s.tieA, 30],
      ]);
      assert.deepEqual(await page("&limit=2&offset=2"), [
        [2, s.tieB, 30],
        [4, s.low, 10],
      ]);
      assert.deepEqual(await page("&limit=1&offset=1"), [[2, s.tieA, 30]]);
      assert.deepEqual(await page("&offset=3"), [[4, s.low, 10]]);
      assert.deepEqual(await page("&offset=4"), []);
    });

    it("ranks every pass's live points overall, in the contract's order, matching each balance", async () => {
      const s = await tiedCampaign(ctx());
      const board = await readBoard(ctx());
      assert.equal(board.campaign_id, null);
      assert.equal(board.earning_period_id, null);
      const all = await walkBoard(ctx());
      assertRanked(all);
      const at = (pass: string) => all.findIndex((item) => item.pass === pass);
      for (const pass of [s.top, s.tieA, s.tieB, s.low]) {
        assert.ok(at(pass) >= 0, `${pass} is ranked`);
        const balance = await readPass(ctx(), pass);
        assert.equal(all[at(pass)]!.points, balance.points);
        assert.equal(all[at(pass)]!.rank, balance.rank, "the balance's rank is the board's");
      }
      assert.equal(at(s.zero), -1, "a pass whose points were all reversed is left out");
      assert.equal((await readPass(ctx(), s.zero)).rank, null, "0 points: no rank");
      assert.ok(at(s.top) < at(s.tieA) && at(s.tieA) < at(s.tieB) && at(s.tieB) < at(s.low));
      assert.equal(all[at(s.tieA)]!.rank, all[at(s.tieB)]!.rank);
      // The first page is the start of the whole board, with the default limit of 100.
      assert.deepEqual(board.items, all.slice(0, 100));
    });

    it("answers an unknown campaign or earning period with 200 and no items, echoing the filters", async () => {
      assert.deepEqual(await readBoard(ctx(), "?campaign_id=987654"), {
        earning_period_id: null,
        campaign_id: 987654,
        items: [],
      });
      assert.deepEqual(await readBoard(ctx(), "?earning_period_id=987654"), {
        earning_period_id: 987654,
        campaign_id: null,
        items: [],
      });
      assert.deepEqual(await readBoard(ctx(), "?earning_period_id=5&campaign_id=6543"), {
        earning_period_id: 5,
        campaign_id: 6543,
        items: [],
      });
      // Beyond the 4-byte ids the database holds: still nobody, not a 500.
      assert.deepEqual(await readBoard(ctx(), "?campaign_id=3000000000"), {
        earning_period_id: null,
        campaign_id: 3000000000,
        items: [],
      });
    });

    it("refuses limit out of 1..100, offset out of 0..10000 and malformed filters with 400 naming the field", async () => {
      for (const [query, field] of [
        ["limit=0", "limit"],
        ["limit=101", "limit"],
        ["limit=1.5", "limit"],
        ["offset=-1", "offset"],
        ["offset=10001", "offset"],
        ["offset=x", "offset"],
        ["campaign_id=abc", "campaign_id"],
        ["earning_period_id=abc", "earning_period_id"],
      ] as const) {
        const response = await ctx().inject({ url: `/leaderboard?${query}` });
        expectProblem(response, 400, "BAD_REQUEST", field);
      }
      const deepest = await readBoard(ctx(), "?limit=100&offset=10000");
      assert.deepEqual(deepest.items, []);
      const one = await readBoard(ctx(), "?limit=1");
      assert.ok(one.items.length <= 1);
    });
  });

  describe("public answers", () => {
    it("answers Access-Control-Allow-Origin: * on every pass and leaderboard answer, errors included", async () => {
      const f = await newQuest(ctx(), await newOwner(ctx()));
      const pass = await newAccount(ctx());
      await payTo(ctx(), f, 3, pass);
      for (const url of [
        `/passes/${pass}`,
        `/passes/${randomPass()}`,
        "/passes/0x12",
        `/passes/${pass}/payouts`,
        `/passes/${pass}/payouts?cursor=!!!`,
        "/leaderboard",
        "/leaderboard?limit=0",
      ]) {
        const response = await withOrigin(ctx(), url);
        assert.equal(response.headers["access-control-allow-origin"], "*", url);
        assert.equal(response.headers["access-control-allow-credentials"], undefined, url);
      }
      for (const url of [`/passes/${pass}`, `/passes/${pass}/payouts`, "/leaderboard"]) {
        const preflight = await ctx().inject({
          method: "OPTIONS",
          url,
          headers: {
            origin: "https://example.org",
            "access-control-request-method": "GET",
            "access-control-request-headers": "x-request-id",
          },
        });
        expectStatus(preflight, 204);
        assert.equal(preflight.headers["access-control-allow-origin"], "*", url);
        assert.match(String(preflight.headers["access-control-allow-methods"]), /GET/, url);
      }
    });

    it("answers 400 QUESTS_DISABLED on every pass and leaderboard read while quests are switched off", async () => {
      const f = await newQuest(ctx(), await newOwner(ctx()));
      const pass = await newAccount(ctx());
      await payTo(ctx(), f, 3, pass);
      await setFeatures(ctx(), { quests: false });
      try {
        for (const url of [
          `/passes/${pass}`,
          "/passes/not-an-address",
          `/passes/${pass}/payouts`,
          "/leaderboard",
          "/leaderboard?limit=0",
        ]) {
          expectProblem(await ctx().inject({ url }), 400, "QUESTS_DISABLED");
        }
      } finally {
        await setFeatures(ctx(), { quests: true });
      }
      assert.equal((await readPass(ctx(), pass)).points, 3);
    });
  });
  // A period covering now stamps every later payout and refuses allocations outside it, so
  // this runs last: the tests above see no period at all.
  describe("earning periods (last)", () => {
    async function createPeriod(start: number, end: number): Promise<number> {
      const response = await ctx().admin("POST", "/admin/earning-periods", {
        start: new Date(start).toISOString(),
        end: new Date(end).toISOString(),
      });
      expectStatus(response, 201);
      return response.json().id;
    }

    it("splits points by earning period with the null entry first, and ranks per period, per campaign and both", async () => {
      const owner = await newOwner(ctx());
      const campaignId = await newCampaign(ctx());
      const outside = await newQuest(ctx(), owner);
      const inCampaign = await newQuest(ctx(), owner, { campaign_id: campaignId });
      const one = await newAccount(ctx());
      const two = await newAccount(ctx());

      // Before any period exists: payouts outside any period.
      await payTo(ctx(), outside, 10, one);
      await payTo(ctx(), inCampaign, 4, one);

      const now = Date.now();
      const first = await createPeriod(now - HOUR_MS, now + HOUR_MS);
      await payTo(ctx(), outside, 20, one);
      const lastInFirst = await payTo(ctx(), inCampaign, 25, two);
      // End the first period just after its last payout; the second starts there.
      const cut = Math.max(Date.now(), Date.parse(lastInFirst.created_at) + 1);
      const ended = await ctx().admin("PATCH", `/admin/earning-periods/${first}`, {
        end: new Date(cut).toISOString(),
      });
      expectStatus(ended, 200);
      const second = await createPeriod(cut, now + HOUR_MS);
      await payTo(ctx(), inCampaign, 7, one);
      await reverseAsOwner(ctx(), outside, (await payTo(ctx(), outside, 3, two)).id);

      assert.deepEqual(await readPass(ctx(), one), {
        pass: one,
        points: 41,
        rank: await overallRank(ctx(), one),
        suspended: false,
        payouts_count: 4,
        by_campaign: [
          { campaign_id: null, points: 30 },
          { campaign_id: campaignId, points: 11 },
        ],
        by_earning_period: [
          { earning_period_id: null, points: 14 },
          { earning_period_id: first, points: 20 },
          { earning_period_id: second, points: 7 },
        ],
      });
      assert.deepEqual(await readPass(ctx(), two), {
        pass: two,
        points: 25,
        rank: await overallRank(ctx(), two),
        suspended: false,
        payouts_count: 2,
        by_campaign: [{ campaign_id: campaignId, points: 25 }],
        by_earning_period: [{ earning_period_id: first, points: 25 }],
      });

      // Overall, every period counts; the periods' boards hold only this test's payouts.
      const overall = await walkBoard(ctx());
      const at = (pass: string) => overall.findIndex((item) => item.pass === pass);
      assert.equal(overall[at(one)]?.points, 41);
      assert.equal(overall[at(two)]?.points, 25);
      assert.ok(at(one) < at(two));
      assert.deepEqual(await readBoard(ctx(), `?earning_period_id=${first}`), {
        earning_period_id: first,
        campaign_id: null,
        items: [
          { rank: 1, pass: two, points: 25 },
          { rank: 2, pass: one, points: 20 },
        ],
      });
      assert.deepEqual((await readBoard(ctx(), `?earning_period_id=${second}`)).items, [
        { rank: 1, pass: one, points: 7 },
      ]);
      assert.deepEqual(await campaignRanks(ctx(), campaignId), [
        [1, two, 25],
        [2, one, 11],
      ]);
      const both = await readBoard(ctx(), `?earning_period_id=${first}&campaign_id=${campaignId}`);
      assert.deepEqual(both, {
        earning_period_id: first,
        campaign_id: campaignId,
        items: [{ rank: 1, pass: two, points: 25 }],
      });
      assert.deepEqual(await campaignRanks(ctx(), campaignId, `&earning_period_id=${second}`), [
        [1, one, 7],
      ]);
      assert.deepEqual(
        (await readBoard(ctx(), `?earning_period_id=${second + 1000}`)).items,
        [],
        "an unknown period ranks nobody",
      );

      // Moving the quest out of the campaign takes its points out of both filters together.
      await moveQuest(ctx(), inCampaign.questId, null);
      assert.deepEqual(await campaignRanks(ctx(), campaignId, `&earning_period_id=${first}`), []);
      assert.deepEqual((await readBoard(ctx(), `?earning_period_id=${first}`)).items, [
        { rank: 1, pass: two, points: 25 },
        { rank: 2, pass: one, points: 20 },
      ]);
      const twoAfterMove = await readPass(ctx(), two);
      assert.deepEqual(twoAfterMove.by_campaign, [{ campaign_id: null, points: 25 }]);
      assert.deepEqual(twoAfterMove.by_earning_period, [{ earning_period_id: first, points: 25 }]);
    });
  });
});
