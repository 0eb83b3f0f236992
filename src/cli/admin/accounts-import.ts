/**
 * `questpoints admin accounts import --csv FILE`: registers the pass addresses of a file, as an
 * operator moving a community over does, through `POST /admin/accounts`, IMPORT_CONCURRENCY_DEFAULT
 * at once. The service answers 201 for a new account and 200 for one already registered, so a
 * run again after a crash, Ctrl-C or a refusal registers only the rest: nothing twice.
 *
 * The file: a header row naming an `address` or `pass` column (other columns are ignored), or
 * one address a line without a header. Rows are named by their line in the file (blank lines are
 * skipped but counted). Every row is checked before anything is sent; an address seen on an
 * earlier line is reported as a duplicate and not sent again.
 *
 * Exit: 0 every address registered (now or before); 2 some rows refused; 1 a fatal error (an
 * unreadable file, a bad header, the token refused, the service gone); 130 interrupted.
 */
import { createReadStream } from "node:fs";
import { pipeline } from "node:stream/promises";
import { parse } from "csv-parse";
import { RETRY_STATUSES } from "../../client/allocation-retry.js";
import { NetworkError, type QuestpointsClient, toApiError } from "../../client/index.js";
import { parsePassAddress } from "../../domain/address.js";
import {
  ATTEMPTS_MAX,
  answerOf,
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

export const IMPORT_CONCURRENCY_DEFAULT = 8;
export const IMPORT_CONCURRENCY_MAX = 64;
/** Rows a file may hold: every row is kept in memory (to find duplicates and order the summary). */
export const IMPORT_ROWS_MAX = 100_000;
/** Refused rows and duplicates printed for people; --json lists them all. */
const LISTED_ROWS_MAX = 50;
/** Names of the column that holds the addresses, in a header row (any case). */
const ADDRESS_COLUMNS = ["address", "pass"];
/** Statuses that every further row would get too: the token or the operator's rights. */
const FATAL_STATUSES = new Set([401, 403]);

/** `accounts import --help`'s text after the options. */
export const IMPORT_HELP = `
The file: a header row naming an address (or pass) column, in any case, other columns ignored;
or, without a header, one address a line. Up to ${IMPORT_ROWS_MAX} rows. Rows are named by their
line in the file (the header is line 1; blank lines are skipped but counted). Every row is checked
before anything is sent: a malformed address is refused, and an address an earlier line has is a
duplicate, not sent again.

Each address is sent to POST /admin/accounts, which answers 201 when it registers it and 200 when
it was registered before: running the file again after a crash, Ctrl-C or a fix registers only
what is left. 429, 502, 503, 504 and no answer are tried again with backoff (up to ${ATTEMPTS_MAX}
attempts); then the run stops.

The summary goes to stdout (--json: for scripts, with every registered row's account id):
created, already registered, duplicates, and refused rows with their line and reason.
Exit codes: 0 all registered (now or before), 2 some rows refused, 1 fatal error, 130 interrupted.`;

export type ImportIo = Pick<CommandIo, "stdout" | "stderr" | "onInterrupt" | "exit">;

export interface ImportOptions {
  csv: string;
  concurrency: number;
  json: boolean;
}

/** A data row: its line in the file and the address as written. */
interface FileRow {
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

export interface ImportSummary {
  file: string;
  /** Data rows: lines after the header, blank lines not counted. */
  rows: number;
  created: number;
  already_registered: number;
  /** Rows whose address an earlier line has: not sent again. */
  duplicates: { line: number; pass: string; first_line: number }[];
  refused: RefusedRow[];
  /** Rows not decided: the run stopped first. A run of the same file again finishes them. */
  not_done: number;
  /** Why the run stopped early; null when every row was decided. */
  stopped: string | null;
  /** Every row registered, with its account: `created` false when it was registered before. */
  accounts: { line: number; pass: string; id: string; created: boolean }[];
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
async function readImportFile(file: string): Promise<FileRow[]> {
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
      if (rows.length >= IMPORT_ROWS_MAX) {
        throw new Error(`more than ${IMPORT_ROWS_MAX} rows: split the file`);
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

// ---------------------------------------------------------------- sending

type Answer =
  | { kind: "registered"; id: string; pass: string; created: boolean }
  | { kind: "refused"; code: string; detail: string; status: number };

/** One POST /admin/accounts, classified: registered, refused, or worth another attempt. */
async function attempt(api: QuestpointsClient, pass: string): Promise<Answer | RetryLater> {
  const result = await answerOf(api.POST("/admin/accounts", { body: { pass } }));
  // No answer: the account may have been registered; the retry's 200 says so.
  if (result instanceof NetworkError) return { kind: "retry", failure: result.message };
  const { response } = result;
  if (response.ok && result.data) {
    const { id } = result.data;
    return { kind: "registered", id, pass: result.data.pass, created: response.status === 201 };
  }
  const error = toApiError(result.error, response);
  if (RETRY_STATUSES.has(response.status)) {
    return retryLater(error, response);
  }
  return { kind: "refused", code: error.code, detail: error.detail, status: response.status };
}

function listed<T>(rows: T[], line: (row: T) => string): string[] {
  const shown = rows.slice(0, LISTED_ROWS_MAX).map((row) => `  ${line(row)}`);
  if (rows.length > LISTED_ROWS_MAX) {
    shown.push(`  … and ${rows.length - LISTED_ROWS_MAX} more (--json lists them all)`);
  }
  return shown;
}

function formatImportSummary(summary: ImportSummary): string {
  const lines = [
    `rows:                ${summary.rows} in ${summary.file}`,
    `created:             ${summary.created}`,
    `already registered:  ${summary.already_registered}`,
    `duplicates:          ${summary.duplicates.length}${summary.duplicates.length > 0 ? " (an earlier line has the address: not sent again)" : ""}`,
    ...listed(
      summary.duplicates,
      (row) => `line ${row.line}: ${row.pass} (line ${row.first_line})`,
    ),
    `refused:             ${summary.refused.length}`,
    ...listed(summary.refused, (row) => `line ${row.line}: ${row.code}: ${row.detail}`),
  ];
  if (summary.not_done > 0) {
    lines.push(`not done:            ${summary.not_done}: run the same file again to finish`);
  }
  if (summary.stopped) lines.push(`stopped:             ${summary.stopped}`);
  return `${lines.join("\n")}\n`;
}

/**
 * The rows to send, each with its address checksummed; the others go into the summary now:
 * refused (malformed), or duplicates of an earlier line.
 */
function checkRows(rows: FileRow[], summary: ImportSummary): { row: FileRow; pass: string }[] {
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

function emptySummary(file: string, rows: number): ImportSummary {
  return {
    file,
    rows,
    created: 0,
    already_registered: 0,
    duplicates: [],
    refused: [],
    not_done: 0,
    stopped: null,
    accounts: [],
  };
}

/** Adds a row's final answer to the summary; a refusal every further row would get stops the run. */
function recordAnswer(summary: ImportSummary, row: FileRow, answer: Answer, run: RunControl) {
  if (answer.kind === "registered") {
    if (answer.created) summary.created++;
    else summary.already_registered++;
    const { id, created } = answer;
    summary.accounts.push({ line: row.line, pass: answer.pass, id, created });
    return;
  }
  const { code, detail } = answer;
  summary.refused.push({ line: row.line, value: row.text, code, detail });
  if (FATAL_STATUSES.has(answer.status)) {
    run.stop(`every further row would be refused: ${code}: ${detail}`, 1);
  }
}

/** Reads, checks and registers the file's addresses; the exit code. */
export async function importAccounts(
  api: QuestpointsClient,
  options: ImportOptions,
  io: ImportIo,
): Promise<number> {
  const rows = await readImportFile(options.csv);
  const summary = emptySummary(options.csv, rows.length);
  const toSend = checkRows(rows, summary);
  const run = runControl();
  let decided = 0;
  const progress = startProgress(io.stderr, {
    title: `accounts import: ${toSend.length} addresses from ${options.csv}, ${options.concurrency} at once`,
    label: "accounts import",
    unit: "addresses",
    total: toSend.length,
    decided: () => decided,
    counts: () =>
      `created ${summary.created}, already ${summary.already_registered}, refused ${summary.refused.length}`,
  });
  async function* pending() {
    yield* toSend;
  }
  try {
    await forEachRow(pending(), options.concurrency, run, io, async ({ row, pass }) => {
      const answer = await retrying(run, () => attempt(api, pass));
      if (answer.kind === "abandoned") return;
      if (answer.kind === "exhausted") {
        const { failure } = answer.last;
        run.stop(`no success after ${ATTEMPTS_MAX} attempts on line ${row.line}: ${failure}`, 1);
        return;
      }
      decided++;
      recordAnswer(summary, row, answer.value, run);
      progress.update();
    });
  } finally {
    progress.stop();
  }
  summary.not_done = toSend.length - decided;
  summary.stopped = run.reason;
  summary.refused.sort((a, b) => a.line - b.line);
  summary.accounts.sort((a, b) => a.line - b.line);
  printSummary({ json: options.json, io }, summary, formatImportSummary);
  return endRun(run, io.stderr, summary.refused.length > 0);
}
