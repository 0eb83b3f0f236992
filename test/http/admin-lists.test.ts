import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { hashApiKey } from "../../src/domain/api-keys.js";
import {
  allocate,
  createAccount,
  createQuest,
  DATABASES,
  expectProblem,
  expectStatus,
  questFixture,
  randomPass,
  secondInstance,
  type TestContext,
  withContext,
} from "../helpers/app.js";

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
const iso = (ms: number) => new Date(ms).toISOString();
const fieldsOf = (item: object) => Object.keys(item).sort();

type Item = Record<string, unknown> & { id: string | number };

/** Reads every page of a listing with `limit`, checking each page's size and its cursor. */
async function walk(ctx: TestContext, path: string, limit: number): Promise<Item[]> {
  const items: Item[] = [];
  let cursor: string | null = null;
  for (let pages = 0; ; pages++) {
    assert.ok(pages < 10_000, "the walk never ends");
    const sep = path.includes("?") ? "&" : "?";
    const url = `${path}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
    const response = await ctx.admin("GET", url);
    expectStatus(response, 200);
    const body = response.json() as { items: Item[]; next_cursor: string | null };
    assert.deepEqual(Object.keys(body).sort(), ["items", "next_cursor"]);
    assert.ok(body.items.length <= limit, `a page of ${body.items.length} > limit ${limit}`);
    items.push(...body.items);
    if (body.next_cursor === null) return items;
    assert.equal(body.items.length, limit, "only the last page may be short");
    assert.equal(typeof body.next_cursor, "string");
    cursor = body.next_cursor;
  }
}

/** Compares two listing ids: integers by value, uuids as PostgreSQL orders them (by bytes). */
function compareIds(a: string | number, b: string | number): number {
  if (typeof a === "number" && typeof b === "number") return a - b;
  if (/^\d+$/.test(String(a)) && /^\d+$/.test(String(b))) {
    return BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0;
  }
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}

/** Asserts items run strictly by (`at`, id), newest or oldest first. */
function assertOrdered(items: Item[], at: string, order: "newest" | "oldest") {
  for (let i = 1; i < items.length; i++) {
    const previous = items[i - 1]!;
    const item = items[i]!;
    const byTime = Date.parse(String(previous[at])) - Date.parse(String(item[at]));
    const cmp = byTime !== 0 ? byTime : compareIds(previous.id, item.id);
    if (order === "newest") assert.ok(cmp > 0, `item ${i} is not older than the one before`);
    else assert.ok(cmp < 0, `item ${i} is not newer than the one before`);
  }
}

function assertNoRepeats(items: Item[]) {
  const ids = items.map((item) => String(item.id));
  assert.equal(new Set(ids).size, ids.length, "an item appears twice");
}

/** A cursor of the listing's own shape whose id is not of the listing's type. */
const forgedCursor = (id: string) =>
  Buffer.from(JSON.stringify(["2026-01-01T00:00:00.000Z", id])).toString("base64url");

/** The paging checks every listing shares: limit bounds, unreadable cursors. */
async function checkPagingInputs(ctx: TestContext, path: string, foreignId: string) {
  const sep = path.includes("?") ? "&" : "?";
  for (const limit of ["0", "501", "-1", "1.5", "x"]) {
    expectProblem(
      await ctx.admin("GET", `${path}${sep}limit=${limit}`),
      400,
      "BAD_REQUEST",
      "limit",
    );
  }
  expectStatus(await ctx.admin("GET", `${path}${sep}limit=500`), 200);
  expectStatus(await ctx.admin("GET", `${path}${sep}limit=1`), 200);
  for (const cursor of [
    "garbage",
    "%00",
    Buffer.from("not json").toString("base64url"),
    Buffer.from(JSON.stringify({ at: "2026-01-01T00:00:00.000Z" })).toString("base64url"),
    Buffer.from(JSON.stringify(["yesterday", "1"])).toString("base64url"),
    forgedCursor(foreignId),
  ]) {
    const response = await ctx.admin("GET", `${path}${sep}cursor=${encodeURIComponent(cursor)}`);
    expectProblem(response, 400, "BAD_REQUEST", "cursor");
  }
  expectProblem(await ctx.admin("GET", `${path}${sep}nope=1`), 400, "BAD_REQUEST", "nope");
}

const UUID_ID = "00000000-0000-4000-8000-000000000000";

function campaignBody(name: string) {
  const now = Date.now();
  return {
    name,
    description: "listed",
    start: iso(now - DAY_MS),
    end: iso(now + DAY_MS),
  };
}

for (const kind of DATABASES) {
  describe(`operator listings [${kind}]`, () => {
    const ctx = withContext(kind);

    describe("GET /admin/accounts", () => {
      it("lists accounts newest first as {id, pass, created_at, suspended_at, suspension_reason}, paged by cursor without gaps or repeats", async () => {
        const created: string[] = [];
        for (let i = 0; i < 7; i++) created.push(await createAccount(ctx()));
        const items = await walk(ctx(), "/admin/accounts", 2);
        const fields = ["created_at", "id", "pass", "suspended_at", "suspension_reason"];
        for (const item of items) assert.deepEqual(fieldsOf(item), fields);
        assertOrdered(items, "created_at", "newest");
        assertNoRepeats(items);
        const listed = new Set(items.map((item) => item.id));
        for (const id of created) assert.ok(listed.has(id), `${id} missing`);
        const { rows } = await ctx().db.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM accounts",
        );
        assert.equal(items.length, rows[0]!.n);
      });

      it("filters by pass, in any case; an unregistered pass matches nothing", async () => {
        const pass = randomPass();
        const id = await createAccount(ctx(), pass);
        for (const spelled of [pass, pass.toLowerCase(), `0x${pass.slice(2).toUpperCase()}`]) {
          const response = await ctx().admin("GET", `/admin/accounts?pass=${spelled}`);
          expectStatus(response, 200);
          const body = response.json();
          assert.equal(body.next_cursor, null);
          assert.equal(body.items.length, 1);
          assert.equal(body.items[0].id, id);
          assert.equal(body.items[0].pass, pass);
        }
        const none = await ctx().admin("GET", `/admin/accounts?pass=${randomPass()}`);
        expectStatus(none, 200);
        assert.deepEqual(none.json(), { items: [], next_cursor: null });
        expectProblem(
          await ctx().admin("GET", "/admin/accounts?pass=0x1234"),
          400,
          "BAD_REQUEST",
          "pass",
        );
      });

      it("refuses limit 0 and 501, unreadable or forged cursors and unknown filters with 400", async () => {
        await checkPagingInputs(ctx(), "/admin/accounts", "17");
      });

      it("pages without gaps or repeats while accounts are inserted in parallel", async () => {
        for (let i = 0; i < 12; i++) await createAccount(ctx());
        const before = await walk(ctx(), "/admin/accounts", 500);
        let inserting = true;
        const inserts = (async () => {
          const made: string[] = [];
          while (inserting && made.length < 200) {
            made.push(...(await Promise.all([createAccount(ctx()), createAccount(ctx())])));
          }
          return made;
        })();
        const pages: Item[] = [];
        let cursor: string | null = null;
        do {
          const url: string = `/admin/accounts?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
          const response = await ctx().admin("GET", url);
          expectStatus(response, 200);
          const body = response.json() as { items: Item[]; next_cursor: string | null };
          pages.push(...body.items);
          cursor = body.next_cursor;
          await sleep(1); // let the inserts run between pages
        } while (cursor !== null);
        inserting = false;
        const made = await inserts;
        assert.ok(made.length > 0, "no account was inserted during the walk");
        assertNoRepeats(pages);
        assertOrdered(pages, "created_at", "newest");
        for (const account of before) {
          const seen = pages.filter((item) => item.id === account.id).length;
          assert.equal(seen, 1, `account ${account.id} seen ${seen} times`);
        }
      });
    });

    describe("GET /admin/quests", () => {
      it("lists every quest of an owner (private and test too) exactly as the operator's quest, newest first", async () => {
        const owner = randomPass();
        await createAccount(ctx(), owner);
        const answers: Item[] = [];
        const now = Date.now();
        for (let i = 0; i < 7; i++) {
          const response = await ctx().admin("POST", "/admin/quests", {
            name: `Listed ${i}`,
            description: "for the listing",
            owner,
            total_points: 100 + i,
            expected_points_per_completion: 1,
            start: iso(now - DAY_MS),
            end: iso(now + DAY_MS),
            is_public: i % 2 === 0,
            ...(i === 3 ? { mode: "test", is_public: false } : {}),
          });
          expectStatus(response, 201);
          answers.push(response.json());
        }
        const items = await walk(ctx(), `/admin/quests?owner=${owner}`, 2);
        assert.equal(items.length, 7);
        assertOrdered(items, "created_at", "newest");
        const byId = new Map(answers.map((answer) => [answer.id, answer]));
        for (const item of items) assert.deepEqual(item, byId.get(item.id));
        assert.ok(items.some((item) => item.mode === "test"));
        assert.ok(items.some((item) => item.is_public === false && item.mode === "live"));
      });

      it("filters by campaign_id and by mode, and by owner with mode", async () => {
        const owner = randomPass();
        await createAccount(ctx(), owner);
        const campaign = await ctx().admin("POST", "/admin/campaigns", campaignBody("Filter"));
        expectStatus(campaign, 201);
        const campaignId = campaign.json().id as number;
        const inCampaign = await createQuest(ctx(), owner, { campaign_id: campaignId });
        const live = await createQuest(ctx(), owner);
        const testQuest = await ctx().admin("POST", "/admin/quests", {
          name: "Test quest",
          description: "",
          owner,
          total_points: 10,
          expected_points_per_completion: 1,
          start: iso(Date.now() - DAY_MS),
          end: iso(Date.now() + DAY_MS),
          mode: "test",
        });
        expectStatus(testQuest, 201);
        const testId = testQuest.json().id as number;

        const ids = async (query: string) => {
          const response = await ctx().admin("GET", `/admin/quests?${query}`);
          expectStatus(response, 200);
          return (response.json().items as Item[]).map((item) => item.id);
        };
        assert.deepEqual(await ids(`campaign_id=${campaignId}`), [inCampaign]);
        assert.deepEqual(await ids(`owner=${owner}&mode=test`), [testId]);
        assert.deepEqual(await ids(`owner=${owner}&mode=live`), [live, inCampaign]);
        assert.deepEqual(await ids(`owner=${owner}&campaign_id=${campaignId}&mode=test`), []);
        const tests = await walk(ctx(), "/admin/quests?mode=test", 500);
        assert.ok(tests.every((item) => item.mode === "test"));
        assert.ok(tests.some((item) => item.id === testId));
        const lives = await walk(ctx(), "/admin/quests?mode=live", 500);
        assert.ok(lives.every((item) => item.mode === "live"));
        assert.deepEqual(await ids(`owner=${randomPass()}`), []);
        assert.deepEqual(await ids("campaign_id=2147483648"), []);
      });

      it("refuses bad filters, limits and cursors with 400", async () => {
        await checkPagingInputs(ctx(), "/admin/quests", UUID_ID);
        for (const query of ["owner=0xabc", "campaign_id=0", "campaign_id=x", "mode=demo"]) {
          const field = query.split("=")[0];
          expectProblem(
            await ctx().admin("GET", `/admin/quests?${query}`),
            400,
            "BAD_REQUEST",
            field,
          );
        }
      });
    });

    describe("GET /admin/campaigns", () => {
      it("lists every campaign newest first with the campaign's fields, paged by cursor", async () => {
        const answers: Item[] = [];
        for (let i = 0; i < 7; i++) {
          const response = await ctx().admin("POST", "/admin/campaigns", {
            ...campaignBody(`Campaign ${i}`),
            is_active: i !== 2,
          });
          expectStatus(response, 201);
          answers.push(response.json());
        }
        const items = await walk(ctx(), "/admin/campaigns", 2);
        assertOrdered(items, "created_at", "newest");
        assertNoRepeats(items);
        for (const answer of answers) {
          assert.deepEqual(
            items.find((item) => item.id === answer.id),
            answer,
          );
        }
        const { rows } = await ctx().db.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM campaigns",
        );
        assert.equal(items.length, rows[0]!.n);
      });

      it("refuses bad limits and cursors with 400", async () => {
        await checkPagingInputs(ctx(), "/admin/campaigns", UUID_ID);
      });
    });

    describe("GET /admin/keys", () => {
      it("lists an owner's keys newest first, never a key or its hash", async () => {
        const owner = randomPass();
        const ownerId = await createAccount(ctx(), owner);
        const issued: { id: string; key: string; mode: string }[] = [];
        for (let i = 0; i < 7; i++) {
          const mode = i === 4 ? "test" : "live";
          const response = await ctx().admin("POST", "/admin/keys", { owner, mode });
          expectStatus(response, 201);
          issued.push(response.json());
        }
        expectStatus(await ctx().admin("DELETE", `/admin/keys/${issued[1]!.id}`), 204);
        const items = await walk(ctx(), `/admin/keys?owner=${owner}`, 2);
        assert.equal(items.length, 7);
        assertOrdered(items, "created_at", "newest");
        for (const item of items) {
          assert.deepEqual(fieldsOf(item), [
            "created_at",
            "expires_at",
            "id",
            "last_used_at",
            "mode",
            "owner_id",
            "prefix",
            "revoked_at",
            "scope",
          ]);
          const key = issued.find((k) => k.id === item.id)!;
          assert.equal(item.scope, "full");
          assert.equal(item.owner_id, ownerId);
          assert.equal(item.mode, key.mode);
          assert.ok(key.key.startsWith(String(item.prefix)), "the prefix is the key's start");
          assert.ok(String(item.prefix).length < 16, "the prefix is short");
          assert.equal(item.expires_at, null);
          assert.equal(item.last_used_at, null);
          assert.equal(item.revoked_at === null, key.id !== issued[1]!.id);
        }
        const everything = JSON.stringify(await walk(ctx(), "/admin/keys", 500));
        for (const { key } of issued) {
          assert.ok(!everything.includes(key), "a key's value is listed");
          assert.ok(!everything.includes(hashApiKey(key)), "a key's hash is listed");
        }
        assert.doesNotMatch(everything, /sk_(test_)?[0-9A-Za-z]{32}/);
        const none = await ctx().admin("GET", `/admin/keys?owner=${randomPass()}`);
        assert.deepEqual(none.json(), { items: [], next_cursor: null });
      });

      it("refuses bad owners, limits and cursors with 400", async () => {
        await checkPagingInputs(ctx(), "/admin/keys", "12");
        expectProblem(await ctx().admin("GET", "/admin/keys?owner=1"), 400, "BAD_REQUEST", "owner");
      });

      it("sets last_used_at on the key's first use and leaves it alone for the rest of the minute", async () => {
        const fixture = await questFixture(ctx());
        const lastUsed = async () =>
          (
            await ctx().db.query<{ last_used_at: Date | null }>(
              "SELECT last_used_at FROM api_keys WHERE id = $1",
              [fixture.keyId],
            )
          ).rows[0]!.last_used_at;
        assert.equal(await lastUsed(), null);
        const read = () =>
          ctx().inject({
            url: `/quests/${fixture.questId}`,
            headers: { "x-api-key": fixture.apiKey },
          });
        expectStatus(await read(), 200);
        // Written off the request's path: wait for it.
        let first: Date | null = null;
        for (let i = 0; i < 100 && first === null; i++) {
          first = await lastUsed();
          if (first === null) await sleep(20);
        }
        assert.ok(first instanceof Date, "last_used_at was not set");
        assert.ok(Math.abs(first.getTime() - Date.now()) < 60_000);
        const listed = await ctx().admin("GET", `/admin/keys?owner=${fixture.ownerPass}`);
        assert.equal(listed.json().items[0].last_used_at, first.toISOString());

        await sleep(20);
        expectStatus(await read(), 200);
        expectStatus(
          await allocate(ctx(), fixture, { points: 1, address: fixture.playerPass }),
          200,
        );
        if (kind === "postgres") {
          // Another process has its own memory of what it stamped; the database's condition holds.
          const second = await secondInstance(ctx());
          try {
            const response = await second.app.inject({
              url: `/quests/${fixture.questId}`,
              headers: { "x-api-key": fixture.apiKey },
            });
            expectStatus(response, 200);
          } finally {
            await sleep(100);
            await second.close();
          }
        }
        await sleep(100);
        assert.equal((await lastUsed())?.toISOString(), first.toISOString());
      });
    });

    describe("GET /admin/action-types", () => {
      it("answers every action type by name with how many quests are of it", async () => {
        const owner = randomPass();
        await createAccount(ctx(), owner);
        await createQuest(ctx(), owner, { action_type: "lists-alpha" });
        await createQuest(ctx(), owner, { action_type: "lists-alpha" });
        await createQuest(ctx(), owner, { action_type: "lists-beta" });
        const off = await ctx().admin("PUT", "/admin/action-types/lists-gamma", { active: false });
        expectStatus(off, 200);
        const response = await ctx().admin("GET", "/admin/action-types");
        expectStatus(response, 200);
        const types = response.json() as { name: string; active: boolean; quests: number }[];
        assert.ok(Array.isArray(types));
        for (const type of types) assert.deepEqual(fieldsOf(type), ["active", "name", "quests"]);
        const names = types.map((type) => type.name);
        assert.deepEqual(names, [...names].sort());
        const byName = new Map(types.map((type) => [type.name, type]));
        assert.deepEqual(byName.get("lists-alpha"), {
          name: "lists-alpha",
          active: true,
          quests: 2,
        });
        assert.deepEqual(byName.get("lists-beta"), { name: "lists-beta", active: true, quests: 1 });
        assert.deepEqual(byName.get("lists-gamma"), {
          name: "lists-gamma",
          active: false,
          quests: 0,
        });
        const { rows } = await ctx().db.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM quests WHERE action_type = 'default'",
        );
        assert.equal(byName.get("default")?.quests, rows[0]!.n);
        expectProblem(
          await ctx().admin("GET", "/admin/action-types?limit=1"),
          400,
          "BAD_REQUEST",
          "limit",
        );
      });
    });
  });

  // Periods decide which allocations are allowed, so they get a database of their own.
  describe(`operator earning periods [${kind}]`, () => {
    const ctx = withContext(kind);
    const YEAR_2100 = Date.UTC(2100, 0, 1);
    const period = (startDay: number, days = 1) => ({
      start: iso(YEAR_2100 + startDay * DAY_MS),
      end: iso(YEAR_2100 + (startDay + days) * DAY_MS),
    });
    const create = async (body: { start: string; end: string }) => {
      const response = await ctx().admin("POST", "/admin/earning-periods", body);
      expectStatus(response, 201);
      return response.json() as { id: number; start: string; end: string };
    };

    it("lists periods oldest first by start as {id, start, end}, paged by cursor", async () => {
      const made = [];
      for (const day of [30, 10, 60, 0, 50, 20, 40]) made.push(await create(period(day)));
      const items = await walk(ctx(), "/admin/earning-periods", 2);
      assert.equal(items.length, 7);
      for (const item of items) assert.deepEqual(fieldsOf(item), ["end", "id", "start"]);
      assertOrdered(items, "start", "oldest");
      assert.deepEqual(
        items,
        [...made].sort((a, b) => Date.parse(a.start) - Date.parse(b.start)),
      );
      await checkPagingInputs(ctx(), "/admin/earning-periods", UUID_ID);
    });

    it("moves a period with PATCH, and refuses an overlap with 409 CONFLICT and end ≤ start with 400", async () => {
      const moved = await create(period(100));
      await create(period(102));
      const later = { end: iso(YEAR_2100 + 101.5 * DAY_MS) };
      const response = await ctx().admin("PATCH", `/admin/earning-periods/${moved.id}`, later);
      expectStatus(response, 200);
      assert.deepEqual(response.json(), { id: moved.id, start: moved.start, end: later.end });
      const both = period(99, 2);
      const again = await ctx().admin("PATCH", `/admin/earning-periods/${moved.id}`, both);
      assert.deepEqual(again.json(), { id: moved.id, ...both });
      const startOnly = { start: iso(YEAR_2100 + 99.5 * DAY_MS) };
      const third = await ctx().admin("PATCH", `/admin/earning-periods/${moved.id}`, startOnly);
      assert.deepEqual(third.json(), { id: moved.id, start: startOnly.start, end: both.end });

      const overlap = { end: iso(YEAR_2100 + 102.5 * DAY_MS) };
      expectProblem(
        await ctx().admin("PATCH", `/admin/earning-periods/${moved.id}`, overlap),
        409,
        "CONFLICT",
      );
      for (const body of [{ end: startOnly.start }, { start: both.end }]) {
        expectProblem(
          await ctx().admin("PATCH", `/admin/earning-periods/${moved.id}`, body),
          400,
          "BAD_REQUEST",
          "end",
        );
      }
      const list = await walk(ctx(), "/admin/earning-periods", 500);
      assert.deepEqual(
        list.find((item) => item.id === moved.id),
        { id: moved.id, start: startOnly.start, end: both.end },
      );
    });

    it("refuses empty, unknown-field and malformed PATCH bodies with 400, unknown ids with 404", async () => {
      const made = await create(period(200));
      const url = `/admin/earning-periods/${made.id}`;
      expectProblem(await ctx().admin("PATCH", url, {}), 400, "BAD_REQUEST");
      expectProblem(
        await ctx().admin("PATCH", url, { end: made.end, stop: made.end }),
        400,
        "BAD_REQUEST",
        "stop",
      );
      expectProblem(
        await ctx().admin("PATCH", url, { start: "tomorrow" }),
        400,
        "BAD_REQUEST",
        "start",
      );
      for (const id of [999_999, 2_147_483_648]) {
        expectProblem(
          await ctx().admin("PATCH", `/admin/earning-periods/${id}`, { end: made.end }),
          404,
          "NOT_FOUND",
        );
        expectProblem(
          await ctx().admin("DELETE", `/admin/earning-periods/${id}`),
          404,
          "NOT_FOUND",
        );
      }
      for (const id of ["0", "x", "1.5"]) {
        expectProblem(
          await ctx().admin("DELETE", `/admin/earning-periods/${id}`),
          400,
          "BAD_REQUEST",
          "id",
        );
      }
    });

    it("deletes a period with 204; it is then gone", async () => {
      const made = await create(period(300));
      const response = await ctx().admin("DELETE", `/admin/earning-periods/${made.id}`);
      expectStatus(response, 204);
      assert.equal(response.body, "");
      const list = await walk(ctx(), "/admin/earning-periods", 500);
      assert.ok(!list.some((item) => item.id === made.id));
      expectProblem(
        await ctx().admin("DELETE", `/admin/earning-periods/${made.id}`),
        404,
        "NOT_FOUND",
      );
      // Its window is free again.
      await create(period(300));
    });

    it("refuses to delete a period a payout is stamped with: 409 EARNING_PERIOD_IN_USE", async () => {
      const now = Date.now();
      const current = await create({ start: iso(now - HOUR_MS), end: iso(now + HOUR_MS) });
      const fixture = await questFixture(ctx());
      const paid = await allocate(ctx(), fixture, { points: 5, address: fixture.playerPass });
      expectStatus(paid, 200);
      const { rows } = await ctx().db.query<{ earning_period_id: number }>(
        "SELECT earning_period_id FROM payouts WHERE id = $1",
        [paid.json().payout.id],
      );
      assert.equal(rows[0]!.earning_period_id, current.id);
      expectProblem(
        await ctx().admin("DELETE", `/admin/earning-periods/${current.id}`),
        409,
        "EARNING_PERIOD_IN_USE",
      );
      const list = await walk(ctx(), "/admin/earning-periods", 500);
      assert.deepEqual(
        list.find((item) => item.id === current.id),
        current,
      );

      // Moving it so that the payout falls outside is refused too; a move that still covers the
      // payout is allowed.
      const away = await ctx().admin("PATCH", `/admin/earning-periods/${current.id}`, {
        start: iso(now + 2 * HOUR_MS),
        end: iso(now + 3 * HOUR_MS),
      });
      expectProblem(away, 409, "EARNING_PERIOD_IN_USE");
      const narrower = await ctx().admin("PATCH", `/admin/earning-periods/${current.id}`, {
        start: iso(now - 30 * 60_000),
      });
      expectStatus(narrower, 200);
    });
  });
}
