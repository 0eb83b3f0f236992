import assert from "node:assert/strict";
import { openPostgres } from "../../src/db/postgres.js";
import { holdQuest, type TestContext } from "./app.js";
import { until } from "./until.js";

/**
 * Holds the rows `lockSql` selects (it ends `FOR UPDATE`), from a connection of its own on the
 * test's PostgreSQL database, until the returned function is called (it resolves once the
 * holder's transaction ended). `what` names the rows if the query finds none.
 */
export async function holdRows(
  ctx: TestContext,
  lockSql: string,
  params: unknown[],
  what: string,
): Promise<() => Promise<void>> {
  const other = openPostgres({ url: ctx.url!, poolSize: 1 });
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held!: () => void;
  const holding = new Promise<void>((resolve) => {
    held = resolve;
  });
  const done = other.transaction(async (tx) => {
    const { rows } = await tx.query(lockSql, params);
    assert.ok(rows.length > 0, `${what} exists to be held`);
    held();
    await released;
  });
  await Promise.race([holding, done]);
  let ended: Promise<void> | undefined;
  return () => {
    release();
    ended ??= done.finally(() => other.close());
    return ended;
  };
}

/**
 * Returns once `count` sessions of the test database wait for a lock, or once one of `requests`
 * was answered (an implementation that does not wait there). No timer: it polls.
 */
export async function lockWaits(ctx: TestContext, count: number, requests: Promise<unknown>[]) {
  let answered = false;
  for (const request of requests) {
    request.then(
      () => {
        answered = true;
      },
      () => {
        answered = true;
      },
    );
  }
  for (let i = 0; i < 50_000 && !answered; i++) {
    const { rows } = await ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
       WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    if (rows[0]!.n >= count) return;
  }
  if (!answered) throw new Error(`${count} sessions never waited for a lock`);
}

/** The settings `sendWhileHeld` needs: one batch at a time, with room for every request. */
export const HELD_BATCH_ENV = {
  ALLOCATION_BATCH_WAIT_MS: "50",
  ALLOCATION_BATCH_MAX: "64",
  ALLOCATION_BATCH_CONCURRENCY: "1",
  // The batch waiting for the held quest waits as long as a loaded machine needs to queue the rest.
  DB_LOCK_TIMEOUT_MS: "60000",
  // Keys and owners stay cached from the warm-up on: a request reading them would wait for the
  // held quest on PGlite before it queues.
  LOOKUP_CACHE_TTL_MS: "3600000",
};

/**
 * Sends `requests` while `questId` is held (see holdQuest), waits until every one is queued for
 * a batch or answered, then lets the quest go: requests sent together are then waiting together,
 * however slowly a loaded machine delivered them. The caller warms the key and owner caches
 * first (one request per quest) and keeps them (LOOKUP_CACHE_TTL_MS), so on PGlite the requests
 * reach the queue without the held connection.
 */
export async function sendWhileHeld<T>(
  ctx: TestContext,
  questId: number,
  requests: (() => Promise<T>)[],
): Promise<T[]> {
  const release = await holdQuest(ctx, questId);
  try {
    let answered = 0;
    const before = ctx.services.allocate.queued();
    const sending = requests.map((send) =>
      send().then((response) => {
        answered++;
        return response;
      }),
    );
    await until(
      () => answered + ctx.services.allocate.queued() - before === requests.length,
      "every request is queued or answered",
      60_000,
    );
    await release();
    return await Promise.all(sending);
  } finally {
    await release();
  }
}
