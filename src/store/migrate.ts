import { readdir, readFile } from "node:fs/promises";
import type { Db } from "../db/handle.js";

const MIGRATIONS_DIR = new URL("../../migrations/", import.meta.url);
// Any fixed 64-bit number: all processes serialise their migrations on this advisory lock.
const MIGRATION_LOCK_ID = 7_668_001;
/** Longest a migration statement may run (a backfill over millions of rows). */
const MIGRATION_STATEMENT_MS_MAX = 60 * 60 * 1000;

export interface MigrationResult {
  applied: string[];
}

async function listMigrations(): Promise<string[]> {
  const names = await readdir(MIGRATIONS_DIR);
  return names.filter((name) => /^\d{3}_[\w-]+\.sql$/.test(name)).sort();
}

/**
 * Applies pending migrations in one transaction under an advisory lock, so several processes
 * starting at once apply each migration exactly once and never see a half-migrated schema.
 */
export async function migrate(
  db: Db,
  options: {
    /** The last migration to apply (its file name); later ones wait. All by default. */
    through?: string;
  } = {},
): Promise<MigrationResult> {
  const files = (await listMigrations()).filter(
    (name) => options.through === undefined || name <= options.through,
  );
  return db.transaction(async (tx) => {
    // A migration may rewrite or backfill large tables: its statements are not a request's.
    await tx.allowLongStatements(MIGRATION_STATEMENT_MS_MAX);
    await tx.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK_ID]);
    await tx.query(
      `CREATE TABLE IF NOT EXISTS schema_migrations (
         name text PRIMARY KEY,
         applied_at timestamptz NOT NULL DEFAULT now()
       )`,
    );
    const { rows } = await tx.query<{ name: string }>("SELECT name FROM schema_migrations");
    const done = new Set(rows.map((row) => row.name));
    const applied: string[] = [];
    for (const name of files) {
      if (done.has(name)) continue;
      const sql = await readFile(new URL(name, MIGRATIONS_DIR), "utf8");
      await tx.exec(sql);
      await tx.query("INSERT INTO schema_migrations (name) VALUES ($1)", [name]);
      applied.push(name);
    }
    return { applied };
  });
}
