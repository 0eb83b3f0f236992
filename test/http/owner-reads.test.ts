import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  allocate,
  createAccount,
  createQuest,
  expectProblem,
  expectStatus,
  type QuestOptions,
  randomPass,
  type TestContext,
} from "../helpers/app.js";
import { describeEachDatabase } from "../helpers/each-database.js";
import { setFeatures } from "../helpers/features.js";
import { ownerWithBothKeys } from "../helpers/owners.js";

const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

interface StatsRow {
  at: string;
  payouts: number;
  points: number;
}

/** An owner with a live and a test key, and a registered player (with its account id). */
async function ownerWithKeys(ctx: TestContext) {
  const owner = await ownerWithBothKeys(ctx);
  const playerPass = randomPass();
  return { ...owner, playerPass, playerId: await createAccount(ctx, playerPass) };
}

type Owner = Awaited<ReturnType<typeof ownerWithKeys>>;

async function liveQuest(ctx: TestContext, owner: Owner, options: QuestOptions = {}) {
  return { apiKey: owner.live.key, questId: await createQuest(ctx, owner.pass, options) };
}

function getMe(ctx: TestContext, key?: string, headers: Record<string, string> = {}) {
  return ctx.inject({ url: "/me", headers: { ...(key ? { "x-api-key": key } : {}), ...headers } });
}

async function readMe(ctx: TestContext, key: string) {
  const response = await getMe(ctx, key);
  expectStatus(response, 200);
  assert.match(String(response.headers["content-type"]), /^application\/json/);
  return response.json();
}

/**
 * The quest's `GET /quests/{id}` answer without `payouts`, with its limits per pass and link (the
 * defaults: these quests set none): what `GET /me` lists for it.
 */
async function detailWithoutPayouts(ctx: TestContext, questId: number, key: string) {
  const response = await ctx.inject({ url: `/quests/${questId}`, headers: { "x-api-key": key } });
  expectStatus(response, 200);
  const { payouts, ...rest } = response.json();
  assert.ok(Array.isArray(payouts));
  return {
    ...rest,
    url: null,
    pass_points_max: null,
    pass_payouts_max: null,
    pass_window: "quest",
  };
}

function getStats(ctx: TestContext, questId: number | string, key?: string, query = "") {
  return ctx.inject({
    url: `/quests/${questId}/stats${query}`,
    headers: key ? { "x-api-key": key } : {},
  });
}

async function readStats(
  ctx: TestContext,
  quest: { apiKey: string; questId: number },
  query = "",
): Promise<StatsRow[]> {
  const response = await getStats(ctx, quest.questId, quest.apiKey, query);
  expectStatus(response, 200);
  const rows: StatsRow[] = response.json();
  assert.ok(Array.isArray(rows), "stats answer a top-level array");
  for (const row of rows) {
    assert.deepEqual(Object.keys(row).sort(), ["at", "payouts", "points"]);
    assert.match(row.at, TIMESTAMP);
  }
  return rows;
}

/**
 * A payout written straight into the table at a chosen time. Statistics read the payouts table;
 * balances are kept totals and would not see it, so these payouts serve statistics only.
 */
async function insertPayout(
  ctx: TestContext,
  questId: number,
  accountId: string,
  amount: number,
  atMs: number,
): Promise<void> {
  await ctx.db.query(
    `INSERT INTO payouts (id, quest_id, account_id, amount, earning_period_id, created_at)
     VALUES (gen_random_uuid(), $1, $2, $3, NULL, $4)`,
    [questId, accountId, amount, new Date(atMs).toISOString()],
  );
}

/** The rows the contract expects: one per bucket holding payouts, oldest first. */
function bucketed(payouts: [atMs: number, amount: number][], bucketMs: number): StatsRow[] {
  const rows = new Map<number, StatsRow>();
  for (const [atMs, amount] of payouts) {
    const start = Math.floor(atMs / bucketMs) * bucketMs;
    const row = rows.get(start) ?? { at: new Date(start).toISOString(), payouts: 0, points: 0 };
    row.payouts += 1;
    row.points += amount;
    rows.set(start, row);
  }
  return [...rows.entries()].sort(([a], [b]) => a - b).map(([, row]) => row);
}

const iso = (ms: number) => encodeURIComponent(new Date(ms).toISOString());

describeEachDatabase("owner reads", (ctx) => {
  describe("GET /me", () => {
    it("answers the key's account, the key, and every live quest the account owns (private and inactive too) by id, without payouts", async () => {
      const owner = await ownerWithKeys(ctx());
      const first = await liveQuest(ctx(), owner, { name: "First" });
      const hidden = await liveQuest(ctx(), owner, { is_public: false, total_points: 500 });
      const paused = await liveQuest(ctx(), owner, { is_active: false });
      await createQuest(ctx(), owner.pass, { mode: "test" });
      const stranger = await ownerWithKeys(ctx());
      await liveQuest(ctx(), stranger);
      const paid = await allocate(ctx(), first, { points: 30, address: owner.playerPass });
      expectStatus(paid, 200);

      const me = await readMe(ctx(), owner.live.key);
      assert.deepEqual(Object.keys(me).sort(), ["account", "key", "quests"]);
      assert.deepEqual(me.account, { id: owner.id, pass: owner.pass });
      assert.deepEqual(Object.keys(me.key).sort(), ["expires_at", "id", "mode", "prefix", "scope"]);
      assert.equal(me.key.id, owner.live.id);
      assert.equal(me.key.mode, "live");
      assert.equal(me.key.expires_at, null);
      assert.ok(owner.live.key.startsWith(me.key.prefix), "the prefix is the key's start");
      assert.ok(me.key.prefix.length < owner.live.key.length, "never the whole key");
      const listed = await ctx().admin("GET", `/admin/keys?owner=${owner.pass}`);
      const adminKey = listed.json().items.find((k: { id: string }) => k.id === owner.live.id);
      assert.equal(me.key.prefix, adminKey.prefix);

      const ids = [first.questId, hidden.questId, paused.questId];
      assert.deepEqual(
        me.quests.map((quest: { id: number }) => quest.id),
        ids,
      );
      const expected = [];
      for (const id of ids) expected.push(await detailWithoutPayouts(ctx(), id, owner.live.key));
      assert.deepEqual(me.quests, expected);
      assert.equal(me.quests[0].points_remaining, 970);
      assert.equal(me.quests[0].name, "First");
      assert.equal(me.quests[1].total_points, 500);
      assert.equal(me.quests[2].is_active, false);
      for (const quest of me.quests) assert.equal("payouts" in quest, false);
    });

    it("answers a test key with its mode and the account's test quests only", async () => {
      const owner = await ownerWithKeys(ctx());
      await liveQuest(ctx(), owner);
      const testQuestId = await createQuest(ctx(), owner.pass, { mode: "test" });
      const otherTest = await createQuest(ctx(), owner.pass, { mode: "test", name: "Second" });
      const me = await readMe(ctx(), owner.test.key);
      assert.deepEqual(me.account, { id: owner.id, pass: owner.pass });
      assert.equal(me.key.id, owner.test.id);
      assert.equal(me.key.mode, "test");
      assert.ok(owner.test.key.startsWith(me.key.prefix));
      assert.deepEqual(me.quests, [
        await detailWithoutPayouts(ctx(), testQuestId, owner.test.key),
        await detailWithoutPayouts(ctx(), otherTest, owner.test.key),
      ]);
    });

    it("answers quests: [] for an account that owns none", async () => {
      const owner = await ownerWithKeys(ctx());
      const me = await readMe(ctx(), owner.live.key);
      assert.deepEqual(me.quests, []);
      assert.deepEqual(me.account, { id: owner.id, pass: owner.pass });
    });

    it("shows the expiry a rotation gives the old key; the new key has none", async () => {
      const owner = await ownerWithKeys(ctx());
      const before = Date.now();
      const rotation = await ctx().admin("POST", `/admin/keys/${owner.live.id}/rotate`, {
        grace_seconds: 3600,
      });
      expectStatus(rotation, 201);
      const after = Date.now();
      const old = await readMe(ctx(), owner.live.key);
      assert.equal(old.key.id, owner.live.id);
      assert.match(old.key.expires_at, TIMESTAMP);
      const expiresMs = Date.parse(old.key.expires_at);
      assert.ok(expiresMs >= before + 3600_000 - 1000 && expiresMs <= after + 3600_000 + 1000);
      const fresh = await readMe(ctx(), rotation.json().key);
      assert.equal(fresh.key.id, rotation.json().id);
      assert.equal(fresh.key.expires_at, null);
      assert.deepEqual(fresh.account, old.account);

      // Rotated without grace, the old key is expired at once.
      const now = await ctx().admin("POST", `/admin/keys/${fresh.key.id}/rotate`, {
        grace_seconds: 0,
      });
      expectStatus(now, 201);
      expectProblem(await getMe(ctx(), rotation.json().key), 401, "INVALID_API_KEY");
    });

    it("refuses a missing, unknown or revoked key with 401 INVALID_API_KEY and sends no CORS headers", async () => {
      const owner = await ownerWithKeys(ctx());
      expectStatus(await ctx().admin("DELETE", `/admin/keys/${owner.live.id}`), 204);
      const origin = { origin: "https://example.org" };
      for (const key of [undefined, `sk_${"A".repeat(40)}`, owner.live.key]) {
        const response = await getMe(ctx(), key, origin);
        expectProblem(response, 401, "INVALID_API_KEY");
        assert.equal(response.headers["access-control-allow-origin"], undefined);
      }
      const ok = await getMe(ctx(), owner.test.key, origin);
      expectStatus(ok, 200);
      assert.equal(ok.headers["access-control-allow-origin"], undefined, "owner route: no CORS");
    });

    it("answers 400 QUESTS_DISABLED while quests are switched off, before looking at the key", async () => {
      const owner = await ownerWithKeys(ctx());
      await setFeatures(ctx(), { quests: false });
      try {
        expectProblem(await getMe(ctx(), owner.live.key), 400, "QUESTS_DISABLED");
        expectProblem(await getMe(ctx()), 400, "QUESTS_DISABLED");
      } finally {
        await setFeatures(ctx(), { quests: true });
      }
      expectStatus(await getMe(ctx(), owner.live.key), 200);
    });
  });

  describe("GET /quests/{questId}/stats", () => {
    it("counts payouts and points per UTC hour by default: oldest first, only hours with payouts, at the hour's start", async () => {
      const owner = await ownerWithKeys(ctx());
      const hour = Math.floor(Date.now() / HOUR_MS) * HOUR_MS;
      const quest = await liveQuest(ctx(), owner, {
        start: new Date(hour - 72 * HOUR_MS).toISOString(),
      });
      const inserted: [number, number][] = [
        [hour - 48 * HOUR_MS + 10 * MINUTE_MS, 5],
        [hour - 48 * HOUR_MS + 50 * MINUTE_MS, 7],
        [hour - 5 * HOUR_MS, 11],
        [hour - 4 * HOUR_MS - 1, 2],
      ];
      for (const [at, amount] of inserted) {
        await insertPayout(ctx(), quest.questId, owner.playerId, amount, at);
      }
      const paid = await allocate(ctx(), quest, { points: 3, address: owner.playerPass });
      expectStatus(paid, 200);
      const payouts: [number, number][] = [
        ...inserted,
        [Date.parse(paid.json().payout.created_at), 3],
      ];
      const expected = bucketed(payouts, HOUR_MS);
      assert.equal(expected.length, 3);
      assert.deepEqual(expected[1], {
        at: new Date(hour - 5 * HOUR_MS).toISOString(),
        payouts: 2,
        points: 13,
      });
      assert.deepEqual(await readStats(ctx(), quest), expected);
      assert.deepEqual(await readStats(ctx(), quest, "?bucket=hour"), expected);
    });

    it("counts per UTC day with bucket=day", async () => {
      const owner = await ownerWithKeys(ctx());
      const day = Math.floor(Date.now() / DAY_MS) * DAY_MS;
      const quest = await liveQuest(ctx(), owner, {
        start: new Date(day - 10 * DAY_MS).toISOString(),
      });
      const inserted: [number, number][] = [
        [day - 3 * DAY_MS + HOUR_MS, 5],
        [day - 3 * DAY_MS + 23 * HOUR_MS, 6],
        [day - DAY_MS, 8],
        [day - 9 * DAY_MS + 1, 1],
      ];
      for (const [at, amount] of inserted) {
        await insertPayout(ctx(), quest.questId, owner.playerId, amount, at);
      }
      assert.deepEqual(await readStats(ctx(), quest, "?bucket=day"), [
        { at: new Date(day - 9 * DAY_MS).toISOString(), payouts: 1, points: 1 },
        { at: new Date(day - 3 * DAY_MS).toISOString(), payouts: 2, points: 11 },
        { at: new Date(day - DAY_MS).toISOString(), payouts: 1, points: 8 },
      ]);
    });

    it("still counts a reversed payout: points are gross, as the payout stays listed", async () => {
      const owner = await ownerWithKeys(ctx());
      const quest = await liveQuest(ctx(), owner);
      const kept = await allocate(ctx(), quest, { points: 3, address: owner.playerPass });
      const undone = await allocate(ctx(), quest, { points: 4, address: owner.playerPass });
      expectStatus(kept, 200);
      expectStatus(undone, 200);
      const before = await readStats(ctx(), quest, "?bucket=day");
      assert.equal(
        before.reduce((sum, row) => sum + row.payouts, 0),
        2,
      );
      assert.equal(
        before.reduce((sum, row) => sum + row.points, 0),
        7,
      );
      const reversal = await ctx().inject({
        method: "POST",
        url: `/quests/${quest.questId}/payouts/${undone.json().payout.id}/reversal`,
        headers: { "x-api-key": quest.apiKey },
        payload: { reason: "duplicate" },
      });
      expectStatus(reversal, 201);
      assert.deepEqual(await readStats(ctx(), quest, "?bucket=day"), before);
    });

    it("keeps payouts with since <= created_at < until; by default since is the quest's start", async () => {
      const owner = await ownerWithKeys(ctx());
      const hour = Math.floor(Date.now() / HOUR_MS) * HOUR_MS;
      const start = hour - 72 * HOUR_MS;
      const quest = await liveQuest(ctx(), owner, { start: new Date(start).toISOString() });
      const early = hour - 48 * HOUR_MS + 10 * MINUTE_MS;
      await insertPayout(ctx(), quest.questId, owner.playerId, 5, early);
      await insertPayout(ctx(), quest.questId, owner.playerId, 7, early + 40 * MINUTE_MS);
      await insertPayout(ctx(), quest.questId, owner.playerId, 11, hour - 5 * HOUR_MS);
      await insertPayout(ctx(), quest.questId, owner.playerId, 13, start - HOUR_MS);
      const at48 = new Date(hour - 48 * HOUR_MS).toISOString();
      const at5 = new Date(hour - 5 * HOUR_MS).toISOString();

      const range = (since: number, until: number) =>
        readStats(ctx(), quest, `?since=${iso(since)}&until=${iso(until)}`);
      assert.deepEqual(await range(early, hour - 5 * HOUR_MS), [
        { at: at48, payouts: 2, points: 12 },
      ]);
      assert.deepEqual(
        await range(early + 1, hour - 5 * HOUR_MS + 1),
        [
          { at: at48, payouts: 1, points: 7 },
          { at: at5, payouts: 1, points: 11 },
        ],
        "a row's `at` stays the bucket's start when since falls inside it",
      );
      assert.deepEqual(await range(hour - 5 * HOUR_MS, hour - 5 * HOUR_MS + 1), [
        { at: at5, payouts: 1, points: 11 },
      ]);
      assert.deepEqual(await range(hour - 3 * HOUR_MS, hour), []);
      // Any ISO 8601 offset names the same instant.
      const plusTwo = new Date(early + 2 * HOUR_MS).toISOString().replace("Z", "+02:00");
      const offsetSince = await readStats(
        ctx(),
        quest,
        `?since=${encodeURIComponent(plusTwo)}&until=${iso(hour - 5 * HOUR_MS)}`,
      );
      assert.deepEqual(offsetSince, [{ at: at48, payouts: 2, points: 12 }]);

      // The payout before the quest's start is left out by default, kept when since says so.
      const defaulted = await readStats(ctx(), quest);
      assert.deepEqual(
        defaulted.map((row) => row.points),
        [12, 11],
      );
      const sinceEarlier = await readStats(ctx(), quest, `?since=${iso(start - 2 * HOUR_MS)}`);
      assert.deepEqual(
        sinceEarlier.map((row) => row.points),
        [13, 12, 11],
      );
      const untilOnly = await readStats(ctx(), quest, `?until=${iso(hour - 24 * HOUR_MS)}`);
      assert.deepEqual(
        untilOnly.map((row) => row.points),
        [12],
      );
    });

    it("starts a defaulted range 1000 buckets before until when the quest's start is further back", async () => {
      const owner = await ownerWithKeys(ctx());
      const now = Date.now();
      const quest = await liveQuest(ctx(), owner, {
        start: new Date(now - 60 * DAY_MS).toISOString(),
      });
      // 1000 hours is about 41.7 days: the first payout is beyond it, the second within.
      const payouts: [number, number][] = [
        [now - 50 * DAY_MS, 5],
        [now - 10 * DAY_MS, 7],
      ];
      for (const [at, amount] of payouts) {
        await insertPayout(ctx(), quest.questId, owner.playerId, amount, at);
      }
      assert.deepEqual(await readStats(ctx(), quest), bucketed(payouts.slice(1), HOUR_MS));
      assert.deepEqual(await readStats(ctx(), quest, "?bucket=day"), bucketed(payouts, DAY_MS));
    });

    it("answers [] for a quest without payouts, and for one that has not started (defaulted range)", async () => {
      const owner = await ownerWithKeys(ctx());
      const quest = await liveQuest(ctx(), owner);
      assert.deepEqual(await readStats(ctx(), quest), []);
      assert.deepEqual(await readStats(ctx(), quest, "?bucket=day"), []);
      const future = await liveQuest(ctx(), owner, {
        start: new Date(Date.now() + DAY_MS).toISOString(),
        end: new Date(Date.now() + 2 * DAY_MS).toISOString(),
      });
      assert.deepEqual(await readStats(ctx(), future), []);
    });

    it("refuses a bad bucket or timestamp, since >= until, and an explicit range over 1000 buckets with 400", async () => {
      const owner = await ownerWithKeys(ctx());
      const quest = await liveQuest(ctx(), owner);
      const bad = (query: string, field?: string) =>
        getStats(ctx(), quest.questId, quest.apiKey, query).then((response) =>
          expectProblem(response, 400, "BAD_REQUEST", field),
        );
      await bad("?bucket=week", "bucket");
      await bad("?bucket=", "bucket");
      await bad("?since=yesterday", "since");
      await bad("?until=2026-13-01T00:00:00Z", "until");
      const base = Date.UTC(2020, 0, 1);
      await bad(`?since=${iso(base)}&until=${iso(base)}`);
      await bad(`?since=${iso(base + HOUR_MS)}&until=${iso(base)}`);
      await bad(`?since=${iso(base)}&until=${iso(base + 1001 * HOUR_MS)}`);
      await bad(`?bucket=day&since=${iso(base)}&until=${iso(base + 1001 * DAY_MS)}`);
      // Exactly 1000 buckets is allowed.
      const hours = `?since=${iso(base)}&until=${iso(base + 1000 * HOUR_MS)}`;
      assert.deepEqual(await readStats(ctx(), quest, hours), []);
      const days = `?bucket=day&since=${iso(base)}&until=${iso(base + 1000 * DAY_MS)}`;
      assert.deepEqual(await readStats(ctx(), quest, days), []);
    });

    it("checks the quest and its owner first: INVALID_API_KEY, BAD_REQUEST, QUEST_NOT_FOUND, NOT_QUEST_OWNER, KEY_MODE_MISMATCH", async () => {
      const owner = await ownerWithKeys(ctx());
      const quest = await liveQuest(ctx(), owner);
      const stranger = await ownerWithKeys(ctx());
      expectProblem(await getStats(ctx(), quest.questId), 401, "INVALID_API_KEY");
      expectProblem(await getStats(ctx(), "abc", owner.live.key), 400, "BAD_REQUEST");
      expectProblem(await getStats(ctx(), 98765432, owner.live.key), 404, "QUEST_NOT_FOUND");
      // The owner is checked (step 5) before the query (step 6).
      const notOwner = await getStats(ctx(), quest.questId, stranger.live.key, "?bucket=week");
      expectProblem(notOwner, 401, "NOT_QUEST_OWNER");
      const body = expectProblem(
        await getStats(ctx(), quest.questId, owner.test.key),
        401,
        "KEY_MODE_MISMATCH",
      );
      assert.match(body.detail, new RegExp(`quest ${quest.questId} is live`));
      const ok = await ctx().inject({
        url: `/quests/${quest.questId}/stats`,
        headers: { "x-api-key": owner.live.key, origin: "https://example.org" },
      });
      expectStatus(ok, 200);
      assert.equal(ok.headers["access-control-allow-origin"], undefined, "owner route: no CORS");
    });

    it("answers a test quest's statistics to its test key", async () => {
      const owner = await ownerWithKeys(ctx());
      const testQuest = {
        apiKey: owner.test.key,
        questId: await createQuest(ctx(), owner.pass, { mode: "test" }),
      };
      const paid = await allocate(ctx(), testQuest, { points: 9, address: owner.playerPass });
      expectStatus(paid, 200);
      assert.deepEqual(
        await readStats(ctx(), testQuest),
        bucketed([[Date.parse(paid.json().payout.created_at), 9]], HOUR_MS),
      );
      expectProblem(
        await getStats(ctx(), testQuest.questId, owner.live.key),
        401,
        "KEY_MODE_MISMATCH",
      );
    });

    it("answers 400 QUESTS_DISABLED while quests are switched off", async () => {
      const owner = await ownerWithKeys(ctx());
      const quest = await liveQuest(ctx(), owner);
      await setFeatures(ctx(), { quests: false });
      try {
        expectProblem(await getStats(ctx(), quest.questId, quest.apiKey), 400, "QUESTS_DISABLED");
        expectProblem(await getStats(ctx(), quest.questId), 400, "QUESTS_DISABLED");
      } finally {
        await setFeatures(ctx(), { quests: true });
      }
      expectStatus(await getStats(ctx(), quest.questId, quest.apiKey), 200);
    });
  });
});
