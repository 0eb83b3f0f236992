import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { allocate, DATABASES, expectStatus, questFixture, withContext } from "../helpers/app.js";

for (const kind of DATABASES) {
  describe(`smoke [${kind}]`, () => {
    const ctx = withContext(kind);

    it("allocates points and shows the payout on the quest", async () => {
      const fixture = await questFixture(ctx());
      const response = await allocate(ctx(), fixture, { points: 40, address: fixture.playerPass });
      expectStatus(response, 200);
      const { payout } = response.json();
      assert.equal(payout.amount, 40);
      assert.equal(payout.account.pass, fixture.playerPass);
      const detail = await ctx().inject({
        method: "GET",
        url: `/quests/${fixture.questId}`,
        headers: { "x-api-key": fixture.apiKey },
      });
      expectStatus(detail, 200);
      assert.equal(detail.json().points_remaining, 960);
      assert.deepEqual(detail.json().payouts, [payout]);
    });
  });
}
