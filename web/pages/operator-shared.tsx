/**
 * What every section of the operator console shares: the wire shapes of the operator API, cursor
 * paging, a two-click confirmation, the state of one action, and UTC date-time inputs.
 */
import type { ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { ApiError, type ApiOptions, adminHeaders, api, query } from "../api.js";
import { asApiError, ErrorBox, type Loaded, useLoad } from "../ui.js";

export interface SectionProps {
  token: string;
}

export interface List<T> {
  items: T[];
  next_cursor: string | null;
}

export interface Application {
  id: number;
  status: "pending" | "approved" | "rejected";
  project: string;
  contact: string;
  owner: string;
  quest: {
    name: string;
    description: string;
    total_points: number;
    expected_points_per_completion: number;
    start: string;
    end: string;
    action_type?: string;
  };
  campaign_id: number | null;
  message: string | null;
  created_at: string;
  decided_at: string | null;
  reason: string | null;
  quest_id: number | null;
  test_quest_id: number | null;
  keys_claimed_at: string | null;
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

export interface Campaign {
  id: number;
  created_at: string;
  updated_at: string;
  name: string;
  description: string;
  start: string;
  end: string;
  is_active: boolean;
  external_app_id: string | null;
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

export interface CursorList<T> {
  loaded: Loaded<List<T>>;
  reload(): void;
  /** A reload of the page shown is under way (the page stays on screen meanwhile). */
  refreshing: boolean;
  /** 1 for the first page. */
  page: number;
  limit: number;
  setLimit(limit: number): void;
  next(cursor: string): void;
  previous(): void;
  first(): void;
}

/**
 * A cursor-paged listing (`{ items, next_cursor }`) under the given filters. The API only pages
 * forwards, so the cursors of the pages already seen are kept to step back. New filters or a new
 * page size start again at the first page.
 */
export function useCursorList<T>(
  token: string,
  path: string,
  filters: Record<string, string | number | undefined>,
  defaultLimit = 25,
): CursorList<T> {
  const [limit, setLimit] = useState(defaultLimit);
  const key = JSON.stringify([path, filters, limit]);
  const [paging, setPaging] = useState<{ key: string; cursors: string[] }>({ key, cursors: [] });
  const cursors = paging.key === key ? paging.cursors : [];
  const cursor = cursors.at(-1);
  const [loaded, reload, refreshing] = useKeptLoad(
    (signal) =>
      adminApi<List<T>>(token, `${path}${query({ ...filters, limit, cursor })}`, { signal }),
    [token, key, cursor],
  );
  return {
    loaded,
    reload,
    refreshing,
    page: cursors.length + 1,
    limit,
    setLimit,
    next: (next) => setPaging({ key, cursors: [...cursors, next] }),
    previous: () => setPaging({ key, cursors: cursors.slice(0, -1) }),
    first: () => setPaging({ key, cursors: [] }),
  };
}

/**
 * `useLoad` that keeps showing the last answer while the same request is made again (a reload
 * after a change), so a table does not blink away under the operator's hands; new inputs still
 * show the loading state.
 */
export function useKeptLoad<T>(
  load: (signal: AbortSignal) => Promise<T>,
  deps: unknown[],
): [Loaded<T>, () => void, boolean] {
  const [loaded, reload] = useLoad(load, deps);
  const key = JSON.stringify(deps);
  const last = useRef<{ key: string; data: T } | null>(null);
  if (loaded.state === "ok") last.current = { key, data: loaded.data };
  else if (loaded.state === "error" || last.current?.key !== key) last.current = null;
  if (loaded.state === "loading" && last.current) {
    return [{ state: "ok", data: last.current.data }, reload, true];
  }
  return [loaded, reload, false];
}

/** "Page 2", previous / next page and the page size, under a listing. */
export function Pager<T>(props: { list: CursorList<T>; id: string; what: string }) {
  const { list } = props;
  const next = list.loaded.state === "ok" ? list.loaded.data.next_cursor : null;
  return (
    <nav class="pager" aria-label={`Pages of ${props.what}`}>
      <span>Page {list.page}</span>
      {list.refreshing ? (
        <span class="loading" role="status">
          Refreshing…
        </span>
      ) : null}
      <button
        type="button"
        class="secondary"
        disabled={list.page === 1}
        onClick={() => list.previous()}
      >
        Previous page
      </button>
      <button
        type="button"
        class="secondary"
        disabled={next === null}
        onClick={() => next !== null && list.next(next)}
      >
        Next page
      </button>
      <label class="op-inline-label" for={`${props.id}-limit`}>
        Per page
      </label>
      <select
        id={`${props.id}-limit`}
        value={String(list.limit)}
        onChange={(event) => list.setLimit(Number((event.target as HTMLSelectElement).value))}
      >
        {PAGE_SIZES.map((size) => (
          <option key={size} value={String(size)}>
            {size}
          </option>
        ))}
      </select>
    </nav>
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
  const [copied, setCopied] = useState<"no" | "yes" | "failed">("no");
  return (
    <section class="op-secret" aria-label={props.label}>
      <p class="warning">
        {props.label}: copy it now. It is shown only this once; the service keeps only its hash.
      </p>
      <div class="secret">
        <code class="op-secret-value">{props.value}</code>
        <button
          type="button"
          class="secondary"
          onClick={() => {
            navigator.clipboard?.writeText(props.value).then(
              () => setCopied("yes"),
              () => setCopied("failed"),
            ) ?? setCopied("failed");
          }}
        >
          Copy
        </button>
        <button type="button" class="secondary" onClick={props.onHide}>
          Hide it
        </button>
      </div>
      <p role="status" aria-live="polite" class="hint">
        {copied === "yes"
          ? "Copied."
          : copied === "failed"
            ? "This browser would not copy it: select the key and copy it by hand."
            : ""}
      </p>
    </section>
  );
}

/** A success message that says what happened. */
export function Notice(props: { children: ComponentChildren }) {
  return (
    <p class="notice" role="status">
      {props.children}
    </p>
  );
}

/** `datetime-local` values are read and shown as UTC, like every date the console shows. */
export function fromUtcInput(value: string): string | undefined {
  if (!value) return undefined;
  const date = new Date(`${value}Z`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

export function toUtcInput(iso: string): string {
  return iso.slice(0, 16);
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

const BADGE_CLASS = { live: "live", test: "test", ok: "live", off: "op-off" } as const;

/** A short state word: live, test, on, revoked… */
export function Badge(props: { kind: keyof typeof BADGE_CLASS; children: ComponentChildren }) {
  return <span class={`badge ${BADGE_CLASS[props.kind]}`}>{props.children}</span>;
}

/**
 * A table that may scroll sideways on a narrow screen: a labelled region that takes the focus,
 * so keyboard users can scroll it too.
 */
export function TableWrap(props: { label: string; children: ComponentChildren }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must be reachable by keyboard (axe scrollable-region-focusable)
    <section class="table-wrap" aria-label={props.label} tabIndex={0}>
      {props.children}
    </section>
  );
}
