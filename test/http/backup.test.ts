/**
 * GET /admin/backup, `questpoints admin backup` and `questpoints restore`
 * (docs/operations.md#backups-and-restores): a backup of the embedded database taken while
 * allocations and reversals run restores to the service's answers at the moment of the snapshot,
 * with its books whole; PostgreSQL is pointed to pg_dump; only an admin may take one.
 */
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { get } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { LightMyRequestResponse } from "fastify";
import { loadConfig } from "../../src/config.js";
import type { Db } from "../../src/db/handle.js";
import { openPglite } from "../../src/db/pglite.js";
import { buildApp } from "../../src/http/app.js";
import { prepareServices } from "../../src/runtime.js";
import { checkBooks } from "../../src/use-cases/books-check.js";
import {
  ADMIN_TOKEN,
  allocate,
  createAccount,
  expectProblem,
  expectStatus,
  type QuestFixture,
  questFixture,
  randomPass,
  type TestContext,
} from "../helpers/app.js";
import { seedDataDir } from "../helpers/cli-data-dir.js";
import { describeRun, runQuestpoints } from "../helpers/cli-process.js";
import { describeEachDatabase } from "../helpers/each-database.js";
import { until } from "../helpers/until.js";

const PLAYERS = 24;
const QUESTS = 3;
const OPERATIONS_MIN = 200;
const WAVE_SIZE = 20;
/** Waves started while the backup runs, besides one before it and one after it. */
const WAVES_DURING = 9;
const WAVE_INTERVAL_MS = 250;

/** The service as `serve` builds it on a data directory (PGlite on disk), listening on loopback. */
async function serviceOn(dataDir: string): Promise<TestContext & { baseUrl: string }> {
  const config = loadConfig({
    ADMIN_TOKEN,
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    RATE_LIMIT_PUBLIC_PER_MINUTE: "0",
    RATE_LIMIT_OWNER_PER_MINUTE: "0",
    RATE_LIMIT_ADMIN_PER_MINUTE: "0",
  });
  const db = await openPglite(dataDir, { timeouts: config.dbTimeouts });
  const services = await prepareServices(config, db);
  const app = await buildApp(services, { logger: false });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as AddressInfo;
  return {
    kind: "pglite",
    app,
    db,
    services,
    config,
    url: undefined,
    baseUrl: `http://127.0.0.1:${port}`,
    inject: (options) => app.inject(options),
    admin: (method, url, body) =>
      app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        ...(body === undefined ? {} : { payload: body as object }),
      }),
    async close() {
      await app.close();
      await db.close();
    },
  };
}

interface LedgerRow {
  id: string;
  quest_id: number;
  pass: string;
  amount: number;
  created_at: string;
  reversed: number;
}

/** Every payout with its pass and the amount reversed, and every reversal, as text rows. */
async function ledger(db: Db) {
  const { rows: payouts } = await db.query<LedgerRow>(
    `SELECT p.id, p.quest_id, a.pass, p.amount::int AS amount, p.created_at::text AS created_at,
            coalesce(r.amount, 0)::int AS reversed
       FROM payouts p JOIN accounts a ON a.id = p.account_id
       LEFT JOIN reversals r ON r.payout_id = p.id ORDER BY p.id`,
  );
  const { rows: reversals } = await db.query<Record<string, unknown>>(
    `SELECT id, payout_id, quest_id, amount::int AS amount, reason, created_at::text AS created_at
       FROM reversals ORDER BY id`,
  );
  return { payouts, reversals };
}

/** The overall leaderboard the payouts make: points descending, ties by address, 1,2,2,4. */
function expectedBoard(payouts: LedgerRow[]) {
  const points = new Map<string, number>();
  for (const p of payouts) points.set(p.pass, (points.get(p.pass) ?? 0) + p.amount - p.reversed);
  const sorted = [...points]
    .filter(([, n]) => n > 0)
    .sort(([a, x], [b, y]) => y - x || (a.toLowerCase() < b.toLowerCase() ? -1 : 1));
  return sorted.map(([pass, n]) => ({
    rank: sorted.findIndex(([, m]) => m === n) + 1,
    pass,
    points: n,
  }));
}

async function answer(response: Promise<LightMyRequestResponse>) {
  const r = await response;
  expectStatus(r, 200);
  return r.json();
}

describe("a backup of the embedded database taken under allocation load", () => {
  const work = mkdtempSync(join(tmpdir(), "qp-backup-"));
  let live: TestContext & { baseUrl: string };
  let restored: TestContext & { baseUrl: string };
  after(async () => {
    await restored?.close();
    await live?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it("restores (questpoints restore) to the answers of the snapshot's moment, its books whole", async () => {
    const liveDir = join(work, "live");
    mkdirSync(liveDir);
    seedDataDir(liveDir);
    live = await serviceOn(liveDir);
    const quests: QuestFixture[] = [];
    for (let i = 0; i < QUESTS; i++) quests.push(await questFixture(live, { total_points: 1e6 }));
    const players: string[] = [];
    for (let i = 0; i < PLAYERS; i++) {
      const pass = randomPass();
      await createAccount(live, pass);
      players.push(pass);
    }
    let n = 0;
    const pay = async () => {
      const quest = quests[n % QUESTS]!;
      const address = players[n++ % PLAYERS]!;
      const points = 1 + (n % 37);
      const response = await allocate(
        live,
        quest,
        { points, address },
        { "idempotency-key": randomUUID() },
      );
      return response;
    };
    const reverse = (payoutId: string) =>
      live.admin("POST", `/admin/payouts/${payoutId}/reversal`, { reason: "backup test" });
    const made: string[] = [];
    for (let i = 0; i < 40; i++) {
      const r = await pay();
      expectStatus(r, 200);
      made.push(r.json().payout.id);
    }

    // Waves of allocations, reversals of earlier payouts, and allocations reversed at once, every
    // WAVE_INTERVAL_MS while the backup is taken; each is answered, or refused with 503 and
    // Retry-After when it waited longer than the usual bound. The first wave ends before the
    // backup starts, the last starts after it ends: the snapshot is a moment between them.
    const outcomes: LightMyRequestResponse[] = [];
    const wave = () =>
      Promise.all(
        Array.from({ length: WAVE_SIZE }, async (_, i): Promise<void> => {
          if (i % 7 === 3 && made.length > 0) {
            outcomes.push(await reverse(made.shift()!));
            return;
          }
          const r = await pay();
          outcomes.push(r);
          if (r.statusCode !== 200) return;
          if (i % 7 === 5) outcomes.push(await reverse(r.json().payout.id));
          else made.push(r.json().payout.id);
        }),
      );
    await wave();
    const before = (await ledger(live.db)).payouts.length;
    const file = join(work, "snapshot.tar.gz");
    const backup = runQuestpoints(["admin", "backup", "--url", live.baseUrl, "--out", file], {
      env: { QP_ADMIN_TOKEN: ADMIN_TOKEN },
    });
    const during = (async () => {
      const waves = [];
      for (let i = 0; i < WAVES_DURING; i++) {
        waves.push(wave());
        await new Promise((resolve) => setTimeout(resolve, WAVE_INTERVAL_MS));
      }
      await Promise.all(waves);
    })();
    const [run] = await Promise.all([backup, during]);
    await wave();
    assert.equal(run.code, 0, describeRun(run));
    assert.match(run.stdout, /Saved a backup of .* to /);
    for (const r of outcomes) {
      if (r.statusCode === 503) assert.ok(r.headers["retry-after"], "a 503 says when to retry");
      else assert.ok([200, 201].includes(r.statusCode), `${r.statusCode}: ${r.body}`);
    }
    assert.ok(outcomes.length >= OPERATIONS_MIN, `${outcomes.length} operations ran`);

    const restoredDir = join(work, "restored");
    const restore = await runQuestpoints(["restore", file, "--data-dir", restoredDir]);
    assert.equal(restore.code, 0, describeRun(restore));
    assert.match(restore.stdout, /Checked \d+ quests, \d+ passes and \d+ payouts: the books hold/);
    assert.ok(
      restore.stdout.includes(`DATA_DIR=${restoredDir} questpoints serve`),
      describeRun(restore),
    );
    assert.deepEqual(readdirSync(work).sort(), ["live", "restored", "snapshot.tar.gz"]);
    // A backup holds everything the database does: restored files are their owner's only.
    assert.equal(statSync(restoredDir).mode & 0o777, 0o700);
    assert.equal(statSync(join(restoredDir, "PG_VERSION")).mode & 0o777, 0o600);

    // Every payout and reversal of the snapshot is the live one's, unchanged; the snapshot is a
    // moment strictly inside the load: after the first wave, before the last.
    restored = await serviceOn(restoredDir);
    const now = await ledger(live.db);
    const then = await ledger(restored.db);
    const livePayouts = new Map(now.payouts.map((p) => [p.id, p]));
    for (const p of then.payouts) {
      const { reversed: _, ...fixed } = livePayouts.get(p.id) ?? ({} as LedgerRow);
      const { reversed: __, ...snapshot } = p;
      assert.deepEqual(fixed, snapshot, `payout ${p.id} is the live one`);
    }
    const liveReversals = new Map(now.reversals.map((r) => [r.id, r]));
    for (const r of then.reversals) assert.deepEqual(liveReversals.get(r.id as string), r);
    assert.ok(then.payouts.length > before, `${then.payouts.length} > ${before}: load before`);
    assert.ok(then.payouts.length < now.payouts.length, "allocations after it are not in it");
    assert.deepEqual((await checkBooks(restored.db)).mismatches, []);
    assert.deepEqual((await checkBooks(live.db)).mismatches, []);

    // The restored service answers what the snapshot's payouts and reversals make.
    for (const quest of quests) {
      const mine = then.payouts.filter((p) => p.quest_id === quest.questId);
      const detail = await answer(
        restored.inject({
          url: `/quests/${quest.questId}?limit=100`,
          headers: { "x-api-key": quest.apiKey },
        }),
      );
      const paid = mine.reduce((sum, p) => sum + p.amount, 0);
      const putBack = mine.reduce((sum, p) => sum + p.reversed, 0);
      assert.equal(detail.total_points, 1e6);
      assert.equal(detail.points_remaining, 1e6 - paid + putBack, `quest ${quest.questId}`);
      const shown = detail.payouts.map((p: { id: string }) => p.id);
      assert.equal(shown.length, Math.min(100, mine.length));
      assert.ok(
        shown.every((id: string) => mine.some((p) => p.id === id)),
        "the detail lists the snapshot's payouts",
      );
    }
    const board = expectedBoard(then.payouts);
    const served = await answer(restored.inject({ url: "/leaderboard?limit=100" }));
    assert.deepEqual(
      served.items,
      board.map(({ rank, pass, points }) => ({ rank, pass, points })),
    );
    for (const pass of players) {
      const expected = board.find((item) => item.pass === pass);
      const balance = await answer(restored.inject({ url: `/passes/${pass}` }));
      assert.equal(balance.points, expected?.points ?? 0, pass);
      assert.equal(balance.rank, expected?.rank ?? null, pass);
    }
  });
  it("leaves no copy beside the data directory: neither a crash's nor one of a transfer cut short", async () => {
    // What a process killed mid-backup leaves: the next backup removes it.
    const crashed = join(work, ".live.backup-crashed");
    mkdirSync(crashed);
    writeFileSync(join(crashed, "PG_VERSION"), "17\n");
    const copies = () => readdirSync(work).filter((name) => name.startsWith(".live.backup-"));
    await new Promise<void>((resolve, reject) => {
      const request = get(
        `${live.baseUrl}/admin/backup`,
        { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } },
        (response) => {
          assert.equal(response.statusCode, 200);
          assert.ok(!copies().includes(".live.backup-crashed"), "the crash's copy is gone");
          assert.equal(copies().length, 1, "the backup reads from its own copy");
          // The client goes away after its first bytes.
          response.once("data", () => {
            request.destroy();
            resolve();
          });
        },
      );
      request.on("error", reject);
    });
    await until(() => copies().length === 0, "the copy of the cut transfer is removed");
  });
});

describeEachDatabase("GET /admin/backup", (ctx, kind) => {
  const tokens: Record<string, string> = {};
  before(async () => {
    for (const role of ["viewer", "support"]) {
      const created = await ctx().admin("POST", "/admin/operators", { name: `Ops ${role}`, role });
      expectStatus(created, 201);
      tokens[role] = created.json().token;
    }
  });

  it("refuses viewer and support operators with 403 naming the admin role", async () => {
    for (const role of ["viewer", "support"]) {
      const response = await ctx().inject({
        url: "/admin/backup",
        headers: { authorization: `Bearer ${tokens[role]}` },
      });
      const body = expectProblem(response, 403, "FORBIDDEN");
      assert.match(body.detail, /\badmin\b/);
    }
  });

  if (kind === "postgres") {
    it("answers 409 CONFLICT on PostgreSQL, naming pg_dump and the base backup of the docs", async () => {
      const body = expectProblem(await ctx().admin("GET", "/admin/backup"), 409, "CONFLICT");
      assert.match(body.detail, /pg_dump/);
      assert.match(body.detail, /base backup/);
      assert.match(body.detail, /docs\/operations\.md#backups-and-restores/);
    });
  } else {
    it("answers a dated gzip attachment holding the data directory", async () => {
      const response = await ctx().admin("GET", "/admin/backup");
      expectStatus(response, 200);
      assert.equal(response.headers["content-type"], "application/gzip");
      assert.match(
        String(response.headers["content-disposition"]),
        /^attachment; filename="questpoints-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar\.gz"$/,
      );
      assert.equal(response.headers["cache-control"], "no-store");
      // gzip's magic bytes (RFC 1952).
      assert.deepEqual([...response.rawPayload.subarray(0, 2)], [0x1f, 0x8b]);
    });
  }
});
