/**
 * The backfill of migration 011  on payouts the previous version made: until
 * a quest is numbered its pages are read as before; after, its positions are 1..n in (created_at,
 * id) order and every page is what the old query answered, also with allocations made while the
 * fill runs, and with two processes filling at once.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { FastifyInstance } from "fastify";
import { v7 as uuidv7 } from "uuid";
import { loadConfig } from "../../src/config.js";
import type { Db, Queryable } from "../../src/db/handle.js";
import { openPostgres } from "../../src/db/postgres.js";
import { buildApp } from "../../src/http/app.js";
import { fillPayoutPositions } from "../../src/machinery/payout-positions-backfill.js";
import { prepareServices } from "../../src/runtime.js";
import { migrate } from "../../src/store/migrate.js";
import { findQuestDetails } from "../../src/store/quests.js";
import {
  ADMIN_TOKEN,
  DATABASES,
  expectStatus,
  openTestDb,
  randomPass,
  type TestContext,
} from "../helpers/app.js";
import { holdRows, lockWaits } from "../helpers/locks.js";
import { oldPage } from "../helpers/payout-pages.js";

const BEFORE_011 = "010_operators.sql";
const BATCH = 97;
const LIMITS = [1, 7, 20, 100];
const DAY_MS = 24 * 60 * 60 * 1000;

interface Row {
  id: string;
  amount: number;
  createdAt: string;
  pass: string;
}

interface QuestSpec {
  payouts: number;
  mode?: "live" | "test";
  /** How many of its payouts share one created_at (ties go by id). */
  tied?: number;
}

interface Seeded {
  ownerPass: string;
  /** By spec, in the order given (ids ascend in that order). */
  questIds: number[];
  passes: string[];
  total: number;
}

/** A deterministic pseudo-random sequence (mulberry32), so a failure replays the same data. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * What the previous version left: an owner, players, quests and their payouts, written with SQL
 * as its allocations wrote them (no position), in an order unrelated to their created_at, all in
 * the past.
 */
async function seedPreviousVersion(db: Db, specs: QuestSpec[], seed = 11): Promise<Seeded> {
  const next = random(seed);
  const ownerPass = randomPass();
  const passes = Array.from({ length: 5 }, () => randomPass());
  const { rows: accounts } = await db.query<{ id: string }>(
    "INSERT INTO accounts (pass) SELECT unnest($1::text[]) RETURNING id",
    [passes],
  );
  const { rows: owner } = await db.query<{ id: string }>(
    "INSERT INTO accounts (pass) VALUES ($1) RETURNING id",
    [ownerPass],
  );
  const now = Date.now();
  const questIds: number[] = [];
  let total = 0;
  for (const [i, spec] of specs.entries()) {
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO quests (name, description, owner_id, total_points, points_remaining,
         expected_points_per_completion, start_at, end_at, mode, is_public)
       VALUES ($1, 'before 011', $2, 100000000, 100000000, 1, $3, $4, $5, $6)
       RETURNING id`,
      [
        `Quest ${i}`,
        owner[0]!.id,
        new Date(now - 30 * DAY_MS),
        new Date(now + 30 * DAY_MS),
        spec.mode ?? "live",
        (spec.mode ?? "live") === "live",
      ],
    );
    const questId = rows[0]!.id;
    questIds.push(questId);
    const tiedAt = new Date(now - 5 * DAY_MS - Math.floor(next() * DAY_MS));
    const created = Array.from({ length: spec.payouts }, (_, n) =>
      n < (spec.tied ?? 0) ? tiedAt : new Date(now - DAY_MS - Math.floor(next() * 10 * DAY_MS)),
    );
    // Shuffled: insertion order (and the ids' order) is unrelated to created_at.
    for (let n = created.length - 1; n > 0; n--) {
      const m = Math.floor(next() * (n + 1));
      [created[n], created[m]] = [created[m]!, created[n]!];
    }
    const amounts = created.map(() => 1 + Math.floor(next() * 50));
    await db.query(
      `INSERT INTO payouts (id, quest_id, account_id, amount, earning_period_id, created_at)
       SELECT * FROM unnest($1::uuid[], $2::int[], $3::uuid[], $4::bigint[], $5::int[],
         $6::timestamptz[])`,
      [
        created.map(() => uuidv7()),
        created.map(() => questId),
        created.map((_, n) => accounts[n % accounts.length]!.id),
        amounts,
        created.map(() => null),
        created,
      ],
    );
    await db.query("UPDATE quests SET points_remaining = total_points - $2::bigint WHERE id = $1", [
      questId,
      amounts.reduce((sum, amount) => sum + amount, 0),
    ]);
    total += spec.payouts;
  }
  return { ownerPass, questIds, passes, total };
}

/** The page as the query before migration 011 read it. */
async function oldPageRows(db: Queryable, questId: number, limit: number, offset: number) {
  return (await oldPage(db, questId, limit, offset)).map(
    (payout): Row => ({
      id: payout.id,
      amount: payout.amount,
      createdAt: payout.created_at,
      pass: payout.account.pass,
    }),
  );
}

interface PageKey {
  questId: number;
  limit: number;
  offset: number;
}

/**
 * Every offset of a small quest; of a larger one the first and last `ends`, the edges of the
 * first batches the fill numbered, and `spread` more between.
 */
async function pagesOf(db: Queryable, questIds: number[], ends = 10, spread = 30) {
  const pages: PageKey[] = [];
  for (const questId of questIds) {
    const { rows } = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM payouts WHERE quest_id = $1",
      [questId],
    );
    const n = rows[0]!.n;
    const step = Math.ceil(n / spread);
    for (let offset = 0; offset <= n + 1; offset++) {
      const nearEnd = offset <= ends || offset >= n - ends;
      // Pages whose newest payout is around the end of one of the first three batches.
      const oldest = n - offset;
      const batchEdge = oldest < 3 * BATCH + 2 && [0, 1, BATCH - 1].includes(oldest % BATCH);
      if (n > 40 && !nearEnd && !batchEdge && offset % step !== 0) continue;
      for (const limit of LIMITS) pages.push({ questId, limit, offset });
    }
  }
  return pages;
}

const keyOf = (page: PageKey) => `${page.questId}:${page.limit}:${page.offset}`;

async function oldPages(db: Queryable, pages: PageKey[]): Promise<Map<string, Row[]>> {
  const answers = new Map<string, Row[]>();
  for (const page of pages) {
    answers.set(keyOf(page), await oldPageRows(db, page.questId, page.limit, page.offset));
  }
  return answers;
}

/** Each page as the service reads it (findQuestDetails, many per statement) equals `expected`. */
async function assertPages(db: Queryable, pages: PageKey[], expected: Map<string, Row[]>) {
  for (let i = 0; i < pages.length; i += 100) {
    const chunk = pages.slice(i, i + 100);
    const reads = await findQuestDetails(db, chunk);
    for (const [n, page] of chunk.entries()) {
      const answered = reads[n]!.payouts.map(
        (p): Row => ({
          id: p.id,
          amount: p.amount,
          createdAt: p.createdAt.toISOString(),
          pass: p.pass,
        }),
      );
      assert.deepEqual(answered, expected.get(keyOf(page)), `page ${keyOf(page)}`);
    }
  }
}

/** A few pages of each quest (mid-fill) read as the old query reads them now. */
async function assertPagesAsBefore(db: Queryable, seeded: Seeded) {
  const pages = await pagesOf(db, seeded.questIds, 3, 6);
  await assertPages(db, pages, await oldPages(db, pages));
}

/** Positions 1..n in (created_at, id) order, payouts_made n, last_payout_at the newest time. */
async function assertNumbered(db: Queryable, questIds: number[]) {
  for (const questId of questIds) {
    const { rows } = await db.query<{ position: number | null; created_at: Date }>(
      `SELECT position::int AS position, created_at FROM payouts WHERE quest_id = $1
       ORDER BY created_at, id`,
      [questId],
    );
    assert.deepEqual(
      rows.map((row) => row.position),
      rows.map((_, i) => i + 1),
      `quest ${questId}: positions 1..n in (created_at, id) order`,
    );
    const { rows: quest } = await db.query<{ made: number | null; last: Date | null }>(
      "SELECT payouts_made::int AS made, last_payout_at AS last FROM quests WHERE id = $1",
      [questId],
    );
    assert.equal(quest[0]!.made, rows.length, `quest ${questId}: payouts_made`);
    assert.equal(
      quest[0]!.last?.toISOString(),
      rows.at(-1)?.created_at.toISOString(),
      `quest ${questId}: last_payout_at`,
    );
  }
}

async function payoutsMade(db: Queryable, questIds: number[]) {
  const { rows } = await db.query<{ made: number | null }>(
    "SELECT payouts_made::int AS made FROM quests WHERE id = ANY($1::int[]) ORDER BY id",
    [questIds],
  );
  return rows.map((row) => row.made);
}

/** The fill until it reports complete (a busy quest is tried again); what it numbered. */
async function fillToEnd(db: Db): Promise<number> {
  let numbered = 0;
  for (let round = 0; round < 20; round++) {
    const run = await fillPayoutPositions(db, { batchSize: BATCH });
    numbered += run.numbered;
    if (run.complete) return numbered;
  }
  throw new Error("the fill never completed");
}

/** The service as `serve` builds it, on `db` (migrating it to the end). */
async function serviceOn(db: Db): Promise<FastifyInstance> {
  const config = loadConfig({ ADMIN_TOKEN, LOG_LEVEL: "silent" });
  const app = await buildApp(await prepareServices(config, db), { logger: false });
  await app.ready();
  return app;
}

async function issueKey(app: FastifyInstance, owner: string, mode: "live" | "test") {
  const response = await app.inject({
    method: "POST",
    url: "/admin/keys",
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    payload: { owner, mode },
  });
  expectStatus(response, 201);
  return response.json().key as string;
}

// Quest order is fill order: the large one first, so a stopped fill stops inside it.
const SPECS: QuestSpec[] = [
  { payouts: 3000, tied: 400 },
  { payouts: 0 },
  { payouts: 6 },
  { payouts: 150, tied: 30, mode: "test" },
];

for (const kind of DATABASES) {
  describe(`payout positions backfill [${kind}]`, () => {
    it("numbers the previous version's payouts in page order; every page stays what it was", async () => {
      const { db } = await openTestDb(kind);
      try {
        await migrate(db, { through: BEFORE_011 });
        const seeded = await seedPreviousVersion(db, SPECS);
        const pages = await pagesOf(db, seeded.questIds);
        const before = await oldPages(db, pages);

        const { applied } = await migrate(db);
        assert.equal(applied[0], "011_payout_positions.sql", "011 is the next migration");
        assert.deepEqual(await payoutsMade(db, seeded.questIds), [null, 0, null, null]);
        await assertPages(db, pages, before);

        let transactions = 0;
        let reported = 0;
        const run = await fillPayoutPositions(db, {
          batchSize: BATCH,
          onProgress: (n) => {
            transactions++;
            reported += n;
          },
        });
        assert.deepEqual(run, { numbered: seeded.total, complete: true });
        assert.equal(reported, seeded.total);
        assert.ok(transactions > seeded.total / BATCH, `${transactions} steps`);
        await assertNumbered(db, seeded.questIds);
        await assertPages(db, pages, before);
        assert.deepEqual(await fillPayoutPositions(db, { batchSize: BATCH }), {
          numbered: 0,
          complete: true,
        });
      } finally {
        await db.close();
      }
    });

    it("numbers allocations made while the fill runs, in page order, with the rest", async () => {
      const { db } = await openTestDb(kind);
      let app: FastifyInstance | undefined;
      try {
        await migrate(db, { through: BEFORE_011 });
        const seeded = await seedPreviousVersion(db, SPECS, 25);
        app = await serviceOn(db);
        const service = app;
        const keys = new Map<string, string>();
        for (const mode of ["live", "test"] as const) {
          keys.set(mode, await issueKey(service, seeded.ownerPass, mode));
        }
        const answered: Row[] = [];
        /** A single allocation and a batch of three on every quest, all at once. */
        const allocateEverywhere = (round: number) =>
          Promise.all(
            seeded.questIds.flatMap((questId, q) => {
              const headers = { "x-api-key": keys.get(SPECS[q]!.mode ?? "live")! };
              const item = (n: number) => ({
                points: 1 + n,
                address: seeded.passes[(round + n) % seeded.passes.length]!,
              });
              return [
                service.inject({
                  method: "POST",
                  url: `/quests/${questId}`,
                  headers,
                  payload: item(0),
                }),
                service.inject({
                  method: "POST",
                  url: `/quests/${questId}/allocations`,
                  headers,
                  payload: { allocations: [item(1), item(2), item(3)] },
                }),
              ];
            }),
          ).then((responses) => {
            for (const response of responses) {
              expectStatus(response, 200);
              const body = response.json();
              const payouts = body.payout
                ? [body.payout]
                : body.results.map((r: { payout: unknown }) => r.payout);
              for (const p of payouts) {
                answered.push({
                  id: p.id,
                  amount: p.amount,
                  createdAt: p.created_at,
                  pass: p.account.pass,
                });
              }
            }
          });

        await allocateEverywhere(0);
        // Stopped after 5 steps, inside the first quest (3004 payouts by then)...
        let steps = 0;
        const stopAfter = (n: number) => ({
          batchSize: BATCH,
          onProgress: () => steps++,
          stopped: () => steps >= n,
        });
        assert.equal((await fillPayoutPositions(db, stopAfter(5))).complete, false);
        assert.deepEqual(await payoutsMade(db, seeded.questIds), [null, 4, null, null]);
        await assertPagesAsBefore(db, seeded);
        await allocateEverywhere(1);
        // ... then after 29 more: 26 full steps and one that finishes the first quest (2523 were
        // left), one for the third (14), and the first of the test-mode quest's (158).
        steps = 0;
        assert.equal((await fillPayoutPositions(db, stopAfter(29))).complete, false);
        assert.deepEqual(await payoutsMade(db, seeded.questIds), [3008, 8, 14, null]);
        await assertPagesAsBefore(db, seeded);
        await allocateEverywhere(2);
        // The rest of the fill, with allocations arriving as it goes.
        await Promise.all([fillToEnd(db), allocateEverywhere(3), allocateEverywhere(4)]);
        await fillToEnd(db);

        await assertNumbered(db, seeded.questIds);
        const pages = await pagesOf(db, seeded.questIds);
        await assertPages(db, pages, await oldPages(db, pages));
        const { rows } = await db.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM payouts WHERE id = ANY($1::uuid[])",
          [answered.map((row) => row.id)],
        );
        assert.equal(rows[0]!.n, answered.length, "every answered payout was kept");
        assert.equal(answered.length, 5 * 4 * 4);
        assert.deepEqual(await fillPayoutPositions(db, { batchSize: BATCH }), {
          numbered: 0,
          complete: true,
        });
      } finally {
        await app?.close();
        await db.close();
      }
    });

    if (kind === "postgres") {
      it("two processes filling at once number every payout exactly once", async () => {
        const { db, url } = await openTestDb(kind);
        const other = openPostgres({ url: url!, poolSize: 4 });
        try {
          await migrate(db, { through: BEFORE_011 });
          const seeded = await seedPreviousVersion(
            db,
            Array.from({ length: 8 }, (_, i) => ({ payouts: 300 + 50 * i, tied: 40 })),
          );
          const pages = await pagesOf(db, seeded.questIds);
          const before = await oldPages(db, pages);
          await migrate(db);
          const runs = await Promise.all([
            fillPayoutPositions(db, { batchSize: BATCH }),
            fillPayoutPositions(other, { batchSize: BATCH }),
          ]);
          const rest = await fillToEnd(db);
          assert.equal(runs[0].numbered + runs[1].numbered + rest, seeded.total);
          await assertNumbered(db, seeded.questIds);
          await assertPages(db, pages, before);
        } finally {
          await other.close();
          await db.close();
        }
      });

      it("counts the rows a step numbered before it found the quest's lock held", async () => {
        const { db, url } = await openTestDb(kind, {
          lockMs: 200,
          statementMs: 5000,
          connectMs: 10_000,
        });
        const locks = { db, url } as TestContext; // what the lock helpers read of a context
        try {
          await migrate(db, { through: BEFORE_011 });
          const seeded = await seedPreviousVersion(db, [{ payouts: 20 }]);
          await migrate(db);
          const release = await holdRows(
            locks,
            "SELECT id FROM quests WHERE id = $1 FOR UPDATE",
            seeded.questIds,
            "the quest",
          );
          let run: Awaited<ReturnType<typeof fillPayoutPositions>>;
          try {
            // 20 rows are numbered and committed; finishing the quest then waits for its lock.
            run = await fillPayoutPositions(db, { batchSize: BATCH });
          } finally {
            await release();
          }
          assert.deepEqual(run, { numbered: 20, complete: false });
          assert.deepEqual(await fillPayoutPositions(db, { batchSize: BATCH }), {
            numbered: 0,
            complete: true,
          });
          await assertNumbered(db, seeded.questIds);
        } finally {
          await db.close();
        }
      });

      it("finishes a quest only after an allocation holding its lock committed, and numbers it", async () => {
        const { db, url } = await openTestDb(kind);
        const locks = { db, url } as TestContext; // what the lock helpers read of a context
        let app: FastifyInstance | undefined;
        try {
          await migrate(db, { through: BEFORE_011 });
          const seeded = await seedPreviousVersion(db, [{ payouts: 20 }]);
          app = await serviceOn(db);
          const key = await issueKey(app, seeded.ownerPass, "live");
          const release = await holdRows(
            locks,
            "SELECT id FROM quests WHERE id = $1 FOR UPDATE",
            seeded.questIds,
            "the quest",
          );
          // The allocation waits for the quest first, then the fill's last step.
          const paid = app.inject({
            method: "POST",
            url: `/quests/${seeded.questIds[0]}`,
            headers: { "x-api-key": key },
            payload: { points: 5, address: seeded.passes[0] },
          });
          await lockWaits(locks, 1, [paid]);
          const fill = fillPayoutPositions(db, { batchSize: BATCH });
          await lockWaits(locks, 2, [paid, fill]);
          await release();
          expectStatus(await paid, 200);
          assert.deepEqual(await fill, { numbered: 21, complete: true });
          await assertNumbered(db, seeded.questIds);
        } finally {
          await app?.close();
          await db.close();
        }
      });
    }
  });
}
