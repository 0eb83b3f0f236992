import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { describe, it } from "node:test";
import type { LightMyRequestResponse } from "fastify";
import { BODY_JSON_DEPTH_MAX } from "../../src/domain/limits.js";
import {
  ADMIN_TOKEN,
  allocate,
  createAccount,
  createQuest,
  DATABASES,
  expectProblem,
  expectStatus,
  issueKey,
  type QuestFixture,
  questFixture,
  randomPass,
  type TestContext,
  withContext,
} from "../helpers/app.js";

const POINTS_MAX = 9007199254740991;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A mixed-case address whose EIP-55 checksum is wrong (the right one is 0xFfFFFFff…01). */
const BAD_CHECKSUM = "0xfFFFFFff00000000000000000000000000000001";
const NUL = "\u0000";

const iso = (ms: number) => new Date(ms).toISOString();
const unique = (label: string) => `${label} ${randomBytes(6).toString("hex")}`;

/** The fields named in a BAD_REQUEST answer's `errors`. */
function namedFields(response: LightMyRequestResponse): string[] {
  return (response.json().errors as { field: string }[]).map((error) => error.field);
}

/** Asserts 400 BAD_REQUEST naming every one of `fields` (and returns the problem body). */
function expectBadRequest(response: LightMyRequestResponse, ...fields: string[]) {
  const body = expectProblem(response, 400, "BAD_REQUEST");
  const named = namedFields(response);
  for (const field of fields) {
    assert.ok(named.includes(field), `errors ${JSON.stringify(body.errors)} do not name ${field}`);
  }
  return body;
}

/** Sends `payload` exactly as written: JSON text a JS object cannot express. */
function send(
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

const asAdmin = { authorization: `Bearer ${ADMIN_TOKEN}` };

function allocateText(
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

async function pointsRemaining(ctx: TestContext, fixture: QuestFixture): Promise<number> {
  const response = await ctx.inject({
    method: "GET",
    url: `/quests/${fixture.questId}`,
    headers: { "x-api-key": fixture.apiKey },
  });
  expectStatus(response, 200);
  return response.json().points_remaining;
}

async function count(ctx: TestContext, sql: string, params: unknown[]): Promise<number> {
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

function questText(owner: string, name: string, fields: Record<string, string> = {}): string {
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

function campaignBody(name: string, overrides: Record<string, unknown> = {}) {
  const now = Date.now();
  return {
    name,
    description: "A campaign",
    start: iso(now - DAY_MS),
    end: iso(now + DAY_MS),
    ...overrides,
  };
}

async function createCampaign(ctx: TestContext, name = unique("Campaign")): Promise<number> {
  const response = await ctx.admin("POST", "/admin/campaigns", campaignBody(name));
  expectStatus(response, 201);
  return response.json().id;
}

for (const kind of DATABASES) {
  describe(`input validation (${kind})`, () => {
    const ctx = withContext(kind);

    describe("integers as written in the body", () => {
      // Each of these parses (in JavaScript) to an integer, so only the text shows the fraction.
      const literals = [
        "0.99999999999999999",
        "1.0000000000000001",
        "4503599627370496.5",
        "1.0",
        "1e3",
        "1E0",
        "5.0e0",
        "-0.0",
        "1e400",
      ];
      for (const literal of literals) {
        it(`refuses points written ${literal} with BAD_REQUEST naming points, paying nothing`, async () => {
          const fixture = await questFixture(ctx(), { total_points: POINTS_MAX });
          const response = await allocateText(
            ctx(),
            fixture,
            `{"points":${literal},"address":"${fixture.playerPass}"}`,
          );
          const body = expectBadRequest(response, "points");
          const error = body.errors.find((e: { field: string }) => e.field === "points");
          assert.match(error.message, /integer/);
          assert.equal(await pointsRemaining(ctx(), fixture), POINTS_MAX);
        });
      }

      it("pays plain decimal integers written with whitespace around them", async () => {
        const fixture = await questFixture(ctx());
        const response = await allocateText(
          ctx(),
          fixture,
          `{ "points" :\n 7 , "address" : "${fixture.playerPass}" }`,
        );
        expectStatus(response, 200);
        assert.equal(response.json().payout.amount, 7);
        assert.equal(await pointsRemaining(ctx(), fixture), 993);
      });

      it("refuses total_points written 1000.0 on POST /admin/quests, storing nothing", async () => {
        const owner = randomPass();
        await createAccount(ctx(), owner);
        const name = unique("Fraction quest");
        const response = await send(
          ctx(),
          "POST",
          "/admin/quests",
          questText(owner, name, { total_points: "1000.0", campaign_id: "1E0" }),
          asAdmin,
        );
        const body = expectBadRequest(response, "total_points", "campaign_id");
        const error = body.errors.find((e: { field: string }) => e.field === "total_points");
        assert.equal(error.message, "must be an integer written without a fraction or exponent");
        assert.equal(await count(ctx(), "quests WHERE name = $1", [name]), 0);
      });

      it("refuses total_points written 2e3 on PATCH /admin/quests, changing nothing", async () => {
        const fixture = await questFixture(ctx());
        const before = await questRow(ctx(), fixture.questId);
        const response = await send(
          ctx(),
          "PATCH",
          `/admin/quests/${fixture.questId}`,
          '{"total_points":2e3,"expected_points_per_completion":10.0}',
          asAdmin,
        );
        expectBadRequest(response, "total_points", "expected_points_per_completion");
        assert.deepEqual(await questRow(ctx(), fixture.questId), before);
      });
    });

    describe("duplicate keys", () => {
      const repeated: [title: string, body: (pass: string) => string, field: string][] = [
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
      ];
      for (const [title, body, field] of repeated) {
        it(title, async () => {
          const fixture = await questFixture(ctx());
          const response = await allocateText(ctx(), fixture, body(fixture.playerPass));
          expectBadRequest(response, field);
          assert.equal(await pointsRemaining(ctx(), fixture), 1000);
        });
      }

      it("refuses a repeated name on PATCH /admin/campaigns, changing nothing", async () => {
        const id = await createCampaign(ctx());
        const before = await campaignRow(ctx(), id);
        const response = await send(
          ctx(),
          "PATCH",
          `/admin/campaigns/${id}`,
          '{"name":"First","name":"Second"}',
          asAdmin,
        );
        expectBadRequest(response, "name");
        assert.deepEqual(await campaignRow(ctx(), id), before);
      });
    });

    describe("prototype keys", () => {
      for (const [label, text] of [
        ["__proto__", '{"__proto__":{"points":5},"points":5,"address":"ADDRESS"}'],
        [
          "constructor.prototype",
          '{"constructor":{"prototype":{}},"points":5,"address":"ADDRESS"}',
        ],
      ] as const) {
        it(`refuses a ${label} key with BAD_REQUEST, paying nothing`, async () => {
          const fixture = await questFixture(ctx());
          const response = await allocateText(
            ctx(),
            fixture,
            text.replace("ADDRESS", fixture.playerPass),
          );
          expectProblem(response, 400, "BAD_REQUEST");
          assert.equal(await pointsRemaining(ctx(), fixture), 1000);
          assert.equal(({} as Record<string, unknown>).points, undefined);
        });
      }
    });

    describe("content type and encoding", () => {
      for (const contentType of [
        "application/json; charset=latin1",
        "application/json; charset=iso-8859-1",
        "application/json; charset=utf-16",
        "application/json; charset=utf-8; charset=latin1",
      ]) {
        it(`refuses ${contentType} with BAD_REQUEST naming content-type`, async () => {
          const fixture = await questFixture(ctx());
          const response = await allocateText(
            ctx(),
            fixture,
            JSON.stringify({ points: 5, address: fixture.playerPass }),
            contentType,
          );
          expectBadRequest(response, "content-type");
          assert.equal(await pointsRemaining(ctx(), fixture), 1000);
        });
      }

      for (const contentType of [
        "application/json",
        "application/json; charset=utf-8",
        "application/json;charset=UTF-8",
        'application/json; charset="utf-8"',
      ]) {
        it(`accepts ${contentType}`, async () => {
          const fixture = await questFixture(ctx());
          const response = await allocateText(
            ctx(),
            fixture,
            JSON.stringify({ points: 5, address: fixture.playerPass }),
            contentType,
          );
          expectStatus(response, 200);
          assert.equal(await pointsRemaining(ctx(), fixture), 995);
        });
      }

      it("refuses a body that is not valid UTF-8 (Latin-1 bytes), storing nothing", async () => {
        const owner = randomPass();
        await createAccount(ctx(), owner);
        const name = unique("Caf\u00e9");
        const response = await send(
          ctx(),
          "POST",
          "/admin/quests",
          Buffer.from(questText(owner, name), "latin1"),
          asAdmin,
        );
        expectBadRequest(response, "body");
        assert.equal(
          await count(ctx(), "quests WHERE owner_id = (SELECT id FROM accounts WHERE pass = $1)", [
            owner,
          ]),
          0,
        );
      });

      it("stores UTF-8 text as sent", async () => {
        const owner = randomPass();
        await createAccount(ctx(), owner);
        const name = unique("Caf\u00e9 \u{1F680}");
        const response = await send(
          ctx(),
          "POST",
          "/admin/quests",
          Buffer.from(questText(owner, name), "utf8"),
          asAdmin,
        );
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

    describe("every bad field named at once", () => {
      it("names points and address when the address's EIP-55 checksum is wrong", async () => {
        const fixture = await questFixture(ctx());
        const response = await allocate(ctx(), fixture, { points: 0, address: BAD_CHECKSUM });
        expectBadRequest(response, "points", "address");
        assert.equal(await pointsRemaining(ctx(), fixture), 1000);
      });

      it("names an address with a wrong checksum alone when points is fine", async () => {
        const fixture = await questFixture(ctx());
        const response = await allocate(ctx(), fixture, { points: 5, address: BAD_CHECKSUM });
        expectBadRequest(response, "address");
        assert.deepEqual(namedFields(response), ["address"]);
        assert.equal(await pointsRemaining(ctx(), fixture), 1000);
      });

      it("pays lower- and upper-case addresses in their checksum form", async () => {
        const fixture = await questFixture(ctx());
        const lower = fixture.playerPass.toLowerCase();
        const upper = `0x${fixture.playerPass.slice(2).toUpperCase()}`;
        for (const address of [lower, upper]) {
          const response = await allocate(ctx(), fixture, { points: 5, address });
          expectStatus(response, 200);
          assert.equal(response.json().payout.account.pass, fixture.playerPass);
        }
        assert.equal(await pointsRemaining(ctx(), fixture), 990);
      });

      it("names every bad field of POST /admin/quests together, storing nothing", async () => {
        const marker = unique("Many");
        const response = await send(
          ctx(),
          "POST",
          "/admin/quests",
          questText(BAD_CHECKSUM, `${marker}${NUL}`, {
            total_points: "1.5",
            start: '"0050-01-01T00:00:00Z"',
          }),
          asAdmin,
        );
        expectBadRequest(response, "name", "owner", "total_points", "start");
        assert.equal(await count(ctx(), "quests WHERE name LIKE $1", [`${marker}%`]), 0);
      });

      it("names owner and limit of GET /quests together", async () => {
        const response = await ctx().inject({
          method: "GET",
          url: `/quests?owner=${BAD_CHECKSUM}&limit=0`,
        });
        expectBadRequest(response, "owner", "limit");
      });

      it("refuses an owner with a wrong checksum on GET /quests naming owner", async () => {
        const response = await ctx().inject({
          method: "GET",
          url: `/quests?owner=${BAD_CHECKSUM}`,
        });
        expectBadRequest(response, "owner");
      });

      it("lists by an owner written in lower or upper case", async () => {
        const fixture = await questFixture(ctx());
        for (const owner of [
          fixture.ownerPass.toLowerCase(),
          `0x${fixture.ownerPass.slice(2).toUpperCase()}`,
        ]) {
          const response = await ctx().inject({ method: "GET", url: `/quests?owner=${owner}` });
          expectStatus(response, 200);
          assert.deepEqual(
            response.json().map((quest: { id: number }) => quest.id),
            [fixture.questId],
          );
        }
      });
    });

    describe("U+0000 in text", () => {
      for (const field of ["name", "description"]) {
        it(`refuses ${field} with U+0000 on POST /admin/quests naming it, storing nothing`, async () => {
          const owner = randomPass();
          await createAccount(ctx(), owner);
          const marker = unique("nul");
          const text = questText(owner, marker, { [field]: JSON.stringify(`${marker}${NUL}x`) });
          const response = await send(ctx(), "POST", "/admin/quests", text, asAdmin);
          expectBadRequest(response, field);
          assert.equal(
            await count(ctx(), "quests WHERE name LIKE $1 OR description LIKE $1", [`${marker}%`]),
            0,
          );
        });

        it(`refuses ${field} with U+0000 on PATCH /admin/quests naming it, changing nothing`, async () => {
          const fixture = await questFixture(ctx());
          const before = await questRow(ctx(), fixture.questId);
          const response = await ctx().admin("PATCH", `/admin/quests/${fixture.questId}`, {
            [field]: `a${NUL}b`,
          });
          expectBadRequest(response, field);
          assert.deepEqual(await questRow(ctx(), fixture.questId), before);
        });
      }

      it("refuses action_type with U+0000 on POST /admin/quests naming it", async () => {
        const owner = randomPass();
        await createAccount(ctx(), owner);
        const name = unique("Typed");
        const response = await send(
          ctx(),
          "POST",
          "/admin/quests",
          questText(owner, name, { action_type: JSON.stringify(`quiz${NUL}`) }),
          asAdmin,
        );
        expectBadRequest(response, "action_type");
        assert.equal(await count(ctx(), "quests WHERE name = $1", [name]), 0);
      });

      it("refuses an action type name with U+0000 in the path of PUT /admin/action-types", async () => {
        const response = await ctx().admin("PUT", "/admin/action-types/quiz%00", { active: true });
        expectBadRequest(response, "name");
        assert.equal(await count(ctx(), "action_types WHERE name LIKE 'quiz%'", []), 0);
      });

      for (const field of ["name", "description", "external_app_id"]) {
        it(`refuses ${field} with U+0000 on POST /admin/campaigns naming it, storing nothing`, async () => {
          const marker = unique("nul");
          const response = await ctx().admin(
            "POST",
            "/admin/campaigns",
            campaignBody(marker, { [field]: `${marker}${NUL}` }),
          );
          expectBadRequest(response, field);
          assert.equal(
            await count(ctx(), "campaigns WHERE name LIKE $1 OR description LIKE $1", [
              `${marker}%`,
            ]),
            0,
          );
        });

        it(`refuses ${field} with U+0000 on PATCH /admin/campaigns naming it, changing nothing`, async () => {
          const id = await createCampaign(ctx());
          const before = await campaignRow(ctx(), id);
          const response = await ctx().admin("PATCH", `/admin/campaigns/${id}`, {
            [field]: `x${NUL}`,
          });
          expectBadRequest(response, field);
          assert.deepEqual(await campaignRow(ctx(), id), before);
        });
      }

      it("refuses a pass with U+0000 on POST /admin/accounts naming pass", async () => {
        const pass = randomPass();
        const response = await ctx().admin("POST", "/admin/accounts", { pass: `${pass}${NUL}` });
        expectBadRequest(response, "pass");
        assert.equal(await count(ctx(), "accounts WHERE pass = $1", [pass]), 0);
      });

      it("keeps other control characters and non-ASCII text", async () => {
        const id = await createCampaign(ctx());
        const response = await ctx().admin("PATCH", `/admin/campaigns/${id}`, {
          description: "line 1\nline 2\t\u00e9\u{1F680}",
          external_app_id: "app\u0001",
        });
        expectStatus(response, 200);
        assert.equal(response.json().description, "line 1\nline 2\t\u00e9\u{1F680}");
      });
    });

    describe("key ids", () => {
      for (const id of [
        "urn:uuid:5b0f6c1e-9a4d-4c3e-8f2a-1d2e3f4a5b6c",
        "{5b0f6c1e-9a4d-4c3e-8f2a-1d2e3f4a5b6c}",
        "5b0f6c1e9a4d4c3e8f2a1d2e3f4a5b6c",
      ]) {
        it(`refuses DELETE /admin/keys/${id} with BAD_REQUEST naming id`, async () => {
          const response = await ctx().admin("DELETE", `/admin/keys/${encodeURIComponent(id)}`);
          expectBadRequest(response, "id");
        });
      }

      it("refuses the urn:uuid: form of a real key's id and leaves the key working", async () => {
        const fixture = await questFixture(ctx());
        const response = await ctx().admin("DELETE", `/admin/keys/urn:uuid:${fixture.keyId}`);
        expectBadRequest(response, "id");
        assert.equal(await pointsRemaining(ctx(), fixture), 1000);
      });

      it("revokes a key named by its id in upper case", async () => {
        const owner = randomPass();
        await createAccount(ctx(), owner);
        const { id } = await issueKey(ctx(), owner);
        const response = await ctx().admin("DELETE", `/admin/keys/${id.toUpperCase()}`);
        expectStatus(response, 204);
      });
    });

    describe("timestamps", () => {
      const refused: [string, string][] = [
        ["year 0050", "0050-01-01T00:00:00Z"],
        ["year 0099", "0099-12-31T23:59:59.999Z"],
        ["before 1970", "1969-12-31T23:59:59.999Z"],
        ["1970 written with an offset that makes it 1969", "1970-01-01T00:30:00+01:00"],
        ["an offset that makes it year 10000", "9999-12-31T23:59:59-01:00"],
        ["a leap second", "2026-06-30T23:59:60Z"],
        ["an offset without minutes (+01)", "2026-01-01T00:00:00+01"],
      ];
      for (const [label, value] of refused) {
        it(`refuses start as ${label} on POST /admin/campaigns naming start and the range`, async () => {
          const name = unique("Dated");
          const response = await ctx().admin(
            "POST",
            "/admin/campaigns",
            campaignBody(name, { start: value }),
          );
          const body = expectBadRequest(response, "start");
          const error = body.errors.find((e: { field: string }) => e.field === "start");
          assert.match(error.message, /1970/);
          assert.match(error.message, /9999/);
          assert.equal(await count(ctx(), "campaigns WHERE name = $1", [name]), 0);
        });
      }

      it("names both start and end when both are out of range on POST /admin/quests", async () => {
        const owner = randomPass();
        await createAccount(ctx(), owner);
        const name = unique("Dated quest");
        const response = await send(
          ctx(),
          "POST",
          "/admin/quests",
          questText(owner, name, {
            start: '"0050-01-01T00:00:00Z"',
            end: '"2026-06-30T23:59:60Z"',
          }),
          asAdmin,
        );
        expectBadRequest(response, "start", "end");
        assert.equal(await count(ctx(), "quests WHERE name = $1", [name]), 0);
      });

      it("refuses end in year 0099 on PATCH /admin/quests, changing nothing", async () => {
        const fixture = await questFixture(ctx());
        const before = await questRow(ctx(), fixture.questId);
        const response = await ctx().admin("PATCH", `/admin/quests/${fixture.questId}`, {
          start: "0050-01-01T00:00:00Z",
          end: "0099-01-01T00:00:00Z",
        });
        expectBadRequest(response, "start", "end");
        assert.deepEqual(await questRow(ctx(), fixture.questId), before);
      });

      it("refuses end as a leap second on PATCH /admin/campaigns naming end", async () => {
        const id = await createCampaign(ctx());
        const before = await campaignRow(ctx(), id);
        const response = await ctx().admin("PATCH", `/admin/campaigns/${id}`, {
          end: "2030-12-31T23:59:60Z",
        });
        expectBadRequest(response, "end");
        assert.deepEqual(await campaignRow(ctx(), id), before);
      });

      it("accepts the first instant of 1970 and the last of 9999, and writes them back", async () => {
        const response = await ctx().admin(
          "POST",
          "/admin/campaigns",
          campaignBody(unique("Wide"), {
            start: "1970-01-01T00:00:00Z",
            end: "9999-12-31T23:59:59.999Z",
          }),
        );
        expectStatus(response, 201);
        assert.equal(response.json().start, "1970-01-01T00:00:00.000Z");
        assert.equal(response.json().end, "9999-12-31T23:59:59.999Z");
        const owner = randomPass();
        await createAccount(ctx(), owner);
        const questId = await createQuest(ctx(), owner, {
          start: "1970-01-01T00:00:00.000Z",
          end: "9999-12-31T23:59:59.999+00:00",
        });
        const { rows } = await ctx().db.query<{ start_at: Date; end_at: Date }>(
          "SELECT start_at, end_at FROM quests WHERE id = $1",
          [questId],
        );
        assert.equal(rows[0]!.start_at.toISOString(), "1970-01-01T00:00:00.000Z");
        assert.equal(rows[0]!.end_at.toISOString(), "9999-12-31T23:59:59.999Z");
      });
    });

    // Its own database: a stored period would change every allocation of the tests above.
    describe("earning period timestamps", () => {
      const periods = withContext(kind);

      it("refuses year 0050 and a leap second on POST /admin/earning-periods, storing nothing", async () => {
        const response = await periods().admin("POST", "/admin/earning-periods", {
          start: "0050-01-01T00:00:00Z",
          end: "2026-06-30T23:59:60Z",
        });
        expectBadRequest(response, "start", "end");
        assert.equal(await count(periods(), "earning_periods", []), 0);
      });

      it("refuses a repeated start on POST /admin/earning-periods", async () => {
        const response = await send(
          periods(),
          "POST",
          "/admin/earning-periods",
          '{"start":"2040-01-01T00:00:00Z","start":"2041-01-01T00:00:00Z","end":"2042-01-01T00:00:00Z"}',
          asAdmin,
        );
        expectBadRequest(response, "start");
        assert.equal(await count(periods(), "earning_periods", []), 0);
      });
    });
  });
}
