import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { LightMyRequestResponse } from "fastify";
import {
  allocate,
  createQuest,
  DATABASES,
  expectProblem,
  expectStatus,
  holdQuest,
  type QuestFixture,
  questFixture,
  secondInstance,
  type TestContext,
  withContext,
} from "../helpers/app.js";
import { assertBooksBalance, books } from "../helpers/books.js";
import { HELD_BATCH_ENV, sendWhileHeld } from "../helpers/locks.js";

/** `count` quests of one owner (the fixture's quest first), each with `totalPoints`. */
async function questsOfOneOwner(
  ctx: TestContext,
  count: number,
  totalPoints: number,
): Promise<QuestFixture[]> {
  const first = await questFixture(ctx, { total_points: totalPoints });
  const quests = [first];
  for (let i = 1; i < count; i++) {
    const questId = await createQuest(ctx, first.ownerPass, { total_points: totalPoints });
    quests.push({ ...first, questId });
  }
  return quests;
}

/** Each quest's books, in the order of `questIds`. */
function booksOf(ctx: TestContext, questIds: number[]) {
  return Promise.all(questIds.map((questId) => books(ctx.db, questId)));
}

for (const kind of DATABASES) {
  // A gathering window and one batch at a time: requests waiting together share a batch.
  describe(`group commit over many quests [${kind}]`, () => {
    const ctx = withContext(kind, HELD_BATCH_ENV);

    it("commits allocations for different quests sent together in one transaction", async () => {
      const quests = await questsOfOneOwner(ctx(), 10, 1000);
      // One allocation per quest warms the caches each request reads before it queues.
      for (const quest of quests) {
        expectStatus(await allocate(ctx(), quest, { points: 1, address: quest.playerPass }), 200);
      }
      const first = quests[0]!;
      // Sent while the first quest is held, all 40 are waiting when it is let go.
      const responses = await sendWhileHeld(
        ctx(),
        first.questId,
        Array.from({ length: 40 }, (_, i) => () => {
          const quest = quests[i % quests.length]!;
          return allocate(ctx(), quest, { points: 1, address: quest.playerPass });
        }),
      );
      for (const response of responses) expectStatus(response, 200);
      // The payout time is the transaction's clock: one batch, one instant, across all quests.
      const instants = new Set(responses.map((r) => r.json().payout.created_at));
      assert.ok(instants.size <= 2, `payouts over 10 quests came at ${instants.size} instants`);
      const books = await booksOf(
        ctx(),
        quests.map((q) => q.questId),
      );
      assert.deepEqual(
        books.map((b) => b.payouts),
        quests.map(() => 5),
      );
      for (const quest of books) assertBooksBalance(quest, `quest ${quest.questId}`);
    });

    it("decides each quest of a batch against its own remainder", async () => {
      const [a, b] = await questsOfOneOwner(ctx(), 2, 10);
      const quests = [a!, b!, a!, b!, a!, b!];
      const responses = await Promise.all(
        quests.map((quest) => allocate(ctx(), quest, { points: 5, address: quest.playerPass })),
      );
      // Each quest pays two of its three requests and refuses one, naming its own remainder.
      for (const quest of [a!, b!]) {
        const own = responses.filter((_, i) => quests[i] === quest);
        assert.equal(own.filter((r) => r.statusCode === 200).length, 2);
        const refused = own.filter((r) => r.statusCode !== 200);
        assert.equal(refused.length, 1);
        const body = expectProblem(refused[0]!, 400, "INSUFFICIENT_POINTS");
        assert.equal(body.detail, `Quest ${quest.questId} has 0 points left; 5 were requested.`);
      }
      const books = await booksOf(ctx(), [a!.questId, b!.questId]);
      assert.deepEqual(
        books.map((q) => q.remaining),
        [0, 0],
      );
      for (const quest of books) assertBooksBalance(quest, `quest ${quest.questId}`);
    });

    it("answers each request of a mixed batch on its own: refusals of one quest do not fail another", async () => {
      const [open, closed] = await questsOfOneOwner(ctx(), 2, 100);
      // The second quest's window is over: its requests are refused, the first quest's pay.
      const patched = await ctx().admin("PATCH", `/admin/quests/${closed!.questId}`, {
        start: new Date(Date.now() - 2 * 86_400_000).toISOString(),
        end: new Date(Date.now() - 86_400_000).toISOString(),
      });
      expectStatus(patched, 200);
      const responses = await Promise.all(
        Array.from({ length: 10 }, (_, i) => {
          const quest = i % 2 === 0 ? open! : closed!;
          return allocate(ctx(), quest, { points: 3, address: quest.playerPass });
        }),
      );
      responses.forEach((response, i) => {
        if (i % 2 === 0) expectStatus(response, 200);
        else expectProblem(response, 400, "QUEST_NOT_ACTIVE");
      });
      const books = await booksOf(ctx(), [open!.questId, closed!.questId]);
      assert.deepEqual(
        books.map((q) => q.remaining),
        [85, 100],
      );
    });
  });
}

describe("group commit over many quests, one quest held [postgres]", () => {
  const LOCK_MS = 800;
  const ctx = withContext("postgres", {
    ALLOCATION_BATCH_WAIT_MS: "50",
    DB_LOCK_TIMEOUT_MS: String(LOCK_MS),
  });

  it("a quest locked elsewhere fails only its own requests; the batch's other quests are paid", async () => {
    const quests = await questsOfOneOwner(ctx(), 6, 100);
    const held = quests[2]!;
    const release = await holdQuest(ctx(), held.questId);
    let responses: LightMyRequestResponse[];
    try {
      responses = await Promise.all(
        quests.flatMap((quest) =>
          [1, 2].map(() => allocate(ctx(), quest, { points: 10, address: quest.playerPass })),
        ),
      );
    } finally {
      await release();
    }
    responses.forEach((response, i) => {
      const quest = quests[Math.floor(i / 2)]!;
      if (quest === held) {
        expectProblem(response, 503, "SERVICE_UNAVAILABLE");
        assert.match(String(response.headers["retry-after"]), /^\d+$/);
      } else {
        expectStatus(response, 200);
      }
    });
    const books = await booksOf(
      ctx(),
      quests.map((q) => q.questId),
    );
    assert.deepEqual(
      books.map((q) => q.payouts),
      quests.map((q) => (q === held ? 0 : 2)),
    );
    for (const quest of books) assertBooksBalance(quest, `quest ${quest.questId}`);
  });

  it("a batch that waited for a quest's lock sees an earning period committed meanwhile", async () => {
    const fixture = await questFixture(ctx(), { total_points: 100 });
    const release = await holdQuest(ctx(), fixture.questId);
    let periodId: number;
    let response: LightMyRequestResponse;
    try {
      const waiting = allocate(ctx(), fixture, { points: 5, address: fixture.playerPass });
      await new Promise((resolve) => setTimeout(resolve, 150)); // the batch waits for the lock
      // The operator's first period, committed while the batch waits.
      const { rows } = await ctx().db.query<{ id: number }>(
        `INSERT INTO earning_periods (start_at, end_at)
         VALUES (now() - interval '1 hour', now() + interval '1 hour') RETURNING id`,
      );
      periodId = rows[0]!.id;
      void release(); // the batch goes on as the lock is let go
      response = await waiting;
    } finally {
      await release();
    }
    expectStatus(response, 200);
    const { rows } = await ctx().db.query<{ earning_period_id: number | null }>(
      "SELECT earning_period_id FROM payouts WHERE id = $1",
      [response.json().payout.id],
    );
    assert.equal(rows[0]!.earning_period_id, periodId, "the payout records the period it fell in");
    await ctx().db.query("DELETE FROM payouts WHERE earning_period_id = $1", [periodId]);
    await ctx().db.query("UPDATE quests SET points_remaining = total_points WHERE id = $1", [
      fixture.questId,
    ]);
    await ctx().db.query("DELETE FROM earning_periods WHERE id = $1", [periodId]);
  });

  it("two processes allocating over the same quests in opposite orders never deadlock or overspend", async () => {
    const second = await secondInstance(ctx());
    try {
      const quests = await questsOfOneOwner(ctx(), 8, 300);
      const apps = [ctx().app, second.app];
      const plan = Array.from({ length: 480 }, (_, i) => {
        const which = i % 2;
        const round = Math.floor(i / 2);
        // One process walks the quests up, the other down: a batch locking in arrival order
        // would deadlock with the other's.
        const index = which === 0 ? round % 8 : 7 - (round % 8);
        return { app: apps[which]!, quest: quests[index]!, points: (round % 7) + 1 };
      });
      const responses = await Promise.all(
        plan.map(({ app, quest, points }) =>
          app.inject({
            method: "POST",
            url: `/quests/${quest.questId}`,
            headers: { "x-api-key": quest.apiKey },
            payload: { points, address: quest.playerPass },
          }),
        ),
      );
      for (const response of responses) {
        if (response.statusCode !== 200) expectProblem(response, 400, "INSUFFICIENT_POINTS");
      }
      const books = await booksOf(
        ctx(),
        quests.map((q) => q.questId),
      );
      const answered = new Map<number, number>();
      responses.forEach((response, i) => {
        if (response.statusCode !== 200) return;
        const id = plan[i]!.quest.questId;
        answered.set(id, (answered.get(id) ?? 0) + response.json().payout.amount);
      });
      for (const quest of books) assert.equal(quest.paid, answered.get(quest.questId) ?? 0);
      for (const quest of books) assertBooksBalance(quest, `quest ${quest.questId}`);
    } finally {
      await second.close();
    }
  });
});
