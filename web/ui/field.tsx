/** A labelled form field: its label, hint and error, and how its control reads and names them. */
import type { ComponentChildren } from "preact";

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

/** The value of the input an event came from. */
export const inputValue = (event: Event) => (event.target as HTMLInputElement).value;
