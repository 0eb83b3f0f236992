import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { generateApiKey } from "../../src/domain/api-keys.js";
import {
  allocate,
  createAccount,
  DATABASES,
  expectProblem,
  expectStatus,
  type QuestFixture,
  questFixture,
  randomPass,
  secondInstance,
  type TestContext,
  withContext,
} from "../helpers/app.js";

const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const UNKNOWN_KEY_ID = "00000000-0000-4000-8000-000000000000";
const DAY_S = 86_400;

function rotate(ctx: TestContext, keyId: string, body?: unknown) {
  return ctx.admin("POST", `/admin/keys/${keyId}/rotate`, body);
}

/** The key as the operator's list shows it. */
async function listedKey(ctx: TestContext, ownerPass: string, keyId: string) {
  const response = await ctx.admin("GET", `/admin/keys?owner=${ownerPass}&limit=500`);
  expectStatus(response, 200);
  const item = (response.json().items as { id: string }[]).find((key) => key.id === keyId);
  assert.ok(item, `key ${keyId} is not listed`);
  return item as {
    id: string;
    mode: string;
    expires_at: string | null;
    revoked_at: string | null;
  };
}

const readDetail = (ctx: TestContext, apiKey: string, questId: number) =>
  ctx.inject({ url: `/quests/${questId}`, headers: { "x-api-key": apiKey } });

const pay = (ctx: TestContext, fixture: QuestFixture, apiKey: string) =>
  allocate(ctx, { apiKey, questId: fixture.questId }, { points: 1, address: fixture.playerPass });

for (const kind of DATABASES) {
  describe(`key rotation [${kind}]`, () => {
    const ctx = withContext(kind);

    it("issues a new key of the same account and mode with 201; both keys work during the grace window", async () => {
      const fixture = await questFixture(ctx());
      const before = Date.now();
      const response = await rotate(ctx(), fixture.keyId, {});
      expectStatus(response, 201);
      const body = response.json();
      assert.deepEqual(Object.keys(body).sort(), [
        "created_at",
        "id",
        "key",
        "mode",
        "owner_id",
        "scope",
      ]);
      assert.equal(body.scope, "full", "a rotation keeps the scope");
      assert.match(body.id, UUID);
      assert.notEqual(body.id, fixture.keyId);
      assert.match(body.key, /^sk_[0-9A-Za-z]{32,}$/);
      assert.notEqual(body.key, fixture.apiKey);
      assert.equal(body.owner_id, fixture.ownerId);
      assert.equal(body.mode, "live");
      assert.match(body.created_at, TIMESTAMP);

      expectStatus(await pay(ctx(), fixture, fixture.apiKey), 200);
      expectStatus(await pay(ctx(), fixture, body.key), 200);
      expectStatus(await readDetail(ctx(), fixture.apiKey, fixture.questId), 200);

      const old = await listedKey(ctx(), fixture.ownerPass, fixture.keyId);
      assert.ok(old.expires_at, "the old key has an expiry");
      const expiresMs = Date.parse(old.expires_at);
      assert.ok(
        expiresMs >= before + DAY_S * 1000 - 5_000 && expiresMs <= Date.now() + DAY_S * 1000,
      );
      assert.equal(old.revoked_at, null);
      const fresh = await listedKey(ctx(), fixture.ownerPass, body.id);
      assert.equal(fresh.expires_at, null);
    });

    it("takes the default grace when the body is left out", async () => {
      const fixture = await questFixture(ctx());
      const response = await ctx().admin("POST", `/admin/keys/${fixture.keyId}/rotate`);
      expectStatus(response, 201);
      const old = await listedKey(ctx(), fixture.ownerPass, fixture.keyId);
      assert.ok(Date.parse(old.expires_at!) > Date.now() + (DAY_S - 60) * 1000);
    });

    it("with grace_seconds 0 the old key is 401 INVALID_API_KEY at once; the new key allocates", async () => {
      const fixture = await questFixture(ctx());
      expectStatus(await pay(ctx(), fixture, fixture.apiKey), 200); // cached as valid
      const response = await rotate(ctx(), fixture.keyId, { grace_seconds: 0 });
      expectStatus(response, 201);
      const newKey = response.json().key as string;
      expectProblem(
        await readDetail(ctx(), fixture.apiKey, fixture.questId),
        401,
        "INVALID_API_KEY",
      );
      expectProblem(await pay(ctx(), fixture, fixture.apiKey), 401, "INVALID_API_KEY");
      expectStatus(await pay(ctx(), fixture, newKey), 200);
      expectStatus(await readDetail(ctx(), newKey, fixture.questId), 200);
    });

    it("with a short grace the old key works until it ends, and is 401 after", async () => {
      const fixture = await questFixture(ctx());
      const response = await rotate(ctx(), fixture.keyId, { grace_seconds: 1 });
      expectStatus(response, 201);
      expectStatus(await pay(ctx(), fixture, fixture.apiKey), 200);
      expectStatus(await readDetail(ctx(), fixture.apiKey, fixture.questId), 200);
      await sleep(1_600);
      expectProblem(await pay(ctx(), fixture, fixture.apiKey), 401, "INVALID_API_KEY");
      expectProblem(
        await readDetail(ctx(), fixture.apiKey, fixture.questId),
        401,
        "INVALID_API_KEY",
      );
      expectStatus(await pay(ctx(), fixture, response.json().key), 200);
    });

    it("keeps an earlier expiry when a key is rotated again with a longer grace", async () => {
      const fixture = await questFixture(ctx());
      expectStatus(await rotate(ctx(), fixture.keyId, { grace_seconds: 100 }), 201);
      const first = (await listedKey(ctx(), fixture.ownerPass, fixture.keyId)).expires_at;
      expectStatus(await rotate(ctx(), fixture.keyId, { grace_seconds: 1000 }), 201);
      const second = (await listedKey(ctx(), fixture.ownerPass, fixture.keyId)).expires_at;
      assert.equal(second, first);
      expectStatus(await rotate(ctx(), fixture.keyId, { grace_seconds: 10 }), 201);
      const third = (await listedKey(ctx(), fixture.ownerPass, fixture.keyId)).expires_at;
      assert.ok(Date.parse(third!) < Date.parse(first!));
    });

    it("rotates a test key to a test key (sk_test_)", async () => {
      const owner = randomPass();
      const ownerId = await createAccount(ctx(), owner);
      const issued = await ctx().admin("POST", "/admin/keys", { owner, mode: "test" });
      expectStatus(issued, 201);
      const response = await rotate(ctx(), issued.json().id, {});
      expectStatus(response, 201);
      const body = response.json();
      assert.match(body.key, /^sk_test_[0-9A-Za-z]{32,}$/);
      assert.equal(body.mode, "test");
      assert.equal(body.owner_id, ownerId);
      assert.equal((await listedKey(ctx(), owner, body.id)).mode, "test");
    });

    it("refuses a revoked or expired key with 409 CONFLICT, saying why", async () => {
      const revoked = await questFixture(ctx());
      expectStatus(await ctx().admin("DELETE", `/admin/keys/${revoked.keyId}`), 204);
      const refused = expectProblem(await rotate(ctx(), revoked.keyId, {}), 409, "CONFLICT");
      assert.match(refused.detail, /revoked/);

      const expired = await questFixture(ctx());
      expectStatus(await rotate(ctx(), expired.keyId, { grace_seconds: 0 }), 201);
      const again = expectProblem(await rotate(ctx(), expired.keyId, {}), 409, "CONFLICT");
      assert.match(again.detail, /expired/);
      const { rows } = await ctx().db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM api_keys WHERE account_id = $1",
        [expired.ownerId],
      );
      assert.equal(rows[0]!.n, 2, "a refused rotation issues no key");
    });

    it("answers 404 KEY_NOT_FOUND for an unknown key and 400 for a malformed id", async () => {
      expectProblem(await rotate(ctx(), UNKNOWN_KEY_ID, {}), 404, "KEY_NOT_FOUND");
      expectProblem(await rotate(ctx(), "not-a-uuid", {}), 400, "BAD_REQUEST", "id");
    });

    it("refuses grace_seconds outside 0..604800, not an integer, or unknown fields with 400", async () => {
      const fixture = await questFixture(ctx());
      for (const grace of [-1, 604_801, 1.5, "10", null, true]) {
        expectProblem(
          await rotate(ctx(), fixture.keyId, { grace_seconds: grace }),
          400,
          "BAD_REQUEST",
          "grace_seconds",
        );
      }
      expectProblem(await rotate(ctx(), fixture.keyId, { grace: 10 }), 400, "BAD_REQUEST", "grace");
      expectStatus(await pay(ctx(), fixture, fixture.apiKey), 200);
      assert.equal((await listedKey(ctx(), fixture.ownerPass, fixture.keyId)).expires_at, null);
      const longest = await rotate(ctx(), fixture.keyId, { grace_seconds: 604_800 });
      expectStatus(longest, 201);
      const old = await listedKey(ctx(), fixture.ownerPass, fixture.keyId);
      assert.ok(Date.parse(old.expires_at!) > Date.now() + 604_000 * 1000);
    });
  });

  describe(`key revocation by value [${kind}]`, () => {
    const ctx = withContext(kind);
    const revoke = (key: unknown) => ctx().admin("POST", "/admin/keys/revoke", { key });

    it("revokes the key with 200 {id, revoked_at}; the key then answers 401", async () => {
      const fixture = await questFixture(ctx());
      expectStatus(await pay(ctx(), fixture, fixture.apiKey), 200);
      const response = await revoke(fixture.apiKey);
      expectStatus(response, 200);
      const body = response.json();
      assert.deepEqual(Object.keys(body).sort(), ["id", "revoked_at"]);
      assert.equal(body.id, fixture.keyId);
      assert.match(body.revoked_at, TIMESTAMP);
      expectProblem(
        await readDetail(ctx(), fixture.apiKey, fixture.questId),
        401,
        "INVALID_API_KEY",
      );
      expectProblem(await pay(ctx(), fixture, fixture.apiKey), 401, "INVALID_API_KEY");
      assert.equal(
        (await listedKey(ctx(), fixture.ownerPass, fixture.keyId)).revoked_at,
        body.revoked_at,
      );
    });

    it("revokes a key pasted with surrounding whitespace, as authentication accepts it", async () => {
      const fixture = await questFixture(ctx());
      const pasted = ` ${fixture.apiKey}\n`;
      // Authentication reads the header as the key without the whitespace around it.
      expectStatus(await readDetail(ctx(), ` ${fixture.apiKey} `, fixture.questId), 200);
      const response = await revoke(pasted);
      expectStatus(response, 200);
      assert.equal(response.json().id, fixture.keyId);
      expectProblem(
        await readDetail(ctx(), fixture.apiKey, fixture.questId),
        401,
        "INVALID_API_KEY",
      );
      expectStatus(await revoke(`\t${fixture.apiKey} `), 200);
    });

    it("answers a second revocation with the first one's revoked_at", async () => {
      const fixture = await questFixture(ctx());
      const first = await revoke(fixture.apiKey);
      expectStatus(first, 200);
      await sleep(5);
      const second = await revoke(fixture.apiKey);
      expectStatus(second, 200);
      assert.deepEqual(second.json(), first.json());
      expectStatus(await ctx().admin("DELETE", `/admin/keys/${fixture.keyId}`), 204);
      assert.deepEqual((await revoke(fixture.apiKey)).json(), first.json());
    });

    it("answers 404 KEY_NOT_FOUND for an unknown or malformed value", async () => {
      for (const key of [generateApiKey("live"), generateApiKey("test"), "hello", "", "sk_short"]) {
        expectProblem(await revoke(key), 404, "KEY_NOT_FOUND");
      }
    });

    it("refuses a missing, non-string or over-long key and unknown fields with 400", async () => {
      expectProblem(await ctx().admin("POST", "/admin/keys/revoke", {}), 400, "BAD_REQUEST", "key");
      expectProblem(await revoke(12), 400, "BAD_REQUEST", "key");
      expectProblem(await revoke(`sk_${"a".repeat(300)}`), 400, "BAD_REQUEST", "key");
      const fixture = await questFixture(ctx());
      expectProblem(
        await ctx().admin("POST", "/admin/keys/revoke", { key: fixture.apiKey, why: "leaked" }),
        400,
        "BAD_REQUEST",
        "why",
      );
      expectStatus(await pay(ctx(), fixture, fixture.apiKey), 200);
    });

    it("never echoes the key in an answer", async () => {
      const fixture = await questFixture(ctx());
      const response = await revoke(fixture.apiKey);
      assert.ok(!response.body.includes(fixture.apiKey));
      const unknown = generateApiKey();
      assert.ok(!(await revoke(unknown)).body.includes(unknown));
    });
  });
}

// Two service instances on one database, each with its own key cache held for a minute: only the
// change notice and the allocation's locked re-check can explain an immediate refusal.
describe("revocations and rotations seen at once by another process [postgres]", () => {
  const ctx = withContext("postgres", { LOOKUP_CACHE_TTL_MS: "60000" });

  const cases: { name: string; end: (fixture: QuestFixture) => Promise<void> }[] = [
    {
      name: "DELETE /admin/keys/{id}",
      end: async (fixture) =>
        expectStatus(await ctx().admin("DELETE", `/admin/keys/${fixture.keyId}`), 204),
    },
    {
      name: "POST /admin/keys/revoke",
      end: async (fixture) =>
        expectStatus(await ctx().admin("POST", "/admin/keys/revoke", { key: fixture.apiKey }), 200),
    },
    {
      name: "POST /admin/keys/{id}/rotate with grace_seconds 0",
      end: async (fixture) =>
        expectStatus(await rotate(ctx(), fixture.keyId, { grace_seconds: 0 }), 201),
    },
  ];

  for (const { name, end } of cases) {
    it(`${name} in one process: the other, which cached the key, refuses its next allocation with 401`, async () => {
      const second = await secondInstance(ctx());
      try {
        for (let round = 0; round < 5; round++) {
          const fixture = await questFixture(ctx());
          const viaB = () =>
            second.app.inject({
              method: "POST",
              url: `/quests/${fixture.questId}`,
              headers: { "x-api-key": fixture.apiKey },
              payload: { points: 1, address: fixture.playerPass },
            });
          expectStatus(await viaB(), 200); // B now holds the key in its cache
          await end(fixture);
          const after = await viaB();
          expectProblem(after, 401, "INVALID_API_KEY");
        }
      } finally {
        await second.close();
      }
    });
  }
});
