/**
 * Bodies sent as written (JSON text a JS object cannot express) and the runners of the input
 * validation tables: a request refused with 400 BAD_REQUEST naming its fields, and nothing
 * stored or changed by it.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import {
  ADMIN_TOKEN,
  allocate,
  createAccount,
  expectProblem,
  expectStatus,
  type QuestFixture,
  type QuestOptions,
  questFixture,
  randomPass,
  type TestContext,
} from "./app.js";
import { pointsRemaining } from "./owner-api.js";

const DAY_MS = 24 * 60 * 60 * 1000;
/** A mixed-case address whose EIP-55 checksum is wrong (the right one is 0xFfFFFFff…01). */
export const BAD_CHECKSUM = "0xfFFFFFff00000000000000000000000000000001";
export const NUL = "\u0000";
export const asAdmin = { authorization: `Bearer ${ADMIN_TOKEN}` };

const iso = (ms: number) => new Date(ms).toISOString();
export const unique = (label: string) => `${label} ${randomBytes(6).toString("hex")}`;

/** The fields named in a BAD_REQUEST answer's `errors`. */
export function namedFields(response: LightMyRequestResponse): string[] {
  return (response.json().errors as { field: string }[]).map((error) => error.field);
}

/** Asserts 400 BAD_REQUEST naming every one of `fields` (and returns the problem body). */
export function expectBadRequest(response: LightMyRequestResponse, ...fields: string[]) {
  const body = expectProblem(response, 400, "BAD_REQUEST");
  const named = namedFields(response);
  for (const field of fields) {
    assert.ok(named.includes(field), `errors ${JSON.stringify(body.errors)} do not name ${field}`);
  }
  return body;
}

/** The message of the error naming `field`. */
const messageOf = (body: { errors: { field: string; message: string }[] }, field: string) =>
  body.errors.find((error) => error.field === field)!.message;

/** Sends `payload` exactly as written: JSON text a JS object cannot express. */
export function send(
  ctx: TestContext,
  method: "POST" | "PATCH" | "PUT",
  url: string,
  payload: string | Buffer,
  headers: Record<string, string> = {},
) {
  return ctx.inject({
    method,
    url,
    headers: { "content-type": "application/json", ...headers },
    payload,
  });
}

export function allocateText(
  ctx: TestContext,
  fixture: QuestFixture,
  payload: string | Buffer,
  contentType = "application/json",
) {
  return send(ctx, "POST", `/quests/${fixture.questId}`, payload, {
    "x-api-key": fixture.apiKey,
    "content-type": contentType,
  });
}

export async function count(ctx: TestContext, sql: string, params: unknown[]): Promise<number> {
  const { rows } = await ctx.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${sql}`,
    params,
  );
  return rows[0]!.n;
}

async function questRow(ctx: TestContext, questId: number) {
  const { rows } = await ctx.db.query(
    "SELECT name, description, total_points::text AS total_points, start_at, end_at FROM quests WHERE id = $1",
    [questId],
  );
  return rows[0];
}

async function campaignRow(ctx: TestContext, id: number) {
  const { rows } = await ctx.db.query(
    "SELECT name, description, external_app_id, start_at, end_at FROM campaigns WHERE id = $1",
    [id],
  );
  return rows[0];
}

/** A POST /admin/quests body as text: good fields, those of `fields` written as given. */
export function questText(owner: string, name: string, fields: Record<string, string> = {}) {
  const now = Date.now();
  const all: Record<string, string> = {
    name: JSON.stringify(name),
    description: '"A quest"',
    owner: JSON.stringify(owner),
    total_points: "1000",
    expected_points_per_completion: "10",
    start: JSON.stringify(iso(now - DAY_MS)),
    end: JSON.stringify(iso(now + DAY_MS)),
    ...fields,
  };
  return `{${Object.entries(all)
    .map(([key, value]) => `${JSON.stringify(key)}:${value}`)
    .join(",")}}`;
}

export function campaignBody(name: string, overrides: Record<string, unknown> = {}) {
  const now = Date.now();
  return {
    name,
    description: "A campaign",
    start: iso(now - DAY_MS),
    end: iso(now + DAY_MS),
    ...overrides,
  };
}

export async function createCampaign(ctx: TestContext, name = unique("Campaign")) {
  const response = await ctx.admin("POST", "/admin/campaigns", campaignBody(name));
  expectStatus(response, 201);
  return response.json().id as number;
}

/** A new registered account's pass. */
export async function newOwner(ctx: TestContext): Promise<string> {
  const owner = randomPass();
  await createAccount(ctx, owner);
  return owner;
}

/** An allocation (text, or an object sent as JSON) refused with 400, paying nothing. */
export interface AllocationRefusal {
  title: string;
  quest?: QuestOptions;
  body: (pass: string) => string | object;
  contentType?: string;
  /** The fields the errors name; with `exactly`, no other. */
  named: string[];
  exactly?: true;
  /** What the first named field's error says. */
  message?: RegExp;
}

export async function refusesAllocation(ctx: TestContext, c: AllocationRefusal) {
  const fixture = await questFixture(ctx, c.quest);
  const body = c.body(fixture.playerPass);
  const response =
    typeof body === "string"
      ? await allocateText(ctx, fixture, body, c.contentType)
      : await allocate(ctx, fixture, body);
  const problem = expectBadRequest(response, ...c.named);
  if (c.exactly) assert.deepEqual(namedFields(response), c.named);
  if (c.message) assert.match(messageOf(problem, c.named[0]!), c.message);
  assert.equal(await pointsRemaining(ctx, fixture), c.quest?.total_points ?? 1000);
  // Whatever the body held, nothing reached Object.prototype.
  assert.equal(({} as Record<string, unknown>).points, undefined);
}

/** An allocation written as text that pays `points`. */
export interface AllocationPaid {
  title: string;
  body: (pass: string) => string;
  contentType?: string;
  points: number;
}

export async function paysAllocation(ctx: TestContext, c: AllocationPaid) {
  const fixture = await questFixture(ctx);
  const response = await allocateText(ctx, fixture, c.body(fixture.playerPass), c.contentType);
  expectStatus(response, 200);
  assert.equal(response.json().payout.amount, c.points);
  assert.equal(await pointsRemaining(ctx, fixture), 1000 - c.points);
}

/** A POST /admin/quests written as text, refused naming `named`, storing no quest. */
export interface QuestPostRefusal {
  title: string;
  /** Starts the quest's name (and marks what would be stored). */
  label: string;
  /** Fields written as this JSON text. */
  fields?: (marker: string) => Record<string, string>;
  name?: (marker: string) => string;
  /** The owner's pass; a new registered account unless given. */
  owner?: string;
  /** The body's bytes in this encoding (UTF-8 unless given). */
  encoding?: BufferEncoding;
  named: string[];
  message?: string;
}

export async function refusesQuestPost(ctx: TestContext, c: QuestPostRefusal) {
  const owner = c.owner ?? (await newOwner(ctx));
  const marker = unique(c.label);
  const text = questText(owner, c.name?.(marker) ?? marker, c.fields?.(marker));
  const payload = Buffer.from(text, c.encoding ?? "utf8");
  const response = await send(ctx, "POST", "/admin/quests", payload, asAdmin);
  const problem = expectBadRequest(response, ...c.named);
  if (c.message) assert.equal(messageOf(problem, c.named[0]!), c.message);
  const stored = await count(
    ctx,
    `quests WHERE owner_id = (SELECT id FROM accounts WHERE pass = $1)
        OR name LIKE $2 OR description LIKE $2`,
    [owner, `${marker}%`],
  );
  assert.equal(stored, 0);
}

/** A POST /admin/campaigns refused naming `named`, storing no campaign. */
export interface CampaignPostRefusal {
  title: string;
  label: string;
  overrides: (marker: string) => Record<string, unknown>;
  named: string[];
  /** What the first named field's error says, each. */
  messages?: RegExp[];
}

export async function refusesCampaignPost(ctx: TestContext, c: CampaignPostRefusal) {
  const marker = unique(c.label);
  const body = campaignBody(marker, c.overrides(marker));
  const response = await ctx.admin("POST", "/admin/campaigns", body);
  const problem = expectBadRequest(response, ...c.named);
  for (const message of c.messages ?? []) {
    assert.match(messageOf(problem, c.named[0]!), message);
  }
  const stored = await count(ctx, "campaigns WHERE name LIKE $1 OR description LIKE $1", [
    `${marker}%`,
  ]);
  assert.equal(stored, 0);
}

/** A PATCH of a quest or a campaign (text, or an object) refused naming `named`, changing nothing. */
export interface PatchRefusal {
  title: string;
  of: "quests" | "campaigns";
  body: string | object;
  named: string[];
}

export async function refusesPatch(ctx: TestContext, c: PatchRefusal) {
  const id = c.of === "quests" ? (await questFixture(ctx)).questId : await createCampaign(ctx);
  const row = () => (c.of === "quests" ? questRow(ctx, id) : campaignRow(ctx, id));
  const before = await row();
  const url = `/admin/${c.of}/${id}`;
  const response =
    typeof c.body === "string"
      ? await send(ctx, "PATCH", url, c.body, asAdmin)
      : await ctx.admin("PATCH", url, c.body);
  expectBadRequest(response, ...c.named);
  assert.deepEqual(await row(), before);
}
