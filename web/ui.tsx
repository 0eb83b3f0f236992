import type { ComponentChildren } from "preact";
import { useCallback, useEffect, useState } from "preact/hooks";
import { ApiError } from "./api.js";

/** A request's state, as every page shows it: loading, failed (with the problem), or done. */
export type Loaded<T> =
  | { state: "loading" }
  | { state: "error"; error: ApiError }
  | { state: "ok"; data: T };

/**
 * Runs `load` when `deps` change and on `reload()`; an answer that arrives after a newer request
 * started is dropped, and the previous answer is never shown under new inputs (loading instead).
 */
export function useLoad<T>(
  load: (signal: AbortSignal) => Promise<T>,
  deps: unknown[],
): [Loaded<T>, () => void] {
  const [generation, setGeneration] = useState(0);
  const key = JSON.stringify([...deps, generation]);
  const [result, setResult] = useState<{ key: string; loaded: Loaded<T> }>({
    key,
    loaded: { state: "loading" },
  });
  useEffect(() => {
    const controller = new AbortController();
    setResult({ key, loaded: { state: "loading" } });
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setResult({ key, loaded: { state: "ok", data } });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setResult({ key, loaded: { state: "error", error: asApiError(error) } });
      },
    );
    return () => controller.abort();
  }, [key]);
  const reload = useCallback(() => setGeneration((n) => n + 1), []);
  return [result.key === key ? result.loaded : { state: "loading" }, reload];
}

export function asApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError(0, "CLIENT", error instanceof Error ? error.message : String(error));
}

/** Shows a load's loading and error states, or its content. */
export function Show<T>(props: {
  loaded: Loaded<T>;
  what: string;
  children: (data: T) => ComponentChildren;
  onRetry?: () => void;
}) {
  const { loaded } = props;
  if (loaded.state === "loading") return <Loading what={props.what} />;
  if (loaded.state === "error") {
    return <ErrorBox error={loaded.error} what={props.what} onRetry={props.onRetry} />;
  }
  return <>{props.children(loaded.data)}</>;
}

export function Loading(props: { what: string }) {
  return (
    <p class="loading" role="status" aria-live="polite">
      Loading {props.what}…
    </p>
  );
}

/** A failed request: the problem's detail, its field errors, and a retry when it may help. */
export function ErrorBox(props: {
  error: ApiError;
  what?: string;
  onRetry?: (() => void) | undefined;
}) {
  const { error } = props;
  return (
    <div class="error" role="alert">
      <p>
        {props.what ? <strong>Could not load {props.what}. </strong> : null}
        {error.message}
      </p>
      {error.errors.length > 0 ? (
        <ul>
          {error.errors.map((e) => (
            <li key={e.field}>
              <code>{e.field}</code>: {e.message}
            </li>
          ))}
        </ul>
      ) : null}
      {props.onRetry ? (
        <button type="button" onClick={props.onRetry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}

export function Empty(props: { children: ComponentChildren }) {
  return <p class="empty">{props.children}</p>;
}

const NAV = [
  { href: "/app", label: "Quests" },
  { href: "/app/leaderboard", label: "Leaderboard" },
  { href: "/app/apply", label: "Apply" },
  { href: "/app/console", label: "Owner console" },
  { href: "/app/operator", label: "Operator" },
];

/** Every page's frame: a banner with the navigation, the main landmark, a footer. */
export function Layout(props: { title: string; children: ComponentChildren }) {
  useEffect(() => {
    document.title = `${props.title} · questpoints`;
  }, [props.title]);
  const here = location.pathname.replace(/\/$/, "") || "/app";
  return (
    <>
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header class="banner">
        <a class="brand" href="/app">
          questpoints
        </a>
        <nav aria-label="Main">
          <ul>
            {NAV.map((item) => (
              <li key={item.href}>
                <a href={item.href} aria-current={here === item.href ? "page" : undefined}>
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="main" tabIndex={-1}>
        <h1>{props.title}</h1>
        {props.children}
      </main>
      <footer class="footer">
        <p>
          Built on the public HTTP API: <a href="/docs">API reference</a>
        </p>
      </footer>
    </>
  );
}

/**
 * A labelled form field with its hint and error under it. The control ties them to itself:
 * `aria-describedby={describedBy(id, hint, error)}`.
 */
export function Field(props: {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string;
  children: ComponentChildren;
}) {
  return (
    <div class={`field${props.error ? " invalid" : ""}`}>
      <label for={props.id}>{props.label}</label>
      {props.children}
      {props.hint ? (
        <p class="hint" id={`${props.id}-hint`}>
          {props.hint}
        </p>
      ) : null}
      {props.error ? (
        <p class="field-error" id={`${props.id}-error`}>
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

/** The ids of a field's hint and error, for its control's `aria-describedby`. */
export function describedBy(id: string, hint?: string, error?: string): string | undefined {
  const ids = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean);
  return ids.length > 0 ? ids.join(" ") : undefined;
}

export const formatNumber = (n: number) => n.toLocaleString("en-US");

export const formatDate = (iso: string) =>
  `${new Date(iso).toLocaleString("en-GB", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "UTC",
  })} UTC`;

/** "3 days left", "ended", "starts in 2 hours". */
export function timeLeft(start: string, end: string, now = Date.now()): string {
  const s = Date.parse(start);
  const e = Date.parse(end);
  if (now < s) return `starts in ${duration(s - now)}`;
  if (now >= e) return "ended";
  return `${duration(e - now)} left`;
}

function duration(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 60) return `${Math.max(minutes, 1)} min`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.round(hours / 24)} days`;
}

/** A progress bar with its value in words too. */
export function Progress(props: { value: number; max: number; label: string }) {
  const percent = props.max > 0 ? Math.round((props.value / props.max) * 100) : 0;
  return (
    <div class="progress">
      <progress value={props.value} max={props.max} aria-label={props.label} />
      <span>
        {formatNumber(props.value)} of {formatNumber(props.max)} left ({percent}%)
      </span>
    </div>
  );
}
