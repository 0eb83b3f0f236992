/**
 * `POST /quests/{questId}/allocations`, as its tests send it and read its answers: the request,
 * the two shapes of an item's result, and the runners of the tables of cases (`decide`: a batch
 * and what each item came to; `rejectAtomic`: an atomic batch refused whole).
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import {
  createQuest,
  expectProblem,
  expectStatus,
  type QuestFixture,
  type QuestOptions,
  questFixture,
  type TestContext,
} from "./app.js";
import { type Books, expectBooks } from "./books.js";
import { type Payout, questDetail } from "./owner-api.js";

export const REPLAYED = "idempotent-replayed";
const ISO_MS_Z = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface ItemResult {
  status: number;
  payout?: Payout;
  replayed?: boolean;
  code?: string;
  detail?: string;
}
export interface BatchAnswer {
  results: ItemResult[];
  paid_count: number;
  paid_points: number;
}
export interface Item {
  points: unknown;
  address: unknown;
  idempotency_key?: unknown;
}
export type Owner = { apiKey: string; questId: number };

export function newKey(): string {
  return `item-${randomBytes(8).toString("hex")}`;
}

/** The request header of a request Idempotency-Key. */
export const withKey = (key: string) => ({ "idempotency-key": key });

/** An item with its own idempotency key. */
export const keyed = (address: string, points: number, key: string): Item => ({
  points,
  address,
  idempotency_key: key,
});

/** Items of `points` each, paid to `address`. */
export const itemsTo = (address: string, ...points: number[]): Item[] =>
  points.map((amount) => ({ points: amount, address }));

/** An ended quest's dates. */
export const ended = () => ({
  start: new Date(Date.now() - 2 * DAY_MS).toISOString(),
  end: new Date(Date.now() - DAY_MS).toISOString(),
});

/** Changes the quest as the operator does (asserted 200). */
export async function patchQuest(ctx: TestContext, owner: Owner, change: object): Promise<void> {
  expectStatus(await ctx.admin("PATCH", `/admin/quests/${owner.questId}`, change), 200);
}

/** Another quest of the fixture's owner (its key, its player). */
export async function questOf(
  ctx: TestContext,
  fixture: QuestFixture,
  options: QuestOptions,
): Promise<QuestFixture> {
  return { ...fixture, questId: await createQuest(ctx, fixture.ownerPass, options) };
}

export function batch(
  ctx: TestContext,
  owner: Owner,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return ctx.inject({
    method: "POST",
    url: `/quests/${owner.questId}/allocations`,
    headers: { "x-api-key": owner.apiKey, ...headers },
    payload: body as object,
  });
}

/** A 200 batch answer, every result checked for one of the two shapes the contract allows. */
export function batchAnswer(response: LightMyRequestResponse): BatchAnswer {
  expectStatus(response, 200);
  assert.match(String(response.headers["content-type"]), /^application\/json/);
  const body = response.json() as BatchAnswer;
  assert.deepEqual(Object.keys(body).sort(), ["paid_count", "paid_points", "results"]);
  for (const result of body.results) {
    if (result.status === 200) {
      assert.deepEqual(Object.keys(result).sort(), ["payout", "replayed", "status"]);
      assert.equal(typeof result.replayed, "boolean");
      const payout = result.payout!;
      assert.deepEqual(Object.keys(payout).sort(), ["account", "amount", "created_at", "id"]);
      assert.deepEqual(Object.keys(payout.account), ["pass"]);
      assert.ok(typeof payout.id === "string" && payout.id.length > 0);
      assert.match(payout.created_at, ISO_MS_Z);
    } else {
      assert.deepEqual(Object.keys(result).sort(), ["code", "detail", "status"], response.body);
      assert.ok(typeof result.detail === "string" && result.detail.length > 0);
    }
  }
  return body;
}

export async function sendBatch(
  ctx: TestContext,
  owner: Owner,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<BatchAnswer> {
  return batchAnswer(await batch(ctx, owner, body, headers));
}

/** Asserts a freshly paid item (not a replay) and returns its payout. */
export function assertPaid(result: ItemResult | undefined, amount: number, pass: string): Payout {
  assert.ok(result, "missing result");
  assert.equal(result.status, 200, JSON.stringify(result));
  assert.equal(result.replayed, false);
  assert.equal(result.payout!.amount, amount);
  assert.equal(result.payout!.account.pass, pass);
  return result.payout!;
}

/** Asserts an item replayed: 200, `replayed: true` and the payout it was first paid. */
export function assertReplayed(result: ItemResult | undefined, payout: unknown) {
  assert.ok(result, "missing result");
  assert.equal(result.status, 200);
  assert.equal(result.replayed, true);
  assert.deepEqual(result.payout, payout);
}

export function assertRefused(
  result: ItemResult | undefined,
  status: number,
  code: string,
  detail?: string | RegExp,
) {
  assert.ok(result, "missing result");
  assert.equal(result.status, status, JSON.stringify(result));
  assert.equal(result.code, code, JSON.stringify(result));
  if (typeof detail === "string") assert.equal(result.detail, detail);
  else if (detail) assert.match(result.detail!, detail);
}

/** A request replayed: the first answer's status and body, marked Idempotent-Replayed. */
export function assertReplayOf(replay: LightMyRequestResponse, first: LightMyRequestResponse) {
  assert.equal(replay.statusCode, first.statusCode, replay.body);
  assert.equal(replay.headers[REPLAYED], "true");
  assert.deepEqual(replay.json(), first.json());
}

/** A 400 BATCH_REJECTED naming exactly these `[field, code]` items; its problem body. */
export function expectRejected(response: LightMyRequestResponse, errors: [string, string][]) {
  const problem = expectProblem(response, 400, "BATCH_REJECTED");
  assert.ok(Array.isArray(problem.errors), response.body);
  assert.deepEqual(
    problem.errors.map((e: { field: string; code: string }) => [e.field, e.code]),
    errors,
    response.body,
  );
  return problem;
}

/** What one item came to: paid that many points (to the player, unless `to`), or refused. */
export type Outcome =
  | number
  | { paid: number; to: string }
  | { refused: string; status?: number; detail?: string | RegExp };

/**
 * Asserts each result is its outcome, in order, and the answer's `[paid_count, paid_points]`;
 * returns the fresh payouts.
 */
export function expectOutcomes(
  answer: BatchAnswer,
  pass: string,
  outcomes: Outcome[],
  [count, points]: [number, number],
): Payout[] {
  assert.equal(answer.results.length, outcomes.length);
  const payouts: Payout[] = [];
  outcomes.forEach((outcome, i) => {
    const result = answer.results[i];
    if (typeof outcome === "number") payouts.push(assertPaid(result, outcome, pass));
    else if ("paid" in outcome) payouts.push(assertPaid(result, outcome.paid, outcome.to));
    else assertRefused(result, outcome.status ?? 400, outcome.refused, outcome.detail);
  });
  assert.equal(answer.paid_count, count);
  assert.equal(answer.paid_points, points);
  return payouts;
}

/** Strings a case's `arrange` made (another pass, a key) for its items and outcomes. */
export type Extra = Record<string, string>;

interface BatchCase {
  title: string;
  quest?: QuestOptions | (() => QuestOptions);
  /** Done before the batch, on the fixture; what it returns reaches the case's functions. */
  arrange?: (ctx: TestContext, fixture: QuestFixture) => Promise<Extra>;
  items: (fixture: QuestFixture, extra: Extra) => Item[];
  /** The quest's books afterwards, as far as named. */
  books?: Partial<Books>;
}

/** A batch sent once, and what each of its items came to. */
export interface DecideCase extends BatchCase {
  atomic?: true;
  outcomes: (fixture: QuestFixture, extra: Extra) => Outcome[];
  /** `[paid_count, paid_points]`. */
  paid: [number, number];
  /** `points_remaining` afterwards, as the owner reads the quest. */
  remaining?: number;
  /** What else the case asserts, after the rest. */
  also?: (
    ctx: TestContext,
    fixture: QuestFixture,
    payouts: Payout[],
    answer: BatchAnswer,
    extra: Extra,
  ) => Promise<void>;
}

/** An atomic batch refused whole with 400 BATCH_REJECTED naming `[field, code]` items. */
export interface RejectCase extends BatchCase {
  errors: [string, string][];
}

async function arranged(ctx: TestContext, c: BatchCase) {
  const fixture = await questFixture(ctx, typeof c.quest === "function" ? c.quest() : c.quest);
  return { fixture, extra: (await c.arrange?.(ctx, fixture)) ?? {} };
}

export async function decide(ctx: TestContext, c: DecideCase): Promise<void> {
  const { fixture, extra } = await arranged(ctx, c);
  const allocations = c.items(fixture, extra);
  const answer = await sendBatch(
    ctx,
    fixture,
    c.atomic ? { atomic: true, allocations } : { allocations },
  );
  const payouts = expectOutcomes(answer, fixture.playerPass, c.outcomes(fixture, extra), c.paid);
  if (c.remaining !== undefined) {
    assert.equal((await questDetail(ctx, fixture)).points_remaining, c.remaining);
  }
  await c.also?.(ctx, fixture, payouts, answer, extra);
  if (c.books) await expectBooks(ctx.db, fixture.questId, c.books);
}

export async function rejectAtomic(ctx: TestContext, c: RejectCase): Promise<void> {
  const { fixture, extra } = await arranged(ctx, c);
  const allocations = c.items(fixture, extra);
  expectRejected(await batch(ctx, fixture, { atomic: true, allocations }), c.errors);
  if (c.books) await expectBooks(ctx.db, fixture.questId, c.books);
}
