/**
 * A quest's limits per pass and its link (`pass_points_max`, `pass_payouts_max`, `pass_window`,
 * `url`) through the API: set on POST and PATCH /admin/quests, an application's `quest` and the
 * approval's overrides; shown on /admin/quests, GET /me and GET /quests?with=details; each bad
 * value refused naming its field. GET /quests' `with` list and `ids`, and the recount of the
 * current window when `pass_window` changes.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { it } from "node:test";
import type { LightMyRequestResponse } from "fastify";
import { passWindowKey } from "../../src/domain/pass-limits.js";
import {
  allocate,
  createQuest,
  expectProblem,
  expectStatus,
  type QuestOptions,
  type TestContext,
} from "../helpers/app.js";
import { describeEachDatabase } from "../helpers/each-database.js";
import { newAccount, newOwner } from "../helpers/owners.js";
import { applicationProof, newWallet } from "../helpers/wallet.js";

const DAY_MS = 24 * 60 * 60 * 1000;
const PLAY_FIELDS = ["pass_payouts_max", "pass_points_max", "pass_window", "url"];
const DEFAULTS = { pass_points_max: null, pass_payouts_max: null, pass_window: "quest", url: null };
const SET = {
  pass_points_max: 500,
  pass_payouts_max: 1,
  pass_window: "day",
  url: "https://moonwalk.example/check-in?from=questpoints",
} satisfies QuestOptions;
const SPEC_LIST_FIELDS = [
  "campaign",
  "description",
  "end",
  "expected_points_per_completion",
  "id",
  "name",
  "start",
  "total_points",
];

type Owner = Awaited<ReturnType<typeof newOwner>>;
type Quest = Record<string, unknown> & { id: number };

const pick = (quest: Record<string, unknown>, fields: string[]) =>
  Object.fromEntries(fields.map((field) => [field, quest[field]]));

function json(response: LightMyRequestResponse, status = 200) {
  expectStatus(response, status);
  return response.json();
}

/** The quest as the operator's list, the owner's GET /me and GET /quests?with=details show it. */
async function readBack(ctx: TestContext, owner: Owner, id: number) {
  const admin = json(await ctx.admin("GET", `/admin/quests?owner=${owner.pass}&limit=500`));
  const me = json(
    await ctx.inject({ method: "GET", url: "/me", headers: { "x-api-key": owner.key } }),
  );
  const listed = json(await ctx.inject({ method: "GET", url: `/quests?ids=${id}&with=details` }));
  return {
    admin: (admin.items as Quest[]).find((quest) => quest.id === id)!,
    me: (me.quests as Quest[]).find((quest) => quest.id === id)!,
    listed: (listed as Quest[]).find((quest) => quest.id === id)!,
  };
}

async function expectEverywhere(ctx: TestContext, owner: Owner, id: number, fields: object) {
  const { admin, me, listed } = await readBack(ctx, owner, id);
  assert.deepEqual(pick(admin, PLAY_FIELDS), fields, "GET /admin/quests");
  assert.deepEqual(pick(me, PLAY_FIELDS), fields, "GET /me");
  assert.deepEqual(pick(listed, PLAY_FIELDS), fields, "GET /quests?with=details");
  assert.equal(listed.action_type, admin.action_type, "with=details shows the action type");
}

/** 400 BAD_REQUEST whose detail and errors name `field`. */
function expectRefusal(response: LightMyRequestResponse, field: string, what: string) {
  const body = expectProblem(response, 400, "BAD_REQUEST", field);
  assert.ok(body.detail.includes(field), `${what}: detail ${body.detail} names ${field}`);
}

/** Bad values of each field, with what they are. */
const BAD_VALUES: [field: string, value: unknown, what: string][] = [
  ["pass_points_max", 0, "zero"],
  ["pass_points_max", -5, "a negative number"],
  ["pass_points_max", 1.5, "a fraction"],
  ["pass_points_max", "10", "text"],
  ["pass_points_max", 9007199254740992, "beyond 2^53 - 1"],
  ["pass_payouts_max", 0, "zero"],
  ["pass_payouts_max", -1, "a negative number"],
  ["pass_payouts_max", 2.5, "a fraction"],
  ["pass_payouts_max", true, "a boolean"],
  ["pass_window", "month", "an unknown window"],
  ["pass_window", null, "null"],
  ["pass_window", "", "empty"],
  ["url", "http://moonwalk.example", "http"],
  ["url", "ftp://moonwalk.example", "another scheme"],
  ["url", "moonwalk.example/quest", "no scheme"],
  ["url", "https://", "no host"],
  ["url", "https://moon walk.example", "a space"],
  ["url", "https://moonwalk.example/\n", "a control character"],
  ["url", `https://moonwalk.example/${"a".repeat(2048)}`, "longer than 2048 characters"],
  ["url", 7, "a number"],
];

/** An application body by a new wallet, its quest with `quest` on top. */
async function applicationBody(ctx: TestContext, quest: Record<string, unknown>) {
  const wallet = newWallet();
  const now = Date.now();
  return {
    project: "Moonwalk",
    contact: "ops@moonwalk.example",
    owner: wallet.address,
    proof: await applicationProof(ctx.inject, wallet),
    quest: {
      name: "Daily check-in",
      total_points: 5000,
      expected_points_per_completion: 10,
      start: new Date(now - DAY_MS).toISOString(),
      end: new Date(now + 30 * DAY_MS).toISOString(),
      ...quest,
    },
  };
}

const submit = (ctx: TestContext, body: object) =>
  ctx.inject({
    method: "POST",
    url: "/applications",
    payload: body,
    remoteAddress: `10.${[...randomBytes(3)].join(".")}`,
  });

describeEachDatabase("quest limits per pass and link", (context) => {
  const questBody = (owner: string, extra: object = {}) => ({
    name: "Check in",
    description: "Once a day",
    owner,
    total_points: 10_000,
    expected_points_per_completion: 10,
    start: new Date(Date.now() - DAY_MS).toISOString(),
    end: new Date(Date.now() + DAY_MS).toISOString(),
    ...extra,
  });

  it("sets each field on POST /admin/quests and shows it on /admin/quests, GET /me and GET /quests?with=details", async () => {
    const ctx = context();
    const owner = await newOwner(ctx);
    const created = json(await ctx.admin("POST", "/admin/quests", questBody(owner.pass, SET)), 201);
    assert.deepEqual(pick(created, PLAY_FIELDS), SET, "the 201 answer");
    await expectEverywhere(ctx, owner, created.id, SET);
  });

  it("defaults to no limit, the quest's whole life and no link", async () => {
    const ctx = context();
    const owner = await newOwner(ctx);
    const created = json(await ctx.admin("POST", "/admin/quests", questBody(owner.pass)), 201);
    assert.deepEqual(pick(created, PLAY_FIELDS), DEFAULTS);
    await expectEverywhere(ctx, owner, created.id, DEFAULTS);
  });

  it("changes each field with PATCH, null clearing a limit or the link, the others kept", async () => {
    const ctx = context();
    const owner = await newOwner(ctx);
    const id = await createQuest(ctx, owner.pass, SET);
    const patch = (body: object) => ctx.admin("PATCH", `/admin/quests/${id}`, body);
    const changed = json(await patch({ pass_points_max: 900, url: "https://moonwalk.example/b" }));
    assert.deepEqual(pick(changed, PLAY_FIELDS), {
      ...SET,
      pass_points_max: 900,
      url: "https://moonwalk.example/b",
    });
    const cleared = json(await patch({ pass_points_max: null, pass_payouts_max: null, url: null }));
    assert.deepEqual(pick(cleared, PLAY_FIELDS), { ...DEFAULTS, pass_window: "day" });
    json(await patch({ pass_window: "quest" }));
    await expectEverywhere(ctx, owner, id, DEFAULTS);
  });

  it("refuses each bad value on POST and PATCH naming the field, storing and changing nothing", async () => {
    const ctx = context();
    const owner = await newOwner(ctx);
    const id = await createQuest(ctx, owner.pass, SET);
    const count = async () =>
      (await ctx.db.query<{ n: number }>("SELECT count(*)::int AS n FROM quests")).rows[0]!.n;
    const before = await count();
    for (const [field, value, what] of BAD_VALUES) {
      const title = `${field} ${what}`;
      const body = { [field]: value };
      expectRefusal(
        await ctx.admin("POST", "/admin/quests", questBody(owner.pass, body)),
        field,
        title,
      );
      expectRefusal(await ctx.admin("PATCH", `/admin/quests/${id}`, body), field, title);
    }
    assert.equal(await count(), before, "no quest was made");
    const { admin } = await readBack(ctx, owner, id);
    assert.deepEqual(pick(admin, PLAY_FIELDS), SET, "the quest is as it was");
  });

  it("carries an application's fields and the approval's overrides into both quests it creates", async () => {
    const ctx = context();
    const asked = { pass_points_max: 300, pass_payouts_max: 2, pass_window: "week", url: SET.url };
    const submitted = json(await submit(ctx, await applicationBody(ctx, asked)), 201);
    const view = json(await ctx.admin("GET", "/admin/applications?status=pending&limit=500"));
    const application = view.items.find((item: { id: number }) => item.id === submitted.id);
    assert.deepEqual(pick(application.quest, PLAY_FIELDS), asked, "the application shows them");

    const overrides = { pass_payouts_max: 1, pass_window: "earning_period", url: null };
    const approved = json(
      await ctx.admin("POST", `/admin/applications/${submitted.id}/approve`, overrides),
    );
    const quests = json(await ctx.admin("GET", `/admin/quests?owner=${approved.owner}`));
    const granted = { ...asked, ...overrides };
    for (const questId of [approved.quest_id, approved.test_quest_id]) {
      const quest = quests.items.find((item: Quest) => item.id === questId);
      assert.deepEqual(pick(quest, PLAY_FIELDS), granted, `quest ${questId}`);
    }
  });

  it("refuses bad fields of an application's quest and of the approval's overrides, naming them", async () => {
    const ctx = context();
    for (const [field, value, what] of BAD_VALUES) {
      const body = await applicationBody(ctx, { [field]: value });
      expectRefusal(await submit(ctx, body), `quest.${field}`, `application ${field} ${what}`);
    }
    const submitted = json(await submit(ctx, await applicationBody(ctx, {})), 201);
    for (const [field, value, what] of BAD_VALUES) {
      const approve = `/admin/applications/${submitted.id}/approve`;
      expectRefusal(
        await ctx.admin("POST", approve, { [field]: value }),
        field,
        `override ${what}`,
      );
    }
    const still = json(
      await ctx.inject({
        method: "GET",
        url: `/applications/${submitted.id}`,
        headers: { "x-application-token": submitted.token },
      }),
    );
    assert.equal(still.status, "pending", "no refused approval decided it");
  });

  it("answers GET /quests?ids= with only those public live quests, in id order, paged", async () => {
    const ctx = context();
    const owner = await newOwner(ctx);
    const [a, b] = [await createQuest(ctx, owner.pass), await createQuest(ctx, owner.pass)];
    const hidden = await createQuest(ctx, owner.pass, { is_public: false });
    const test = await createQuest(ctx, owner.pass, { mode: "test" });
    const ids = async (query: string) =>
      (json(await ctx.inject({ method: "GET", url: `/quests?${query}` })) as Quest[]).map(
        (quest) => quest.id,
      );
    const all = [test, b, hidden, a, b, 2147483647, 9999999999].join(",");
    assert.deepEqual(await ids(`ids=${all}`), [a, b]);
    assert.deepEqual(await ids(`ids=${all}&limit=1&offset=1`), [b]);
    assert.deepEqual(await ids(`ids=${all}&owner=${await newAccount(ctx)}`), []);
    assert.deepEqual(await ids(`ids=${hidden},${test}`), []);
  });

  it("adds progress and details together with with=progress,details, and nothing new without with", async () => {
    const ctx = context();
    const owner = await newOwner(ctx);
    const id = await createQuest(ctx, owner.pass, { ...SET, action_type: "check-in" });
    const one = async (query: string) =>
      (json(await ctx.inject({ method: "GET", url: `/quests?ids=${id}${query}` })) as Quest[])[0]!;
    const progress = ["is_active", "points_remaining"];
    const details = ["action_type", ...PLAY_FIELDS];
    const keys = (quest: Quest) => Object.keys(quest).sort();
    assert.deepEqual(keys(await one("")), SPEC_LIST_FIELDS);
    assert.deepEqual(keys(await one("&with=progress")), [...SPEC_LIST_FIELDS, ...progress].sort());
    assert.deepEqual(keys(await one("&with=details")), [...SPEC_LIST_FIELDS, ...details].sort());
    const both = await one("&with=details,progress");
    assert.deepEqual(keys(both), [...SPEC_LIST_FIELDS, ...progress, ...details].sort());
    assert.deepEqual(pick(both, details), { ...SET, action_type: "check-in" });
    assert.deepEqual(keys(await one("&with=progress,details")), keys(both));

    const plain = json(await ctx.inject({ method: "GET", url: `/quests?owner=${owner.pass}` }));
    assert.deepEqual(plain.map(keys), [SPEC_LIST_FIELDS], "the spec's answer, unchanged");
  });

  it("refuses a bad with or ids naming the parameter", async () => {
    const ctx = context();
    const many = Array.from({ length: 101 }, (_, i) => i + 1).join(",");
    const cases: [string, string][] = [
      ["with", "with=everything"],
      ["with", "with="],
      ["with", "with=progress,"],
      ["with", "with=details,,progress"],
      ["with", "with=progress,payouts"],
      ["ids", "ids=0"],
      ["ids", "ids=-3"],
      ["ids", "ids=1.5"],
      ["ids", "ids=seven"],
      ["ids", "ids="],
      ["ids", "ids=1,,2"],
      ["ids", "ids=1,2,"],
      ["ids", "ids=07"],
      ["ids", `ids=${many}`],
    ];
    for (const [field, query] of cases) {
      expectRefusal(await ctx.inject({ method: "GET", url: `/quests?${query}` }), field, query);
    }
    const hundred = Array.from({ length: 100 }, (_, i) => i + 1).join(",");
    expectStatus(await ctx.inject({ method: "GET", url: `/quests?ids=${hundred}` }), 200);
  });

  it("counts the current window afresh when PATCH changes pass_window, paid payouts unchanged", async () => {
    const ctx = context();
    const owner = await newOwner(ctx);
    const questId = await createQuest(ctx, owner.pass, { total_points: 1000 });
    const [first, second] = [await newAccount(ctx), await newAccount(ctx)];
    for (const [pass, points] of [
      [first, 10],
      [first, 15],
      [second, 7],
    ] as const) {
      json(await allocate(ctx, { apiKey: owner.key, questId }, { points, address: pass }));
    }
    const counts = async (prefix: string) => {
      const { rows } = await ctx.db.query<{
        pass: string;
        points: string;
        payouts: string;
        window_key: string;
      }>(
        `SELECT a.pass, c.points::text AS points, c.payouts::text AS payouts, c.window_key
         FROM quest_pass_counts c JOIN accounts a ON a.id = c.account_id
         WHERE c.quest_id = $1 AND c.window_key LIKE $2 ORDER BY c.points`,
        [questId, `${prefix}%`],
      );
      return rows;
    };
    assert.deepEqual(await counts("day:"), [], "no day rows while the window is the quest's life");

    const patch = (body: object) => ctx.admin("PATCH", `/admin/quests/${questId}`, body);
    json(await patch({ pass_window: "day", pass_payouts_max: 1 }));
    const day = passWindowKey("day", new Date(), null);
    assert.deepEqual(await counts("day:"), [
      { pass: second, points: "7", payouts: "1", window_key: day },
      { pass: first, points: "25", payouts: "2", window_key: day },
    ]);
    json(await patch({ pass_window: "week" }));
    const week = passWindowKey("week", new Date(), null);
    assert.deepEqual(
      (await counts("week:")).map((row) => [row.pass, row.payouts, row.window_key]),
      [
        [second, "1", week],
        [first, "2", week],
      ],
    );
    const quest = json(await ctx.admin("GET", `/admin/quests?owner=${owner.pass}`)).items[0];
    assert.equal(quest.points_remaining, 1000 - 32, "nothing paid changed");
  });
});
