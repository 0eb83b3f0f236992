import assert from "node:assert/strict";
import { it } from "node:test";
import { allocate, expectStatus, questFixture } from "../helpers/app.js";
import { newCampaign } from "../helpers/campaigns.js";
import { describeEachDatabase } from "../helpers/each-database.js";

describeEachDatabase("reads and edits see one consistent state", (ctx) => {
  it("GET /quests/{questId} shows points_remaining and payouts of the same moment, while allocations go on", async () => {
    const fixture = await questFixture(ctx(), { total_points: 10_000 });
    let stop = false;
    const writer = (async () => {
      for (let i = 0; i < 60 && !stop; i++) {
        await Promise.all(
          Array.from({ length: 3 }, () =>
            allocate(ctx(), fixture, { points: 1, address: fixture.playerPass }),
          ),
        );
      }
    })();
    const mismatches: string[] = [];
    for (let i = 0; i < 60; i++) {
      const read = await ctx().inject({
        url: `/quests/${fixture.questId}?limit=100`,
        headers: { "x-api-key": fixture.apiKey },
      });
      expectStatus(read, 200);
      const body = read.json();
      const paid = body.payouts.reduce((sum: number, p: { amount: number }) => sum + p.amount, 0);
      if (body.payouts.length < 100 && body.points_remaining + paid !== body.total_points) {
        mismatches.push(`remaining ${body.points_remaining}, page pays ${paid}`);
      }
    }
    stop = true;
    await writer;
    assert.deepEqual(mismatches, [], "every read balanced total = remaining + listed payouts");
  });

  it("concurrent PATCHes of one campaign, each of another field, are all kept", async () => {
    const id = await newCampaign(ctx(), { name: "Before", description: "before" });
    for (let round = 0; round < 10; round++) {
      const [byName, byDescription, byFlag] = await Promise.all([
        ctx().admin("PATCH", `/admin/campaigns/${id}`, { name: `name ${round}` }),
        ctx().admin("PATCH", `/admin/campaigns/${id}`, { description: `description ${round}` }),
        ctx().admin("PATCH", `/admin/campaigns/${id}`, { is_active: round % 2 === 0 }),
      ]);
      for (const r of [byName, byDescription, byFlag]) expectStatus(r, 200);
      const now = await ctx().inject({ url: `/campaigns/${id}` });
      const body = now.json();
      assert.deepEqual(
        [body.name, body.description, body.is_active],
        [`name ${round}`, `description ${round}`, round % 2 === 0],
        `round ${round}: an edit was lost`,
      );
    }
  });
});
