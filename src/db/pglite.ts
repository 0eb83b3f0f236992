import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { type DataDirLock, lockDataDir } from "./data-dir-lock.js";
import { BUSY_RETRY_AFTER_S, DatabaseUnavailable } from "./errors.js";
import { DB_TIMEOUTS_DEFAULT, type Db, type DbTimeouts } from "./handle.js";

/** Most operations waiting for PGlite's one connection; one more is refused at once with 503. */
export const PGLITE_QUEUE_MAX = 10_000;

/**
 * Embedded PostgreSQL in WebAssembly. One connection, so PGlite runs one operation (a query or a
 * whole transaction) at a time; `dataDir` undefined means in memory.
 *
 * A data directory is locked for as long as it is open (see data-dir-lock.ts): a second process,
 * or a second open in this one, is refused with a message saying what to do. `close()` releases
 * the lock; the death of the process does too.
 *
 * Every operation waits its turn in one FIFO queue here, not in PGlite's own mutex, so that the
 * wait is bounded like a lock wait on PostgreSQL: an operation that has not started within
 * `timeouts.lockMs` (or that finds `PGLITE_QUEUE_MAX` operations already waiting) is refused with
 * 503 and never runs, so nothing is written after the client was told to retry. An operation that
 * has started runs to its end: PGlite cannot cancel a running statement.
 */
export async function openPglite(
  dataDir: string | undefined,
  {
    timeouts = DB_TIMEOUTS_DEFAULT,
    from,
  }: {
    timeouts?: DbTimeouts;
    /** In memory only: start from these files (`snapshotPglite`) instead of an empty cluster. */
    from?: Blob;
  } = {},
): Promise<Db> {
  let lock: DataDirLock | undefined;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    lock = await lockDataDir(dataDir);
  }
  let db: PGlite;
  try {
    db = dataDir ? new PGlite(dataDir) : new PGlite(from ? { loadDataDir: from } : {});
    await db.waitReady;
  } catch (error) {
    await lock?.release();
    throw error;
  }
  const queue = createOperationQueue(timeouts.lockMs);
  let closing: Promise<void> | undefined;
  const handle: Db = {
    kind: "pglite",
    query: (sql, params) => queue.run(() => db.query(sql, params)),
    transaction: (fn, options) =>
      queue.run(() =>
        db.transaction(async (tx) => {
          // The first statement after PGlite's BEGIN, before any read takes the snapshot.
          if (options?.readOnlySnapshot) {
            await tx.exec("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY");
          }
          return fn({
            query: (sql, params) => tx.query(sql, params),
            // One process, no network: the commit follows when `fn` returns, nothing in between.
            queryThenCommit: (sql, params) => tx.query(sql, params),
            exec: async (sql) => {
              await tx.exec(sql);
            },
            // PGlite bounds waits for its one connection, not a statement's run time.
            allowLongStatements: async () => {},
          });
        }),
      ),
    // One process owns the data directory, so its own notices are all there is to hear.
    listen: async (channel, handlers) => {
      const unlisten = await queue.run(() => db.listen(channel, handlers.onNotify));
      return async () => {
        if (!closing) await queue.run(() => unlisten());
      };
    },
    // Runs after every operation already queued (each starts or times out), then refuses more.
    close() {
      closing ??= queue.close(async () => {
        try {
          await db.close();
        } finally {
          await lock?.release();
        }
      });
      return closing;
    },
    stats: () => {
      const { running, waiting } = queue.occupancy();
      return { total: 1, idle: running ? 0 : 1, waiting };
    },
  };
  embedded.set(handle, {
    dataDir,
    dump: () => queue.run(() => db.dumpDataDir("none")),
    whileStill: (work) => queue.run(work),
  });
  return handle;
}

interface Embedded {
  dataDir: string | undefined;
  /** PGlite's own dump of its files (into memory, synchronously: the process waits). */
  dump(): Promise<Blob>;
  /** Runs `work` between two operations: no statement runs until it settles. */
  whileStill<T>(work: () => Promise<T>): Promise<T>;
}

const embedded = new WeakMap<Db, Embedded>();

function embeddedOf(db: Db): Embedded {
  const found = embedded.get(db);
  if (!found) throw new Error("not a PGlite database");
  return found;
}

/** The data directory of an embedded database; undefined for one in memory. */
export function pgliteDataDir(db: Db): string | undefined {
  return embeddedOf(db).dataDir;
}

/**
 * Runs `work` while PGlite runs no statement (its turn on the operation queue, waited for like
 * any operation's): the files of its data directory hold still, what every commit wrote already
 * written to them (WAL included), so a copy of them is the database as a crash at that moment
 * would leave it, which PostgreSQL's recovery opens whole. Operations queued meanwhile wait, and
 * are refused past the usual bound (503).
 */
export function whilePgliteStill<T>(db: Db, work: () => Promise<T>): Promise<T> {
  return embeddedOf(db).whileStill(work);
}

/**
 * The files of an open PGlite database, to open copies of it with `openPglite(undefined, { from
 * })`: loading a migrated cluster takes a fraction of creating one (the tests start each of
 * their databases this way).
 */
export function snapshotPglite(db: Db): Promise<Blob> {
  return embeddedOf(db).dump();
}

interface Waiter {
  /** When the operation must have started (performance.now() clock). */
  deadline: number;
  timer: NodeJS.Timeout | undefined;
  start(): void;
  refuse(error: Error): void;
}

/**
 * Runs operations one at a time in arrival order. A waiting operation is refused when its
 * deadline passes: by its timer, or when its turn comes after the event loop was held up (PGlite
 * runs statements synchronously, so timers can fire late).
 */
function createOperationQueue(waitMsMax: number) {
  const waiting = new Set<Waiter>(); // a Set keeps insertion order and deletes in O(1)
  let running = false;
  let closed = false;

  const tooLate = () =>
    new DatabaseUnavailable(
      `The database is busy: an operation waited ${waitMsMax} ms without starting. Retry shortly.`,
      BUSY_RETRY_AFTER_S,
    );

  const startNext = () => {
    running = false;
    for (const waiter of waiting) {
      waiting.delete(waiter);
      clearTimeout(waiter.timer);
      if (performance.now() > waiter.deadline) {
        waiter.refuse(tooLate());
        continue;
      }
      running = true;
      waiter.start();
      return;
    }
  };

  async function execute<T>(operation: () => Promise<T>): Promise<T> {
    try {
      return await operation();
    } finally {
      startNext();
    }
  }

  function enqueue<T>(operation: () => Promise<T>, bounded: boolean): Promise<T> {
    if (closed) {
      return Promise.reject(
        new DatabaseUnavailable("The database is closing. Retry shortly.", BUSY_RETRY_AFTER_S),
      );
    }
    if (!running && waiting.size === 0) {
      running = true;
      return execute(operation);
    }
    if (bounded && waiting.size >= PGLITE_QUEUE_MAX) {
      return Promise.reject(
        new DatabaseUnavailable(
          `The database is busy: ${PGLITE_QUEUE_MAX} operations are waiting. Retry shortly.`,
          BUSY_RETRY_AFTER_S,
        ),
      );
    }
    return new Promise<T>((resolve, reject) => {
      const waiter: Waiter = {
        deadline: bounded ? performance.now() + waitMsMax : Number.POSITIVE_INFINITY,
        timer: undefined,
        start: () => void execute(operation).then(resolve, reject),
        refuse: reject,
      };
      if (bounded) {
        waiter.timer = setTimeout(() => {
          waiting.delete(waiter);
          reject(tooLate());
        }, waitMsMax);
      }
      waiting.add(waiter);
    });
  }

  return {
    run: <T>(operation: () => Promise<T>) => enqueue(operation, true),
    /** Whether an operation is running, and how many wait for their turn. */
    occupancy: () => ({ running, waiting: waiting.size }),
    /** Queues `last` behind everything already waiting, without a deadline; refuses later runs. */
    close(last: () => Promise<void>): Promise<void> {
      const done = enqueue(last, false);
      closed = true;
      return done;
    },
  };
}
