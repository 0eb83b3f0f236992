import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { LightMyRequestResponse } from "fastify";
import {
  ADMIN_TOKEN,
  allocate,
  DATABASES,
  expectProblem,
  expectStatus,
  questFixture,
  withContext,
} from "../helpers/app.js";

const API_KEY_CHALLENGE = 'ApiKey realm="questpoints", header="x-api-key"';
const ADMIN_CHALLENGE = 'Bearer realm="questpoints-admin"';
const ADMIN_INVALID_TOKEN = `${ADMIN_CHALLENGE}, error="invalid_token"`;
const UNKNOWN_KEY = `sk_${"0".repeat(40)}`;
const ALLOCATION = { points: 1, address: "0xffffffff00000000000000000000000000000002" };

function expectChallenge(response: LightMyRequestResponse, code: string, challenge: string): void {
  expectProblem(response, 401, code);
  assert.equal(response.headers["www-authenticate"], challenge);
}

for (const kind of DATABASES) {
  describe(`401 answers carry WWW-Authenticate [${kind}]`, () => {
    const ctx = withContext(kind);

    it("challenges for x-api-key when the key is missing", async () => {
      const { questId } = await questFixture(ctx());
      for (const method of ["GET", "POST"] as const) {
        const response = await ctx().inject({
          method,
          url: `/quests/${questId}`,
          ...(method === "POST" ? { payload: ALLOCATION } : {}),
        });
        expectChallenge(response, "INVALID_API_KEY", API_KEY_CHALLENGE);
      }
    });

    it("challenges for x-api-key when the key is unknown or revoked", async () => {
      const fixture = await questFixture(ctx());
      const unknown = await ctx().inject({
        url: `/quests/${fixture.questId}`,
        headers: { "x-api-key": UNKNOWN_KEY },
      });
      expectChallenge(unknown, "INVALID_API_KEY", API_KEY_CHALLENGE);
      expectStatus(await ctx().admin("DELETE", `/admin/keys/${fixture.keyId}`), 204);
      const revoked = await allocate(ctx(), fixture, ALLOCATION);
      expectChallenge(revoked, "INVALID_API_KEY", API_KEY_CHALLENGE);
    });

    it("challenges for x-api-key when the key's account does not own the quest", async () => {
      const mine = await questFixture(ctx());
      const theirs = await questFixture(ctx());
      const read = await ctx().inject({
        url: `/quests/${theirs.questId}`,
        headers: { "x-api-key": mine.apiKey },
      });
      expectChallenge(read, "NOT_QUEST_OWNER", API_KEY_CHALLENGE);
      const write = await allocate(
        ctx(),
        { apiKey: mine.apiKey, questId: theirs.questId },
        ALLOCATION,
      );
      expectChallenge(write, "NOT_QUEST_OWNER", API_KEY_CHALLENGE);
    });

    it("sends no challenge with an answer that is not 401", async () => {
      const fixture = await questFixture(ctx());
      const response = await ctx().inject({
        url: `/quests/${fixture.questId}`,
        headers: { "x-api-key": fixture.apiKey },
      });
      expectStatus(response, 200);
      assert.equal(response.headers["www-authenticate"], undefined);
    });

    it("challenges for the operator token when /admin gets no Authorization", async () => {
      const response = await ctx().inject({ url: "/admin/features" });
      expectChallenge(response, "UNAUTHORIZED", ADMIN_CHALLENGE);
    });

    it("challenges with error=invalid_token when /admin gets a wrong token", async () => {
      const response = await ctx().inject({
        url: "/admin/features",
        headers: { authorization: "Bearer not-the-operator-token" },
      });
      expectChallenge(response, "UNAUTHORIZED", ADMIN_INVALID_TOKEN);
    });

    it("challenges without an error when /admin gets another scheme", async () => {
      const response = await ctx().inject({
        url: "/admin/features",
        headers: { authorization: `Basic ${Buffer.from(`x:${ADMIN_TOKEN}`).toString("base64")}` },
      });
      expectChallenge(response, "UNAUTHORIZED", ADMIN_CHALLENGE);
    });

    it("matches the Bearer scheme case-insensitively (RFC 9110 §11.1)", async () => {
      for (const scheme of ["bearer", "BEARER", "bEaReR"]) {
        const response = await ctx().inject({
          url: "/admin/features",
          headers: { authorization: `${scheme} ${ADMIN_TOKEN}` },
        });
        expectStatus(response, 200);
        assert.equal(response.headers["www-authenticate"], undefined);
      }
    });

    it("refuses a lowercase bearer scheme with a wrong token, with the challenge", async () => {
      const response = await ctx().inject({
        url: "/admin/features",
        headers: { authorization: "bearer not-the-operator-token" },
      });
      expectChallenge(response, "UNAUTHORIZED", ADMIN_INVALID_TOKEN);
    });
  });
}
