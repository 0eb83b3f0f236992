/** Tables and their cursor-paged listings, as every list page shows them. */
import type { ComponentChildren } from "preact";
import { useState } from "preact/hooks";
import { type Loaded, useLoad } from "./ui.js";

/**
 * A table that may scroll sideways on a narrow screen: a labelled region that takes the focus,
 * so keyboard users can scroll it too (axe: scrollable-region-focusable).
 */
export function TableWrap(props: { label: string; children: ComponentChildren }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must be reachable by keyboard
    <section class="table-wrap" aria-label={props.label} tabIndex={0}>
      {props.children}
    </section>
  );
}

/** A column heading; numbers are right-aligned. */
export type Column = string | { label: string; num: true };

/** A table's column headings, one row of `th scope="col"`. */
export function TableHead(props: { columns: Column[] }) {
  return (
    <thead>
      <tr>
        {props.columns.map((column) => {
          const { label, num } =
            typeof column === "string" ? { label: column, num: false } : column;
          return (
            <th key={label} scope="col" class={num ? "num" : undefined}>
              {label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}

/**
 * Previous / next buttons around a line saying where the reader is; `children` (a page size, a
 * refresh note) follow. `busy` holds both buttons while a page loads. With `textWhenSingle` and
 * no page either way, only the line shows.
 */
export function Pager(props: {
  label: string;
  position: ComponentChildren;
  onPrevious?: (() => void) | undefined;
  onNext?: (() => void) | undefined;
  previousText?: string;
  nextText?: string;
  busy?: boolean;
  textWhenSingle?: boolean;
  children?: ComponentChildren;
}) {
  if (props.textWhenSingle && !props.onPrevious && !props.onNext) {
    return <p class="meta">{props.position}</p>;
  }
  return (
    <nav class="pager" aria-label={props.label}>
      <PagerButton busy={props.busy} onClick={props.onPrevious}>
        {props.previousText ?? "Previous"}
      </PagerButton>
      <span aria-live="polite">{props.position}</span>
      <PagerButton busy={props.busy} onClick={props.onNext}>
        {props.nextText ?? "Next"}
      </PagerButton>
      {props.children}
    </nav>
  );
}

/** A pager's step: held while a page loads, and where there is no page that way. */
function PagerButton(props: {
  busy: boolean | undefined;
  onClick: (() => void) | undefined;
  children: string;
}) {
  return (
    <button
      type="button"
      class="secondary"
      disabled={props.busy || !props.onClick}
      onClick={props.onClick}
    >
      {props.children}
    </button>
  );
}

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
