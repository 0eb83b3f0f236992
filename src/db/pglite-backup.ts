/**
 * The embedded database's backup file: PGlite's own dump of its data directory (a tar of the
 * directory, taken on the one connection between two operations, see `snapshotPglite`), ended
 * with the end-of-archive blocks PGlite leaves out, and gzip'd. `backupStream` writes it,
 * `unpackBackup` reads it back into a directory, refusing anything but a whole, intact file.
 *
 * What PGlite 0.5's `dumpDataDir` forces: it reads every file synchronously (the process answers
 * nothing meanwhile, seconds for tens of megabytes) into a buffer of its own, joins them into one
 * tar buffer and wraps that in a Blob: about three copies of the data directory for a moment, then
 * one, held until the answer has been sent. From there the tar is read in slices and gzip'd as
 * the client takes it; nothing more is copied whole.
 */
import { mkdir, open } from "node:fs/promises";
import { join, resolve, sep } from "node:path";
import { pipeline, Readable, Transform } from "node:stream";
import { createGunzip, createGzip } from "node:zlib";
import type { Db } from "./handle.js";
import { snapshotPglite } from "./pglite.js";

/** POSIX ustar (https://pubs.opengroup.org/onlinepubs/9799919799/utilities/pax.html#tag_20_94_13_06). */
const BLOCK_BYTES = 512;
/** Two zero blocks end an archive. */
const END_OF_ARCHIVE = new Uint8Array(2 * BLOCK_BYTES);
/** The socket file of the data-dir lock on macOS (data-dir-lock.ts): the holder's, never data. */
const SKIPPED_NAMES = new Set([".questpoints.lock"]);
/** Restored files hold everything the service knows: readable by their owner only. */
const FILE_MODE = 0o600;
const DIR_MODE = 0o700;

/**
 * The tar is handed to gzip in slices this large: few turns of the event loop, which the
 * database's statements share, for little memory.
 */
const SLICE_BYTES = 1 << 20;
/** Fastest: the copy is compressed while the service serves; mostly zeros, it shrinks anyway. */
const GZIP_LEVEL = 1;
const GZIP_CHUNK_BYTES = 64 * 1024;

async function* withEnd(tar: Blob): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < tar.size; at += SLICE_BYTES) {
    yield new Uint8Array(await tar.slice(at, at + SLICE_BYTES).arrayBuffer());
  }
  yield END_OF_ARCHIVE;
}

/**
 * A gzip'd tar of `db`'s data directory. The copy is taken when this resolves: operations queued
 * meanwhile waited for it (at most the usual bound, else 503); the compression runs as the
 * returned stream is read.
 */
export async function backupStream(db: Db): Promise<Readable> {
  const tar = await snapshotPglite(db);
  const gzip = createGzip({ level: GZIP_LEVEL, chunkSize: GZIP_CHUNK_BYTES });
  // A failure on either side destroys both; the reader sees the error on `gzip`.
  pipeline(Readable.from(withEnd(tar), { objectMode: false }), gzip, () => {});
  return gzip;
}

/** The file is not a whole backup: cut short, damaged, or something else. */
export class BackupFileError extends Error {
  override readonly name = "BackupFileError";
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

const text = (block: Buffer, at: number, length: number) => {
  const field = block.subarray(at, at + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString("utf8");
};

function octal(block: Buffer, at: number, length: number, what: string): number {
  const field = text(block, at, length).trim();
  if (!/^[0-7]+$/.test(field))
    throw new BackupFileError(`an entry's ${what} is not a number: the file is damaged`);
  return Number.parseInt(field, 8);
}

interface Entry {
  /** Relative to the data directory, `/`-separated, without `.` or `..`. */
  path: string;
  kind: "file" | "dir";
  size: number;
}

/** A header block as an entry; null for the zero block that ends the archive. */
function entryOf(block: Buffer): Entry | null {
  if (block.every((byte) => byte === 0)) return null;
  let sum = 0;
  for (let i = 0; i < BLOCK_BYTES; i++) sum += i >= 148 && i < 156 ? 0x20 : block[i]!;
  if (octal(block, 148, 8, "checksum") !== sum) {
    throw new BackupFileError("an entry's header fails its checksum: the file is damaged");
  }
  if (text(block, 257, 6).trimEnd() !== "ustar") {
    throw new BackupFileError("it holds no ustar tar archive: the file is damaged or another kind");
  }
  const prefix = text(block, 345, 155);
  const name = prefix ? `${prefix}/${text(block, 0, 100)}` : text(block, 0, 100);
  const parts = name.split("/").filter((part) => part !== "" && part !== ".");
  if (parts.includes("..")) throw new BackupFileError(`an entry leaves the directory: ${name}`);
  const type = String.fromCharCode(block[156]!);
  if (type !== "0" && type !== "\0" && type !== "5") {
    throw new BackupFileError(`${name} is neither a file nor a directory: the file is damaged`);
  }
  return {
    path: parts.join("/"),
    kind: type === "5" ? "dir" : "file",
    size: type === "5" ? 0 : octal(block, 124, 12, "size"),
  };
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
