import assert from "node:assert/strict";
import { Writable } from "node:stream";
import { describe, it } from "node:test";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import {
  ADMIN_TOKEN,
  allocate,
  buildTestContext,
  createAccount,
  DATABASES,
  expectProblem,
  expectStatus,
  questFixture,
  randomPass,
  type TestContext,
  withContext,
} from "../helpers/app.js";
import { applicationProof, newWallet } from "../helpers/wallet.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const HOUR_MS = 60 * 60 * 1000;

/** An answer, with the status it must have, for the no-store checks. */
type Expected = [label: string, status: number, response: LightMyRequestResponse];

/** Sends each request and pairs its answer with the status it must have. */
async function answers(
  ctx: TestContext,
  requests: [label: string, status: number, options: InjectOptions][],
): Promise<Expected[]> {
  const out: Expected[] = [];
  for (const [label, status, options] of requests) {
    out.push([label, status, await ctx.inject(options)]);
  }
  return out;
}

function expectNoStore(expected: Expected[]) {
  for (const [label, status, response] of expected) {
    assert.equal(response.statusCode, status, `${label}: ${response.body.slice(0, 500)}`);
    assert.equal(response.headers["cache-control"], "no-store", label);
  }
}

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

  describe(`Cache-Control: no-store on every answer to a key or token [${kind}]`, () => {
    const ctx = withContext(kind);

    it("marks every owner answer no-store, errors included", async () => {
      const f = await questFixture(ctx());
      const key = { "x-api-key": f.apiKey };
      const paid = await allocate(ctx(), f, { points: 5, address: f.playerPass });
      expectStatus(paid, 200);
      const payoutId = paid.json().payout.id as string;
      const quest = `/quests/${f.questId}`;
      const reversal = { reason: "Paid twice" };
      expectNoStore([
        ["POST /quests/{id} 200", 200, paid],
        ...(await answers(ctx(), [
          ["GET /quests/{id} 200", 200, { url: quest, headers: key }],
          ["GET /quests/{id} without a key", 401, { url: quest }],
          ["GET /quests/{id} wrong key", 401, { url: quest, headers: { "x-api-key": "sk_x" } }],
          ["GET /quests/{unknown}", 404, { url: "/quests/2000000000", headers: key }],
          ["GET /quests/abc", 400, { url: "/quests/abc", headers: key }],
          ["GET /quests/{id}?limit=0", 400, { url: `${quest}?limit=0`, headers: key }],
          [
            "POST /quests/{id} unregistered pass",
            400,
            {
              method: "POST",
              url: quest,
              headers: key,
              payload: { points: 1, address: randomPass() },
            },
          ],
          [
            "POST /quests/{id}/allocations",
            200,
            {
              method: "POST",
              url: `${quest}/allocations`,
              headers: key,
              payload: { allocations: [{ points: 1, address: f.playerPass }] },
            },
          ],
          [
            "POST reversal",
            201,
            {
              method: "POST",
              url: `${quest}/payouts/${payoutId}/reversal`,
              headers: key,
              payload: reversal,
            },
          ],
          [
            "POST reversal again",
            409,
            {
              method: "POST",
              url: `${quest}/payouts/${payoutId}/reversal`,
              headers: key,
              payload: reversal,
            },
          ],
          ["GET /quests/{id}/reversals", 200, { url: `${quest}/reversals`, headers: key }],
          ["GET /quests/{id}/stats", 200, { url: `${quest}/stats`, headers: key }],
          ["GET /me", 200, { url: "/me", headers: key }],
          ["GET /me without a key", 401, { url: "/me" }],
        ])),
      ]);
    });

    it("marks every operator answer no-store, errors and exports included", async () => {
      const f = await questFixture(ctx());
      const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
      const pass = randomPass();
      await createAccount(ctx(), pass);
      const issued = await ctx().admin("POST", "/admin/keys", { owner: pass });
      expectStatus(issued, 201);
      expectNoStore([
        ["POST /admin/keys (answers a key)", 201, issued],
        ...(await answers(ctx(), [
          ["GET /admin/features", 200, { url: "/admin/features", headers: admin }],
          ["GET /admin/features without a token", 401, { url: "/admin/features" }],
          [
            "GET /admin/features, wrong token",
            401,
            { url: "/admin/features", headers: { authorization: "Bearer wrong" } },
          ],
          [
            "GET /admin/payouts",
            200,
            { url: `/admin/payouts?quest_id=${f.questId}`, headers: admin },
          ],
          ["GET /admin/payouts csv", 200, { url: "/admin/payouts?format=csv", headers: admin }],
          [
            "GET /admin/payouts ndjson",
            200,
            { url: "/admin/payouts?format=ndjson", headers: admin },
          ],
          ["GET /admin/payouts?limit=0", 400, { url: "/admin/payouts?limit=0", headers: admin }],
          ["GET /admin/audit", 200, { url: "/admin/audit", headers: admin }],
          [
            "PATCH /admin/quests/{unknown}",
            404,
            {
              method: "PATCH",
              url: "/admin/quests/2000000000",
              headers: admin,
              payload: { name: "x" },
            },
          ],
          [
            "DELETE /admin/keys/{id}",
            204,
            { method: "DELETE", url: `/admin/keys/${issued.json().id}`, headers: admin },
          ],
        ])),
      ]);
    });

    it("marks every applicant answer no-store: the token, the application and the claimed keys", async () => {
      const now = Date.now();
      const owner = newWallet();
      const body = {
        project: "No-store check",
        contact: "team@example.org",
        owner: owner.address,
        proof: await applicationProof(ctx().inject, owner),
        quest: {
          name: "Quest",
          description: "",
          total_points: 100,
          expected_points_per_completion: 1,
          start: new Date(now - HOUR_MS).toISOString(),
          end: new Date(now + 24 * HOUR_MS).toISOString(),
        },
      };
      const submitted = await ctx().inject({
        method: "POST",
        url: "/applications",
        payload: body,
        remoteAddress: "10.9.8.7",
      });
      expectStatus(submitted, 201);
      const { id, token } = submitted.json() as { id: number; token: string };
      const applicant = { "x-application-token": token };
      const read = `/applications/${id}`;
      const early = await answers(ctx(), [
        ["GET /applications/{id}", 200, { url: read, headers: applicant }],
        ["GET /applications/{id} without a token", 401, { url: read }],
        [
          "GET /applications/{unknown}",
          404,
          { url: "/applications/2000000000", headers: applicant },
        ],
        [
          "POST /applications/{id}/keys before approval",
          409,
          { method: "POST", url: `${read}/keys`, headers: applicant },
        ],
        [
          "POST /applications malformed",
          400,
          { method: "POST", url: "/applications", payload: {}, remoteAddress: "10.9.8.6" },
        ],
      ]);
      expectStatus(await ctx().admin("POST", `/admin/applications/${id}/approve`, {}), 200);
      expectNoStore([
        ["POST /applications", 201, submitted],
        ...early,
        ...(await answers(ctx(), [
          [
            "POST /applications/{id}/keys",
            201,
            { method: "POST", url: `${read}/keys`, headers: applicant },
          ],
          [
            "POST /applications/{id}/keys again",
            409,
            { method: "POST", url: `${read}/keys`, headers: applicant },
          ],
        ])),
      ]);
    });

    it("leaves the public answers' caching as it was", async () => {
      const f = await questFixture(ctx(), { is_public: true });
      expectStatus(await allocate(ctx(), f, { points: 3, address: f.playerPass }), 200);
      const quests = await ctx().inject({ url: "/quests" });
      expectStatus(quests, 200);
      assert.equal(quests.headers["cache-control"], "public, max-age=1");
      for (const url of [
        "/quests?limit=0",
        "/campaigns",
        "/campaigns/2000000000",
        `/passes/${f.playerPass}`,
        `/passes/${f.playerPass}/payouts`,
        "/leaderboard",
        "/earning-periods",
        "/healthz",
        "/openapi.json",
        "/no/such/route",
      ]) {
        const response = await ctx().inject({ url });
        assert.notEqual(response.headers["cache-control"], "no-store", url);
      }
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
