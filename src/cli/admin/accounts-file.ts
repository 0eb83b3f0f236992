/**
 * What the commands that take a file of pass addresses share (`admin accounts import`,
 * `admin accounts suspend --csv`): reading and checking the file before anything is sent, sending
 * each address CONCURRENCY_DEFAULT at once with "try again" answers retried, progress on stderr,
 * and the summary's common lines. Each command says what it sends for one address and how the
 * answers count. Both are safe to run again after a crash, Ctrl-C or a refusal: what was done is
 * answered as done, and only the rest changes.
 *
 * The file: a header row naming an `address` or `pass` column (other columns are ignored), or
 * one address a line without a header. Rows are named by their line in the file (blank lines are
 * skipped but counted). An address seen on an earlier line is a duplicate, not sent again.
 */
import { createReadStream } from "node:fs";
import { pipeline } from "node:stream/promises";
import { parse } from "csv-parse";
import { RETRY_STATUSES } from "../../client/allocation-retry.js";
import { NetworkError, toApiError } from "../../client/index.js";
import { parsePassAddress } from "../../domain/address.js";
import {
  ATTEMPTS_MAX,
  endRun,
  forEachRow,
  type RetryLater,
  type RunControl,
  retrying,
  retryLater,
  runControl,
} from "../allocate-runner.js";
import { checkInputFile, lineCounter } from "../csv-input.js";
import type { CommandIo } from "../io.js";
import { printSummary, startProgress } from "../output.js";

export const CONCURRENCY_DEFAULT = 8;
export const CONCURRENCY_MAX = 64;
/** Rows a file may hold: every row is kept in memory (to find duplicates and order the summary). */
export const PASS_ROWS_MAX = 100_000;
/** Refused rows and duplicates printed for people; --json lists them all. */
const LISTED_ROWS_MAX = 50;
/** Names of the column that holds the addresses, in a header row (any case). */
const ADDRESS_COLUMNS = ["address", "pass"];
/** Statuses that every further row would get too: the token or the operator's rights. */
const FATAL_STATUSES = new Set([401, 403]);

/** The help's lines on the file, shared by the commands that read one. */
export const PASS_FILE_HELP = `The file: a header row naming an address (or pass) column, in any case, other columns ignored;
or, without a header, one address a line. Up to ${PASS_ROWS_MAX} rows. Rows are named by their
line in the file (the header is line 1; blank lines are skipped but counted). Every row is checked
before anything is sent: a malformed address is refused, and an address an earlier line has is a
duplicate, not sent again.`;

export type PassFileIo = Pick<CommandIo, "stdout" | "stderr" | "onInterrupt" | "exit">;

/** A data row: its line in the file and the address as written. */
export interface FileRow {
  line: number;
  text: string;
  /** Why the row cannot be sent, found before anything is; undefined when fine. */
  problem?: string;
}

export interface RefusedRow {
  line: number;
  /** The address as the file has it. */
  value: string;
  /** The service's error code, or BAD_REQUEST for a row refused before it was sent. */
  code: string;
  detail: string;
}

/** What every file command's summary has, beside its own counts. */
export interface PassFileSummary {
  file: string;
  /** Data rows: lines after the header, blank lines not counted. */
  rows: number;
  /** Rows whose address an earlier line has: not sent again. */
  duplicates: { line: number; pass: string; first_line: number }[];
  refused: RefusedRow[];
  /** Rows not decided: the run stopped first. A run of the same file again finishes them. */
  not_done: number;
  /** Why the run stopped early; null when every row was decided. */
  stopped: string | null;
}

/** A row the service refused, as it answered: a refusal every further row would get stops the run. */
export interface Refusal {
  kind: "refused";
  code: string;
  detail: string;
  status: number;
}

// ---------------------------------------------------------------- the file

/** The column of the addresses when `record` is a header row; -1 when it is not one. */
function addressColumn(record: string[]): number {
  const names = record.map((name) => name.trim().toLowerCase());
  const named = names.filter((name) => ADDRESS_COLUMNS.includes(name));
  // Which of the two holds the addresses is a guess: refuse rather than guess.
  if (named.length > 1) {
    throw new Error(
      `the header row names ${named.join(" and ")}: name one column address (or pass)`,
    );
  }
  return named.length === 1 ? names.indexOf(named[0]!) : -1;
}

/** The row of a file with a header: its address column; other columns are the file's own. */
function headedRow(record: string[], column: number, line: number): FileRow {
  const text = record[column] ?? "";
  return text === "" ? { line, text, problem: "the address column is empty" } : { line, text };
}

/** The row of a file without a header: one address, and nothing else but empty fields. */
function bareRow(record: string[], line: number): FileRow {
  const text = record[0] ?? "";
  if (record.slice(1).some((field) => field !== "")) {
    const problem = `${record.length} fields: a file without a header row holds one address a line (or name its columns in a header row: address,…)`;
    return { line, text: record.join(","), problem };
  }
  return { line, text };
}

/** Every data row of the file, checked; a header that cannot be read is an error. */
export async function readPassFile(file: string): Promise<FileRow[]> {
  checkInputFile(file);
  const parser = parse({
    bom: true,
    trim: true,
    skip_empty_lines: true,
    relax_column_count: true,
    relax_quotes: true,
    raw: true,
  });
  const reading = pipeline(createReadStream(file), parser);
  const lineOf = lineCounter();
  const rows: FileRow[] = [];
  /** undefined before the first record; -1 for a file without a header. */
  let column: number | undefined;
  try {
    for await (const { record, raw } of parser as AsyncIterable<{
      record: string[];
      raw: string;
    }>) {
      const line = lineOf(raw);
      if (column === undefined) {
        column = addressColumn(record);
        if (column >= 0) continue;
        if (record.filter((field) => field !== "").length > 1) {
          throw new Error(
            `line ${line} is not a header row naming an address (or pass) column, and a file without one holds one address a line`,
          );
        }
      }
      if (rows.length >= PASS_ROWS_MAX) {
        throw new Error(`more than ${PASS_ROWS_MAX} rows: split the file`);
      }
      rows.push(column >= 0 ? headedRow(record, column, line) : bareRow(record, line));
    }
    await reading;
  } catch (error) {
    reading.catch(() => {});
    throw new Error(`${file}: ${(error as Error).message}`);
  }
  return rows;
}

/**
 * The rows to send, each with its address checksummed; the others go into the summary now:
 * refused (malformed), or duplicates of an earlier line.
 */
export function checkPassRows(
  rows: FileRow[],
  summary: PassFileSummary,
): { row: FileRow; pass: string }[] {
  const refuse = (row: FileRow, code: string, detail: string) =>
    summary.refused.push({ line: row.line, value: row.text, code, detail });
  /** The first line of each address, checksummed: a later line with it is a duplicate. */
  const firstLines = new Map<string, number>();
  const toSend: { row: FileRow; pass: string }[] = [];
  for (const row of rows) {
    const pass = row.problem === undefined ? parsePassAddress(row.text) : undefined;
    if (row.problem !== undefined) refuse(row, "BAD_REQUEST", row.problem);
    else if (!pass) {
      refuse(
        row,
        "BAD_REQUEST",
        `${JSON.stringify(row.text)} is not a pass address: 0x and 40 hex digits, with a valid EIP-55 checksum when in mixed case`,
      );
    } else if (firstLines.has(pass)) {
      summary.duplicates.push({ line: row.line, pass, first_line: firstLines.get(pass)! });
    } else {
      firstLines.set(pass, row.line);
      toSend.push({ row, pass });
    }
  }
  return toSend;
}

// ---------------------------------------------------------------- sending

/**
 * A request's answer when it is not a success: worth another attempt (no answer, 429, 5xx of a
 * gateway), or a refusal.
 */
export function failedAnswer(
  result: NetworkError | { error?: unknown; response: Response },
): Refusal | RetryLater {
  // No answer: the change may have been made; the retry's answer says so.
  if (result instanceof NetworkError) return { kind: "retry", failure: result.message };
  const { response } = result;
  const error = toApiError(result.error, response);
  if (RETRY_STATUSES.has(response.status)) return retryLater(error, response);
  return { kind: "refused", code: error.code, detail: error.detail, status: response.status };
}

/** Adds a refusal to the summary; one every further row would get stops the run. */
export function recordRefusal(
  summary: PassFileSummary,
  row: FileRow,
  refusal: Refusal,
  run: RunControl,
): void {
  const { code, detail } = refusal;
  summary.refused.push({ line: row.line, value: row.text, code, detail });
  if (FATAL_STATUSES.has(refusal.status)) {
    run.stop(`every further row would be refused: ${code}: ${detail}`, 1);
  }
}

export interface PassFileRun<A> {
  /** Names the command: `accounts import`. */
  label: string;
  /** What the progress's first line says is sent: `accounts import: 12 addresses from x.csv`. */
  title: string;
  concurrency: number;
  json: boolean;
  /** The counts so far, for the progress line: "created 3, refused 1". */
  counts: () => string;
  /** One address's request(s): a final answer, or one worth another attempt. */
  attempt: (pass: string) => Promise<A | RetryLater>;
  /** Adds a row's final answer to the summary (recordRefusal for a refusal). */
  record: (row: FileRow, answer: A, run: RunControl) => void;
  /** The summary's lines for people, after `rows:` and before `duplicates:`. */
  countLines: () => string[];
}

/**
 * Reads and checks `file` into `summary`, sends every address as `options` says, prints the
 * summary (JSON with --json) and returns the exit code: 0 every row done, 2 some refused, 1 a
 * fatal stop, 130 interrupted.
 */
export async function runPassFile<A extends { kind: string }, S extends PassFileSummary>(
  file: string,
  summary: S,
  options: PassFileRun<A>,
  io: PassFileIo,
  finish: (summary: S) => void = () => {},
): Promise<number> {
  const rows = await readPassFile(file);
  summary.rows = rows.length;
  const toSend = checkPassRows(rows, summary);
  const run = runControl();
  let decided = 0;
  const progress = startProgress(io.stderr, {
    title: `${options.title}: ${toSend.length} addresses from ${file}, ${options.concurrency} at once`,
    label: options.label,
    unit: "addresses",
    total: toSend.length,
    decided: () => decided,
    counts: options.counts,
  });
  async function* pending() {
    yield* toSend;
  }
  try {
    await forEachRow(pending(), options.concurrency, run, io, async ({ row, pass }) => {
      const answer = await retrying(run, () => options.attempt(pass));
      if (answer.kind === "abandoned") return;
      if (answer.kind === "exhausted") {
        const { failure } = answer.last;
        run.stop(`no success after ${ATTEMPTS_MAX} attempts on line ${row.line}: ${failure}`, 1);
        return;
      }
      decided++;
      options.record(row, answer.value, run);
      progress.update();
    });
  } finally {
    progress.stop();
  }
  summary.not_done = toSend.length - decided;
  summary.stopped = run.reason;
  summary.refused.sort((a, b) => a.line - b.line);
  finish(summary);
  printSummary({ json: options.json, io }, summary, (s) => formatSummary(s, options.countLines()));
  return endRun(run, io.stderr, summary.refused.length > 0);
}

function listed<T>(rows: T[], line: (row: T) => string): string[] {
  const shown = rows.slice(0, LISTED_ROWS_MAX).map((row) => `  ${line(row)}`);
  if (rows.length > LISTED_ROWS_MAX) {
    shown.push(`  … and ${rows.length - LISTED_ROWS_MAX} more (--json lists them all)`);
  }
  return shown;
}

/** One line of the summary for people: the label, then the value in a column. */
export const summaryLine = (label: string, value: string | number) =>
  `${`${label}:`.padEnd(21)}${value}`;

function formatSummary(summary: PassFileSummary, countLines: string[]): string {
  const { duplicates, refused } = summary;
  const lines = [
    summaryLine("rows", `${summary.rows} in ${summary.file}`),
    ...countLines,
    summaryLine(
      "duplicates",
      `${duplicates.length}${duplicates.length > 0 ? " (an earlier line has the address: not sent again)" : ""}`,
    ),
    ...listed(duplicates, (row) => `line ${row.line}: ${row.pass} (line ${row.first_line})`),
    summaryLine("refused", refused.length),
    ...listed(refused, (row) => `line ${row.line}: ${row.code}: ${row.detail}`),
  ];
  if (summary.not_done > 0) {
    lines.push(summaryLine("not done", `${summary.not_done}: run the same file again to finish`));
  }
  if (summary.stopped) lines.push(summaryLine("stopped", summary.stopped));
  return `${lines.join("\n")}\n`;
}
