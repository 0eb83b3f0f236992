/**
 * Payout pages by position : whatever way payouts were made (single and batch
 * allocations racing on two quests, with and without idempotency keys, retried), every page a
 * quest answers equals what the query before positions answered (created_at DESC, id DESC with
 * LIMIT and OFFSET), and each quest's positions are 1..n in that order.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { before, describe, it } from "node:test";
import fc from "fast-check";
import type { LightMyRequestResponse } from "fastify";
import { loadConfig } from "../../src/config.js";
import { buildApp } from "../../src/http/app.js";
import { prepareServices } from "../../src/runtime.js";
import {
  ADMIN_TOKEN,
  allocate,
  createAccount,
  createQuest,
  DATABASES,
  expectStatus,
  holdQuest,
  PATIENT_DB,
  type QuestFixture,
  questFixture,
  randomPass,
  type TestContext,
  withContext,
} from "../helpers/app.js";
import { oldPage, type WirePayout } from "../helpers/payout-pages.js";

const LIMITS = [1, 7, 20, 100];
const PLAYERS = 3;
const BUDGET = 1_000_000;

/** One request of a wave: a single allocation or a batch, with keys or not, maybe sent again. */
interface Send {
  quest: number;
  batch: boolean;
  items: { points: number; player: number }[];
  keyed: boolean;
  /** Sent again (same keys) in the next wave, or after the last: a replay, nothing paid. */
  retried: boolean;
}

const itemArb = fc.record({
  points: fc.integer({ min: 1, max: 9 }),
  player: fc.nat({ max: PLAYERS - 1 }),
});
const sendArb: fc.Arbitrary<Send> = fc.record({
  quest: fc.nat({ max: 1 }),
  batch: fc.boolean(),
  items: fc.array(itemArb, { minLength: 1, maxLength: 8 }),
  keyed: fc.boolean(),
  retried: fc.boolean(),
});
// 2 or 3 waves of 5 to 20 requests (a single uses its first item): about 90 payouts a run, at
// most 480.
const planArb = fc.array(fc.array(sendArb, { minLength: 5, maxLength: 20 }), {
  minLength: 2,
  maxLength: 3,
});

async function page(ctx: TestContext, fixture: QuestFixture, limit: number, offset: number) {
  const response = await ctx.inject({
    method: "GET",
    url: `/quests/${fixture.questId}?offset=${offset}&limit=${limit}`,
    headers: { "x-api-key": fixture.apiKey },
  });
  expectStatus(response, 200);
  return response.json().payouts as WirePayout[];
}

/**
 * The quest's positions are exactly 1..n in (created_at, id) order, its `payouts_made` is n and
 * its `last_payout_at` its newest payout's time; and every page at every offset from 0 to n + 1
 * equals the old query's. Returns n.
 */
async function assertPages(ctx: TestContext, fixture: QuestFixture): Promise<number> {
  const db = ctx.db;
  const { rows } = await db.query<{ position: number | null; created_at: Date }>(
    `SELECT position::int AS position, created_at FROM payouts WHERE quest_id = $1
     ORDER BY created_at, id`,
    [fixture.questId],
  );
  const n = rows.length;
  assert.deepEqual(
    rows.map((row) => row.position),
    Array.from({ length: n }, (_, i) => i + 1),
    `quest ${fixture.questId}: positions 1..n in (created_at, id) order`,
  );
  const { rows: quest } = await db.query<{ made: number; last: Date | null }>(
    "SELECT payouts_made::int AS made, last_payout_at AS last FROM quests WHERE id = $1",
    [fixture.questId],
  );
  assert.equal(quest[0]!.made, n, "payouts_made counts the quest's payouts");
  assert.equal(quest[0]!.last?.toISOString(), rows.at(-1)?.created_at.toISOString());
  const checks: { limit: number; offset: number }[] = [];
  for (let offset = 0; offset <= n + 1; offset++) {
    for (const limit of LIMITS) checks.push({ limit, offset });
  }
  // A few at a time: many reads at once go together in one statement, as a dashboard's would.
  for (let i = 0; i < checks.length; i += 50) {
    await Promise.all(
      checks.slice(i, i + 50).map(async ({ limit, offset }) => {
        const [answered, expected] = await Promise.all([
          page(ctx, fixture, limit, offset),
          oldPage(db, fixture.questId, limit, offset),
        ]);
        assert.deepEqual(
          answered,
          expected,
          `quest ${fixture.questId} offset=${offset} limit=${limit}`,
        );
      }),
    );
  }
  return n;
}

/** A second service on `ctx`'s database that runs each allocation request in its own transaction. */
async function serialService(ctx: TestContext): Promise<TestContext> {
  const config = loadConfig({ ADMIN_TOKEN, LOG_LEVEL: "silent", ALLOCATION_BATCHING: "off" });
  const app = await buildApp(await prepareServices(config, ctx.db), { logger: false });
  await app.ready();
  return { ...ctx, app, config, inject: (options) => app.inject(options) };
}

function idempotencyKey(): string {
  return `depth-${randomBytes(8).toString("hex")}`;
}

/** A send's request, with the keys it keeps when it is sent again. */
function request(send: Send, fixture: QuestFixture, passes: string[]) {
  const requestKey = idempotencyKey();
  const items = send.items.map((item) => ({
    points: item.points,
    address: passes[item.player]!,
    ...(send.keyed ? { idempotency_key: idempotencyKey() } : {}),
  }));
  return (ctx: TestContext): Promise<LightMyRequestResponse> =>
    send.batch
      ? ctx.inject({
          method: "POST",
          url: `/quests/${fixture.questId}/allocations`,
          headers: { "x-api-key": fixture.apiKey },
          payload: { allocations: items },
        })
      : allocate(
          ctx,
          fixture,
          { points: items[0]!.points, address: items[0]!.address },
          send.keyed ? { "Idempotency-Key": requestKey } : {},
        );
}

/** The payouts a 200 answer carries, and whether they were replays. */
function paidBy(response: LightMyRequestResponse): { payout: WirePayout; replayed: boolean }[] {
  expectStatus(response, 200);
  const body = response.json();
  if (!("results" in body)) {
    return [{ payout: body.payout, replayed: response.headers["idempotent-replayed"] === "true" }];
  }
  return body.results.map((result: { status: number; payout: WirePayout; replayed: boolean }) => {
    assert.equal(result.status, 200, JSON.stringify(result));
    return { payout: result.payout, replayed: result.replayed };
  });
}

/**
 * Many allocations on one quest, each request its own transaction (a batch), racing: each is
 * stamped after the one before, and the pages follow the positions.
 */
async function stampsInOrder(ctx: TestContext) {
  const fixture = await questFixture(ctx, { total_points: BUDGET });
  const body = { points: 1, address: fixture.playerPass };
  const first = paidBy(await allocate(ctx, fixture, body))[0]!.payout;
  // The next transactions read the database's clock within the millisecond of the first
  // one's stamp (or before it), as a hot quest's batches do on a fast server or after the
  // clock stepped back. This machine is slower than a millisecond a transaction, so the
  // stamp is moved a minute ahead instead, with the quest's record of it.
  const ahead = new Date(Date.parse(first.created_at) + 60_000);
  await ctx.db.query("UPDATE payouts SET created_at = $2 WHERE id = $1", [first.id, ahead]);
  await ctx.db.query("UPDATE quests SET last_payout_at = $2 WHERE id = $1", [
    fixture.questId,
    ahead,
  ]);
  // Held, the requests pile up; released, they commit one after another as fast as they can.
  const release = await holdQuest(ctx, fixture.questId);
  const responses: Promise<LightMyRequestResponse>[] = [];
  try {
    for (let i = 0; i < 60; i++) {
      const item = { points: 1 + (i % 5), address: fixture.playerPass };
      responses.push(
        i % 6 === 0
          ? ctx.inject({
              method: "POST",
              url: `/quests/${fixture.questId}/allocations`,
              headers: { "x-api-key": fixture.apiKey },
              payload: { allocations: [item, item, item] },
            })
          : allocate(ctx, fixture, item),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  } finally {
    await release();
  }
  const stamps = (await Promise.all(responses)).map((response) => {
    const paid = paidBy(response);
    assert.equal(new Set(paid.map(({ payout }) => payout.created_at)).size, 1);
    return paid[0]!.payout.created_at;
  });
  assert.equal(new Set(stamps).size, stamps.length, "no two transactions share a created_at");
  for (const stamp of stamps) assert.ok(Date.parse(stamp) > ahead.getTime(), stamp);
  const n = await assertPages(ctx, fixture);
  assert.equal(n, 1 + 50 + 10 * 3);
  const { rows } = await ctx.db.query<{ id: string }>(
    "SELECT id FROM payouts WHERE quest_id = $1 ORDER BY position DESC",
    [fixture.questId],
  );
  const newestFirst: string[] = [];
  for (let offset = 0; offset < n; offset += 100) {
    newestFirst.push(...(await page(ctx, fixture, 100, offset)).map((p) => p.id));
  }
  assert.deepEqual(
    newestFirst,
    rows.map((row) => row.id),
    "page order is position order",
  );
}

for (const kind of DATABASES) {
  describe(`payout pages by position [${kind}]`, () => {
    const ctx = withContext(kind, PATIENT_DB);
    const passes: string[] = [];

    before(async () => {
      for (let i = 0; i < PLAYERS; i++) {
        passes.push(randomPass());
        await createAccount(ctx(), passes[i]);
      }
    });

    it("answers every page of two quests paid by racing allocations as the created_at, id query does", async () => {
      await fc.assert(
        fc.asyncProperty(planArb, async (plan) => {
          const first = await questFixture(ctx(), { total_points: BUDGET });
          const second = {
            ...first,
            questId: await createQuest(ctx(), first.ownerPass, { total_points: BUDGET }),
          };
          const quests = [first, second];
          const answered = new Map<string, WirePayout>();
          let retries: ((ctx: TestContext) => Promise<LightMyRequestResponse>)[] = [];
          for (const wave of [...plan, []]) {
            const sends = wave.map((send) => ({
              send,
              run: request(send, quests[send.quest]!, passes),
            }));
            const replays = retries;
            retries = sends.filter(({ send }) => send.keyed && send.retried).map(({ run }) => run);
            const [fresh, replayed] = await Promise.all([
              Promise.all(sends.map(({ run }) => run(ctx()))),
              Promise.all(replays.map((run) => run(ctx()))),
            ]);
            for (const { payout, replayed: again } of fresh.flatMap(paidBy)) {
              assert.equal(again, false, "a first send is paid, not replayed");
              answered.set(payout.id, payout);
            }
            for (const { payout, replayed: again } of replayed.flatMap(paidBy)) {
              assert.equal(again, true, "a keyed request sent again replays");
              assert.deepEqual(
                payout,
                answered.get(payout.id),
                "a replay answers the first payout",
              );
            }
          }
          let listed = 0;
          for (const quest of quests) listed += await assertPages(ctx(), quest);
          assert.equal(listed, answered.size, "the quests hold exactly the payouts answered");
        }),
        { numRuns: 5 },
      );
    });

    it("stamps racing allocations on one quest each after the one before, even within the clock's millisecond", async () => {
      // One transaction per request (no group commit), from a second service on the database.
      const serial = await serialService(ctx());
      try {
        await stampsInOrder(serial);
      } finally {
        await serial.app.close();
      }
    });
  });
}
