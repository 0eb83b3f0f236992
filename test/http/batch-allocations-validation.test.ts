/**
 * `POST /quests/{questId}/allocations`: the bodies it refuses before deciding any item, and the
 * order of its checks (switch, key, quest, owner, mode) before the body is read.
 */
import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import type { LightMyRequestResponse } from "fastify";
import {
  createQuest,
  expectProblem,
  expectStatus,
  issueKey,
  type QuestFixture,
  questFixture,
  type TestContext,
} from "../helpers/app.js";
import {
  assertPaid,
  assertRefused,
  batch,
  type Item,
  itemsTo,
  newKey,
  sendBatch,
  withKey,
} from "../helpers/batch-allocations.js";
import { books, expectBooks } from "../helpers/books.js";
import { describeEachDatabase } from "../helpers/each-database.js";
import { questDetail } from "../helpers/owner-api.js";

/** A pass address with an invalid EIP-55 checksum (the contract's vector with one case flipped). */
const BAD_CHECKSUM = "0xfFFFFFff00000000000000000000000000000001";

/** A body refused with 400 naming each of `fields`; `key` is a fresh key the case may use. */
interface Refusal {
  title: string;
  body: (good: () => Item, key: string) => unknown;
  fields: string[];
  /** The request's headers. */
  headers?: (key: string) => Record<string, string>;
}

const refusals: Refusal[] = [
  ...(
    [
      ["zero", 0],
      ["a fraction", 1.5],
      ["a string", "5"],
      ["negative", -1],
      ["above 9007199254740991", 9007199254740992],
      ["null", null],
    ] as const
  ).map(([label, points]) => ({
    title: `refuses an item whose points is ${label}, naming allocations/N/points; earlier good items are not paid`,
    body: (good: () => Item) => ({ allocations: [good(), good(), { ...good(), points }] }),
    fields: ["allocations/2/points"],
  })),
  ...(
    [
      ["too short", "0x1234"],
      ["with a wrong EIP-55 checksum", BAD_CHECKSUM],
      ["a number", 12345],
    ] as const
  ).map(([label, address]) => ({
    title: `refuses an item whose address is ${label}, naming allocations/N/address`,
    body: (good: () => Item) => ({ allocations: [{ ...good(), address }] }),
    fields: ["allocations/0/address"],
  })),
  {
    title: "refuses items missing points or address, naming each",
    body: (good) => ({ allocations: [good(), { address: good().address }, { points: 5 }] }),
    fields: ["allocations/1/points", "allocations/2/address"],
  },
  {
    title: "refuses an unknown item field such as `point`, naming it",
    body: (good) => ({ allocations: [good(), { ...good(), point: 5 }] }),
    fields: ["allocations/1/point"],
  },
  {
    title: "refuses an unknown top-level field such as `atomc`",
    body: (good) => ({ allocations: [good()], atomc: true }),
    fields: ["atomc"],
  },
  {
    title: "refuses a non-boolean atomic, naming it",
    body: (good) => ({ allocations: [good()], atomic: "yes" }),
    fields: ["atomic"],
  },
  {
    title: "refuses an empty allocations array, naming allocations",
    body: () => ({ allocations: [] }),
    fields: ["allocations"],
  },
  {
    title: "refuses a missing allocations, naming it",
    body: () => ({ atomic: true }),
    fields: ["allocations"],
  },
  {
    title: "refuses 1001 items, naming allocations",
    body: (good) => ({ allocations: Array.from({ length: 1001 }, () => good()) }),
    fields: ["allocations"],
  },
  ...(
    [
      ["256 characters", "k".repeat(256)],
      ["an empty value", ""],
      ["a control character", "order\u00011"],
      ["a non-ASCII character", "ordré-1"],
    ] as const
  ).map(([label, idempotency_key]) => ({
    title: `refuses an item idempotency_key with ${label}, naming allocations/N/idempotency_key`,
    body: (good: () => Item) => ({ allocations: [good(), { ...good(), idempotency_key }] }),
    fields: ["allocations/1/idempotency_key"],
  })),
  {
    title: "refuses two items with the same idempotency_key, naming the later one",
    body: (good, key) => ({
      allocations: [key, newKey(), key].map((idempotency_key) => ({ ...good(), idempotency_key })),
    }),
    fields: ["allocations/2/idempotency_key"],
  },
  {
    title:
      "refuses an item idempotency_key equal to the request's Idempotency-Key, naming the item",
    body: (good, key) => ({ allocations: [good(), { ...good(), idempotency_key: key }] }),
    headers: withKey,
    fields: ["allocations/1/idempotency_key"],
  },
];

/** Requests refused before the body is read; each leaves the quest unpaid. */
interface EarlyRefusal {
  title: string;
  status: number;
  code: string;
  /** The refused requests, for the fixture's quest and a good body of it. */
  send: (ctx: TestContext, f: QuestFixture, body: object) => Promise<LightMyRequestResponse[]>;
}

const earlyRefusals: EarlyRefusal[] = [
  {
    title:
      "answers 401 INVALID_API_KEY without a key, with an unknown key and with a revoked key, even for a bad body",
    status: 401,
    code: "INVALID_API_KEY",
    send: async (ctx, f, body) => {
      const url = `/quests/${f.questId}/allocations`;
      const noKey = await ctx.inject({ method: "POST", url, payload: body });
      const unknown = await batch(
        ctx,
        { ...f, apiKey: `sk_${"a".repeat(40)}` },
        { allocations: [] },
      );
      expectStatus(await ctx.admin("DELETE", `/admin/keys/${f.keyId}`), 204);
      return [noKey, unknown, await batch(ctx, f, body)];
    },
  },
  {
    title: "answers 400 BAD_REQUEST for a questId that is not a positive integer",
    status: 400,
    code: "BAD_REQUEST",
    send: (ctx, f, body) =>
      Promise.all(
        ["abc", "0", "-1", "1.5"].map((questId) =>
          ctx.inject({
            method: "POST",
            url: `/quests/${questId}/allocations`,
            headers: { "x-api-key": f.apiKey },
            payload: body,
          }),
        ),
      ),
  },
  {
    title: "answers 404 QUEST_NOT_FOUND for an unknown quest, before the body is read",
    status: 404,
    code: "QUEST_NOT_FOUND",
    send: async (ctx, f) => [
      await batch(ctx, { ...f, questId: 2_000_000_000 }, { allocations: [] }),
    ],
  },
  {
    title: "answers 401 NOT_QUEST_OWNER for another account's key, before the body is read",
    status: 401,
    code: "NOT_QUEST_OWNER",
    send: async (ctx, f, body) => {
      const stranger = { ...f, apiKey: (await questFixture(ctx)).apiKey };
      return [await batch(ctx, stranger, body), await batch(ctx, stranger, { allocations: [] })];
    },
  },
  {
    title:
      "answers 401 KEY_MODE_MISMATCH for the owner's key of the other mode, before the body is read",
    status: 401,
    code: "KEY_MODE_MISMATCH",
    send: async (ctx, f, body) => {
      const testKey = { ...f, apiKey: (await issueKey(ctx, f.ownerPass, "test")).key };
      const testQuestId = await createQuest(ctx, f.ownerPass, { mode: "test" });
      const testOnLive = await batch(ctx, testKey, body);
      const detail = new RegExp(`test key; quest ${f.questId} is live`);
      assert.match(expectProblem(testOnLive, 401, "KEY_MODE_MISMATCH").detail, detail);
      return [
        testOnLive,
        await batch(ctx, testKey, { allocations: [] }),
        await batch(ctx, { apiKey: f.apiKey, questId: testQuestId }, body),
      ];
    },
  },
];

describeEachDatabase("POST /quests/{questId}/allocations", (ctx) => {
  describe("body validation", () => {
    let shared: QuestFixture;
    before(async () => {
      shared = await questFixture(ctx());
    });
    const good = (): Item => ({ points: 5, address: shared.playerPass });

    for (const { title, body, fields, headers } of refusals) {
      it(title, async () => {
        const key = newKey();
        const response = await batch(ctx(), shared, body(good, key), headers?.(key));
        for (const field of fields) expectProblem(response, 400, "BAD_REQUEST", field);
        await expectBooks(ctx().db, shared.questId, { remaining: 1000, payouts: 0, paid: 0 });
      });
    }

    it("refuses a body above 1 MiB with 413 PAYLOAD_TOO_LARGE", async () => {
      const response = await batch(ctx(), shared, {
        allocations: [{ points: 5, address: "x".repeat(1100 * 1024) }],
      });
      expectProblem(response, 413, "PAYLOAD_TOO_LARGE");
    });

    it("refuses malformed JSON with 400 BAD_REQUEST", async () => {
      const response = await ctx().inject({
        method: "POST",
        url: `/quests/${shared.questId}/allocations`,
        headers: { "x-api-key": shared.apiKey, "content-type": "application/json" },
        payload: '{"allocations": [',
      });
      expectProblem(response, 400, "BAD_REQUEST");
    });
  });

  describe("order of checks (steps 1-6)", () => {
    it("answers 400 QUESTS_DISABLED while quests are switched off, before the key is looked at", async () => {
      const fixture = await questFixture(ctx());
      const body = { allocations: itemsTo(fixture.playerPass, 5) };
      expectStatus(await ctx().admin("PUT", "/admin/features", { quests: false }), 200);
      try {
        expectProblem(await batch(ctx(), fixture, body), 400, "QUESTS_DISABLED");
        expectProblem(
          await batch(ctx(), { ...fixture, apiKey: "sk_nope" }, body),
          400,
          "QUESTS_DISABLED",
        );
      } finally {
        expectStatus(await ctx().admin("PUT", "/admin/features", { quests: true }), 200);
      }
      assert.equal((await books(ctx().db, fixture.questId)).payouts, 0);
      assertPaid((await sendBatch(ctx(), fixture, body)).results[0], 5, fixture.playerPass);
    });

    for (const { title, status, code, send } of earlyRefusals) {
      it(title, async () => {
        const fixture = await questFixture(ctx());
        const body = { allocations: itemsTo(fixture.playerPass, 5) };
        for (const response of await send(ctx(), fixture, body)) {
          expectProblem(response, status, code);
        }
        assert.equal((await books(ctx().db, fixture.questId)).payouts, 0);
      });
    }

    it("pays a batch on a test quest with a test key, under the same rules", async () => {
      const fixture = await questFixture(ctx());
      const testKey = await issueKey(ctx(), fixture.ownerPass, "test");
      const testQuest = {
        apiKey: testKey.key,
        questId: await createQuest(ctx(), fixture.ownerPass, { mode: "test", total_points: 100 }),
      };
      const answer = await sendBatch(ctx(), testQuest, {
        allocations: itemsTo(fixture.playerPass, 70, 40),
      });
      assertPaid(answer.results[0], 70, fixture.playerPass);
      assertRefused(answer.results[1], 400, "INSUFFICIENT_POINTS");
      assert.equal((await questDetail(ctx(), testQuest)).points_remaining, 30);
    });
  });
});
