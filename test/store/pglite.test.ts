/**
 * The PGlite adapter: every operation waits its turn in one FIFO queue, bounded in time
 * (`timeouts.lockMs`) and in count (PGLITE_QUEUE_MAX); a data directory is locked while open.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, afterEach, describe, it } from "node:test";
import { DatabaseUnavailable } from "../../src/db/errors.js";
import { DB_TIMEOUTS_DEFAULT, type Db } from "../../src/db/handle.js";
import { openPglite, PGLITE_QUEUE_MAX } from "../../src/db/pglite.js";
import { httpStatusOf } from "../../src/http/error-status.js";
import { appErrorOf } from "../../src/http/problem.js";
import { openTestDb } from "../helpers/app.js";
import { seedDataDir } from "../helpers/cli-data-dir.js";

const LOCK_MS = 200;

/** A transaction that holds the one connection until `release()`; `done` settles after commit. */
function holdConnection(db: Db, sql = "SELECT 1") {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let started!: () => void;
  const running = new Promise<void>((resolve) => {
    started = resolve;
  });
  const done = db.transaction(async (tx) => {
    await tx.query(sql);
    started();
    await released;
  });
  return { running, release, done };
}

/**
 * Resolves with the rejection of `promise` and how long it took; fails if it resolves, or has not
 * settled within `withinMs` (an unbounded wait).
 */
async function rejection(
  promise: Promise<unknown>,
  withinMs = 5_000,
): Promise<{ error: unknown; ms: number }> {
  const startedAt = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const pending = Symbol("pending");
  const outcome = await Promise.race([
    promise.then(
      () => assert.fail("expected a rejection"),
      (error: unknown) => ({ error, ms: performance.now() - startedAt }),
    ),
    new Promise<typeof pending>((resolve) => {
      timer = setTimeout(() => resolve(pending), withinMs);
    }),
  ]);
  clearTimeout(timer);
  if (outcome === pending) assert.fail(`still waiting after ${withinMs} ms`);
  return outcome;
}

/** The store's DatabaseUnavailable, which the HTTP edge answers 503 SERVICE_UNAVAILABLE. */
function assertUnavailable(error: unknown): asserts error is DatabaseUnavailable {
  assert.ok(error instanceof DatabaseUnavailable, `a DatabaseUnavailable, got ${error}`);
  const answer = appErrorOf(error);
  assert.equal(answer?.code, "SERVICE_UNAVAILABLE");
  assert.equal(httpStatusOf(answer.code), 503);
}

function assertBusy(error: unknown): void {
  assertUnavailable(error);
  assert.equal(error.retryAfterS, 1);
  assert.match(error.message, /busy/);
}

describe("PGlite adapter: bounded waits", () => {
  let db: Db | undefined;
  const open = async (lockMs = LOCK_MS) => {
    ({ db } = await openTestDb("pglite", { ...DB_TIMEOUTS_DEFAULT, lockMs }));
    return db;
  };
  afterEach(async () => {
    await db?.close();
    db = undefined;
  });

  it("refuses a query and a transaction that waited lockMs behind a held transaction, and never runs them", {
    timeout: 20_000,
  }, async () => {
    const db = await open();
    await db.query("CREATE TABLE t (id int PRIMARY KEY)");
    const holder = holdConnection(db, "INSERT INTO t VALUES (1)");
    await holder.running;

    let queuedTransactionRan = false;
    const refused = Promise.all([
      rejection(db.query("SELECT count(*) FROM t")),
      rejection(
        db.transaction(async (tx) => {
          queuedTransactionRan = true;
          await tx.query("INSERT INTO t VALUES (2)");
        }),
      ),
    ]);
    const [read, write] = await refused.finally(holder.release);
    for (const { error, ms } of [read, write]) {
      assertBusy(error);
      assert.ok(ms >= LOCK_MS - 20 && ms < LOCK_MS + 2_000, `refused after ${ms} ms`);
    }

    await holder.done;
    // Later operations run normally, and the refused INSERT never ran, before or after.
    await db.query("INSERT INTO t VALUES (3)");
    await new Promise((resolve) => setTimeout(resolve, 50));
    const { rows } = await db.query<{ id: number }>("SELECT id FROM t ORDER BY id");
    assert.deepEqual(
      rows.map((r) => r.id),
      [1, 3],
    );
    assert.equal(queuedTransactionRan, false, "the refused transaction's body never ran");
  });

  it("runs queries and transactions in arrival order", { timeout: 20_000 }, async () => {
    const db = await open(10_000);
    await db.query("CREATE TABLE fifo (seq serial PRIMARY KEY, i int NOT NULL)");
    const holder = holdConnection(db);
    await holder.running;
    const operations = Array.from({ length: 40 }, (_, i) =>
      i % 3 === 0
        ? db.transaction(async (tx) => {
            await tx.query("INSERT INTO fifo (i) VALUES ($1)", [i]);
          })
        : db.query("INSERT INTO fifo (i) VALUES ($1)", [i]),
    );
    holder.release();
    await Promise.all([holder.done, ...operations]);
    const { rows } = await db.query<{ i: number }>("SELECT i FROM fifo ORDER BY seq");
    assert.deepEqual(
      rows.map((r) => r.i),
      Array.from({ length: 40 }, (_, i) => i),
    );
  });

  it(`refuses at once when ${PGLITE_QUEUE_MAX} operations are waiting, and accepts again once they are gone`, {
    timeout: 30_000,
  }, async () => {
    const lockMs = 1_000;
    const db = await open(lockMs);
    const holder = holdConnection(db);
    await holder.running;
    const waiting = Array.from({ length: PGLITE_QUEUE_MAX }, () =>
      db.query("SELECT 1").then(
        () => "ran",
        (error: unknown) => error,
      ),
    );
    const { error, ms } = await rejection(db.query("SELECT 1"), lockMs / 2).finally(() =>
      setTimeout(holder.release, lockMs * 2),
    );
    assertBusy(error);
    assert.match((error as Error).message, new RegExp(`${PGLITE_QUEUE_MAX} operations`));
    assert.ok(ms < lockMs / 2, `refused at once, not after a wait (${ms} ms)`);

    // The waiting ones time out (the holder never lets go in time), freeing the queue.
    const outcomes = await Promise.all(waiting);
    for (const outcome of outcomes) assertBusy(outcome);
    await holder.done;
    assert.deepEqual((await db.query("SELECT 1 AS one")).rows, [{ one: 1 }]);
  });

  it("close waits for the operation in flight, then refuses new ones with 503", {
    timeout: 20_000,
  }, async () => {
    const db = await open(10_000);
    await db.query("CREATE TABLE t (id int)");
    const holder = holdConnection(db, "INSERT INTO t VALUES (1)");
    await holder.running;
    const queued = db.query("SELECT count(*)::int AS n FROM t");
    const closed = db.close();
    const { error } = await rejection(db.query("SELECT 1")).finally(holder.release);
    assertUnavailable(error);
    await holder.done;
    assert.deepEqual((await queued).rows, [{ n: 1 }]);
    await closed;
  });

  it("delivers notices to a listener until it stops", { timeout: 20_000 }, async () => {
    const db = await open();
    const heard: string[] = [];
    const stop = await db.listen("qp_test", { onNotify: (p) => heard.push(p), onGap: () => {} });
    await db.query("SELECT pg_notify('qp_test', 'one')");
    await db.transaction(async (tx) => {
      await tx.query("SELECT pg_notify('qp_test', 'two')");
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    await stop();
    await db.query("SELECT pg_notify('qp_test', 'three')");
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.deepEqual(heard, ["one", "two"]);
  });
});

describe("PGlite adapter: data directory lock", () => {
  const dirs: string[] = [];
  after(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it("refuses a second open of a directory in use, naming it; close releases it", {
    timeout: 60_000,
  }, async () => {
    const dir = mkdtempSync(join(tmpdir(), "qp-pglite-lock-"));
    dirs.push(dir);
    seedDataDir(dir); // the lock is the subject, not a first start
    const first = await openPglite(dir);
    try {
      await first.query("CREATE TABLE kept (v text)");
      await first.query("INSERT INTO kept VALUES ('before close')");
      // A second open that wrongly succeeds is closed, so the directory is not left open twice.
      const refused = await openPglite(dir).then(
        async (db) => db.close(),
        (error: unknown) => error,
      );
      assert.ok(refused instanceof Error, "a second open is refused");
      assert.ok(refused.message.includes(dir), refused.message);
      assert.match(
        refused.message,
        new RegExp(`already open in this process \\(pid ${process.pid}\\)`),
      );
      assert.match(refused.message, /DATA_DIR/);
      assert.match(refused.message, /DATABASE_URL/);
    } finally {
      await first.close();
    }
    const second = await openPglite(dir);
    try {
      assert.deepEqual((await second.query("SELECT v FROM kept")).rows, [{ v: "before close" }]);
    } finally {
      await second.close();
    }
  });
});
