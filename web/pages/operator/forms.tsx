/**
 * The operator console's form pieces: a required text and its field, a titled form, and numbers
 * typed in.
 */
import type { ComponentChildren } from "preact";
import { useState } from "preact/hooks";
import { ApiError } from "../../client.js";
import { type Action, ActionState } from "../../ui/action.js";
import { describedBy, Field, inputValue } from "../../ui/field.js";

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
