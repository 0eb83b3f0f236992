/** The one thing every repository needs: a parameterised query. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

/** A transaction: queries plus `exec` for multi-statement scripts such as migrations. */
export interface Tx extends Queryable {
  exec(sql: string): Promise<void>;
  /**
   * The transaction's last statement and its COMMIT in one round trip (PostgreSQL writes both
   * before the answer to the first): when it resolves, the transaction has committed. Nothing
   * may query or fail after it; a statement that fails rolls the whole transaction back.
   */
  queryThenCommit<T = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
  ): Promise<{ rows: T[] }>;
  /**
   * Lets the rest of this transaction's statements run up to `ms` each: for a migration or an
   * operator's rare bulk change, never for a request's own work.
   */
  allowLongStatements(ms: number): Promise<void>;
}

/** What a listener hears on a channel: each notice, and the gaps where notices may be lost. */
export interface ListenHandlers {
  /** A `pg_notify(channel, payload)` committed by any process (this one included). */
  onNotify(payload: string): void;
  /** The listening connection was lost and is back: notices in between may be missing. */
  onGap(): void;
}

/** How a transaction runs; without options, PostgreSQL's default (READ COMMITTED, read-write). */
export interface TransactionOptions {
  /**
   * REPEATABLE READ, READ ONLY: every statement reads the one snapshot the first one took, and
   * nothing can be written. A consistent view over many statements (the books check) that takes
   * no lock a writer waits for.
   */
  readOnlySnapshot?: boolean;
}

/** A database handle: queries, transactions, and a close. Implemented for `pg` and PGlite. */
export interface Db extends Queryable {
  readonly kind: "postgres" | "pglite";
  transaction<T>(fn: (tx: Tx) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /** LISTENs on `channel` until the returned stop is called (or the database is closed). */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** Connections now, for /metrics (PGlite: its one connection and the operations queued for it). */
  stats?(): DbPoolStats;
  /** Tells `listener` how long each wait for a pooled connection took (PostgreSQL only). */
  observeConnectWaits?(listener: (seconds: number) => void): void;
}

export interface DbPoolStats {
  /** Connections open. */
  total: number;
  /** Open connections no one is using. */
  idle: number;
  /** Operations waiting for a connection. */
  waiting: number;
}

/** Bounds on every database wait; past one the operation fails as 503 and writes nothing. */
export interface DbTimeouts {
  /** Longest wait for a row lock (PostgreSQL) or for the one connection (PGlite). */
  lockMs: number;
  /** Longest a statement may run. */
  statementMs: number;
  /** Longest wait for a pooled connection, or to open a new one. */
  connectMs: number;
}

export const DB_TIMEOUTS_DEFAULT: DbTimeouts = {
  lockMs: 3000,
  statementMs: 5000,
  connectMs: 10_000,
};
