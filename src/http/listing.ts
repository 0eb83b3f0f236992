import { type TSchema, Type } from "typebox";
import { badRequest } from "../domain/errors.js";
import {
  CURSOR_LENGTH_MAX,
  ID_MAX,
  LIST_LIMIT_DEFAULT,
  LIST_LIMIT_MAX,
  TIMESTAMP_INPUT_MS_MAX,
  TIMESTAMP_INPUT_MS_MIN,
} from "../domain/limits.js";
import type { Cursor, IdType, Page, PageRequest } from "../domain/paging.js";

/** The query every cursor-paged listing takes (docs/http.md#listings). */
export const ListQueryFields = {
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: LIST_LIMIT_MAX,
      description: `Items per page, 1..${LIST_LIMIT_MAX} (default ${LIST_LIMIT_DEFAULT})`,
    }),
  ),
  cursor: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: CURSOR_LENGTH_MAX,
      description: "`next_cursor` of the previous page; omit for the first page",
    }),
  ),
};

/** `{ items, next_cursor }`: `next_cursor` is null on the last page. */
export function ListOf<T extends TSchema>(item: T, title?: string) {
  return Type.Object(
    {
      items: Type.Array(item),
      next_cursor: Type.Union([Type.String(), Type.Null()], {
        description: "Pass as `cursor` to read the next page; null on the last page",
      }),
    },
    title ? { title } : {},
  );
}

const badCursor = () =>
  badRequest("cursor cannot be read; pass next_cursor from the previous page as it was.", [
    { field: "cursor", message: "is not a cursor this listing issued" },
  ]);

/** A cursor is the last row's time and id, as base64url JSON: opaque to clients, not secret. */
export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.at.toISOString(), cursor.id])).toString("base64url");
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Whether `id` can be a listing's id of this type (else the database would refuse the cast). */
function isIdOfType(id: string, idType: IdType): boolean {
  if (idType === "uuid") return UUID.test(id);
  if (!/^[1-9]\d{0,18}$/.test(id)) return false;
  return idType === "bigint" ? BigInt(id) <= 2n ** 63n - 1n : Number(id) <= ID_MAX;
}

export function decodeCursor(text: string, idType: IdType): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
  } catch {
    throw badCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) throw badCursor();
  const [at, id] = parsed as unknown[];
  // Four-digit years only: what the service writes, and what every database reads back.
  if (typeof at !== "string" || !/^\d{4}-/.test(at)) throw badCursor();
  if (typeof id !== "string" || !isIdOfType(id, idType)) {
    throw badCursor();
  }
  const date = new Date(at);
  if (Number.isNaN(date.getTime()) || date.toISOString() !== at) throw badCursor();
  // The range every timestamp input has (PGlite misreads or refuses years before 1970).
  const ms = date.getTime();
  if (ms < TIMESTAMP_INPUT_MS_MIN || ms > TIMESTAMP_INPUT_MS_MAX) throw badCursor();
  return { at: date, id };
}

/** The store's page request from a listing's query; `idType` is the type of the listing's ids. */
export function pageRequest(
  query: { limit?: number | undefined; cursor?: string | undefined },
  idType: IdType,
): PageRequest {
  return {
    limit: query.limit ?? LIST_LIMIT_DEFAULT,
    after: query.cursor === undefined ? undefined : decodeCursor(query.cursor, idType),
  };
}

/** The answer of a listing: its items presented, and the cursor of the next page. */
export function listAnswer<T, U>(page: Page<T>, present: (item: T) => U) {
  return {
    items: page.items.map(present),
    next_cursor: page.next ? encodeCursor(page.next) : null,
  };
}
