/**
 * The operator console's listings: a cursor-paged list read with the token, its table and its
 * pager (the filters above it are filters.tsx).
 */
import type { ComponentChildren } from "preact";
import { useState } from "preact/hooks";
import type { paths } from "../../../src/client/schema.js";
import { adminHeaders, api, call, type Item } from "../../client.js";
import { type CursorPage, type CursorPages, useCursorPages } from "../../ui/cursor-pages.js";
import { inputValue } from "../../ui/field.js";
import { Pager } from "../../ui/pager.js";
import { Empty, Show } from "../../ui/status.js";
import { type Column, StackedTable } from "../../ui/tables.js";

export interface SectionProps {
  token: string;
  /**
   * The address's `#section?…` query: what a link into the section asks for (the quests of an
   * owner, one quest to show). A new query mounts the section afresh.
   */
  params?: URLSearchParams;
}

export const PAGE_SIZES = [10, 25, 100] as const;

export interface CursorList<T> extends CursorPages<T> {
  limit: number;
  setLimit(limit: number): void;
}

/** Which page of a listing to read: its size, and the cursor of the page before (none first). */
export interface PageQuery {
  limit: number;
  cursor: string | undefined;
}

/** The operator API's cursor-paged listings. */
export type AdminListPath =
  | "/admin/accounts"
  | "/admin/applications"
  | "/admin/audit"
  | "/admin/campaigns"
  | "/admin/earning-periods"
  | "/admin/keys"
  | "/admin/operators"
  | "/admin/payouts"
  | "/admin/quests";

/** What a listing is filtered by: its query but the page's size and cursor. */
export type ListFilters<P extends AdminListPath> = Omit<
  NonNullable<paths[P]["get"]["parameters"]["query"]>,
  "limit" | "cursor"
>;

/** One page of an operator listing, read with the token. */
export function readAdminPage<P extends AdminListPath>(
  token: string,
  path: P,
  query: ListFilters<P> & PageQuery,
  signal: AbortSignal,
): Promise<CursorPage<Item<P>>> {
  // openapi-fetch cannot check a path that is a type parameter: the signature above is what
  // callers are checked against (`/admin/payouts` answers JSON without `format`).
  const read = api.GET as (
    path: string,
    init: { params: { query: unknown }; headers: Record<string, string>; signal: AbortSignal },
  ) => Promise<{ data?: CursorPage<Item<P>>; error?: unknown; response: Response }>;
  return call(read(path, { params: { query }, headers: adminHeaders(token), signal }));
}

/** An operator listing under the given filters, a page at a time (`useCursorPages`). */
export function useCursorList<P extends AdminListPath>(
  token: string,
  path: P,
  filters: ListFilters<P>,
  defaultLimit = 25,
): CursorList<Item<P>> {
  const [limit, setLimit] = useState(defaultLimit);
  const pages = useCursorPages<Item<P>>(
    (cursor, signal) => readAdminPage(token, path, { ...filters, limit, cursor }, signal),
    [token, path, filters, limit],
  );
  return { ...pages, limit, setLimit };
}

/** "Page 2", previous / next page and the page size, under a listing. */
export function ListPager<T>(props: { list: CursorList<T>; id: string; what: string }) {
  const { list } = props;
  return (
    <Pager
      label={`Pages of ${props.what}`}
      position={`Page ${list.page}`}
      previousText="Previous page"
      nextText="Next page"
      onPrevious={list.previous}
      onNext={list.next}
    >
      {list.refreshing ? (
        <span class="loading" role="status">
          Refreshing…
        </span>
      ) : null}
      <label class="op-inline-label" for={`${props.id}-limit`}>
        Per page
      </label>
      <select
        id={`${props.id}-limit`}
        value={String(list.limit)}
        onChange={(event) => list.setLimit(Number(inputValue(event)))}
      >
        {PAGE_SIZES.map((size) => (
          <option key={size} value={String(size)}>
            {size}
          </option>
        ))}
      </select>
    </Pager>
  );
}

/**
 * A table of rows in its region, with its caption and column headings; on a phone, a block a
 * row with each cell named by its column (`StackedTable`), as every operator table reads there.
 */
export function DataTable<T>(props: {
  label: string;
  caption: string;
  class?: string;
  columns: Column[];
  items: T[];
  row: (item: T) => ComponentChildren;
}) {
  return (
    <StackedTable
      label={props.label}
      caption={props.caption}
      captionClass="op-caption"
      class={props.class}
      columns={props.columns}
      items={props.items}
      row={props.row}
    />
  );
}

/** A listing as a table: its loading and error states, an empty note, the table, the pager. */
export function ListTable<T>(props: {
  list: CursorList<T>;
  /** The pager's id prefix. */
  id: string;
  /** "accounts", "the audit log": for "Loading …" and "Pages of …". */
  what: string;
  empty: string;
  label: string;
  caption: string;
  class?: string;
  columns: Column[];
  row: (item: T) => ComponentChildren;
}) {
  const { list } = props;
  return (
    <>
      <Show loaded={list.loaded} what={props.what} onRetry={list.reload}>
        {(page) =>
          page.items.length === 0 ? (
            <Empty>{props.empty}</Empty>
          ) : (
            <DataTable
              label={props.label}
              caption={props.caption}
              class={props.class}
              columns={props.columns}
              items={page.items}
              row={props.row}
            />
          )
        }
      </Show>
      <ListPager list={list} id={props.id} what={props.what} />
    </>
  );
}
