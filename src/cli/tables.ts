/**
 * How the CLI shows answers to people: tables no wider than TABLE_WIDTH_MAX columns, with the
 * columns a person reads (ids whole, names cut with an ellipsis, times to the minute, addresses
 * shortened where the list is about something else) and nested objects as short summaries, never
 * as inline JSON. Everything else is in the answer `--json` prints. The columns of each listing
 * are the listing's (admin/lists.ts); the cells' formats are here.
 */
import Table from "cli-table3";
import type { paths } from "../client/index.js";

/** The widest line a table may print, borders included. */
export const TABLE_WIDTH_MAX = 100;
/** A quoted text inside a summary is cut to this many characters, so one field cannot fill it. */
const SUMMARY_TEXT_LENGTH_MAX = 40;
/** Points at or above this are shown in three figures: a cut number would read as another. */
const POINTS_WHOLE_BELOW = 1e10;
/** Characters a wrapping cell loses to its line breaks, near enough. */
const WRAP_SLACK = 4;

// ---------------------------------------------------------------- the answers' items

type JsonOf<R> = R extends { content: { "application/json": infer B } } ? B : never;
/** The item of a listing's answer: of its page's `items`, or of the array it answers. */
export type ItemOf<P extends keyof paths> = paths[P] extends {
  get: { responses: { 200: infer R } };
}
  ? JsonOf<R> extends { items: (infer I)[] }
    ? I
    : JsonOf<R> extends (infer I)[]
      ? I
      : never
  : never;

type ApplicationItem = ItemOf<"/admin/applications">;

// ---------------------------------------------------------------- cells

const TIMESTAMP = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(:\d{2}(\.\d+)?)?Z$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `2026-01-31 12:00`: a UTC timestamp of the service, to the minute; "" for null. */
export function minute(value: string | null | undefined): string {
  if (!value) return "";
  const match = TIMESTAMP.exec(value);
  return match ? `${match[1]} ${match[2]}` : value;
}

/** `2026-01-31`: the UTC day of a timestamp of the service; "" for null. */
export function day(value: string | null | undefined): string {
  if (!value) return "";
  return TIMESTAMP.exec(value)?.[1] ?? value;
}

/** `0xFfFf…0001`: enough of an address to tell it apart in a list (whole in --json). */
export function shortAddress(value: string): string {
  return ADDRESS.test(value) ? `${value.slice(0, 6)}…${value.slice(-4)}` : value;
}

/** `1a2b…9f0e`: a UUID's first and last characters (the last are random in v4 and v7 alike). */
export function shortId(value: string): string {
  return UUID.test(value) ? `${value.slice(0, 4)}…${value.slice(-4)}` : value;
}

/** Points as a person compares them: whole up to 10 digits, beyond in three figures (`9.01e15`). */
export function points(value: number): string {
  return Math.abs(value) < POINTS_WHOLE_BELOW
    ? String(value)
    : value.toPrecision(3).replace("e+", "e");
}

/** Text on one line: line breaks, tabs and other control characters become spaces. */
function oneLine(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are the point
  return text.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, " ");
}

/** `text` cut to `length` characters, the cut marked by an ellipsis. */
function cut(text: string, length: number): string {
  const chars = Array.from(text);
  return chars.length <= length ? text : `${chars.slice(0, length - 1).join("")}…`;
}

/** One value inside a summary: short, and never JSON's braces. */
function brief(value: unknown): string {
  if (value === null || value === undefined) return "none";
  if (typeof value === "string") {
    if (TIMESTAMP.test(value)) return minute(value);
    if (ADDRESS.test(value)) return shortAddress(value);
    if (UUID.test(value)) return shortId(value);
    return JSON.stringify(cut(oneLine(value), SUMMARY_TEXT_LENGTH_MAX));
  }
  if (Array.isArray(value)) return `(${countOf(value.length, "item")})`;
  if (typeof value === "object") return `(${countOf(Object.keys(value).length, "field")})`;
  return String(value);
}

/** `1 field`, `2 fields`. */
const countOf = (n: number, one: string) => `${n} ${n === 1 ? one : `${one}s`}`;

/** What a reader looks for first in a summary: why, how much, which. */
const SUMMARY_FIRST = ["reason", "amount", "name", "pass", "owner", "active", "is_active"];

/** `reason "duplicate payout", amount 60, quest_id 7`: an object's fields as one short line. */
export function summary(fields: Record<string, unknown>): string {
  const keys = Object.keys(fields);
  const first = SUMMARY_FIRST.filter((key) => keys.includes(key));
  const ordered = [...first, ...keys.filter((key) => !first.includes(key))];
  return ordered.map((key) => `${key} ${brief(fields[key])}`).join(", ");
}

/** A quest's terms as an approval may change them: its budget, points per completion, window. */
export type QuestTerms = Pick<
  ApplicationItem["quest"],
  "name" | "total_points" | "expected_points_per_completion" | "start" | "end"
>;

/** A quest asked for or granted: `"Name", 1000 points, 2026-01-30 → 2026-02-01`. */
export function requestedQuest(quest: Omit<QuestTerms, "expected_points_per_completion">): string {
  const name = JSON.stringify(cut(oneLine(quest.name), SUMMARY_TEXT_LENGTH_MAX));
  return `${name}, ${quest.total_points} points, ${day(quest.start)} → ${day(quest.end)}`;
}

/**
 * The terms asked for that the approval changed, or "" when it granted them as asked:
 * `5000 points, 10 per completion, 2026-01-30 12:00 → 2026-02-01 12:00` (the window to the minute).
 */
export function changedTerms(granted: QuestTerms, asked: QuestTerms): string {
  const same = (a: string, b: string) => Date.parse(a) === Date.parse(b);
  const changes: string[] = [];
  if (granted.total_points !== asked.total_points) changes.push(`${asked.total_points} points`);
  if (granted.expected_points_per_completion !== asked.expected_points_per_completion) {
    changes.push(`${asked.expected_points_per_completion} per completion`);
  }
  if (!same(granted.start, asked.start) || !same(granted.end, asked.end)) {
    changes.push(`${minute(asked.start)} → ${minute(asked.end)}`);
  }
  return changes.join(", ");
}

/** What the owner of an application already holds: its account, quests and working keys. */
function ownerAccount(account: ApplicationItem["owner_account"]): string {
  if (account === null) return "none yet (approval registers the pass)";
  return `${account.id}, ${account.quests} quests, ${account.keys} working keys`;
}

/**
 * Who, short (the details column needs the room): `bootstrap` (ADMIN_TOKEN's
 * `operator:bootstrap`), an operator (`op:1a2b…9f0e`), `applicant`, an account's id (`1a2b…9f0e`)
 * or a pass (`0xFfFf…0001`).
 */
export function actor(value: string): string {
  const operator = /^operator:(.+)$/s.exec(value)?.[1];
  if (operator === "bootstrap") return operator;
  if (operator !== undefined) return `op:${shortId(operator)}`;
  const id = /^(?:account|pass):(.+)$/s.exec(value)?.[1];
  return id === undefined ? value : shortId(shortAddress(id));
}

// ---------------------------------------------------------------- tables

export interface Column<T> {
  header: string;
  cell: (item: T) => string;
  /**
   * The narrowest this column may be cut to when the table is too wide (an ellipsis marks the
   * cut); without it the column keeps its width unless nothing else is left to cut.
   */
  min?: number;
  /** Lines a cell may wrap onto before it is cut (default 1). */
  lines?: number;
}

/** Display width, near enough: characters, not UTF-16 units (cli-table3 measures the rest). */
const width = (text: string) => Array.from(text).length;

/**
 * Column widths that fit `budget`, one character at a time: from the cuttable column furthest
 * above its `min` while there is one, else (only huge numbers get there) from the widest column.
 */
function fit(widths: number[], mins: (number | undefined)[], budget: number): number[] {
  const out = [...widths];
  /** The index with the most `room` (above 0), or -1. */
  const most = (room: (i: number) => number) =>
    out.reduce((best, _, i) => (room(i) > 0 && (best < 0 || room(i) > room(best)) ? i : best), -1);
  for (let excess = out.reduce((sum, w) => sum + w, 0) - budget; excess > 0; excess--) {
    let i = most((j) => (mins[j] === undefined ? 0 : out[j]! - mins[j]!));
    if (i < 0) i = most((j) => out[j]! - 1);
    if (i < 0) break;
    out[i]!--;
  }
  return out;
}

/** Rows as a table that fits in TABLE_WIDTH_MAX columns; `(none)` for no rows. */
export function table<T>(items: readonly T[], columns: readonly Column<T>[]): string {
  if (items.length === 0) return "(none)\n";
  const rows = items.map((item) => columns.map((column) => oneLine(column.cell(item))));
  const natural = columns.map((column, i) =>
    rows.reduce((max, row) => Math.max(max, width(row[i]!)), width(column.header)),
  );
  // A column that wraps asks for the width its longest text needs on its lines (with a little
  // room for the breaks), and gets more, up to one line, when the others leave it some.
  const asked = natural.map((w, i) => {
    const lines = columns[i]!.lines ?? 1;
    return lines === 1 ? w : Math.min(w, Math.ceil(w / lines) + WRAP_SLACK);
  });
  // Each column costs its text, a space either side and a border; one more border closes it.
  const budget = TABLE_WIDTH_MAX - (3 * columns.length + 1);
  const widths = fit(
    asked,
    columns.map((column) => column.min),
    budget,
  );
  let left = budget - widths.reduce((sum, w) => sum + w, 0);
  for (let i = 0; i < widths.length && left > 0; i++) {
    const more = Math.min(left, natural[i]! - widths[i]!);
    widths[i]! += more;
    left -= more;
  }
  const out = new Table({
    head: columns.map((column) => column.header),
    colWidths: widths.map((w) => w + 2),
    style: { head: [], border: [] },
  });
  for (const row of rows) {
    out.push(row.map((text, i) => wrap(text, widths[i]!, columns[i]!.lines ?? 1).join("\n")));
  }
  return `${out.toString()}\n`;
}

/**
 * `text` in at most `lines` lines of at most `length` characters, broken after a comma or at a
 * space where it can be; the last line is cut with an ellipsis when the text goes on.
 */
function wrap(text: string, length: number, lines: number): string[] {
  const out: string[] = [];
  let rest = text;
  while (out.length < lines - 1 && width(rest) > length) {
    const chars = Array.from(rest);
    const head = chars.slice(0, length + 1).join("");
    // Between two fields of a summary (`a 1, b 2`) first, else between two words.
    const comma = head.lastIndexOf(", ");
    const space = comma > 0 ? comma + 1 : head.lastIndexOf(" ");
    const end = space > 0 ? space : chars.slice(0, length).join("").length;
    out.push(rest.slice(0, end));
    rest = rest.slice(end).replace(/^ /, "");
  }
  out.push(cut(rest, length));
  return out;
}

/** One value of a single answer's table: nested objects summarised, text on one line. */
function recordValue(key: string, value: unknown): string {
  if (key === "owner_account" && value !== undefined) {
    return ownerAccount(value as ApplicationItem["owner_account"]);
  }
  if (value === null || value === undefined) return "";
  if (key === "quest" && typeof value === "object") {
    return requestedQuest(value as ApplicationItem["quest"]);
  }
  if (Array.isArray(value)) return value.map(brief).join(", ");
  if (typeof value === "object") return summary(value as Record<string, unknown>);
  return oneLine(String(value));
}

/** A single answer as a two-column table (field, value) that fits in TABLE_WIDTH_MAX columns. */
export function record(item: Record<string, unknown>): string {
  const entries = Object.entries(item).map(([key, value]) => [key, recordValue(key, value)]);
  const keyWidth = entries.reduce((max, [key]) => Math.max(max, width(key!)), 1);
  const valueWidth = Math.max(1, TABLE_WIDTH_MAX - 7 - keyWidth);
  const out = new Table({
    colWidths: [keyWidth + 2, valueWidth + 2],
    style: { head: [], border: [] },
  });
  for (const [key, value] of entries) out.push({ [key!]: cut(value!, valueWidth) });
  return `${out.toString()}\n`;
}
