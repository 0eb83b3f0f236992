/**
 * The embedded database's backup file: a tar of its data directory, ended with two zero blocks,
 * gzip'd. `backupStream` writes it, `unpackBackup` reads it back into a directory, refusing
 * anything but a whole, intact file.
 *
 * A data directory on disk is copied file by file into a directory beside it while PGlite runs no
 * statement (`whilePgliteStill`): operations wait only as long as that copy, which the kernel makes
 * (copy_file_range, a reflink where the file system has them) while the event loop keeps serving;
 * then the tar is read from the copy and gzip'd as the client takes it, and the copy is removed.
 * Nothing is held whole in memory. A database in memory (the tests') has no files: PGlite's own dump
 * (`snapshotPglite`, the same ustar format) is its copy. The archive's format is backup-tar.ts's.
 */
import { createReadStream, constants as fsConstants } from "node:fs";
import { copyFile, mkdir, mkdtemp, open, readdir, rm, stat, statfs } from "node:fs/promises";
import { basename, dirname, join, resolve, sep } from "node:path";
import { pipeline, Readable, Transform } from "node:stream";
import { createGunzip, createGzip } from "node:zlib";
import {
  BackupFileError,
  BLOCK_BYTES,
  DIR_MODE,
  END_OF_ARCHIVE,
  type Entry,
  entryOf,
  FILE_MODE,
  headerOf,
  SKIPPED_NAMES,
} from "./backup-tar.js";
import { DatabaseUnavailable } from "./errors.js";
import type { Db } from "./handle.js";
import { pgliteDataDir, snapshotPglite, whilePgliteStill } from "./pglite.js";

export { BackupFileError };

/**
 * The tar is read and handed to gzip in slices this large: few turns of the event loop, which the
 * service's requests share, for little memory.
 */
const SLICE_BYTES = 1 << 20;
/** Fastest: the copy is compressed while the service serves; mostly zeros, it shrinks anyway. */
const GZIP_LEVEL = 1;
const GZIP_CHUNK_BYTES = 64 * 1024;
/** Files copied at once: libuv's thread pool has 4 threads. */
const COPIES_AT_ONCE = 4;
/**
 * Free space the copy must leave on the data directory's file system, beyond its own size: the
 * database goes on writing there meanwhile, and a full disk would stop it.
 */
const FREE_BYTES_KEPT = 512 * 1024 * 1024;
const RETRY_AFTER_NO_ROOM_S = 600;

/**
 * A gzip'd tar of `db`'s data directory. The copy is taken when this resolves: operations queued
 * meanwhile waited for it (at most the usual bound, else 503); the compression runs as the
 * returned stream is read.
 */
export async function backupStream(db: Db): Promise<Readable> {
  const dataDir = pgliteDataDir(db);
  const gzip = createGzip({ level: GZIP_LEVEL, chunkSize: GZIP_CHUNK_BYTES });
  let tar: AsyncGenerator<Uint8Array>;
  if (dataDir === undefined) {
    tar = blobSlices(await snapshotPglite(db));
  } else {
    const copy = await copyDataDir(db, resolve(dataDir));
    // Ended, failed or cut off by the client: the copy goes (a crash's leftover, the next backup).
    gzip.once("close", () => void rm(copy.dir, { recursive: true, force: true }));
    tar = tarOf(copy.dir, copy.entries);
  }
  // A failure on either side destroys both; the reader sees the error on `gzip`.
  pipeline(Readable.from(tar, { objectMode: false }), gzip, () => {});
  return gzip;
}

async function* blobSlices(tar: Blob): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < tar.size; at += SLICE_BYTES) {
    yield new Uint8Array(await tar.slice(at, at + SLICE_BYTES).arrayBuffer());
  }
  yield END_OF_ARCHIVE;
}

/**
 * Copies `dataDir` into a new directory beside it (`.data.backup-XXXXXX` for `data`) while PGlite
 * runs no statement; the entries are what the copy holds, directories before what they hold.
 * Refused (503) when the file system lacks room for the copy and a margin.
 */
async function copyDataDir(db: Db, dataDir: string): Promise<{ dir: string; entries: Entry[] }> {
  const prefix = `.${basename(dataDir)}.backup-`;
  await removeLeftovers(dirname(dataDir), prefix);
  return whilePgliteStill(db, async () => {
    const entries = await listTree(dataDir);
    await refuseWithoutRoom(dataDir, entries);
    const dir = await mkdtemp(join(dirname(dataDir), prefix));
    try {
      for (const entry of entries) {
        if (entry.kind === "dir" && entry.path !== "") {
          await mkdir(join(dir, entry.path), { mode: DIR_MODE });
        }
      }
      const files = entries.filter((entry) => entry.kind === "file");
      const copyNext = async (): Promise<void> => {
        for (let file = files.pop(); file; file = files.pop()) {
          // A reflink where the file system has them (instant), else the kernel's own copy.
          await copyFile(
            join(dataDir, file.path),
            join(dir, file.path),
            fsConstants.COPYFILE_FICLONE,
          );
        }
      };
      await Promise.all(Array.from({ length: COPIES_AT_ONCE }, copyNext));
      return { dir, entries };
    } catch (error) {
      await rm(dir, { recursive: true, force: true });
      throw error;
    }
  });
}

/** Copies a crash left behind: this process holds the data directory, so none is in use. */
async function removeLeftovers(parent: string, prefix: string): Promise<void> {
  for (const name of await readdir(parent)) {
    if (name.startsWith(prefix)) await rm(join(parent, name), { recursive: true, force: true });
  }
}

/** Every directory and regular file under `root`, the root itself first as "". */
async function listTree(root: string, path = ""): Promise<Entry[]> {
  const entries: Entry[] = [{ path, kind: "dir", size: 0 }];
  for (const found of await readdir(join(root, path), { withFileTypes: true })) {
    if (SKIPPED_NAMES.has(found.name)) continue;
    const child = path === "" ? found.name : `${path}/${found.name}`;
    if (found.isDirectory()) entries.push(...(await listTree(root, child)));
    else if (found.isFile()) {
      entries.push({ path: child, kind: "file", size: (await stat(join(root, child))).size });
    }
  }
  return entries;
}

async function refuseWithoutRoom(dataDir: string, entries: Entry[]): Promise<void> {
  const needed = entries.reduce((sum, entry) => sum + entry.size, 0);
  const disk = await statfs(dirname(dataDir));
  const free = disk.bavail * disk.bsize;
  if (free < needed + FREE_BYTES_KEPT) {
    throw new DatabaseUnavailable(
      `The backup copies the data directory (${megabytes(needed)}) beside it first, and its file ` +
        `system has ${megabytes(free)} free, less than that and the ${megabytes(FREE_BYTES_KEPT)} ` +
        "the database keeps for itself. Free some space, then retry.",
      RETRY_AFTER_NO_ROOM_S,
    );
  }
}

const megabytes = (bytes: number) => `${Math.ceil(bytes / 1024 / 1024).toLocaleString("en")} MB`;

/** The archive of `entries`, read from `root`: each header, then the file's bytes padded. */
async function* tarOf(root: string, entries: Entry[]): AsyncGenerator<Uint8Array> {
  const mtime = Math.floor(Date.now() / 1000);
  for (const entry of entries) {
    if (entry.path === "") continue;
    yield headerOf(entry, mtime);
    if (entry.kind === "dir") continue;
    let read = 0;
    for await (const chunk of createReadStream(join(root, entry.path), {
      highWaterMark: SLICE_BYTES,
    })) {
      read += (chunk as Buffer).length;
      yield chunk as Buffer;
    }
    // The copy is this process's own: a size that changed is a bug, never a backup.
    if (read !== entry.size) throw new Error(`${entry.path} changed size while being archived`);
    const padding = (BLOCK_BYTES - (entry.size % BLOCK_BYTES)) % BLOCK_BYTES;
    if (padding > 0) yield new Uint8Array(padding);
  }
  yield END_OF_ARCHIVE;
}

/** Exact reads from a stream of chunks, without copying more than one block at a time. */
function byteReader(source: AsyncIterable<Buffer>) {
  const chunks = source[Symbol.asyncIterator]();
  let pending: Buffer = Buffer.alloc(0);
  /** At most `max` bytes (at least one), or null at the end of the input. */
  async function some(max: number): Promise<Buffer | null> {
    while (pending.length === 0) {
      const next = await chunks.next();
      if (next.done) return null;
      pending = next.value;
    }
    const out = pending.subarray(0, max);
    pending = pending.subarray(out.length);
    return out;
  }
  /** Exactly `bytes` bytes, or null at the end of the input; a part is a truncated file. */
  async function exactly(bytes: number): Promise<Buffer | null> {
    const parts: Buffer[] = [];
    let got = 0;
    while (got < bytes) {
      const part = await some(bytes - got);
      if (!part) {
        if (got === 0) return null;
        throw new BackupFileError("it ends in the middle of an entry: the file is truncated");
      }
      parts.push(part);
      got += part.length;
    }
    return Buffer.concat(parts);
  }
  return { some, exactly };
}

export interface Unpacked {
  files: number;
  /** The files' bytes, as written. */
  bytes: number;
}

/**
 * Writes the archive `gzipped` (a backup file's bytes) into `dir`, which must exist and be empty.
 * Throws BackupFileError for a file that is not a whole backup (gzip's own check catches a cut or
 * a damaged byte; the archive must reach its end blocks and hold PG_VERSION); what was written
 * by then stays, for the caller to remove.
 */
export async function unpackBackup(
  gzipped: Readable,
  dir: string,
  {
    signal,
    onRead,
  }: {
    signal?: AbortSignal | undefined;
    /** The backup's bytes read so far (compressed), after each chunk. */
    onRead?: ((bytes: number) => void) | undefined;
  } = {},
): Promise<Unpacked> {
  const root = resolve(dir);
  let bytesRead = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytesRead += chunk.length;
      onRead?.(bytesRead);
      done(null, chunk);
    },
  });
  const gunzip = createGunzip();
  // A failure anywhere destroys the whole chain; the reads below see it.
  pipeline(gzipped, counted, gunzip, () => {});
  const input = byteReader(gunzip);
  const result: Unpacked = { files: 0, bytes: 0 };
  let sawVersion = false;
  try {
    for (;;) {
      signal?.throwIfAborted();
      const header = await input.exactly(BLOCK_BYTES);
      if (!header) throw new BackupFileError("it ends before its last entry: it is truncated");
      const entry = entryOf(header);
      if (!entry) {
        // To the end: gzip checks its CRC and length there, which catch a damaged file byte.
        while (await input.some(BLOCK_BYTES)) {}
        break;
      }
      const target = join(root, ...entry.path.split("/"));
      if (target !== root && !target.startsWith(root + sep)) {
        throw new BackupFileError(`an entry leaves the directory: ${entry.path}`);
      }
      const skipped = entry.path === "" || SKIPPED_NAMES.has(entry.path);
      if (entry.kind === "dir") {
        if (!skipped) await mkdir(target, { recursive: true, mode: DIR_MODE });
        continue;
      }
      await copyEntry(input, skipped ? undefined : target, entry.size);
      if (!skipped) {
        result.files++;
        result.bytes += entry.size;
        if (entry.path === "PG_VERSION") sawVersion = true;
      }
    }
  } catch (error) {
    gunzip.destroy();
    throw readError(error);
  }
  if (!sawVersion) throw new BackupFileError("it holds no PG_VERSION: not a PGlite data directory");
  return result;
}

/** An entry's bytes into `target` (undefined: skipped), then its padding to a whole block. */
async function copyEntry(
  input: ReturnType<typeof byteReader>,
  target: string | undefined,
  size: number,
): Promise<void> {
  if (target) await mkdir(join(target, ".."), { recursive: true, mode: DIR_MODE });
  const file = target ? await open(target, "wx", FILE_MODE) : undefined;
  try {
    for (let left = size; left > 0; ) {
      const part = await input.some(left);
      if (!part) throw new BackupFileError("it ends in the middle of a file: it is truncated");
      if (file) await file.write(part);
      left -= part.length;
    }
  } finally {
    await file?.close();
  }
  const padding = (BLOCK_BYTES - (size % BLOCK_BYTES)) % BLOCK_BYTES;
  if (padding > 0 && !(await input.exactly(padding))) {
    throw new BackupFileError("it ends in the middle of a file: it is truncated");
  }
}

/** zlib's errors in words: a cut file or a damaged one. */
function readError(error: unknown): unknown {
  const code = (error as { code?: string } | undefined)?.code;
  if (
    code === "Z_BUF_ERROR" ||
    (error as Error | undefined)?.message === "unexpected end of file"
  ) {
    return new BackupFileError("its gzip stream ends early: the file is truncated");
  }
  if (code === "Z_DATA_ERROR") {
    return new BackupFileError(
      `it is not an intact gzip file (${(error as Error).message}): the file is damaged`,
    );
  }
  return error;
}
