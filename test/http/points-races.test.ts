import assert from "node:assert/strict";
import { after, describe, it as test } from "node:test";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import {
  ADMIN_TOKEN,
  createAccount,
  createQuest,
  DATABASES,
  type DatabaseKind,
  expectStatus,
  issueKey,
  PATIENT_DB,
  randomPass,
  secondInstance,
  type TestContext,
  withContext,
} from "../helpers/app.js";
import { newCampaign } from "../helpers/campaigns.js";
import { keptAndRecomputedTotals } from "../helpers/kept-totals.js";
import { holdRows, lockWaits } from "../helpers/locks.js";

/**
 * Races of batches, single allocations, reversals and quest moves, on one hot quest and on two
 * quests paying the same passes (whose kept totals rows they share), split between two service
 * instances on one PostgreSQL database (one instance on PGlite, with smaller races). After each
 * race: nothing answered outside the contract, every success is exactly one stored row, no
 * payout reversed twice, the books balance, and the kept totals equal a recompute.
 */

const DAY_MS = 86_400_000;
/** Sizes per database: PGlite runs one connection, so its races are shorter. */
const SIZE: Record<DatabaseKind, { singles: number; batches: number; reversals: number }> = {
  postgres: { singles: 120, batches: 30, reversals: 30 },
  pglite: { singles: 40, batches: 10, reversals: 12 },
};
const PLAYERS = 6;
const HUGE = 1_000_000;

/** A deterministic shuffle (the races need a mixed order, not a random one). */
function shuffled<T>(values: T[]): T[] {
  const out = [...values];
  let state = 2_654_435_761;
  for (let i = out.length - 1; i > 0; i--) {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

interface World {
  ownerPass: string;
  apiKey: string;
  campaigns: [number, number];
  players: string[];
  stranger: string;
}

/** Two campaigns, an earning period covering now, an owner with a key and registered players. */
async function buildWorld(ctx: TestContext): Promise<World> {
  const campaigns: [number, number] = [
    await newCampaign(ctx, { name: "Race A" }),
    await newCampaign(ctx, { name: "Race B" }),
  ];
  const periods = await ctx.admin("GET", "/admin/earning-periods");
  expectStatus(periods, 200);
  if (periods.json().items.length === 0) {
    const period = await ctx.admin("POST", "/admin/earning-periods", {
      start: new Date(Date.now() - DAY_MS).toISOString(),
      end: new Date(Date.now() + 30 * DAY_MS).toISOString(),
    });
    expectStatus(period, 201);
  }
  const ownerPass = randomPass();
  await createAccount(ctx, ownerPass);
  const { key } = await issueKey(ctx, ownerPass);
  const players = Array.from({ length: PLAYERS }, () => randomPass());
  for (const pass of players) await createAccount(ctx, pass);
  return { ownerPass, apiKey: key, campaigns, players, stranger: randomPass() };
}

// ---------------------------------------------------------------------------------------------
// Requests, each remembering what it asked.

type Sent =
  | { kind: "single"; quest: number; points: number; address: string; response: Response }
  | {
      kind: "batch";
      quest: number;
      atomic: boolean;
      items: { points: number; address: string }[];
      response: Response;
    }
  | { kind: "reversal"; quest: number; payoutId: string; response: Response }
  | { kind: "move"; quest: number; campaign: number | null; response: Response };
type Response = LightMyRequestResponse;
type Request = (app: FastifyInstance) => Promise<Sent>;

function single(world: World, quest: number, points: number, address: string): Request {
  return async (app) => ({
    kind: "single",
    quest,
    points,
    address,
    response: await app.inject({
      method: "POST",
      url: `/quests/${quest}`,
      headers: { "x-api-key": world.apiKey },
      payload: { points, address },
    }),
  });
}

function batch(
  world: World,
  quest: number,
  items: { points: number; address: string }[],
  atomic: boolean,
): Request {
  return async (app) => ({
    kind: "batch",
    quest,
    atomic,
    items,
    response: await app.inject({
      method: "POST",
      url: `/quests/${quest}/allocations`,
      headers: { "x-api-key": world.apiKey },
      payload: { allocations: items, ...(atomic ? { atomic: true } : {}) },
    }),
  });
}

/** A reversal by the quest's owner, or through the operator route. */
function reversal(world: World, quest: number, payoutId: string, by: "owner" | "admin"): Request {
  return async (app) => ({
    kind: "reversal",
    quest,
    payoutId,
    response: await app.inject({
      method: "POST",
      url:
        by === "owner"
          ? `/quests/${quest}/payouts/${payoutId}/reversal`
          : `/admin/payouts/${payoutId}/reversal`,
      headers:
        by === "owner" ? { "x-api-key": world.apiKey } : { authorization: `Bearer ${ADMIN_TOKEN}` },
      payload: { reason: "race" },
    }),
  });
}

function move(quest: number, campaign: number | null): Request {
  return async (app) => ({
    kind: "move",
    quest,
    campaign,
    response: await app.inject({
      method: "PATCH",
      url: `/admin/quests/${quest}`,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      payload: { campaign_id: campaign },
    }),
  });
}

/** Runs every request at once, request i on instance i mod the number of instances. */
function race(apps: FastifyInstance[], requests: Request[]): Promise<Sent[]> {
  return Promise.all(requests.map((request, i) => request(apps[i % apps.length]!)));
}

/** Pays `count` payouts of `points` on the quest, players in turn, in one batch. */
async function warmUp(ctx: TestContext, world: World, quest: number, count: number, points = 5) {
  const sent = await batch(
    world,
    quest,
    Array.from({ length: count }, (_, i) => ({ points, address: world.players[i % PLAYERS]! })),
    false,
  )(ctx.app);
  expectStatus(sent.response, 200);
  const body = sent.response.json();
  assert.equal(body.paid_count, count, sent.response.body);
  return (body.results as { payout: { id: string } }[]).map((result) => result.payout.id);
}

// ---------------------------------------------------------------------------------------------
// Mixed workloads.

/** Singles and batches (some atomic, some with items that fail) on one quest. */
function allocations(world: World, quest: number, singles: number, batches: number): Request[] {
  const requests: Request[] = [];
  const address = (i: number) => (i % 17 === 16 ? world.stranger : world.players[i % PLAYERS]!);
  for (let i = 0; i < singles; i++) {
    requests.push(single(world, quest, ((i * 7) % 15) + 1, address(i)));
  }
  for (let b = 0; b < batches; b++) {
    const size = ((b * 5) % 20) + 1;
    const items = Array.from({ length: size }, (_, i) => ({
      points: i === 3 && b % 4 === 1 ? HUGE : ((b + i * 3) % 20) + 1,
      address: address(b * 3 + i),
    }));
    requests.push(batch(world, quest, items, b % 3 === 0));
  }
  return requests;
}

/** Two to four reversals of each payout, by its owner and by the operator. */
function reversals(world: World, quest: number, payoutIds: string[]): Request[] {
  return payoutIds.flatMap((payoutId, i) =>
    Array.from({ length: 2 + (i % 3) }, (_, k) =>
      reversal(world, quest, payoutId, k % 2 === 0 ? "owner" : "admin"),
    ),
  );
}

// ---------------------------------------------------------------------------------------------
// Checks.

interface BatchResult {
  status: number;
  replayed?: boolean;
  payout: { id: string; amount: number; account: { pass: string } };
  code?: string;
}

interface AnsweredPayout {
  id: string;
  quest: number;
  amount: number;
  pass: string;
}

/**
 * Every answer is one the contract allows for what was asked (no 500, no 503), each answer is
 * self-consistent, and the payouts and reversals it reports are collected.
 */
function tally(world: World, sent: Sent[]) {
  const payouts: AnsweredPayout[] = [];
  const reversed: { id: string; payoutId: string; amount: number; quest: number }[] = [];
  const attempts = new Map<string, { created: number; refused: number }>();
  for (const answer of sent) {
    const { response } = answer;
    const what = `${answer.kind} on quest ${answer.quest} → ${response.statusCode} ${response.body.slice(0, 1500)}`;
    const body = response.json();
    switch (answer.kind) {
      case "single": {
        if (response.statusCode === 200) {
          assert.equal(body.payout.amount, answer.points, what);
          assert.equal(body.payout.account.pass, answer.address, what);
          payouts.push({ ...body.payout, quest: answer.quest, pass: body.payout.account.pass });
          break;
        }
        assert.equal(response.statusCode, 400, what);
        const code =
          answer.address === world.stranger ? "ACCOUNT_NOT_FOUND" : "INSUFFICIENT_POINTS";
        assert.equal(body.code, code, what);
        break;
      }
      case "batch": {
        const failing = answer.items.flatMap((item, i) =>
          item.address === world.stranger ? [i] : [],
        );
        if (answer.atomic && response.statusCode === 400) {
          assert.equal(body.code, "BATCH_REJECTED", what);
          const fields = body.errors.map((error: { field: string }) => error.field);
          for (const i of failing) assert.ok(fields.includes(`allocations/${i}`), what);
          for (const error of body.errors as { field: string; code: string }[]) {
            const i = Number(error.field.split("/")[1]);
            const expected: string =
              answer.items[i]!.address === world.stranger
                ? "ACCOUNT_NOT_FOUND"
                : "INSUFFICIENT_POINTS";
            assert.equal(error.code, expected, what);
          }
          break;
        }
        assert.equal(response.statusCode, 200, what);
        if (answer.atomic)
          assert.equal(failing.length, 0, `an atomic batch with a stranger paid: ${what}`);
        assert.equal(body.results.length, answer.items.length, what);
        let paidPoints = 0;
        let paidCount = 0;
        for (const [i, result] of (body.results as BatchResult[]).entries()) {
          const item: { points: number; address: string } = answer.items[i]!;
          if (result.status === 200) {
            assert.equal(result.replayed, false, what);
            assert.equal(result.payout.amount, item.points, what);
            assert.equal(result.payout.account.pass, item.address, what);
            payouts.push({
              ...result.payout,
              quest: answer.quest,
              pass: result.payout.account.pass,
            });
            paidPoints += item.points;
            paidCount++;
            continue;
          }
          assert.ok(!answer.atomic, `an atomic batch answered 200 with a failed item: ${what}`);
          assert.equal(result.status, 400, what);
          const code =
            item.address === world.stranger ? "ACCOUNT_NOT_FOUND" : "INSUFFICIENT_POINTS";
          assert.equal(result.code, code, what);
        }
        assert.equal(body.paid_count, paidCount, what);
        assert.equal(body.paid_points, paidPoints, what);
        break;
      }
      case "reversal": {
        const tries = attempts.get(answer.payoutId) ?? { created: 0, refused: 0 };
        attempts.set(answer.payoutId, tries);
        if (response.statusCode === 201) {
          assert.equal(body.reversal.payout_id, answer.payoutId, what);
          reversed.push({
            id: body.reversal.id,
            payoutId: answer.payoutId,
            amount: body.reversal.amount,
            quest: answer.quest,
          });
          tries.created++;
          break;
        }
        assert.equal(response.statusCode, 409, what);
        assert.equal(body.code, "PAYOUT_ALREADY_REVERSED", what);
        tries.refused++;
        break;
      }
      case "move":
        expectStatus(response, 200);
        assert.equal(body.campaign_id, answer.campaign, what);
        break;
    }
  }
  return { payouts, reversed, attempts };
}

/** The quests' payouts and reversals in the database. */
async function stored(ctx: TestContext, quests: number[]) {
  const payouts = await ctx.db.query<{ id: string; quest: number; amount: number; pass: string }>(
    `SELECT p.id::text, p.quest_id AS quest, p.amount::int AS amount, a.pass
     FROM payouts p JOIN accounts a ON a.id = p.account_id
     WHERE p.quest_id = ANY($1::int[])`,
    [quests],
  );
  const reversals = await ctx.db.query<{
    id: string;
    payout_id: string;
    quest: number;
    amount: number;
  }>(
    `SELECT id::text, payout_id::text, quest_id AS quest, amount::int AS amount
     FROM reversals WHERE quest_id = ANY($1::int[])`,
    [quests],
  );
  return { payouts: payouts.rows, reversals: reversals.rows };
}

/** For each quest: total_points − points_remaining = payouts − reversals, from the database. */
async function assertBooksBalance(ctx: TestContext, quests: number[]) {
  const { rows } = await ctx.db.query<{
    id: number;
    spent: number;
    paid: number;
    returned: number;
    remaining: number;
  }>(
    `SELECT q.id, (q.total_points - q.points_remaining)::int AS spent,
            q.points_remaining::int AS remaining,
            (SELECT coalesce(sum(amount), 0) FROM payouts WHERE quest_id = q.id)::int AS paid,
            (SELECT coalesce(sum(amount), 0) FROM reversals WHERE quest_id = q.id)::int AS returned
     FROM quests q WHERE q.id = ANY($1::int[]) ORDER BY q.id`,
    [quests],
  );
  assert.equal(rows.length, quests.length);
  for (const row of rows) {
    assert.equal(
      row.spent,
      row.paid - row.returned,
      `books of quest ${row.id}: ${JSON.stringify(row)}`,
    );
    assert.ok(row.remaining >= 0, `quest ${row.id}`);
  }
}

/**
 * The database holds exactly the payouts and reversals known before the race plus those
 * answered in it, each answered once; no payout is reversed twice, and every payout whose
 * reversal was asked (and not reversed before) was reversed by exactly one answer.
 */
async function assertRowsMatchAnswers(
  ctx: TestContext,
  quests: number[],
  before: { payouts: Set<string>; reversals: Set<string>; reversedPayouts: Set<string> },
  answered: ReturnType<typeof tally>,
) {
  const rows = await stored(ctx, quests);
  const answeredPayoutIds = answered.payouts.map((payout) => payout.id);
  assert.equal(
    new Set(answeredPayoutIds).size,
    answeredPayoutIds.length,
    "payout ids answered once",
  );
  for (const id of answeredPayoutIds) assert.ok(!before.payouts.has(id), `payout ${id} is new`);
  assert.deepEqual(
    rows.payouts.map((row) => row.id).sort(),
    [...before.payouts, ...answeredPayoutIds].sort(),
    "stored payouts = those before the race + those answered 200",
  );
  const byId = new Map(rows.payouts.map((row) => [row.id, row]));
  for (const payout of answered.payouts) {
    const row = byId.get(payout.id)!;
    assert.deepEqual(
      { quest: row.quest, amount: row.amount, pass: row.pass },
      { quest: payout.quest, amount: payout.amount, pass: payout.pass },
      `payout ${payout.id} as answered`,
    );
  }

  const answeredReversalIds = answered.reversed.map((reversal) => reversal.id);
  assert.equal(new Set(answeredReversalIds).size, answeredReversalIds.length);
  assert.deepEqual(
    rows.reversals.map((row) => row.id).sort(),
    [...before.reversals, ...answeredReversalIds].sort(),
    "stored reversals = those before the race + those answered 201",
  );
  const payoutsReversed = rows.reversals.map((row) => row.payout_id);
  assert.equal(new Set(payoutsReversed).size, payoutsReversed.length, "no payout reversed twice");
  const reversalById = new Map(rows.reversals.map((row) => [row.id, row]));
  for (const reversal of answered.reversed) {
    const row = reversalById.get(reversal.id)!;
    assert.equal(row.payout_id, reversal.payoutId);
    assert.equal(row.amount, byId.get(reversal.payoutId)!.amount, "a reversal returns its payout");
    assert.equal(reversal.amount, row.amount);
    assert.equal(row.quest, reversal.quest);
  }
  for (const [payoutId, tries] of answered.attempts) {
    const expected = before.reversedPayouts.has(payoutId) ? 0 : 1;
    assert.equal(tries.created, expected, `payout ${payoutId}: ${JSON.stringify(tries)}`);
  }
}

/** What GET /passes/{address} must show, summed from payouts, reversals and quests. */
async function recomputedPass(ctx: TestContext, pass: string) {
  const { rows } = await ctx.db.query<{
    campaign: number | null;
    period: number | null;
    net: number;
  }>(
    `SELECT q.campaign_id AS campaign, p.earning_period_id AS period,
            (p.amount - coalesce(r.amount, 0))::int AS net
     FROM payouts p
     JOIN quests q ON q.id = p.quest_id AND q.mode = 'live'
     JOIN accounts a ON a.id = p.account_id
     LEFT JOIN reversals r ON r.payout_id = p.id
     WHERE a.pass = $1`,
    [pass],
  );
  const breakdown = (key: (row: (typeof rows)[number]) => number | null) => {
    const sums = new Map<number | null, number>();
    for (const row of rows) sums.set(key(row), (sums.get(key(row)) ?? 0) + row.net);
    return [...sums]
      .filter(([, points]) => points > 0)
      .sort(([a], [b]) => (a === null ? -1 : b === null ? 1 : a - b));
  };
  const overall = await recomputedLeaderboard(ctx, null);
  return {
    pass,
    points: rows.reduce((sum, row) => sum + row.net, 0),
    // As on the overall leaderboard; null when the pass is not on it (0 points).
    rank: overall.items.find((item) => item.pass === pass)?.rank ?? null,
    suspended: false,
    payouts_count: rows.length,
    by_campaign: breakdown((row) => row.campaign).map(([campaign_id, points]) => ({
      campaign_id,
      points,
    })),
    by_earning_period: breakdown((row) => row.period).map(([earning_period_id, points]) => ({
      earning_period_id,
      points,
    })),
  };
}

/** What GET /leaderboard[?campaign_id=] must show, from payouts, reversals and quests. */
async function recomputedLeaderboard(ctx: TestContext, campaign: number | null) {
  const { rows } = await ctx.db.query<{ pass: string; points: number }>(
    `SELECT a.pass, sum(p.amount - coalesce(r.amount, 0))::int AS points
     FROM payouts p
     JOIN quests q ON q.id = p.quest_id AND q.mode = 'live'
     JOIN accounts a ON a.id = p.account_id
     LEFT JOIN reversals r ON r.payout_id = p.id
     WHERE $1::int IS NULL OR q.campaign_id = $1::int
     GROUP BY a.pass`,
    [campaign],
  );
  const standings = rows
    .filter((row) => row.points > 0)
    .sort((a, b) => b.points - a.points || (a.pass.toLowerCase() < b.pass.toLowerCase() ? -1 : 1));
  assert.ok(standings.length <= 100, "the board fits one page");
  return {
    earning_period_id: null,
    campaign_id: campaign,
    items: standings.map((row) => ({
      rank: 1 + standings.filter((other) => other.points > row.points).length,
      pass: row.pass,
      points: row.points,
    })),
  };
}

/** `pass_totals` equals a full recompute: four rows per pass and (campaign, period); 0/0 aside. */
async function assertKeptTotals(ctx: TestContext, world: World) {
  const { kept, recomputed } = await keptAndRecomputedTotals(ctx.db);
  assert.deepEqual(kept, recomputed, "pass_totals equals a recompute from the payouts");
  for (const pass of world.players) {
    const response = await ctx.inject({ method: "GET", url: `/passes/${pass}` });
    expectStatus(response, 200);
    assert.deepEqual(response.json(), await recomputedPass(ctx, pass), `GET /passes/${pass}`);
  }
  for (const campaign of [null, ...world.campaigns]) {
    const url = campaign === null ? "/leaderboard" : `/leaderboard?campaign_id=${campaign}`;
    const response = await ctx.inject({ method: "GET", url });
    expectStatus(response, 200);
    assert.deepEqual(response.json(), await recomputedLeaderboard(ctx, campaign), `GET ${url}`);
  }
}

/** What is stored before a race, to tell the race's rows from the earlier ones. */
async function snapshot(ctx: TestContext, quests: number[]) {
  const rows = await stored(ctx, quests);
  return {
    payouts: new Set(rows.payouts.map((row) => row.id)),
    reversals: new Set(rows.reversals.map((row) => row.id)),
    reversedPayouts: new Set(rows.reversals.map((row) => row.payout_id)),
  };
}

async function assertAfterRace(
  ctx: TestContext,
  world: World,
  quests: number[],
  before: Awaited<ReturnType<typeof snapshot>>,
  sent: Sent[],
) {
  const answered = tally(world, sent);
  await assertRowsMatchAnswers(ctx, quests, before, answered);
  await assertBooksBalance(ctx, quests);
  await assertKeptTotals(ctx, world);
  return answered;
}

// ---------------------------------------------------------------------------------------------

/** The races, on the instances `apps()` gives (two on PostgreSQL, one on PGlite). */
function races(
  kind: DatabaseKind,
  ctx: () => TestContext,
  apps: () => FastifyInstance[],
  world: () => Promise<World>,
  /** Only the races of passes shared between quests (for the run with group commit off). */
  sharedOnly = false,
) {
  const size = SIZE[kind];

  // With group commit off (every request a transaction of its own, so many more at once) only the
  // races where quests share passes run again.
  const it = (name: string, fn: () => Promise<void>) =>
    sharedOnly && !SHARED_RACES.has(name) ? undefined : test(name, fn);

  it("one hot quest: singles, batches (some atomic, some failing) and reversals at once", async () => {
    const w = await world();
    // Enough for the warm-up, and about half of what the race asks.
    const budget = (size.reversals + 4) * 5 + size.singles * 4 + size.batches * 40;
    const quest = await createQuest(ctx(), w.ownerPass, {
      total_points: budget,
      campaign_id: w.campaigns[0],
    });
    const paid = await warmUp(ctx(), w, quest, size.reversals + 4);
    // Four reversed before the race: their reversals in the race must all be 409.
    for (const payoutId of paid.slice(0, 4)) {
      expectStatus((await reversal(w, quest, payoutId, "admin")(ctx().app)).response, 201);
    }
    const before = await snapshot(ctx(), [quest]);
    const requests = shuffled([
      ...allocations(w, quest, size.singles, size.batches),
      ...reversals(w, quest, paid.slice(2)),
    ]);
    const sent = await race(apps(), requests);
    const answered = await assertAfterRace(ctx(), w, [quest], before, sent);
    assert.ok(answered.payouts.length > 0, "something was paid");
    assert.ok(
      sent.some((s) => s.response.body.includes('"INSUFFICIENT_POINTS"')),
      "the budget ran out during the race",
    );
  });

  it("two quests paying the same passes, batches in opposite pass order, with reversals on both", async () => {
    const w = await world();
    // Both in one campaign: every kept-totals row of a pass is shared by the two quests.
    const quests = [
      await createQuest(ctx(), w.ownerPass, { total_points: 2500, campaign_id: w.campaigns[1] }),
      await createQuest(ctx(), w.ownerPass, { total_points: 2500, campaign_id: w.campaigns[1] }),
    ];
    const paid = [
      await warmUp(ctx(), w, quests[0]!, size.reversals / 2),
      await warmUp(ctx(), w, quests[1]!, size.reversals / 2),
    ];
    const before = await snapshot(ctx(), quests);
    const requests: Request[] = [];
    for (const [q, quest] of quests.entries()) {
      const order = q === 0 ? w.players : [...w.players].reverse();
      for (let b = 0; b < size.batches; b++) {
        const items = order.map((address, i) => ({ points: ((b + i) % 9) + 1, address }));
        requests.push(batch(w, quest, items, b % 4 === 0));
      }
      requests.push(...allocations(w, quest, size.singles / 2, 0));
      requests.push(...reversals(w, quest, paid[q]!));
    }
    const sent = await race(apps(), shuffled(requests));
    const answered = await assertAfterRace(ctx(), w, quests, before, sent);
    for (const quest of quests) {
      assert.ok(
        answered.payouts.some((payout) => payout.quest === quest),
        `quest ${quest} paid`,
      );
    }
  });

  it("four concurrent reversals of each payout: exactly one is 201, the others 409", async () => {
    const w = await world();
    const quests = [
      await createQuest(ctx(), w.ownerPass, { total_points: 1000, campaign_id: w.campaigns[0] }),
      await createQuest(ctx(), w.ownerPass, { total_points: 1000 }),
    ];
    const paid = [
      await warmUp(ctx(), w, quests[0]!, size.reversals / 2, 7),
      await warmUp(ctx(), w, quests[1]!, size.reversals / 2, 3),
    ];
    const before = await snapshot(ctx(), quests);
    const requests = quests.flatMap((quest, q) =>
      paid[q]!.flatMap((payoutId) => [
        reversal(w, quest, payoutId, "owner"),
        reversal(w, quest, payoutId, "admin"),
        reversal(w, quest, payoutId, "owner"),
        reversal(w, quest, payoutId, "admin"),
      ]),
    );
    const sent = await race(apps(), shuffled(requests));
    const answered = await assertAfterRace(ctx(), w, quests, before, sent);
    assert.equal(answered.reversed.length, size.reversals);
    const { rows } = await ctx().db.query<{ remaining: number }>(
      "SELECT points_remaining::int AS remaining FROM quests WHERE id = ANY($1::int[]) ORDER BY id",
      [quests],
    );
    assert.deepEqual(
      rows.map((row) => row.remaining),
      [1000, 1000],
      "every payout came back, once",
    );
  });

  it("a quest moved between campaigns while it pays and reverses: totals follow its campaign", async () => {
    const w = await world();
    const quest = await createQuest(ctx(), w.ownerPass, {
      total_points: 3000,
      campaign_id: w.campaigns[0],
    });
    const paid = await warmUp(ctx(), w, quest, size.reversals);
    const before = await snapshot(ctx(), [quest]);
    const [a, b] = w.campaigns;
    const moves = [b, null, a, b, null, b, a, null].map((campaign) => move(quest, campaign));
    const work = shuffled([
      ...allocations(w, quest, size.singles / 2, size.batches / 2),
      ...reversals(w, quest, paid),
    ]);
    // Moves spread through the workload, so each lands among allocations and reversals.
    const step = Math.floor(work.length / moves.length);
    const requests = work.flatMap((request, i) =>
      i % step === 0 && moves[i / step] ? [moves[i / step]!, request] : [request],
    );
    const sent = await race(apps(), requests);
    await assertAfterRace(ctx(), w, [quest], before, sent);

    // Every instance pays and reverses in the campaign the quest is in now.
    const afterMoves = await snapshot(ctx(), [quest]);
    const more: Sent[] = [];
    for (const [i, app] of apps().entries()) {
      more.push(await single(w, quest, 4, w.players[i]!)(app));
      more.push(await move(quest, i % 2 === 0 ? b : a)(app));
      more.push(await single(w, quest, 6, w.players[i + 1]!)(app));
      const payoutId = more.at(-1)!.response.json().payout.id;
      more.push(await reversal(w, quest, payoutId, "owner")(apps().at(-1 - i)!));
    }
    await assertAfterRace(ctx(), w, [quest], afterMoves, more);
  });

  it("quests moved into fresh campaigns while another quest there pays the same passes", async () => {
    const w = await world();
    const players = [...w.players];
    for (let i = 0; i < PLAYERS; i++) players.push(randomPass());
    for (const pass of players.slice(PLAYERS)) await createAccount(ctx(), pass);
    const wide = { ...w, players };
    const mover = await createQuest(ctx(), w.ownerPass, { total_points: 100_000 });
    await warmUp(ctx(), wide, mover, players.length);
    for (let round = 0; round < (kind === "postgres" ? 6 : 2); round++) {
      // A new campaign, where a quest has paid half of the passes: a move into it adds to the
      // kept totals rows of that half and creates those of the other half, while allocations
      // there do the same.
      const campaignId = await newCampaign(ctx(), { name: `Fresh ${round}` });
      const resident = await createQuest(ctx(), w.ownerPass, {
        total_points: 100_000,
        campaign_id: campaignId,
      });
      await warmUp(ctx(), { ...wide, players: players.filter((_, i) => i % 2 === 0) }, resident, 6);
      const before = await snapshot(ctx(), [mover, resident]);
      const payers = Array.from({ length: 8 }, (_, b) => {
        const order = b % 2 === 0 ? players : [...players].reverse();
        return batch(
          w,
          resident,
          order.map((address, i) => ({ points: ((b + i) % 5) + 1, address })),
          false,
        );
      });
      const requests = [...payers.slice(0, 4), move(mover, campaignId), ...payers.slice(4)];
      const sent = await race(apps(), requests);
      await assertAfterRace(ctx(), wide, [mover, resident], before, sent);
    }
  });

  if (kind === "postgres") {
    it("a move into a campaign and an allocation there, ordered by a held kept-totals row, do not deadlock", async () => {
      const w = await world();
      // Three passes whose accounts sort low < middle < high (the kept totals' key order).
      const fresh = [randomPass(), randomPass(), randomPass()];
      const ids = new Map<string, string>();
      for (const pass of fresh) ids.set(pass, await createAccount(ctx(), pass));
      const [low, middle, high] = [...fresh].sort((a, b) => (ids.get(a)! < ids.get(b)! ? -1 : 1));
      const mover = await createQuest(ctx(), w.ownerPass, { total_points: 1000 });
      await warmUp(ctx(), { ...w, players: [low!, middle!, high!] }, mover, 3);
      const destination = await newCampaign(ctx(), { name: "Destination" });
      const resident = await createQuest(ctx(), w.ownerPass, {
        total_points: 1000,
        campaign_id: destination,
      });
      // `middle` has totals rows in the destination already, `low` has none yet.
      await warmUp(ctx(), { ...w, players: [middle!] }, resident, 1);
      const before = await snapshot(ctx(), [mover, resident]);

      // The move locks the rows it lowers and raises that exist, in key order: `low`'s and
      // `middle`'s, then waits at `high`'s old-campaign row, held here. The allocation then
      // creates `low`'s destination rows and waits for `middle`'s, which the move holds. Once
      // released, the move goes on to create `low`'s destination rows.
      const release = await holdRow(ctx(), ids.get(high!)!, 0, -1);
      let sent: Sent[];
      try {
        const moving = move(mover, destination)(ctx().app);
        await lockWaits(ctx(), 1, [moving]);
        const paying = batch(
          w,
          resident,
          [
            { points: 2, address: low! },
            { points: 3, address: middle! },
          ],
          false,
        )(apps()[1]!);
        await lockWaits(ctx(), 2, [moving, paying]);
        await release();
        sent = await Promise.all([moving, paying]);
      } finally {
        await release();
      }
      await assertAfterRace(ctx(), { ...w, players: fresh }, [mover, resident], before, sent);
    });
  }
}

/**
 * Holds one kept-totals row (FOR UPDATE, from a connection of its own) until the returned
 * function is called.
 */
function holdRow(ctx: TestContext, accountId: string, campaignKey: number, periodKey: number) {
  return holdRows(
    ctx,
    `SELECT 1 FROM pass_totals
     WHERE account_id = $1 AND campaign_key = $2 AND period_key = $3 FOR UPDATE`,
    [accountId, campaignKey, periodKey],
    "the kept-totals row",
  );
}

const SHARED_RACES = new Set([
  "two quests paying the same passes, batches in opposite pass order, with reversals on both",
  "quests moved into fresh campaigns while another quest there pays the same passes",
]);

const RUNS = [
  ...DATABASES.map((kind) => ({ kind, batching: "on", env: {} })),
  { kind: "postgres" as const, batching: "off", env: { ALLOCATION_BATCHING: "off" } },
] as const;

for (const { kind, batching, env } of RUNS) {
  describe(`points races: batches, reversals, moves and kept totals [${kind}, batching ${batching}]`, () => {
    const ctx = withContext(kind, { ...env, ...PATIENT_DB });
    let second: Awaited<ReturnType<typeof secondInstance>> | undefined;
    let world: Promise<World> | undefined;
    const apps = () => (second ? [ctx().app, second.app] : [ctx().app]);
    const getWorld = async () => {
      if (kind === "postgres") second ??= await secondInstance(ctx());
      world ??= buildWorld(ctx());
      return world;
    };
    after(async () => {
      await second?.close();
    });
    races(kind, ctx, apps, getWorld, batching === "off");
  });
}
