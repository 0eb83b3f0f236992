import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  createQuest,
  expectProblem,
  expectStatus,
  randomPass,
  type TestContext,
} from "../helpers/app.js";
import { newCampaign } from "../helpers/campaigns.js";
import { describeEachDatabase } from "../helpers/each-database.js";
import { newAccount } from "../helpers/owners.js";

const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const DAY_MS = 24 * 60 * 60 * 1000;
const PUBLIC_LIST_FIELDS = [
  "campaign",
  "description",
  "end",
  "expected_points_per_completion",
  "id",
  "name",
  "start",
  "total_points",
];

interface PublicQuest {
  id: number;
  name: string;
  description: string;
  total_points: number;
  expected_points_per_completion: number;
  start: string;
  end: string;
  campaign: { id: number; name: string; description: string } | null;
}

/** `GET /quests` with `query` (from its `?`), as a client sends it. */
function getQuests(ctx: TestContext, query = "") {
  return ctx.inject({ method: "GET", url: `/quests${query}` });
}

async function listQuests(ctx: TestContext, query = ""): Promise<PublicQuest[]> {
  const response = await getQuests(ctx, query);
  expectStatus(response, 200);
  assert.match(String(response.headers["content-type"]), /^application\/json/);
  const body = response.json();
  assert.ok(Array.isArray(body), "GET /quests answers a top-level array");
  return body;
}

/** The same address with the case of its first hex letter flipped: an invalid EIP-55 checksum. */
function breakChecksum(checksummed: string): string {
  const digits = checksummed.slice(2);
  const at = digits.search(/[a-fA-F]/);
  assert.ok(at >= 0, "address has a letter to flip");
  const letter = digits[at]!;
  const flipped = letter === letter.toLowerCase() ? letter.toUpperCase() : letter.toLowerCase();
  return `0x${digits.slice(0, at)}${flipped}${digits.slice(at + 1)}`;
}

describeEachDatabase("public quest list", (ctx) => {
  describe("GET /quests", () => {
    it("lists a quest with exactly the public-list-view fields and its values", async () => {
      const owner = await newAccount(ctx());
      const start = new Date(Date.now() - DAY_MS).toISOString();
      const end = new Date(Date.now() + 2 * DAY_MS).toISOString();
      const id = await createQuest(ctx(), owner, {
        name: "Bridge assets",
        description: "Bridge once",
        total_points: 5000,
        expected_points_per_completion: 25,
        start,
        end,
      });
      const quests = await listQuests(ctx(), `?owner=${owner}`);
      assert.equal(quests.length, 1);
      const quest = quests[0]!;
      assert.deepEqual(Object.keys(quest).sort(), PUBLIC_LIST_FIELDS);
      assert.deepEqual(quest, {
        id,
        name: "Bridge assets",
        description: "Bridge once",
        total_points: 5000,
        expected_points_per_completion: 25,
        start,
        end,
        campaign: null,
      });
      assert.match(quest.start, TIMESTAMP);
      assert.match(quest.end, TIMESTAMP);
    });

    it("never exposes owner-only fields such as points_remaining or owner_id", async () => {
      const owner = await newAccount(ctx());
      await createQuest(ctx(), owner);
      const quests = await listQuests(ctx());
      assert.ok(quests.length >= 1);
      for (const quest of quests) {
        assert.deepEqual(Object.keys(quest).sort(), PUBLIC_LIST_FIELDS);
        for (const hidden of [
          "points_remaining",
          "owner_id",
          "is_public",
          "is_active",
          "payouts",
          "action_type",
          "campaign_id",
        ]) {
          assert.equal(hidden in quest, false, `${hidden} must not be listed`);
        }
        assert.match(quest.start, TIMESTAMP);
        assert.match(quest.end, TIMESTAMP);
      }
    });

    it("shows the quest's campaign as {id, name, description}", async () => {
      const owner = await newAccount(ctx());
      const campaignId = await newCampaign(ctx(), {
        name: "Summer",
        description: "Summer campaign",
        end: new Date(Date.now() + DAY_MS).toISOString(),
        external_app_id: "app-42",
      });
      const inCampaign = await createQuest(ctx(), owner, { campaign_id: campaignId });
      const alone = await createQuest(ctx(), owner);
      const quests = await listQuests(ctx(), `?owner=${owner}`);
      assert.deepEqual(
        quests.map((quest) => [quest.id, quest.campaign]),
        [
          [inCampaign, { id: campaignId, name: "Summer", description: "Summer campaign" }],
          [alone, null],
        ],
      );
      assert.ok(Number.isInteger(quests[0]!.campaign!.id));
    });

    it("lists only public quests", async () => {
      const owner = await newAccount(ctx());
      const first = await createQuest(ctx(), owner, { is_public: true });
      const hidden = await createQuest(ctx(), owner, { is_public: false });
      const last = await createQuest(ctx(), owner);
      const mine = await listQuests(ctx(), `?owner=${owner}`);
      assert.deepEqual(
        mine.map((quest) => quest.id),
        [first, last],
      );
      const all = await listQuests(ctx());
      const ids = all.map((quest) => quest.id);
      assert.ok(ids.includes(first) && ids.includes(last));
      assert.equal(ids.includes(hidden), false, "a private quest is never listed");
    });

    it("lists a quest made private by the operator no longer", async () => {
      const owner = await newAccount(ctx());
      const id = await createQuest(ctx(), owner);
      assert.deepEqual(
        (await listQuests(ctx(), `?owner=${owner}`)).map((quest) => quest.id),
        [id],
      );
      expectStatus(await ctx().admin("PATCH", `/admin/quests/${id}`, { is_public: false }), 200);
      assert.deepEqual(await listQuests(ctx(), `?owner=${owner}`), []);
    });

    it("orders quests by id ascending", async () => {
      const ownerA = await newAccount(ctx());
      const ownerB = await newAccount(ctx());
      const created = [
        await createQuest(ctx(), ownerA),
        await createQuest(ctx(), ownerB),
        await createQuest(ctx(), ownerA),
        await createQuest(ctx(), ownerB),
      ];
      const ids = (await listQuests(ctx())).map((quest) => quest.id);
      assert.deepEqual(
        ids,
        [...ids].sort((a, b) => a - b),
      );
      assert.equal(new Set(ids).size, ids.length, "no quest is listed twice");
      assert.deepEqual(
        ids.filter((id) => created.includes(id)),
        created,
      );
    });

    it("filters by owner, whether the address is given lower-case, upper-case or checksummed", async () => {
      const owner = await newAccount(ctx());
      const other = await newAccount(ctx());
      const mine = [await createQuest(ctx(), owner), await createQuest(ctx(), owner)];
      await createQuest(ctx(), other);
      const hex = owner.slice(2);
      for (const spelling of [owner, `0x${hex.toLowerCase()}`, `0x${hex.toUpperCase()}`]) {
        const quests = await listQuests(ctx(), `?owner=${spelling}`);
        assert.deepEqual(
          quests.map((quest) => quest.id),
          mine,
          `owner=${spelling}`,
        );
      }
    });

    it("answers an empty array for an owner that is not registered or has no quests", async () => {
      await createQuest(ctx(), await newAccount(ctx()));
      assert.deepEqual(await listQuests(ctx(), `?owner=${randomPass()}`), []);
      assert.deepEqual(await listQuests(ctx(), `?owner=${await newAccount(ctx())}`), []);
    });

    it("refuses an owner that is not an address with 400 BAD_REQUEST naming owner", async () => {
      const valid = randomPass();
      for (const owner of [
        "0x123",
        `0x${"z".repeat(40)}`,
        valid.slice(2),
        `${valid}00`,
        "not-an-address",
        "",
      ]) {
        const response = await getQuests(ctx(), `?owner=${encodeURIComponent(owner)}`);
        expectProblem(response, 400, "BAD_REQUEST", "owner");
      }
    });

    it("refuses a mixed-case owner with a wrong EIP-55 checksum with 400 naming owner", async () => {
      const owner = await newAccount(ctx());
      await createQuest(ctx(), owner);
      const response = await getQuests(ctx(), `?owner=${breakChecksum(owner)}`);
      expectProblem(response, 400, "BAD_REQUEST", "owner");
    });

    it("pages with limit and offset", async () => {
      const owner = await newAccount(ctx());
      const ids: number[] = [];
      for (let i = 0; i < 5; i++) ids.push(await createQuest(ctx(), owner));
      const page = async (query: string) =>
        (await listQuests(ctx(), `?owner=${owner}${query}`)).map((quest) => quest.id);
      assert.deepEqual(await page(""), ids);
      assert.deepEqual(await page("&limit=2"), ids.slice(0, 2));
      assert.deepEqual(await page("&limit=2&offset=2"), ids.slice(2, 4));
      assert.deepEqual(await page("&offset=4"), ids.slice(4));
      assert.deepEqual(await page("&offset=5"), []);
      assert.deepEqual(await page("&limit=1000"), ids);
      assert.deepEqual(await page("&limit=1&offset=0"), ids.slice(0, 1));
    });

    it("pages the unfiltered list with limit and offset", async () => {
      const owner = await newAccount(ctx());
      await createQuest(ctx(), owner);
      await createQuest(ctx(), owner);
      const all = (await listQuests(ctx())).map((quest) => quest.id);
      assert.ok(all.length >= 2);
      const first = (await listQuests(ctx(), "?limit=1")).map((quest) => quest.id);
      assert.deepEqual(first, all.slice(0, 1));
      const rest = (await listQuests(ctx(), "?offset=1")).map((quest) => quest.id);
      assert.deepEqual(rest, all.slice(1));
    });

    for (const [query, field] of [
      ["limit=0", "limit"],
      ["limit=1001", "limit"],
      ["limit=-1", "limit"],
      ["limit=abc", "limit"],
      ["limit=1.5", "limit"],
      ["limit=", "limit"],
      ["offset=-1", "offset"],
      ["offset=abc", "offset"],
      ["offset=0.5", "offset"],
    ] as const) {
      it(`refuses ${query} with 400 BAD_REQUEST naming ${field}, never clamping`, async () => {
        const response = await getQuests(ctx(), `?${query}`);
        expectProblem(response, 400, "BAD_REQUEST", field);
      });
    }

    it("refuses an unknown query parameter with 400 BAD_REQUEST naming it", async () => {
      for (const name of ["page", "ownr", "is_public"]) {
        const response = await getQuests(ctx(), `?${name}=1`);
        expectProblem(response, 400, "BAD_REQUEST", name);
      }
    });
  });

  describe("unknown routes", () => {
    for (const [method, url] of [
      ["GET", "/nope"],
      ["GET", "/quests/1/payouts"],
      ["POST", "/campaigns"],
      ["POST", "/quests"],
      ["DELETE", "/quests/1"],
      ["PUT", "/campaigns/1"],
    ] as const) {
      it(`answers ${method} ${url} with 404 NOT_FOUND problem details`, async () => {
        const response = await ctx().inject({ method, url });
        const body = expectProblem(response, 404, "NOT_FOUND");
        assert.equal(body.title, "Not found");
      });
    }
  });
});
