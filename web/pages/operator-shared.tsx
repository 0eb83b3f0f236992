/**
 * What every section of the operator console shares: the wire shapes of the operator API, its
 * listings (filters, table, pager), a two-click confirmation, an on/off switch and the state of
 * one action.
 */
import type { ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { ApiError, type ApiOptions, adminHeaders, api, query } from "../api.js";
import type { Campaign, List } from "../types.js";
import {
  asApiError,
  type CursorPages,
  describedBy,
  Empty,
  ErrorBox,
  Field,
  Pager,
  SecretValue,
  Show,
  TableWrap,
  useCursorPages,
  useLoad,
} from "../ui.js";

export interface SectionProps {
  token: string;
  /**
   * The address's `#section?…` query: what a link into the section asks for (the quests of an
   * owner, one quest to show). A new query mounts the section afresh.
   */
  params?: URLSearchParams;
}

export interface AdminQuest {
  id: number;
  name: string;
  description: string;
  total_points: number;
  points_remaining: number;
  expected_points_per_completion: number;
  start: string;
  end: string;
  is_active: boolean;
  is_public: boolean;
  owner_id: string;
  campaign_id: number | null;
  action_type: string;
  mode: "live" | "test";
  created_at: string;
  updated_at: string;
}

export interface Account {
  id: string;
  pass: string;
  created_at: string;
}

export interface KeyState {
  id: string;
  prefix: string;
  owner_id: string;
  mode: "live" | "test";
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
  revoked_at: string | null;
}

export interface IssuedKey {
  id: string;
  key: string;
  owner_id: string;
  mode: "live" | "test";
  created_at: string;
}

export interface AuditEntry {
  id: string;
  at: string;
  actor: string;
  action: string;
  target_type: string;
  target_id: string;
  request_id: string | null;
  details: Record<string, unknown>;
}

export interface EarningPeriod {
  id: number;
  start: string;
  end: string;
}

export interface ActionType {
  name: string;
  active: boolean;
  quests: number;
}

export interface Features {
  quests: boolean;
  campaigns: boolean;
}

/** Dispatched on `window` when the operator API refuses the token (its detail as `detail`). */
export const TOKEN_REFUSED = "questpoints:admin-token-refused";

/**
 * An operator API call with the token. A 401 (the token was changed or removed on the server)
 * is announced with `TOKEN_REFUSED`, so the console forgets the token and asks for it again.
 */
export async function adminApi<T>(
  token: string,
  path: string,
  options: ApiOptions = {},
): Promise<T> {
  try {
    return await api<T>(path, {
      ...options,
      headers: { ...adminHeaders(token), ...options.headers },
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      dispatchEvent(new CustomEvent(TOKEN_REFUSED, { detail: error.message }));
    }
    throw error;
  }
}

export const PAGE_SIZES = [10, 25, 100] as const;

export interface CursorList<T> extends CursorPages<T> {
  limit: number;
  setLimit(limit: number): void;
}

/** An operator listing under the given filters, a page at a time (`useCursorPages`). */
export function useCursorList<T>(
  token: string,
  path: string,
  filters: Record<string, string | number | undefined>,
  defaultLimit = 25,
): CursorList<T> {
  const [limit, setLimit] = useState(defaultLimit);
  const pages = useCursorPages<T>(
    (cursor, signal) =>
      adminApi<List<T>>(token, `${path}${query({ ...filters, limit, cursor })}`, { signal }),
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

/** One action's state: running, failed with the problem, or done with its answer. */
export interface Action<T> {
  busy: boolean;
  error: ApiError | undefined;
  result: T | undefined;
  run(work: () => Promise<T>): Promise<T | undefined>;
  reset(): void;
}

export function useAction<T>(): Action<T> {
  const [state, setState] = useState<{ busy: boolean; error?: ApiError; result?: T }>({
    busy: false,
  });
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );
  return {
    busy: state.busy,
    error: state.error,
    result: state.result,
    async run(work) {
      setState({ busy: true });
      try {
        const result = await work();
        if (mounted.current) setState({ busy: false, result });
        return result;
      } catch (error) {
        if (mounted.current) setState({ busy: false, error: asApiError(error) });
        return undefined;
      }
    },
    reset: () => setState({ busy: false }),
  };
}

/** An action's progress and failure, where its form is. */
export function ActionState(props: { action: Action<unknown>; busyText: string }) {
  return (
    <>
      {props.action.busy ? (
        <p class="loading" role="status" aria-live="polite">
          {props.busyText}
        </p>
      ) : null}
      {props.action.error ? <ErrorBox error={props.action.error} /> : null}
    </>
  );
}

/**
 * A destructive action asks twice: the first click arms it and moves the focus to "Confirm",
 * next to a "Cancel". No `window.confirm`, so keyboards and tests drive it like any button.
 */
export function ConfirmButton(props: {
  label: string;
  confirmLabel: string;
  onConfirm: () => void;
  disabled?: boolean;
  danger?: boolean;
  /** Checked before arming: false keeps it unarmed (say why next to the field). */
  check?: () => boolean;
}) {
  const [armed, setArmed] = useState(false);
  const confirm = useRef<HTMLButtonElement>(null);
  const start = useRef<HTMLButtonElement>(null);
  const wasArmed = useRef(false);
  useEffect(() => {
    if (armed) confirm.current?.focus();
    else if (wasArmed.current) start.current?.focus();
    wasArmed.current = armed;
  }, [armed]);
  if (!armed) {
    return (
      <button
        ref={start}
        type="button"
        class={props.danger === false ? "secondary" : "danger"}
        disabled={props.disabled}
        onClick={() => {
          if (!props.check || props.check()) setArmed(true);
        }}
      >
        {props.label}
      </button>
    );
  }
  return (
    <span class="op-confirm">
      <button
        ref={confirm}
        type="button"
        class="danger"
        onClick={() => {
          setArmed(false);
          props.onConfirm();
        }}
      >
        {props.confirmLabel}
      </button>
      <button type="button" class="secondary" onClick={() => setArmed(false)}>
        Cancel
      </button>
    </span>
  );
}

/** A plain key, shown once: a warning, the value, a copy button and "hide". */
export function SecretBox(props: { label: string; value: string; onHide: () => void }) {
  return (
    <section class="op-secret" aria-label={props.label}>
      <p class="warning">
        {props.label}: copy it now. It is shown only this once; the service keeps only its hash.
      </p>
      <SecretValue value={props.value} what="the key">
        <button type="button" class="secondary" onClick={props.onHide}>
          Hide it
        </button>
      </SecretValue>
    </section>
  );
}

/** A success message that says what happened; nothing without one. */
export function Notice(props: { children: string | null }) {
  if (!props.children) return null;
  return (
    <p class="notice" role="status">
      {props.children}
    </p>
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

/** A free-text filter (a pass, an action…): no autocomplete, no spelling check. */
export function TextFilter(props: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onInput: (event: Event) => void;
}) {
  return (
    <Field id={props.id} label={props.label}>
      <input
        id={props.id}
        type="text"
        autocomplete="off"
        spellcheck={false}
        placeholder={props.placeholder}
        value={props.value}
        onInput={props.onInput}
      />
    </Field>
  );
}

/** A one-line text a form needs: its value, and whether it was sent empty. */
export function useRequiredText() {
  const [value, setValue] = useState("");
  const [missing, setMissing] = useState(false);
  return {
    value,
    missing,
    setValue,
    /** The trimmed value; an empty one marks the field as missing. */
    take(): string {
      const text = value.trim();
      setMissing(text === "");
      return text;
    },
  };
}

export type RequiredText = ReturnType<typeof useRequiredText>;

/**
 * The input of a `useRequiredText` (a pass, a key, a token): no autocomplete, no spelling check,
 * `missingText` under it once it was sent empty. `invalid` marks it for another reason too.
 */
export function RequiredTextField(props: {
  id: string;
  label: string;
  text: RequiredText;
  missingText: string;
  /** A secret: typed as dots. */
  password?: boolean;
  placeholder?: string;
  required?: boolean;
  invalid?: boolean;
}) {
  const { id, text } = props;
  const attributes = {
    id,
    autocomplete: "off",
    spellcheck: false,
    placeholder: props.placeholder,
    required: props.required ?? true,
    "aria-invalid": text.missing || props.invalid ? ("true" as const) : undefined,
    "aria-describedby": describedBy(id, undefined, text.missing),
    value: text.value,
    onInput: (event: Event) => text.setValue(inputValue(event)),
  };
  return (
    <Field id={id} label={props.label} error={text.missing ? props.missingText : undefined}>
      {props.password ? (
        <input type="password" {...attributes} />
      ) : (
        <input type="text" {...attributes} />
      )}
    </Field>
  );
}

/** A column heading; numbers are right-aligned. */
export type Column = string | { label: string; num: true };

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
        <thead>
          <tr>
            {props.columns.map((column) =>
              typeof column === "string" ? (
                <th key={column} scope="col">
                  {column}
                </th>
              ) : (
                <th key={column.label} scope="col" class="num">
                  {column.label}
                </th>
              ),
            )}
          </tr>
        </thead>
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

/**
 * Switches a thing on or off: switching off asks twice (`ConfirmButton`, "Confirm: …"), switching
 * on is one click.
 */
export function OnOffButton(props: {
  on: boolean;
  offLabel: string;
  onLabel: string;
  busy: boolean;
  onChange: (on: boolean) => void;
}) {
  if (props.on) {
    return (
      <ConfirmButton
        label={props.offLabel}
        confirmLabel={`Confirm: ${props.offLabel.charAt(0).toLowerCase()}${props.offLabel.slice(1)}`}
        disabled={props.busy}
        onConfirm={() => props.onChange(false)}
      />
    );
  }
  return (
    <button type="button" disabled={props.busy} onClick={() => props.onChange(true)}>
      {props.onLabel}
    </button>
  );
}

// ---- Reads that resolve ids for a page of a listing ----

/** The largest page the operator API answers: a page's look-ups take one request as a rule. */
const LOOKUP_PAGE = 500;
/** A bound on the pages one look-up reads (5,000 rows), so a huge table cannot hold a page up. */
const LOOKUP_PAGES_MAX = 10;

/**
 * Reads a newest-first listing 500 at a time until `enough` says the rows read so far answer
 * the question, the listing ends, or LOOKUP_PAGES_MAX pages were read.
 */
async function readUntil<T>(
  token: string,
  path: string,
  signal: AbortSignal,
  enough: (page: T[]) => boolean,
): Promise<void> {
  let cursor: string | null = null;
  for (let page = 0; page < LOOKUP_PAGES_MAX; page++) {
    const answer: List<T> = await adminApi<List<T>>(
      token,
      `${path}${query({ limit: LOOKUP_PAGE, cursor })}`,
      { signal },
    );
    if (enough(answer.items)) return;
    cursor = answer.next_cursor;
    if (cursor === null) return;
  }
}

/** Every campaign by id (for names and choices): `GET /admin/campaigns`, to its end. */
export function useCampaigns(token: string) {
  return useLoad(
    async (signal) => {
      const campaigns = new Map<number, Campaign>();
      await readUntil<Campaign>(token, "/admin/campaigns", signal, (items) => {
        for (const campaign of items) campaigns.set(campaign.id, campaign);
        return false;
      });
      return campaigns;
    },
    [token],
  );
}

/** A campaign by its name ("Spring drive (campaign 3)"), or by its id while names load. */
export function campaignName(
  campaigns: Map<number, Campaign> | undefined,
  id: number | null,
): string {
  if (id === null) return "none";
  const campaign = campaigns?.get(id);
  return campaign ? `${campaign.name} (campaign ${id})` : `campaign ${id}`;
}

/**
 * The quests with the given ids (an application's live quest and test twin). The operator API
 * has no read of one quest, so `GET /admin/quests` is read newest first until they are all found
 * or the quests are older than the oldest asked for: one request for a page of recent ones.
 */
export function useQuestsById(token: string, ids: number[]) {
  const wanted = [...new Set(ids)].sort((a, b) => a - b);
  return useLoad(
    async (signal) => {
      const found = new Map<number, AdminQuest>();
      if (wanted.length === 0) return found;
      const oldest = wanted[0]!;
      await readUntil<AdminQuest>(token, "/admin/quests", signal, (items) => {
        for (const quest of items) if (wanted.includes(quest.id)) found.set(quest.id, quest);
        // Ids grow with time: a page only of smaller ids is past every quest asked for.
        return found.size === wanted.length || items.every((quest) => quest.id < oldest);
      });
      return found;
    },
    [token, wanted],
    { keep: true },
  );
}

/**
 * The pass of each owner account the rows name (`owner_id`), since the quest and key listings
 * carry only the account's id. Resolved with `GET /admin/accounts` (newest first, 500 a page)
 * until every id is found: one request for a page as a rule, none for ids seen already.
 */
export function useOwnerPasses(token: string, ownerIds: string[]): Map<string, string> {
  const known = useRef(new Map<string, string>());
  const missing = [...new Set(ownerIds)].filter((id) => !known.current.has(id)).sort();
  const [loaded] = useLoad(
    async (signal) => {
      const found = new Map<string, string>();
      if (missing.length === 0) return found;
      await readUntil<Account>(token, "/admin/accounts", signal, (items) => {
        for (const account of items)
          if (missing.includes(account.id)) found.set(account.id, account.pass);
        return found.size === missing.length;
      });
      return found;
    },
    [token, missing],
  );
  if (loaded.state === "ok") {
    for (const [id, pass] of loaded.data) known.current.set(id, pass);
  }
  return known.current;
}

/** An owner account as its pass (a link to the pass's page), or its id until the pass is known. */
export function OwnerPass(props: { id: string; passes: Map<string, string> }) {
  const pass = props.passes.get(props.id);
  if (!pass) {
    return (
      <span class="op-sub">
        account <code class="op-id">{props.id}</code>
      </span>
    );
  }
  return (
    <a href={`/app/passes/${pass}`} title={`Account ${props.id}`}>
      <code class="op-value">{pass}</code>
    </a>
  );
}

/** A whole number typed in a field, or undefined when the field is empty. */
export function numberOrUndefined(value: string, field = "The value"): number | undefined {
  const text = value.trim();
  if (text === "") return undefined;
  if (!/^\d+$/.test(text)) {
    throw new ApiError(0, "CLIENT", `${field} must be a whole number (digits only).`, [
      { field, message: "must be a whole number" },
    ]);
  }
  return Number(text);
}

/** The value of the input an event came from. */
export const inputValue = (event: Event) => (event.target as HTMLInputElement).value;

const BADGE_CLASS = { live: "live", test: "test", ok: "ok", warn: "warn", off: "op-off" } as const;

/** A short state word: live, test, on, revoked… */
export function Badge(props: { kind: keyof typeof BADGE_CLASS; children: ComponentChildren }) {
  return <span class={`badge ${BADGE_CLASS[props.kind]}`}>{props.children}</span>;
}
