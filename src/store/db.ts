import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";

/** The one thing every repository needs: a parameterised query. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

/** A transaction: queries plus `exec` for multi-statement scripts such as migrations. */
export interface Tx extends Queryable {
  exec(sql: string): Promise<void>;
}

/** A database handle: queries, transactions, and a close. Implemented for `pg` and PGlite. */
export interface Db extends Queryable {
  readonly kind: "postgres" | "pglite";
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

// int8 arrives as a string from `pg`; points never exceed 2^53-1, so numbers are exact.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

type PgRunner = Pick<pg.Pool | pg.PoolClient, "query">;

function pgQueryable(runner: PgRunner): Queryable["query"] {
  return async <T>(sql: string, params?: unknown[]) => {
    const result = await runner.query(sql, params);
    return { rows: result.rows as T[] };
  };
}

export interface PostgresOptions {
  url: string;
  poolSize: number;
}

export function openPostgres({ url, poolSize }: PostgresOptions): Db {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 10_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  return {
    kind: "postgres",
    query: pgQueryable(pool),
    async transaction(fn) {
      const client = await pool.connect();
      // The pool stops listening to a checked-out client; a connection lost mid-transaction
      // (database crash) would otherwise be an uncaught 'error' that ends the process.
      let lost: Error | undefined;
      const onError = (error: Error) => {
        lost = error;
      };
      client.on("error", onError);
      try {
        await client.query("BEGIN");
        const tx: Tx = {
          query: pgQueryable(client),
          // A parameterless query goes over the simple protocol, which allows several statements.
          exec: async (sql) => {
            await client.query(sql);
          },
        };
        const result = await fn(tx);
        await client.query("COMMIT");
        return result;
      } catch (error) {
        if (!lost) await client.query("ROLLBACK").catch(() => {});
        throw error;
      } finally {
        client.off("error", onError);
        // A broken connection is destroyed, not returned to the pool.
        client.release(lost);
      }
    },
    close: () => pool.end(),
  };
}

/**
 * Embedded PostgreSQL in WebAssembly. One connection, so PGlite runs one transaction at a time;
 * `dataDir` undefined means in memory.
 */
export async function openPglite(dataDir: string | undefined): Promise<Db> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const db = dataDir ? new PGlite(dataDir) : new PGlite();
  await db.waitReady;
  return {
    kind: "pglite",
    query: (sql, params) => db.query(sql, params),
    transaction: (fn) =>
      db.transaction((tx) =>
        fn({
          query: (sql, params) => tx.query(sql, params),
          exec: async (sql) => {
            await tx.exec(sql);
          },
        }),
      ),
    close: () => db.close(),
  };
}
