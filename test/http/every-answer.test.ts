import assert from "node:assert/strict";
import { Writable } from "node:stream";
import { describe, it } from "node:test";
import {
  allocate,
  buildTestContext,
  DATABASES,
  expectProblem,
  expectStatus,
  questFixture,
  randomPass,
  withContext,
} from "../helpers/app.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

for (const kind of DATABASES) {
  describe(`x-request-id on every answer [${kind}]`, () => {
    const ctx = withContext(kind);

    it("makes a random UUID for each request, on successes and problems alike", async () => {
      const f = await questFixture(ctx());
      const answers = await Promise.all([
        ctx().inject({ url: "/quests" }),
        ctx().inject({ url: `/quests/${f.questId}`, headers: { "x-api-key": f.apiKey } }),
        ctx().inject({ url: "/quests/999999", headers: { "x-api-key": f.apiKey } }),
        ctx().admin("GET", "/admin/features"),
        ctx().inject({ url: "/no/such/route" }),
      ]);
      const ids = answers.map((answer) => String(answer.headers["x-request-id"]));
      for (const id of ids) assert.match(id, UUID);
      assert.equal(new Set(ids).size, ids.length, "every request has its own id");
      assert.equal(answers[2]!.json().request_id, ids[2]);
      assert.equal(answers[4]!.json().request_id, ids[4]);
    });

    it("adopts the client's own x-request-id and repeats it in the problem body", async () => {
      const f = await questFixture(ctx());
      const id = "checkout-42/retry:1 (web)";
      const refused = await allocate(
        ctx(),
        f,
        { points: 1, address: randomPass() },
        { "x-request-id": id },
      );
      const body = expectProblem(refused, 400, "ACCOUNT_NOT_FOUND");
      assert.equal(refused.headers["x-request-id"], id);
      assert.equal(body.request_id, id);
      const paid = await allocate(
        ctx(),
        f,
        { points: 1, address: f.playerPass },
        { "x-request-id": "pay-1" },
      );
      expectStatus(paid, 200);
      assert.equal(paid.headers["x-request-id"], "pay-1");
    });

    it("replaces an id it cannot adopt (too long, blank, not printable ASCII) with its own", async () => {
      for (const bad of ["x".repeat(129), "   ", "caf\u00e9"]) {
        const response = await ctx().inject({ url: "/quests", headers: { "x-request-id": bad } });
        assert.match(String(response.headers["x-request-id"]), UUID, JSON.stringify(bad));
      }
      const longest = "y".repeat(128);
      const response = await ctx().inject({ url: "/quests", headers: { "x-request-id": longest } });
      assert.equal(response.headers["x-request-id"], longest);
    });
  });

  describe(`CORS on the public reads only [${kind}]`, () => {
    const ctx = withContext(kind);

    it("lets any page read GET /quests and GET /campaigns/{id}, errors included", async () => {
      for (const url of ["/quests", "/quests?limit=0", "/campaigns/424242", "/campaigns/x"]) {
        const response = await ctx().inject({ url, headers: { origin: "https://example.org" } });
        assert.equal(response.headers["access-control-allow-origin"], "*", url);
        assert.equal(response.headers["access-control-allow-credentials"], undefined, url);
        assert.match(String(response.headers["access-control-expose-headers"]), /x-request-id/);
      }
    });

    it("answers the preflight of a public read, so a page may send x-request-id", async () => {
      for (const url of ["/quests", "/campaigns", "/campaigns/7"]) {
        const response = await ctx().inject({
          method: "OPTIONS",
          url,
          headers: {
            origin: "https://example.org",
            "access-control-request-method": "GET",
            "access-control-request-headers": "x-request-id",
          },
        });
        expectStatus(response, 204);
        assert.equal(response.headers["access-control-allow-origin"], "*", url);
        assert.match(String(response.headers["access-control-allow-methods"]), /GET/);
        assert.match(String(response.headers["access-control-allow-headers"]), /x-request-id/);
      }
    });

    it("answers no preflight for owner and operator routes", async () => {
      for (const url of ["/quests/1", "/admin/features", "/applications"]) {
        const response = await ctx().inject({
          method: "OPTIONS",
          url,
          headers: { origin: "https://example.org", "access-control-request-method": "POST" },
        });
        expectProblem(response, 404, "NOT_FOUND");
        assert.equal(response.headers["access-control-allow-origin"], undefined, url);
      }
    });

    it("keeps CORS headers off the owner, operator and write endpoints", async () => {
      const f = await questFixture(ctx());
      const origin = { origin: "https://example.org" };
      const answers = [
        await ctx().inject({
          url: `/quests/${f.questId}`,
          headers: { ...origin, "x-api-key": f.apiKey },
        }),
        await allocate(ctx(), f, { points: 1, address: f.playerPass }, origin),
        await ctx().inject({
          url: "/admin/features",
          headers: { ...origin, authorization: "Bearer wrong" },
        }),
        await ctx().inject({ url: "/metrics", headers: origin }),
      ];
      for (const answer of answers) {
        assert.equal(answer.headers["access-control-allow-origin"], undefined);
        assert.equal(answer.headers["access-control-expose-headers"], undefined);
      }
    });
  });

  describe(`GET /quests?with=progress [${kind}]`, () => {
    const ctx = withContext(kind);

    it("adds points_remaining and is_active; without it the answer is exactly the spec's", async () => {
      const f = await questFixture(ctx(), { total_points: 500 });
      expectStatus(await allocate(ctx(), f, { points: 120, address: f.playerPass }), 200);
      const disabled = await questFixture(ctx(), { is_active: false });
      const plain = (await ctx().inject({ url: "/quests" })).json();
      const quest = plain.find((q: { id: number }) => q.id === f.questId);
      assert.deepEqual(Object.keys(quest).sort(), [
        "campaign",
        "description",
        "end",
        "expected_points_per_completion",
        "id",
        "name",
        "start",
        "total_points",
      ]);
      const progress = (await ctx().inject({ url: "/quests?with=progress" })).json();
      const withProgress = progress.find((q: { id: number }) => q.id === f.questId);
      assert.deepEqual(withProgress, { ...quest, points_remaining: 380, is_active: true });
      const off = progress.find((q: { id: number }) => q.id === disabled.questId);
      assert.equal(off.is_active, false);
    });

    it("refuses any other with value with 400 naming with", async () => {
      expectProblem(
        await ctx().inject({ url: "/quests?with=payouts" }),
        400,
        "BAD_REQUEST",
        "with",
      );
    });
  });

  describe(`ACCOUNT_NOT_FOUND names the address [${kind}]`, () => {
    const ctx = withContext(kind);

    it("says which pass is unregistered, in checksum form, and that it must be registered first", async () => {
      const f = await questFixture(ctx());
      const stranger = randomPass();
      const response = await allocate(ctx(), f, { points: 1, address: stranger.toLowerCase() });
      const body = expectProblem(response, 400, "ACCOUNT_NOT_FOUND");
      assert.ok(body.detail.includes(stranger), body.detail);
      assert.match(body.detail, /must be registered first/);
    });
  });
}

describe("every log line of a request carries its id [pglite]", () => {
  it("tags the request's log lines with the adopted x-request-id", async () => {
    const lines: Array<Record<string, unknown>> = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split("\n")) if (line) lines.push(JSON.parse(line));
        done();
      },
    });
    const ctx = await buildTestContext("pglite", {}, { level: "info", stream });
    try {
      await ctx.inject({ url: "/quests/12", headers: { "x-request-id": "trace-me-7" } });
      const mine = lines.filter((line) => line.reqId === "trace-me-7");
      assert.ok(mine.length >= 2, `request log lines: ${JSON.stringify(lines)}`);
      const requestLines = lines.filter((line) => "req" in line || "res" in line);
      assert.ok(requestLines.every((line) => line.reqId !== undefined));
    } finally {
      await ctx.close();
    }
  });
});
