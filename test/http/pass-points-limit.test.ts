import assert from "node:assert/strict";
import { after, it } from "node:test";
import {
  allocate,
  createQuest,
  expectProblem,
  expectStatus,
  type TestContext,
} from "../helpers/app.js";
import { describeEachDatabase } from "../helpers/each-database.js";
import { keptAndRecomputedTotals } from "../helpers/kept-totals.js";
import { holdRows, lockWaits } from "../helpers/locks.js";
import { newAccount, newOwner } from "../helpers/owners.js";
import { killAllServices, type ServiceProcess, startService } from "../helpers/service-process.js";

/**
 * A pass's live points (its kept total, net of reversals) are at most
 * 9007199254740991, so every number the service writes reads exactly in any JSON client: an
 * allocation that would take a pass beyond it is 400 PASS_POINTS_LIMIT, after every other rule
 * of step 7. Test-mode payouts never count and are never refused for it.
 */

const LIMIT = 9007199254740991;
const LIMIT_TEXT = "9007199254740991";

type Owner = Awaited<ReturnType<typeof newOwner>>;

/** A quest whose budget is the largest number of points: one allocation can fill a pass. */
function hugeQuest(ctx: TestContext, owner: Owner, mode?: "live" | "test") {
  return createQuest(ctx, owner.pass, { total_points: LIMIT, ...(mode ? { mode } : {}) });
}

/** Pays `points` to `pass` from a fresh huge quest of `owner`. */
async function fill(ctx: TestContext, owner: Owner, pass: string, points: number) {
  const questId = await hugeQuest(ctx, owner);
  const response = await allocate(ctx, { apiKey: owner.key, questId }, { points, address: pass });
  expectStatus(response, 200);
}

/**
 * Every number in a JSON text, read from the text itself (not through JSON.parse, which would
 * round one above 2^53 - 1 and hide it): none is beyond the limit.
 */
function assertNumbersExact(text: string, what: string) {
  for (const [, digits] of text.matchAll(/:\s*(-?\d+)(?=\s*[,}\]])/g)) {
    assert.ok(BigInt(digits!) <= BigInt(LIMIT), `${what} writes ${digits}: ${text.slice(0, 500)}`);
  }
}

async function passPoints(
  ctx: TestContext,
  pass: string,
): Promise<{ text: string; points: number }> {
  const response = await ctx.inject({ url: `/passes/${pass}` });
  expectStatus(response, 200);
  assertNumbersExact(response.body, `GET /passes/${pass}`);
  return { text: response.body, points: response.json().points };
}

async function questRemaining(ctx: TestContext, owner: Owner, questId: number) {
  const response = await ctx.inject({
    url: `/quests/${questId}`,
    headers: { "x-api-key": owner.key },
  });
  expectStatus(response, 200);
  const body = response.json();
  return { remaining: body.points_remaining as number, payouts: body.payouts.length as number };
}

async function assertTotalsExact(ctx: TestContext) {
  const { kept, recomputed } = await keptAndRecomputedTotals(ctx.db);
  assert.deepEqual(kept, recomputed, "kept totals equal a recompute from the payouts");
  const { rows } = await ctx.db.query<{ over: number }>(
    `SELECT count(*)::int AS over FROM pass_totals WHERE points > ${LIMIT_TEXT}`,
  );
  assert.equal(rows[0]!.over, 0, "no kept total beyond the limit");
}

function batch(ctx: TestContext, owner: Owner, questId: number, body: object) {
  return ctx.inject({
    method: "POST",
    url: `/quests/${questId}/allocations`,
    headers: { "x-api-key": owner.key },
    payload: body,
  });
}

const limitDetail = (pass: string, points: number, more: number) =>
  `${pass} has ${points} points; ${more} more would take it beyond ${LIMIT_TEXT}, the most a pass can hold.`;

describeEachDatabase("a pass's live points stop at 9007199254740991", (ctx) => {
  it("refuses a single allocation that would take the pass beyond the limit with PASS_POINTS_LIMIT, paying nothing, and pays up to exactly the limit", async () => {
    const owner = await newOwner(ctx());
    const player = await newAccount(ctx());
    const first = await hugeQuest(ctx(), owner);
    const second = { apiKey: owner.key, questId: await hugeQuest(ctx(), owner) };
    expectStatus(
      await allocate(
        ctx(),
        { apiKey: owner.key, questId: first },
        {
          points: LIMIT - 100,
          address: player,
        },
      ),
      200,
    );

    const over = await allocate(ctx(), second, { points: 101, address: player });
    const body = expectProblem(over, 400, "PASS_POINTS_LIMIT");
    assert.equal(body.title, "Pass points limit");
    assert.equal(body.detail, limitDetail(player, LIMIT - 100, 101));
    assert.deepEqual(await questRemaining(ctx(), owner, second.questId), {
      remaining: LIMIT,
      payouts: 0,
    });
    assert.equal((await passPoints(ctx(), player)).points, LIMIT - 100);
    await assertTotalsExact(ctx());

    // The quest's own budget is checked first (step 7's order): 101 > the 100 left.
    const both = await allocate(
      ctx(),
      { apiKey: owner.key, questId: first },
      {
        points: 101,
        address: player,
      },
    );
    expectProblem(both, 400, "INSUFFICIENT_POINTS");

    // Exactly the limit is allowed; then not one point more.
    expectStatus(await allocate(ctx(), second, { points: 100, address: player }), 200);
    const full = await passPoints(ctx(), player);
    assert.match(full.text, new RegExp(`"points":${LIMIT_TEXT}\\b`));
    const more = await allocate(ctx(), second, { points: 1, address: player });
    assert.equal(
      expectProblem(more, 400, "PASS_POINTS_LIMIT").detail,
      limitDetail(player, LIMIT, 1),
    );
    assert.equal((await questRemaining(ctx(), owner, second.questId)).remaining, LIMIT - 100);
    await assertTotalsExact(ctx());
  });

  it("refuses a batch item that would cross the limit while paying the others, rejects an atomic batch naming it, and never limits test mode", async () => {
    const owner = await newOwner(ctx());
    const player = await newAccount(ctx());
    const bystander = await newAccount(ctx());
    await fill(ctx(), owner, player, LIMIT - 100);
    const questId = await hugeQuest(ctx(), owner);

    const response = await batch(ctx(), owner, questId, {
      allocations: [
        { points: 60, address: player },
        { points: 50, address: player },
        { points: 40, address: player },
        { points: 7, address: bystander },
      ],
    });
    expectStatus(response, 200);
    const answer = response.json();
    assert.deepEqual(
      answer.results.map((r: { status: number; code?: string }) => r.code ?? r.status),
      [200, "PASS_POINTS_LIMIT", 200, 200],
    );
    assert.equal(answer.results[1].status, 400);
    assert.equal(answer.results[1].detail, limitDetail(player, LIMIT - 40, 50));
    assert.equal(answer.paid_points, 107);
    assert.equal((await passPoints(ctx(), player)).points, LIMIT);

    const atomicQuest = await hugeQuest(ctx(), owner);
    const rejected = await batch(ctx(), owner, atomicQuest, {
      allocations: [
        { points: 1, address: bystander },
        { points: 1, address: player },
      ],
      atomic: true,
    });
    const problem = expectProblem(rejected, 400, "BATCH_REJECTED", "allocations/1");
    assert.deepEqual(
      problem.errors.map((e: { field: string; code: string }) => [e.field, e.code]),
      [["allocations/1", "PASS_POINTS_LIMIT"]],
    );
    assert.deepEqual(await questRemaining(ctx(), owner, atomicQuest), {
      remaining: LIMIT,
      payouts: 0,
    });
    assert.equal((await passPoints(ctx(), bystander)).points, 7);

    // Test-mode payouts never count, so they are never refused for the pass's points.
    const tester = await newOwner(ctx(), "test");
    const testQuest = await hugeQuest(ctx(), tester, "test");
    expectStatus(
      await allocate(
        ctx(),
        { apiKey: tester.key, questId: testQuest },
        {
          points: LIMIT,
          address: player,
        },
      ),
      200,
    );
    assert.equal((await passPoints(ctx(), player)).points, LIMIT);

    // The reads show exact numbers.
    const board = await ctx().inject({ url: "/leaderboard" });
    expectStatus(board, 200);
    assertNumbersExact(board.body, "GET /leaderboard");
    assert.ok(
      board.body.includes(`{"rank":1,"pass":"${player}","points":${LIMIT_TEXT}}`),
      board.body.slice(0, 500),
    );
    const stats = await ctx().inject({
      url: `/quests/${questId}/stats`,
      headers: { "x-api-key": owner.key },
    });
    expectStatus(stats, 200);
    assertNumbersExact(stats.body, "GET /quests/{id}/stats");
    await assertTotalsExact(ctx());
  });

  it("pays one pass from several quests of several owners at once only up to the limit", async () => {
    const player = await newAccount(ctx());
    const owners = [await newOwner(ctx()), await newOwner(ctx())];
    await fill(ctx(), owners[0]!, player, LIMIT - 50);
    const quests = await Promise.all(owners.map((owner) => hugeQuest(ctx(), owner)));
    // Arriving together, they are decided in one transaction; only one of them fits.
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        allocate(
          ctx(),
          { apiKey: owners[i % 2]!.key, questId: quests[i % 2]! },
          {
            points: 30,
            address: player,
          },
        ),
      ),
    );
    assert.deepEqual(
      answers.map((r) => r.statusCode).sort(),
      [200, 400, 400, 400, 400, 400],
      answers.map((r) => r.body).join("\n"),
    );
    for (const r of answers) if (r.statusCode === 400) expectProblem(r, 400, "PASS_POINTS_LIMIT");
    assert.equal((await passPoints(ctx(), player)).points, LIMIT - 20);
    await assertTotalsExact(ctx());
  });
});

// ---------------------------------------------------------------------------------------------
// Races between processes (PostgreSQL) or concurrent requests (PGlite's one process).

/** What one allocation request (single or batch) answered. */
interface Answer {
  status: number;
  text: string;
}

type Send = (questIndex: number, path: string, apiKey: string, body: object) => Promise<Answer>;

function viaInject(ctx: TestContext): Send {
  return async (_questIndex, path, apiKey, body) => {
    const response = await ctx.inject({
      method: "POST",
      url: path,
      headers: { "x-api-key": apiKey },
      payload: body,
    });
    return { status: response.statusCode, text: response.body };
  };
}

/** Quest i's requests go to process i: its batches never share a quest lock with the other's. */
function viaProcesses(services: ServiceProcess[]): Send {
  return async (questIndex, path, apiKey, body) => {
    const response = await fetch(`${services[questIndex]!.baseUrl}${path}`, {
      method: "POST",
      headers: { "x-api-key": apiKey, "content-type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(60_000),
    });
    return { status: response.status, text: await response.text() };
  };
}

/** Holds a pass's overall kept-totals row (FOR UPDATE, on a connection of its own) until released. */
function holdPassTotal(ctx: TestContext, pass: string) {
  return holdRows(
    ctx,
    `SELECT 1 FROM pass_totals t JOIN accounts a ON a.id = t.account_id
     WHERE a.pass = $1 AND t.campaign_key = -1 AND t.period_key = -1 FOR UPDATE OF t`,
    [pass],
    "the pass's kept total",
  );
}

const SIZE = { postgres: { singles: 24, batches: 6 }, pglite: { singles: 12, batches: 4 } };

describeEachDatabase("the pass points limit holds under races", (ctx, kind) => {
  let services: ServiceProcess[] | undefined;
  const send = async (): Promise<Send> => {
    if (kind === "pglite") return viaInject(ctx());
    services ??= [
      await startService({ DATABASE_URL: ctx().url!, DB_LOCK_TIMEOUT_MS: "30000" }),
      await startService({ DATABASE_URL: ctx().url!, DB_LOCK_TIMEOUT_MS: "30000" }),
    ];
    return viaProcesses(services);
  };
  after(async () => {
    await killAllServices();
  });

  it("never stores more than the limit when many allocations from two quests of two owners pay one pass at once", async () => {
    const sendTo = await send();
    const player = await newAccount(ctx());
    const owners = [await newOwner(ctx()), await newOwner(ctx())];
    const room = 50;
    await fill(ctx(), owners[0]!, player, LIMIT - room);
    const quests = await Promise.all(
      owners.map((owner) => createQuest(ctx(), owner.pass, { total_points: 10_000 })),
    );
    const { singles, batches } = SIZE[kind];
    type Sent = { items: number[]; atomic: boolean; answer: Answer };
    const requests: Promise<Sent>[] = [];
    for (let i = 0; i < singles + batches; i++) {
      const q = i % 2;
      const path = `/quests/${quests[q]}`;
      const isBatch = i % 5 === 4;
      const items = isBatch ? [2, 2, 2, 2, 2] : [5];
      const atomic = isBatch && i % 10 === 9;
      const body = isBatch
        ? { allocations: items.map((points) => ({ points, address: player })), atomic }
        : { points: 5, address: player };
      requests.push(
        sendTo(q, isBatch ? `${path}/allocations` : path, owners[q]!.key, body).then((answer) => ({
          items,
          atomic,
          answer,
        })),
      );
    }
    const sent = await Promise.all(requests);

    let paid = 0;
    const refusedPoints: number[] = [];
    for (const { items, atomic, answer } of sent) {
      const what = `${answer.status} ${answer.text.slice(0, 1000)}`;
      const body = JSON.parse(answer.text);
      if (items.length === 1 && answer.status !== 503) {
        if (answer.status === 200) {
          paid += items[0]!;
          continue;
        }
        assert.equal(answer.status, 400, what);
        assert.equal(body.code, "PASS_POINTS_LIMIT", what);
        refusedPoints.push(items[0]!);
        continue;
      }
      // Too many retries after losing races: nothing was paid, and the client retries.
      if (answer.status === 503) {
        assert.match(body.detail, /kept changing/, what);
        continue;
      }
      // Refused whole: its items counted against each other, so they are not compared below.
      if (atomic && answer.status === 400) {
        assert.equal(body.code, "BATCH_REJECTED", what);
        for (const error of body.errors) assert.equal(error.code, "PASS_POINTS_LIMIT", what);
        continue;
      }
      assert.equal(answer.status, 200, what);
      for (const [i, result] of body.results.entries()) {
        if (result.status === 200) paid += items[i]!;
        else {
          assert.equal(result.code, "PASS_POINTS_LIMIT", what);
          refusedPoints.push(items[i]!);
        }
      }
    }
    assert.ok(paid <= room, `paid ${paid} into a room of ${room}`);
    assert.ok(refusedPoints.length > 0, "the race reached the limit");
    // Each refusal saw a total that only grew afterwards: whatever it asked does not fit now.
    for (const points of refusedPoints) assert.ok(points > room - paid, `${points} would fit`);
    assert.equal((await passPoints(ctx(), player)).points, LIMIT - room + paid);
    await assertTotalsExact(ctx());
  });

  if (kind === "postgres") {
    it("decides again on the new total an allocation whose pass another process paid after reading it", async () => {
      const sendTo = await send();
      const player = await newAccount(ctx());
      const owners = [await newOwner(ctx()), await newOwner(ctx())];
      await fill(ctx(), owners[0]!, player, LIMIT - 50);
      const quests = await Promise.all(
        owners.map((owner) => createQuest(ctx(), owner.pass, { total_points: 1000 })),
      );
      // Both read the pass at 50 points short and find 30 fits; both then wait to write.
      const release = await holdPassTotal(ctx(), player);
      let answers: Answer[];
      try {
        const pending = [0, 1].map((q) =>
          sendTo(q, `/quests/${quests[q]}`, owners[q]!.key, { points: 30, address: player }),
        );
        await lockWaits(ctx(), 2, pending);
        await release();
        answers = await Promise.all(pending);
      } finally {
        await release();
      }
      const statuses = answers.map((a) => a.status).sort();
      assert.deepEqual(statuses, [200, 400], answers.map((a) => a.text).join("\n"));
      const refused = JSON.parse(answers.find((a) => a.status === 400)!.text);
      assert.equal(refused.code, "PASS_POINTS_LIMIT");
      assert.equal(refused.detail, limitDetail(player, LIMIT - 20, 30));
      assert.equal((await passPoints(ctx(), player)).points, LIMIT - 20);
      await assertTotalsExact(ctx());
    });
  }
});
