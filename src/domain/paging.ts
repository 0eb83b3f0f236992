/**
 * Pages of a listing: rows are ordered by (time, id), and a page starts right after the last row
 * of the one before (store/keyset.ts turns this into SQL; http/listing.ts into cursors).
 */

/** Where a page starts: just after the row with this time and id. */
export interface Cursor {
  at: Date;
  id: string;
}

export interface PageRequest {
  limit: number;
  after: Cursor | undefined;
}

export interface Page<T> {
  items: T[];
  next: Cursor | null;
}

/** The SQL type of a listing's ids, which a cursor's id must read as. */
export type IdType = "uuid" | "int" | "bigint";
