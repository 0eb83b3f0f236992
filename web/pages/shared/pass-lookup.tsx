import { useState } from "preact/hooks";
import { describedBy, Field } from "../../ui/field.js";

/** A form that opens a pass's page; the pass page shows the API's answer about the address. */
export function PassLookup(props: { id: string }) {
  const [address, setAddress] = useState("");
  const [error, setError] = useState<string | undefined>(undefined);
  const onSubmit = (event: Event) => {
    event.preventDefault();
    const value = address.trim();
    if (!value) {
      setError("Enter a pass address (0x and 40 hex digits).");
      return;
    }
    location.assign(`/app/passes/${encodeURIComponent(value)}`);
  };
  return (
    <form class="pass-lookup" onSubmit={onSubmit} noValidate>
      <Field id={props.id} label="Pass address" error={error}>
        <div class="inline-form">
          <input
            id={props.id}
            name="address"
            type="text"
            class="mono"
            autoComplete="off"
            spellcheck={false}
            placeholder="0x…"
            value={address}
            aria-invalid={error ? "true" : undefined}
            aria-describedby={describedBy(props.id, undefined, error)}
            onInput={(event) => {
              setAddress((event.target as HTMLInputElement).value);
              setError(undefined);
            }}
          />
          <button type="submit">Look up</button>
        </div>
      </Field>
    </form>
  );
}
