/**
 * Keyset paging shared by every listing: rows are ordered by (time, id) and a page starts right
 * after the last row of the one before, so each page is one index range whatever its depth
 * (never OFFSET), and rows inserted meanwhile cause no gap or repeat.
 */

import type { Cursor, IdType, Page, PageRequest } from "../domain/paging.js";

export type { Cursor, Page, PageRequest } from "../domain/paging.js";

/**
 * Appends `value` to a statement's parameters and names its placeholder. Filters are added to a
 * listing's SQL only when set, so each combination is planned for what it is (an index range),
 * never as a generic `($1 IS NULL OR col = $1)` that a cached plan would scan the table for.
 */
export function param(params: unknown[], value: unknown): string {
  params.push(value);
  return `$${params.length}`;
}

/** The columns a listing is ordered by, and the SQL type of its id (`uuid`, `int`, `bigint`). */
export interface KeysetColumns {
  at: string;
  id: string;
  idType: IdType;
}

/**
 * The WHERE condition and ORDER BY of a page, with their parameters appended to `params`:
 * `newest` pages run from the latest row back, `oldest` from the first one forward.
 */
export function keyset(
  columns: KeysetColumns,
  order: "newest" | "oldest",
  page: PageRequest,
  params: unknown[],
): { where: string; orderBy: string; limit: string } {
  const direction = order === "newest" ? "DESC" : "ASC";
  const orderBy = `ORDER BY ${columns.at} ${direction}, ${columns.id} ${direction}`;
  const limit = `LIMIT ${param(params, page.limit + 1)}`;
  if (!page.after) return { where: "TRUE", orderBy, limit };
  const at = `${param(params, page.after.at)}::timestamptz`;
  const id = `${param(params, page.after.id)}::${columns.idType}`;
  const compare = order === "newest" ? "<" : ">";
  return { where: `(${columns.at}, ${columns.id}) ${compare} (${at}, ${id})`, orderBy, limit };
}

/** A page from the `limit + 1` rows `keyset` asked for: the extra row only says there is more. */
export function toPage<T>(rows: T[], limit: number, keyOf: (row: T) => Cursor): Page<T> {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, next: rows.length > limit && last ? keyOf(last) : null };
}
