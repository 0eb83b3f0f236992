import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { loadConfig } from "../../src/config.js";
import { openPostgres } from "../../src/db/postgres.js";
import { buildApp } from "../../src/http/app.js";
import { prepareServices } from "../../src/runtime.js";
import {
  ADMIN_TOKEN,
  allocate,
  DATABASES,
  expectProblem,
  expectStatus,
  holdQuest,
  type QuestFixture,
  questFixture,
  type TestContext,
  withContext,
} from "../helpers/app.js";
import { expectBooks } from "../helpers/books.js";
import { startPostgres } from "../helpers/postgres.js";

const LOCK_MS = 2500;
/** The queue test releases the quest itself: this only bounds a stalled run. */
const QUEUE_LOCK_MS = 30_000;

function expectUnavailable(response: LightMyRequestResponse) {
  const body = expectProblem(response, 503, "SERVICE_UNAVAILABLE");
  assert.match(String(response.headers["retry-after"]), /^\d+$/, "503 carries Retry-After");
  return body;
}

for (const kind of DATABASES) {
  describe(`every wait is bounded [${kind}]`, () => {
    const ctx = withContext(kind, {
      DB_LOCK_TIMEOUT_MS: String(LOCK_MS),
      ALLOCATION_QUEUE_MAX: "4",
    });

    it("answers 503 with Retry-After when the quest stays locked past DB_LOCK_TIMEOUT_MS, and pays nothing", async () => {
      const fixture = await questFixture(ctx(), { total_points: 100 });
      const release = await holdQuest(ctx(), fixture.questId);
      let response: LightMyRequestResponse;
      const startedMs = Date.now();
      try {
        response = await allocate(
          ctx(),
          fixture,
          { points: 10, address: fixture.playerPass },
          { "Idempotency-Key": "held-quest" },
        );
      } finally {
        await release();
      }
      const tookMs = Date.now() - startedMs;
      expectUnavailable(response);
      assert.ok(tookMs < 10 * LOCK_MS, `answered after ${tookMs} ms, bound ${LOCK_MS} ms`);
      await expectBooks(ctx().db, fixture.questId, { payouts: 0, remaining: 100 });
      // Nothing was stored for the key either: the retry pays, once.
      const retry = await allocate(
        ctx(),
        fixture,
        { points: 10, address: fixture.playerPass },
        { "Idempotency-Key": "held-quest" },
      );
      expectStatus(retry, 200);
      assert.equal(retry.headers["idempotent-replayed"], undefined);
      await expectBooks(ctx().db, fixture.questId, { payouts: 1, remaining: 90 });
    });
  });

  // Its own context: a lock timeout long enough that a stalled machine cannot make the first
  // four requests time out before the others reach the queue (the quest is released early).
  describe(`the allocation queue is bounded [${kind}]`, () => {
    const ctx = withContext(kind, {
      DB_LOCK_TIMEOUT_MS: String(QUEUE_LOCK_MS),
      ALLOCATION_QUEUE_MAX: "4",
    });

    it("refuses allocations beyond ALLOCATION_QUEUE_MAX for one quest at once with 503, and the books balance", async () => {
      const fixture: QuestFixture = await questFixture(ctx(), { total_points: 1000 });
      // Warm this process's key and owner caches, so the requests below reach the queue at once.
      expectStatus(await allocate(ctx(), fixture, { points: 1, address: fixture.playerPass }), 200);
      const release = await holdQuest(ctx(), fixture.questId);
      let responses: LightMyRequestResponse[];
      try {
        const answeredAtMs: number[] = [];
        const pending = Array.from({ length: 12 }, (_, i) =>
          allocate(ctx(), fixture, { points: 1, address: fixture.playerPass }).then((r) => {
            answeredAtMs[i] = Date.now();
            return r;
          }),
        );
        // The requests beyond the bound are answered while the first four still wait for the
        // held quest; only then is it released, and the four are paid.
        for (const response of await Promise.all(pending.slice(4))) {
          const body = expectUnavailable(response);
          assert.match(body.detail, /at most 4/);
        }
        const refusedLastMs = Math.max(...answeredAtMs.slice(4));
        await release();
        await Promise.all(pending.slice(0, 4));
        assert.ok(
          refusedLastMs <= Math.min(...answeredAtMs.slice(0, 4)),
          "requests beyond the queue bound are refused at once, not queued",
        );
        responses = await Promise.all(pending);
      } finally {
        await release();
      }
      const paid = responses.filter((r) => r.statusCode === 200).length;
      for (const r of responses) assert.ok([200, 503].includes(r.statusCode), r.body);
      await expectBooks(ctx().db, fixture.questId, {
        payouts: paid + 1,
        remaining: 1000 - paid - 1,
      });
      expectStatus(await allocate(ctx(), fixture, { points: 1, address: fixture.playerPass }), 200);
    });
  });
}

describe("a database outage answers 503, then the service recovers [postgres]", () => {
  it("answers every request with 503 and Retry-After while PostgreSQL is down, and serves again once it is back", async () => {
    const server = await startPostgres({ durable: true });
    const config = loadConfig({
      ADMIN_TOKEN,
      LOG_LEVEL: "silent",
      DB_CONNECT_TIMEOUT_MS: "1000",
      DATABASE_URL: server.url,
    });
    const db = openPostgres({ url: server.url, poolSize: 4, timeouts: config.dbTimeouts });
    const app = await buildApp(await prepareServices(config, db), { logger: false });
    const admin = (url: string, body: object) =>
      app.inject({
        method: "POST",
        url,
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        payload: body,
      });
    // Enough of a TestContext for the fixture helpers, on this server of its own.
    const ctx = {
      kind: "postgres",
      inject: (options: InjectOptions) => app.inject(options),
      admin: (_method: string, url: string, body: object) => admin(url, body),
    } as unknown as TestContext;
    try {
      const fixture = await questFixture(ctx, { total_points: 100 });
      expectStatus(await allocate(ctx, fixture, { points: 1, address: fixture.playerPass }), 200);
      await server.crash();
      const startedMs = Date.now();
      const answers = await Promise.all([
        allocate(ctx, fixture, { points: 1, address: fixture.playerPass }),
        app.inject({ url: `/quests/${fixture.questId}`, headers: { "x-api-key": fixture.apiKey } }),
        app.inject({ url: "/quests" }),
        app.inject({ url: "/readyz" }),
        admin("/admin/accounts", { pass: fixture.playerPass }),
      ]);
      for (const answer of answers) {
        assert.equal(answer.statusCode, 503, answer.body);
        expectUnavailable(answer);
      }
      assert.ok(Date.now() - startedMs < 15_000, "every answer came within the bounds");
      await server.start();
      expectStatus(await allocate(ctx, fixture, { points: 1, address: fixture.playerPass }), 200);
      const detail = await app.inject({
        url: `/quests/${fixture.questId}`,
        headers: { "x-api-key": fixture.apiKey },
      });
      expectStatus(detail, 200);
      assert.equal(detail.json().points_remaining, 98);
    } finally {
      await app.close();
      await db.close();
      await server.stop();
    }
  });
});
