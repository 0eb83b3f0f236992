import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  allocate,
  createAccount,
  createQuest,
  DATABASES,
  expectProblem,
  expectStatus,
  issueKey,
  randomPass,
  type TestContext,
  withContext,
} from "../helpers/app.js";

/** An owner with a live and a test key, a live quest and a test quest, and a registered player. */
async function twoModes(ctx: TestContext, campaignId?: number) {
  const ownerPass = randomPass();
  await createAccount(ctx, ownerPass);
  const live = await issueKey(ctx, ownerPass);
  const test = await issueKey(ctx, ownerPass, "test");
  const campaign = campaignId === undefined ? {} : { campaign_id: campaignId };
  const liveQuestId = await createQuest(ctx, ownerPass, campaign);
  const testQuestId = await createQuest(ctx, ownerPass, { mode: "test", ...campaign });
  const playerPass = randomPass();
  await createAccount(ctx, playerPass);
  return { ownerPass, live, test, liveQuestId, testQuestId, playerPass };
}

for (const kind of DATABASES) {
  describe(`test mode [${kind}]`, () => {
    const ctx = withContext(kind);

    it("issues sk_test_ keys and shows each key's and quest's mode", async () => {
      const owner = randomPass();
      await createAccount(ctx(), owner);
      const key = await ctx().admin("POST", "/admin/keys", { owner, mode: "test" });
      expectStatus(key, 201);
      assert.match(key.json().key, /^sk_test_[0-9A-Za-z]{32,}$/);
      assert.equal(key.json().mode, "test");
      const quest = await ctx().admin("POST", "/admin/quests", {
        name: "Test quest",
        description: "Try it",
        owner,
        total_points: 100,
        expected_points_per_completion: 10,
        start: new Date(Date.now() - 60_000).toISOString(),
        end: new Date(Date.now() + 60_000).toISOString(),
        mode: "test",
      });
      expectStatus(quest, 201);
      assert.equal(quest.json().mode, "test");
      assert.equal(quest.json().is_public, false, "a test quest is private by default");
    });

    it("lets a test key read and allocate on a test quest, under every rule of a live one", async () => {
      const f = await twoModes(ctx());
      const testQuest = { apiKey: f.test.key, questId: f.testQuestId };
      const paid = await allocate(ctx(), testQuest, { points: 600, address: f.playerPass });
      expectStatus(paid, 200);
      const over = await allocate(ctx(), testQuest, { points: 600, address: f.playerPass });
      expectProblem(over, 400, "INSUFFICIENT_POINTS");
      const detail = await ctx().inject({
        url: `/quests/${f.testQuestId}`,
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
        { apiKey: f.live.key, questId: f.testQuestId },
        { points: 1, address: f.playerPass },
      );
      const body = expectProblem(liveOnTest, 401, "KEY_MODE_MISMATCH");
      assert.match(body.detail, new RegExp(`live key; quest ${f.testQuestId} is test`));
      const testOnLive = await ctx().inject({
        url: `/quests/${f.liveQuestId}`,
        headers: { "x-api-key": f.test.key },
      });
      const other = expectProblem(testOnLive, 401, "KEY_MODE_MISMATCH");
      assert.match(other.detail, new RegExp(`test key; quest ${f.liveQuestId} is live`));
    });

    it("checks the owner before the mode (step 5): another account's test key is NOT_QUEST_OWNER", async () => {
      const f = await twoModes(ctx());
      const stranger = randomPass();
      await createAccount(ctx(), stranger);
      const strangerTest = await issueKey(ctx(), stranger, "test");
      const response = await ctx().inject({
        url: `/quests/${f.liveQuestId}`,
        headers: { "x-api-key": strangerTest.key },
      });
      expectProblem(response, 401, "NOT_QUEST_OWNER");
    });

    it("keeps test quests out of GET /quests, even with with=progress and owner filters", async () => {
      const f = await twoModes(ctx());
      for (const url of ["/quests", "/quests?with=progress", `/quests?owner=${f.ownerPass}`]) {
        const ids = (await ctx().inject({ url })).json().map((q: { id: number }) => q.id);
        assert.ok(ids.includes(f.liveQuestId), `${url} lists the live quest`);
        assert.ok(!ids.includes(f.testQuestId), `${url} hides the test quest`);
      }
    });

    it("keeps test quests out of their campaign's public page", async () => {
      const campaign = await ctx().admin("POST", "/admin/campaigns", {
        name: "Season",
        description: "Both modes",
        start: new Date(Date.now() - 60_000).toISOString(),
        end: new Date(Date.now() + 60_000).toISOString(),
      });
      expectStatus(campaign, 201);
      const f = await twoModes(ctx(), campaign.json().id);
      const page = await ctx().inject({ url: `/campaigns/${campaign.json().id}` });
      const ids = page.json().quests.map((q: { id: number }) => q.id);
      assert.deepEqual(ids, [f.liveQuestId]);
    });

    it("refuses a public test quest, on create and on edit, naming is_public", async () => {
      const owner = randomPass();
      await createAccount(ctx(), owner);
      const created = await ctx().admin("POST", "/admin/quests", {
        name: "Test quest",
        description: "",
        owner,
        total_points: 100,
        expected_points_per_completion: 10,
        start: new Date(Date.now() - 60_000).toISOString(),
        end: new Date(Date.now() + 60_000).toISOString(),
        mode: "test",
        is_public: true,
      });
      expectProblem(created, 400, "BAD_REQUEST", "is_public");
      const testQuestId = await createQuest(ctx(), owner, { mode: "test" });
      const edited = await ctx().admin("PATCH", `/admin/quests/${testQuestId}`, {
        is_public: true,
      });
      expectProblem(edited, 400, "BAD_REQUEST", "is_public");
    });

    it("never changes a quest's mode: PATCH refuses mode as an unknown field", async () => {
      const owner = randomPass();
      await createAccount(ctx(), owner);
      const questId = await createQuest(ctx(), owner);
      const response = await ctx().admin("PATCH", `/admin/quests/${questId}`, { mode: "test" });
      expectProblem(response, 400, "BAD_REQUEST", "mode");
    });

    it("refuses an unknown mode with 400 naming mode", async () => {
      const owner = randomPass();
      await createAccount(ctx(), owner);
      const response = await ctx().admin("POST", "/admin/keys", { owner, mode: "sandbox" });
      expectProblem(response, 400, "BAD_REQUEST", "mode");
    });
  });
}
