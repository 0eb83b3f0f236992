/**
 * Backups of the embedded database and their restore (docs/operations.md#backups-and-restores):
 * `GET /admin/backup` takes one while the service runs; `questpoints restore` makes a data
 * directory of one, checked before it is put in place. PostgreSQL's backups are its own tools'.
 */
import { createReadStream } from "node:fs";
import { mkdir, mkdtemp, readdir, rename, rm, stat } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import type { Readable } from "node:stream";
import type { Db } from "../db/handle.js";
import { openPglite } from "../db/pglite.js";
import { BackupFileError, backupStream, type Unpacked, unpackBackup } from "../db/pglite-backup.js";
import { AppError, unavailable } from "../domain/errors.js";
import { migrate } from "../store/migrate.js";

export const BACKUP_DOCS = "docs/operations.md#backups-and-restores";
/** One backup at a time per database: each holds a copy of the data directory (on disk, or in memory). */
const BACKUP_BUSY_RETRY_AFTER_S = 10;

const backingUp = new WeakSet<Db>();

/** `questpoints-backup-2026-05-01T12-30-05Z.tar.gz`: sorts by time, no `:` for any file system. */
export function backupFileName(at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replaceAll(":", "-");
  return `questpoints-backup-${stamp}.tar.gz`;
}

/**
 * A consistent snapshot of the embedded database, as a gzip'd tar of its data directory to
 * stream out. Refused on PostgreSQL (409), and while another backup of `db` is being sent (503).
 */
export async function takeBackup(
  db: Db,
  now = new Date(),
): Promise<{ fileName: string; body: Readable }> {
  if (db.kind === "postgres") {
    throw new AppError(
      "CONFLICT",
      "The service runs on PostgreSQL (DATABASE_URL), whose backups are PostgreSQL's own: " +
        "`pg_dump --format=custom` for a logical copy restored with `pg_restore`, or a base " +
        "backup (`pg_basebackup`) with WAL archiving for point-in-time recovery, as " +
        `${BACKUP_DOCS} describes. GET /admin/backup copies the embedded database only.`,
    );
  }
  if (backingUp.has(db)) {
    throw unavailable(
      "A backup is being sent already; retry when it ends.",
      BACKUP_BUSY_RETRY_AFTER_S,
    );
  }
  backingUp.add(db);
  try {
    const body = await backupStream(db);
    body.once("close", () => backingUp.delete(db));
    return { fileName: backupFileName(now), body };
  } catch (error) {
    backingUp.delete(db);
    throw error;
  }
}

/** What a restore did, step by step, for the CLI to tell. */
export type RestoreStep =
  | ({ step: "unpacked" } & Unpacked)
  | { step: "opened"; migrationsApplied: string[] };

export interface RestoreOptions<T> {
  /** The backup file (`GET /admin/backup`'s answer). */
  file: string;
  /** Where the data directory goes: empty, or not there yet. */
  dataDir: string;
  signal?: AbortSignal | undefined;
  /** Bytes of the file read so far, of `fileBytes`. */
  onRead?(bytesRead: number, fileBytes: number): void;
  onStep?(step: RestoreStep): void;
  /** Run on the restored database, opened and migrated, before it is put in place. */
  check(db: Db): Promise<T>;
}

/**
 * Restores a backup into `dataDir`: unpacks it into a new directory beside it, opens it as the
 * service would (PGlite, migrated), runs `check`, and only then renames it to `dataDir`. Anything
 * that goes wrong before the rename leaves nothing behind, `dataDir` as it was; a `dataDir` that
 * holds anything is refused before a byte is written.
 */
export async function restoreBackup<T>(
  options: RestoreOptions<T>,
): Promise<{ dataDir: string; checked: T }> {
  const target = resolve(options.dataDir);
  await refuseUnlessEmpty(target);
  const fileBytes = await backupFileSize(options.file);
  const parent = dirname(target);
  const createdParent = await mkdir(parent, { recursive: true });
  const temp = await mkdtemp(join(parent, `.${basename(target)}.restoring-`));
  try {
    const unpacked = await unpackBackup(createReadStream(options.file), temp, {
      signal: options.signal,
      onRead: (bytes) => options.onRead?.(bytes, fileBytes),
    }).catch((error: unknown) => {
      if (!(error instanceof BackupFileError)) throw error;
      throw new Error(`${options.file} is not a whole questpoints backup: ${error.message}.`);
    });
    options.onStep?.({ step: "unpacked", ...unpacked });
    options.signal?.throwIfAborted();
    const checked = await openAndCheck(options, temp);
    await rename(temp, target).catch((error: NodeJS.ErrnoException) => {
      throw new Error(`cannot move the restored directory to ${target} (${error.code}).`);
    });
    return { dataDir: target, checked };
  } catch (error) {
    await rm(temp, { recursive: true, force: true });
    if (createdParent) await rm(createdParent, { recursive: true, force: true });
    const reason = options.signal?.aborted
      ? "Interrupted."
      : (error instanceof Error ? error.message : String(error)).replace(/\.?$/, ".");
    throw new Error(`${reason} Nothing was written to ${target}.`, { cause: error });
  }
}

async function refuseUnlessEmpty(target: string): Promise<void> {
  const found = await stat(target).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return undefined;
    throw error;
  });
  if (!found) return;
  if (!found.isDirectory()) {
    throw new Error(
      `${target} exists and is not a directory: restore into an empty or new directory. ` +
        "Nothing was written.",
    );
  }
  const entries = await readdir(target);
  if (entries.length > 0) {
    throw new Error(
      `${target} is not empty (${entries.length} entries, e.g. ${entries[0]}): restore into an ` +
        "empty or new directory; a data directory in use is never overwritten. Nothing was written.",
    );
  }
}

async function backupFileSize(file: string): Promise<number> {
  const found = await stat(file).catch((error: NodeJS.ErrnoException) => {
    throw new Error(`cannot read the backup file ${file} (${error.code}). Nothing was written.`);
  });
  if (!found.isFile()) throw new Error(`${file} is not a file. Nothing was written.`);
  return found.size;
}

/** Opens the unpacked directory as the service does, migrates it and runs the check. */
async function openAndCheck<T>(options: RestoreOptions<T>, dir: string): Promise<T> {
  const db = await openPglite(dir).catch((error: unknown) => {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`${options.file} unpacked, but its database does not open: ${reason}.`);
  });
  try {
    const { applied } = await migrate(db);
    // Migration 001 creates the schema: a backup that needed it held no questpoints database.
    if (applied.some((name) => name.startsWith("001_"))) {
      throw new Error(`${options.file} holds a PGlite database, but not a questpoints one.`);
    }
    options.onStep?.({ step: "opened", migrationsApplied: applied });
    options.signal?.throwIfAborted();
    return await options.check(db);
  } finally {
    await db.close();
  }
}
