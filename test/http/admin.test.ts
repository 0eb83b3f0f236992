import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { describe, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { loadConfig } from "../../src/config.js";
import { buildApp } from "../../src/http/app.js";
import {
  ADMIN_TOKEN,
  allocate,
  createAccount,
  createQuest,
  DATABASES,
  expectProblem,
  expectStatus,
  issueKey,
  questFixture,
  randomPass,
  type TestContext,
  withContext,
} from "../helpers/app.js";

const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A mixed-case address whose EIP-55 checksum is wrong (the right one is 0xFfFFFFff…01). */
const BAD_CHECKSUM = "0xfFFFFFff00000000000000000000000000000001";
const CAMPAIGN_FIELDS = [
  "created_at",
  "description",
  "end",
  "external_app_id",
  "id",
  "is_active",
  "name",
  "start",
  "updated_at",
];
/** The quest detail view's fields (without its payout page) and the operator's additions. */
const ADMIN_QUEST_FIELDS = [
  "description",
  "end",
  "id",
  "is_active",
  "name",
  "points_remaining",
  "start",
  "total_points",
  "owner_id",
  "campaign_id",
  "is_public",
  "action_type",
  "mode",
];

const iso = (ms: number) => new Date(ms).toISOString();

function campaignBody(overrides: Record<string, unknown> = {}) {
  const now = Date.now();
  return {
    name: "Spring campaign",
    description: "Seasonal quests",
    start: iso(now - DAY_MS),
    end: iso(now + 10 * DAY_MS),
    ...overrides,
  };
}

function questBody(owner: string, overrides: Record<string, unknown> = {}) {
  const now = Date.now();
  return {
    name: "Quest",
    description: "A test quest",
    owner,
    total_points: 1000,
    expected_points_per_completion: 10,
    start: iso(now - DAY_MS),
    end: iso(now + DAY_MS),
    ...overrides,
  };
}

async function createCampaign(ctx: TestContext, overrides: Record<string, unknown> = {}) {
  const response = await ctx.admin("POST", "/admin/campaigns", campaignBody(overrides));
  expectStatus(response, 201);
  return response.json();
}

function getQuest(ctx: TestContext, questId: number, apiKey: string) {
  return ctx.inject({ method: "GET", url: `/quests/${questId}`, headers: { "x-api-key": apiKey } });
}

/** Every operator route, with a body that would be valid, so only the token decides. */
function operatorRoutes(): Array<{
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  url: string;
  body?: object;
}> {
  const pass = randomPass();
  return [
    { method: "POST", url: "/admin/accounts", body: { pass } },
    { method: "POST", url: "/admin/campaigns", body: campaignBody() },
    { method: "PATCH", url: "/admin/campaigns/1", body: { name: "x" } },
    { method: "POST", url: "/admin/quests", body: questBody(pass) },
    { method: "PATCH", url: "/admin/quests/1", body: { name: "x" } },
    { method: "POST", url: "/admin/keys", body: { owner: pass } },
    { method: "DELETE", url: "/admin/keys/00000000-0000-4000-8000-000000000000" },
    { method: "GET", url: "/admin/features" },
    { method: "PUT", url: "/admin/features", body: { quests: true } },
    { method: "PUT", url: "/admin/action-types/default", body: { active: true } },
    {
      method: "POST",
      url: "/admin/earning-periods",
      body: { start: iso(Date.now() + 100 * DAY_MS), end: iso(Date.now() + 101 * DAY_MS) },
    },
  ];
}

for (const kind of DATABASES) {
  describe(`operator API: authentication, accounts, campaigns, quests, keys [${kind}]`, () => {
    const ctx = withContext(kind);

    describe("without ADMIN_TOKEN", () => {
      it("answers 404 NOT_FOUND on every /admin route when ADMIN_TOKEN is empty or blank", async () => {
        for (const unset of ["", "   "]) {
          const config = loadConfig({ ADMIN_TOKEN: unset, LOG_LEVEL: "silent" });
          assert.equal(config.adminToken, undefined);
          // The same database as this describe's context, served by an app built without a token.
          const app = await buildApp({ ...ctx().services, config }, { logger: false });
          try {
            for (const route of operatorRoutes()) {
              for (const headers of [{}, { authorization: `Bearer ${ADMIN_TOKEN}` }]) {
                const response = await app.inject({
                  method: route.method,
                  url: route.url,
                  headers,
                  ...(route.body ? { payload: route.body } : {}),
                });
                expectProblem(response, 404, "NOT_FOUND");
              }
            }
          } finally {
            await app.close();
          }
        }
      });
    });

    describe("Authorization: Bearer ADMIN_TOKEN", () => {
      it("refuses every /admin route without an Authorization header with 401 UNAUTHORIZED", async () => {
        for (const route of operatorRoutes()) {
          const response = await ctx().inject({
            method: route.method,
            url: route.url,
            ...(route.body ? { payload: route.body } : {}),
          });
          expectProblem(response, 401, "UNAUTHORIZED");
        }
      });

      it("refuses every /admin route with a wrong token with 401 UNAUTHORIZED", async () => {
        for (const route of operatorRoutes()) {
          const response = await ctx().inject({
            method: route.method,
            url: route.url,
            headers: { authorization: `Bearer ${ADMIN_TOKEN}x` },
            ...(route.body ? { payload: route.body } : {}),
          });
          expectProblem(response, 401, "UNAUTHORIZED");
        }
      });

      // The scheme's case and 1*SP before the token are fine (RFC 9110 §11.1, RFC 6750 §2.1):
      // auth-headers.test.ts covers `bearer` and `BEARER`.
      it("refuses malformed Authorization headers (spacing, scheme, prefix of the token)", async () => {
        const variants = [
          `Bearer\t${ADMIN_TOKEN}`,
          `Bearer${ADMIN_TOKEN}`,
          `Basic ${Buffer.from(`admin:${ADMIN_TOKEN}`).toString("base64")}`,
          ADMIN_TOKEN,
          `Bearer ${ADMIN_TOKEN.slice(0, -1)}`,
          "Bearer ",
          "",
        ];
        for (const authorization of variants) {
          const response = await ctx().inject({
            method: "GET",
            url: "/admin/features",
            headers: { authorization },
          });
          expectProblem(response, 401, "UNAUTHORIZED");
        }
      });

      it("does nothing when the token is refused", async () => {
        const pass = randomPass();
        const refused = await ctx().inject({
          method: "POST",
          url: "/admin/accounts",
          headers: { authorization: "Bearer wrong-token-0123456789" },
          payload: { pass },
        });
        expectProblem(refused, 401, "UNAUTHORIZED");
        const created = await ctx().admin("POST", "/admin/accounts", { pass });
        expectStatus(created, 201);
      });

      it("accepts the exact token", async () => {
        const response = await ctx().admin("GET", "/admin/features");
        expectStatus(response, 200);
      });

      it("answers an unknown /admin route with 404 NOT_FOUND", async () => {
        const response = await ctx().admin("GET", "/admin/nothing-here");
        expectProblem(response, 404, "NOT_FOUND");
      });
    });

    describe("POST /admin/accounts", () => {
      it("registers a pass with 201 {id, pass, created_at, suspended_at, suspension_reason}, the pass checksummed", async () => {
        const pass = randomPass();
        const response = await ctx().admin("POST", "/admin/accounts", { pass: pass.toLowerCase() });
        expectStatus(response, 201);
        assert.match(String(response.headers["content-type"]), /^application\/json/);
        const body = response.json();
        assert.deepEqual(Object.keys(body).sort(), [
          "created_at",
          "id",
          "pass",
          "suspended_at",
          "suspension_reason",
        ]);
        assert.equal(body.suspended_at, null);
        assert.equal(body.suspension_reason, null);
        assert.equal(typeof body.id, "string");
        assert.ok(body.id.length > 0);
        assert.equal(body.pass, pass);
        assert.match(body.created_at, TIMESTAMP);
      });

      it("answers 200 with the same account when the pass is registered again, in any case", async () => {
        const pass = randomPass();
        const first = await ctx().admin("POST", "/admin/accounts", { pass });
        expectStatus(first, 201);
        for (const again of [pass, pass.toLowerCase(), `0x${pass.slice(2).toUpperCase()}`]) {
          const response = await ctx().admin("POST", "/admin/accounts", { pass: again });
          expectStatus(response, 200);
          assert.deepEqual(response.json(), first.json());
        }
      });

      it("refuses an invalid pass with 400 naming pass", async () => {
        for (const pass of [BAD_CHECKSUM, "0x1234", "not-an-address", `${randomPass()}00`, 42]) {
          const response = await ctx().admin("POST", "/admin/accounts", { pass });
          expectProblem(response, 400, "BAD_REQUEST", "pass");
        }
        const missing = await ctx().admin("POST", "/admin/accounts", {});
        expectProblem(missing, 400, "BAD_REQUEST", "pass");
      });

      it("refuses an unknown field with 400 naming it", async () => {
        const response = await ctx().admin("POST", "/admin/accounts", {
          pass: randomPass(),
          nickname: "bob",
        });
        expectProblem(response, 400, "BAD_REQUEST", "nickname");
      });
    });

    describe("POST and PATCH /admin/campaigns", () => {
      it("creates a campaign with 201, every field, ms timestamps, active and no external app", async () => {
        const body = campaignBody();
        const response = await ctx().admin("POST", "/admin/campaigns", body);
        expectStatus(response, 201);
        const campaign = response.json();
        assert.deepEqual(Object.keys(campaign).sort(), CAMPAIGN_FIELDS);
        assert.ok(Number.isInteger(campaign.id) && campaign.id > 0);
        assert.equal(campaign.name, body.name);
        assert.equal(campaign.description, body.description);
        assert.equal(campaign.start, body.start);
        assert.equal(campaign.end, body.end);
        assert.equal(campaign.is_active, true);
        assert.equal(campaign.external_app_id, null);
        for (const field of ["created_at", "updated_at", "start", "end"]) {
          assert.match(campaign[field], TIMESTAMP);
        }
      });

      it("keeps is_active and external_app_id when given, and writes offsets as UTC", async () => {
        const campaign = await createCampaign(ctx(), {
          start: "2030-01-01T12:00:00+02:00",
          end: "2030-02-01T00:00:00.5-05:00",
          is_active: false,
          external_app_id: "app-42",
        });
        assert.equal(campaign.start, "2030-01-01T10:00:00.000Z");
        assert.equal(campaign.end, "2030-02-01T05:00:00.500Z");
        assert.equal(campaign.is_active, false);
        assert.equal(campaign.external_app_id, "app-42");
      });

      it("shows the new campaign on GET /campaigns/{id}", async () => {
        const campaign = await createCampaign(ctx());
        const response = await ctx().inject({ method: "GET", url: `/campaigns/${campaign.id}` });
        expectStatus(response, 200);
        const { quests, ...fields } = response.json();
        assert.deepEqual(fields, campaign);
        assert.deepEqual(quests, []);
      });

      it("refuses end at or before start with 400 naming end", async () => {
        const now = Date.now();
        for (const end of [iso(now), iso(now - 1)]) {
          const response = await ctx().admin(
            "POST",
            "/admin/campaigns",
            campaignBody({ start: iso(now), end }),
          );
          expectProblem(response, 400, "BAD_REQUEST", "end");
        }
      });

      it("refuses timestamps that are not ISO 8601 with an offset, naming the field", async () => {
        for (const start of ["2030-01-01T00:00:00", "2030-01-01", "tomorrow", "1767225600000"]) {
          const response = await ctx().admin("POST", "/admin/campaigns", campaignBody({ start }));
          expectProblem(response, 400, "BAD_REQUEST", "start");
        }
        const numeric = await ctx().admin(
          "POST",
          "/admin/campaigns",
          campaignBody({ end: Date.now() + DAY_MS }),
        );
        expectProblem(numeric, 400, "BAD_REQUEST", "end");
      });

      it("refuses missing and unknown fields with 400 naming them", async () => {
        const { name: _name, ...withoutName } = campaignBody();
        const missing = await ctx().admin("POST", "/admin/campaigns", withoutName);
        expectProblem(missing, 400, "BAD_REQUEST", "name");
        const unknown = await ctx().admin(
          "POST",
          "/admin/campaigns",
          campaignBody({ title: "typo" }),
        );
        expectProblem(unknown, 400, "BAD_REQUEST", "title");
      });

      it("changes only the given fields on PATCH and moves updated_at forward", async () => {
        const campaign = await createCampaign(ctx(), { external_app_id: "app-1" });
        await sleep(5);
        const response = await ctx().admin("PATCH", `/admin/campaigns/${campaign.id}`, {
          name: "Renamed",
        });
        expectStatus(response, 200);
        const patched = response.json();
        assert.deepEqual(Object.keys(patched).sort(), CAMPAIGN_FIELDS);
        assert.equal(patched.name, "Renamed");
        assert.ok(patched.updated_at > campaign.updated_at, "updated_at moves forward");
        const { name: _a, updated_at: _b, ...before } = campaign;
        const { name: _c, updated_at: _d, ...after } = patched;
        assert.deepEqual(after, before);
      });

      it("changes the window, is_active and clears external_app_id on PATCH", async () => {
        const campaign = await createCampaign(ctx(), { external_app_id: "app-2" });
        const end = iso(Date.now() + 30 * DAY_MS);
        const response = await ctx().admin("PATCH", `/admin/campaigns/${campaign.id}`, {
          end,
          is_active: false,
          external_app_id: null,
        });
        expectStatus(response, 200);
        const patched = response.json();
        assert.equal(patched.end, end);
        assert.equal(patched.start, campaign.start);
        assert.equal(patched.is_active, false);
        assert.equal(patched.external_app_id, null);
        assert.equal(patched.description, campaign.description);
      });

      it("refuses a PATCH that puts end at or before start, changing nothing", async () => {
        const campaign = await createCampaign(ctx());
        const response = await ctx().admin("PATCH", `/admin/campaigns/${campaign.id}`, {
          name: "Should not stick",
          end: campaign.start,
        });
        expectProblem(response, 400, "BAD_REQUEST", "end");
        const startAfterEnd = await ctx().admin("PATCH", `/admin/campaigns/${campaign.id}`, {
          start: iso(Date.parse(campaign.end) + 1),
        });
        expectProblem(startAfterEnd, 400, "BAD_REQUEST", "end");
        const current = await ctx().inject({ method: "GET", url: `/campaigns/${campaign.id}` });
        expectStatus(current, 200);
        const { quests: _quests, ...fields } = current.json();
        assert.deepEqual(fields, campaign);
      });

      it("refuses a PATCH with a bad timestamp or an unknown field with 400", async () => {
        const campaign = await createCampaign(ctx());
        const badStart = await ctx().admin("PATCH", `/admin/campaigns/${campaign.id}`, {
          start: "2030-01-01T00:00:00",
        });
        expectProblem(badStart, 400, "BAD_REQUEST", "start");
        const unknown = await ctx().admin("PATCH", `/admin/campaigns/${campaign.id}`, {
          active: false,
        });
        expectProblem(unknown, 400, "BAD_REQUEST", "active");
      });

      it("answers 404 CAMPAIGN_NOT_FOUND when patching an unknown campaign", async () => {
        for (const id of ["999999", "2147483648", "99999999999"]) {
          const response = await ctx().admin("PATCH", `/admin/campaigns/${id}`, { name: "x" });
          expectProblem(response, 404, "CAMPAIGN_NOT_FOUND");
        }
      });

      it("refuses a campaign id that is not a positive integer with 400", async () => {
        for (const id of ["abc", "0", "-1", "1.5"]) {
          const response = await ctx().admin("PATCH", `/admin/campaigns/${id}`, { name: "x" });
          expectProblem(response, 400, "BAD_REQUEST");
        }
      });
    });

    describe("POST and PATCH /admin/quests", () => {
      it("creates a quest with 201: detail fields, owner_id, campaign_id, is_public, action_type", async () => {
        const owner = randomPass();
        const ownerId = await createAccount(ctx(), owner);
        const body = questBody(owner.toLowerCase(), { total_points: 750 });
        const response = await ctx().admin("POST", "/admin/quests", body);
        expectStatus(response, 201);
        const quest = response.json();
        for (const field of ADMIN_QUEST_FIELDS) assert.ok(field in quest, `quest has ${field}`);
        assert.ok(Number.isInteger(quest.id) && quest.id > 0);
        assert.equal(quest.name, body.name);
        assert.equal(quest.description, body.description);
        assert.equal(quest.owner_id, ownerId);
        assert.equal(quest.total_points, 750);
        assert.equal(quest.points_remaining, 750);
        assert.equal(quest.expected_points_per_completion, 10);
        assert.equal(quest.start, body.start);
        assert.equal(quest.end, body.end);
        assert.match(quest.start, TIMESTAMP);
        assert.match(quest.end, TIMESTAMP);
        assert.equal(quest.is_public, true);
        assert.equal(quest.is_active, true);
        assert.equal(quest.campaign_id, null);
        assert.equal(quest.action_type, "default");
      });

      it("keeps campaign_id, is_public, is_active and action_type when given", async () => {
        const owner = randomPass();
        await createAccount(ctx(), owner);
        const campaign = await createCampaign(ctx());
        const response = await ctx().admin(
          "POST",
          "/admin/quests",
          questBody(owner, {
            campaign_id: campaign.id,
            is_public: false,
            is_active: false,
            action_type: "social-share_2",
          }),
        );
        expectStatus(response, 201);
        const quest = response.json();
        assert.equal(quest.campaign_id, campaign.id);
        assert.equal(quest.is_public, false);
        assert.equal(quest.is_active, false);
        assert.equal(quest.action_type, "social-share_2");
      });

      it("refuses an unregistered owner with 400 ACCOUNT_NOT_FOUND", async () => {
        const response = await ctx().admin("POST", "/admin/quests", questBody(randomPass()));
        expectProblem(response, 400, "ACCOUNT_NOT_FOUND");
      });

      it("refuses an owner that is not a valid address with 400 naming owner", async () => {
        const response = await ctx().admin("POST", "/admin/quests", questBody(BAD_CHECKSUM));
        expectProblem(response, 400, "BAD_REQUEST", "owner");
      });

      it("refuses an unknown campaign_id with 400 naming campaign_id", async () => {
        const owner = randomPass();
        await createAccount(ctx(), owner);
        for (const campaign_id of [999999, 2147483648]) {
          const response = await ctx().admin(
            "POST",
            "/admin/quests",
            questBody(owner, { campaign_id }),
          );
          expectProblem(response, 400, "BAD_REQUEST", "campaign_id");
        }
      });

      it("refuses an action_type that is not a slug with 400 naming action_type", async () => {
        const owner = randomPass();
        await createAccount(ctx(), owner);
        for (const action_type of ["Bad Type", "UPPER", "", "-leading", "a".repeat(65)]) {
          const response = await ctx().admin(
            "POST",
            "/admin/quests",
            questBody(owner, { action_type }),
          );
          expectProblem(response, 400, "BAD_REQUEST", "action_type");
        }
      });

      it("refuses end at or before start, bad timestamps, bad budgets and unknown fields", async () => {
        const owner = randomPass();
        await createAccount(ctx(), owner);
        const now = Date.now();
        const cases: Array<[Record<string, unknown>, string]> = [
          [{ start: iso(now), end: iso(now) }, "end"],
          [{ start: iso(now), end: iso(now - DAY_MS) }, "end"],
          [{ start: "2030-01-01T00:00:00" }, "start"],
          [{ total_points: 1.5 }, "total_points"],
          [{ total_points: "100" }, "total_points"],
          [{ total_points: -1 }, "total_points"],
          [{ total_points: 9007199254740992 }, "total_points"],
          [{ points: 10 }, "points"],
        ];
        for (const [overrides, field] of cases) {
          const response = await ctx().admin("POST", "/admin/quests", questBody(owner, overrides));
          expectProblem(response, 400, "BAD_REQUEST", field);
        }
      });

      it("raises points_remaining by the same amount when total_points is raised", async () => {
        const fixture = await questFixture(ctx(), { total_points: 1000 });
        expectStatus(
          await allocate(ctx(), fixture, { points: 300, address: fixture.playerPass }),
          200,
        );
        const response = await ctx().admin("PATCH", `/admin/quests/${fixture.questId}`, {
          total_points: 1500,
        });
        expectStatus(response, 200);
        assert.equal(response.json().total_points, 1500);
        assert.equal(response.json().points_remaining, 1200);
        const detail = await getQuest(ctx(), fixture.questId, fixture.apiKey);
        expectStatus(detail, 200);
        assert.equal(detail.json().total_points, 1500);
        assert.equal(detail.json().points_remaining, 1200);
      });

      it("refuses lowering total_points below what was paid with 400, changing nothing", async () => {
        const fixture = await questFixture(ctx(), { total_points: 1000 });
        expectStatus(
          await allocate(ctx(), fixture, { points: 300, address: fixture.playerPass }),
          200,
        );
        const response = await ctx().admin("PATCH", `/admin/quests/${fixture.questId}`, {
          total_points: 299,
          name: "Should not stick",
        });
        expectProblem(response, 400, "BAD_REQUEST", "total_points");
        const detail = await getQuest(ctx(), fixture.questId, fixture.apiKey);
        expectStatus(detail, 200);
        assert.equal(detail.json().total_points, 1000);
        assert.equal(detail.json().points_remaining, 700);
        assert.equal(detail.json().name, "Quest");
      });

      it("leaves points_remaining at 0 when total_points is lowered to exactly what was paid", async () => {
        const fixture = await questFixture(ctx(), { total_points: 1000 });
        expectStatus(
          await allocate(ctx(), fixture, { points: 300, address: fixture.playerPass }),
          200,
        );
        expectStatus(
          await allocate(ctx(), fixture, { points: 50, address: fixture.playerPass }),
          200,
        );
        const response = await ctx().admin("PATCH", `/admin/quests/${fixture.questId}`, {
          total_points: 350,
        });
        expectStatus(response, 200);
        assert.equal(response.json().total_points, 350);
        assert.equal(response.json().points_remaining, 0);
        const more = await allocate(ctx(), fixture, { points: 1, address: fixture.playerPass });
        expectProblem(more, 400, "INSUFFICIENT_POINTS");
      });

      it("changes only the given fields on PATCH and moves updated_at forward", async () => {
        const owner = randomPass();
        await createAccount(ctx(), owner);
        const created = await ctx().admin("POST", "/admin/quests", questBody(owner));
        expectStatus(created, 201);
        const quest = created.json();
        await sleep(5);
        const response = await ctx().admin("PATCH", `/admin/quests/${quest.id}`, {
          description: "New description",
        });
        expectStatus(response, 200);
        const patched = response.json();
        assert.equal(patched.description, "New description");
        assert.ok(patched.updated_at > quest.updated_at, "updated_at moves forward");
        const { description: _a, updated_at: _b, ...before } = quest;
        const { description: _c, updated_at: _d, ...after } = patched;
        assert.deepEqual(after, before);
      });

      it("moves a quest to another owner, campaign and action type on PATCH", async () => {
        const fixture = await questFixture(ctx());
        const newOwner = randomPass();
        const newOwnerId = await createAccount(ctx(), newOwner);
        const campaign = await createCampaign(ctx());
        const response = await ctx().admin("PATCH", `/admin/quests/${fixture.questId}`, {
          owner: newOwner,
          campaign_id: campaign.id,
          action_type: "referral",
          is_public: false,
        });
        expectStatus(response, 200);
        const quest = response.json();
        assert.equal(quest.owner_id, newOwnerId);
        assert.equal(quest.campaign_id, campaign.id);
        assert.equal(quest.action_type, "referral");
        assert.equal(quest.is_public, false);
        const oldOwner = await getQuest(ctx(), fixture.questId, fixture.apiKey);
        expectProblem(oldOwner, 401, "NOT_QUEST_OWNER");
        const cleared = await ctx().admin("PATCH", `/admin/quests/${fixture.questId}`, {
          campaign_id: null,
        });
        expectStatus(cleared, 200);
        assert.equal(cleared.json().campaign_id, null);
      });

      it("refuses bad PATCH values with 400 naming the field", async () => {
        const fixture = await questFixture(ctx());
        const cases: Array<[Record<string, unknown>, string, string]> = [
          [{ action_type: "Not A Slug" }, "BAD_REQUEST", "action_type"],
          [{ campaign_id: 999999 }, "BAD_REQUEST", "campaign_id"],
          [{ owner: BAD_CHECKSUM }, "BAD_REQUEST", "owner"],
          [{ end: "2000-01-01T00:00:00.000Z" }, "BAD_REQUEST", "end"],
          [{ total: 5 }, "BAD_REQUEST", "total"],
        ];
        for (const [body, code, field] of cases) {
          const response = await ctx().admin("PATCH", `/admin/quests/${fixture.questId}`, body);
          expectProblem(response, 400, code, field);
        }
        const unregistered = await ctx().admin("PATCH", `/admin/quests/${fixture.questId}`, {
          owner: randomPass(),
        });
        expectProblem(unregistered, 400, "ACCOUNT_NOT_FOUND");
      });

      it("answers 404 QUEST_NOT_FOUND when patching an unknown quest", async () => {
        for (const id of ["999999", "2147483648"]) {
          const response = await ctx().admin("PATCH", `/admin/quests/${id}`, { name: "x" });
          expectProblem(response, 404, "QUEST_NOT_FOUND");
        }
      });
    });

    describe("POST and DELETE /admin/keys", () => {
      it("issues a key with 201 {id, key, owner_id, mode, scope, created_at} that opens the owner's quests", async () => {
        const owner = randomPass();
        const ownerId = await createAccount(ctx(), owner);
        const questId = await createQuest(ctx(), owner);
        const response = await ctx().admin("POST", "/admin/keys", { owner: owner.toLowerCase() });
        expectStatus(response, 201);
        const body = response.json();
        assert.deepEqual(Object.keys(body).sort(), [
          "created_at",
          "id",
          "key",
          "mode",
          "owner_id",
          "scope",
        ]);
        assert.equal(body.mode, "live");
        assert.equal(body.scope, "full");
        assert.match(body.id, UUID);
        assert.match(body.key, /^sk_[0-9A-Za-z]{32,}$/);
        assert.equal(body.owner_id, ownerId);
        assert.match(body.created_at, TIMESTAMP);
        const detail = await getQuest(ctx(), questId, body.key);
        expectStatus(detail, 200);
        assert.equal(detail.json().id, questId);
      });

      it("issues a different key every time", async () => {
        const owner = randomPass();
        await createAccount(ctx(), owner);
        const first = await issueKey(ctx(), owner);
        const second = await issueKey(ctx(), owner);
        assert.notEqual(first.key, second.key);
        assert.notEqual(first.id, second.id);
      });

      it("does not store the plain key", async () => {
        const owner = randomPass();
        await createAccount(ctx(), owner);
        const { key, id } = await issueKey(ctx(), owner);
        const { rows } = await ctx().db.query<Record<string, unknown>>(
          "SELECT * FROM api_keys WHERE id = $1",
          [id],
        );
        assert.equal(rows.length, 1);
        const secret = key.slice(3);
        for (const [column, value] of Object.entries(rows[0]!)) {
          const text = value instanceof Date ? value.toISOString() : String(value);
          assert.ok(!text.includes(secret), `column ${column} holds the key`);
        }
      });

      it("revokes a key with 204; the key then answers 401 INVALID_API_KEY, others still work", async () => {
        const fixture = await questFixture(ctx());
        const other = await issueKey(ctx(), fixture.ownerPass);
        expectStatus(await getQuest(ctx(), fixture.questId, fixture.apiKey), 200);
        const response = await ctx().admin("DELETE", `/admin/keys/${fixture.keyId}`);
        expectStatus(response, 204);
        assert.equal(response.body, "");
        expectProblem(
          await getQuest(ctx(), fixture.questId, fixture.apiKey),
          401,
          "INVALID_API_KEY",
        );
        expectProblem(
          await allocate(ctx(), fixture, { points: 1, address: fixture.playerPass }),
          401,
          "INVALID_API_KEY",
        );
        expectStatus(await getQuest(ctx(), fixture.questId, other.key), 200);
      });

      it("answers 404 NOT_FOUND when revoking an unknown key", async () => {
        const response = await ctx().admin(
          "DELETE",
          "/admin/keys/5b0f6c1e-9a4d-4c3e-8f2a-1d2e3f4a5b6c",
        );
        expectProblem(response, 404, "NOT_FOUND");
      });

      it("refuses a key id that is not a uuid with 400", async () => {
        for (const id of ["not-a-uuid", "123", "sk_abc"]) {
          const response = await ctx().admin("DELETE", `/admin/keys/${id}`);
          expectProblem(response, 400, "BAD_REQUEST", "id");
        }
      });

      it("refuses to issue a key to an unregistered owner with 400 ACCOUNT_NOT_FOUND", async () => {
        const response = await ctx().admin("POST", "/admin/keys", { owner: randomPass() });
        expectProblem(response, 400, "ACCOUNT_NOT_FOUND");
      });

      it("refuses a bad owner or an unknown field with 400 naming it", async () => {
        const invalid = await ctx().admin("POST", "/admin/keys", { owner: "0x12" });
        expectProblem(invalid, 400, "BAD_REQUEST", "owner");
        const owner = randomPass();
        await createAccount(ctx(), owner);
        const unknown = await ctx().admin("POST", "/admin/keys", { owner, scope: "all" });
        expectProblem(unknown, 400, "BAD_REQUEST", "scope");
      });
    });
  });

  describe(`operator API: feature switches and action types [${kind}]`, () => {
    const ctx = withContext(kind);

    it("reads the feature switches with GET /admin/features", async () => {
      const response = await ctx().admin("GET", "/admin/features");
      expectStatus(response, 200);
      assert.deepEqual(response.json(), { quests: true, campaigns: true });
    });

    it("switches quests off and on with PUT /admin/features, and GET /quests follows", async () => {
      try {
        const off = await ctx().admin("PUT", "/admin/features", { quests: false });
        expectStatus(off, 200);
        assert.deepEqual(off.json(), { quests: false, campaigns: true });
        assert.deepEqual((await ctx().admin("GET", "/admin/features")).json(), {
          quests: false,
          campaigns: true,
        });
        const list = await ctx().inject({ method: "GET", url: "/quests" });
        expectProblem(list, 400, "QUESTS_DISABLED");
      } finally {
        const on = await ctx().admin("PUT", "/admin/features", { quests: true });
        expectStatus(on, 200);
        assert.deepEqual(on.json(), { quests: true, campaigns: true });
      }
      expectStatus(await ctx().inject({ method: "GET", url: "/quests" }), 200);
    });

    it("switches campaigns off and on, and GET /campaigns/{id} follows", async () => {
      const campaign = await createCampaign(ctx());
      try {
        const off = await ctx().admin("PUT", "/admin/features", { campaigns: false });
        expectStatus(off, 200);
        assert.deepEqual(off.json(), { quests: true, campaigns: false });
        const read = await ctx().inject({ method: "GET", url: `/campaigns/${campaign.id}` });
        expectProblem(read, 400, "CAMPAIGNS_DISABLED");
      } finally {
        expectStatus(await ctx().admin("PUT", "/admin/features", { campaigns: true }), 200);
      }
      expectStatus(await ctx().inject({ method: "GET", url: `/campaigns/${campaign.id}` }), 200);
    });

    it("leaves the switches alone on an empty PUT and refuses bad bodies with 400", async () => {
      const empty = await ctx().admin("PUT", "/admin/features", {});
      expectStatus(empty, 200);
      assert.deepEqual(empty.json(), { quests: true, campaigns: true });
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ quests: "false" }, "quests"],
        [{ campaigns: 0 }, "campaigns"],
        [{ payouts: false }, "payouts"],
      ];
      for (const [body, field] of cases) {
        const response = await ctx().admin("PUT", "/admin/features", body);
        expectProblem(response, 400, "BAD_REQUEST", field);
      }
      assert.deepEqual((await ctx().admin("GET", "/admin/features")).json(), {
        quests: true,
        campaigns: true,
      });
    });

    it("deactivates and reactivates an action type with PUT /admin/action-types/{name}", async () => {
      const name = `type-${randomBytes(4).toString("hex")}`;
      const fixture = await questFixture(ctx(), { action_type: name });
      const off = await ctx().admin("PUT", `/admin/action-types/${name}`, { active: false });
      expectStatus(off, 200);
      assert.deepEqual(off.json(), { name, active: false });
      const refused = await allocate(ctx(), fixture, { points: 5, address: fixture.playerPass });
      expectProblem(refused, 400, "ACTION_TYPE_INACTIVE");
      const on = await ctx().admin("PUT", `/admin/action-types/${name}`, { active: true });
      expectStatus(on, 200);
      assert.deepEqual(on.json(), { name, active: true });
      expectStatus(await allocate(ctx(), fixture, { points: 5, address: fixture.playerPass }), 200);
    });

    it("configures an action type no quest uses yet", async () => {
      const name = `new_${randomBytes(4).toString("hex")}`;
      const response = await ctx().admin("PUT", `/admin/action-types/${name}`, { active: false });
      expectStatus(response, 200);
      assert.deepEqual(response.json(), { name, active: false });
      const owner = randomPass();
      await createAccount(ctx(), owner);
      const quest = await ctx().admin(
        "POST",
        "/admin/quests",
        questBody(owner, { action_type: name }),
      );
      expectStatus(quest, 201);
      const { key } = await issueKey(ctx(), owner);
      const player = randomPass();
      await createAccount(ctx(), player);
      const refused = await allocate(
        ctx(),
        { apiKey: key, questId: quest.json().id },
        { points: 1, address: player },
      );
      expectProblem(refused, 400, "ACTION_TYPE_INACTIVE");
    });

    it("refuses a bad action type name or body with 400", async () => {
      const badName = await ctx().admin("PUT", "/admin/action-types/Not%20A%20Slug", {
        active: true,
      });
      expectProblem(badName, 400, "BAD_REQUEST", "name");
      const cases: Array<[Record<string, unknown>, string]> = [
        [{}, "active"],
        [{ active: "yes" }, "active"],
        [{ active: true, enabled: true }, "enabled"],
      ];
      for (const [body, field] of cases) {
        const response = await ctx().admin("PUT", "/admin/action-types/default", body);
        expectProblem(response, 400, "BAD_REQUEST", field);
      }
    });
  });

  describe(`operator API: earning periods [${kind}]`, () => {
    const ctx = withContext(kind);
    // Far in the future, so the periods never cover now; this context is this describe's alone.
    const base = Date.parse("2040-01-01T00:00:00.000Z");

    it("defines an earning period with 201 {id, start, end}", async () => {
      const response = await ctx().admin("POST", "/admin/earning-periods", {
        start: "2040-01-01T00:00:00+01:00",
        end: iso(base + DAY_MS),
      });
      expectStatus(response, 201);
      const period = response.json();
      assert.deepEqual(Object.keys(period).sort(), ["end", "id", "start"]);
      assert.ok(Number.isInteger(period.id) && period.id > 0);
      assert.equal(period.start, "2039-12-31T23:00:00.000Z");
      assert.equal(period.end, iso(base + DAY_MS));
    });

    it("refuses an overlapping period with 409 CONFLICT", async () => {
      const first = await ctx().admin("POST", "/admin/earning-periods", {
        start: iso(base + 10 * DAY_MS),
        end: iso(base + 12 * DAY_MS),
      });
      expectStatus(first, 201);
      const overlaps = [
        [base + 11 * DAY_MS, base + 13 * DAY_MS],
        [base + 9 * DAY_MS, base + 10 * DAY_MS + 1],
        [base + 10 * DAY_MS, base + 12 * DAY_MS],
        [base + 10.5 * DAY_MS, base + 11 * DAY_MS],
        [base + 9 * DAY_MS, base + 13 * DAY_MS],
      ];
      for (const [start, end] of overlaps) {
        const response = await ctx().admin("POST", "/admin/earning-periods", {
          start: iso(start!),
          end: iso(end!),
        });
        expectProblem(response, 409, "CONFLICT");
      }
    });

    it("allows periods that only touch: [a, b) then [b, c) and [z, a)", async () => {
      const a = base + 20 * DAY_MS;
      const b = a + DAY_MS;
      const c = b + DAY_MS;
      for (const [start, end] of [
        [a, b],
        [b, c],
        [a - DAY_MS, a],
      ]) {
        const response = await ctx().admin("POST", "/admin/earning-periods", {
          start: iso(start!),
          end: iso(end!),
        });
        expectStatus(response, 201);
      }
    });

    it("refuses end at or before start, bad timestamps and unknown fields with 400", async () => {
      const start = base + 40 * DAY_MS;
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ start: iso(start), end: iso(start) }, "end"],
        [{ start: iso(start), end: iso(start - 1) }, "end"],
        [{ start: "2040-03-01T00:00:00", end: iso(start + DAY_MS) }, "start"],
        [{ start: iso(start) }, "end"],
        [{ start: iso(start), end: iso(start + DAY_MS), name: "p" }, "name"],
      ];
      for (const [body, field] of cases) {
        const response = await ctx().admin("POST", "/admin/earning-periods", body);
        expectProblem(response, 400, "BAD_REQUEST", field);
      }
    });

    it("refuses allocations once periods exist and none covers now", async () => {
      const period = await ctx().admin("POST", "/admin/earning-periods", {
        start: iso(base + 60 * DAY_MS),
        end: iso(base + 61 * DAY_MS),
      });
      expectStatus(period, 201);
      const fixture = await questFixture(ctx());
      const response = await allocate(ctx(), fixture, { points: 1, address: fixture.playerPass });
      expectProblem(response, 400, "NO_ACTIVE_EARNING_PERIOD");
    });
  });
}
