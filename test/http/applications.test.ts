import assert from "node:assert/strict";
import { createHash, randomBytes } from "node:crypto";
import { describe, it } from "node:test";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import {
  ADMIN_TOKEN,
  DATABASES,
  expectProblem,
  expectStatus,
  randomPass,
  secondInstance,
  type TestContext,
  withContext,
} from "../helpers/app.js";
import { applicationProof, CLIENT_PAIRS, newWallet, type Wallet } from "../helpers/wallet.js";

const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const TOKEN = /^ap_[0-9A-Za-z]{40}$/;
const LIVE_KEY = /^sk_[0-9A-Za-z]{32,}$/;
const TEST_KEY = /^sk_test_[0-9A-Za-z]{32,}$/;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const APPLICATION_FIELDS = [
  "campaign_id",
  "contact",
  "created_at",
  "decided_at",
  "id",
  "keys_claimed_at",
  "message",
  "owner",
  "project",
  "quest",
  "quest_id",
  "reason",
  "status",
  "test_quest_id",
];

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * A client address of its own for each submission: every inject comes from 127.0.0.1 unless
 * told otherwise, and the hourly limit counts per address.
 */
const randomClient = () => `10.${[...randomBytes(3)].join(".")}`;

/** An application by `wallet`'s holder: its address is the owner, proven by a signed message. */
async function applicationBody(
  ctx: TestContext,
  overrides: Record<string, unknown> = {},
  quest: Record<string, unknown> = {},
  wallet: Wallet = newWallet(),
) {
  const now = Date.now();
  return {
    project: "Acme Quests",
    contact: "team@acme.example",
    owner: wallet.address as string,
    proof: await applicationProof(ctx.inject, wallet),
    quest: {
      name: "Swap once",
      description: "Make your first swap",
      total_points: 1000,
      expected_points_per_completion: 10,
      start: iso(now - HOUR_MS),
      end: iso(now + 10 * DAY_MS),
      ...quest,
    },
    ...overrides,
  };
}

function post(url: string, body: unknown, options: Partial<InjectOptions> = {}): InjectOptions {
  return {
    method: "POST",
    url,
    payload: body as object,
    remoteAddress: randomClient(),
    ...options,
  };
}

interface Submitted {
  id: number;
  token: string;
  owner: string;
  /** The owner's wallet, to apply again for the same owner. */
  wallet: Wallet;
}

async function submit(
  ctx: TestContext,
  overrides: Record<string, unknown> = {},
  quest: Record<string, unknown> = {},
  wallet: Wallet = newWallet(),
): Promise<Submitted> {
  const body = await applicationBody(ctx, overrides, quest, wallet);
  const response = await ctx.inject(post("/applications", body));
  expectStatus(response, 201);
  const { id, token } = response.json();
  return { id, token, owner: body.owner, wallet };
}

const readApplication = (ctx: TestContext, id: number | string, token?: string) =>
  ctx.inject({
    url: `/applications/${id}`,
    headers: token === undefined ? {} : { "x-application-token": token },
  });

const claimKeys = (ctx: TestContext, id: number | string, token?: string) =>
  ctx.inject({
    method: "POST",
    url: `/applications/${id}/keys`,
    headers: token === undefined ? {} : { "x-application-token": token },
  });

const approve = (ctx: TestContext, id: number | string, overrides: Record<string, unknown> = {}) =>
  ctx.admin("POST", `/admin/applications/${id}/approve`, overrides);

const reject = (ctx: TestContext, id: number | string, reason: unknown = "Not a fit") =>
  ctx.admin("POST", `/admin/applications/${id}/reject`, { reason });

/** Every item of a listing, page by page, asserting the cursor walk ends. */
async function walk(ctx: TestContext, query: string, limit: number) {
  const items: { id: number; created_at: string; status: string }[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 10_000; pages++) {
    const url: string = `/admin/applications?limit=${limit}${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
    const response = await ctx.admin("GET", url);
    expectStatus(response, 200);
    const page = response.json();
    assert.ok(page.items.length <= limit);
    items.push(...page.items);
    cursor = page.next_cursor;
    if (cursor === null) return items;
    assert.equal(page.items.length, limit, "only the last page may be short");
  }
  throw new Error("the cursor walk did not end");
}

const byCreated = (a: { created_at: string; id: number }, b: { created_at: string; id: number }) =>
  a.created_at === b.created_at ? a.id - b.id : a.created_at < b.created_at ? -1 : 1;

/** An onboarding bundle's fields the instructions name. */
interface Bundle {
  instructions: string;
  quest_id: number;
  test_quest_id: number;
  api_key: string;
  test_api_key: string;
}

/**
 * What the instructions tell an owner to paste: the body, the test example's Idempotency-Key
 * and the one suggested for the live quest, and the allocation they make, sent as pasted.
 */
function instructionCommands(ctx: TestContext, bundle: Bundle) {
  const text = bundle.instructions;
  const body = /-d '(\{[^']*\})'/.exec(text)?.[1];
  const testKey = /Idempotency-Key: ([^']+)'/.exec(text)?.[1];
  const liveKey = /new `Idempotency-Key` \(such as `([^`]+)`\)/.exec(text)?.[1];
  assert.ok(body && testKey && liveKey, text);
  const send = (questId: number, apiKey: string, idempotencyKey: string) =>
    ctx.inject({
      method: "POST",
      url: `/quests/${questId}`,
      headers: {
        "x-api-key": apiKey,
        "content-type": "application/json",
        "idempotency-key": idempotencyKey,
      },
      payload: body,
    });
  return { testKey, liveKey, send };
}

async function registerPlayer(ctx: TestContext): Promise<string> {
  const pass = randomPass();
  expectStatus(await ctx.admin("POST", "/admin/accounts", { pass }), 201);
  return pass;
}

const allocate = (
  ctx: TestContext,
  questId: number,
  key: string,
  address: string,
  idempotencyKey = randomBytes(8).toString("hex"),
) =>
  ctx.inject({
    method: "POST",
    url: `/quests/${questId}`,
    headers: { "x-api-key": key, "idempotency-key": idempotencyKey },
    payload: { points: 5, address },
  });

async function count(ctx: TestContext, sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await ctx.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${sql}`,
    params,
  );
  return rows[0]!.n;
}

/** An approved application whose keys are claimed: what most owner checks start from. */
async function onboarded(ctx: TestContext, overrides: Record<string, unknown> = {}) {
  const submitted = await submit(ctx);
  const approved = await approve(ctx, submitted.id, overrides);
  expectStatus(approved, 200);
  const claimed = await claimKeys(ctx, submitted.id, submitted.token);
  expectStatus(claimed, 201);
  return { ...submitted, approved: approved.json(), bundle: claimed.json() };
}

function expectTokenRefused(response: LightMyRequestResponse) {
  expectProblem(response, 401, "INVALID_APPLICATION_TOKEN");
  assert.equal(
    response.headers["www-authenticate"],
    'ApplicationToken realm="questpoints-applications", header="x-application-token"',
  );
}

for (const kind of DATABASES) {
  describe(kind, () => {
    const ctx = withContext(kind);

    it("takes an application from submission to an allocation with the claimed keys", async () => {
      const body = await applicationBody(
        ctx(),
        { message: "We run weekly swap quests." },
        { action_type: "swap" },
      );
      const submitted = await ctx().inject(post("/applications", body));
      expectStatus(submitted, 201);
      const { id, token, status, created_at } = submitted.json();
      assert.deepEqual(Object.keys(submitted.json()).sort(), [
        "created_at",
        "id",
        "status",
        "token",
      ]);
      assert.ok(Number.isInteger(id) && id > 0);
      assert.equal(status, "pending");
      assert.match(created_at, TIMESTAMP);
      assert.match(token, TOKEN);
      assert.equal(submitted.headers["cache-control"], "no-store");

      // The applicant sees it pending, every decision field null, the quest as asked.
      const pending = await readApplication(ctx(), id, token);
      expectStatus(pending, 200);
      assert.deepEqual(Object.keys(pending.json()).sort(), APPLICATION_FIELDS);
      assert.deepEqual(pending.json(), {
        id,
        status: "pending",
        project: body.project,
        contact: body.contact,
        owner: body.owner,
        quest: body.quest,
        campaign_id: null,
        message: "We run weekly swap quests.",
        created_at,
        decided_at: null,
        reason: null,
        quest_id: null,
        test_quest_id: null,
        keys_claimed_at: null,
      });
      expectProblem(await claimKeys(ctx(), id, token), 409, "APPLICATION_NOT_APPROVED");

      // The operator's queue: pending applications oldest first, this one among them.
      const later = await submit(ctx());
      const queue = await walk(ctx(), "&status=pending", 100);
      assert.ok(queue.every((item) => item.status === "pending"));
      assert.deepEqual(queue, [...queue].sort(byCreated), "oldest first");
      const ids = queue.map((item) => item.id);
      assert.ok(ids.indexOf(id) >= 0 && ids.indexOf(id) < ids.indexOf(later.id));

      const approved = await approve(ctx(), id, { total_points: 500 });
      expectStatus(approved, 200);
      const decision = approved.json();
      assert.equal(decision.status, "approved");
      assert.match(decision.decided_at, TIMESTAMP);
      assert.ok(Number.isInteger(decision.quest_id) && Number.isInteger(decision.test_quest_id));
      assert.notEqual(decision.quest_id, decision.test_quest_id);
      assert.equal(decision.keys_claimed_at, null);

      const seen = (await readApplication(ctx(), id, token)).json();
      assert.equal(seen.status, "approved");
      assert.equal(seen.quest_id, decision.quest_id);
      assert.equal(seen.test_quest_id, decision.test_quest_id);
      assert.equal(seen.quest.total_points, 1000, "the request stays as it was asked");

      const claimed = await claimKeys(ctx(), id, token);
      expectStatus(claimed, 201);
      assert.equal(claimed.headers["cache-control"], "no-store");
      const bundle = claimed.json();
      assert.deepEqual(Object.keys(bundle).sort(), [
        "api_key",
        "base_url",
        "instructions",
        "quest_id",
        "test_api_key",
        "test_quest_id",
      ]);
      assert.match(bundle.api_key, LIVE_KEY);
      assert.doesNotMatch(bundle.api_key, TEST_KEY);
      assert.match(bundle.test_api_key, TEST_KEY);
      assert.equal(bundle.base_url, "http://localhost:80");
      assert.equal(bundle.quest_id, decision.quest_id);
      assert.equal(bundle.test_quest_id, decision.test_quest_id);
      assert.ok(bundle.instructions.includes(`${bundle.base_url}/quests/${bundle.test_quest_id}`));
      assert.ok(bundle.instructions.includes(String(bundle.quest_id)));
      assert.match(bundle.instructions, /curl /);
      assert.ok(bundle.instructions.includes(bundle.test_api_key));
      assert.ok(!bundle.instructions.includes(bundle.api_key), "never the live key");
      assert.match((await readApplication(ctx(), id, token)).json().keys_claimed_at, TIMESTAMP);

      const player = await registerPlayer(ctx());
      const onTest = await allocate(ctx(), bundle.test_quest_id, bundle.test_api_key, player);
      expectStatus(onTest, 200);
      assert.equal(onTest.json().payout.amount, 5);
      const onLive = await allocate(ctx(), bundle.quest_id, bundle.api_key, player);
      expectStatus(onLive, 200);
      const live = await ctx().inject({
        url: `/quests/${bundle.quest_id}`,
        headers: { "x-api-key": bundle.api_key },
      });
      expectStatus(live, 200);
      assert.equal(live.json().total_points, 500, "the operator's override");
      assert.equal(live.json().points_remaining, 495);
      const test = await ctx().inject({
        url: `/quests/${bundle.test_quest_id}`,
        headers: { "x-api-key": bundle.test_api_key },
      });
      assert.equal(test.json().total_points, 500, "the twin has the same fields");

      expectProblem(
        await allocate(ctx(), bundle.test_quest_id, bundle.api_key, player),
        401,
        "KEY_MODE_MISMATCH",
      );
      expectProblem(
        await allocate(ctx(), bundle.quest_id, bundle.test_api_key, player),
        401,
        "KEY_MODE_MISMATCH",
      );

      const publicIds = (await ctx().inject({ url: "/quests" }))
        .json()
        .map((q: { id: number }) => q.id);
      assert.ok(publicIds.includes(bundle.quest_id), "the live quest is public");
      assert.ok(!publicIds.includes(bundle.test_quest_id), "the test quest never is");

      expectProblem(await claimKeys(ctx(), id, token), 409, "KEYS_ALREADY_CLAIMED");
    });

    it("works as the instructions say: their allocation on the test quest, then on the live quest", async () => {
      const { bundle } = await onboarded(ctx());
      const { testKey, liveKey, send } = instructionCommands(ctx(), bundle);
      expectStatus(await send(bundle.test_quest_id, bundle.test_api_key, testKey), 200);
      const replay = await send(bundle.test_quest_id, bundle.test_api_key, testKey);
      expectStatus(replay, 200);
      assert.equal(replay.headers["idempotent-replayed"], "true");
      expectStatus(await send(bundle.quest_id, bundle.api_key, liveKey), 200);
    });

    it("lets an owner follow the instructions of a second application too: its example keys are its own", async () => {
      const follow = async (bundle: Bundle) => {
        const { testKey, liveKey, send } = instructionCommands(ctx(), bundle);
        const test = await send(bundle.test_quest_id, bundle.test_api_key, testKey);
        expectStatus(test, 200);
        assert.equal(test.headers["idempotent-replayed"], undefined, "a first payout, no replay");
        const live = await send(bundle.quest_id, bundle.api_key, liveKey);
        expectStatus(live, 200);
        assert.equal(live.headers["idempotent-replayed"], undefined, "a first payout, no replay");
        return [testKey, liveKey];
      };
      const first = await onboarded(ctx());
      const keysOfFirst = await follow(first.bundle);
      // The same owner applies again: same account, so the same idempotency namespace.
      const submitted = await submit(ctx(), {}, {}, first.wallet);
      expectStatus(await approve(ctx(), submitted.id), 200);
      const claimed = await claimKeys(ctx(), submitted.id, submitted.token);
      expectStatus(claimed, 201);
      const keysOfSecond = await follow(claimed.json());
      for (const key of keysOfSecond) assert.ok(!keysOfFirst.includes(key), key);
    });

    it("registers an owner that is not registered yet, and reuses one that is", async () => {
      const fresh = await onboarded(ctx());
      const owner = await ctx().admin("POST", "/admin/accounts", { pass: fresh.owner });
      expectStatus(owner, 200);

      const wallet = newWallet();
      const pass = wallet.address;
      expectStatus(await ctx().admin("POST", "/admin/accounts", { pass }), 201);
      const before = await count(ctx(), "accounts");
      const known = await submit(ctx(), {}, {}, wallet);
      expectStatus(await approve(ctx(), known.id), 200);
      assert.equal(await count(ctx(), "accounts"), before);
    });

    it("creates a private live quest when approved with is_public false, and takes a campaign", async () => {
      const campaign = await ctx().admin("POST", "/admin/campaigns", {
        name: "Spring",
        description: "Seasonal",
        start: iso(Date.now() - DAY_MS),
        end: iso(Date.now() + 30 * DAY_MS),
      });
      expectStatus(campaign, 201);
      const campaignId = campaign.json().id;
      const submitted = await submit(ctx(), { campaign_id: campaignId });
      const seen = (await readApplication(ctx(), submitted.id, submitted.token)).json();
      assert.equal(seen.campaign_id, campaignId);
      const approved = await approve(ctx(), submitted.id, { is_public: false });
      expectStatus(approved, 200);
      const { quest_id, test_quest_id } = approved.json();
      const { rows } = await ctx().db.query<{
        id: number;
        is_public: boolean;
        mode: string;
        campaign_id: number;
      }>(
        "SELECT id, is_public, mode, campaign_id FROM quests WHERE id = ANY($1::int[]) ORDER BY id",
        [[quest_id, test_quest_id]],
      );
      assert.deepEqual(
        rows.map((row) => [row.id, row.is_public, row.mode, row.campaign_id]),
        [
          [quest_id, false, "live", campaignId],
          [test_quest_id, false, "test", campaignId],
        ],
      );
      const publicIds = (await ctx().inject({ url: "/quests" }))
        .json()
        .map((q: { id: number }) => q.id);
      assert.ok(!publicIds.includes(quest_id));
    });

    it("approves a request as it is when the operator sends no body", async () => {
      const submitted = await submit(ctx());
      const response = await ctx().inject({
        method: "POST",
        url: `/admin/applications/${submitted.id}/approve`,
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      });
      expectStatus(response, 200);
      assert.equal(response.json().status, "approved");
    });

    describe("refuses a malformed application with 400 naming the field", () => {
      const cases: [string, Record<string, unknown>, Record<string, unknown>, string][] = [
        ["an unknown field", { projekt: "x" }, {}, "projekt"],
        ["an unknown quest field", {}, { point: 5 }, "quest.point"],
        ["a bad owner address", { owner: "0x1234" }, {}, "owner"],
        [
          "an owner with a wrong checksum",
          { owner: "0xfFFFFFff00000000000000000000000000000001" },
          {},
          "owner",
        ],
        [
          "an end before the start",
          {},
          { start: iso(Date.now() + 2 * DAY_MS), end: iso(Date.now() + DAY_MS) },
          "quest.end",
        ],
        [
          "an end in the past",
          {},
          { start: iso(Date.now() - 2 * DAY_MS), end: iso(Date.now() - DAY_MS) },
          "quest.end",
        ],
        ["a project too long", { project: "p".repeat(201) }, {}, "project"],
        ["an empty project", { project: "" }, {}, "project"],
        ["a contact too long", { contact: "c".repeat(321) }, {}, "contact"],
        ["a message too long", { message: "m".repeat(5001) }, {}, "message"],
        ["a campaign that does not exist", { campaign_id: 2_000_000 }, {}, "campaign_id"],
        ["a campaign id beyond any", { campaign_id: 9_000_000_000 }, {}, "campaign_id"],
        ["fractional points", {}, { total_points: 1.5 }, "quest.total_points"],
        ["a missing quest name", {}, { name: undefined }, "quest.name"],
        ["a bad action type", {}, { action_type: "Not A Slug" }, "quest.action_type"],
      ];
      for (const [name, overrides, quest, field] of cases) {
        it(name, async () => {
          const body = JSON.parse(JSON.stringify(await applicationBody(ctx(), overrides, quest)));
          expectProblem(await ctx().inject(post("/applications", body)), 400, "BAD_REQUEST", field);
        });
      }

      it("accepts the longest project, contact and message", async () => {
        const response = await ctx().inject(
          post(
            "/applications",
            await applicationBody(ctx(), {
              project: "p".repeat(200),
              contact: "c".repeat(320),
              message: "m".repeat(5000),
            }),
          ),
        );
        expectStatus(response, 201);
      });

      it("accepts an owner in lower case and keeps its checksum form", async () => {
        const body = await applicationBody(ctx());
        const response = await ctx().inject(
          post("/applications", { ...body, owner: body.owner.toLowerCase() }),
        );
        expectStatus(response, 201);
        const { id, token } = response.json();
        assert.equal((await readApplication(ctx(), id, token)).json().owner, body.owner);
      });
    });

    it("answers 404 APPLICATION_NOT_FOUND for an unknown id before looking at the token", async () => {
      const other = await submit(ctx());
      for (const token of [undefined, "nope", other.token]) {
        expectProblem(
          await readApplication(ctx(), 2_000_000_000, token),
          404,
          "APPLICATION_NOT_FOUND",
        );
        expectProblem(await claimKeys(ctx(), 2_000_000_000, token), 404, "APPLICATION_NOT_FOUND");
      }
      expectProblem(
        await readApplication(ctx(), "99999999999", other.token),
        404,
        "APPLICATION_NOT_FOUND",
      );
    });

    it("answers 400 BAD_REQUEST for an id that is not a positive integer", async () => {
      const other = await submit(ctx());
      for (const id of ["abc", "0", "-1", "1.5", "0x10"]) {
        expectProblem(await readApplication(ctx(), id, other.token), 400, "BAD_REQUEST", "id");
        expectProblem(await claimKeys(ctx(), id, other.token), 400, "BAD_REQUEST", "id");
      }
    });

    it("answers 401 INVALID_APPLICATION_TOKEN for a missing, wrong or other application's token", async () => {
      const mine = await submit(ctx());
      const theirs = await submit(ctx());
      const wrong = `ap_${"A".repeat(40)}`;
      for (const token of [undefined, "", "nope", wrong, theirs.token, `${mine.token}x`]) {
        expectTokenRefused(await readApplication(ctx(), mine.id, token));
        expectTokenRefused(await claimKeys(ctx(), mine.id, token));
      }
      expectStatus(await readApplication(ctx(), mine.id, mine.token), 200);
    });

    it("answers 409 APPLICATION_REJECTED to a claim on a rejected application, and shows the reason", async () => {
      const submitted = await submit(ctx());
      const rejected = await reject(ctx(), submitted.id, "We only take live projects.");
      expectStatus(rejected, 200);
      assert.equal(rejected.json().status, "rejected");
      assert.equal(rejected.json().reason, "We only take live projects.");
      assert.match(rejected.json().decided_at, TIMESTAMP);
      assert.equal(rejected.json().quest_id, null);
      const seen = (await readApplication(ctx(), submitted.id, submitted.token)).json();
      assert.equal(seen.status, "rejected");
      assert.equal(seen.reason, "We only take live projects.");
      expectProblem(
        await claimKeys(ctx(), submitted.id, submitted.token),
        409,
        "APPLICATION_REJECTED",
      );
      expectTokenRefused(await claimKeys(ctx(), submitted.id, "nope"));
    });

    it("answers 409 APPLICATION_ALREADY_DECIDED to a second decision", async () => {
      const approved = await submit(ctx());
      expectStatus(await approve(ctx(), approved.id), 200);
      expectProblem(await approve(ctx(), approved.id), 409, "APPLICATION_ALREADY_DECIDED");
      expectProblem(await reject(ctx(), approved.id), 409, "APPLICATION_ALREADY_DECIDED");

      const rejected = await submit(ctx());
      expectStatus(await reject(ctx(), rejected.id), 200);
      expectProblem(await reject(ctx(), rejected.id), 409, "APPLICATION_ALREADY_DECIDED");
      expectProblem(await approve(ctx(), rejected.id), 409, "APPLICATION_ALREADY_DECIDED");
      const seen = (await readApplication(ctx(), rejected.id, rejected.token)).json();
      assert.equal(seen.status, "rejected");
      assert.equal(seen.quest_id, null);
    });

    it("answers 404 APPLICATION_NOT_FOUND to decisions on an unknown application", async () => {
      expectProblem(await approve(ctx(), 2_000_000_000), 404, "APPLICATION_NOT_FOUND");
      expectProblem(await reject(ctx(), 2_000_000_000), 404, "APPLICATION_NOT_FOUND");
      expectProblem(await approve(ctx(), "99999999999"), 404, "APPLICATION_NOT_FOUND");
      expectProblem(await approve(ctx(), "abc"), 400, "BAD_REQUEST", "id");
    });

    it("bounds the reject reason to 1..1000 characters", async () => {
      const submitted = await submit(ctx());
      expectProblem(await reject(ctx(), submitted.id, ""), 400, "BAD_REQUEST", "reason");
      expectProblem(
        await reject(ctx(), submitted.id, "r".repeat(1001)),
        400,
        "BAD_REQUEST",
        "reason",
      );
      expectProblem(await reject(ctx(), submitted.id, 5), 400, "BAD_REQUEST", "reason");
      expectProblem(
        await ctx().admin("POST", `/admin/applications/${submitted.id}/reject`, {}),
        400,
        "BAD_REQUEST",
        "reason",
      );
      expectProblem(
        await ctx().admin("POST", `/admin/applications/${submitted.id}/reject`, {
          reason: "x",
          why: "y",
        }),
        400,
        "BAD_REQUEST",
        "why",
      );
      const response = await reject(ctx(), submitted.id, "r".repeat(1000));
      expectStatus(response, 200);
      assert.equal(response.json().reason.length, 1000);
    });

    it("refuses bad overrides with 400 and changes nothing", async () => {
      const submitted = await submit(ctx());
      const quests = await count(ctx(), "quests");
      const audits = await count(ctx(), "audit_log");
      expectProblem(
        await approve(ctx(), submitted.id, { points: 5 }),
        400,
        "BAD_REQUEST",
        "points",
      );
      expectProblem(
        await approve(ctx(), submitted.id, { end: iso(Date.now() - 2 * HOUR_MS) }),
        400,
        "BAD_REQUEST",
        "end",
      );
      expectProblem(
        await approve(ctx(), submitted.id, { start: iso(Date.now() + 20 * DAY_MS) }),
        400,
        "BAD_REQUEST",
        "start",
      );
      expectProblem(
        await approve(ctx(), submitted.id, { campaign_id: 2_000_000 }),
        400,
        "BAD_REQUEST",
        "campaign_id",
      );
      expectProblem(
        await approve(ctx(), submitted.id, { total_points: -1 }),
        400,
        "BAD_REQUEST",
        "total_points",
      );
      assert.equal(await count(ctx(), "quests"), quests);
      assert.equal(await count(ctx(), "audit_log"), audits);
      assert.equal(
        (await readApplication(ctx(), submitted.id, submitted.token)).json().status,
        "pending",
      );
      expectStatus(await approve(ctx(), submitted.id), 200);
    });

    it("keeps the operator routes behind the operator's token", async () => {
      const submitted = await submit(ctx());
      for (const [method, url] of [
        ["GET", "/admin/applications"],
        ["POST", `/admin/applications/${submitted.id}/approve`],
        ["POST", `/admin/applications/${submitted.id}/reject`],
      ] as const) {
        const response = await ctx().inject({
          method,
          url,
          payload: method === "POST" ? { reason: "x" } : undefined,
        });
        expectProblem(response, 401, "UNAUTHORIZED");
      }
      assert.equal(
        (await readApplication(ctx(), submitted.id, submitted.token)).json().status,
        "pending",
      );
    });

    it("pages /admin/applications by cursor without gaps or repeats", async () => {
      for (let i = 0; i < 5; i++) await submit(ctx());
      const all = await walk(ctx(), "", 2);
      const ids = all.map((item) => item.id);
      assert.equal(new Set(ids).size, ids.length, "no repeats");
      assert.deepEqual(all, [...all].sort(byCreated).reverse(), "newest first");
      const { rows } = await ctx().db.query<{ id: number }>(
        "SELECT id FROM applications ORDER BY id",
      );
      assert.deepEqual(
        [...ids].sort((a, b) => a - b),
        rows.map((row) => row.id),
        "no gaps",
      );

      const pending = await walk(ctx(), "&status=pending", 2);
      assert.ok(pending.length >= 5);
      assert.deepEqual(pending, [...pending].sort(byCreated), "pending: oldest first");
      assert.equal(new Set(pending.map((item) => item.id)).size, pending.length);
      assert.equal(pending.length, await count(ctx(), "applications WHERE status = 'pending'"));

      const approved = await walk(ctx(), "&status=approved", 2);
      assert.ok(approved.length > 0 && approved.every((item) => item.status === "approved"));
    });

    it("refuses a garbage cursor, a limit out of range and an unknown status with 400", async () => {
      expectProblem(
        await ctx().admin("GET", "/admin/applications?cursor=garbage"),
        400,
        "BAD_REQUEST",
        "cursor",
      );
      const notOurs = Buffer.from(JSON.stringify(["2026-01-01T00:00:00.000Z", "abc"])).toString(
        "base64url",
      );
      expectProblem(
        await ctx().admin("GET", `/admin/applications?cursor=${notOurs}`),
        400,
        "BAD_REQUEST",
        "cursor",
      );
      expectProblem(
        await ctx().admin("GET", "/admin/applications?limit=0"),
        400,
        "BAD_REQUEST",
        "limit",
      );
      expectProblem(
        await ctx().admin("GET", "/admin/applications?limit=501"),
        400,
        "BAD_REQUEST",
        "limit",
      );
      expectProblem(
        await ctx().admin("GET", "/admin/applications?status=open"),
        400,
        "BAD_REQUEST",
        "status",
      );
      expectProblem(
        await ctx().admin("GET", "/admin/applications?sort=asc"),
        400,
        "BAD_REQUEST",
        "sort",
      );
    });

    it("keeps the client address only as a keyed hash, never its plain SHA-256", async () => {
      const address = "198.51.100.23";
      const response = await ctx().inject(
        post("/applications", await applicationBody(ctx()), { remoteAddress: address }),
      );
      expectStatus(response, 201);
      const submitted = response.json();
      const { rows } = await ctx().db.query<{ client_hash: string; row: string }>(
        "SELECT client_hash, a::text AS row FROM applications a WHERE id = $1",
        [submitted.id],
      );
      assert.ok(!rows[0]!.row.includes(address));
      assert.match(rows[0]!.client_hash, /^[0-9a-f]{64}$/);
      assert.notEqual(rows[0]!.client_hash, createHash("sha256").update(address).digest("hex"));
    });

    it("never stores the token or the keys, and audits every step", async () => {
      const submitted = await ctx().inject(post("/applications", await applicationBody(ctx())));
      expectStatus(submitted, 201);
      const { id, token } = submitted.json();
      const approved = await approve(ctx(), id, { expected_points_per_completion: 7 });
      expectStatus(approved, 200);
      const { quest_id, test_quest_id } = approved.json();
      const claimed = await claimKeys(ctx(), id, token);
      expectStatus(claimed, 201);
      const { api_key, test_api_key } = claimed.json();
      const rejected = await submit(ctx());
      expectStatus(await reject(ctx(), rejected.id, "Duplicate"), 200);

      const secrets = [token, api_key, test_api_key, rejected.token];
      for (const table of ["applications", "api_keys", "audit_log", "accounts", "quests"]) {
        const { rows } = await ctx().db.query<{ row: string }>(
          `SELECT t::text AS row FROM ${table} t`,
        );
        const text = rows.map((row) => row.row).join("\n");
        for (const secret of secrets) {
          assert.ok(!text.includes(secret), `${table} must not hold a plain token or key`);
          assert.ok(!text.includes(secret.slice(-20)), `${table} must not hold part of one`);
        }
      }

      const { rows: entries } = await ctx().db.query<{
        actor: string;
        action: string;
        target_type: string;
        target_id: string;
        request_id: string | null;
        details: Record<string, unknown>;
      }>(
        `SELECT actor, action, target_type, target_id, request_id, details FROM audit_log
         WHERE (target_type = 'application' AND target_id = ANY($1::text[]))
            OR (target_type = 'quest' AND target_id = ANY($2::text[]))
         ORDER BY id`,
        [
          [String(id), String(rejected.id)],
          [String(quest_id), String(test_quest_id)],
        ],
      );
      const summary = entries.map((e) => `${e.actor} ${e.action} ${e.target_type}:${e.target_id}`);
      assert.deepEqual(summary, [
        `applicant application.submit application:${id}`,
        `operator:bootstrap quest.create quest:${quest_id}`,
        `operator:bootstrap quest.create quest:${test_quest_id}`,
        `operator:bootstrap application.approve application:${id}`,
        `applicant application.claim_keys application:${id}`,
        `applicant application.submit application:${rejected.id}`,
        `operator:bootstrap application.reject application:${rejected.id}`,
      ]);
      const [submit_, , , approve_, claim, , reject_] = entries;
      assert.equal(submit_!.request_id, submitted.headers["x-request-id"]);
      assert.deepEqual(Object.keys(submit_!.details).sort(), ["owner", "project"]);
      assert.deepEqual(approve_!.details, {
        overrides: { expected_points_per_completion: 7 },
        quest_id,
        test_quest_id,
      });
      assert.deepEqual(reject_!.details, { reason: "Duplicate" });

      const keyIds = [claim!.details.key_id, claim!.details.test_key_id].map(String);
      const { rows: keyEntries } = await ctx().db.query<{
        actor: string;
        details: { mode: string };
      }>(
        "SELECT actor, details FROM audit_log WHERE action = 'key.create' AND target_id = ANY($1::text[]) ORDER BY id",
        [keyIds],
      );
      assert.deepEqual(
        keyEntries.map((e) => [e.actor, e.details.mode]),
        [
          ["applicant", "live"],
          ["applicant", "test"],
        ],
      );
    });

    if (kind === "postgres") {
      it("lets exactly one of 10 concurrent approvals across two processes through", async () => {
        const other = await secondInstance(ctx());
        try {
          const submitted = await submit(ctx());
          const quests = await count(ctx(), "quests");
          const responses = await Promise.all(
            Array.from({ length: 10 }, (_, i) =>
              (i % 2 === 0 ? ctx().app : other.app).inject({
                method: "POST",
                url: `/admin/applications/${submitted.id}/approve`,
                headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
                payload: {},
              }),
            ),
          );
          const statuses = responses.map((r) => r.statusCode).sort();
          assert.deepEqual(statuses, [200, ...Array(9).fill(409)], JSON.stringify(statuses));
          for (const response of responses.filter((r) => r.statusCode === 409)) {
            expectProblem(response, 409, "APPLICATION_ALREADY_DECIDED");
          }
          assert.equal(await count(ctx(), "quests"), quests + 2);
          assert.equal(
            await count(
              ctx(),
              "audit_log WHERE action = 'application.approve' AND target_id = $1",
              [String(submitted.id)],
            ),
            1,
          );
        } finally {
          await other.close();
        }
      });

      it("lets exactly one of 5 concurrent key claims through", async () => {
        const other = await secondInstance(ctx());
        try {
          const submitted = await submit(ctx());
          expectStatus(await approve(ctx(), submitted.id), 200);
          const responses = await Promise.all(
            Array.from({ length: 5 }, (_, i) =>
              (i % 2 === 0 ? ctx().app : other.app).inject({
                method: "POST",
                url: `/applications/${submitted.id}/keys`,
                headers: { "x-application-token": submitted.token },
              }),
            ),
          );
          const statuses = responses.map((r) => r.statusCode).sort();
          assert.deepEqual(statuses, [201, 409, 409, 409, 409], JSON.stringify(statuses));
          for (const response of responses.filter((r) => r.statusCode === 409)) {
            expectProblem(response, 409, "KEYS_ALREADY_CLAIMED");
          }
          assert.equal(
            await count(
              ctx(),
              "api_keys WHERE account_id = (SELECT id FROM accounts WHERE pass = $1)",
              [submitted.owner],
            ),
            2,
          );
        } finally {
          await other.close();
        }
      });
    }
  });

  describe(`${kind}: APPLICATIONS_PER_HOUR`, () => {
    const ctx = withContext(kind, { APPLICATIONS_PER_HOUR: "3" });
    const from = async (remoteAddress: string) =>
      post("/applications", await applicationBody(ctx()), { remoteAddress });

    it("refuses the 4th application of an hour from one address with 429 and Retry-After", async () => {
      const client = randomClient();
      for (let i = 0; i < 3; i++) expectStatus(await ctx().inject(await from(client)), 201);
      const refused = await ctx().inject(await from(client));
      const problem = expectProblem(refused, 429, "RATE_LIMITED");
      assert.match(problem.detail, /3 applications an hour/);
      const retryAfter = Number(refused.headers["retry-after"]);
      assert.ok(
        Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 3600,
        String(retryAfter),
      );
      assert.ok(retryAfter > 3500, "the oldest of the three left only just now");

      expectStatus(await ctx().inject(await from(randomClient())), 201);
      expectProblem(await ctx().inject(await from(client)), 429, "RATE_LIMITED");
    });

    it("does not count refused applications", async () => {
      const client = randomClient();
      for (let i = 0; i < 3; i++) {
        const bad = post(
          "/applications",
          await applicationBody(ctx(), { campaign_id: 2_000_000 }),
          {
            remoteAddress: client,
          },
        );
        expectProblem(await ctx().inject(bad), 400, "BAD_REQUEST", "campaign_id");
      }
      for (let i = 0; i < 3; i++) expectStatus(await ctx().inject(await from(client)), 201);
      expectProblem(await ctx().inject(await from(client)), 429, "RATE_LIMITED");
    });

    describe("counts a client as the rate limits do: an IPv4 address, or an IPv6 address's /64", () => {
      for (const { name, first, second, shared } of CLIENT_PAIRS) {
        it(`${name}: ${shared ? "one budget of 3" : "3 each"}`, async () => {
          for (let i = 0; i < 3; i++) expectStatus(await ctx().inject(await from(first)), 201);
          const answer = await ctx().inject(await from(second));
          if (shared) expectProblem(answer, 429, "RATE_LIMITED");
          else expectStatus(answer, 201);
        });
      }
    });

    if (kind === "postgres") {
      it("shares the budget between two processes", async () => {
        const other = await secondInstance(ctx());
        try {
          const client = randomClient();
          const apps = [ctx().app, other.app, ctx().app, other.app];
          const statuses: number[] = [];
          for (const app of apps) statuses.push((await app.inject(await from(client))).statusCode);
          assert.deepEqual(statuses, [201, 201, 201, 429]);
          expectProblem(await ctx().app.inject(await from(client)), 429, "RATE_LIMITED");

          const burst = randomClient();
          const requests = await Promise.all(Array.from({ length: 8 }, () => from(burst)));
          const responses = await Promise.all(
            requests.map((request, i) => (i % 2 === 0 ? ctx().app : other.app).inject(request)),
          );
          const codes = responses.map((r) => r.statusCode).sort();
          assert.deepEqual(codes, [201, 201, 201, 429, 429, 429, 429, 429]);
        } finally {
          await other.close();
        }
      });
    }
  });
}
