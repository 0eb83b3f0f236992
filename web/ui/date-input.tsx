/**
 * Dates typed in `datetime-local` inputs: read in UTC (the operator console) or in the browser's
 * time zone (the apply form), written back, and the UTC date field of the operator's forms.
 */
import { describedBy, Field } from "./field.js";

/**
 * `datetime-local` values in UTC, as the operator console reads and shows every date: the ISO
 * instant typed, or undefined for an empty or impossible value.
 */
export function fromUtcInput(value: string): string | undefined {
  if (!value) return undefined;
  const date = new Date(`${value}Z`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** An instant as a UTC `datetime-local` value (to the minute). */
export const toUtcInput = (iso: string) => iso.slice(0, 16);

/** A `datetime-local` value in the browser's time zone (the apply form), or undefined. */
export function fromLocalInput(value: string): Date | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
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
