import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import {
  allocate,
  createAccount,
  DATABASES,
  expectProblem,
  expectStatus,
  openTestDb,
  questFixture,
  randomPass,
  withContext,
} from "../helpers/app.js";
import {
  ADMIN_TOKEN,
  killAllServices,
  postAllocation,
  type ServiceProcess,
  startService,
} from "../helpers/service-process.js";

// Keys and quest owners are cached per process. These tests change them behind the cache's back
// (straight in the database, so no change notice is sent and the cache stays warm for a minute):
// the allocation must still refuse, because it re-checks key and owner under the quest lock.
for (const kind of DATABASES) {
  describe(`allocation re-checks key and owner under the quest lock [${kind}]`, () => {
    const ctx = withContext(kind, { LOOKUP_CACHE_TTL_MS: "60000" });

    const readDetail = (fixture: { apiKey: string; questId: number }) =>
      ctx().inject({ url: `/quests/${fixture.questId}`, headers: { "x-api-key": fixture.apiKey } });

    it("refuses a key revoked a moment ago with 401 INVALID_API_KEY, though this process cached it as valid", async () => {
      const fixture = await questFixture(ctx(), { total_points: 100 });
      const body = { points: 5, address: fixture.playerPass };
      expectStatus(await allocate(ctx(), fixture, body), 200); // the key is now cached
      await ctx().db.query("UPDATE api_keys SET revoked_at = now() WHERE id = $1", [fixture.keyId]);
      expectStatus(await readDetail(fixture), 200); // the cache still vouches for the key…
      expectProblem(await allocate(ctx(), fixture, body), 401, "INVALID_API_KEY"); // …not the lock
      expectProblem(
        await allocate(ctx(), fixture, body, { "Idempotency-Key": "after-revocation" }),
        401,
        "INVALID_API_KEY",
      );
      const { rows } = await ctx().db.query<{ n: number; remaining: number }>(
        `SELECT (SELECT count(*)::int FROM payouts WHERE quest_id = $1) AS n,
                (SELECT points_remaining::int FROM quests WHERE id = $1) AS remaining`,
        [fixture.questId],
      );
      assert.deepEqual(rows[0], { n: 1, remaining: 95 });
    });

    it("refuses a key whose expiry has passed with 401 INVALID_API_KEY", async () => {
      const fixture = await questFixture(ctx(), { total_points: 100 });
      const body = { points: 5, address: fixture.playerPass };
      expectStatus(await allocate(ctx(), fixture, body), 200);
      await ctx().db.query(
        "UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = $1",
        [fixture.keyId],
      );
      expectProblem(await allocate(ctx(), fixture, body), 401, "INVALID_API_KEY");
    });

    it("refuses the old owner once the quest changed hands, with 401 NOT_QUEST_OWNER", async () => {
      const fixture = await questFixture(ctx(), { total_points: 100 });
      const body = { points: 5, address: fixture.playerPass };
      expectStatus(await allocate(ctx(), fixture, body), 200); // the owner is now cached
      const newOwnerId = await createAccount(ctx(), randomPass());
      await ctx().db.query("UPDATE quests SET owner_id = $2 WHERE id = $1", [
        fixture.questId,
        newOwnerId,
      ]);
      expectStatus(await readDetail(fixture), 200); // the cached owner still says yes…
      expectProblem(await allocate(ctx(), fixture, body), 401, "NOT_QUEST_OWNER");
    });

    it("does not replay a stored answer to a key revoked since", async () => {
      const fixture = await questFixture(ctx(), { total_points: 100 });
      const body = { points: 5, address: fixture.playerPass };
      const headers = { "Idempotency-Key": "replay-after-revocation" };
      expectStatus(await allocate(ctx(), fixture, body, headers), 200);
      await ctx().db.query("UPDATE api_keys SET revoked_at = now() WHERE id = $1", [fixture.keyId]);
      expectProblem(await allocate(ctx(), fixture, body, headers), 401, "INVALID_API_KEY");
    });
  });
}

async function adminCall(service: ServiceProcess, method: string, path: string, body?: unknown) {
  const response = await fetch(`${service.baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${ADMIN_TOKEN}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

// Two real service processes on one PostgreSQL database, each with its own caches (a minute of
// TTL, so only the locked re-check and the change notices can explain a prompt refusal).
describe("revocation and owner changes seen by a second process [postgres, two processes]", () => {
  let a: ServiceProcess;
  let b: ServiceProcess;
  let close: (() => Promise<void>) | undefined;
  const DAY_MS = 86_400_000;

  before(async () => {
    const { db, url } = await openTestDb("postgres");
    await db.close();
    const env = { DATABASE_URL: url!, LOOKUP_CACHE_TTL_MS: "60000" };
    [a, b] = await Promise.all([startService(env), startService(env)]);
    close = killAllServices;
  });
  after(async () => {
    await close?.();
  });

  async function setUp(totalPoints = 1_000_000) {
    const owner = randomPass();
    const player = randomPass();
    await adminCall(a, "POST", "/admin/accounts", { pass: owner });
    await adminCall(a, "POST", "/admin/accounts", { pass: player });
    const key = (await adminCall(a, "POST", "/admin/keys", { owner })).body;
    const quest = (
      await adminCall(a, "POST", "/admin/quests", {
        name: "Revocation",
        description: "",
        owner,
        total_points: totalPoints,
        expected_points_per_completion: 1,
        start: new Date(Date.now() - DAY_MS).toISOString(),
        end: new Date(Date.now() + DAY_MS).toISOString(),
      })
    ).body;
    return { key: key.key as string, keyId: key.id as string, questId: quest.id as number, player };
  }

  it("revoke through one process, allocate through the other right after: 401, every time", async () => {
    for (let round = 0; round < 15; round++) {
      const s = await setUp();
      const body = { points: 1, address: s.player };
      assert.equal((await postAllocation(b.baseUrl, s.key, s.questId, body)).status, 200);
      assert.equal((await adminCall(a, "DELETE", `/admin/keys/${s.keyId}`)).status, 204);
      const after = await postAllocation(b.baseUrl, s.key, s.questId, body);
      assert.equal(after.status, 401, `round ${round}: ${JSON.stringify(after.body)}`);
      assert.equal(after.body?.code, "INVALID_API_KEY");
    }
  });

  it("change the owner through one process, allocate as the old owner through the other right after: 401, every time", async () => {
    for (let round = 0; round < 10; round++) {
      const s = await setUp();
      const newOwner = randomPass();
      await adminCall(a, "POST", "/admin/accounts", { pass: newOwner });
      const body = { points: 1, address: s.player };
      assert.equal((await postAllocation(b.baseUrl, s.key, s.questId, body)).status, 200);
      const patched = await adminCall(a, "PATCH", `/admin/quests/${s.questId}`, {
        owner: newOwner,
      });
      assert.equal(patched.status, 200);
      const after = await postAllocation(b.baseUrl, s.key, s.questId, body);
      assert.equal(after.status, 401, `round ${round}: ${JSON.stringify(after.body)}`);
      assert.equal(after.body?.code, "NOT_QUEST_OWNER");
    }
  });

  it("while the other process allocates without pause, no allocation sent after the revocation pays", async () => {
    const s = await setUp();
    let revokedAtMs = Number.POSITIVE_INFINITY;
    const sentAfter: number[] = [];
    let stop = false;
    const worker = async () => {
      while (!stop) {
        const sentAtMs = Date.now();
        const call = await postAllocation(b.baseUrl, s.key, s.questId, {
          points: 1,
          address: s.player,
        });
        if (sentAtMs > revokedAtMs) sentAfter.push(call.status);
        if (sentAfter.length >= 40) stop = true;
      }
    };
    const workers = Array.from({ length: 8 }, worker);
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal((await adminCall(a, "DELETE", `/admin/keys/${s.keyId}`)).status, 204);
    revokedAtMs = Date.now();
    await Promise.all(workers);
    assert.ok(sentAfter.length >= 40);
    assert.deepEqual(
      sentAfter.filter((status) => status !== 401),
      [],
      "every allocation sent after the revocation answered 401",
    );
  });

  it("a process drops a key revoked elsewhere from its cache at once (read answers 401 long before the cache's minute)", async () => {
    const s = await setUp();
    const read = () =>
      fetch(`${b.baseUrl}/quests/${s.questId}`, { headers: { "x-api-key": s.key } });
    assert.equal((await read()).status, 200); // cached on b for a minute
    assert.equal((await adminCall(a, "DELETE", `/admin/keys/${s.keyId}`)).status, 204);
    const deadline = Date.now() + 5_000;
    let status = 200;
    while (Date.now() < deadline && status !== 401) {
      status = (await read()).status;
      if (status !== 401) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    assert.equal(status, 401, "the change notice reached the other process");
  });

  it("a feature switch set through one process holds in the other at once", async () => {
    const cycle = async (quests: boolean, expected: number) => {
      assert.equal((await adminCall(a, "PUT", "/admin/features", { quests })).status, 200);
      const deadline = Date.now() + 5_000;
      let status = 0;
      while (Date.now() < deadline && status !== expected) {
        status = (await fetch(`${b.baseUrl}/quests?limit=1`)).status;
      }
      assert.equal(status, expected);
    };
    await cycle(false, 400);
    await cycle(true, 200);
  });
});
