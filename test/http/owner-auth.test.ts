import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { before, describe, it } from "node:test";
import type { InjectOptions } from "fastify";
import {
  allocate,
  createQuest,
  DATABASES,
  expectProblem,
  expectStatus,
  issueKey,
  type QuestFixture,
  questFixture,
  type TestContext,
  withContext,
} from "../helpers/app.js";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
/** A key of the right shape that was never issued. */
function unissuedKey(): string {
  return `sk_${[...randomBytes(40)].map((byte) => BASE62[byte % 62]).join("")}`;
}

/**
 * Every owner route: each operation of the OpenAPI document whose security is the owner's API
 * key. A route added there is refused like the others by every check below that needs no
 * well-formed request; the checks that need one fail until `ROUTE_CASES` describes it.
 */
const OPENAPI = JSON.parse(
  readFileSync(new URL("../../openapi.json", import.meta.url), "utf8"),
) as {
  paths: Record<string, Record<string, { security?: Record<string, unknown>[] }>>;
};
const OWNER_OPERATIONS: { method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE"; path: string }[] =
  Object.entries(OPENAPI.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([, operation]) => operation.security?.some((scheme) => "apiKey" in scheme))
      .map(([method, _]) => ({
        method: method.toUpperCase() as "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
        path,
      })),
  );

/** What an owner route is called with: a quest id (and payout id), a key, a query or body. */
interface Call {
  questId: string | number;
  /** The payout of `{payoutId}`; without it, one of the quest's own (or an unknown one). */
  payoutId?: string;
  /** The webhook endpoint of `{id}` and the event of `{eventId}`; without them, unknown ones. */
  endpointId?: string;
  eventId?: string;
  key?: string | undefined;
  /** A JSON value, or a raw string sent as-is with content-type application/json. */
  body?: unknown;
  query?: string;
}

/** A quest and what it takes to call its owner routes with success. */
interface OwnQuest {
  questId: number;
  apiKey: string;
  playerPass: string;
}

interface RouteCase {
  /** The answer to a well-formed request with the owner's own valid key. */
  okStatus: number;
  /** A well-formed request body (POST). */
  validBody?(quest: OwnQuest): unknown;
  /** What a successful call consumes, made fresh for it (a payout to reverse, an endpoint). */
  fresh?(
    ctx: TestContext,
    quest: OwnQuest,
  ): Promise<Pick<Call, "payoutId" | "endpointId" | "eventId">>;
  /** A malformed query or body (contract step 6), where the route takes one. */
  malformed?: Pick<Call, "body" | "query">;
  /** A well-formed request with one bad field, and that field's name. */
  invalid?: Pick<Call, "body" | "query">;
  invalidField?: string;
}

async function newPayout(ctx: TestContext, quest: OwnQuest): Promise<string> {
  const response = await allocate(ctx, quest, { points: 1, address: quest.playerPass });
  expectStatus(response, 200);
  return response.json().payout.id;
}

/** A public https target given by address, so no name is resolved (no network here). */
const WEBHOOK_URL = "https://93.184.215.14/questpoints";

async function newEndpoint(ctx: TestContext, quest: OwnQuest): Promise<{ endpointId: string }> {
  const response = await ctx.inject({
    method: "POST",
    url: "/webhooks",
    headers: { "x-api-key": quest.apiKey },
    payload: { url: WEBHOOK_URL, events: ["payout.created"] },
  });
  expectStatus(response, 201);
  return { endpointId: response.json().id };
}

/** An endpoint and an event it was sent (a test event), to redeliver. */
async function newEndpointEvent(ctx: TestContext, quest: OwnQuest) {
  const { endpointId } = await newEndpoint(ctx, quest);
  const response = await ctx.inject({
    method: "POST",
    url: `/webhooks/${endpointId}/test`,
    headers: { "x-api-key": quest.apiKey },
  });
  expectStatus(response, 202);
  return { endpointId, eventId: response.json().event_id as string };
}

const ROUTE_CASES: Record<string, RouteCase> = {
  "GET /quests/{questId}": {
    okStatus: 200,
    malformed: { query: "?limit=0" },
    invalid: { query: "?offset=-1" },
    invalidField: "offset",
  },
  "POST /quests/{questId}": {
    okStatus: 200,
    validBody: (quest) => ({ points: 1, address: quest.playerPass }),
    malformed: { body: '{"points": 1, "address": ' },
    invalid: { body: { points: 0, address: "0x0000000000000000000000000000000000000001" } },
    invalidField: "points",
  },
  "POST /quests/{questId}/allocations": {
    okStatus: 200,
    validBody: (quest) => ({ allocations: [{ points: 1, address: quest.playerPass }] }),
    malformed: { body: '{"allocations": [' },
    invalid: {
      body: { allocations: [{ points: 0, address: "0x0000000000000000000000000000000000000001" }] },
    },
    invalidField: "allocations/0/points",
  },
  "POST /quests/{questId}/payouts/{payoutId}/reversal": {
    okStatus: 201,
    validBody: () => ({ reason: "Completed by mistake" }),
    fresh: async (ctx, quest) => ({ payoutId: await newPayout(ctx, quest) }),
    malformed: { body: '{"reason": ' },
    invalid: { body: { reason: "" } },
    invalidField: "reason",
  },
  "GET /quests/{questId}/reversals": {
    okStatus: 200,
    malformed: { query: "?limit=0" },
    invalid: { query: "?offset=-1" },
    invalidField: "offset",
  },
  "GET /quests/{questId}/stats": {
    okStatus: 200,
    malformed: { query: "?bucket=week" },
    invalid: { query: "?since=yesterday" },
    invalidField: "since",
  },
  "GET /me": { okStatus: 200 },
  "POST /webhooks": {
    okStatus: 201,
    validBody: () => ({ url: WEBHOOK_URL, events: ["payout.created"] }),
    malformed: { body: '{"url": ' },
    invalid: { body: { url: "not a url", events: ["payout.created"] } },
    invalidField: "url",
  },
  "GET /webhooks": {
    okStatus: 200,
    malformed: { query: "?limit=0" },
    invalid: { query: "?cursor=not-a-cursor" },
    invalidField: "cursor",
  },
  "GET /webhooks/settings": { okStatus: 200 },
  "GET /webhooks/{id}": { okStatus: 200, fresh: newEndpoint },
  "PATCH /webhooks/{id}": {
    okStatus: 200,
    fresh: newEndpoint,
    validBody: () => ({ description: "Changed" }),
    malformed: { body: '{"description": ' },
    invalid: { body: { url: "not a url" } },
    invalidField: "url",
  },
  "DELETE /webhooks/{id}": { okStatus: 204, fresh: newEndpoint },
  "POST /webhooks/{id}/secret": { okStatus: 201, fresh: newEndpoint },
  "POST /webhooks/{id}/test": { okStatus: 202, fresh: newEndpoint },
  "GET /webhooks/{id}/deliveries": {
    okStatus: 200,
    fresh: newEndpoint,
    malformed: { query: "?limit=0" },
    invalid: { query: "?status=bogus" },
    invalidField: "status",
  },
  "POST /webhooks/{id}/events/{eventId}/redeliver": { okStatus: 202, fresh: newEndpointEvent },
};

/** The owner routes this file must find in the OpenAPI document, at least. */
const EXPECTED_OWNER_ROUTES = Object.keys(ROUTE_CASES);

interface OwnerRoute {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  name: string;
  /** The route is about one quest (`{questId}` in its path). */
  ofQuest: boolean;
  case: RouteCase | undefined;
}

const OWNER_ROUTES: OwnerRoute[] = OWNER_OPERATIONS.map(({ method, path }) => {
  const name = `${method} ${path}`;
  return { method, path, name, ofQuest: path.includes("{questId}"), case: ROUTE_CASES[name] };
});

/** The route's case: a test that needs a well-formed request fails without one. */
function caseOf(route: OwnerRoute): RouteCase {
  assert.ok(route.case, `${route.name}: describe it in ROUTE_CASES`);
  return route.case;
}

const UNKNOWN_PAYOUT_ID = "00000000-0000-4000-8000-000000000000";
const UNKNOWN_ENDPOINT_ID = "00000000-0000-4000-8000-000000000001";

function call(ctx: TestContext, route: OwnerRoute, quest: OwnQuest, request: Call) {
  const headers: Record<string, string> = {};
  if (request.key !== undefined) headers["x-api-key"] = request.key;
  const url = route.path
    .replace("{questId}", String(request.questId))
    .replace("{payoutId}", request.payoutId ?? payoutOf(request.questId))
    .replace("{id}", request.endpointId ?? UNKNOWN_ENDPOINT_ID)
    .replace("{eventId}", request.eventId ?? "evt_00000000000000000000000000000000");
  const options: InjectOptions = {
    method: route.method,
    url: `${url}${request.query ?? ""}`,
    headers,
  };
  if (route.method !== "GET") {
    const body = "body" in request ? request.body : (route.case?.validBody?.(quest) ?? {});
    headers["content-type"] = "application/json";
    options.payload = typeof body === "string" ? body : JSON.stringify(body);
  }
  return ctx.inject(options);
}

/** A payout of each fixture quest, made before the tests (`{payoutId}` of refused calls). */
const payouts = new Map<string, string>();
const payoutOf = (questId: string | number) => payouts.get(String(questId)) ?? UNKNOWN_PAYOUT_ID;

/** A successful call of `route` on `quest` with `key` (the quest's own key unless given). */
async function callOk(ctx: TestContext, route: OwnerRoute, quest: OwnQuest, key = quest.apiKey) {
  const fresh = (await caseOf(route).fresh?.(ctx, quest)) ?? {};
  return call(ctx, route, quest, { questId: quest.questId, key, ...fresh });
}

/** A read-only key (scope read) of `ownerPass`'s account, issued as operators issue keys. */
async function issueReadKey(
  ctx: TestContext,
  ownerPass: string,
  mode?: "live" | "test",
): Promise<{ key: string; id: string }> {
  const response = await ctx.admin("POST", "/admin/keys", {
    owner: ownerPass,
    scope: "read",
    ...(mode ? { mode } : {}),
  });
  expectStatus(response, 201);
  assert.equal(response.json().scope, "read");
  return { key: response.json().key, id: response.json().id };
}

/**
 * What a refused write must leave as it was: the quest's points, the rows any owner write adds
 * (payouts, reversals, endpoints, events, deliveries, audit entries, idempotency records) and the
 * endpoint a call names.
 */
async function ownerState(ctx: TestContext, questId: number, endpointId?: string) {
  const { rows } = await ctx.db.query<{ state: string }>(
    `SELECT json_build_object(
       'points_remaining', (SELECT points_remaining FROM quests WHERE id = $1),
       'payouts', (SELECT count(*) FROM payouts),
       'reversals', (SELECT count(*) FROM reversals),
       'webhook_endpoints', (SELECT count(*) FROM webhook_endpoints),
       'webhook_events', (SELECT count(*) FROM webhook_events),
       'webhook_deliveries', (SELECT count(*) FROM webhook_deliveries),
       'audit_log', (SELECT count(*) FROM audit_log),
       'idempotency_keys', (SELECT count(*) FROM idempotency_keys),
       'endpoint', (SELECT json_build_object('url', url, 'events', events,
                      'description', description, 'secret', secret,
                      'previous_secrets', previous_secrets, 'disabled_at', disabled_at)
                    FROM webhook_endpoints WHERE id = $2::uuid)
     )::text AS state`,
    [questId, endpointId ?? null],
  );
  return JSON.parse(rows[0]!.state) as Record<string, unknown>;
}

interface Keys {
  /** The owner's quest and valid key. */
  mine: QuestFixture;
  /** Another account's quest and valid key. */
  other: QuestFixture;
  revoked: string;
  /** A key rotated without grace: expired. */
  expired: string;
  /** The owner's test key, and a test quest of the owner. */
  mineTest: string;
  testQuestId: number;
}

/** Keys that must answer 401 INVALID_API_KEY before anything about the quest is looked at. */
const INVALID_KEYS: { name: string; key: (keys: Keys) => string | undefined }[] = [
  { name: "no x-api-key header", key: () => undefined },
  { name: "an empty x-api-key", key: () => "" },
  { name: "a malformed key", key: () => "not-a-key" },
  { name: "a key without the sk_ prefix", key: (keys) => keys.mine.apiKey.slice(3) },
  { name: "a key too short to be real", key: () => "sk_abc123" },
  { name: "a well-formed key that was never issued", key: () => unissuedKey() },
  { name: "a valid key with one character changed", key: (keys) => mutate(keys.mine.apiKey) },
  { name: "a revoked key", key: (keys) => keys.revoked },
  { name: "an expired key (rotated without grace)", key: (keys) => keys.expired },
];

function mutate(key: string): string {
  const last = key.at(-1)!;
  return `${key.slice(0, -1)}${last === "a" ? "b" : "a"}`;
}

const UNKNOWN_QUEST_ID = 2_000_000_000;

describe("the owner routes of the OpenAPI document", () => {
  it("lists every route that takes x-api-key, the known ones among them", () => {
    const names = OWNER_ROUTES.map((route) => route.name);
    assert.ok(names.length > 0, "the OpenAPI document lists owner routes");
    for (const name of EXPECTED_OWNER_ROUTES) assert.ok(names.includes(name), `${name} is listed`);
  });

  it("describes each of them in ROUTE_CASES, so each gets the checks that need a request", () => {
    assert.deepEqual(
      OWNER_ROUTES.filter((route) => !route.case).map((route) => route.name),
      [],
    );
  });
});

for (const kind of DATABASES) {
  describe(`owner routes [${kind}]`, () => {
    const ctx = withContext(kind);
    let keys: Keys;

    before(async () => {
      payouts.clear();
      const mine = await questFixture(ctx());
      const other = await questFixture(ctx());
      const { key: revoked, id } = await issueKey(ctx(), mine.ownerPass);
      expectStatus(await ctx().admin("DELETE", `/admin/keys/${id}`), 204);
      const toExpire = await issueKey(ctx(), mine.ownerPass);
      const rotated = await ctx().admin("POST", `/admin/keys/${toExpire.id}/rotate`, {
        grace_seconds: 0,
      });
      expectStatus(rotated, 201);
      const { key: mineTest } = await issueKey(ctx(), mine.ownerPass, "test");
      const testQuestId = await createQuest(ctx(), mine.ownerPass, { mode: "test" });
      keys = { mine, other, revoked, expired: toExpire.key, mineTest, testQuestId };
      payouts.set(String(mine.questId), await newPayout(ctx(), mine));
      payouts.set(String(other.questId), await newPayout(ctx(), other));
      payouts.set(
        String(testQuestId),
        await newPayout(ctx(), { ...mine, apiKey: mineTest, questId: testQuestId }),
      );
    });

    for (const route of OWNER_ROUTES) {
      describe(route.name, () => {
        // Quest ids for checks that must not depend on the quest: only one where there is none.
        const anyQuestIds = route.ofQuest ? [0, UNKNOWN_QUEST_ID, "abc", "0", "-1"] : [0];
        const questIdOrMine = (questId: string | number) =>
          questId === 0 ? keys.mine.questId : questId;

        it("answers the owner's own valid key with success", async () => {
          const response = await callOk(ctx(), route, keys.mine);
          expectStatus(response, caseOf(route).okStatus);
        });

        it("a read-only key (scope read) succeeds on a GET and gets 403 FORBIDDEN on every other method", async () => {
          const readKey = await issueReadKey(ctx(), keys.mine.ownerPass);
          if (route.method === "GET") {
            expectStatus(
              await callOk(ctx(), route, keys.mine, readKey.key),
              caseOf(route).okStatus,
            );
            return;
          }
          const fresh = (await caseOf(route).fresh?.(ctx(), keys.mine)) ?? {};
          const request = { questId: keys.mine.questId, ...fresh };
          const readPoints = async () => {
            const quest = await ctx().inject({
              url: `/quests/${keys.mine.questId}`,
              headers: { "x-api-key": readKey.key },
            });
            expectStatus(quest, 200);
            return quest.json().points_remaining as number;
          };
          const pointsBefore = await readPoints();
          const before = await ownerState(ctx(), keys.mine.questId, fresh.endpointId);

          const refused = await call(ctx(), route, keys.mine, { ...request, key: readKey.key });
          const body = expectProblem(refused, 403, "FORBIDDEN");
          assert.match(body.detail, /\bread\b/, "the detail says the key is read-only");
          if (route.case?.malformed) {
            const malformed = await call(ctx(), route, keys.mine, {
              ...request,
              key: readKey.key,
              ...route.case.malformed,
            });
            expectProblem(malformed, 403, "FORBIDDEN");
          }
          if (route.ofQuest) {
            // Before any quest check: another owner's quest and an unknown one are refused alike.
            for (const questId of [keys.other.questId, UNKNOWN_QUEST_ID]) {
              const elsewhere = await call(ctx(), route, keys.mine, {
                ...request,
                questId,
                key: readKey.key,
              });
              expectProblem(elsewhere, 403, "FORBIDDEN");
            }
          }

          assert.deepEqual(
            await ownerState(ctx(), keys.mine.questId, fresh.endpointId),
            before,
            "nothing changed",
          );
          assert.equal(
            await readPoints(),
            pointsBefore,
            "the quest's points_remaining is unchanged",
          );
          // The same request with the owner's full key goes through: the scope was the refusal.
          const full = await call(ctx(), route, keys.mine, { ...request, key: keys.mine.apiKey });
          expectStatus(full, caseOf(route).okStatus);
          if (route.name === "POST /quests/{questId}") {
            assert.equal(await readPoints(), pointsBefore - 1, "the full key's allocation counts");
          }
        });

        for (const invalid of INVALID_KEYS) {
          it(`refuses ${invalid.name} with 401 INVALID_API_KEY, whatever the questId`, async () => {
            const key = invalid.key(keys);
            for (const questId of anyQuestIds.map(questIdOrMine)) {
              const response = await call(ctx(), route, keys.mine, { questId, key });
              expectProblem(response, 401, "INVALID_API_KEY");
            }
          });

          if (route.case?.malformed) {
            const malformed = route.case.malformed;
            it(`refuses ${invalid.name} with 401 before looking at a malformed query or body`, async () => {
              const response = await call(ctx(), route, keys.mine, {
                questId: keys.mine.questId,
                key: invalid.key(keys),
                ...malformed,
              });
              expectProblem(response, 401, "INVALID_API_KEY");
            });
          }
        }

        it("stops accepting a key once the operator revokes it; the account's other key keeps working", async () => {
          const fixture = await questFixture(ctx());
          const { key, id } = await issueKey(ctx(), fixture.ownerPass);
          expectStatus(await callOk(ctx(), route, fixture, key), caseOf(route).okStatus);
          expectStatus(await ctx().admin("DELETE", `/admin/keys/${id}`), 204);
          expectProblem(
            await call(ctx(), route, fixture, { questId: fixture.questId, key }),
            401,
            "INVALID_API_KEY",
          );
          expectStatus(await callOk(ctx(), route, fixture), caseOf(route).okStatus);
        });

        it("answers 400 QUESTS_DISABLED before any key or id check while quests are off", async () => {
          expectStatus(await ctx().admin("PUT", "/admin/features", { quests: false }), 200);
          try {
            for (const key of [
              undefined,
              "not-a-key",
              keys.revoked,
              keys.expired,
              keys.other.apiKey,
              keys.mine.apiKey,
            ]) {
              for (const questId of anyQuestIds.map(questIdOrMine)) {
                const response = await call(ctx(), route, keys.mine, { questId, key });
                expectProblem(response, 400, "QUESTS_DISABLED");
              }
            }
            if (route.case?.malformed) {
              const malformed = await call(ctx(), route, keys.mine, {
                questId: keys.mine.questId,
                key: keys.mine.apiKey,
                ...route.case.malformed,
              });
              expectProblem(malformed, 400, "QUESTS_DISABLED");
            }
          } finally {
            const restored = await ctx().admin("PUT", "/admin/features", { quests: true });
            expectStatus(restored, 200);
            assert.equal(restored.json().quests, true);
          }
        });

        if (route.ofQuest) {
          for (const questId of ["abc", "0", "-1", "1.5", "1e3", "0x10"]) {
            it(`refuses questId '${questId}' with a valid key with 400 BAD_REQUEST naming questId`, async () => {
              const response = await call(ctx(), route, keys.mine, {
                questId,
                key: keys.mine.apiKey,
              });
              expectProblem(response, 400, "BAD_REQUEST", "questId");
            });
          }

          for (const questId of [UNKNOWN_QUEST_ID, 99999999999, "123456789012345678901234567890"]) {
            it(`answers unknown quest ${questId} with 404 QUEST_NOT_FOUND`, async () => {
              const response = await call(ctx(), route, keys.mine, {
                questId,
                key: keys.mine.apiKey,
              });
              expectProblem(response, 404, "QUEST_NOT_FOUND");
            });
          }

          it("refuses another account's valid key with 401 NOT_QUEST_OWNER", async () => {
            const response = await call(ctx(), route, keys.mine, {
              questId: keys.mine.questId,
              key: keys.other.apiKey,
            });
            expectProblem(response, 401, "NOT_QUEST_OWNER");
          });

          it("refuses the owner's key of the other mode with 401 KEY_MODE_MISMATCH, both ways", async () => {
            const testOnLive = await call(ctx(), route, keys.mine, {
              questId: keys.mine.questId,
              key: keys.mineTest,
            });
            expectProblem(testOnLive, 401, "KEY_MODE_MISMATCH");
            const liveOnTest = await call(ctx(), route, keys.mine, {
              questId: keys.testQuestId,
              key: keys.mine.apiKey,
            });
            expectProblem(liveOnTest, 401, "KEY_MODE_MISMATCH");
          });

          it("answers the owner's test key on its test quest with success", async () => {
            const testQuest = { ...keys.mine, apiKey: keys.mineTest, questId: keys.testQuestId };
            expectStatus(await callOk(ctx(), route, testQuest), caseOf(route).okStatus);
          });

          if (route.case?.malformed) {
            const malformed = route.case.malformed;
            it("answers an unknown quest with 404 even when the query or body is malformed", async () => {
              const response = await call(ctx(), route, keys.mine, {
                questId: UNKNOWN_QUEST_ID,
                key: keys.mine.apiKey,
                ...malformed,
              });
              expectProblem(response, 404, "QUEST_NOT_FOUND");
            });

            it("refuses another owner's quest with 401 NOT_QUEST_OWNER even when the query or body is malformed", async () => {
              const response = await call(ctx(), route, keys.mine, {
                questId: keys.other.questId,
                key: keys.mine.apiKey,
                ...malformed,
              });
              expectProblem(response, 401, "NOT_QUEST_OWNER");
            });

            it("refuses the key of the other mode with 401 KEY_MODE_MISMATCH even when the query or body is malformed", async () => {
              const response = await call(ctx(), route, keys.mine, {
                questId: keys.mine.questId,
                key: keys.mineTest,
                ...malformed,
              });
              expectProblem(response, 401, "KEY_MODE_MISMATCH");
            });

            it("refuses a bad questId with 400 naming questId even when the query or body is malformed", async () => {
              const response = await call(ctx(), route, keys.mine, {
                questId: "abc",
                key: keys.mine.apiKey,
                ...malformed,
              });
              expectProblem(response, 400, "BAD_REQUEST", "questId");
            });

            // For POST this sends a body that is not JSON at all: the contract still wants `errors`.
            it("refuses a malformed query or body on the owner's own quest with 400 BAD_REQUEST and errors", async () => {
              const response = await call(ctx(), route, keys.mine, {
                questId: keys.mine.questId,
                key: keys.mine.apiKey,
                ...malformed,
              });
              const body = expectProblem(response, 400, "BAD_REQUEST");
              assert.ok(body.errors.length >= 1, "errors names the bad part of the request");
            });
          }

          if (route.case?.invalid) {
            const { invalid, invalidField } = route.case;
            it(`refuses an invalid ${invalidField} on the owner's own quest with 400 BAD_REQUEST naming it`, async () => {
              const response = await call(ctx(), route, keys.mine, {
                questId: keys.mine.questId,
                key: keys.mine.apiKey,
                ...invalid,
              });
              expectProblem(response, 400, "BAD_REQUEST", invalidField);
            });
          }
        }
      });
    }

    it("issues a read-only key with POST /admin/keys scope read: the answer, the key list and GET /me show it", async () => {
      const fixture = await questFixture(ctx());
      const issued = await ctx().admin("POST", "/admin/keys", {
        owner: fixture.ownerPass,
        scope: "read",
      });
      expectStatus(issued, 201);
      assert.equal(issued.json().scope, "read");
      assert.equal(issued.json().mode, "live");
      assert.match(issued.json().key, /^sk_[0-9A-Za-z]{32,}$/);
      const readTest = await issueReadKey(ctx(), fixture.ownerPass, "test");
      const full = await ctx().admin("POST", "/admin/keys", { owner: fixture.ownerPass });
      expectStatus(full, 201);
      assert.equal(full.json().scope, "full", "full is the default");
      expectProblem(
        await ctx().admin("POST", "/admin/keys", { owner: fixture.ownerPass, scope: "write" }),
        400,
        "BAD_REQUEST",
        "scope",
      );

      const listed = await ctx().admin("GET", `/admin/keys?owner=${fixture.ownerPass}`);
      expectStatus(listed, 200);
      const scopeOf = new Map(
        listed.json().items.map((item: { id: string; scope: string }) => [item.id, item.scope]),
      );
      assert.equal(scopeOf.get(issued.json().id), "read");
      assert.equal(scopeOf.get(readTest.id), "read");
      assert.equal(scopeOf.get(full.json().id), "full");
      assert.equal(scopeOf.get(fixture.keyId), "full");

      for (const [key, id, scope] of [
        [issued.json().key, issued.json().id, "read"],
        [readTest.key, readTest.id, "read"],
        [full.json().key, full.json().id, "full"],
      ] as const) {
        const me = await ctx().inject({ url: "/me", headers: { "x-api-key": key } });
        expectStatus(me, 200);
        assert.equal(me.json().key.id, id);
        assert.equal(me.json().key.scope, scope);
      }
    });

    it("rotates a read-only key into a read-only key", async () => {
      const fixture = await questFixture(ctx());
      const readKey = await issueReadKey(ctx(), fixture.ownerPass);
      const rotated = await ctx().admin("POST", `/admin/keys/${readKey.id}/rotate`, {
        grace_seconds: 0,
      });
      expectStatus(rotated, 201);
      const successor = rotated.json();
      assert.equal(successor.scope, "read");
      assert.notEqual(successor.id, readKey.id);

      const listed = await ctx().admin("GET", `/admin/keys?owner=${fixture.ownerPass}`);
      const item = listed
        .json()
        .items.find((entry: { id: string }) => entry.id === successor.id) as { scope: string };
      assert.equal(item.scope, "read");
      const me = await ctx().inject({ url: "/me", headers: { "x-api-key": successor.key } });
      expectStatus(me, 200);
      assert.equal(me.json().key.scope, "read");
      expectProblem(
        await allocate(
          ctx(),
          { apiKey: successor.key, questId: fixture.questId },
          {
            points: 1,
            address: fixture.playerPass,
          },
        ),
        403,
        "FORBIDDEN",
      );
      // A full key's successor stays full.
      const fullRotated = await ctx().admin("POST", `/admin/keys/${fixture.keyId}/rotate`, {});
      expectStatus(fullRotated, 201);
      assert.equal(fullRotated.json().scope, "full");
    });

    it("refuses a POST whose body fails the schema with 404 on an unknown quest and 401 on another owner's", async () => {
      const route = OWNER_ROUTES.find((r) => r.name === "POST /quests/{questId}")!;
      const body = { point: 5, address: "nope" };
      expectProblem(
        await call(ctx(), route, keys.mine, {
          questId: UNKNOWN_QUEST_ID,
          key: keys.mine.apiKey,
          body,
        }),
        404,
        "QUEST_NOT_FOUND",
      );
      expectProblem(
        await call(ctx(), route, keys.mine, {
          questId: keys.other.questId,
          key: keys.mine.apiKey,
          body,
        }),
        401,
        "NOT_QUEST_OWNER",
      );
      expectProblem(
        await call(ctx(), route, keys.mine, {
          questId: keys.mine.questId,
          key: keys.mine.apiKey,
          body,
        }),
        400,
        "BAD_REQUEST",
        "point",
      );
    });
  });
}
