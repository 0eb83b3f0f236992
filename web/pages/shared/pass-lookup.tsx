import { useState } from "preact/hooks";
import { AddressInput } from "../../ui/address-input.js";
import { Field } from "../../ui/field.js";

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
          <AddressInput
            id={props.id}
            value={address}
            error={error}
            placeholder="0x…"
            onInput={(value) => {
              setAddress(value);
              setError(undefined);
            }}
          />
          <button type="submit">Look up</button>
        </div>
      </Field>
    </form>
  );
}
