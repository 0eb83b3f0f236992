/** A pass address input: monospace, never completed, corrected or capitalised by the browser. */
import { describedBy } from "./field.js";

export function AddressInput(props: {
  id: string;
  value: string;
  error: string | undefined;
  hint?: string;
  placeholder?: string;
  onInput: (value: string) => void;
}) {
  return (
    <input
      id={props.id}
      name="address"
      class="mono"
      type="text"
      autoComplete="off"
      spellcheck={false}
      autoCapitalize="off"
      placeholder={props.placeholder}
      value={props.value}
      aria-invalid={props.error ? "true" : undefined}
      aria-describedby={describedBy(props.id, props.hint, props.error)}
      onInput={(event) => props.onInput(event.currentTarget.value)}
    />
  );
}
