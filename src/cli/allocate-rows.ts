/**
 * The rows of an `allocate --csv` file: read as a stream, each named by its line in the file and
 * checked before anything is sent. A retry or fix file the tool wrote is read the same way: its
 * `line` column keeps the line of the original file, its `idempotency_key` column the key.
 */
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { parse } from "csv-parse";
import { parsePassAddress } from "../domain/address.js";
import { POINTS_MAX } from "../domain/limits.js";
import { lineCounter } from "./csv-input.js";

export const MISSING_HEADER = "missing header row address,points";
/** The contract's Idempotency-Key: 1-255 printable ASCII characters. */
const KEY_PATTERN = /^[\x20-\x7e]{1,255}$/;

export interface Row {
  /**
   * Position among the file's data rows, 1 first, blank lines not counted: the last part of the
   * row's key, as in earlier versions of the tool, so a file begun with one finishes with the next.
   */
  ordinal: number;
  /** The row's line in the original file: its `line` column when it has one, else its own. */
  line: number;
  /** True when `line` came from a `line` column (the tool's own retry and fix files). */
  lineCarried: boolean;
  address: string;
  points: string;
  /** The `idempotency_key` column, when filled in. */
  key: string | undefined;
  /** What is wrong with the row's shape (an extra field, a bad `line` or key); empty when fine. */
  problems: string[];
}

/** Where each column the tool reads sits in a record; -1 for an optional one left out. */
interface Header {
  names: string[];
  address: number;
  points: number;
  line: number;
  key: number;
}

/**
 * address and points must be named, once each; line and idempotency_key may be, once. Other
 * columns (a note, a name) are carried by the file but not read: only a row with more fields than
 * the header names is suspect.
 */
function headerOf(record: string[]): Header {
  const names = record.map((name) => name.trim().toLowerCase());
  const column = (name: string, required: boolean): number => {
    const count = names.filter((each) => each === name).length;
    if (count === 0 && required) {
      throw new Error(
        `${MISSING_HEADER}: the first row must name the columns address and points (found: ${record.join(",")})`,
      );
    }
    // Which of the two would be paid is a guess: refuse rather than guess.
    if (count > 1) throw new Error(`the header row names ${name} twice`);
    return names.indexOf(name);
  };
  return {
    names,
    address: column("address", true),
    points: column("points", true),
    line: column("line", false),
    key: column("idempotency_key", false),
  };
}

function rowOf(header: Header, fields: string[], fileLine: number, ordinal: number): Row {
  const field = (index: number) => (index < 0 ? "" : (fields[index] ?? ""));
  const problems: string[] = [];
  // `0x…,1,000` would otherwise pay 1 point: a field beyond the header is a cell that slipped.
  if (fields.length > header.names.length) {
    const values = fields.map((value) => JSON.stringify(value)).join(",");
    problems.push(
      `${fields.length} fields where the header names ${header.names.length} (${header.names.join(",")}): ${values}; quote a field that holds a comma ("1,000") or remove the extra field`,
    );
  }
  const lineText = field(header.line);
  const lineCarried = /^[1-9]\d{0,14}$/.test(lineText);
  if (lineText !== "" && !lineCarried) {
    problems.push(`line ${JSON.stringify(lineText)} must be a whole number from 1`);
  }
  const key = field(header.key);
  if (key !== "" && !KEY_PATTERN.test(key)) {
    problems.push("idempotency_key must be 1 to 255 printable ASCII characters");
  }
  return {
    ordinal,
    line: lineCarried ? Number(lineText) : fileLine,
    lineCarried,
    address: field(header.address),
    points: field(header.points),
    key: key === "" ? undefined : key,
    problems,
  };
}

/** The file's data rows, in order; `onChunk` sees every byte read (to hash the file). */
export async function* readRows(
  file: string,
  onChunk: (chunk: Buffer) => void = () => {},
): AsyncGenerator<Row> {
  const parser = parse({
    bom: true,
    trim: true,
    skip_empty_lines: true,
    relax_column_count: true,
    raw: true,
  });
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      onChunk(chunk);
      callback(null, chunk);
    },
  });
  // A read error reaches the loop below through the parser; stopping the loop early ends both.
  pipeline(createReadStream(file), tap, parser).catch(() => {});
  const lineOf = lineCounter();
  let header: Header | undefined;
  let ordinal = 0;
  for await (const { record, raw } of parser as AsyncIterable<{ record: string[]; raw: string }>) {
    const line = lineOf(raw);
    if (header) yield rowOf(header, record, line, ++ordinal);
    else header = headerOf(record);
  }
  if (!header) throw new Error(`${MISSING_HEADER}: the file is empty`);
}

export interface FileScan {
  /** SHA-256 of the bytes: the run's identity. */
  hash: string;
  rows: number;
  /** The lines a retry or fix file carries (its rows' `line`); undefined for an original file. */
  carriedLines: Set<number> | undefined;
}

/** One pass over the file before anything is sent: its hash, its rows, a header error. */
export async function scanFile(file: string): Promise<FileScan> {
  const hash = createHash("sha256");
  let rows = 0;
  const carriedLines = new Set<number>();
  for await (const row of readRows(file, (chunk) => hash.update(chunk))) {
    rows++;
    if (row.lineCarried) carriedLines.add(row.line);
  }
  return {
    hash: hash.digest("hex"),
    rows,
    carriedLines: carriedLines.size > 0 ? carriedLines : undefined,
  };
}

/** The body of a row, or why it is refused without a request. */
export function validate(row: Row): { points: number; address: string } | { detail: string } {
  const address = parsePassAddress(row.address);
  const problems = [...row.problems];
  if (!address) {
    problems.push(
      `address ${JSON.stringify(row.address)} must be 0x + 40 hex digits, with a valid EIP-55 checksum when in mixed case`,
    );
  }
  const points = Number(row.points);
  if (!/^[1-9]\d*$/.test(row.points) || points > POINTS_MAX) {
    problems.push(
      `points ${JSON.stringify(row.points)} must be a whole number from 1 to ${POINTS_MAX}`,
    );
  }
  if (problems.length > 0 || !address) return { detail: problems.join("; ") };
  return { points, address };
}

/**
 * A row's Idempotency-Key. Keys are scoped per account, not per quest: the quest is in the key so
 * that one file paid on two quests of one owner (test, then live) gives each row two keys.
 */
export function rowKey(fileHash: string, questId: number, ordinal: number): string {
  return `qp-csv-${fileHash.slice(0, 32)}-q${questId}-${ordinal}`;
}

/**
 * The key a row is sent under: the one it carries (a retry or fix file's: the key it was refused
 * under, which kept nothing, so the retry is decided afresh), else its own.
 */
export function keyOf(row: Row, fileHash: string, questId: number): string {
  return row.key ?? rowKey(fileHash, questId, row.ordinal);
}
