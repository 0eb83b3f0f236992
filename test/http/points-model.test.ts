import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { it } from "node:test";
import fc from "fast-check";
import type { LightMyRequestResponse } from "fastify";
import {
  createAccount,
  createQuest,
  type DatabaseKind,
  expectStatus,
  issueKey,
  randomPass,
  type TestContext,
} from "../helpers/app.js";
import { newCampaign } from "../helpers/campaigns.js";
import { describeEachDatabase } from "../helpers/each-database.js";
import { keptAndRecomputedTotals } from "../helpers/kept-totals.js";

/**
 * A model-based test of points beyond single allocations: random sequences of allocations,
 * batches, reversals, budget top-ups, quest moves between campaigns and earning-period changes,
 * each answer checked against a model, and after every command every quest's budget, every
 * pass's balance and the leaderboards read back and compared with what the model computes.
 *
 * The database lives for the whole property (fast-check runs and shrinking included), so the
 * model does too: it follows what the service did (a payout answered 200 is recorded even when
 * the model expected a refusal) before comparing, so after a failed command the next run still
 * starts from a model that describes the database.
 */

const DAY_MS = 86_400_000;
const RUNS: Record<DatabaseKind, number> = { pglite: 40, postgres: 15 };
const COMMANDS_MAX = 12;
const BUDGET_START = 40;
const PASSES = 6;
/** Index of the unregistered address in a command's `pass`. */
const STRANGER = PASSES;

// ---------------------------------------------------------------------------------------------
// Commands: plain data, so a counterexample prints readably.

type Command =
  | { kind: "allocate"; quest: number; pass: number; points: number; key: number | null }
  | { kind: "batch"; quest: number; atomic: boolean; items: Item[] }
  | { kind: "retry"; record: number; as: "single" | "batch" | "atomic-batch" }
  | { kind: "reverse"; payout: number; by: "owner" | "admin" | "wrong-quest" }
  | { kind: "top-up"; quest: number; points: number }
  | { kind: "move"; quest: number; campaign: number | null }
  | { kind: "roll-period" };

interface Item {
  pass: number;
  points: number;
  key: number | null;
}

const questArb = fc.integer({ min: 0, max: 3 });
const passArb = fc.oneof(
  { arbitrary: fc.integer({ min: 0, max: PASSES - 1 }), weight: 8 },
  { arbitrary: fc.constant(STRANGER), weight: 1 },
);
// Small amounts make ties on the leaderboards; a large one is refused for want of points.
const pointsArb = fc.oneof(
  { arbitrary: fc.integer({ min: 1, max: 9 }), weight: 12 },
  { arbitrary: fc.constant(5_000), weight: 1 },
);
// Keys are per run; a few per run so that some are reused (IDEMPOTENCY_KEY_REUSED, or a
// duplicate within a batch); the `retry` command replays a request exactly.
const keyArb = fc.oneof(
  { arbitrary: fc.constant(null), weight: 3 },
  { arbitrary: fc.integer({ min: 0, max: 5 }), weight: 1 },
);

const commandArb: fc.Arbitrary<Command> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant("allocate" as const),
      quest: questArb,
      pass: passArb,
      points: pointsArb,
      key: keyArb,
    }),
    weight: 4,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant("batch" as const),
      quest: questArb,
      atomic: fc.boolean(),
      items: fc.array(fc.record({ pass: passArb, points: pointsArb, key: keyArb }), {
        minLength: 1,
        maxLength: 5,
      }),
    }),
    weight: 4,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant("retry" as const),
      record: fc.nat(),
      as: fc.constantFrom("single" as const, "batch" as const, "atomic-batch" as const),
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant("reverse" as const),
      payout: fc.nat(),
      by: fc.constantFrom("owner" as const, "admin" as const, "wrong-quest" as const),
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant("top-up" as const),
      quest: questArb,
      points: fc.integer({ min: 1, max: 30 }),
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant("move" as const),
      quest: questArb,
      campaign: fc.constantFrom(0, 1, null),
    }),
    weight: 2,
  },
  { arbitrary: fc.constant({ kind: "roll-period" as const }), weight: 1 },
);

// ---------------------------------------------------------------------------------------------
// The model.

interface QuestModel {
  id: number;
  mode: "live" | "test";
  /** The API key of the quest's mode. */
  key: string;
  campaign: number | null;
  total: number;
  remaining: number;
}

interface PayoutModel {
  id: string;
  quest: QuestModel;
  pass: string;
  amount: number;
  period: number | null;
  reversed: boolean;
}

/** What an idempotency key keeps: the request it was first used for and its outcome. */
interface KeyRecord {
  questId: number;
  points: number;
  address: string;
  outcome: { status: 200; payoutId: string } | { status: number; code: string };
}

interface Model {
  campaigns: [number, number];
  quests: QuestModel[];
  passes: string[];
  stranger: string;
  payouts: PayoutModel[];
  periods: number[];
  /** Idempotency keys of the owner's account (live and test keys share it). */
  keys: Map<string, KeyRecord>;
  /** Counts property runs, so each run uses idempotency keys of its own. */
  run: number;
  /** The newest payout's `created_at` (ms), for the next period's start. */
  lastCreatedMs: number;
}

/** An address's leaderboard order: the lower-cased address is its numeric order. */
const byAddress = (a: string, b: string) =>
  a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0;

/** Six registered passes whose checksummed order differs from their numeric order. */
function passesOutOfCaseOrder(): string[] {
  for (;;) {
    const passes = Array.from({ length: PASSES }, () => randomPass());
    const numeric = [...passes].sort(byAddress).join();
    if ([...passes].sort().join() !== numeric) return passes;
  }
}

async function buildModel(ctx: TestContext): Promise<Model> {
  const campaigns: [number, number] = [
    await newCampaign(ctx, { name: "Campaign A" }),
    await newCampaign(ctx, { name: "Campaign B" }),
  ];
  const ownerPass = randomPass();
  await createAccount(ctx, ownerPass);
  const live = await issueKey(ctx, ownerPass);
  const test = await issueKey(ctx, ownerPass, "test");
  const layout: { mode: "live" | "test"; campaign: number | null }[] = [
    { mode: "live", campaign: campaigns[0] },
    { mode: "live", campaign: campaigns[1] },
    { mode: "live", campaign: null },
    // A test quest in a campaign: its payouts must count nowhere.
    { mode: "test", campaign: campaigns[0] },
  ];
  const quests: QuestModel[] = [];
  for (const { mode, campaign } of layout) {
    const id = await createQuest(ctx, ownerPass, {
      total_points: BUDGET_START,
      campaign_id: campaign,
      mode,
      is_public: mode === "live",
    });
    const key = mode === "live" ? live.key : test.key;
    quests.push({ id, mode, key, campaign, total: BUDGET_START, remaining: BUDGET_START });
  }
  const passes = passesOutOfCaseOrder();
  for (const pass of passes) await createAccount(ctx, pass);
  return {
    campaigns,
    quests,
    passes,
    stranger: randomPass(),
    payouts: [],
    periods: [],
    keys: new Map(),
    run: 0,
    lastCreatedMs: 0,
  };
}

const addressOf = (model: Model, pass: number) =>
  pass === STRANGER ? model.stranger : model.passes[pass]!;
const keyName = (model: Model, key: number | null) =>
  key === null ? undefined : `run-${model.run}-key-${key}`;
const currentPeriod = (model: Model) => model.periods.at(-1) ?? null;

const show = (command: Command, response: LightMyRequestResponse) =>
  `${JSON.stringify(command)} → ${response.statusCode} ${response.body.slice(0, 1500)}`;

/** An allocation request: a single POST's body and header, or a batch item. */
interface ItemRequest {
  address: string;
  points: number;
  key: string | undefined;
}

// ---------------------------------------------------------------------------------------------
// Running commands: predict from the model, send, record what the service did (so the model
// keeps describing the database even when a prediction fails), then compare.

type Prediction =
  | { status: 200; replayed: false }
  | { status: 200; replayed: true; payoutId: string }
  | { status: number; code: string; replayed: boolean };

interface PaidPayout {
  id: string;
  amount: number;
  created_at: string;
  account: { pass: string };
}

/** One allocation (a single POST or a batch item) as the model decides it. */
function predictItem(
  model: Model,
  quest: QuestModel,
  item: ItemRequest,
  remaining: number,
): Prediction {
  const stored = item.key === undefined ? undefined : model.keys.get(item.key);
  if (stored) {
    const same =
      stored.questId === quest.id &&
      stored.points === item.points &&
      stored.address === item.address;
    if (!same) return { status: 422, code: "IDEMPOTENCY_KEY_REUSED", replayed: false };
    if ("payoutId" in stored.outcome) {
      return { status: 200, replayed: true, payoutId: stored.outcome.payoutId };
    }
    return { status: stored.outcome.status, code: stored.outcome.code, replayed: true };
  }
  if (item.address === model.stranger) {
    return { status: 400, code: "ACCOUNT_NOT_FOUND", replayed: false };
  }
  if (item.points > remaining) return { status: 400, code: "INSUFFICIENT_POINTS", replayed: false };
  return { status: 200, replayed: false };
}

function recordPayout(model: Model, quest: QuestModel, payout: PaidPayout) {
  model.payouts.push({
    id: payout.id,
    quest,
    pass: payout.account.pass,
    amount: payout.amount,
    // Every command runs after the newest period began (see rollPeriod): its payouts fall in it.
    period: currentPeriod(model),
    reversed: false,
  });
  model.lastCreatedMs = Math.max(model.lastCreatedMs, Date.parse(payout.created_at));
  quest.remaining -= payout.amount;
}

/**
 * Keeps what a key holds, as the service does: only a payout. A refused request keeps nothing, so
 * its retry is decided afresh (a stranger stays one; a budget may have been raised meanwhile).
 */
function recordKey(
  model: Model,
  quest: QuestModel,
  item: ItemRequest,
  outcome: { status: number; payoutId?: string; code?: string },
) {
  if (item.key === undefined || model.keys.has(item.key)) return;
  if (outcome.status !== 200 || !outcome.payoutId) return;
  const request = { questId: quest.id, points: item.points, address: item.address };
  model.keys.set(item.key, { ...request, outcome: { status: 200, payoutId: outcome.payoutId } });
}

async function runCommand(ctx: TestContext, model: Model, command: Command): Promise<void> {
  switch (command.kind) {
    case "allocate": {
      const item = {
        address: addressOf(model, command.pass),
        points: command.points,
        key: keyName(model, command.key),
      };
      return allocateOne(ctx, model, command, model.quests[command.quest]!, item);
    }
    case "batch": {
      const items = command.items.map((item) => ({
        address: addressOf(model, item.pass),
        points: item.points,
        key: keyName(model, item.key),
      }));
      const quest = model.quests[command.quest]!;
      return allocateBatch(ctx, model, command, quest, items, command.atomic);
    }
    case "retry":
      return retry(ctx, model, command);
    case "reverse":
      return reverse(ctx, model, command);
    case "top-up":
      return topUp(ctx, model, command);
    case "move":
      return move(ctx, model, command);
    case "roll-period":
      return rollPeriod(ctx, model);
  }
}

/**
 * Sends again the request an idempotency key was first used for (any key the model knows, of
 * this run or an earlier one): as a single POST, or as an item of a batch after a fresh item.
 */
async function retry(ctx: TestContext, model: Model, command: Extract<Command, { kind: "retry" }>) {
  const records = [...model.keys];
  if (records.length === 0) return;
  const [key, record] = records[command.record % records.length]!;
  const quest = model.quests.find((q) => q.id === record.questId)!;
  const item = { address: record.address, points: record.points, key };
  if (command.as === "single") return allocateOne(ctx, model, command, quest, item);
  const fresh = { address: model.passes[0]!, points: 1, key: undefined };
  return allocateBatch(ctx, model, command, quest, [fresh, item], command.as === "atomic-batch");
}

async function allocateOne(
  ctx: TestContext,
  model: Model,
  command: Command,
  quest: QuestModel,
  item: ItemRequest,
) {
  const expected = predictItem(model, quest, item, quest.remaining);
  const response = await ctx.inject({
    method: "POST",
    url: `/quests/${quest.id}`,
    headers: { "x-api-key": quest.key, ...(item.key ? { "idempotency-key": item.key } : {}) },
    payload: { points: item.points, address: item.address },
  });
  const what = show(command, response);
  const body = response.json();
  const replayed = response.headers["idempotent-replayed"] === "true";
  if (response.statusCode === 200 && !replayed) recordPayout(model, quest, body.payout);
  recordKey(model, quest, item, {
    status: response.statusCode,
    payoutId: body.payout?.id,
    code: body.code,
  });

  assert.equal(response.statusCode, expected.status, what);
  assert.equal(replayed, expected.replayed, `Idempotent-Replayed: ${what}`);
  if ("code" in expected) assert.equal(body.code, expected.code, what);
  else if (expected.replayed) assert.equal(body.payout.id, expected.payoutId, what);
  else {
    assert.equal(body.payout.amount, item.points, what);
    assert.equal(body.payout.account.pass, item.address, what);
  }
}

async function allocateBatch(
  ctx: TestContext,
  model: Model,
  command: Command,
  quest: QuestModel,
  items: ItemRequest[],
  atomic: boolean,
) {
  const keys = items.map((item) => item.key);
  const duplicate = keys.findIndex((key, i) => key !== undefined && keys.indexOf(key) < i);
  let remaining = quest.remaining;
  const predictions = items.map((item) => {
    const prediction = predictItem(model, quest, item, remaining);
    if (prediction.status === 200 && !prediction.replayed) remaining -= item.points;
    return prediction;
  });
  const failed = predictions.flatMap((prediction, i) =>
    "code" in prediction ? [{ field: `allocations/${i}`, code: prediction.code }] : [],
  );

  const response = await ctx.inject({
    method: "POST",
    url: `/quests/${quest.id}/allocations`,
    headers: { "x-api-key": quest.key },
    payload: {
      allocations: items.map(({ address, points, key }) => ({
        points,
        address,
        ...(key ? { idempotency_key: key } : {}),
      })),
      ...(atomic ? { atomic: true } : {}),
    },
  });
  const what = show(command, response);
  const body = response.json();
  type Result = { status: number; replayed?: boolean; payout?: PaidPayout; code?: string };
  const results: Result[] = response.statusCode === 200 ? body.results : [];
  for (const [i, result] of results.entries()) {
    const item = items[i];
    if (!item) continue;
    if (result.status === 200 && !result.replayed && result.payout) {
      recordPayout(model, quest, result.payout);
    }
    recordKey(model, quest, item, {
      status: result.status,
      payoutId: result.replayed ? undefined : result.payout?.id,
      code: result.code,
    });
  }

  if (duplicate >= 0) {
    assert.equal(response.statusCode, 400, what);
    assert.equal(body.code, "BAD_REQUEST", what);
    const fields = (body.errors ?? []).map((error: { field: string }) => error.field);
    assert.ok(fields.includes(`allocations/${duplicate}/idempotency_key`), what);
    return;
  }
  if (atomic && failed.length > 0) {
    assert.equal(response.statusCode, 400, what);
    assert.equal(body.code, "BATCH_REJECTED", what);
    assert.deepEqual(
      (body.errors as { field: string; code: string; message: string }[]).map((error) => {
        assert.ok(error.message.startsWith(`${error.code}: `), what);
        return { field: error.field, code: error.code };
      }),
      failed,
      what,
    );
    return;
  }
  assert.equal(response.statusCode, 200, what);
  assert.equal(results.length, items.length, what);
  for (const [i, prediction] of predictions.entries()) {
    const result = results[i]!;
    const item = items[i]!;
    assert.equal(result.status, prediction.status, `item ${i}: ${what}`);
    if ("code" in prediction) {
      assert.equal(result.code, prediction.code, `item ${i}: ${what}`);
      continue;
    }
    assert.equal(result.replayed, prediction.replayed, `item ${i}: ${what}`);
    if (prediction.replayed) assert.equal(result.payout?.id, prediction.payoutId, what);
    else {
      assert.equal(result.payout?.amount, item.points, `item ${i}: ${what}`);
      assert.equal(result.payout?.account.pass, item.address, `item ${i}: ${what}`);
    }
  }
  const paid = predictions.flatMap((prediction, i) =>
    prediction.status === 200 && !prediction.replayed ? [items[i]!.points] : [],
  );
  assert.equal(body.paid_count, paid.length, what);
  assert.equal(
    body.paid_points,
    paid.reduce((sum, points) => sum + points, 0),
    what,
  );
}

async function reverse(
  ctx: TestContext,
  model: Model,
  command: Extract<Command, { kind: "reverse" }>,
) {
  const reason = `model run ${model.run}`;
  if (model.payouts.length === 0) {
    const response = await ctx.admin("POST", `/admin/payouts/${randomUUID()}/reversal`, {
      reason,
    });
    assert.equal(response.statusCode, 404, show(command, response));
    assert.equal(response.json().code, "PAYOUT_NOT_FOUND", show(command, response));
    return;
  }
  const payout = model.payouts[command.payout % model.payouts.length]!;
  // Another live quest of the same owner: the live key passes steps 1-6 there, and the payout
  // (of another quest, or of the test quest) is not found on it.
  const other = model.quests.find((quest) => quest !== payout.quest && quest.mode === "live")!;
  const expected =
    command.by === "wrong-quest"
      ? { status: 404, code: "PAYOUT_NOT_FOUND" }
      : payout.reversed
        ? { status: 409, code: "PAYOUT_ALREADY_REVERSED" }
        : { status: 201, code: undefined };
  const response =
    command.by === "admin"
      ? await ctx.admin("POST", `/admin/payouts/${payout.id}/reversal`, { reason })
      : await ctx.inject({
          method: "POST",
          url: `/quests/${command.by === "owner" ? payout.quest.id : other.id}/payouts/${payout.id}/reversal`,
          headers: { "x-api-key": command.by === "owner" ? payout.quest.key : other.key },
          payload: { reason },
        });
  const what = `${show(command, response)} (payout ${JSON.stringify({ ...payout, quest: payout.quest.id })})`;
  const body = response.json();
  if (response.statusCode === 201) {
    payout.reversed = true;
    payout.quest.remaining += payout.amount;
  }
  assert.equal(response.statusCode, expected.status, what);
  if (expected.code) assert.equal(body.code, expected.code, what);
  else {
    assert.equal(body.reversal.payout_id, payout.id, what);
    assert.equal(body.reversal.amount, payout.amount, what);
    assert.equal(body.reversal.reason, reason, what);
  }
}

async function topUp(
  ctx: TestContext,
  model: Model,
  command: Extract<Command, { kind: "top-up" }>,
) {
  const quest = model.quests[command.quest]!;
  const expected = {
    total: quest.total + command.points,
    remaining: quest.remaining + command.points,
  };
  const response = await ctx.admin("PATCH", `/admin/quests/${quest.id}`, {
    total_points: expected.total,
  });
  const what = show(command, response);
  if (response.statusCode === 200) {
    quest.total = response.json().total_points;
    quest.remaining = response.json().points_remaining;
  }
  expectStatus(response, 200);
  assert.deepEqual({ total: quest.total, remaining: quest.remaining }, expected, what);
}

async function move(ctx: TestContext, model: Model, command: Extract<Command, { kind: "move" }>) {
  const quest = model.quests[command.quest]!;
  const campaign = command.campaign === null ? null : model.campaigns[command.campaign]!;
  const response = await ctx.admin("PATCH", `/admin/quests/${quest.id}`, { campaign_id: campaign });
  if (response.statusCode === 200) quest.campaign = response.json().campaign_id;
  expectStatus(response, 200);
  assert.equal(quest.campaign, campaign, show(command, response));
}

/**
 * Ends the current earning period now and starts the next one there. The boundary lies past
 * every payout made so far (a payout's stored time may be rounded up by a millisecond), so the
 * old period keeps its payouts, and every later allocation falls in the new one.
 */
async function rollPeriod(ctx: TestContext, model: Model) {
  let boundaryMs = Date.now();
  // At most two milliseconds of waiting for the clock to pass the newest payout's time.
  while (boundaryMs < model.lastCreatedMs + 2) boundaryMs = Date.now();
  const current = currentPeriod(model);
  if (current !== null) {
    const ended = await ctx.admin("PATCH", `/admin/earning-periods/${current}`, {
      end: new Date(boundaryMs).toISOString(),
    });
    expectStatus(ended, 200);
  }
  const next = await ctx.admin("POST", "/admin/earning-periods", {
    start: new Date(boundaryMs).toISOString(),
    end: new Date(boundaryMs + 2 * DAY_MS).toISOString(),
  });
  expectStatus(next, 201);
  model.periods.push(next.json().id);
}

// ---------------------------------------------------------------------------------------------
// What the reads must show, computed from the model.

const liveNet = (model: Model) =>
  model.payouts
    .filter((payout) => payout.quest.mode === "live")
    .map((payout) => ({ ...payout, net: payout.reversed ? 0 : payout.amount }));

/** Entries of a breakdown: 0 points left out, the `null` entry first, then ids ascending. */
function breakdown(entries: { id: number | null; net: number }[]) {
  const sums = new Map<number | null, number>();
  for (const { id, net } of entries) sums.set(id, (sums.get(id) ?? 0) + net);
  return [...sums]
    .filter(([, points]) => points > 0)
    .sort(([a], [b]) => (a === null ? -1 : b === null ? 1 : a - b));
}

function expectedPass(model: Model, pass: string) {
  const own = liveNet(model).filter((payout) => payout.pass === pass);
  return {
    pass,
    points: own.reduce((sum, payout) => sum + payout.net, 0),
    // As on the overall leaderboard; null when the pass is not on it (0 points).
    rank: expectedLeaderboard(model, {}).items.find((item) => item.pass === pass)?.rank ?? null,
    suspended: false,
    payouts_count: own.length,
    by_campaign: breakdown(own.map((p) => ({ id: p.quest.campaign, net: p.net }))).map(
      ([campaign_id, points]) => ({ campaign_id, points }),
    ),
    by_earning_period: breakdown(own.map((p) => ({ id: p.period, net: p.net }))).map(
      ([earning_period_id, points]) => ({ earning_period_id, points }),
    ),
  };
}

interface Board {
  earning_period_id?: number;
  campaign_id?: number;
}

function expectedLeaderboard(model: Model, board: Board) {
  const sums = new Map<string, number>();
  for (const payout of liveNet(model)) {
    if (board.campaign_id !== undefined && payout.quest.campaign !== board.campaign_id) continue;
    if (board.earning_period_id !== undefined && payout.period !== board.earning_period_id) {
      continue;
    }
    sums.set(payout.pass, (sums.get(payout.pass) ?? 0) + payout.net);
  }
  const standings = [...sums]
    .filter(([, points]) => points > 0)
    .sort(([a, pa], [b, pb]) => pb - pa || byAddress(a, b));
  return {
    earning_period_id: board.earning_period_id ?? null,
    campaign_id: board.campaign_id ?? null,
    items: standings.map(([pass, points]) => ({
      rank: 1 + standings.filter(([, other]) => other > points).length,
      pass,
      points,
    })),
  };
}

async function getJson(ctx: TestContext, url: string, headers: Record<string, string> = {}) {
  const response = await ctx.inject({ method: "GET", url, headers });
  expectStatus(response, 200);
  return response.json();
}

/** Every quest's budget, every pass's balance and the leaderboards, against the model. */
async function verify(ctx: TestContext, model: Model, after: string) {
  for (const quest of model.quests) {
    const body = await getJson(ctx, `/quests/${quest.id}?limit=1`, { "x-api-key": quest.key });
    const expected = { total: quest.total, remaining: quest.remaining };
    const actual = { total: body.total_points, remaining: body.points_remaining };
    // Follow the database, so the runs after a failure start from a model that describes it.
    quest.total = actual.total;
    quest.remaining = actual.remaining;
    assert.deepEqual(actual, expected, `quest ${quest.id} (${quest.mode}) budget after ${after}`);
  }
  for (const pass of model.passes) {
    const body = await getJson(ctx, `/passes/${pass}`);
    assert.deepEqual(body, expectedPass(model, pass), `GET /passes/${pass} after ${after}`);
  }
  const period = currentPeriod(model);
  const boards: Board[] = [
    {},
    { campaign_id: model.campaigns[0] },
    { campaign_id: model.campaigns[1] },
  ];
  if (period !== null) {
    boards.push({ earning_period_id: period });
    boards.push({ earning_period_id: period, campaign_id: model.campaigns[0] });
  }
  for (const board of boards) {
    const query = new URLSearchParams(
      Object.entries(board).map(([name, value]) => [name, String(value)]),
    );
    const body = await getJson(ctx, `/leaderboard?${query}`);
    assert.deepEqual(
      body,
      expectedLeaderboard(model, board),
      `leaderboard ${query} after ${after}`,
    );
  }
  // A page that may start inside a run of ties keeps the ranks of the whole board.
  const page = await getJson(ctx, "/leaderboard?limit=2&offset=2");
  const whole = expectedLeaderboard(model, {});
  assert.deepEqual(
    page,
    { ...whole, items: whole.items.slice(2, 4) },
    `leaderboard limit=2&offset=2 after ${after}`,
  );
}

/** Each pass's payout list: its live payouts, reversed ones flagged, newest first. */
async function verifyPassPayouts(ctx: TestContext, model: Model) {
  for (const pass of model.passes) {
    const body = await getJson(ctx, `/passes/${pass}/payouts?limit=500`);
    assert.equal(body.next_cursor, null);
    const items = body.items as {
      id: string;
      quest_id: number;
      amount: number;
      created_at: string;
      reversed: boolean;
    }[];
    for (let i = 1; i < items.length; i++) {
      assert.ok(items[i - 1]!.created_at >= items[i]!.created_at, `newest first: ${pass}`);
    }
    const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : 1);
    assert.deepEqual(
      items
        .map(({ id, quest_id, amount, reversed }) => ({ id, quest_id, amount, reversed }))
        .sort(byId),
      liveNet(model)
        .filter((payout) => payout.pass === pass)
        .map(({ id, quest, amount, reversed }) => ({ id, quest_id: quest.id, amount, reversed }))
        .sort(byId),
      `GET /passes/${pass}/payouts`,
    );
  }
}

/** The kept totals equal a full recompute from payouts, reversals and quests (rows 0/0 aside). */
async function verifyKeptTotals(ctx: TestContext) {
  const { kept, recomputed } = await keptAndRecomputedTotals(ctx.db);
  assert.deepEqual(kept, recomputed, "pass_totals equals a recompute from the payouts");
}

// Payouts made before any earning period exists (so balances show the `null` period), on each
// kind of quest, one of them reversed; then the first period begins.
const PRELUDE: Command[] = [
  { kind: "allocate", quest: 0, pass: 0, points: 5, key: null },
  { kind: "allocate", quest: 2, pass: 1, points: 3, key: null },
  {
    kind: "batch",
    quest: 1,
    atomic: false,
    items: [
      { pass: 0, points: 2, key: null },
      { pass: 2, points: 4, key: null },
    ],
  },
  { kind: "allocate", quest: 3, pass: 0, points: 7, key: null },
  { kind: "reverse", payout: 1, by: "admin" },
  { kind: "roll-period" },
];

describeEachDatabase(
  "points model: allocations, batches, reversals, top-ups and moves",
  (ctx, kind) => {
    it(`budgets, balances and leaderboards follow the model over ${RUNS[kind]} random runs`, async () => {
      const model = await buildModel(ctx());
      const stranger = await ctx().inject({ method: "GET", url: `/passes/${model.stranger}` });
      expectStatus(stranger, 404);
      assert.equal(stranger.json().code, "PASS_NOT_FOUND");
      const unknown = await getJson(ctx(), "/leaderboard?campaign_id=999999");
      assert.deepEqual(unknown, { earning_period_id: null, campaign_id: 999999, items: [] });
      for (const command of PRELUDE) {
        await runCommand(ctx(), model, command);
        await verify(ctx(), model, JSON.stringify(command));
      }
      await verifyKeptTotals(ctx());
      await verifyPassPayouts(ctx(), model);

      let firstFailure: unknown;
      try {
        await fc.assert(
          fc.asyncProperty(
            fc.array(commandArb, { minLength: 1, maxLength: COMMANDS_MAX }),
            async (commands) => {
              model.run++;
              try {
                for (const [i, command] of commands.entries()) {
                  await runCommand(ctx(), model, command);
                  await verify(ctx(), model, `command ${i} ${JSON.stringify(command)}`);
                }
                await verifyKeptTotals(ctx());
                await verifyPassPayouts(ctx(), model);
              } catch (error) {
                firstFailure ??= error;
                throw error;
              }
            },
          ),
          { numRuns: RUNS[kind] },
        );
      } catch (error) {
        // Shrinking replays on the same database; the first failure is the one to read first.
        const first = firstFailure instanceof Error ? firstFailure.message : String(firstFailure);
        throw new Error(
          `${(error as Error).message}\n\nFirst failure, before shrinking:\n${first}`,
        );
      }
    });
  },
);
