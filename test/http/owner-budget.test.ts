import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { generateApiKey } from "../../src/domain/api-keys.js";
import {
  DATABASES,
  expectProblem,
  expectStatus,
  questFixture,
  type TestContext,
  withContext,
} from "../helpers/app.js";

/** The `api_keys` cache's misses so far: each one was a database lookup of a key. */
async function keyLookupMisses(ctx: TestContext): Promise<number> {
  const text = (await ctx.inject({ url: "/metrics" })).body;
  const line = text
    .split("\n")
    .find((l) => l.startsWith('questpoints_cache_lookups_total{cache="api_keys",result="miss"}'));
  return line ? Number(line.split(" ").at(-1)) : 0;
}

// The owner budget could be bypassed by sending a new made-up key each time.
for (const kind of DATABASES) {
  describe(`owner budget against made-up keys [${kind}]`, () => {
    const ctx = withContext(kind, { RATE_LIMIT_OWNER_PER_MINUTE: "4" });
    const read = (questId: number, apiKey: string, remoteAddress: string) =>
      ctx().inject({ url: `/quests/${questId}`, headers: { "x-api-key": apiKey }, remoteAddress });

    it("counts requests with unknown keys against the client address: a new key each time buys nothing", async () => {
      const fixture = await questFixture(ctx());
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) {
        statuses.push((await read(fixture.questId, generateApiKey(), "10.1.0.1")).statusCode);
      }
      assert.deepEqual(statuses, [401, 401, 401, 401, 429, 429, 429]);
      // Revoked keys and keys of the wrong shape are no way round it either.
      expectProblem(await read(fixture.questId, "sk_nope", "10.1.0.1"), 429, "RATE_LIMITED");
      // Another address has its own budget, and a usable key keeps its own.
      expectProblem(
        await read(fixture.questId, generateApiKey(), "10.1.0.2"),
        401,
        "INVALID_API_KEY",
      );
      expectStatus(await read(fixture.questId, fixture.apiKey, "10.1.0.3"), 200);
    });

    it("keeps a usable key's own budget apart from its address's", async () => {
      const fixture = await questFixture(ctx());
      for (let i = 0; i < 4; i++) {
        expectStatus(await read(fixture.questId, fixture.apiKey, "10.1.0.4"), 200);
      }
      expectProblem(await read(fixture.questId, fixture.apiKey, "10.1.0.4"), 429, "RATE_LIMITED");
      // The key's budget is spent; the address's budget for unknown keys is not.
      expectProblem(
        await read(fixture.questId, generateApiKey(), "10.1.0.4"),
        401,
        "INVALID_API_KEY",
      );
    });

    it("remembers an unknown key, so repeating it costs no database lookup", async () => {
      const fixture = await questFixture(ctx());
      const unknown = generateApiKey();
      const before = await keyLookupMisses(ctx());
      for (let i = 0; i < 3; i++) {
        expectProblem(await read(fixture.questId, unknown, "10.1.0.5"), 401, "INVALID_API_KEY");
      }
      assert.equal((await keyLookupMisses(ctx())) - before, 1, "one lookup for three requests");
    });

    it("looks up no new key from an address over its budget", async () => {
      const fixture = await questFixture(ctx());
      for (let i = 0; i < 5; i++) await read(fixture.questId, generateApiKey(), "10.1.0.6");
      const before = await keyLookupMisses(ctx());
      for (let i = 0; i < 5; i++) {
        expectProblem(
          await read(fixture.questId, generateApiKey(), "10.1.0.6"),
          429,
          "RATE_LIMITED",
        );
      }
      assert.equal((await keyLookupMisses(ctx())) - before, 0);
    });
  });
}
