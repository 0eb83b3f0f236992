import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { loadConfig } from "../../src/config.js";
import { openPostgres } from "../../src/db/postgres.js";
import { buildApp } from "../../src/http/app.js";
import { prepareServices } from "../../src/runtime.js";
import {
  ADMIN_TOKEN,
  allocate,
  DATABASES,
  expectProblem,
  expectStatus,
  type QuestFixture,
  questFixture,
  type TestContext,
  withContext,
} from "../helpers/app.js";
import { newCampaign } from "../helpers/campaigns.js";
import { describeEachDatabase } from "../helpers/each-database.js";
import { setFeatures } from "../helpers/features.js";

async function readFeatures(ctx: TestContext) {
  const response = await ctx.admin("GET", "/admin/features");
  expectStatus(response, 200);
  return response.json();
}

/** The three quest endpoints, called as a legitimate owner would. */
function questCalls(ctx: TestContext, fixture: QuestFixture) {
  return {
    list: () => ctx.inject({ method: "GET", url: "/quests" }),
    detail: () =>
      ctx.inject({
        method: "GET",
        url: `/quests/${fixture.questId}`,
        headers: { "x-api-key": fixture.apiKey },
      }),
    allocate: () => allocate(ctx, fixture, { points: 5, address: fixture.playerPass }),
  };
}

/** Polls `probe` until it answers `status` or `withinMs` passes; returns the last answer. */
async function pollUntil(
  probe: () => Promise<LightMyRequestResponse>,
  status: number,
  withinMs: number,
): Promise<LightMyRequestResponse> {
  const deadline = Date.now() + withinMs;
  let response = await probe();
  while (response.statusCode !== status && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    response = await probe();
  }
  return response;
}

describeEachDatabase("feature switches at run time", (ctx, kind) => {
  it("starts with both features on", async () => {
    assert.deepEqual(await readFeatures(ctx()), { quests: true, campaigns: true });
  });

  it("answers 400 QUESTS_DISABLED on GET /quests and both /quests/{id} routes when quests are switched off", async () => {
    const fixture = await questFixture(ctx());
    const calls = questCalls(ctx(), fixture);
    expectStatus(await calls.detail(), 200);
    assert.deepEqual(await setFeatures(ctx(), { quests: false }), {
      quests: false,
      campaigns: true,
    });
    try {
      expectProblem(await calls.list(), 400, "QUESTS_DISABLED");
      expectProblem(
        await ctx().inject({ method: "GET", url: `/quests?owner=${fixture.ownerPass}` }),
        400,
        "QUESTS_DISABLED",
      );
      expectProblem(await calls.detail(), 400, "QUESTS_DISABLED");
      expectProblem(await calls.allocate(), 400, "QUESTS_DISABLED");
      assert.deepEqual(await readFeatures(ctx()), { quests: false, campaigns: true });
    } finally {
      await setFeatures(ctx(), { quests: true });
    }
    const detail = await calls.detail();
    expectStatus(detail, 200);
    assert.equal(detail.json().points_remaining, 1000, "nothing was paid while switched off");
    assert.deepEqual(detail.json().payouts, []);
  });

  it("keeps campaigns working while quests are switched off", async () => {
    const fixture = await questFixture(ctx());
    const campaignId = await newCampaign(ctx());
    await setFeatures(ctx(), { quests: false });
    try {
      expectProblem(await questCalls(ctx(), fixture).list(), 400, "QUESTS_DISABLED");
      const campaign = await ctx().inject({ method: "GET", url: `/campaigns/${campaignId}` });
      expectStatus(campaign, 200);
      assert.equal(campaign.json().id, campaignId);
    } finally {
      await setFeatures(ctx(), { quests: true });
    }
  });

  it("restores every quest endpoint when quests are switched back on", async () => {
    const fixture = await questFixture(ctx());
    const calls = questCalls(ctx(), fixture);
    await setFeatures(ctx(), { quests: false });
    expectProblem(await calls.detail(), 400, "QUESTS_DISABLED");
    assert.deepEqual(await setFeatures(ctx(), { quests: true }), {
      quests: true,
      campaigns: true,
    });
    const list = await calls.list();
    expectStatus(list, 200);
    assert.ok(list.json().some((quest: { id: number }) => quest.id === fixture.questId));
    expectStatus(await calls.detail(), 200);
    const paid = await calls.allocate();
    expectStatus(paid, 200);
    assert.equal(paid.json().payout.amount, 5);
  });

  it("answers 400 CAMPAIGNS_DISABLED when campaigns are switched off, and back on restores it", async () => {
    const fixture = await questFixture(ctx());
    const campaignId = await newCampaign(ctx());
    const url = `/campaigns/${campaignId}`;
    assert.deepEqual(await setFeatures(ctx(), { campaigns: false }), {
      quests: true,
      campaigns: false,
    });
    try {
      expectProblem(await ctx().inject({ method: "GET", url }), 400, "CAMPAIGNS_DISABLED");
      const calls = questCalls(ctx(), fixture);
      expectStatus(await calls.list(), 200);
      expectStatus(await calls.detail(), 200);
      expectStatus(await calls.allocate(), 200);
    } finally {
      await setFeatures(ctx(), { campaigns: true });
    }
    expectStatus(await ctx().inject({ method: "GET", url }), 200);
  });

  it("leaves a switch alone when PUT /admin/features names only the other one", async () => {
    await setFeatures(ctx(), { campaigns: false });
    try {
      assert.deepEqual(await setFeatures(ctx(), {}), { quests: true, campaigns: false });
      assert.deepEqual(await setFeatures(ctx(), { quests: true }), {
        quests: true,
        campaigns: false,
      });
    } finally {
      await setFeatures(ctx(), { campaigns: true });
    }
  });

  if (kind === "postgres") {
    it("makes a switch changed through one service instance honoured by another within one second", async () => {
      const url = ctx().url;
      assert.ok(url, "the PostgreSQL context has a database URL");
      const db = openPostgres({ url, poolSize: 4 });
      let second: FastifyInstance | undefined;
      try {
        const config = loadConfig({ ADMIN_TOKEN, LOG_LEVEL: "silent" });
        second = await buildApp(await prepareServices(config, db), { logger: false });
        await second.ready();
        const other = second;
        const listOnSecond = () => other.inject({ method: "GET", url: "/quests" });
        const listOnFirst = () => ctx().inject({ method: "GET", url: "/quests" });
        // Both instances have read (and cached) the switch as on.
        expectStatus(await listOnSecond(), 200);
        expectStatus(await listOnFirst(), 200);

        await setFeatures(ctx(), { quests: false });
        try {
          expectProblem(await pollUntil(listOnSecond, 400, 1500), 400, "QUESTS_DISABLED");
        } finally {
          const on = await other.inject({
            method: "PUT",
            url: "/admin/features",
            headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
            payload: { quests: true },
          });
          expectStatus(on, 200);
        }
        // Switched back on through the second instance: the first follows.
        expectStatus(await pollUntil(listOnFirst, 200, 1500), 200);
        expectStatus(await listOnSecond(), 200);
      } finally {
        await second?.close();
        await db.close();
      }
    });
  }
});

describeEachDatabase(
  "QUESTS_ENABLED=false",
  (ctx) => {
    it("starts with quests off and campaigns on", async () => {
      assert.deepEqual(await readFeatures(ctx()), { quests: false, campaigns: true });
      const fixture = await questFixture(ctx());
      const calls = questCalls(ctx(), fixture);
      expectProblem(await calls.list(), 400, "QUESTS_DISABLED");
      expectProblem(await calls.detail(), 400, "QUESTS_DISABLED");
      expectProblem(await calls.allocate(), 400, "QUESTS_DISABLED");
      const campaignId = await newCampaign(ctx());
      expectStatus(await ctx().inject({ method: "GET", url: `/campaigns/${campaignId}` }), 200);
      // The operator can still switch quests on at run time.
      await setFeatures(ctx(), { quests: true });
      expectStatus(await calls.list(), 200);
      expectStatus(await calls.detail(), 200);
    });
  },
  { env: { QUESTS_ENABLED: "false" } },
);

describeEachDatabase(
  "CAMPAIGNS_ENABLED=false",
  (ctx) => {
    it("starts with campaigns off and quests on", async () => {
      assert.deepEqual(await readFeatures(ctx()), { quests: true, campaigns: false });
      const campaignId = await newCampaign(ctx());
      const url = `/campaigns/${campaignId}`;
      expectProblem(await ctx().inject({ method: "GET", url }), 400, "CAMPAIGNS_DISABLED");
      const fixture = await questFixture(ctx());
      expectStatus(await questCalls(ctx(), fixture).list(), 200);
      expectStatus(await questCalls(ctx(), fixture).detail(), 200);
      await setFeatures(ctx(), { campaigns: true });
      expectStatus(await ctx().inject({ method: "GET", url }), 200);
    });
  },
  { env: { CAMPAIGNS_ENABLED: "false" } },
);

for (const kind of DATABASES) {
  describe(`the quests switch inside the allocation [${kind}]`, () => {
    // A minute: the cached switch must outlive the test, as a notice not yet arrived leaves it.
    const ctx = withContext(kind, { LOOKUP_CACHE_TTL_MS: "60000" });

    it("refuses an allocation once quests are off in the database, whatever the process's cached switch says", async () => {
      const fixture = await questFixture(ctx(), { total_points: 100 });
      const pay = () => allocate(ctx(), fixture, { points: 5, address: fixture.playerPass });
      expectStatus(await pay(), 200); // the switch is now cached as on
      // Switched off by another process whose notice has not arrived here yet.
      await ctx().db.query("UPDATE features SET enabled = false WHERE name = 'quests'");
      try {
        expectProblem(await pay(), 400, "QUESTS_DISABLED");
        const batch = await ctx().inject({
          method: "POST",
          url: `/quests/${fixture.questId}/allocations`,
          headers: { "x-api-key": fixture.apiKey },
          payload: { allocations: [{ points: 5, address: fixture.playerPass }] },
        });
        expectProblem(batch, 400, "QUESTS_DISABLED");
        const { rows } = await ctx().db.query<{ points_remaining: string; payouts: string }>(
          `SELECT points_remaining::text,
                  (SELECT count(*) FROM payouts WHERE quest_id = $1)::text AS payouts
             FROM quests WHERE id = $1`,
          [fixture.questId],
        );
        assert.deepEqual(rows[0], { points_remaining: "95", payouts: "1" }, "nothing more paid");
      } finally {
        await ctx().db.query("UPDATE features SET enabled = true WHERE name = 'quests'");
      }
    });

    it("answers as soon as quests are back on in the database, whatever the process's cached switch says", async () => {
      const fixture = await questFixture(ctx(), { total_points: 100 });
      await setFeatures(ctx(), { quests: false }); // this process caches "off"
      expectProblem(await ctx().inject({ url: "/quests" }), 400, "QUESTS_DISABLED");
      // Switched on by another process whose notice has not arrived here yet.
      await ctx().db.query("UPDATE features SET enabled = true WHERE name = 'quests'");
      expectStatus(await ctx().inject({ url: "/quests" }), 200);
      expectStatus(await allocate(ctx(), fixture, { points: 5, address: fixture.playerPass }), 200);
    });

    it("serves campaigns as soon as they are back on in the database, whatever the process's cached switch says", async () => {
      await setFeatures(ctx(), { campaigns: false });
      expectProblem(await ctx().inject({ url: "/campaigns" }), 400, "CAMPAIGNS_DISABLED");
      await ctx().db.query("UPDATE features SET enabled = true WHERE name = 'campaigns'");
      expectStatus(await ctx().inject({ url: "/campaigns" }), 200);
    });
  });
}
