import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import { before, describe, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { parse } from "csv-parse/sync";
import type { Db } from "../../src/db/handle.js";
import { unavailable } from "../../src/domain/errors.js";
import { ID_MAX } from "../../src/domain/limits.js";
import {
  ADMIN_TOKEN,
  allocate,
  createAccount,
  createQuest,
  expectProblem,
  expectStatus,
  questFixture,
  randomPass,
  type TestContext,
} from "../helpers/app.js";
import { describeEachDatabase } from "../helpers/each-database.js";
import { questDetail } from "../helpers/owner-api.js";
import { payTo, reverseAsOwner } from "../helpers/owners.js";

const FIELDS = [
  "id",
  "quest_id",
  "pass",
  "amount",
  "earning_period_id",
  "created_at",
  "reversed_at",
];
const CSV_HEADER = `${FIELDS.join(",")}\r\n`;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The route reads this many rows a query (EXPORT_CHUNK_ROWS). */
const CHUNK_ROWS = 5_000;
/** Enough rows that an ndjson export (~190 bytes a row) outgrows the kernel's socket buffers. */
const MANY_PAYOUTS = 60_000;

interface Item {
  id: string;
  quest_id: number;
  pass: string;
  amount: number;
  earning_period_id: number | null;
  created_at: string;
  reversed_at: string | null;
}

interface PayoutPage {
  items: Item[];
  next_cursor: string | null;
}

/** The listing's order: newest first by (created_at, id); PostgreSQL orders uuids as hex text. */
function newestFirst(a: Item, b: Item): number {
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

function assertNewestFirst(items: Item[]): void {
  for (let i = 1; i < items.length; i++) {
    assert.ok(
      newestFirst(items[i - 1]!, items[i]!) < 0,
      `items ${i - 1} and ${i} out of order: ${JSON.stringify([items[i - 1], items[i]])}`,
    );
  }
}

const query = (fields: Record<string, string | number | undefined>) =>
  Object.entries(fields)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${name}=${encodeURIComponent(String(value))}`)
    .join("&");

async function getPage(ctx: TestContext, fields: Record<string, string | number | undefined>) {
  const response = await ctx.admin("GET", `/admin/payouts?${query(fields)}`);
  expectStatus(response, 200);
  assert.match(String(response.headers["content-type"]), /^application\/json/);
  return response.json() as PayoutPage;
}

/** Every page of a listing, following next_cursor to the end. */
async function walk(
  ctx: TestContext,
  fields: Record<string, string | number | undefined>,
  limit = 500,
): Promise<Item[]> {
  const items: Item[] = [];
  let cursor: string | undefined;
  for (let pages = 1; ; pages++) {
    assert.ok(pages <= 1_000, "the walk ends");
    const page = await getPage(ctx, { ...fields, limit, cursor });
    assert.ok(page.items.length <= limit);
    items.push(...page.items);
    if (page.next_cursor === null) return items;
    assert.equal(page.items.length, limit, "only the last page is short");
    cursor = page.next_cursor;
  }
}

/** A payout as the CSV export writes it: text fields, and an empty one for a null. */
function fromCsv(record: Record<string, string>): Item {
  return {
    id: record.id!,
    quest_id: Number(record.quest_id),
    pass: record.pass!,
    amount: Number(record.amount),
    earning_period_id: record.earning_period_id === "" ? null : Number(record.earning_period_id),
    created_at: record.created_at!,
    reversed_at: record.reversed_at === "" ? null : record.reversed_at!,
  };
}

async function exportCsv(ctx: TestContext, fields: Record<string, string | number | undefined>) {
  const response = await ctx.admin("GET", `/admin/payouts?${query({ ...fields, format: "csv" })}`);
  expectStatus(response, 200);
  assert.equal(response.headers["content-type"], "text/csv; charset=utf-8");
  assert.equal(response.headers["content-disposition"], 'attachment; filename="payouts.csv"');
  assert.ok(response.body.startsWith(CSV_HEADER), "a header row comes first");
  const records: Record<string, string>[] = parse(response.body, { columns: true });
  assert.equal(response.body.split("\r\n").length - 2, records.length, "one line per payout");
  return { body: response.body, items: records.map(fromCsv) };
}

async function exportNdjson(ctx: TestContext, fields: Record<string, string | number | undefined>) {
  const response = await ctx.admin(
    "GET",
    `/admin/payouts?${query({ ...fields, format: "ndjson" })}`,
  );
  expectStatus(response, 200);
  assert.equal(response.headers["content-type"], "application/x-ndjson");
  const lines = response.body.split("\n");
  assert.equal(lines.pop(), "", "every line ends with a newline");
  const items = lines.map((line) => JSON.parse(line) as Item);
  // Compact, in the list's key order: each line is what JSON.stringify writes for the item.
  for (const [i, line] of lines.entries()) assert.equal(line, JSON.stringify(items[i]));
  return { body: response.body, items };
}

interface Seed {
  questId: number;
  account: { id: string; pass: string };
  amount: number;
  periodId: number | null;
  createdAt: string;
}

/** Payouts written straight into the table, with the times and periods a test needs. */
async function insertPayouts(ctx: TestContext, seeds: Seed[]): Promise<Item[]> {
  const items = seeds.map((seed) => ({
    id: randomUUID(),
    quest_id: seed.questId,
    pass: seed.account.pass,
    amount: seed.amount,
    earning_period_id: seed.periodId,
    created_at: seed.createdAt,
    reversed_at: null,
  }));
  await ctx.db.query(
    `INSERT INTO payouts (id, quest_id, account_id, amount, earning_period_id, created_at)
     SELECT * FROM unnest($1::uuid[], $2::int[], $3::uuid[], $4::bigint[], $5::int[],
       $6::timestamptz[])`,
    [
      items.map((item) => item.id),
      seeds.map((seed) => seed.questId),
      seeds.map((seed) => seed.account.id),
      seeds.map((seed) => seed.amount),
      seeds.map((seed) => seed.periodId),
      seeds.map((seed) => seed.createdAt),
    ],
  );
  return items;
}

async function newAccount(ctx: TestContext) {
  const pass = randomPass();
  return { id: await createAccount(ctx, pass), pass };
}

/** A quest of a new owner, for payouts written straight into the table. */
async function newQuest(ctx: TestContext): Promise<number> {
  const owner = await newAccount(ctx);
  return createQuest(ctx, owner.pass);
}

async function createPeriod(ctx: TestContext, start: string, end: string): Promise<number> {
  const response = await ctx.admin("POST", "/admin/earning-periods", { start, end });
  expectStatus(response, 201);
  return response.json().id as number;
}

async function pointsSpent(ctx: TestContext, owner: Owner): Promise<number> {
  const quest = await questDetail(ctx, owner, "");
  return quest.total_points - quest.points_remaining;
}

type Owner = { apiKey: string; questId: number; playerPass: string };

/** Pays `amounts` on the owner's quest, then reverses the payouts at `reversedIndexes`. */
async function payAndReverse(
  ctx: TestContext,
  owner: Owner,
  amounts: number[],
  reversedIndexes: number[],
): Promise<{ paid: { id: string; amount: number }[]; reversedAt: Map<string, string> }> {
  const paid: { id: string; amount: number }[] = [];
  for (const points of amounts) paid.push(await payTo(ctx, owner, points, owner.playerPass));
  const reversedAt = new Map<string, string>();
  for (const i of reversedIndexes) {
    const reversal = await reverseAsOwner(ctx, owner, paid[i]!.id, "Paid twice by mistake");
    reversedAt.set(paid[i]!.id, reversal.created_at);
  }
  return { paid, reversedAt };
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Counts the listing's queries, and can make them fail; `restore` puts the database back. */
function watchPayoutQueries(db: Db, fail: (n: number) => Error | undefined = () => undefined) {
  const original = db.query;
  let count = 0;
  db.query = <T>(sql: string, params?: unknown[]) => {
    if (sql.includes("FROM payouts p")) {
      count += 1;
      const error = fail(count);
      if (error) return Promise.reject(error);
    }
    return original.call(db, sql, params) as Promise<{ rows: T[] }>;
  };
  return {
    count: () => count,
    restore: () => {
      db.query = original;
    },
  };
}

/** Waits until `value()` has not changed for `quietMs` (at most `timeoutMs`), and returns it. */
async function settled(value: () => number, quietMs = 600, timeoutMs = 15_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let last = value();
  let since = Date.now();
  while (Date.now() < deadline) {
    await sleep(50);
    const now = value();
    if (now !== last) {
      last = now;
      since = Date.now();
    } else if (Date.now() - since >= quietMs) {
      return now;
    }
  }
  throw new Error(`still changing after ${timeoutMs} ms (last ${last})`);
}

describeEachDatabase("GET /admin/payouts", (ctx) => {
  /** The period every allocation of these tests falls in. */
  let currentPeriodId = 0;
  before(async () => {
    const now = Date.now();
    currentPeriodId = await createPeriod(ctx(), iso(now - 30 * DAY_MS), iso(now + 30 * DAY_MS));
  });

  it("answers each payout with exactly id, quest_id, pass, amount, earning_period_id, created_at and reversed_at", async () => {
    const fixture = await questFixture(ctx());
    const response = await allocate(ctx(), fixture, {
      points: 7,
      address: fixture.playerPass.toLowerCase(),
    });
    expectStatus(response, 200);
    const { payout } = response.json();
    const page = await getPage(ctx(), { quest_id: fixture.questId });
    assert.deepEqual(page, {
      items: [
        {
          id: payout.id,
          quest_id: fixture.questId,
          pass: fixture.playerPass,
          amount: 7,
          earning_period_id: currentPeriodId,
          created_at: payout.created_at,
          reversed_at: null,
        },
      ],
      next_cursor: null,
    });
    assert.deepEqual(Object.keys(page.items[0]!), FIELDS);
  });

  it("applies each filter, and any combination of them (AND)", async () => {
    const [pa, pb, unregistered] = [await newAccount(ctx()), await newAccount(ctx()), randomPass()];
    const [qa, qb] = [await newQuest(ctx()), await newQuest(ctx())];
    // Earlier than anything else in this database, so `until` alone sees these payouts only.
    const p1 = await createPeriod(ctx(), "1975-01-01T00:00:00.000Z", "1975-04-01T00:00:00.000Z");
    const p2 = await createPeriod(ctx(), "1975-04-01T00:00:00.000Z", "1975-07-01T00:00:00.000Z");
    const seeds = Array.from({ length: 24 }, (_, i): Seed => {
      const createdAt = iso(Date.UTC(1975, 0, 1) + i * 7 * DAY_MS + (i % 3) * 3_600_000);
      const inFirst = createdAt < "1975-04-01";
      return {
        questId: i % 2 === 0 ? qa : qb,
        account: Math.floor(i / 2) % 2 === 0 ? pa : pb,
        amount: i + 1,
        periodId: i % 5 === 4 ? null : inFirst ? p1 : p2,
        createdAt,
      };
    });
    const seeded = await insertPayouts(ctx(), seeds);
    const ids = new Set(seeded.map((item) => item.id));
    const since = seeded[6]!.created_at;
    const until = seeded[17]!.created_at;
    // The same instant as `since`, written with an offset.
    const sinceWithOffset = new Date(since).toISOString().replace("Z", "+00:00");

    const cases: {
      fields: Record<string, string | number>;
      match: (item: Item) => boolean;
      /** Only seeded payouts can match (else others only have to match too). */
      onlySeeded: boolean;
    }[] = [
      { fields: { quest_id: qa }, match: (p) => p.quest_id === qa, onlySeeded: true },
      { fields: { pass: pa.pass }, match: (p) => p.pass === pa.pass, onlySeeded: true },
      {
        fields: { pass: pa.pass.toLowerCase() },
        match: (p) => p.pass === pa.pass,
        onlySeeded: true,
      },
      {
        fields: { earning_period_id: p1 },
        match: (p) => p.earning_period_id === p1,
        onlySeeded: true,
      },
      { fields: { since }, match: (p) => p.created_at >= since, onlySeeded: false },
      { fields: { until }, match: (p) => p.created_at < until, onlySeeded: true },
      {
        fields: { since: sinceWithOffset, until },
        match: (p) => p.created_at >= since && p.created_at < until,
        onlySeeded: true,
      },
      {
        fields: { quest_id: qa, pass: pb.pass, earning_period_id: p2 },
        match: (p) => p.quest_id === qa && p.pass === pb.pass && p.earning_period_id === p2,
        onlySeeded: true,
      },
      {
        fields: { quest_id: qb, since, until },
        match: (p) => p.quest_id === qb && p.created_at >= since && p.created_at < until,
        onlySeeded: true,
      },
      {
        fields: { quest_id: qa, pass: pa.pass, earning_period_id: p1, since, until },
        match: (p) =>
          p.quest_id === qa &&
          p.pass === pa.pass &&
          p.earning_period_id === p1 &&
          p.created_at >= since &&
          p.created_at < until,
        onlySeeded: true,
      },
      { fields: { pass: unregistered }, match: () => false, onlySeeded: true },
      { fields: { quest_id: ID_MAX + 1 }, match: () => false, onlySeeded: true },
      { fields: { earning_period_id: ID_MAX + 1 }, match: () => false, onlySeeded: true },
      { fields: { since: until, until: since }, match: () => false, onlySeeded: true },
    ];
    for (const { fields, match, onlySeeded } of cases) {
      const label = JSON.stringify(fields);
      const items = await walk(ctx(), fields);
      const expected = seeded.filter(match).sort(newestFirst);
      assert.deepEqual(
        items.filter((item) => ids.has(item.id)),
        expected,
        `${label}: the seeded payouts that match`,
      );
      if (onlySeeded) assert.equal(items.length, expected.length, `${label}: nothing else`);
      assert.ok(items.every(match), `${label}: every item matches`);
      assertNewestFirst(items);
    }
    assert.ok(
      cases.slice(0, 10).every(({ match }) => seeded.some(match)),
      "each non-empty case matches some payouts",
    );
  });

  it("takes `since` as inclusive and `until` as exclusive, to the millisecond", async () => {
    const questId = await newQuest(ctx());
    const account = await newAccount(ctx());
    const t = Date.UTC(1976, 5, 1, 12);
    const [before, at, afterT] = await insertPayouts(
      ctx(),
      [t - 1, t, t + 1].map((ms) => ({
        questId,
        account,
        amount: 1,
        periodId: null,
        createdAt: iso(ms),
      })),
    );
    const ids = async (fields: Record<string, string>) =>
      (await walk(ctx(), { quest_id: questId, ...fields })).map((item) => item.id);
    assert.deepEqual(await ids({ since: iso(t) }), [afterT!.id, at!.id]);
    assert.deepEqual(await ids({ until: iso(t) }), [before!.id]);
    assert.deepEqual(await ids({ since: iso(t), until: iso(t) }), []);
    assert.deepEqual(await ids({ since: iso(t), until: iso(t + 1) }), [at!.id]);
    assert.deepEqual(await ids({ since: iso(t - 1), until: iso(t + 2) }), [
      afterT!.id,
      at!.id,
      before!.id,
    ]);
  });

  it("lists newest first by (created_at, id), across equal times and page boundaries", async () => {
    const questId = await newQuest(ctx());
    const account = await newAccount(ctx());
    // Pairs of payouts at the same millisecond: the id decides between them.
    const seeded = await insertPayouts(
      ctx(),
      Array.from({ length: 10 }, (_, i) => ({
        questId,
        account,
        amount: i + 1,
        periodId: null,
        createdAt: iso(Date.UTC(1977, 0, 1) + Math.floor(i / 2) * 1000),
      })),
    );
    const expected = [...seeded].sort(newestFirst);
    for (const limit of [1, 2, 3, 500]) {
      assert.deepEqual(await walk(ctx(), { quest_id: questId }, limit), expected, `limit ${limit}`);
    }
  });

  it("pages by `limit` 1..500, 100 by default", async () => {
    const questId = await newQuest(ctx());
    const account = await newAccount(ctx());
    const seeded = await insertPayouts(
      ctx(),
      Array.from({ length: 101 }, (_, i) => ({
        questId,
        account,
        amount: 1,
        periodId: null,
        createdAt: iso(Date.UTC(1978, 0, 1) + i * 1000),
      })),
    );
    const first = await getPage(ctx(), { quest_id: questId });
    assert.equal(first.items.length, 100);
    assert.notEqual(first.next_cursor, null);
    const rest = await getPage(ctx(), { quest_id: questId, cursor: first.next_cursor! });
    assert.equal(rest.items.length, 1);
    assert.equal(rest.next_cursor, null);
    assert.equal(rest.items[0]!.id, seeded[0]!.id, "the oldest comes last");
    const exact = await getPage(ctx(), { quest_id: questId, limit: 101 });
    assert.equal(exact.items.length, 101);
    assert.equal(exact.next_cursor, null, "no cursor when nothing follows");
    assert.equal((await getPage(ctx(), { quest_id: questId, limit: 500 })).items.length, 101);
    const one = await getPage(ctx(), { quest_id: questId, limit: 1 });
    assert.equal(one.items.length, 1);
    assert.notEqual(one.next_cursor, null);
    for (const limit of ["0", "501", "-1", "1.5", "ten", ""]) {
      const response = await ctx().admin("GET", `/admin/payouts?limit=${limit}`);
      expectProblem(response, 400, "BAD_REQUEST", "limit");
    }
  });

  it("walks every payout of two quests with limit 3, without gaps or repeats", async () => {
    const fixture = await questFixture(ctx());
    const otherQuest = { ...fixture, questId: await createQuest(ctx(), fixture.ownerPass) };
    const made = new Map<string, number>();
    for (let i = 0; i < 12; i++) {
      const quest = i % 2 === 0 ? fixture : otherQuest;
      const response = await allocate(ctx(), quest, {
        points: i + 1,
        address: fixture.playerPass,
      });
      expectStatus(response, 200);
      made.set(response.json().payout.id, quest.questId);
    }
    const items = await walk(ctx(), { pass: fixture.playerPass }, 3);
    assert.equal(items.length, 12);
    assert.equal(new Set(items.map((item) => item.id)).size, 12, "no repeats");
    assert.deepEqual(new Set(items.map((item) => item.id)), new Set(made.keys()), "no gaps");
    for (const item of items) assert.equal(item.quest_id, made.get(item.id));
    assertNewestFirst(items);
    const [first, second] = [
      await walk(ctx(), { quest_id: fixture.questId }, 3),
      await walk(ctx(), { quest_id: otherQuest.questId }, 3),
    ];
    assert.deepEqual([...first, ...second].sort(newestFirst), items);
  });

  it("lists every payout made before a walk exactly once while allocations go on", async () => {
    const fixture = await questFixture(ctx());
    const before = new Set<string>();
    for (let i = 0; i < 10; i++) {
      const response = await allocate(ctx(), fixture, { points: 1, address: fixture.playerPass });
      expectStatus(response, 200);
      before.add(response.json().payout.id);
    }
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const [page, ...allocations] = await Promise.all([
        getPage(ctx(), { pass: fixture.playerPass, limit: 3, cursor }),
        allocate(ctx(), fixture, { points: 1, address: fixture.playerPass }),
        allocate(ctx(), fixture, { points: 1, address: fixture.playerPass }),
      ]);
      for (const response of allocations) expectStatus(response, 200);
      seen.push(...page.items.map((item) => item.id));
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
    assert.equal(new Set(seen).size, seen.length, "no payout twice");
    for (const id of before) {
      assert.equal(seen.filter((seenId) => seenId === id).length, 1, `payout ${id} once`);
    }
  });

  it("refuses a cursor it cannot read with 400 BAD_REQUEST", async () => {
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
    for (const cursor of [
      "garbage",
      "!!!",
      encode(["2026-01-01T00:00:00.000Z", "17"]),
      encode(["2026-01-01T00:00:00.000Z"]),
      encode({ at: "2026-01-01T00:00:00.000Z", id: randomUUID() }),
      encode(["yesterday", randomUUID()]),
    ]) {
      const response = await ctx().admin(
        "GET",
        `/admin/payouts?cursor=${encodeURIComponent(cursor)}`,
      );
      expectProblem(response, 400, "BAD_REQUEST", "cursor");
    }
  });

  it("refuses bad filter values with 400 naming the field", async () => {
    const cases: [string, string][] = [
      ["quest_id=abc", "quest_id"],
      ["quest_id=0", "quest_id"],
      ["quest_id=1.5", "quest_id"],
      ["quest_id=0x10", "quest_id"],
      ["pass=0x123", "pass"],
      ["pass=nobody", "pass"],
      ["earning_period_id=-1", "earning_period_id"],
      ["since=yesterday", "since"],
      ["since=2026-01-01", "since"],
      ["until=2026-13-01T00:00:00Z", "until"],
      ["format=xml", "format"],
      ["owner=0x0000000000000000000000000000000000000001", "owner"],
    ];
    for (const [search, field] of cases) {
      const response = await ctx().admin("GET", `/admin/payouts?${search}`);
      expectProblem(response, 400, "BAD_REQUEST", field);
    }
    const both = await ctx().admin("GET", "/admin/payouts?quest_id=x&since=y");
    expectProblem(both, 400, "BAD_REQUEST", "quest_id");
    expectProblem(both, 400, "BAD_REQUEST", "since");
  });

  it("exports CSV: a header row, then one row per payout that round-trips, filters applied", async () => {
    const fixture = await questFixture(ctx());
    const other = await newAccount(ctx());
    for (let i = 0; i < 4; i++) {
      const address = i % 2 === 0 ? fixture.playerPass : other.pass;
      expectStatus(await allocate(ctx(), fixture, { points: 10 + i, address }), 200);
    }
    await insertPayouts(ctx(), [
      {
        questId: fixture.questId,
        account: other,
        amount: 9_007_199_254_740_991,
        periodId: null,
        createdAt: "1979-01-01T00:00:00.000Z",
      },
    ]);
    const all = await exportCsv(ctx(), { quest_id: fixture.questId });
    assert.equal(all.items.length, 5);
    assert.deepEqual(all.items, await walk(ctx(), { quest_id: fixture.questId }));
    assert.equal(all.items.at(-1)!.earning_period_id, null, "no period: an empty field");
    assert.equal(all.items.at(-1)!.amount, 9_007_199_254_740_991);
    const filtered = await exportCsv(ctx(), {
      quest_id: fixture.questId,
      pass: other.pass,
      since: "1980-01-01T00:00:00Z",
    });
    assert.equal(filtered.items.length, 2);
    assert.deepEqual(
      filtered.items,
      await walk(ctx(), {
        quest_id: fixture.questId,
        pass: other.pass,
        since: "1980-01-01T00:00:00Z",
      }),
    );
  });

  it("exports NDJSON: one object a line, equal to the listed items", async () => {
    const fixture = await questFixture(ctx());
    for (let i = 0; i < 3; i++) {
      const response = await allocate(ctx(), fixture, {
        points: 1 + i,
        address: fixture.playerPass,
      });
      expectStatus(response, 200);
    }
    const { items } = await exportNdjson(ctx(), { quest_id: fixture.questId });
    assert.equal(items.length, 3);
    assert.deepEqual(items, await walk(ctx(), { quest_id: fixture.questId }));
    for (const item of items) assert.deepEqual(Object.keys(item), FIELDS);
    const other = await exportNdjson(ctx(), { quest_id: fixture.questId, pass: randomPass() });
    assert.deepEqual(other.items, [], "filters apply");
  });

  it("exports only the header row (CSV) or nothing (NDJSON) when no payout matches", async () => {
    const fields = { pass: randomPass() };
    assert.equal((await exportCsv(ctx(), fields)).body, CSV_HEADER);
    assert.equal((await exportNdjson(ctx(), fields)).body, "");
  });

  it("refuses limit and cursor with format=csv or ndjson: an export is never paged", async () => {
    const limited = await ctx().admin("GET", "/admin/payouts?format=csv&limit=10");
    const body = expectProblem(limited, 400, "BAD_REQUEST", "limit");
    assert.match(body.detail, /format=csv/);
    assert.match(body.detail, /limit/);
    const cursor = (await getPage(ctx(), { limit: 1 })).next_cursor!;
    const paged = await ctx().admin(
      "GET",
      `/admin/payouts?format=ndjson&cursor=${encodeURIComponent(cursor)}`,
    );
    expectProblem(paged, 400, "BAD_REQUEST", "cursor");
    const both = await ctx().admin(
      "GET",
      `/admin/payouts?format=csv&limit=5&cursor=${encodeURIComponent(cursor)}`,
    );
    expectProblem(both, 400, "BAD_REQUEST", "limit");
    expectProblem(both, 400, "BAD_REQUEST", "cursor");
    expectStatus(await ctx().admin("GET", "/admin/payouts?format=json&limit=1"), 200);
  });

  it("answers 401 without the admin token, or with a wrong one", async () => {
    for (const format of ["json", "csv", "ndjson"]) {
      const url = `/admin/payouts?format=${format}`;
      expectProblem(await ctx().inject({ method: "GET", url }), 401, "UNAUTHORIZED");
      const wrong = await ctx().inject({
        method: "GET",
        url,
        headers: { authorization: "Bearer not-the-token" },
      });
      expectProblem(wrong, 401, "UNAUTHORIZED");
    }
  });

  it("answers 503 as a problem when the database fails before the export began", async () => {
    const watch = watchPayoutQueries(ctx().db, () => unavailable("Injected: database away."));
    try {
      const response = await ctx().admin("GET", "/admin/payouts?format=csv");
      expectProblem(response, 503, "SERVICE_UNAVAILABLE");
      assert.equal(response.headers["content-disposition"], undefined);
      assert.equal(response.headers["retry-after"], "1");
    } finally {
      watch.restore();
    }
  });

  describe("reversed payouts", () => {
    it("marks a reversed payout with reversed_at in the list, the CSV and the NDJSON; null (an empty CSV field) on the others", async () => {
      const fixture = await questFixture(ctx());
      const { paid, reversedAt } = await payAndReverse(ctx(), fixture, [10, 20, 30], [1]);
      const reversedId = paid[1]!.id;
      const listed = await walk(ctx(), { quest_id: fixture.questId });
      assert.equal(listed.length, 3);
      for (const item of listed) {
        assert.deepEqual(Object.keys(item), FIELDS);
        assert.equal(item.reversed_at, reversedAt.get(item.id) ?? null, item.id);
      }
      const reversed = listed.find((item) => item.id === reversedId)!;
      assert.match(reversed.reversed_at!, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      assert.equal(reversed.amount, 20, "the payout keeps its amount");

      const csv = await exportCsv(ctx(), { quest_id: fixture.questId });
      assert.deepEqual(csv.items, listed);
      const lines = csv.body.split("\r\n");
      assert.equal(lines[0], FIELDS.join(","), "reversed_at is the last column");
      for (const line of lines.slice(1, -1)) {
        const id = line.split(",")[0]!;
        const last = line.split(",").at(-1);
        assert.equal(last, id === reversedId ? reversed.reversed_at : "", line);
      }
      const ndjson = await exportNdjson(ctx(), { quest_id: fixture.questId });
      assert.deepEqual(ndjson.items, listed);
      assert.ok(
        ndjson.body
          .split("\n")
          .slice(0, -1)
          .every((line) => line.includes('"reversed_at":')),
        "every NDJSON line carries reversed_at, null included",
      );

      // The export reconciles with the quest's budget: spent = payouts not reversed.
      const notReversed = csv.items.filter((item) => item.reversed_at === null);
      assert.equal(
        notReversed.reduce((sum, item) => sum + item.amount, 0),
        await pointsSpent(ctx(), fixture),
      );
    });

    it("filters by reversed=true and reversed=false in every form, with the other filters, and pages them by cursor", async () => {
      const fixture = await questFixture(ctx());
      const other = { ...fixture, questId: await createQuest(ctx(), fixture.ownerPass) };
      const { paid } = await payAndReverse(ctx(), fixture, [1, 2, 3, 4, 5, 6, 7], [0, 2, 3, 6]);
      await payAndReverse(ctx(), other, [8, 9], [0]);
      const all = await walk(ctx(), { quest_id: fixture.questId });
      assert.equal(all.length, 7);
      const reversedIds = new Set([paid[0]!.id, paid[2]!.id, paid[3]!.id, paid[6]!.id]);
      for (const [flag, expected] of [
        ["true", all.filter((item) => reversedIds.has(item.id))],
        ["false", all.filter((item) => !reversedIds.has(item.id))],
      ] as const) {
        const fields = { quest_id: fixture.questId, reversed: flag };
        for (const limit of [1, 2, 500]) {
          assert.deepEqual(await walk(ctx(), fields, limit), expected, `${flag}, limit ${limit}`);
        }
        assert.ok(expected.every((item) => (item.reversed_at !== null) === (flag === "true")));
        assert.deepEqual((await exportCsv(ctx(), fields)).items, expected, `csv ${flag}`);
        assert.deepEqual((await exportNdjson(ctx(), fields)).items, expected, `ndjson ${flag}`);
      }
      // Combined with the pass filter: the player's reversed payouts of both quests.
      const byPass = await walk(ctx(), { pass: fixture.playerPass, reversed: "true" });
      assert.equal(byPass.length, 5);
      assert.ok(byPass.every((item) => item.reversed_at !== null));
      assertNewestFirst(byPass);
      // Without the filter, every payout, reversed or not.
      assert.equal((await walk(ctx(), { pass: fixture.playerPass })).length, 9);
    });

    it("refuses a reversed value other than true or false with 400 naming reversed", async () => {
      for (const value of ["yes", "1", "TRUE", ""]) {
        for (const format of ["json", "csv"]) {
          const response = await ctx().admin(
            "GET",
            `/admin/payouts?reversed=${value}&format=${format}`,
          );
          expectProblem(response, 400, "BAD_REQUEST", "reversed");
        }
      }
    });
  });

  describe(`${MANY_PAYOUTS.toLocaleString("en-US")} payouts of one quest`, () => {
    let questId = 0;
    let baseUrl = "";
    before(async () => {
      questId = await newQuest(ctx());
      const [a, b] = [await newAccount(ctx()), await newAccount(ctx())];
      // One statement; three payouts share each millisecond, so the ids order the ties. It may
      // outlast a request's statement timeout on a loaded machine: it is a seed, not a request.
      await ctx().db.transaction(async (tx) => {
        await tx.allowLongStatements(120_000);
        await tx.query(
          `INSERT INTO payouts (id, quest_id, account_id, amount, created_at)
         SELECT gen_random_uuid(), $1, CASE WHEN i % 2 = 0 THEN $2::uuid ELSE $3::uuid END,
           1 + i % 100, timestamptz '1980-01-01 00:00:00+00' + (i / 3) * interval '1 millisecond'
         FROM generate_series(1, $4::int) AS i`,
          [questId, a.id, b.id, MANY_PAYOUTS],
        );
      });
      await ctx().app.listen({ port: 0, host: "127.0.0.1" });
      baseUrl = `http://127.0.0.1:${(ctx().app.server.address() as AddressInfo).port}`;
    });

    it("exports every one of them exactly once, newest first, in either format", async () => {
      const csv = await exportCsv(ctx(), { quest_id: questId });
      assert.equal(csv.items.length, MANY_PAYOUTS);
      assert.equal(new Set(csv.items.map((item) => item.id)).size, MANY_PAYOUTS);
      assertNewestFirst(csv.items);
      const firstPage = await getPage(ctx(), { quest_id: questId, limit: 500 });
      assert.deepEqual(csv.items.slice(0, 500), firstPage.items);
      const ndjson = await exportNdjson(ctx(), { quest_id: questId });
      assert.deepEqual(ndjson.items, csv.items);
    });

    it("reads no further ahead while the client does not read, and stops when it goes away", async () => {
      const watch = watchPayoutQueries(ctx().db);
      const socket = connect((ctx().app.server.address() as AddressInfo).port, "127.0.0.1");
      try {
        await once(socket, "connect");
        socket.pause(); // the answer backs up: kernel buffers, then the service's stream
        socket.write(
          `GET /admin/payouts?format=ndjson&quest_id=${questId} HTTP/1.1\r\n` +
            `Host: 127.0.0.1\r\nAuthorization: Bearer ${ADMIN_TOKEN}\r\n\r\n`,
        );
        const whilePaused = await settled(watch.count);
        const allChunks = MANY_PAYOUTS / CHUNK_ROWS;
        assert.ok(
          whilePaused >= 1 && whilePaused < allChunks,
          `${whilePaused} of ${allChunks} chunks read while the client read nothing`,
        );
        socket.destroy();
        await sleep(500);
        assert.equal(watch.count(), whilePaused, "no chunk read after the client left");
      } finally {
        socket.destroy();
        watch.restore();
      }
      // Nothing was left holding the database.
      assert.equal((await getPage(ctx(), { quest_id: questId, limit: 1 })).items.length, 1);
    });

    it("cuts the transfer short when the database fails after the answer began", async () => {
      const watch = watchPayoutQueries(ctx().db, (n) =>
        n >= 3 ? new Error("Injected: connection lost") : undefined,
      );
      try {
        const response = await fetch(`${baseUrl}/admin/payouts?format=csv&quest_id=${questId}`, {
          headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        });
        assert.equal(response.status, 200);
        assert.equal(response.headers.get("content-type"), "text/csv; charset=utf-8");
        await assert.rejects(response.text(), "the body ends without its terminating chunk");
        assert.equal(watch.count(), 3);
      } finally {
        watch.restore();
      }
      const whole = await fetch(`${baseUrl}/admin/payouts?format=csv&quest_id=${questId}`, {
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      });
      assert.equal((await whole.text()).split("\r\n").length - 2, MANY_PAYOUTS);
    });
  });
});
