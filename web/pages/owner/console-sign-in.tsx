/**
 * The owner console's sign-in: the API key typed in, and why the last one was refused (in words
 * for the person at the keyboard).
 */
import { useEffect, useRef, useState } from "preact/hooks";
import type { ApiError } from "../../client.js";
import { describedBy, Field } from "../../ui/field.js";

const KEY_HINT =
  "Kept in this browser tab only (sessionStorage) until you forget it or close the tab; never in cookies or localStorage.";

export function SignIn(props: {
  refusal: ApiError | null;
  notice: string | null;
  onSignIn: (key: string) => void;
}) {
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | undefined>(undefined);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (props.refusal) input.current?.focus();
  }, [props.refusal]);
  const submit = (event: Event) => {
    event.preventDefault();
    const key = value.trim();
    if (!key) {
      setError("Enter your API key.");
      input.current?.focus();
      return;
    }
    props.onSignIn(key);
  };
  return (
    <section aria-labelledby="console-signin">
      <h2 id="console-signin">Sign in with your API key</h2>
      {props.notice ? (
        <p class="notice" role="status">
          {props.notice}
        </p>
      ) : null}
      {props.refusal ? <Refusal error={props.refusal} /> : null}
      <form onSubmit={submit} noValidate>
        <Field id="console-key" label="API key" error={error} hint={KEY_HINT}>
          <input
            ref={input}
            id="console-key"
            name="api-key"
            type="password"
            autoComplete="off"
            spellcheck={false}
            autoCapitalize="off"
            value={value}
            aria-invalid={error ? "true" : undefined}
            aria-describedby={describedBy("console-key", KEY_HINT, error)}
            onInput={(event) => {
              setValue(event.currentTarget.value);
              setError(undefined);
            }}
          />
        </Field>
        <div>
          <button type="submit">Sign in</button>
        </div>
      </form>
    </section>
  );
}

/**
 * Why the key was refused, for the person at the keyboard: the API's detail speaks of headers
 * (`INVALID_API_KEY`: "the x-api-key header is missing, unknown or revoked"), which says nothing
 * to someone who pasted a key into a form.
 */
function Refusal(props: { error: ApiError }) {
  const { error } = props;
  if (error.code === "INVALID_API_KEY" || /x-api-key|header/i.test(error.detail)) {
    return (
      <div class="error" role="alert">
        <p>
          <strong>This API key is not valid any more.</strong> It may have expired after the key was
          rotated, been revoked, or been mistyped.
        </p>
        <p>
          Sign in with your current key: after a rotation, that is the new key you were given. If
          you have no working key, ask the operator for a new one.
        </p>
      </div>
    );
  }
  return (
    <div class="error" role="alert">
      <p>
        <strong>This API key was refused. </strong>
        {error.detail}
      </p>
    </div>
  );
}
