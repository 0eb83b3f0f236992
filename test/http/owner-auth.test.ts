import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { before, describe, it } from "node:test";
import type { InjectOptions } from "fastify";
import {
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

/** What the owner routes are called with: a quest id, a key, and for POST a body. */
interface Call {
  questId: string | number;
  key?: string | undefined;
  /** A JSON value, or a raw string sent as-is with content-type application/json. */
  body?: unknown;
  query?: string;
}

interface OwnerRoute {
  method: "GET" | "POST";
  /** A well-formed request body for this route (POST), given the fixture. */
  validBody(fixture: QuestFixture): unknown;
  /** A malformed query or body for this route (contract step 6). */
  malformed: Pick<Call, "body" | "query">;
  /** A well-formed request with one bad field, and that field's name. */
  invalid: Pick<Call, "body" | "query">;
  invalidField: string;
}

const OWNER_ROUTES: OwnerRoute[] = [
  {
    method: "GET",
    validBody: () => undefined,
    malformed: { query: "?limit=0" },
    invalid: { query: "?offset=-1" },
    invalidField: "offset",
  },
  {
    method: "POST",
    validBody: (fixture) => ({ points: 1, address: fixture.playerPass }),
    malformed: { body: '{"points": 1, "address": ' },
    invalid: { body: { points: 0, address: "0x0000000000000000000000000000000000000001" } },
    invalidField: "points",
  },
];

function call(ctx: TestContext, route: OwnerRoute, fixture: QuestFixture, request: Call) {
  const headers: Record<string, string> = {};
  if (request.key !== undefined) headers["x-api-key"] = request.key;
  const options: InjectOptions = {
    method: route.method,
    url: `/quests/${request.questId}${request.query ?? ""}`,
    headers,
  };
  if (route.method === "POST") {
    const body = "body" in request ? request.body : route.validBody(fixture);
    headers["content-type"] = "application/json";
    options.payload = typeof body === "string" ? body : JSON.stringify(body);
  }
  return ctx.inject(options);
}

interface Keys {
  /** The owner's quest and valid key. */
  mine: QuestFixture;
  /** Another account's quest and valid key. */
  other: QuestFixture;
  revoked: string;
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
];

function mutate(key: string): string {
  const last = key.at(-1)!;
  return `${key.slice(0, -1)}${last === "a" ? "b" : "a"}`;
}

const UNKNOWN_QUEST_ID = 2_000_000_000;

for (const kind of DATABASES) {
  describe(`owner routes /quests/{questId} [${kind}]`, () => {
    const ctx = withContext(kind);
    let keys: Keys;

    before(async () => {
      const mine = await questFixture(ctx());
      const other = await questFixture(ctx());
      const { key: revoked, id } = await issueKey(ctx(), mine.ownerPass);
      expectStatus(await ctx().admin("DELETE", `/admin/keys/${id}`), 204);
      keys = { mine, other, revoked };
    });

    for (const route of OWNER_ROUTES) {
      describe(`${route.method} /quests/{questId}`, () => {
        it("answers the owner's own valid key with 200", async () => {
          const response = await call(ctx(), route, keys.mine, {
            questId: keys.mine.questId,
            key: keys.mine.apiKey,
          });
          expectStatus(response, 200);
        });

        for (const invalid of INVALID_KEYS) {
          it(`refuses ${invalid.name} with 401 INVALID_API_KEY, whatever the questId`, async () => {
            const key = invalid.key(keys);
            for (const questId of [keys.mine.questId, UNKNOWN_QUEST_ID, "abc", "0", "-1"]) {
              const response = await call(ctx(), route, keys.mine, { questId, key });
              expectProblem(response, 401, "INVALID_API_KEY");
            }
          });

          it(`refuses ${invalid.name} with 401 before looking at a malformed query or body`, async () => {
            const response = await call(ctx(), route, keys.mine, {
              questId: keys.mine.questId,
              key: invalid.key(keys),
              ...route.malformed,
            });
            expectProblem(response, 401, "INVALID_API_KEY");
          });
        }

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

        it("answers an unknown quest with 404 even when the query or body is malformed", async () => {
          const response = await call(ctx(), route, keys.mine, {
            questId: UNKNOWN_QUEST_ID,
            key: keys.mine.apiKey,
            ...route.malformed,
          });
          expectProblem(response, 404, "QUEST_NOT_FOUND");
        });

        it("refuses another owner's quest with 401 NOT_QUEST_OWNER even when the query or body is malformed", async () => {
          const response = await call(ctx(), route, keys.mine, {
            questId: keys.other.questId,
            key: keys.mine.apiKey,
            ...route.malformed,
          });
          expectProblem(response, 401, "NOT_QUEST_OWNER");
        });

        it("refuses a bad questId with 400 naming questId even when the query or body is malformed", async () => {
          const response = await call(ctx(), route, keys.mine, {
            questId: "abc",
            key: keys.mine.apiKey,
            ...route.malformed,
          });
          expectProblem(response, 400, "BAD_REQUEST", "questId");
        });

        it(`refuses an invalid ${route.invalidField} on the owner's own quest with 400 BAD_REQUEST naming it`, async () => {
          const response = await call(ctx(), route, keys.mine, {
            questId: keys.mine.questId,
            key: keys.mine.apiKey,
            ...route.invalid,
          });
          expectProblem(response, 400, "BAD_REQUEST", route.invalidField);
        });

        // For POST this sends a body that is not JSON at all: the contract still wants `errors`.
        it("refuses a malformed query or body on the owner's own quest with 400 BAD_REQUEST and errors", async () => {
          const response = await call(ctx(), route, keys.mine, {
            questId: keys.mine.questId,
            key: keys.mine.apiKey,
            ...route.malformed,
          });
          const body = expectProblem(response, 400, "BAD_REQUEST");
          assert.ok(body.errors.length >= 1, "errors names the bad part of the request");
        });
      });
    }

    it("refuses a POST whose body fails the schema with 404 on an unknown quest and 401 on another owner's", async () => {
      const route = OWNER_ROUTES[1]!;
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

    it("stops accepting a key on both owner routes once the operator revokes it", async () => {
      const fixture = await questFixture(ctx());
      const { key, id } = await issueKey(ctx(), fixture.ownerPass);
      for (const route of OWNER_ROUTES) {
        expectStatus(await call(ctx(), route, fixture, { questId: fixture.questId, key }), 200);
      }
      expectStatus(await ctx().admin("DELETE", `/admin/keys/${id}`), 204);
      for (const route of OWNER_ROUTES) {
        expectProblem(
          await call(ctx(), route, fixture, { questId: fixture.questId, key }),
          401,
          "INVALID_API_KEY",
        );
      }
      // The account's other key keeps working.
      expectStatus(
        await call(ctx(), OWNER_ROUTES[0]!, fixture, {
          questId: fixture.questId,
          key: fixture.apiKey,
        }),
        200,
      );
    });

    it("answers 400 QUESTS_DISABLED on both owner routes before any key or id check while quests are off", async () => {
      expectStatus(await ctx().admin("PUT", "/admin/features", { quests: false }), 200);
      try {
        for (const route of OWNER_ROUTES) {
          for (const key of [
            undefined,
            "not-a-key",
            keys.revoked,
            keys.other.apiKey,
            keys.mine.apiKey,
          ]) {
            for (const questId of [keys.mine.questId, UNKNOWN_QUEST_ID, "abc"]) {
              const response = await call(ctx(), route, keys.mine, { questId, key });
              expectProblem(response, 400, "QUESTS_DISABLED");
            }
          }
          const malformed = await call(ctx(), route, keys.mine, {
            questId: keys.mine.questId,
            key: keys.mine.apiKey,
            ...route.malformed,
          });
          expectProblem(malformed, 400, "QUESTS_DISABLED");
        }
      } finally {
        const restored = await ctx().admin("PUT", "/admin/features", { quests: true });
        expectStatus(restored, 200);
        assert.equal(restored.json().quests, true);
      }
    });
  });
}
