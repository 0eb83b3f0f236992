/**
 * Budgets shared through Redis (REDIS_URL), against a real redis-server on loopback. The
 * database plays no part in where a budget is counted, so these run on one database kind only,
 * PostgreSQL (the quicker to create twice); each app instance has a database of its own, so
 * only Redis connects them.
 */
import assert from "node:assert/strict";
import { Writable } from "node:stream";
import { after, before, describe, it } from "node:test";
import type { InjectOptions } from "fastify";
import { Redis } from "ioredis";
import { buildTestContext, expectProblem, questFixture, type TestContext } from "../helpers/app.js";
import { type RedisServer, startRedis } from "../helpers/redis.js";

async function statuses(
  ctx: TestContext,
  count: number,
  options: InjectOptions,
): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push((await ctx.inject(options)).statusCode);
  return out;
}

/**
 * Waits until `ctx` counts in Redis: its client connects in the background, and until then the
 * service serves without limits (by design), which would make the first requests uncounted.
 */
async function untilCountingInRedis(ctx: TestContext, redisUrl: string, subnet: number) {
  const client = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  try {
    for (let attempt = 0; attempt < 100; attempt++) {
      const keys = await client.dbsize();
      await ctx.inject({ url: "/quests", remoteAddress: `10.99.${subnet}.${attempt + 1}` });
      if ((await client.dbsize()) > keys) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error("the service never counted a request in Redis");
  } finally {
    client.disconnect();
  }
}

describe("rate limits shared through Redis [postgres]", () => {
  let redis: RedisServer;
  let first: TestContext;
  let second: TestContext;
  let logs = "";

  before(async () => {
    redis = await startRedis();
    const env = {
      REDIS_URL: redis.url,
      RATE_LIMIT_PUBLIC_PER_MINUTE: "4",
      RATE_LIMIT_OWNER_PER_MINUTE: "100",
    };
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logs += chunk;
        done();
      },
    });
    first = await buildTestContext("postgres", env, { level: "warn", stream });
    second = await buildTestContext("postgres", env);
    await untilCountingInRedis(first, redis.url, 1);
    await untilCountingInRedis(second, redis.url, 2);
  });
  after(async () => {
    await first?.close();
    await second?.close();
    await redis?.stop();
  });

  it("counts requests to two instances against one budget", async () => {
    const options = { url: "/quests", remoteAddress: "10.0.0.1" };
    assert.deepEqual(await statuses(first, 2, options), [200, 200]);
    assert.deepEqual(await statuses(second, 2, options), [200, 200]);
    expectProblem(await first.inject(options), 429, "RATE_LIMITED");
    expectProblem(await second.inject(options), 429, "RATE_LIMITED");
  });

  it("stores owner buckets under the SHA-256 of the key, never the key", async () => {
    const fixture = await questFixture(first);
    const read = await first.inject({
      url: `/quests/${fixture.questId}`,
      headers: { "x-api-key": fixture.apiKey },
    });
    assert.equal(read.statusCode, 200);
    const client = new Redis(redis.url, { maxRetriesPerRequest: 1 });
    try {
      const keys = await client.keys("*");
      assert.ok(
        keys.some((key) => /owner:key:[0-9a-f]{64}$/.test(key)),
        `an owner bucket: ${keys}`,
      );
      assert.ok(!keys.some((key) => key.includes(fixture.apiKey)), "no key in plain text");
    } finally {
      client.disconnect();
    }
  });

  it("keeps serving, unlimited, with a warning, when Redis goes away", async () => {
    await redis.stop();
    const options = { url: "/quests", remoteAddress: "10.0.0.2" };
    assert.deepEqual(await statuses(first, 6, options), Array(6).fill(200));
    assert.deepEqual(await statuses(second, 6, options), Array(6).fill(200));
    const deadline = Date.now() + 5_000;
    while (!/"level":40.*Redis/.test(logs) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.match(logs, /"level":40.*Redis is unreachable/);
  });
});
