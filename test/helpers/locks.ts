import assert from "node:assert/strict";
import { openPostgres } from "../../src/store/postgres.js";
import type { TestContext } from "./app.js";

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
