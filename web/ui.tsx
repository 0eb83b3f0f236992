import type { ComponentChildren } from "preact";
import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import { ApiError } from "./client.js";
import { formatNumber, formatPercent } from "./format.js";

/** A request's state, as every page shows it: loading, failed (with the problem), or done. */
export type Loaded<T> =
  | { state: "loading" }
  | { state: "error"; error: ApiError }
  | { state: "ok"; data: T };

/**
 * Runs `load` when `deps` change and on `reload()`; an answer that arrives after a newer request
 * started is dropped, and the previous answer is never shown under new inputs (loading instead).
 *
 * `keep: true`: while the same request runs again (`reload()` after a change), the last answer
 * stays as it is, so a table does not blink away under the user's hands; the third value says a
 * refresh is under way. `keep: "always"`: the last answer stays while new inputs load too (the
 * caller shows which inputs it answered, such as a page of a list that turns to the next). A
 * failure is shown as a failure either way.
 */
export function useLoad<T>(
  load: (signal: AbortSignal) => Promise<T>,
  deps: unknown[],
  options: { keep?: boolean | "always" } = {},
): [Loaded<T>, () => void, boolean] {
  const [generation, setGeneration] = useState(0);
  const inputs = JSON.stringify(deps);
  const key = JSON.stringify([inputs, generation]);
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
  const loaded: Loaded<T> = result.key === key ? result.loaded : { state: "loading" };
  const last = useRef<{ inputs: string; data: T } | null>(null);
  if (loaded.state === "ok") last.current = { inputs, data: loaded.data };
  else if (loaded.state === "error") last.current = null;
  const keep = options.keep === "always" || (options.keep && last.current?.inputs === inputs);
  if (loaded.state === "loading" && keep && last.current) {
    return [{ state: "ok", data: last.current.data }, reload, true];
  }
  return [loaded, reload, false];
}

export function asApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const detail = error instanceof Error ? error.message : String(error);
  return new ApiError(0, "CLIENT", detail, undefined);
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

/**
 * A failed request: the problem's detail, its field errors, and a retry when it may help. With
 * an `id`, the box can take the focus (a failed action moves it there).
 */
export function ErrorBox(props: {
  error: ApiError;
  what?: string;
  /** Said first, in bold, instead of "Could not load {what}.". */
  lead?: string;
  id?: string;
  onRetry?: (() => void) | undefined;
  retryText?: string;
  children?: ComponentChildren;
}) {
  const { error } = props;
  const lead = props.lead ?? (props.what ? `Could not load ${props.what}.` : undefined);
  return (
    <div class="error" role="alert" id={props.id} tabIndex={props.id ? -1 : undefined}>
      <p>
        {lead ? <strong>{lead} </strong> : null}
        {error.detail}
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
      {props.children}
      {props.onRetry ? (
        <button type="button" onClick={props.onRetry}>
          {props.retryText ?? "Try again"}
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
  { href: "/app/join", label: "Join" },
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
export function describedBy(
  id: string,
  hint?: string | boolean,
  error?: string | boolean,
): string | undefined {
  const ids = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean);
  return ids.length > 0 ? ids.join(" ") : undefined;
}

/** A progress bar with its value in words too. */
export function Progress(props: { value: number; max: number; label: string }) {
  return (
    <div class="progress">
      <progress value={props.value} max={props.max} aria-label={props.label} />
      <span>
        {formatNumber(props.value)} of {formatNumber(props.max)} left (
        {formatPercent(props.value, props.max)})
      </span>
    </div>
  );
}

/**
 * Copies `text` with the Clipboard API; where that is missing or refused, selects the text (when
 * it is on screen) and says how to copy it by hand.
 */
export function CopyButton(props: {
  text: string;
  what: string;
  /** The visible label; "Copy" (named "Copy <what>" for screen readers) by default. */
  label?: string;
  select?: { current: HTMLElement | null };
}) {
  const [status, setStatus] = useState("");
  const copy = async () => {
    try {
      if (!navigator.clipboard?.writeText) throw new Error("no clipboard");
      await navigator.clipboard.writeText(props.text);
      setStatus(`Copied ${props.what}.`);
    } catch {
      const element = props.select?.current;
      if (element) {
        getSelection()?.selectAllChildren(element);
        setStatus(
          "Copying is not available here: the text is selected, press Ctrl+C (⌘C on a Mac) to copy it.",
        );
      } else {
        setStatus("Copying is not available here: select the text and copy it by hand.");
      }
    }
  };
  return (
    <span class="copy">
      <button
        type="button"
        class="secondary"
        onClick={copy}
        aria-label={props.label ? undefined : `Copy ${props.what}`}
      >
        {props.label ?? "Copy"}
      </button>
      <span role="status" class="copy-status">
        {status}
      </span>
    </span>
  );
}

/** A secret shown once, in a `.secret` box with its Copy button; `children` add buttons. */
export function SecretValue(props: {
  id?: string;
  value: string;
  what: string;
  children?: ComponentChildren;
}) {
  const code = useRef<HTMLElement>(null);
  return (
    <div class="secret">
      <code id={props.id} class="secret-value" ref={code}>
        {props.value}
      </code>
      <CopyButton text={props.value} what={props.what} select={code} />
      {props.children}
    </div>
  );
}
