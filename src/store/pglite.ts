import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { DB_TIMEOUTS_DEFAULT, type Db, type DbTimeouts } from "./db.js";

/**
 * Embedded PostgreSQL in WebAssembly. One connection, so PGlite runs one transaction at a time;
 * `dataDir` undefined means in memory.
 */
export async function openPglite(
  dataDir: string | undefined,
  { timeouts: _timeouts = DB_TIMEOUTS_DEFAULT }: { timeouts?: DbTimeouts } = {},
): Promise<Db> {
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
    // One process owns the data directory, so its own notices are all there is to hear.
    listen: async (channel, handlers) => {
      const unlisten = await db.listen(channel, handlers.onNotify);
      return async () => {
        await unlisten();
      };
    },
    close: () => db.close(),
  };
}
