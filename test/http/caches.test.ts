import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  createAccount,
  expectStatus,
  questFixture,
  randomPass,
  secondInstance,
  withContext,
} from "../helpers/app.js";

/** Polls `probe` until it answers `status`, for at most `limitMs`; returns how long it took. */
async function msUntilStatus(
  probe: () => Promise<{ statusCode: number }>,
  status: number,
  limitMs: number,
) {
  const startedMs = Date.now();
  while (Date.now() - startedMs < limitMs) {
    if ((await probe()).statusCode === status) return Date.now() - startedMs;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Number.POSITIVE_INFINITY;
}

// API keys and quest owners are cached for a second per process; these tests pin down what
// another process sees when they change (on PostgreSQL, the only store several processes share).
describe("lookup caches across service instances [postgres]", () => {
  const ctx = withContext("postgres");

  it("refuses a key revoked through another instance within one second", async () => {
    const fixture = await questFixture(ctx());
    const other = await secondInstance(ctx());
    try {
      const read = () =>
        other.app.inject({
          url: `/quests/${fixture.questId}`,
          headers: { "x-api-key": fixture.apiKey },
        });
      expectStatus(await read(), 200); // now cached on the second instance
      expectStatus(await ctx().admin("DELETE", `/admin/keys/${fixture.keyId}`), 204);
      const tookMs = await msUntilStatus(read, 401, 1500);
      assert.ok(tookMs <= 1100, `the revoked key still worked after ${tookMs} ms`);
      const refused = await read();
      assert.equal(refused.json().code, "INVALID_API_KEY");
    } finally {
      await other.close();
    }
  });

  it("follows a quest's new owner changed through another instance within one second", async () => {
    const fixture = await questFixture(ctx());
    const newOwner = randomPass();
    await createAccount(ctx(), newOwner);
    const other = await secondInstance(ctx());
    try {
      const read = () =>
        other.app.inject({
          url: `/quests/${fixture.questId}`,
          headers: { "x-api-key": fixture.apiKey },
        });
      expectStatus(await read(), 200);
      expectStatus(
        await ctx().admin("PATCH", `/admin/quests/${fixture.questId}`, { owner: newOwner }),
        200,
      );
      const tookMs = await msUntilStatus(read, 401, 1500);
      assert.ok(tookMs <= 1100, `the old owner kept access for ${tookMs} ms`);
      assert.equal((await read()).json().code, "NOT_QUEST_OWNER");
    } finally {
      await other.close();
    }
  });

  it("accepts a key issued a moment ago at once (misses are never cached)", async () => {
    const fixture = await questFixture(ctx());
    const unknown = await ctx().inject({
      url: `/quests/${fixture.questId}`,
      headers: { "x-api-key": `sk_${"A".repeat(40)}` },
    });
    expectStatus(unknown, 401);
    const issued = await ctx().admin("POST", "/admin/keys", { owner: fixture.ownerPass });
    expectStatus(issued, 201);
    const read = await ctx().inject({
      url: `/quests/${fixture.questId}`,
      headers: { "x-api-key": issued.json().key },
    });
    expectStatus(read, 200);
  });
});
