import assert from "node:assert/strict";
import { it } from "node:test";
import { allocate, createQuest, expectProblem, expectStatus } from "../helpers/app.js";
import { createCampaign } from "../helpers/campaigns.js";
import { describeEachDatabase } from "../helpers/each-database.js";
import { newAccount, newOwner, twoModes } from "../helpers/owners.js";

/** The operator's body of a test quest of `owner` running now, with `extra` fields. */
function testQuestBody(owner: string, extra: Record<string, unknown> = {}) {
  return {
    name: "Test quest",
    description: "",
    owner,
    total_points: 100,
    expected_points_per_completion: 10,
    start: new Date(Date.now() - 60_000).toISOString(),
    end: new Date(Date.now() + 60_000).toISOString(),
    mode: "test",
    ...extra,
  };
}

describeEachDatabase("test mode", (ctx) => {
  it("issues sk_test_ keys and shows each key's and quest's mode", async () => {
    const owner = await newAccount(ctx());
    const key = await ctx().admin("POST", "/admin/keys", { owner, mode: "test" });
    expectStatus(key, 201);
    assert.match(key.json().key, /^sk_test_[0-9A-Za-z]{32,}$/);
    assert.equal(key.json().mode, "test");
    const quest = await ctx().admin(
      "POST",
      "/admin/quests",
      testQuestBody(owner, { description: "Try it" }),
    );
    expectStatus(quest, 201);
    assert.equal(quest.json().mode, "test");
    assert.equal(quest.json().is_public, false, "a test quest is private by default");
  });

  it("lets a test key read and allocate on a test quest, under every rule of a live one", async () => {
    const f = await twoModes(ctx());
    const paid = await allocate(ctx(), f.testQuest, { points: 600, address: f.playerPass });
    expectStatus(paid, 200);
    const over = await allocate(ctx(), f.testQuest, { points: 600, address: f.playerPass });
    expectProblem(over, 400, "INSUFFICIENT_POINTS");
    const detail = await ctx().inject({
      url: `/quests/${f.testQuest.questId}`,
      headers: { "x-api-key": f.test.key },
    });
    expectStatus(detail, 200);
    assert.equal(detail.json().points_remaining, 400);
    assert.equal(detail.json().payouts.length, 1);
  });

  it("refuses a key of the other mode with 401 KEY_MODE_MISMATCH, naming both modes", async () => {
    const f = await twoModes(ctx());
    const liveOnTest = await allocate(
      ctx(),
      { apiKey: f.live.key, questId: f.testQuest.questId },
      { points: 1, address: f.playerPass },
    );
    const body = expectProblem(liveOnTest, 401, "KEY_MODE_MISMATCH");
    assert.match(body.detail, new RegExp(`live key; quest ${f.testQuest.questId} is test`));
    const testOnLive = await ctx().inject({
      url: `/quests/${f.liveQuest.questId}`,
      headers: { "x-api-key": f.test.key },
    });
    const other = expectProblem(testOnLive, 401, "KEY_MODE_MISMATCH");
    assert.match(other.detail, new RegExp(`test key; quest ${f.liveQuest.questId} is live`));
  });

  it("checks the owner before the mode (step 5): another account's test key is NOT_QUEST_OWNER", async () => {
    const f = await twoModes(ctx());
    const strangerTest = await newOwner(ctx(), "test");
    const response = await ctx().inject({
      url: `/quests/${f.liveQuest.questId}`,
      headers: { "x-api-key": strangerTest.key },
    });
    expectProblem(response, 401, "NOT_QUEST_OWNER");
  });

  it("keeps test quests out of GET /quests, even with with=progress and owner filters", async () => {
    const f = await twoModes(ctx());
    for (const url of ["/quests", "/quests?with=progress", `/quests?owner=${f.ownerPass}`]) {
      const ids = (await ctx().inject({ url })).json().map((q: { id: number }) => q.id);
      assert.ok(ids.includes(f.liveQuest.questId), `${url} lists the live quest`);
      assert.ok(!ids.includes(f.testQuest.questId), `${url} hides the test quest`);
    }
  });

  it("keeps test quests out of their campaign's public page", async () => {
    const campaign = await createCampaign(ctx(), {
      name: "Season",
      description: "Both modes",
      start: new Date(Date.now() - 60_000).toISOString(),
      end: new Date(Date.now() + 60_000).toISOString(),
    });
    const f = await twoModes(ctx(), { campaign_id: campaign.id });
    const page = await ctx().inject({ url: `/campaigns/${campaign.id}` });
    const ids = page.json().quests.map((q: { id: number }) => q.id);
    assert.deepEqual(ids, [f.liveQuest.questId]);
  });

  it("refuses a public test quest, on create and on edit, naming is_public", async () => {
    const owner = await newAccount(ctx());
    const created = await ctx().admin(
      "POST",
      "/admin/quests",
      testQuestBody(owner, { is_public: true }),
    );
    expectProblem(created, 400, "BAD_REQUEST", "is_public");
    const testQuestId = await createQuest(ctx(), owner, { mode: "test" });
    const edited = await ctx().admin("PATCH", `/admin/quests/${testQuestId}`, {
      is_public: true,
    });
    expectProblem(edited, 400, "BAD_REQUEST", "is_public");
  });

  it("never changes a quest's mode: PATCH refuses mode as an unknown field", async () => {
    const owner = await newAccount(ctx());
    const questId = await createQuest(ctx(), owner);
    const response = await ctx().admin("PATCH", `/admin/quests/${questId}`, { mode: "test" });
    expectProblem(response, 400, "BAD_REQUEST", "mode");
  });

  it("refuses an unknown mode with 400 naming mode", async () => {
    const owner = await newAccount(ctx());
    const response = await ctx().admin("POST", "/admin/keys", { owner, mode: "sandbox" });
    expectProblem(response, 400, "BAD_REQUEST", "mode");
  });
});
