/**
 * How the CLI prints: answers and summaries on stdout, as a table for people or as JSON with
 * --json; progress, notes and errors on stderr (main.ts prints a thrown error as
 * `questpoints: message` and exits 1).
 */
import { once } from "node:events";
import type { Writable } from "node:stream";
import cliProgress from "cli-progress";
import { ApiError, NetworkError } from "../client/index.js";
import { type Column, record, table } from "./tables.js";

/** Where a command prints, and how: JSON for scripts, or tables for people. */
export interface Printer {
  json: boolean;
  io: { stdout: Writable; stderr: Writable };
}

/** A JSON document as --json prints it: indented, one trailing line break. */
export function jsonText(data: unknown): string {
  return `${JSON.stringify(data, null, 2)}\n`;
}

/** Writes, then waits while the reader is behind: output of any length in bounded memory. */
export async function writeInTurn(stream: Writable, text: string): Promise<void> {
  if (!stream.write(text)) await once(stream, "drain");
}

/** One answer: its JSON for scripts, else a two-column table (and `note` on stderr). */
export function show(out: Printer, data: unknown, note?: string): void {
  if (out.json) {
    out.io.stdout.write(jsonText(data));
    return;
  }
  out.io.stdout.write(record(data as Record<string, unknown>));
  if (note) out.io.stderr.write(`${note}\n`);
}

/** Items (an array answer, or a page's): JSON, or a table of `columns`. */
export function showItems<T>(
  out: Printer,
  data: unknown,
  items: T[],
  columns: readonly Column<T>[],
) {
  out.io.stdout.write(out.json ? jsonText(data) : table(items, columns));
}

/**
 * An answer with no body (204): a line for people, or for scripts a JSON object saying what was
 * done, so that `--json` always prints one document.
 */
export function done(out: Printer, message: string, data: Record<string, unknown>): void {
  out.io.stdout.write(out.json ? jsonText(data) : `${message}\n`);
}

/** A bulk run's summary on stdout: JSON for scripts, else `format`'s lines. */
export function printSummary<S>(out: Printer, summary: S, format: (summary: S) => string): void {
  out.io.stdout.write(out.json ? jsonText(summary) : format(summary));
}

/** `  CODE: count` lines, the most frequent code first. */
export function codeCountLines(byCode: Record<string, number>): string[] {
  return Object.entries(byCode)
    .sort(([, a], [, b]) => b - a)
    .map(([code, count]) => `  ${code}: ${count}`);
}

/** Counts one more `code` in `byCode`. */
export function countCode(byCode: Record<string, number>, code: string): void {
  byCode[code] = (byCode[code] ?? 0) + 1;
}

// ---------------------------------------------------------------- errors

/** A NetworkError's message, with how to point the CLI at the service when it was not reached. */
export function withUrlHint(error: unknown): unknown {
  if (error instanceof NetworkError && error.kind === "unreachable") {
    error.message += "; is the service running there? Give its address with --url or QP_URL";
  }
  return error;
}

/** A BAD_REQUEST's message with each bad field it names: one line each, under the main line. */
export function withFieldErrors(error: unknown): unknown {
  if (error instanceof ApiError && error.errors.length > 0) {
    error.message += error.errors.map((e) => `\n  ${e.field}: ${e.message}`).join("");
  }
  return error;
}

/** The line main.ts would print for a fatal error, for a run that prints its summary first. */
export function printFatal(stderr: Writable, message: string): void {
  stderr.write(`questpoints: ${message}\n`);
}

// ---------------------------------------------------------------- progress

const PROGRESS_LINE_INTERVAL_MS = 5_000;

export interface ProgressOptions {
  /** The first line, written at once. */
  title: string;
  /** Names the command in the lines written where there is no terminal: `allocate`. */
  label: string;
  /** What is counted: `rows`, `addresses`. */
  unit: string;
  total: number;
  decided: () => number;
  /** The items decided so far, described: "paid 3, refused 1". */
  counts: () => string;
}

/**
 * Progress on stderr: a bar on a terminal; elsewhere (a log, a pipe) one line every few seconds.
 * `update` after each item decided, `stop` at the end.
 */
export function startProgress(stderr: Writable & { isTTY?: boolean }, options: ProgressOptions) {
  const { label, unit, total, decided, counts } = options;
  stderr.write(`${options.title}\n`);
  if (stderr.isTTY) {
    const bar = new cliProgress.SingleBar(
      {
        stream: stderr as NodeJS.WritableStream,
        format: `{bar} {value}/{total} ${unit} | {counts} | {eta_formatted}`,
        hideCursor: true,
      },
      cliProgress.Presets.shades_classic,
    );
    bar.start(total, 0, { counts: counts() });
    return {
      update: () => bar.update(decided(), { counts: counts() }),
      stop: () => bar.stop(),
    };
  }
  const line = () => stderr.write(`${label}: ${decided()}/${total} ${unit}, ${counts()}\n`);
  const timer = setInterval(line, PROGRESS_LINE_INTERVAL_MS);
  return { update: () => {}, stop: () => clearInterval(timer) };
}
