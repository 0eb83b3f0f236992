import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import {
  createAccount,
  createQuest,
  DATABASES,
  expectStatus,
  PATIENT_DB,
  type QuestFixture,
  questFixture,
  randomPass,
  secondInstance,
  type TestContext,
  withContext,
} from "../helpers/app.js";
import { books } from "../helpers/books.js";

function post(
  app: FastifyInstance,
  fixture: QuestFixture,
  points: number,
  address: string,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: "POST",
    url: `/quests/${fixture.questId}`,
    headers: { "x-api-key": fixture.apiKey },
    payload: { points, address },
  });
}

/** Every payout of the quest through the public API, paging with limit/offset. */
async function allPayoutIds(ctx: TestContext, fixture: QuestFixture) {
  const ids: string[] = [];
  let pointsRemaining = -1;
  for (let offset = 0; ; offset += 100) {
    const response = await ctx.inject({
      method: "GET",
      url: `/quests/${fixture.questId}?limit=100&offset=${offset}`,
      headers: { "x-api-key": fixture.apiKey },
    });
    expectStatus(response, 200);
    const body = response.json();
    pointsRemaining = body.points_remaining;
    ids.push(...body.payouts.map((payout: { id: string }) => payout.id));
    if (body.payouts.length < 100) break;
  }
  return { ids, pointsRemaining };
}

/** Splits the answers into successes and INSUFFICIENT_POINTS refusals; anything else fails. */
function tally(responses: LightMyRequestResponse[]) {
  const paid: { id: string; amount: number }[] = [];
  const refused: { left: number; requested: number }[] = [];
  for (const response of responses) {
    if (response.statusCode === 200) {
      paid.push(response.json().payout);
      continue;
    }
    expectStatus(response, 400);
    const body = response.json();
    assert.equal(body.code, "INSUFFICIENT_POINTS", response.body);
    const match = /has (\d+) points left; (\d+) were requested\.$/.exec(body.detail);
    assert.ok(match, body.detail);
    refused.push({ left: Number(match[1]), requested: Number(match[2]) });
  }
  return { paid, refused };
}

/** The books (database) and the payout listing (API) hold exactly the payouts answered 200. */
async function assertBooksMatchAnswers(
  ctx: TestContext,
  fixture: QuestFixture,
  paid: { id: string; amount: number }[],
  total: number,
) {
  const spent = paid.reduce((sum, payout) => sum + payout.amount, 0);
  const b = await books(ctx.db, fixture.questId);
  assert.equal(b.total, total);
  assert.equal(b.payouts, paid.length, "payout rows = successful answers");
  assert.equal(b.paid, spent, "sum of payout rows = sum of successful answers");
  assert.equal(b.remaining, total - spent, "points_remaining = total - spent");
  assert.ok(b.remaining >= 0);
  const listed = await allPayoutIds(ctx, fixture);
  assert.equal(listed.pointsRemaining, total - spent);
  assert.deepEqual(
    [...listed.ids].sort(),
    paid.map((payout) => payout.id).sort(),
    "the quest lists exactly the payouts that were answered 200",
  );
  assert.equal(new Set(listed.ids).size, listed.ids.length, "payout ids are distinct");
}

// Every race runs with group commit on (the default) and off (one transaction per request).
const MODES = [
  { batching: "on", env: {} },
  { batching: "off", env: { ALLOCATION_BATCHING: "off" } },
] as const;

for (const kind of DATABASES)
  for (const mode of MODES) {
    describe(`POST /quests/{questId} under concurrency [${kind}, batching ${mode.batching}]`, () => {
      const ctx = withContext(kind, { ...mode.env, ...PATIENT_DB });

      it("300 concurrent allocations of 7 on a budget of 1000: exactly 142 paid, 6 left, books balance", async () => {
        const fixture = await questFixture(ctx(), { total_points: 1000 });
        const responses = await Promise.all(
          Array.from({ length: 300 }, () => post(ctx().app, fixture, 7, fixture.playerPass)),
        );
        const { paid, refused } = tally(responses);
        assert.equal(paid.length, 142);
        assert.equal(refused.length, 158);
        for (const refusal of refused) assert.equal(refusal.requested, 7);
        assert.ok(paid.every((payout) => payout.amount === 7));
        await assertBooksMatchAnswers(ctx(), fixture, paid, 1000);
        assert.equal((await books(ctx().db, fixture.questId)).paid, 994);
        assert.equal((await books(ctx().db, fixture.questId)).remaining, 6);
      });

      it("concurrent allocations of mixed sizes never overspend, and every refusal was a true shortfall", async () => {
        const fixture = await questFixture(ctx(), { total_points: 1000 });
        const players = [fixture.playerPass];
        for (let i = 0; i < 3; i++) {
          const pass = randomPass();
          await createAccount(ctx(), pass);
          players.push(pass);
        }
        const amounts = Array.from({ length: 200 }, (_, i) => ((i * 37) % 13) + 1);
        const responses = await Promise.all(
          amounts.map((points, i) =>
            post(ctx().app, fixture, points, players[i % players.length]!),
          ),
        );
        const { paid, refused } = tally(responses);
        assert.ok(refused.length > 0, "the budget ran out");
        const remaining = 1000 - paid.reduce((sum, payout) => sum + payout.amount, 0);
        for (const refusal of refused) {
          assert.ok(refusal.left < refusal.requested, JSON.stringify(refusal));
          // points_remaining only goes down, so the final remainder is below every refused request.
          assert.ok(remaining <= refusal.left, `${remaining} > ${refusal.left}`);
        }
        await assertBooksMatchAnswers(ctx(), fixture, paid, 1000);
      });

      it("concurrent allocations on many quests do not interfere with each other", async () => {
        const owner = await questFixture(ctx(), { total_points: 50 });
        const quests: QuestFixture[] = [owner];
        for (let i = 1; i < 8; i++) {
          const questId = await createQuest(ctx(), owner.ownerPass, { total_points: 50 + 10 * i });
          quests.push({ ...owner, questId });
        }
        const requests: Promise<LightMyRequestResponse>[] = [];
        for (let round = 0; round < 15; round++) {
          for (const quest of quests) requests.push(post(ctx().app, quest, 10, owner.playerPass));
        }
        const responses = await Promise.all(requests);
        for (const [i, quest] of quests.entries()) {
          const own = responses.filter((_, index) => index % quests.length === i);
          const { paid, refused } = tally(own);
          assert.equal(paid.length, 5 + i, `quest ${i}`);
          assert.equal(refused.length, 15 - (5 + i));
          await assertBooksMatchAnswers(ctx(), quest, paid, 50 + 10 * i);
          assert.equal((await books(ctx().db, quest.questId)).remaining, 0);
        }
      });

      if (kind === "postgres") {
        it("two service instances on one database never overspend a quest between them", async () => {
          const second = await secondInstance(ctx());
          try {
            const fixture = await questFixture(ctx(), { total_points: 1000 });
            const apps = [ctx().app, second.app];
            const responses = await Promise.all(
              Array.from({ length: 300 }, (_, i) =>
                post(apps[i % 2]!, fixture, 7, fixture.playerPass),
              ),
            );
            const { paid, refused } = tally(responses);
            assert.equal(paid.length, 142);
            assert.equal(refused.length, 158);
            const byInstance = [0, 1].map(
              (which) => responses.filter((r, i) => i % 2 === which && r.statusCode === 200).length,
            );
            assert.equal(byInstance[0]! + byInstance[1]!, 142);
            await assertBooksMatchAnswers(ctx(), fixture, paid, 1000);
            const b = await books(ctx().db, fixture.questId);
            assert.equal(b.paid, 994);
            assert.equal(b.remaining, 6);
          } finally {
            await second.close();
          }
        });

        it("two service instances keep mixed-size allocations on several quests balanced", async () => {
          const second = await secondInstance(ctx());
          try {
            const owner = await questFixture(ctx(), { total_points: 500 });
            const quests: QuestFixture[] = [owner];
            for (let i = 0; i < 3; i++) {
              quests.push({
                ...owner,
                questId: await createQuest(ctx(), owner.ownerPass, { total_points: 500 }),
              });
            }
            const apps = [ctx().app, second.app];
            const plan = Array.from({ length: 400 }, (_, i) => ({
              quest: quests[i % quests.length]!,
              app: apps[Math.floor(i / quests.length) % 2]!,
              points: ((i * 31) % 11) + 1,
            }));
            const responses = await Promise.all(
              plan.map(({ app, quest, points }) => post(app, quest, points, owner.playerPass)),
            );
            for (const quest of quests) {
              const own = responses.filter((_, i) => plan[i]!.quest === quest);
              const { paid, refused } = tally(own);
              assert.ok(refused.length > 0, "every budget ran out");
              await assertBooksMatchAnswers(ctx(), quest, paid, 500);
            }
          } finally {
            await second.close();
          }
        });
      }
    });
  }
