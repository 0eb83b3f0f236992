import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { Writable } from "node:stream";
import { after, before, describe, it } from "node:test";
import type { LightMyRequestResponse } from "fastify";
import {
  ADMIN_TOKEN,
  allocate,
  buildTestContext,
  createAccount,
  DATABASES,
  type DatabaseKind,
  expectStatus,
  issueKey,
  questFixture,
  randomPass,
  type TestContext,
} from "../helpers/app.js";

/** A test context whose app logs everything (level trace) into memory. */
async function loggedContext(kind: DatabaseKind): Promise<{ ctx: TestContext; logs: string[] }> {
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      logs.push(String(chunk));
      callback();
    },
  });
  const ctx = await buildTestContext(kind, { LOG_LEVEL: "trace" }, { level: "trace", stream });
  return { ctx, logs };
}

/** What an answer must never reveal about the server: stack frames, SQL, paths, driver text. */
function assertNothingLeaks(response: LightMyRequestResponse, secrets: string[]) {
  const body = response.body;
  const checks: Array<[RegExp, string]> = [
    [/\bat\s+\S+\s+\(|\bat\s+\S+:\d+:\d+/, "a stack frame"],
    [/\b(SELECT|INSERT|UPDATE|DELETE)\b[\s\S]*\b(FROM|INTO|SET|WHERE)\b/i, "SQL"],
    [/\/(work|home|usr|tmp|src)\/|node_modules|[\w-]+\.(ts|js|mjs):\d+/, "a file path"],
    [/pglite|pool|ECONNREFUSED|is closed|sqlstate|postgres/i, "driver text"],
  ];
  for (const [pattern, what] of checks) {
    assert.doesNotMatch(body, pattern, `the answer reveals ${what}: ${body}`);
  }
  for (const secret of secrets) {
    assert.ok(!body.includes(secret), `the answer reveals a secret: ${body}`);
  }
}

for (const kind of DATABASES) {
  describe(`security [${kind}]`, () => {
    let context: { ctx: TestContext; logs: string[] } | undefined;
    before(async () => {
      context = await loggedContext(kind);
    });
    after(async () => {
      await context?.ctx.close();
    });
    const ctx = () => context!.ctx;
    const logs = () => context!.logs.join("");

    it("never writes an x-api-key or the operator token to the logs, even at trace level", async () => {
      const fixture = await questFixture(ctx());
      const other = await questFixture(ctx());
      const headers = { "x-api-key": fixture.apiKey };
      const requests = [
        { method: "GET" as const, url: `/quests/${fixture.questId}`, headers },
        { method: "GET" as const, url: `/quests/${other.questId}`, headers },
        { method: "GET" as const, url: "/quests/999999", headers },
        { method: "GET" as const, url: "/quests", headers },
        {
          method: "POST" as const,
          url: `/quests/${fixture.questId}`,
          headers: { ...headers, "idempotency-key": "retry-1" },
          payload: { points: 5, address: fixture.playerPass },
        },
        {
          method: "POST" as const,
          url: `/quests/${fixture.questId}`,
          headers,
          payload: { points: "lots", address: fixture.playerPass },
        },
        {
          method: "GET" as const,
          url: `/quests/${fixture.questId}`,
          headers: { "x-api-key": `${fixture.apiKey}!` },
        },
        {
          method: "GET" as const,
          url: "/admin/features",
          headers: { authorization: `Bearer ${ADMIN_TOKEN}-wrong` },
        },
        {
          method: "GET" as const,
          url: "/admin/features",
          headers: { authorization: `bearer ${ADMIN_TOKEN}` },
        },
      ];
      for (const request of requests) await ctx().inject(request);
      expectStatus(await ctx().admin("DELETE", `/admin/keys/${fixture.keyId}`), 204);
      await ctx().inject({ method: "GET", url: `/quests/${fixture.questId}`, headers });

      const written = logs();
      assert.match(written, /incoming request/, "the logs were captured");
      assert.match(written, /request completed/, "the logs were captured");
      for (const key of [fixture.apiKey, other.apiKey]) {
        assert.ok(!written.includes(key), "the logs hold an API key");
        assert.ok(!written.includes(key.slice(3)), "the logs hold an API key's secret part");
      }
      assert.ok(!written.includes(ADMIN_TOKEN), "the logs hold the operator token");
    });

    it("does not echo a refused operator token or API key in the answer", async () => {
      const fixture = await questFixture(ctx());
      const wrongToken = `${ADMIN_TOKEN}-wrong`;
      const admin = await ctx().inject({
        method: "GET",
        url: "/admin/features",
        headers: { authorization: `Bearer ${wrongToken}` },
      });
      expectStatus(admin, 401);
      assert.equal(admin.json().code, "UNAUTHORIZED");
      assertNothingLeaks(admin, [ADMIN_TOKEN]);
      const revokedKey = fixture.apiKey;
      expectStatus(await ctx().admin("DELETE", `/admin/keys/${fixture.keyId}`), 204);
      const refused = await ctx().inject({
        method: "GET",
        url: `/quests/${fixture.questId}`,
        headers: { "x-api-key": revokedKey },
      });
      expectStatus(refused, 401);
      assert.equal(refused.json().code, "INVALID_API_KEY");
      assertNothingLeaks(refused, [revokedKey, revokedKey.slice(3)]);
    });

    it("never answers with an API key's hash or the key_hash column", async () => {
      const fixture = await questFixture(ctx());
      const hash = createHash("sha256").update(fixture.apiKey).digest("hex");
      const { rows } = await ctx().db.query<{ key_hash: string }>(
        "SELECT key_hash FROM api_keys WHERE id = $1",
        [fixture.keyId],
      );
      const stored = rows[0]!.key_hash;
      const campaign = await ctx().admin("POST", "/admin/campaigns", {
        name: "C",
        description: "D",
        start: new Date(Date.now() - 1000).toISOString(),
        end: new Date(Date.now() + 86_400_000).toISOString(),
      });
      expectStatus(campaign, 201);
      const headers = { "x-api-key": fixture.apiKey };
      const responses = [
        await ctx().admin("POST", "/admin/keys", { owner: fixture.ownerPass }),
        await ctx().admin("POST", "/admin/accounts", { pass: fixture.ownerPass }),
        await ctx().admin("PATCH", `/admin/quests/${fixture.questId}`, {
          campaign_id: campaign.json().id,
        }),
        await allocate(ctx(), fixture, { points: 3, address: fixture.playerPass }),
        await ctx().inject({ method: "GET", url: `/quests/${fixture.questId}`, headers }),
        await ctx().inject({ method: "GET", url: `/quests?owner=${fixture.ownerPass}` }),
        await ctx().inject({ method: "GET", url: `/campaigns/${campaign.json().id}` }),
        await ctx().inject({ method: "GET", url: "/openapi.json" }),
        await ctx().admin("DELETE", `/admin/keys/${fixture.keyId}`),
        await ctx().inject({ method: "GET", url: `/quests/${fixture.questId}`, headers }),
      ];
      for (const response of responses) {
        assert.ok(response.statusCode < 500, `unexpected ${response.statusCode}`);
        const text = `${JSON.stringify(response.headers)}\n${response.body}`;
        assert.ok(!text.includes("key_hash"), `answer names key_hash: ${response.body}`);
        assert.ok(!text.includes(hash), `answer holds the key's hash: ${response.body}`);
        assert.ok(!text.includes(stored), `answer holds the stored hash: ${response.body}`);
      }
    });

    it("answers 500 INTERNAL or 503 without stack, SQL, path or secret when the database is gone", async () => {
      const broken = await loggedContext(kind);
      try {
        const fixture = await questFixture(broken.ctx);
        const player = randomPass();
        await createAccount(broken.ctx, player);
        const key = await issueKey(broken.ctx, fixture.ownerPass);
        await broken.ctx.db.close();
        const headers = { "x-api-key": key.key };
        const responses = [
          await broken.ctx.inject({ method: "GET", url: `/quests/${fixture.questId}`, headers }),
          await allocate(
            broken.ctx,
            { apiKey: key.key, questId: fixture.questId },
            {
              points: 1,
              address: player,
            },
          ),
          await broken.ctx.inject({ method: "GET", url: "/quests" }),
          await broken.ctx.inject({ method: "GET", url: "/campaigns/1" }),
          await broken.ctx.admin("POST", "/admin/accounts", { pass: randomPass() }),
          await broken.ctx.admin("GET", "/admin/features"),
          await broken.ctx.inject({ method: "GET", url: "/readyz" }),
        ];
        for (const response of responses) {
          assert.ok(
            response.statusCode === 500 || response.statusCode === 503,
            `expected 500 or 503, got ${response.statusCode}: ${response.body}`,
          );
          assert.match(String(response.headers["content-type"]), /^application\/problem\+json/);
          const body = response.json();
          assert.equal(body.status, response.statusCode);
          assert.equal(body.code, response.statusCode === 500 ? "INTERNAL" : "SERVICE_UNAVAILABLE");
          assertNothingLeaks(response, [key.key, key.key.slice(3), ADMIN_TOKEN]);
        }
        const written = broken.logs.join("");
        assert.ok(!written.includes(key.key.slice(3)), "the error logs hold the API key");
        assert.ok(!written.includes(ADMIN_TOKEN), "the error logs hold the operator token");
      } finally {
        await broken.ctx.app.close();
      }
    });
  });
}
