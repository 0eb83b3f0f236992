/**
 * Input validation of bodies as written: integers in their text, repeated and prototype keys,
 * content types, encodings and nesting. Fields named together, U+0000, key ids and timestamps
 * are in input-validation-fields.test.ts.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { BODY_JSON_DEPTH_MAX } from "../../src/domain/limits.js";
import { expectStatus, questFixture } from "../helpers/app.js";
import { describeEachDatabase } from "../helpers/each-database.js";
import {
  type AllocationPaid,
  type AllocationRefusal,
  allocateText,
  asAdmin,
  expectBadRequest,
  namedFields,
  newOwner,
  type PatchRefusal,
  paysAllocation,
  type QuestPostRefusal,
  questText,
  refusesAllocation,
  refusesPatch,
  refusesQuestPost,
  send,
  unique,
} from "../helpers/input-validation.js";
import { pointsRemaining } from "../helpers/owner-api.js";

const POINTS_MAX = 9007199254740991;
const allocation = (pass: string) => JSON.stringify({ points: 5, address: pass });

const integers = {
  // Each of these parses (in JavaScript) to an integer, so only the text shows the fraction.
  allocations: [
    "0.99999999999999999",
    "1.0000000000000001",
    "4503599627370496.5",
    "1.0",
    "1e3",
    "1E0",
    "5.0e0",
    "-0.0",
    "1e400",
  ].map(
    (literal): AllocationRefusal => ({
      title: `refuses points written ${literal} with BAD_REQUEST naming points, paying nothing`,
      quest: { total_points: POINTS_MAX },
      body: (pass) => `{"points":${literal},"address":"${pass}"}`,
      named: ["points"],
      message: /integer/,
    }),
  ),
  paid: {
    title: "pays plain decimal integers written with whitespace around them",
    body: (pass) => `{ "points" :\n 7 , "address" : "${pass}" }`,
    points: 7,
  } satisfies AllocationPaid,
  post: {
    title: "refuses total_points written 1000.0 on POST /admin/quests, storing nothing",
    label: "Fraction quest",
    fields: () => ({ total_points: "1000.0", campaign_id: "1E0" }),
    named: ["total_points", "campaign_id"],
    message: "must be an integer written without a fraction or exponent",
  } satisfies QuestPostRefusal,
  patch: {
    title: "refuses total_points written 2e3 on PATCH /admin/quests, changing nothing",
    of: "quests",
    body: '{"total_points":2e3,"expected_points_per_completion":10.0}',
    named: ["total_points", "expected_points_per_completion"],
  } satisfies PatchRefusal,
};

const duplicates = {
  allocations: (
    [
      [
        "refuses a repeated points key with BAD_REQUEST naming points, paying nothing",
        (pass) => `{"points":1,"points":1000,"address":"${pass}"}`,
        "points",
      ],
      [
        "refuses a repeated key even with the same value",
        (pass) => `{"points":5,"address":"${pass}","points":5}`,
        "points",
      ],
      [
        "refuses a repeated key spelled with an escape (\\u0073)",
        (pass) => `{"points":1,"point\\u0073":1000,"address":"${pass}"}`,
        "points",
      ],
      [
        "refuses a repeated key inside a nested object, naming its path",
        (pass) => `{"points":1,"address":"${pass}","meta":{"a":[{"b":1,"b":2}]}}`,
        "meta.a.0.b",
      ],
    ] as [string, (pass: string) => string, string][]
  ).map(([title, body, field]): AllocationRefusal => ({ title, body, named: [field] })),
  patch: {
    title: "refuses a repeated name on PATCH /admin/campaigns, changing nothing",
    of: "campaigns",
    body: '{"name":"First","name":"Second"}',
    named: ["name"],
  } satisfies PatchRefusal,
};

const prototypeKeys = [
  ["__proto__", '{"__proto__":{"points":5},"points":5,"address":"ADDRESS"}'],
  ["constructor.prototype", '{"constructor":{"prototype":{}},"points":5,"address":"ADDRESS"}'],
].map(
  ([label, text]): AllocationRefusal => ({
    title: `refuses a ${label} key with BAD_REQUEST, paying nothing`,
    body: (pass) => text!.replace("ADDRESS", pass),
    named: [],
  }),
);

const contentTypes = {
  refused: [
    "application/json; charset=latin1",
    "application/json; charset=iso-8859-1",
    "application/json; charset=utf-16",
    "application/json; charset=utf-8; charset=latin1",
  ].map(
    (contentType): AllocationRefusal => ({
      title: `refuses ${contentType} with BAD_REQUEST naming content-type`,
      body: allocation,
      contentType,
      named: ["content-type"],
    }),
  ),
  accepted: [
    "application/json",
    "application/json; charset=utf-8",
    "application/json;charset=UTF-8",
    'application/json; charset="utf-8"',
  ].map(
    (contentType): AllocationPaid => ({
      title: `accepts ${contentType}`,
      body: allocation,
      contentType,
      points: 5,
    }),
  ),
  latin1: {
    title: "refuses a body that is not valid UTF-8 (Latin-1 bytes), storing nothing",
    label: "Caf\u00e9",
    encoding: "latin1",
    named: ["body"],
  } satisfies QuestPostRefusal,
};

describeEachDatabase(
  "input validation",
  (ctx) => {
    describe("integers as written in the body", () => {
      for (const c of integers.allocations) it(c.title, () => refusesAllocation(ctx(), c));
      it(integers.paid.title, () => paysAllocation(ctx(), integers.paid));
      it(integers.post.title, () => refusesQuestPost(ctx(), integers.post));
      it(integers.patch.title, () => refusesPatch(ctx(), integers.patch));
    });

    describe("duplicate keys", () => {
      for (const c of duplicates.allocations) it(c.title, () => refusesAllocation(ctx(), c));
      it(duplicates.patch.title, () => refusesPatch(ctx(), duplicates.patch));
    });

    describe("prototype keys", () => {
      for (const c of prototypeKeys) it(c.title, () => refusesAllocation(ctx(), c));
    });

    describe("content type and encoding", () => {
      for (const c of contentTypes.refused) it(c.title, () => refusesAllocation(ctx(), c));
      for (const c of contentTypes.accepted) it(c.title, () => paysAllocation(ctx(), c));
      it(contentTypes.latin1.title, () => refusesQuestPost(ctx(), contentTypes.latin1));

      it("stores UTF-8 text as sent", async () => {
        const owner = await newOwner(ctx());
        const name = unique("Caf\u00e9 \u{1F680}");
        const payload = Buffer.from(questText(owner, name), "utf8");
        const response = await send(ctx(), "POST", "/admin/quests", payload, asAdmin);
        expectStatus(response, 201);
        assert.equal(response.json().name, name);
      });

      it("refuses malformed, empty and too deeply nested JSON with BAD_REQUEST naming body", async () => {
        const fixture = await questFixture(ctx());
        for (const text of [
          '{"points": 5, "address": ',
          "",
          "   ",
          '{"points":01,"address":"x"}',
          "[".repeat(30_000) + "]".repeat(30_000),
          "[".repeat(60_000),
        ]) {
          expectBadRequest(await allocateText(ctx(), fixture, text), "body");
        }
        assert.equal(await pointsRemaining(ctx(), fixture), 1000);
      });

      it(`reads nesting up to ${BODY_JSON_DEPTH_MAX} levels and refuses one more naming body`, async () => {
        const fixture = await questFixture(ctx());
        const nested = (levels: number) =>
          `{"points":5,"address":"${fixture.playerPass}","meta":${"[".repeat(levels - 1)}${"]".repeat(levels - 1)}}`;
        const atLimit = await allocateText(ctx(), fixture, nested(BODY_JSON_DEPTH_MAX));
        expectBadRequest(atLimit, "meta");
        assert.deepEqual(namedFields(atLimit), ["meta"]);
        expectBadRequest(
          await allocateText(ctx(), fixture, nested(BODY_JSON_DEPTH_MAX + 1)),
          "body",
        );
        assert.equal(await pointsRemaining(ctx(), fixture), 1000);
      });
    });
  },
  { bracket: "(" },
);
