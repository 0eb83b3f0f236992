/**
 * Reads from a replica (contract Part 4): a real streaming replica of the test's own primary
 * (`pg_basebackup -R`), whose replay the test pauses and resumes and which it stops.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import pg from "pg";
import { loadConfig } from "../../src/config.js";
import { openPostgres } from "../../src/db/postgres.js";
import { type ReplicaChange, replicaReads as readsFrom } from "../../src/db/read-routing.js";
import { buildApp } from "../../src/http/app.js";
import { prepareServices } from "../../src/runtime.js";
import {
  ADMIN_TOKEN,
  allocate,
  contextOf,
  expectStatus,
  type QuestFixture,
  questFixture,
  type TestContext,
} from "../helpers/app.js";
import { type PostgresServer, startPostgres, startReplica } from "../helpers/postgres.js";

/** Long enough that a read just after a write is well within it on a loaded machine. */
const LAG_MAX_MS = 2000;
/** Every wait for the replica's state to change gives up after this. */
const WAIT_MS = 30_000;

async function until<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe("reads from a replica [postgres]", () => {
  let primary: PostgresServer;
  let replica: PostgresServer;
  let replicaAdmin: pg.Client;
  let ctx: TestContext;
  let fixture: QuestFixture;
  /** What the service would log: each time the replica is skipped or taken back. */
  const changes: ReplicaChange[] = [];

  before(async () => {
    primary = await startPostgres();
    replica = await startReplica(primary);
    replicaAdmin = new pg.Client({ connectionString: replica.url });
    // The replica is stopped by the last test: its connection ends then, which is no error here.
    replicaAdmin.on("error", () => {});
    await replicaAdmin.connect();
    const config = loadConfig({
      ADMIN_TOKEN,
      LOG_LEVEL: "silent",
      DATABASE_URL: primary.url,
      DATABASE_READ_URL: replica.url,
      READ_REPLICA_LAG_MAX_MS: String(LAG_MAX_MS),
      DB_POOL_SIZE: "4",
    });
    const db = openPostgres({ url: primary.url, poolSize: 4, timeouts: config.dbTimeouts });
    const services = await prepareServices(config, db);
    const app = await buildApp(services, { logger: false });
    await app.ready();
    ctx = contextOf({ kind: "postgres", app, db, services, config, url: primary.url });
    services.reads.onChange((change) => changes.push(change));
    fixture = await questFixture(ctx, { total_points: 1000 });
  });

  after(async () => {
    await ctx?.close();
    await replicaAdmin?.end().catch(() => {});
    await replica?.stop();
    await primary?.stop();
  });

  async function metric(name: string, labels = ""): Promise<number> {
    const text = (await ctx.inject({ method: "GET", url: "/metrics" })).body;
    const line = text.split("\n").find((row) => row.startsWith(`questpoints_${name}${labels} `));
    assert.ok(line, `/metrics has questpoints_${name}${labels}`);
    return Number(line.split(" ")[1]);
  }
  const replicaReads = () => metric("db_reads_total", '{target="replica"}');
  const primaryReads = () => metric("db_reads_total", '{target="primary"}');
  const replicaUp = async () => ((await metric("read_replica_up")) === 1 ? true : undefined);
  const replicaDown = async () => ((await metric("read_replica_up")) === 0 ? true : undefined);

  async function points(pass: string): Promise<number> {
    const response = await ctx.inject({ method: "GET", url: `/passes/${pass}` });
    expectStatus(response, 200);
    return response.json().points as number;
  }

  async function pay(amount: number) {
    const response = await allocate(ctx, fixture, { points: amount, address: fixture.playerPass });
    expectStatus(response, 200);
  }

  /** Waits until the replica holds `expected` points paid to the player, read on it directly. */
  async function replicaShows(expected: number) {
    await until(`the replica to show ${expected} points`, async () => {
      const { rows } = await replicaAdmin.query<{ points: string | null }>(
        `SELECT sum(p.amount) AS points FROM payouts p JOIN accounts a ON a.id = p.account_id
         WHERE a.pass = $1`,
        [fixture.playerPass],
      );
      return Number(rows[0]?.points ?? 0) === expected ? true : undefined;
    });
  }

  it("answers public reads from the replica while it keeps up, and shows its lag", async () => {
    await until("the replica to be in use", replicaUp);
    await pay(10);
    await replicaShows(10);
    const before = await replicaReads();
    assert.equal(await points(fixture.playerPass), 10);
    const board = await ctx.inject({ method: "GET", url: "/leaderboard" });
    expectStatus(board, 200);
    const quests = await ctx.inject({ method: "GET", url: "/quests" });
    expectStatus(quests, 200);
    assert.ok((await replicaReads()) >= before + 3, "the public reads went to the replica");
    const lag = await metric("read_replica_lag_seconds");
    assert.ok(lag >= 0 && lag <= LAG_MAX_MS / 1000, `lag ${lag} s within the bound`);
  });

  it("reads from the primary while the replica's replay is paused past the bound, and from the replica again once it resumes", async () => {
    await until("the replica to be in use", replicaUp);
    await replicaAdmin.query("SELECT pg_wal_replay_pause()");
    try {
      await pay(5);
      // Within the bound the replica may still answer: the public read can be behind (the
      // contract's promise is the bound, not read-your-writes), and the owner's read is not.
      const owner = await ctx.inject({
        method: "GET",
        url: `/quests/${fixture.questId}`,
        headers: { "x-api-key": fixture.apiKey },
      });
      expectStatus(owner, 200);
      assert.equal(owner.json().points_remaining, 985, "the owner reads their own write");
      assert.equal(
        await points(fixture.playerPass),
        10,
        "a read within the bound came from the replica",
      );
      // Past the bound, the replica is skipped: the same read shows the payout.
      await until("the replica to be skipped", replicaDown);
      const lag = await metric("read_replica_lag_seconds");
      assert.ok(lag > LAG_MAX_MS / 1000, `lag ${lag} s past the bound`);
      const skipped = changes.at(-1);
      assert.equal(skipped?.inUse, false, "the skip is told (and logged by serve)");
      assert.match(skipped?.reason ?? "", /lags .*past READ_REPLICA_LAG_MAX_MS \(2000 ms\)/);
      const fromPrimary = await primaryReads();
      assert.equal(await points(fixture.playerPass), 15);
      assert.ok((await primaryReads()) > fromPrimary, "the read went to the primary");
    } finally {
      await replicaAdmin.query("SELECT pg_wal_replay_resume()");
    }
    await until("the replica to be in use again", replicaUp);
    assert.equal(changes.at(-1)?.inUse, true, "taking it back is told too");
    const fromReplica = await replicaReads();
    assert.equal(await points(fixture.playerPass), 15);
    assert.ok((await replicaReads()) > fromReplica, "reads are back on the replica");
  });

  it("streams an operator export from the replica", async () => {
    await until("the replica to be in use", replicaUp);
    await replicaShows(15);
    const before = await replicaReads();
    const csv = await ctx.admin("GET", `/admin/payouts?format=csv&quest_id=${fixture.questId}`);
    expectStatus(csv, 200);
    assert.equal(csv.body.trim().split("\r\n").length, 3, "a header and both payouts");
    assert.ok((await replicaReads()) > before, "the export read the replica");
  });

  it("skips, and says why, a DATABASE_READ_URL that names a primary", async () => {
    const told: ReplicaChange[] = [];
    const timeouts = ctx.config.dbTimeouts;
    const notReplica = openPostgres({ url: primary.url, poolSize: 1, timeouts });
    const reads = readsFrom(ctx.db, notReplica, { lagMaxMs: 200 });
    reads.onChange((change) => told.push(change));
    try {
      const first = await until("the first probe to be told", async () => told[0]);
      assert.deepEqual(
        { inUse: first.inUse, reason: first.reason },
        {
          inUse: false,
          reason: "it is not in recovery (a primary, or a promoted replica)",
        },
      );
      assert.equal(reads.replicaInUse(), false);
    } finally {
      await reads.close();
    }
  });

  it("changes nothing for clients when the replica stops, and stays ready", async () => {
    await replica.crash();
    await pay(1);
    // Whether or not a probe has noticed yet, every read is answered, from the primary.
    assert.equal(await points(fixture.playerPass), 16);
    const list = await ctx.admin("GET", "/admin/accounts");
    expectStatus(list, 200);
    await until("the replica to be skipped", replicaDown);
    assert.ok(Number.isNaN(await metric("read_replica_lag_seconds")), "no lag without an answer");
    const stopped = changes.at(-1);
    assert.equal(stopped?.inUse, false);
    assert.match(stopped?.reason ?? "", /does not answer|a read failed|older than/);
    expectStatus(await ctx.inject({ method: "GET", url: "/readyz" }), 200);
    assert.equal(await points(fixture.playerPass), 16);
  });
});
