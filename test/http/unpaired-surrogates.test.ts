import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  allocate,
  DATABASES,
  expectProblem,
  expectStatus,
  questFixture,
  type TestContext,
  withContext,
} from "../helpers/app.js";
import { applicationProof, newWallet } from "../helpers/wallet.js";

// A lone UTF-16 surrogate (JSON's "\ud800") was a 500 where text reaches a
// jsonb column, and silently became U+FFFD in plain text columns. Every text field refuses it.
const LONE = ["\ud800", "\udfff", "ends with \ud83d", "\ude00 starts"];
const HOUR_MS = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** An application with a real owner proof, so only `name` can be wrong with it. */
async function application(ctx: TestContext, name: string) {
  const now = Date.now();
  const owner = newWallet();
  return {
    project: "Surrogates",
    contact: "team@example.com",
    owner: owner.address,
    proof: await applicationProof(ctx.inject, owner),
    quest: {
      name,
      description: "",
      total_points: 100,
      expected_points_per_completion: 1,
      start: iso(now - HOUR_MS),
      end: iso(now + 24 * HOUR_MS),
    },
  };
}

const campaign = (name: string) => ({
  name,
  description: "d",
  start: iso(Date.now() - HOUR_MS),
  end: iso(Date.now() + 24 * HOUR_MS),
});

async function payOnce(ctx: TestContext) {
  const fixture = await questFixture(ctx);
  const paid = await allocate(ctx, fixture, { points: 5, address: fixture.playerPass });
  expectStatus(paid, 200);
  return { fixture, payoutId: paid.json().payout.id as string };
}

for (const kind of DATABASES) {
  describe(`text with an unpaired surrogate is refused [${kind}]`, () => {
    const ctx = withContext(kind);

    it("refuses an application's quest name with 400 naming quest.name, storing nothing", async () => {
      const before = (await ctx().admin("GET", "/admin/applications?limit=500")).json().items
        .length;
      for (const name of LONE) {
        const response = await ctx().inject({
          method: "POST",
          url: "/applications",
          payload: await application(ctx(), name),
          remoteAddress: "10.9.0.1",
        });
        expectProblem(response, 400, "BAD_REQUEST", "quest.name");
      }
      const after = (await ctx().admin("GET", "/admin/applications?limit=500")).json().items.length;
      assert.equal(after, before);
    });

    it("refuses a reversal reason, owner's and operator's, and the payout stays unreversed", async () => {
      const { fixture, payoutId } = await payOnce(ctx());
      const owner = await ctx().inject({
        method: "POST",
        url: `/quests/${fixture.questId}/payouts/${payoutId}/reversal`,
        headers: { "x-api-key": fixture.apiKey },
        payload: { reason: "duplicate \ud800" },
      });
      expectProblem(owner, 400, "BAD_REQUEST", "reason");
      const operator = await ctx().admin("POST", `/admin/payouts/${payoutId}/reversal`, {
        reason: "\udc00",
      });
      expectProblem(operator, 400, "BAD_REQUEST", "reason");
      const reversed = await ctx().admin("POST", `/admin/payouts/${payoutId}/reversal`, {
        reason: "a real reason",
      });
      expectStatus(reversed, 201);
    });

    it("refuses operator text stored in plain columns instead of turning it into U+FFFD", async () => {
      for (const name of LONE) {
        expectProblem(
          await ctx().admin("POST", "/admin/campaigns", campaign(name)),
          400,
          "BAD_REQUEST",
          "name",
        );
      }
      const fixture = await questFixture(ctx());
      expectProblem(
        await ctx().admin("PATCH", `/admin/quests/${fixture.questId}`, { description: "x\ud800" }),
        400,
        "BAD_REQUEST",
        "description",
      );
    });

    it("refuses an application's rejection reason", async () => {
      const submitted = await ctx().inject({
        method: "POST",
        url: "/applications",
        payload: await application(ctx(), "Fine name"),
        remoteAddress: "10.9.0.2",
      });
      expectStatus(submitted, 201);
      const { id } = submitted.json();
      expectProblem(
        await ctx().admin("POST", `/admin/applications/${id}/reject`, { reason: "\ud800" }),
        400,
        "BAD_REQUEST",
        "reason",
      );
      const listed = await ctx().admin("GET", "/admin/applications?limit=500");
      const stored = listed.json().items.find((a: { id: number }) => a.id === id);
      assert.equal(stored.status, "pending");
    });

    it("names a batch item's field with its index, and a key holding one", async () => {
      const fixture = await questFixture(ctx());
      const batch = await ctx().inject({
        method: "POST",
        url: `/quests/${fixture.questId}/allocations`,
        headers: { "x-api-key": fixture.apiKey },
        payload: {
          allocations: [
            { points: 1, address: fixture.playerPass, idempotency_key: "ok" },
            { points: 1, address: fixture.playerPass, idempotency_key: "k\ud800" },
          ],
        },
      });
      expectProblem(batch, 400, "BAD_REQUEST", "allocations/1/idempotency_key");
      const key = await ctx().admin("POST", "/admin/campaigns", {
        ...campaign("n"),
        "\ud800": 1,
      });
      expectProblem(key, 400, "BAD_REQUEST", "body");
      const detail = await ctx().inject({
        url: `/quests/${fixture.questId}`,
        headers: { "x-api-key": fixture.apiKey },
      });
      assert.equal(detail.json().points_remaining, 1000, "nothing was paid");
    });

    it("keeps accepting surrogate pairs (characters beyond the BMP)", async () => {
      const created = await ctx().admin(
        "POST",
        "/admin/campaigns",
        campaign("Launch 😀 \ud83d\ude80"),
      );
      expectStatus(created, 201);
      assert.equal(created.json().name, "Launch 😀 🚀");
      const read = await ctx().inject({ url: `/campaigns/${created.json().id}` });
      assert.equal(read.json().name, "Launch 😀 🚀");
    });
  });
}
