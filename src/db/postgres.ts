import { createHash } from "node:crypto";
import pg from "pg";
import { rethrowUnavailable, unavailableFrom } from "./errors.js";
import {
  DB_TIMEOUTS_DEFAULT,
  type Db,
  type DbTimeouts,
  type ListenHandlers,
  type Queryable,
  type Tx,
} from "./handle.js";

// int8 arrives as a string from `pg`; points never exceed 2^53-1, so numbers are exact.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

type PgRunner = Pick<pg.Pool | pg.PoolClient, "query">;

const statementNames = new Map<string, string>();

/**
 * A parameterised statement runs as a named prepared statement: each connection parses and plans
 * it once, then only binds and executes it (the allocation's and the detail view's statements
 * cost more to plan than to run). The SQL texts are the code's own constants, so their number,
 * and each connection's prepared statements, stay bounded.
 */
function statementName(sql: string): string {
  let name = statementNames.get(sql);
  if (name === undefined) {
    name = `qp_${createHash("sha256").update(sql).digest("base64url").slice(0, 24)}`;
    statementNames.set(sql, name);
  }
  return name;
}

function pgQueryable(
  runner: PgRunner,
  readTimeoutMs: () => number | undefined = () => undefined,
): Queryable["query"] {
  return async <T>(sql: string, params?: unknown[]) => {
    const timeout = readTimeoutMs();
    const extra = timeout === undefined ? {} : { query_timeout: timeout };
    try {
      const result =
        params && params.length > 0
          ? await runner.query({ name: statementName(sql), text: sql, values: params, ...extra })
          : await runner.query({ text: sql, ...extra });
      return { rows: result.rows as T[] };
    } catch (error) {
      return rethrowUnavailable(error);
    }
  };
}

/** A query with its own client-side read timeout (`pg` honours it; its types omit it). */
function withReadTimeout(text: string, ms: number): pg.QueryConfig {
  return { text, query_timeout: ms } as pg.QueryConfig;
}

export interface PostgresOptions {
  url: string;
  poolSize: number;
  timeouts?: DbTimeouts;
}

const LISTEN_RETRY_MS_MIN = 250;
const LISTEN_RETRY_MS_MAX = 5_000;

/**
 * Every pooled connection carries the bounds as session settings (`sessionSettings`):
 * `lock_timeout` (a row lock held by another transaction), `statement_timeout` (a slow
 * statement); and a client-side read timeout a second later for a server that stopped answering
 * altogether. Waiting for a pooled connection is bounded by `connectionTimeoutMillis`. Each bound
 * ends as 503 (see db-errors.ts).
 */
function connectionConfig(url: string, timeouts: DbTimeouts): pg.ClientConfig {
  return {
    connectionString: url,
    connectionTimeoutMillis: timeouts.connectMs,
    query_timeout: timeouts.statementMs + 1_000,
    keepAlive: true,
  };
}

/**
 * Set once a connection is open, before it is first handed out, rather than as startup
 * parameters, which PgBouncer refuses (deploy/pgbouncer.ini): the same bounds either way.
 * JIT compiles a plan whose estimated cost is high, taking ~100 ms: a generic plan of a paged
 * read (its LIMIT unknown to the planner) is estimated as if it read every payout. This
 * service's statements are all short, so compiling never pays.
 */
function sessionSettings(timeouts: DbTimeouts): string {
  const ms = (value: number) => Math.floor(value);
  return [
    "SET jit = off",
    `SET lock_timeout = ${ms(timeouts.lockMs)}`,
    `SET statement_timeout = ${ms(timeouts.statementMs)}`,
    `SET idle_in_transaction_session_timeout = ${ms(timeouts.statementMs * 2)}`,
  ].join("; ");
}

export function openPostgres({
  url,
  poolSize,
  timeouts = DB_TIMEOUTS_DEFAULT,
}: PostgresOptions): Db {
  const config = connectionConfig(url, timeouts);
  const pool = new pg.Pool({
    ...config,
    // Statements are written to the connection without waiting for the one before to be
    // answered (the server still runs them in order): a transaction's BEGIN, its first
    // statements and its COMMIT share round trips (see `transaction`).
    pipeline: true,
    max: poolSize,
    idleTimeoutMillis: 30_000,
    onConnect: async (client: pg.ClientBase) => {
      await client.query(sessionSettings(timeouts));
    },
  });
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on("error", () => {});

  const listeners = new Set<() => Promise<void>>();
  let onConnectWait: ((seconds: number) => void) | undefined;
  return {
    kind: "postgres",
    query: pgQueryable(pool),
    async transaction(fn, options) {
      const waitStartedMs = performance.now();
      const client = await pool
        .connect()
        .catch(rethrowUnavailable)
        .finally(() => onConnectWait?.((performance.now() - waitStartedMs) / 1000));
      // The pool stops listening to a checked-out client; a connection lost mid-transaction
      // (database crash) would otherwise be an uncaught 'error' that ends the process.
      let lost: Error | undefined;
      const onError = (error: Error) => {
        lost = error;
      };
      client.on("error", onError);
      // Set once COMMIT is sent with the last statement: no ROLLBACK may follow it.
      let committed = false;
      try {
        // Pipelined: BEGIN travels with the transaction's first statement.
        let begun: Promise<unknown> | undefined = client.query(
          options?.readOnlySnapshot ? "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY" : "BEGIN",
        );
        begun.catch(() => {});
        const afterBegin = async <T>(sent: Promise<T>): Promise<T> => {
          if (begun) {
            const waiting = begun;
            begun = undefined;
            await waiting.catch((error: unknown) => {
              sent.catch(() => {});
              throw error;
            });
          }
          return sent;
        };
        // Set by allowLongStatements: the client-side read timeout of this transaction's queries.
        let readTimeoutMs: number | undefined;
        const run = pgQueryable(client, () => readTimeoutMs);
        const tx: Tx = {
          query: (sql, params) => afterBegin(run(sql, params)),
          async queryThenCommit<T>(sql: string, params?: unknown[]) {
            const sent = run<T>(sql, params);
            const commit = client.query("COMMIT");
            committed = true;
            commit.catch(() => {});
            // A statement that failed aborted the transaction: the server ends it at the COMMIT
            // (answered as a rollback), and the statement's error is thrown.
            const result = await afterBegin(sent);
            await commit;
            return result;
          },
          // A parameterless query goes over the simple protocol, which allows several statements.
          exec: async (sql) => {
            await afterBegin(
              client.query(readTimeoutMs === undefined ? sql : withReadTimeout(sql, readTimeoutMs)),
            );
          },
          async allowLongStatements(ms) {
            await afterBegin(client.query(`SET LOCAL statement_timeout = ${Math.floor(ms)}`));
            readTimeoutMs = Math.floor(ms) + 1_000;
          },
        };
        const result = await fn(tx);
        if (!committed) await afterBegin(client.query("COMMIT"));
        return result;
      } catch (error) {
        // A connection that timed out or broke may still be mid-statement: destroy it rather
        // than roll back on it and hand it to the next request.
        if (unavailableFrom(error)) lost ??= error as Error;
        if (!lost && !committed) await client.query("ROLLBACK").catch(() => {});
        return rethrowUnavailable(error);
      } finally {
        client.off("error", onError);
        client.release(lost);
      }
    },
    async listen(channel, handlers) {
      const { stop, started } = listenWithReconnect(config, channel, handlers);
      listeners.add(stop);
      await started;
      return async () => {
        listeners.delete(stop);
        await stop();
      };
    },
    async close() {
      await Promise.all([...listeners].map((stop) => stop()));
      await pool.end();
    },
    stats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    // Transactions only: single queries take their connection inside `pg`, out of sight here.
    observeConnectWaits(listener) {
      onConnectWait = listener;
    },
  };
}

/**
 * LISTEN on a connection of its own, outside the pool. A lost connection is re-opened with
 * back-off; once it is back, `onGap` tells the listener that notices may have been missed.
 * `started` settles after the first attempt, whether it connected or will retry.
 */
function listenWithReconnect(
  config: pg.ClientConfig,
  channel: string,
  handlers: ListenHandlers,
): { stop: () => Promise<void>; started: Promise<void> } {
  let stopped = false;
  let client: pg.Client | undefined;
  let retryMs = LISTEN_RETRY_MS_MIN;
  let timer: NodeJS.Timeout | undefined;
  const { query_timeout: _none, ...listenConfig } = config; // a listener waits without end

  const connect = async (afterGap: boolean) => {
    if (stopped) return;
    const next = new pg.Client(listenConfig);
    const retry = () => {
      next.removeAllListeners("notification");
      void next.end().catch(() => {});
      if (client === next) client = undefined;
      if (stopped || timer) return;
      timer = setTimeout(() => {
        timer = undefined;
        void connect(true);
      }, retryMs);
      retryMs = Math.min(retryMs * 2, LISTEN_RETRY_MS_MAX);
    };
    next.on("error", retry);
    next.on("end", retry);
    next.on("notification", (message) => handlers.onNotify(message.payload ?? ""));
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch {
      retry();
      return;
    }
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    retryMs = LISTEN_RETRY_MS_MIN;
    if (afterGap) handlers.onGap();
  };
  const started = connect(false);

  const stop = async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    const current = client;
    client = undefined;
    if (current) {
      current.removeAllListeners();
      current.on("error", () => {});
      await current.end().catch(() => {});
    }
  };
  return { stop, started };
}
