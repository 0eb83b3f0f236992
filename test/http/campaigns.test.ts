import assert from "node:assert/strict";
import { it } from "node:test";
import {
  createAccount,
  createQuest,
  expectProblem,
  expectStatus,
  randomPass,
  type TestContext,
} from "../helpers/app.js";
import { createCampaign } from "../helpers/campaigns.js";
import { describeEachDatabase } from "../helpers/each-database.js";
import { newAccount } from "../helpers/owners.js";

const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const DAY_MS = 24 * 60 * 60 * 1000;
const CAMPAIGN_FIELDS = [
  "created_at",
  "description",
  "end",
  "external_app_id",
  "id",
  "is_active",
  "name",
  "quests",
  "start",
  "updated_at",
];
const CAMPAIGN_QUEST_FIELDS = [
  "campaign_id",
  "created_at",
  "description",
  "end",
  "expected_points_per_completion",
  "id",
  "is_public",
  "name",
  "owner_id",
  "start",
  "total_points",
  "updated_at",
];

async function getCampaign(ctx: TestContext, id: number | string) {
  return ctx.inject({ method: "GET", url: `/campaigns/${id}` });
}

async function readCampaign(ctx: TestContext, id: number) {
  const response = await getCampaign(ctx, id);
  expectStatus(response, 200);
  assert.match(String(response.headers["content-type"]), /^application\/json/);
  return response.json();
}

describeEachDatabase("GET /campaigns/{id}", (ctx) => {
  it("answers exactly the campaign fields with the campaign's values", async () => {
    const start = new Date(Date.now() - DAY_MS).toISOString();
    const end = new Date(Date.now() + 3 * DAY_MS).toISOString();
    const created = await createCampaign(ctx(), {
      name: "Winter",
      description: "Winter quests",
      start,
      end,
      is_active: false,
      external_app_id: "app-7",
    });
    const body = await readCampaign(ctx(), created.id);
    assert.deepEqual(Object.keys(body).sort(), CAMPAIGN_FIELDS);
    assert.deepEqual(body, {
      id: created.id,
      created_at: created.created_at,
      updated_at: created.updated_at,
      name: "Winter",
      description: "Winter quests",
      start,
      end,
      is_active: false,
      external_app_id: "app-7",
      quests: [],
    });
    assert.ok(Number.isInteger(body.id));
    for (const field of ["created_at", "updated_at", "start", "end"] as const) {
      assert.match(body[field], TIMESTAMP, field);
    }
  });

  it("answers external_app_id null when the campaign has none", async () => {
    const created = await createCampaign(ctx());
    const body = await readCampaign(ctx(), created.id);
    assert.equal(body.external_app_id, null);
    assert.equal(body.is_active, true);
  });

  it("lists its public quests with exactly the inside-a-campaign fields", async () => {
    const owner = randomPass();
    const ownerId = await createAccount(ctx(), owner);
    const campaign = await createCampaign(ctx());
    const start = new Date(Date.now() - DAY_MS).toISOString();
    const end = new Date(Date.now() + DAY_MS).toISOString();
    const questId = await createQuest(ctx(), owner, {
      campaign_id: campaign.id,
      name: "Stake",
      description: "Stake once",
      total_points: 900,
      expected_points_per_completion: 30,
      start,
      end,
    });
    const body = await readCampaign(ctx(), campaign.id);
    assert.equal(body.quests.length, 1);
    const quest = body.quests[0];
    assert.deepEqual(Object.keys(quest).sort(), CAMPAIGN_QUEST_FIELDS);
    const { created_at, updated_at, ...rest } = quest;
    assert.deepEqual(rest, {
      id: questId,
      name: "Stake",
      description: "Stake once",
      start,
      end,
      is_public: true,
      total_points: 900,
      expected_points_per_completion: 30,
      owner_id: ownerId,
      campaign_id: campaign.id,
    });
    assert.equal(typeof quest.owner_id, "string");
    assert.match(created_at, TIMESTAMP);
    assert.match(updated_at, TIMESTAMP);
    assert.match(quest.start, TIMESTAMP);
    assert.match(quest.end, TIMESTAMP);
    assert.equal("points_remaining" in quest, false);
  });

  it("hides its private quests and orders the public ones by id", async () => {
    const ownerA = await newAccount(ctx());
    const ownerB = await newAccount(ctx());
    const campaign = await createCampaign(ctx());
    const first = await createQuest(ctx(), ownerA, { campaign_id: campaign.id });
    const hidden = await createQuest(ctx(), ownerB, {
      campaign_id: campaign.id,
      is_public: false,
    });
    const second = await createQuest(ctx(), ownerB, { campaign_id: campaign.id });
    const third = await createQuest(ctx(), ownerA, { campaign_id: campaign.id });
    const body = await readCampaign(ctx(), campaign.id);
    const ids = body.quests.map((quest: { id: number }) => quest.id);
    assert.deepEqual(ids, [first, second, third]);
    assert.equal(ids.includes(hidden), false);
    for (const quest of body.quests) assert.equal(quest.is_public, true);
  });

  it("shows only its own quests, not those of other campaigns or of none", async () => {
    const owner = await newAccount(ctx());
    const mine = await createCampaign(ctx());
    const other = await createCampaign(ctx());
    const inMine = await createQuest(ctx(), owner, { campaign_id: mine.id });
    await createQuest(ctx(), owner, { campaign_id: other.id });
    await createQuest(ctx(), owner);
    const body = await readCampaign(ctx(), mine.id);
    assert.deepEqual(
      body.quests.map((quest: { id: number; campaign_id: number }) => [
        quest.id,
        quest.campaign_id,
      ]),
      [[inMine, mine.id]],
    );
  });

  it("drops a quest the operator makes private", async () => {
    const owner = await newAccount(ctx());
    const campaign = await createCampaign(ctx());
    const questId = await createQuest(ctx(), owner, { campaign_id: campaign.id });
    assert.equal((await readCampaign(ctx(), campaign.id)).quests.length, 1);
    expectStatus(await ctx().admin("PATCH", `/admin/quests/${questId}`, { is_public: false }), 200);
    assert.deepEqual((await readCampaign(ctx(), campaign.id)).quests, []);
  });

  for (const id of [2_000_000_000, 99999999999]) {
    it(`answers unknown campaign ${id} with 404 CAMPAIGN_NOT_FOUND`, async () => {
      expectProblem(await getCampaign(ctx(), id), 404, "CAMPAIGN_NOT_FOUND");
    });
  }

  for (const id of ["abc", "0", "-1", "1.5", "0x10", "1e3"]) {
    it(`refuses campaign id '${id}' with 400 BAD_REQUEST naming id`, async () => {
      expectProblem(await getCampaign(ctx(), id), 400, "BAD_REQUEST", "id");
    });
  }

  it("answers 400 CAMPAIGNS_DISABLED while campaigns are switched off, leaving quests alone", async () => {
    const owner = await newAccount(ctx());
    const campaign = await createCampaign(ctx());
    await createQuest(ctx(), owner, { campaign_id: campaign.id });
    const off = await ctx().admin("PUT", "/admin/features", { campaigns: false });
    expectStatus(off, 200);
    try {
      assert.deepEqual(off.json(), { quests: true, campaigns: false });
      expectProblem(await getCampaign(ctx(), campaign.id), 400, "CAMPAIGNS_DISABLED");
      expectProblem(await getCampaign(ctx(), 2_000_000_000), 400, "CAMPAIGNS_DISABLED");
      expectProblem(await getCampaign(ctx(), "abc"), 400, "CAMPAIGNS_DISABLED");
      const quests = await ctx().inject({ method: "GET", url: `/quests?owner=${owner}` });
      expectStatus(quests, 200);
      assert.equal(quests.json().length, 1);
      assert.equal(quests.json()[0].campaign.id, campaign.id);
    } finally {
      const on = await ctx().admin("PUT", "/admin/features", { campaigns: true });
      expectStatus(on, 200);
      assert.deepEqual(on.json(), { quests: true, campaigns: true });
    }
    assert.equal((await readCampaign(ctx(), campaign.id)).quests.length, 1);
  });
});

describeEachDatabase("GET /campaigns", (ctx) => {
  /** Every page of GET /campaigns, following next_cursor. */
  async function walk(limit: number) {
    const items: Array<Record<string, unknown>> = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 100; pages++) {
      const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : "";
      const response = await ctx().inject({ url: `/campaigns?limit=${limit}${query}` });
      expectStatus(response, 200);
      const body = response.json();
      items.push(...body.items);
      cursor = body.next_cursor;
      if (cursor === null) return items;
    }
    throw new Error("GET /campaigns never ended");
  }

  it("lists the active campaigns oldest first, with the detail's fields minus quests", async () => {
    const first = await createCampaign(ctx(), { name: "First" });
    const inactive = await createCampaign(ctx(), { name: "Paused", is_active: false });
    const second = await createCampaign(ctx(), { name: "Second", external_app_id: "app-2" });
    const response = await ctx().inject({ url: "/campaigns" });
    expectStatus(response, 200);
    assert.equal(response.headers["access-control-allow-origin"], "*");
    const ids = response.json().items.map((c: { id: number }) => c.id);
    assert.ok(!ids.includes(inactive.id), "an inactive campaign is not listed");
    assert.ok(ids.indexOf(first.id) < ids.indexOf(second.id), "oldest first");
    const item = response.json().items.find((c: { id: number }) => c.id === second.id) as Record<
      string,
      unknown
    >;
    assert.deepEqual(
      Object.keys(item).sort(),
      CAMPAIGN_FIELDS.filter((f) => f !== "quests"),
    );
    const detail = await readCampaign(ctx(), second.id);
    delete detail.quests;
    assert.deepEqual(item, detail);
  });

  it("pages by cursor without gaps or repeats, and shows a deactivated campaign no more", async () => {
    for (let i = 0; i < 7; i++) await createCampaign(ctx(), { name: `Paged ${i}` });
    const all = await walk(100);
    const paged = await walk(2);
    assert.deepEqual(
      paged.map((c) => c.id),
      all.map((c) => c.id),
    );
    const gone = all[0]!.id as number;
    expectStatus(await ctx().admin("PATCH", `/admin/campaigns/${gone}`, { is_active: false }), 200);
    const after = (await walk(100)).map((c) => c.id);
    assert.ok(!after.includes(gone));
  });

  it("refuses a cursor it did not issue and limits outside 1..500", async () => {
    expectProblem(
      await ctx().inject({ url: "/campaigns?cursor=bm9wZQ" }),
      400,
      "BAD_REQUEST",
      "cursor",
    );
    // Well formed, but year 0000: PGlite would refuse it as out of range (a 500 before).
    const year0 = Buffer.from('["0000-01-01T00:00:00.000Z","1"]').toString("base64url");
    expectProblem(
      await ctx().inject({ url: `/campaigns?cursor=${year0}` }),
      400,
      "BAD_REQUEST",
      "cursor",
    );
    expectProblem(await ctx().inject({ url: "/campaigns?limit=0" }), 400, "BAD_REQUEST", "limit");
    expectProblem(await ctx().inject({ url: "/campaigns?limit=501" }), 400, "BAD_REQUEST", "limit");
  });

  it("answers 400 CAMPAIGNS_DISABLED while the campaign feature is off", async () => {
    expectStatus(await ctx().admin("PUT", "/admin/features", { campaigns: false }), 200);
    try {
      expectProblem(await ctx().inject({ url: "/campaigns" }), 400, "CAMPAIGNS_DISABLED");
    } finally {
      expectStatus(await ctx().admin("PUT", "/admin/features", { campaigns: true }), 200);
    }
  });
});
