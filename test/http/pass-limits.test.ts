/**
 * A quest's limits per pass (contract, "Limits per pass (anti-farming)"): `pass_points_max`,
 * `pass_payouts_max` in each `pass_window`, checked under the quest's lock, batch items against
 * the running counts, reversals giving their share back, PASS_LIMIT_REACHED after
 * ACCOUNT_SUSPENDED and before INSUFFICIENT_POINTS.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { LightMyRequestResponse } from "fastify";
import { checkBooks } from "../../src/use-cases/books-check.js";
import {
  ADMIN_TOKEN,
  allocate,
  allocateKeyed,
  createAccount,
  DATABASES,
  expectProblem,
  expectStatus,
  type QuestFixture,
  type QuestOptions,
  questFixture,
  randomPass,
  secondInstance,
  type TestContext,
  withContext,
} from "../helpers/app.js";
import { batch, batchAnswer, itemsTo, patchQuest } from "../helpers/batch-allocations.js";
import { describeEachDatabase } from "../helpers/each-database.js";

type Limits = Pick<QuestOptions, "pass_points_max" | "pass_payouts_max" | "pass_window">;

const DAY_MS = 86_400_000;
/** When the UTC day after `now` starts. */
const nextDay = (now = Date.now()) => new Date((Math.floor(now / DAY_MS) + 1) * DAY_MS);

const pay = (
  ctx: TestContext,
  fixture: QuestFixture,
  points: number,
  address = fixture.playerPass,
) => allocate(ctx, fixture, { points, address });

function expectLimit(response: LightMyRequestResponse, detail: RegExp | string) {
  const body = expectProblem(response, 400, "PASS_LIMIT_REACHED");
  if (typeof detail === "string") assert.equal(body.detail, detail);
  else assert.match(body.detail, detail);
}

function reverse(ctx: TestContext, payoutId: string) {
  return ctx.inject({
    method: "POST",
    url: `/admin/payouts/${payoutId}/reversal`,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    payload: { reason: "farming" },
  });
}

/** The pass's payouts answered 200 among `responses`. */
const paidCount = (responses: readonly LightMyRequestResponse[]) =>
  responses.filter((response) => response.statusCode === 200).length;

describeEachDatabase("limits per pass", (ctx) => {
  const limited = (limits: Limits, options: QuestOptions = {}) =>
    questFixture(ctx(), { total_points: 10_000, ...limits, ...options });

  it("pays a pass once a day on a once-a-day quest, saying when the next day starts, and other passes still", async () => {
    const fixture = await limited({ pass_payouts_max: 1, pass_window: "day" });
    expectStatus(await pay(ctx(), fixture, 5), 200);
    const before = Date.now();
    const again = await pay(ctx(), fixture, 5);
    expectLimit(
      again,
      `${fixture.playerPass} may receive 1 payout a day from quest ${fixture.questId}; ` +
        `the next day starts at ${nextDay(before).toISOString()}.`,
    );
    const other = randomPass();
    await createAccount(ctx(), other);
    expectStatus(await pay(ctx(), fixture, 5, other), 200);
    // The pass's payouts of an earlier day do not count today.
    await ctx().db.query(
      `UPDATE quest_pass_counts SET window_key = 'day:2001-01-01'
       WHERE quest_id = $1 AND window_key LIKE 'day:%'`,
      [fixture.questId],
    );
    expectStatus(await pay(ctx(), fixture, 5), 200);
  });

  it("counts payouts per ISO week, per earning period, and over the quest's life", async () => {
    const week = await limited({ pass_payouts_max: 2, pass_window: "week" });
    expectStatus(await pay(ctx(), week, 1), 200);
    expectStatus(await pay(ctx(), week, 1), 200);
    expectLimit(
      await pay(ctx(), week, 1),
      /may receive 2 payouts a week from quest \d+; the next week starts at \d{4}-\d{2}-\d{2}T00:00:00\.000Z\.$/,
    );
    const monday = new Date(
      expectProblem(await pay(ctx(), week, 1), 400, "PASS_LIMIT_REACHED").detail.match(
        /starts at (\S+)\.$/,
      )![1]!,
    );
    assert.equal(monday.getUTCDay(), 1, "an ISO week starts on a Monday");
    assert.ok(monday.getTime() > Date.now() && monday.getTime() <= Date.now() + 7 * DAY_MS);

    const life = await limited({ pass_payouts_max: 1 });
    expectStatus(await pay(ctx(), life, 1), 200);
    expectLimit(
      await pay(ctx(), life, 1),
      `${life.playerPass} may receive 1 payout over the quest's life from quest ${life.questId}.`,
    );
    // No earning period is defined: the whole time is one window.
    const period = await limited({ pass_payouts_max: 1, pass_window: "earning_period" });
    expectStatus(await pay(ctx(), period, 1), 200);
    expectLimit(await pay(ctx(), period, 1), /may receive 1 payout an earning period/);
  });

  it("bounds a pass's points from the quest, reversals giving their share back", async () => {
    const fixture = await limited({ pass_points_max: 500 });
    const first = await pay(ctx(), fixture, 300);
    expectStatus(first, 200);
    expectLimit(
      await pay(ctx(), fixture, 250),
      `${fixture.playerPass} may hold at most 500 points from quest ${fixture.questId}; it holds ` +
        "300, and 250 more would take it past that.",
    );
    expectStatus(await pay(ctx(), fixture, 200), 200);
    expectLimit(await pay(ctx(), fixture, 1), /it holds 500, and 1 more/);
    expectStatus(await reverse(ctx(), first.json().payout.id), 201);
    expectStatus(await pay(ctx(), fixture, 300), 200);
  });

  it("gives a reversed payout back to its window", async () => {
    const fixture = await limited({ pass_payouts_max: 1, pass_window: "day" });
    const first = await pay(ctx(), fixture, 5);
    expectStatus(first, 200);
    expectLimit(await pay(ctx(), fixture, 5), /1 payout a day/);
    expectStatus(await reverse(ctx(), first.json().payout.id), 201);
    expectStatus(await pay(ctx(), fixture, 5), 200);
  });

  it("refuses ACCOUNT_SUSPENDED before the limit, and the limit before INSUFFICIENT_POINTS", async () => {
    const fixture = await limited({ pass_payouts_max: 1 }, { total_points: 10 });
    expectStatus(await pay(ctx(), fixture, 4), 200);
    expectLimit(await pay(ctx(), fixture, 50), /1 payout over the quest's life/);
    await ctx().db.query(
      "UPDATE accounts SET suspended_at = now(), suspension_reason = 'sybil' WHERE pass = $1",
      [fixture.playerPass],
    );
    expectProblem(await pay(ctx(), fixture, 50), 400, "ACCOUNT_SUSPENDED");
    // A pass the limit does not stop is refused for the budget.
    const other = randomPass();
    await createAccount(ctx(), other);
    expectProblem(await pay(ctx(), fixture, 50, other), 400, "INSUFFICIENT_POINTS");
  });

  it("decides batch items in order against the running counts; an atomic batch is refused whole", async () => {
    const fixture = await limited({ pass_payouts_max: 2, pass_points_max: 25 });
    const answer = batchAnswer(
      await batch(ctx(), fixture, { allocations: itemsTo(fixture.playerPass, 10, 10, 1, 1) }),
    );
    assert.deepEqual(
      answer.results.map((r) => r.code ?? r.status),
      [200, 200, "PASS_LIMIT_REACHED", "PASS_LIMIT_REACHED"],
    );
    const other = randomPass();
    await createAccount(ctx(), other);
    const atomic = await batch(ctx(), fixture, {
      allocations: itemsTo(other, 10, 10, 10),
      atomic: true,
    });
    expectProblem(atomic, 400, "BATCH_REJECTED");
    // Nothing of it was paid: the other pass still has both of its payouts.
    const rerun = batchAnswer(await batch(ctx(), fixture, { allocations: itemsTo(other, 10, 15) }));
    assert.deepEqual(
      rerun.results.map((r) => r.status),
      [200, 200],
    );
  });

  it("applies a changed limit to later allocations only, recounting the current window", async () => {
    const fixture = await limited({});
    expectStatus(await pay(ctx(), fixture, 7), 200);
    expectStatus(await pay(ctx(), fixture, 7), 200);
    await patchQuest(ctx(), fixture, { pass_payouts_max: 2, pass_window: "day" });
    expectLimit(await pay(ctx(), fixture, 1), /2 payouts a day/);
    await patchQuest(ctx(), fixture, { pass_payouts_max: 3 });
    expectStatus(await pay(ctx(), fixture, 1), 200);
    await patchQuest(ctx(), fixture, { pass_points_max: 10, pass_payouts_max: null });
    expectLimit(await pay(ctx(), fixture, 1), /it holds 15/);
    const { rows } = await ctx().db.query<{ n: string }>(
      "SELECT count(*) AS n FROM payouts WHERE quest_id = $1",
      [fixture.questId],
    );
    assert.equal(Number(rows[0]!.n), 3, "nothing paid before was changed");
    await patchQuest(ctx(), fixture, { pass_points_max: null, pass_payouts_max: null });
    expectStatus(await pay(ctx(), fixture, 1), 200);
  });

  it("recounts every window of a new pass_window, earlier ones too, so the books check holds", async () => {
    const fixture = await limited({});
    const first = await pay(ctx(), fixture, 3);
    expectStatus(first, 200);
    expectStatus(await pay(ctx(), fixture, 4), 200);
    // The first payout as if made two days ago, before the quest counted per day.
    await ctx().db.query(
      "UPDATE payouts SET created_at = created_at - interval '2 days' WHERE id = $1",
      [first.json().payout.id],
    );
    await patchQuest(ctx(), fixture, { pass_window: "day" });
    const { rows } = await ctx().db.query<{ window_key: string; points: string }>(
      `SELECT window_key, points FROM quest_pass_counts
       WHERE quest_id = $1 AND window_key LIKE 'day:%' ORDER BY window_key`,
      [fixture.questId],
    );
    assert.deepEqual(
      rows.map((row) => Number(row.points)),
      [3, 4],
    );
    // The database is shared with the cases above (one renamed a window on purpose): this quest's.
    const { mismatches } = await checkBooks(ctx().db);
    assert.deepEqual(
      mismatches.filter((m) => m.subject.startsWith(`quest ${fixture.questId},`)),
      [],
    );
  });

  it("holds test-mode quests to the same rules", async () => {
    const fixture = await limited({ pass_payouts_max: 1 }, { mode: "test", is_public: false });
    const testKey = await ctx().admin("POST", "/admin/keys", {
      owner: fixture.ownerPass,
      mode: "test",
    });
    const owner = { ...fixture, apiKey: testKey.json().key as string };
    expectStatus(await pay(ctx(), owner, 1), 200);
    expectLimit(await pay(ctx(), owner, 1), /1 payout over the quest's life/);
  });
});

for (const kind of DATABASES.filter((k) => k === "postgres")) {
  describe(`limits per pass under concurrency [${kind}]`, () => {
    const ctx = withContext(kind);

    it("pays once out of twenty requests for one pass on a once-a-day quest, across two processes", async () => {
      const second = await secondInstance(ctx());
      try {
        const fixture = await questFixture(ctx(), {
          total_points: 10_000,
          pass_payouts_max: 1,
          pass_window: "day",
        });
        const apps = [ctx().app, second.app];
        const responses = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            allocateKeyed(
              apps[i % 2]!,
              fixture,
              { points: 5, address: fixture.playerPass },
              `race-${i}`,
            ),
          ),
        );
        assert.equal(paidCount(responses), 1);
        for (const response of responses.filter((r) => r.statusCode !== 200)) {
          expectProblem(response, 400, "PASS_LIMIT_REACHED");
        }
        const { rows } = await ctx().db.query<{ n: string }>(
          "SELECT count(*) AS n FROM payouts WHERE quest_id = $1",
          [fixture.questId],
        );
        assert.equal(Number(rows[0]!.n), 1);
      } finally {
        await second.close();
      }
    });

    it("keeps racing batches within a pass's points, across two processes", async () => {
      const second = await secondInstance(ctx());
      try {
        const fixture = await questFixture(ctx(), { total_points: 10_000, pass_points_max: 100 });
        const apps = [ctx().app, second.app];
        const responses = await Promise.all(
          Array.from({ length: 10 }, (_, i) =>
            apps[i % 2]!.inject({
              method: "POST",
              url: `/quests/${fixture.questId}/allocations`,
              headers: { "x-api-key": fixture.apiKey },
              payload: { allocations: itemsTo(fixture.playerPass, 7, 7, 7) },
            }),
          ),
        );
        const paid = responses.flatMap((r) =>
          batchAnswer(r).results.filter((x) => x.status === 200),
        );
        // 14 items of 7 fit in 100 points; the 15th would make 105.
        assert.equal(paid.length, 14);
        const { rows } = await ctx().db.query<{ points: string }>(
          "SELECT coalesce(sum(amount), 0) AS points FROM payouts WHERE quest_id = $1",
          [fixture.questId],
        );
        assert.equal(Number(rows[0]!.points), 98);
      } finally {
        await second.close();
      }
    });
  });
}
