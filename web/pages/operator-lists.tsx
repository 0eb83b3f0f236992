/**
 * The operator console's listings: a cursor-paged list under its filters, its table and pager,
 * and the filters' form and fields.
 */
import type { ComponentChildren, InputHTMLAttributes } from "preact";
import { useState } from "preact/hooks";
import type { paths } from "../../src/client/schema.js";
import { adminHeaders, api, call, type Item } from "../client.js";
import {
  type Column,
  type CursorPage,
  type CursorPages,
  Pager,
  TableHead,
  TableWrap,
  useCursorPages,
} from "../tables.js";
import { Empty, Field, Show } from "../ui.js";
import { inputValue } from "./operator-forms.js";

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

/** A listing's filters: as typed, and as applied (trimmed) when the form is sent. */
export interface Filters<F extends Record<string, string>> {
  typed: F;
  applied: F;
  /** Any filter applied. */
  filtered: boolean;
  /** The applied filters for the query string: empty ones left out. */
  query: Record<string, string | undefined>;
  input(name: keyof F): (event: Event) => void;
  apply(): void;
  clear(): void;
}

/** `initial`: the filters a link asked for, applied from the start ("clear" empties them). */
export function useFilters<F extends Record<string, string>>(none: F, initial = none): Filters<F> {
  const [typed, setTyped] = useState(initial);
  const [applied, setApplied] = useState(initial);
  const entries = Object.entries(applied);
  return {
    typed,
    applied,
    filtered: entries.some(([, value]) => value !== ""),
    query: Object.fromEntries(entries.map(([name, value]) => [name, value || undefined])),
    input: (name) => (event) => setTyped({ ...typed, [name]: inputValue(event) }),
    apply: () =>
      setApplied(
        Object.fromEntries(Object.entries(typed).map(([name, value]) => [name, value.trim()])) as F,
      ),
    clear: () => {
      setTyped(none);
      setApplied(none);
    },
  };
}

/** The filters' form: their fields, a submit button, and a reset once any filter is applied. */
export function FilterForm<F extends Record<string, string>>(props: {
  label: string;
  filters: Filters<F>;
  submit: string;
  clear: string;
  children: ComponentChildren;
}) {
  return (
    <form
      class="row op-filters"
      aria-label={props.label}
      onSubmit={(event) => {
        event.preventDefault();
        props.filters.apply();
      }}
    >
      {props.children}
      <button type="submit">{props.submit}</button>
      {props.filters.filtered ? (
        <button type="button" class="secondary" onClick={props.filters.clear}>
          {props.clear}
        </button>
      ) : null}
    </form>
  );
}

/** A filter's field, named by its `id`, `label` and the filter it sets. */
interface FilterFieldProps<F extends Record<string, string>> {
  id: string;
  label: string;
  filters: Filters<F>;
  name: keyof F & string;
}

/** A filter typed in an input; `input` says what is typed there (its type first). */
export function InputFilter<F extends Record<string, string>>(
  props: FilterFieldProps<F> & { input: InputHTMLAttributes },
) {
  return (
    <Field id={props.id} label={props.label}>
      <input
        id={props.id}
        {...props.input}
        value={props.filters.typed[props.name]}
        onInput={props.filters.input(props.name)}
      />
    </Field>
  );
}

/** A free-text filter (a pass, an action…): no autocomplete, no spelling check. */
export function TextFilter<F extends Record<string, string>>(
  props: FilterFieldProps<F> & { placeholder: string },
) {
  const { placeholder, ...field } = props;
  return (
    <InputFilter
      {...field}
      input={{ type: "text", autocomplete: "off", spellcheck: false, placeholder }}
    />
  );
}

/** A date and time filter, typed in UTC to the minute (`fromUtcInput`). */
export function DateFilter<F extends Record<string, string>>(props: FilterFieldProps<F>) {
  return <InputFilter {...props} input={{ type: "datetime-local" }} />;
}

/** A choice among a filter's values; the first option (`any`, the empty value) filters nothing. */
export function SelectFilter<F extends Record<string, string>>(
  props: FilterFieldProps<F> & {
    any: string;
    options: { value: string; label: ComponentChildren }[];
  },
) {
  return (
    <Field id={props.id} label={props.label}>
      <select
        id={props.id}
        value={props.filters.typed[props.name]}
        onChange={props.filters.input(props.name)}
      >
        <option value="">{props.any}</option>
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** A table of rows in its scrolling region, with its caption and column headings. */
export function DataTable<T>(props: {
  label: string;
  caption: string;
  class?: string;
  columns: Column[];
  items: T[];
  row: (item: T) => ComponentChildren;
}) {
  return (
    <TableWrap label={props.label}>
      <table class={props.class}>
        <caption class="op-caption">{props.caption}</caption>
        <TableHead columns={props.columns} />
        <tbody>{props.items.map(props.row)}</tbody>
      </table>
    </TableWrap>
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
