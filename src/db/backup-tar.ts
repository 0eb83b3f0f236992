/**
 * The backup file's archive format: POSIX ustar, the plainest kind (regular files and directories
 * with short relative names), which `headerOf` writes and `entryOf` reads back, refusing anything
 * else. Shared by the backup (pglite-backup.ts) and its restore.
 *
 * Written here rather than by a library: the format is this small, the reader must refuse every
 * other kind of entry, and tar-stream 3.2, the one made for streams, brings in the Bare runtime's
 * file system packages.
 */

/** POSIX ustar (https://pubs.opengroup.org/onlinepubs/9799919799/utilities/pax.html#tag_20_94_13_06). */
export const BLOCK_BYTES = 512;
/** Two zero blocks end an archive. */
export const END_OF_ARCHIVE = new Uint8Array(2 * BLOCK_BYTES);
/** The socket file of the data-dir lock on macOS (data-dir-lock.ts): the holder's, never data. */
export const SKIPPED_NAMES = new Set([".questpoints.lock"]);
/** Restored files hold everything the service knows: readable by their owner only. */
export const FILE_MODE = 0o600;
export const DIR_MODE = 0o700;

/** The file is not a whole backup: cut short, damaged, or something else. */
export class BackupFileError extends Error {
  override readonly name = "BackupFileError";
}

/** A ustar header block (the fields `entryOf` reads back). */
export function headerOf(entry: Entry, mtime: number): Buffer {
  const block = Buffer.alloc(BLOCK_BYTES);
  const name = entry.kind === "dir" ? `${entry.path}/` : entry.path;
  let prefix = "";
  let rest = name;
  if (Buffer.byteLength(name) > 100) {
    // Split at a "/" so that the prefix fits 155 bytes and the rest 100.
    const cut = name.lastIndexOf("/", 155);
    if (cut <= 0 || Buffer.byteLength(name.slice(cut + 1)) > 100) {
      throw new Error(`${name}: a name too long for a ustar header`);
    }
    prefix = name.slice(0, cut);
    rest = name.slice(cut + 1);
  }
  const field = (at: number, length: number, value: string) => block.write(value, at, length);
  const number = (at: number, length: number, value: number) =>
    field(at, length, `${value.toString(8).padStart(length - 1, "0")}\0`);
  field(0, 100, rest);
  number(100, 8, entry.kind === "dir" ? DIR_MODE : FILE_MODE);
  number(108, 8, 0);
  number(116, 8, 0);
  number(124, 12, entry.size);
  number(136, 12, mtime);
  field(148, 8, " ".repeat(8));
  field(156, 1, entry.kind === "dir" ? "5" : "0");
  field(257, 8, "ustar\u000000");
  field(345, 155, prefix);
  let sum = 0;
  for (const byte of block) sum += byte;
  field(148, 8, `${sum.toString(8).padStart(6, "0")}\0 `);
  return block;
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

export interface Entry {
  /** Relative to the data directory, `/`-separated, without `.` or `..`. */
  path: string;
  kind: "file" | "dir";
  size: number;
}

/** A header block as an entry; null for the zero block that ends the archive. */
export function entryOf(block: Buffer): Entry | null {
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
