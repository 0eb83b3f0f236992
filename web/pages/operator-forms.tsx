/**
 * The operator console's form pieces: a required text and its field, a titled form, a date in
 * UTC, numbers typed in, a two-click confirmation, an on/off switch, a key shown once, a notice and a state badge.
 */
import type { ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { ApiError } from "../client.js";
import { describedBy, Field, SecretValue } from "../ui.js";
import { type Action, ActionState } from "../use-action.js";

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

/**
 * A form under its own heading (`${id}-title`): its fields (`children`), the submit button, and
 * the action's progress and failure.
 */
export function TitledForm(props: {
  id: string;
  title: string;
  onSubmit: (event: Event) => void;
  submit: string;
  action: Action<unknown>;
  busyText: string;
  children: ComponentChildren;
}) {
  const titleId = `${props.id}-title`;
  return (
    <>
      <h3 id={titleId}>{props.title}</h3>
      <form onSubmit={props.onSubmit} aria-labelledby={titleId} noValidate>
        {props.children}
        <div>
          <button type="submit" disabled={props.action.busy}>
            {props.submit}
          </button>
        </div>
        <ActionState action={props.action} busyText={props.busyText} />
      </form>
    </>
  );
}

/** A required date and time typed in UTC; `error` says why it is refused (sent empty). */
export function UtcDateField(props: {
  id: string;
  label: string;
  error: string | undefined;
  value: string;
  onInput: (event: Event) => void;
}) {
  const { id, error } = props;
  return (
    <Field id={id} label={props.label} error={error}>
      <input
        id={id}
        type="datetime-local"
        required
        aria-invalid={error ? "true" : undefined}
        aria-describedby={describedBy(id, undefined, error)}
        value={props.value}
        onInput={props.onInput}
      />
    </Field>
  );
}

/** A whole number typed in a field, or undefined when the field is empty. */
export function numberOrUndefined(value: string, field = "The value"): number | undefined {
  const text = value.trim();
  if (text === "") return undefined;
  if (!/^\d+$/.test(text)) {
    throw new ApiError(0, "CLIENT", `${field} must be a whole number (digits only).`, undefined, [
      { field, message: "must be a whole number" },
    ]);
  }
  return Number(text);
}

/** The value of the input an event came from. */
export const inputValue = (event: Event) => (event.target as HTMLInputElement).value;

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

const BADGE_CLASS = { live: "live", test: "test", ok: "ok", warn: "warn", off: "op-off" } as const;

/** A short state word: live, test, on, revoked… */
export function Badge(props: { kind: keyof typeof BADGE_CLASS; children: ComponentChildren }) {
  return <span class={`badge ${BADGE_CLASS[props.kind]}`}>{props.children}</span>;
}
