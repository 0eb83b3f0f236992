/** A cursor-paged listing of the API, read a page at a time. */
import { useState } from "preact/hooks";
import { type Loaded, useLoad } from "./load.js";

/** A page of a cursor-paged listing, as every listing of the API answers it. */
export interface CursorPage<T> {
  items: T[];
  next_cursor: string | null;
}

/** A cursor-paged listing, a page at a time. */
export interface CursorPages<T> {
  loaded: Loaded<CursorPage<T>>;
  reload(): void;
  /** A reload of the page shown is under way (the page stays on screen meanwhile). */
  refreshing: boolean;
  /** 1 for the first page. */
  page: number;
  /** Undefined on the first page and where there is no page back. */
  previous: (() => void) | undefined;
  /** Undefined until the page is loaded, and on the last page. */
  next: (() => void) | undefined;
}

/**
 * Pages of a listing (`{ items, next_cursor }`). The API only pages forwards, so the cursors of
 * the pages already seen are kept to step back; new `deps` (filters, a page size) start again at
 * the first page. A reload keeps the page on screen.
 */
export function useCursorPages<T>(
  load: (cursor: string | undefined, signal: AbortSignal) => Promise<CursorPage<T>>,
  deps: unknown[],
): CursorPages<T> {
  const key = JSON.stringify(deps);
  const [paging, setPaging] = useState<{ key: string; cursors: string[] }>({ key, cursors: [] });
  const cursors = paging.key === key ? paging.cursors : [];
  const cursor = cursors.at(-1);
  const [loaded, reload, refreshing] = useLoad((signal) => load(cursor, signal), [key, cursor], {
    keep: true,
  });
  const nextCursor = loaded.state === "ok" ? loaded.data.next_cursor : null;
  return {
    loaded,
    reload,
    refreshing,
    page: cursors.length + 1,
    previous:
      cursors.length > 0 ? () => setPaging({ key, cursors: cursors.slice(0, -1) }) : undefined,
    next:
      nextCursor !== null ? () => setPaging({ key, cursors: [...cursors, nextCursor] }) : undefined,
  };
}
