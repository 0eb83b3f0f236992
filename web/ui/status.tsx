/**
 * What a page says around or instead of its content: loading, a failure (with a retry), nothing
 * to show, and a success notice.
 */
import type { ComponentChildren } from "preact";
import type { ApiError } from "../client.js";
import type { Loaded } from "./load.js";

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

/** A success message that says what happened; nothing without one. */
export function Notice(props: { children: string | null }) {
  if (!props.children) return null;
  return (
    <p class="notice" role="status">
      {props.children}
    </p>
  );
}
