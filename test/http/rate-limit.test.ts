import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { DATABASES, expectStatus, withContext } from "../helpers/app.js";

for (const kind of DATABASES) {
  describe(`rate limiting [${kind}]`, () => {
    const ctx = withContext(kind, { RATE_LIMIT_PER_MINUTE: "5" });

    it("answers 429 RATE_LIMITED with Retry-After once a client exceeds its budget", async () => {
      for (let i = 0; i < 5; i++) expectStatus(await ctx().inject({ url: "/quests" }), 200);
      const limited = await ctx().inject({ url: "/quests" });
      expectStatus(limited, 429);
      assert.match(String(limited.headers["content-type"]), /^application\/problem\+json/);
      assert.ok(Number(limited.headers["retry-after"]) > 0, "Retry-After is a positive delay");
      const body = limited.json();
      assert.equal(body.code, "RATE_LIMITED");
      assert.equal(body.status, 429);
    });

    it("never limits the health probes", async () => {
      for (let i = 0; i < 8; i++) expectStatus(await ctx().inject({ url: "/healthz" }), 200);
    });
  });
}
