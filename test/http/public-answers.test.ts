import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { LightMyRequestResponse } from "fastify";
import {
  createAccount,
  createQuest,
  expectProblem,
  expectStatus,
  randomPass,
  secondInstance,
  type TestContext,
  withContext,
} from "../helpers/app.js";
import { newCampaign } from "../helpers/campaigns.js";
import { describeEachDatabase } from "../helpers/each-database.js";

const get = (ctx: TestContext, url: string, headers: Record<string, string> = {}) =>
  ctx.inject({ method: "GET", url, headers });

/** Polls `read` until `done` holds; answers the time it took. Fails after `limitMs`. */
async function waitFor(
  read: () => Promise<LightMyRequestResponse>,
  done: (response: LightMyRequestResponse) => boolean,
  limitMs: number,
): Promise<number> {
  const startedMs = Date.now();
  for (;;) {
    if (done(await read())) return Date.now() - startedMs;
    if (Date.now() - startedMs > limitMs) assert.fail(`not seen within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describeEachDatabase("ready public answers with ETag", (ctx) => {
  it("answers GET /quests with an ETag and Cache-Control, and 304 to a matching If-None-Match", async () => {
    const owner = randomPass();
    await createAccount(ctx(), owner);
    await createQuest(ctx(), owner);
    const url = `/quests?owner=${owner}`;
    const first = await get(ctx(), url);
    expectStatus(first, 200);
    const etag = String(first.headers.etag);
    assert.match(etag, /^"[\w-]+"$/);
    assert.equal(first.headers["cache-control"], "public, max-age=1");
    assert.equal(first.headers["content-type"], "application/json; charset=utf-8");

    const again = await get(ctx(), url);
    assert.equal(again.body, first.body);
    assert.equal(again.headers.etag, etag);

    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
      const notModified = await get(ctx(), url, { "if-none-match": header });
      assert.equal(notModified.statusCode, 304, header);
      assert.equal(notModified.body, "");
      assert.equal(notModified.headers.etag, etag);
    }
    const stale = await get(ctx(), url, { "if-none-match": '"an-old-tag"' });
    expectStatus(stale, 200);
    assert.equal(stale.body, first.body);
  });

  it("keeps one answer per query: owner, limit and offset each get their own", async () => {
    const owner = randomPass();
    await createAccount(ctx(), owner);
    const ids = [await createQuest(ctx(), owner), await createQuest(ctx(), owner)];
    const page = async (query: string) =>
      (await get(ctx(), `/quests?owner=${owner}${query}`)).json().map((q: { id: number }) => q.id);
    assert.deepEqual(await page(""), ids);
    assert.deepEqual(await page("&limit=1"), [ids[0]]);
    assert.deepEqual(await page("&limit=1&offset=1"), [ids[1]]);
    assert.deepEqual(await page(""), ids);
  });

  it("shows an operator's quest and campaign changes in the next read, with a new ETag", async () => {
    const owner = randomPass();
    await createAccount(ctx(), owner);
    const campaignId = await newCampaign(ctx());
    const questId = await createQuest(ctx(), owner, { campaign_id: campaignId });
    const list = `/quests?owner=${owner}`;
    const campaign = `/campaigns/${campaignId}`;
    const before = await get(ctx(), list);
    const campaignBefore = await get(ctx(), campaign);
    assert.equal(campaignBefore.json().quests.length, 1);

    const added = await createQuest(ctx(), owner, { campaign_id: campaignId });
    const afterCreate = await get(ctx(), list);
    assert.deepEqual(
      afterCreate.json().map((q: { id: number }) => q.id),
      [questId, added],
    );
    assert.notEqual(afterCreate.headers.etag, before.headers.etag);
    assert.equal((await get(ctx(), campaign)).json().quests.length, 2);

    expectStatus(await ctx().admin("PATCH", `/admin/quests/${questId}`, { name: "Renamed" }), 200);
    assert.equal((await get(ctx(), list)).json()[0].name, "Renamed");
    expectStatus(
      await ctx().admin("PATCH", `/admin/campaigns/${campaignId}`, { name: "New name" }),
      200,
    );
    const campaignAfter = await get(ctx(), campaign);
    assert.equal(campaignAfter.json().name, "New name");
    assert.equal(campaignAfter.json().quests[0].name, "Renamed");
    assert.notEqual(campaignAfter.headers.etag, campaignBefore.headers.etag);
    const old = await get(ctx(), campaign, {
      "if-none-match": String(campaignBefore.headers.etag),
    });
    expectStatus(old, 200);
  });

  it("answers a campaign created after a 404 at once (a miss is never kept)", async () => {
    const next = (await newCampaign(ctx())) + 1000;
    expectProblem(await get(ctx(), `/campaigns/${next}`), 404, "CAMPAIGN_NOT_FOUND");
    // Created behind the service's back: no notice, no operator write in this process.
    await ctx().db.query(
      `INSERT INTO campaigns (id, name, description, start_at, end_at) OVERRIDING SYSTEM VALUE
       VALUES ($1, 'Raw', '', now(), now() + interval '1 day')`,
      [next],
    );
    expectStatus(await get(ctx(), `/campaigns/${next}`), 200);
  });

  it("rebuilds an answer changed behind the service's back within a second", async () => {
    const owner = randomPass();
    await createAccount(ctx(), owner);
    const questId = await createQuest(ctx(), owner);
    const url = `/quests?owner=${owner}`;
    const first = await get(ctx(), url);
    await ctx().db.query("UPDATE quests SET name = 'Changed in SQL' WHERE id = $1", [questId]);
    const tookMs = await waitFor(
      () => get(ctx(), url),
      (response) => response.json()[0]?.name === "Changed in SQL",
      3000,
    );
    assert.ok(tookMs <= 1500, `seen after ${tookMs} ms`);
    assert.notEqual((await get(ctx(), url)).headers.etag, first.headers.etag);
  });
});

describe("ready public answers across processes [postgres]", () => {
  // A minute's max age: only the change notice can make the second process rebuild in time.
  const ctx = withContext("postgres", { PUBLIC_ANSWER_MAX_AGE_MS: "60000" });

  it("a quest or campaign changed through one process shows in the other's next reads at once", async () => {
    const second = await secondInstance(ctx());
    try {
      const owner = randomPass();
      await createAccount(ctx(), owner);
      const campaignId = await newCampaign(ctx());
      const url = `/quests?owner=${owner}`;
      const read = (path: string) => second.app.inject({ method: "GET", url: path });
      assert.deepEqual((await read(url)).json(), []);
      const questId = await createQuest(ctx(), owner, { campaign_id: campaignId });
      await waitFor(
        () => read(url),
        (response) => response.json()[0]?.id === questId,
        2000,
      );
      assert.equal((await read(`/campaigns/${campaignId}`)).json().quests.length, 1);
      expectStatus(
        await ctx().admin("PATCH", `/admin/campaigns/${campaignId}`, { name: "Elsewhere" }),
        200,
      );
      await waitFor(
        () => read(`/campaigns/${campaignId}`),
        (response) => response.json().name === "Elsewhere",
        2000,
      );
    } finally {
      await second.close();
    }
  });
});

describe("public answers with PUBLIC_ANSWER_MAX_AGE_MS=0 [pglite]", () => {
  const ctx = withContext("pglite", { PUBLIC_ANSWER_MAX_AGE_MS: "0" });

  it("builds every answer afresh: a change behind the service's back shows at once", async () => {
    const owner = randomPass();
    await createAccount(ctx(), owner);
    const questId = await createQuest(ctx(), owner);
    const url = `/quests?owner=${owner}`;
    const first = await get(ctx(), url);
    assert.equal(first.headers["cache-control"], "public, max-age=0");
    await ctx().db.query("UPDATE quests SET name = 'At once' WHERE id = $1", [questId]);
    assert.equal((await get(ctx(), url)).json()[0].name, "At once");
  });
});
