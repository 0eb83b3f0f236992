/**
 * Input validation of fields: every bad field named at once, U+0000 in text, key ids and
 * timestamps (1970 to 9999, no leap second). Bodies as written are in input-validation.test.ts.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  allocate,
  createQuest,
  expectStatus,
  issueKey,
  questFixture,
  randomPass,
  withContext,
} from "../helpers/app.js";
import { describeEachDatabase } from "../helpers/each-database.js";
import {
  type AllocationRefusal,
  asAdmin,
  BAD_CHECKSUM,
  type CampaignPostRefusal,
  campaignBody,
  count,
  createCampaign,
  expectBadRequest,
  NUL,
  newOwner,
  type PatchRefusal,
  type QuestPostRefusal,
  refusesAllocation,
  refusesCampaignPost,
  refusesPatch,
  refusesQuestPost,
  send,
  unique,
} from "../helpers/input-validation.js";
import { pointsRemaining } from "../helpers/owner-api.js";

const badFields = {
  allocations: [
    {
      title: "names points and address when the address's EIP-55 checksum is wrong",
      body: () => ({ points: 0, address: BAD_CHECKSUM }),
      named: ["points", "address"],
    },
    {
      title: "names an address with a wrong checksum alone when points is fine",
      body: () => ({ points: 5, address: BAD_CHECKSUM }),
      named: ["address"],
      exactly: true,
    },
  ] satisfies AllocationRefusal[],
  post: {
    title: "names every bad field of POST /admin/quests together, storing nothing",
    label: "Many",
    owner: BAD_CHECKSUM,
    name: (marker) => `${marker}${NUL}`,
    fields: () => ({ total_points: "1.5", start: '"0050-01-01T00:00:00Z"' }),
    named: ["name", "owner", "total_points", "start"],
  } satisfies QuestPostRefusal,
  /** GET /quests queries: [title, query, the fields named]. */
  listings: [
    [
      "names owner and limit of GET /quests together",
      `owner=${BAD_CHECKSUM}&limit=0`,
      "owner",
      "limit",
    ],
    [
      "refuses an owner with a wrong checksum on GET /quests naming owner",
      `owner=${BAD_CHECKSUM}`,
      "owner",
    ],
  ],
};

const nul = {
  questPosts: ["name", "description"].map(
    (field): QuestPostRefusal => ({
      title: `refuses ${field} with U+0000 on POST /admin/quests naming it, storing nothing`,
      label: "nul",
      fields: (marker) => ({ [field]: JSON.stringify(`${marker}${NUL}x`) }),
      named: [field],
    }),
  ),
  questPatches: ["name", "description"].map(
    (field): PatchRefusal => ({
      title: `refuses ${field} with U+0000 on PATCH /admin/quests naming it, changing nothing`,
      of: "quests",
      body: { [field]: `a${NUL}b` },
      named: [field],
    }),
  ),
  actionType: {
    title: "refuses action_type with U+0000 on POST /admin/quests naming it",
    label: "Typed",
    fields: () => ({ action_type: JSON.stringify(`quiz${NUL}`) }),
    named: ["action_type"],
  } satisfies QuestPostRefusal,
  campaignPosts: ["name", "description", "external_app_id"].map(
    (field): CampaignPostRefusal => ({
      title: `refuses ${field} with U+0000 on POST /admin/campaigns naming it, storing nothing`,
      label: "nul",
      overrides: (marker) => ({ [field]: `${marker}${NUL}` }),
      named: [field],
    }),
  ),
  campaignPatches: ["name", "description", "external_app_id"].map(
    (field): PatchRefusal => ({
      title: `refuses ${field} with U+0000 on PATCH /admin/campaigns naming it, changing nothing`,
      of: "campaigns",
      body: { [field]: `x${NUL}` },
      named: [field],
    }),
  ),
};

const timestamps = {
  campaignStarts: (
    [
      ["year 0050", "0050-01-01T00:00:00Z"],
      ["year 0099", "0099-12-31T23:59:59.999Z"],
      ["before 1970", "1969-12-31T23:59:59.999Z"],
      ["1970 written with an offset that makes it 1969", "1970-01-01T00:30:00+01:00"],
      ["an offset that makes it year 10000", "9999-12-31T23:59:59-01:00"],
      ["a leap second", "2026-06-30T23:59:60Z"],
      ["an offset without minutes (+01)", "2026-01-01T00:00:00+01"],
    ] as const
  ).map(
    ([label, start]): CampaignPostRefusal => ({
      title: `refuses start as ${label} on POST /admin/campaigns naming start and the range`,
      label: "Dated",
      overrides: () => ({ start }),
      named: ["start"],
      messages: [/1970/, /9999/],
    }),
  ),
  questPost: {
    title: "names both start and end when both are out of range on POST /admin/quests",
    label: "Dated quest",
    fields: () => ({ start: '"0050-01-01T00:00:00Z"', end: '"2026-06-30T23:59:60Z"' }),
    named: ["start", "end"],
  } satisfies QuestPostRefusal,
  patches: [
    {
      title: "refuses end in year 0099 on PATCH /admin/quests, changing nothing",
      of: "quests",
      body: { start: "0050-01-01T00:00:00Z", end: "0099-01-01T00:00:00Z" },
      named: ["start", "end"],
    },
    {
      title: "refuses end as a leap second on PATCH /admin/campaigns naming end",
      of: "campaigns",
      body: { end: "2030-12-31T23:59:60Z" },
      named: ["end"],
    },
  ] satisfies PatchRefusal[],
};

describeEachDatabase(
  "input validation",
  (ctx, kind) => {
    describe("every bad field named at once", () => {
      for (const c of badFields.allocations) it(c.title, () => refusesAllocation(ctx(), c));

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

      it(badFields.post.title, () => refusesQuestPost(ctx(), badFields.post));

      for (const [title, query, ...fields] of badFields.listings) {
        it(title!, async () => {
          const response = await ctx().inject({ method: "GET", url: `/quests?${query}` });
          expectBadRequest(response, ...fields);
        });
      }

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
      for (const c of [...nul.questPosts, nul.actionType]) {
        it(c.title, () => refusesQuestPost(ctx(), c));
      }
      for (const c of [...nul.questPatches, ...nul.campaignPatches]) {
        it(c.title, () => refusesPatch(ctx(), c));
      }
      for (const c of nul.campaignPosts) it(c.title, () => refusesCampaignPost(ctx(), c));

      it("refuses an action type name with U+0000 in the path of PUT /admin/action-types", async () => {
        const response = await ctx().admin("PUT", "/admin/action-types/quiz%00", { active: true });
        expectBadRequest(response, "name");
        assert.equal(await count(ctx(), "action_types WHERE name LIKE 'quiz%'", []), 0);
      });

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
        const { id } = await issueKey(ctx(), await newOwner(ctx()));
        const response = await ctx().admin("DELETE", `/admin/keys/${id.toUpperCase()}`);
        expectStatus(response, 204);
      });
    });

    describe("timestamps", () => {
      for (const c of timestamps.campaignStarts) it(c.title, () => refusesCampaignPost(ctx(), c));
      it(timestamps.questPost.title, () => refusesQuestPost(ctx(), timestamps.questPost));
      for (const c of timestamps.patches) it(c.title, () => refusesPatch(ctx(), c));

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
        const questId = await createQuest(ctx(), await newOwner(ctx()), {
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
  },
  { bracket: "(" },
);
