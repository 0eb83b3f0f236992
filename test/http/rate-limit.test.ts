import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { ConfigError, loadConfig } from "../../src/config.js";
import { createInFlightGate } from "../../src/http/rate-limits.js";
import {
  ADMIN_TOKEN,
  DATABASES,
  expectProblem,
  expectStatus,
  questFixture,
  type TestContext,
  withContext,
} from "../helpers/app.js";

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `count` requests one after another; the statuses in order. */
async function statuses(
  ctx: TestContext,
  count: number,
  options: (i: number) => InjectOptions,
): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push((await ctx.inject(options(i))).statusCode);
  return out;
}

function expectRateLimited(response: LightMyRequestResponse): void {
  expectProblem(response, 429, "RATE_LIMITED");
  assert.ok(Number(response.headers["retry-after"]) > 0, "Retry-After is a positive delay");
}

const ownerRead = (fixture: { apiKey: string; questId: number }, remoteAddress = "127.0.0.1") => ({
  url: `/quests/${fixture.questId}`,
  headers: { "x-api-key": fixture.apiKey },
  remoteAddress,
});
const adminRead = (remoteAddress = "127.0.0.1") => ({
  url: "/admin/features",
  headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  remoteAddress,
});

for (const kind of DATABASES) {
  describe(`rate limits by traffic class [${kind}]`, () => {
    const ctx = withContext(kind, {
      RATE_LIMIT_PUBLIC_PER_MINUTE: "5",
      RATE_LIMIT_OWNER_PER_MINUTE: "3",
      RATE_LIMIT_ADMIN_PER_MINUTE: "40",
    });

    it("answers 429 RATE_LIMITED with Retry-After once a client exceeds its public budget", async () => {
      const remoteAddress = "10.0.0.1";
      assert.deepEqual(
        await statuses(ctx(), 5, () => ({ url: "/quests", remoteAddress })),
        [200, 200, 200, 200, 200],
      );
      expectRateLimited(await ctx().inject({ url: "/quests", remoteAddress }));
    });

    it("never limits the health probes", async () => {
      const all = await statuses(ctx(), 8, (i) => ({ url: i % 2 ? "/healthz" : "/readyz" }));
      assert.deepEqual(all, Array(8).fill(200));
    });

    it("counts unknown routes against the public budget", async () => {
      const remoteAddress = "10.0.0.2";
      const all = await statuses(ctx(), 6, () => ({ url: "/no-such-route", remoteAddress }));
      assert.deepEqual(all, [404, 404, 404, 404, 404, 429]);
    });

    it("keeps serving the owner and the operator while public reads from their address are limited", async () => {
      const fixture = await questFixture(ctx());
      await statuses(ctx(), 6, () => ({ url: "/quests" }));
      expectRateLimited(await ctx().inject({ url: "/quests" }));
      expectStatus(await ctx().inject(ownerRead(fixture)), 200);
      expectStatus(await ctx().inject(adminRead()), 200);
    });

    it("gives each API key a bucket of its own", async () => {
      const first = await questFixture(ctx());
      const second = await questFixture(ctx());
      assert.deepEqual(await statuses(ctx(), 3, () => ownerRead(first)), [200, 200, 200]);
      expectRateLimited(await ctx().inject(ownerRead(first)));
      // Another address does not help the same key; another key from the same address is fine.
      expectRateLimited(await ctx().inject(ownerRead(first, "10.0.0.3")));
      assert.deepEqual(await statuses(ctx(), 3, () => ownerRead(second)), [200, 200, 200]);
    });

    it("limits operator traffic in a bucket of its own", async () => {
      const remoteAddress = "10.0.0.4";
      const all = await statuses(ctx(), 41, () => adminRead(remoteAddress));
      assert.deepEqual(all, [...Array(40).fill(200), 429]);
      expectStatus(await ctx().inject({ url: "/quests", remoteAddress }), 200);
    });

    it("ignores X-Forwarded-For without TRUST_PROXY", async () => {
      const all = await statuses(ctx(), 6, (i) => ({
        url: "/quests",
        remoteAddress: "10.0.0.5",
        headers: { "x-forwarded-for": `203.0.113.${i + 1}` },
      }));
      assert.deepEqual(all, [200, 200, 200, 200, 200, 429]);
    });
  });
}

// Which address a request is counted against is Fastify's and the limiter's business, not the
// database's: PGlite only.
describe("rate limits behind a trusted proxy [pglite]", () => {
  const ctx = withContext("pglite", {
    TRUST_PROXY: "127.0.0.1",
    RATE_LIMIT_PUBLIC_PER_MINUTE: "2",
    RATE_LIMIT_OWNER_PER_MINUTE: "0",
  });
  const viaProxy = (client: string) => ({
    url: "/quests",
    remoteAddress: "127.0.0.1",
    headers: { "x-forwarded-for": client },
  });

  it("counts each client named by the trusted proxy's X-Forwarded-For separately", async () => {
    assert.deepEqual(await statuses(ctx(), 3, () => viaProxy("203.0.113.1")), [200, 200, 429]);
    assert.deepEqual(await statuses(ctx(), 2, () => viaProxy("203.0.113.2")), [200, 200]);
  });

  it("ignores X-Forwarded-For from an address that is not a trusted proxy", async () => {
    const all = await statuses(ctx(), 3, (i) => ({
      url: "/quests",
      remoteAddress: "198.51.100.7",
      headers: { "x-forwarded-for": `203.0.113.${10 + i}` },
    }));
    assert.deepEqual(all, [200, 200, 429]);
  });

  it("does not limit a class whose budget is 0", async () => {
    const fixture = await questFixture(ctx());
    assert.deepEqual(await statuses(ctx(), 6, () => ownerRead(fixture)), Array(6).fill(200));
  });
});

for (const kind of DATABASES) {
  describe(`concurrent public reads are bounded [${kind}]`, () => {
    const ctx = withContext(kind, {
      PUBLIC_READS_IN_FLIGHT_MAX: "2",
      PUBLIC_READS_QUEUE_MAX: "1",
      PUBLIC_READS_QUEUE_WAIT_MS: "1500",
      DB_LOCK_TIMEOUT_MS: "30000",
      DB_STATEMENT_TIMEOUT_MS: "30000",
    });

    it("answers 503 SERVICE_UNAVAILABLE with Retry-After beyond the bound and its queue", async () => {
      // Public reads block on the quests table while a transaction holds it (on PGlite, on the
      // one connection), so they stay in flight until it ends.
      let release = () => {};
      let locked = () => {};
      const isLocked = new Promise<void>((resolve) => {
        locked = resolve;
      });
      const holder = ctx().db.transaction(async (tx) => {
        await tx.query("LOCK TABLE quests IN ACCESS EXCLUSIVE MODE");
        locked();
        await new Promise<void>((resolve) => {
          release = resolve;
        });
      });
      try {
        await isLocked;
        const inFlight = [ctx().inject({ url: "/quests" }), ctx().inject({ url: "/quests" })];
        await sleep(100);
        const queued = ctx().inject({ url: "/quests" });
        await sleep(100);
        const refused = await ctx().inject({ url: "/quests" });
        expectProblem(refused, 503, "SERVICE_UNAVAILABLE");
        assert.ok(Number(refused.headers["retry-after"]) > 0, "Retry-After is a positive delay");
        // The queued read waits at most PUBLIC_READS_QUEUE_WAIT_MS for a slot.
        expectProblem(await queued, 503, "SERVICE_UNAVAILABLE");
        // Probes, owner and operator traffic are not public reads.
        expectStatus(await ctx().inject({ url: "/healthz" }), 200);
        release();
        for (const response of await Promise.all(inFlight)) expectStatus(response, 200);
      } finally {
        release();
        await holder;
      }
      // Every slot came back.
      const again = await Promise.all([1, 2, 3].map(() => ctx().inject({ url: "/quests" })));
      for (const response of again) expectStatus(response, 200);
    });
  });
}

describe("the in-flight gate", () => {
  it("admits up to its bound, queues up to its queue, refuses the rest", async () => {
    const gate = createInFlightGate(2, 1, 10_000);
    assert.equal(await gate.enter(), true);
    assert.equal(await gate.enter(), true);
    const queued = gate.enter();
    assert.equal(await gate.enter(), false, "the queue is full");
    gate.leave();
    assert.equal(await queued, true, "a leaving holder hands its slot to the waiter");
    gate.leave();
    gate.leave();
    assert.equal(await gate.enter(), true);
  });

  it("refuses a waiter whose wait runs out, and forgets it", async () => {
    const gate = createInFlightGate(1, 1, 20);
    assert.equal(await gate.enter(), true);
    assert.equal(await gate.enter(), false, "no slot came within the wait");
    const next = gate.enter();
    gate.leave();
    assert.equal(await next, true, "the expired waiter left the queue: the slot goes to the next");
  });
});

describe("rate-limit configuration", () => {
  it("refuses the removed RATE_LIMIT_PER_MINUTE and names what replaces it", () => {
    assert.throws(
      () => loadConfig({ RATE_LIMIT_PER_MINUTE: "100" }),
      (error: unknown) =>
        error instanceof ConfigError &&
        error.message.includes("RATE_LIMIT_PER_MINUTE") &&
        error.message.includes("RATE_LIMIT_PUBLIC_PER_MINUTE") &&
        error.message.includes("RATE_LIMIT_OWNER_PER_MINUTE") &&
        error.message.includes("RATE_LIMIT_ADMIN_PER_MINUTE"),
    );
  });

  it("has generous per-class defaults, no proxy and no Redis", () => {
    const config = loadConfig({});
    assert.deepEqual(config.rateLimits, {
      publicPerMinute: 60_000,
      ownerPerMinute: 600_000,
      adminPerMinute: 60_000,
    });
    assert.equal(config.trustProxy, false);
    assert.equal(config.redisUrl, undefined);
    assert.equal(config.publicReads.inFlightMax, 16);
  });

  it("reads TRUST_PROXY as a switch, a hop count or a list of addresses and ranges", () => {
    assert.equal(loadConfig({ TRUST_PROXY: "true" }).trustProxy, true);
    assert.equal(loadConfig({ TRUST_PROXY: "FALSE" }).trustProxy, false);
    assert.equal(loadConfig({ TRUST_PROXY: "2" }).trustProxy, 2);
    assert.deepEqual(
      loadConfig({ TRUST_PROXY: "10.0.0.1, 192.168.0.0/16,::1,fd00::/8" }).trustProxy,
      ["10.0.0.1", "192.168.0.0/16", "::1", "fd00::/8"],
    );
    for (const bad of ["yes please", "10.0.0.0/33", "300.1.1.1", "10.0.0.1,"]) {
      assert.throws(
        () => loadConfig({ TRUST_PROXY: bad }),
        (error: unknown) => error instanceof ConfigError && error.message.includes("TRUST_PROXY"),
        bad,
      );
    }
  });

  it("accepts only redis:// and rediss:// as REDIS_URL", () => {
    assert.equal(loadConfig({ REDIS_URL: "rediss://cache:6380" }).redisUrl, "rediss://cache:6380");
    assert.throws(
      () => loadConfig({ REDIS_URL: "http://cache:6379" }),
      (error: unknown) => error instanceof ConfigError && error.message.includes("REDIS_URL"),
    );
  });
});
