/** The API key forms of the operator console: issue, rotate with a grace, revoke by value. */
import { useState } from "preact/hooks";
import { type Answer, adminHeaders, api, call } from "../../client.js";
import { ActionState, useAction } from "../../ui/action.js";
import { ConfirmButton } from "../../ui/confirm-button.js";
import { describedBy, Field, inputValue } from "../../ui/field.js";
import { formatDate } from "../../ui/format.js";
import type { IssuedKey, KeyState } from "./answers.js";
import { RequiredTextField, TitledForm, useRequiredText } from "./forms.js";
import { Panel, PanelButtons } from "./panel.js";

const GRACE_DEFAULT = 86_400;
const GRACE_MAX = 604_800;

type Scope = KeyState["scope"];
/** What a key of each scope may do, as the issue form offers it and the table shows it. */
export const SCOPE_TEXT: Record<Scope, { option: string; hint: string }> = {
  full: { option: "full: whatever the owner may do", hint: "every owner call" },
  read: { option: "read-only: GET only, for a dashboard", hint: "GET only" },
};
export function IssueForm(props: { token: string; onIssued: (key: IssuedKey) => void }) {
  const owner = useRequiredText();
  const [mode, setMode] = useState<"live" | "test">("live");
  const [scope, setScope] = useState<Scope>("full");
  const action = useAction<IssuedKey>();
  const submit = async (event: Event) => {
    event.preventDefault();
    const pass = owner.take();
    if (!pass) return;
    const issued = await action.run(() =>
      call(
        api.POST("/admin/keys", {
          body: { owner: pass, mode, scope },
          headers: adminHeaders(props.token),
        }),
      ),
    );
    if (issued) props.onIssued(issued);
  };
  return (
    <TitledForm
      id="op-issue"
      title="Issue a key"
      onSubmit={submit}
      submit="Issue key"
      action={action}
      busyText="Issuing…"
    >
      <RequiredTextField
        id="op-issue-owner"
        label="Owner pass (a registered account)"
        text={owner}
        missingText="Type the owner's pass address."
        placeholder="0x…"
      />
      <Field id="op-issue-mode" label="Mode">
        <select
          id="op-issue-mode"
          value={mode}
          onChange={(event) => setMode(inputValue(event) as "live" | "test")}
        >
          <option value="live">live (sk_…)</option>
          <option value="test">test (sk_test_…)</option>
        </select>
      </Field>
      <Field
        id="op-issue-scope"
        label="Scope"
        hint="A read-only key answers 403 on every POST, PATCH and DELETE."
      >
        <select
          id="op-issue-scope"
          value={scope}
          aria-describedby={describedBy("op-issue-scope", true)}
          onChange={(event) => setScope(inputValue(event) as Scope)}
        >
          <option value="full">{SCOPE_TEXT.full.option}</option>
          <option value="read">{SCOPE_TEXT.read.option}</option>
        </select>
      </Field>
    </TitledForm>
  );
}

export function RotateForm(props: {
  token: string;
  keyState: KeyState;
  onClose: () => void;
  onRotated: (key: IssuedKey) => void;
}) {
  const key = props.keyState;
  const [grace, setGrace] = useState(String(GRACE_DEFAULT));
  const [invalid, setInvalid] = useState(false);
  const action = useAction<IssuedKey>();
  const graceSeconds = () => {
    const n = Number(grace.trim());
    return grace.trim() !== "" && Number.isInteger(n) && n >= 0 && n <= GRACE_MAX ? n : null;
  };
  const check = () => {
    const ok = graceSeconds() !== null;
    setInvalid(!ok);
    return ok;
  };
  const rotate = async () => {
    const issued = await action.run(() =>
      call(
        api.POST("/admin/keys/{id}/rotate", {
          params: { path: { id: key.id } },
          // Sent once `check` passed: a whole number in range.
          body: { grace_seconds: graceSeconds() ?? undefined },
          headers: adminHeaders(props.token),
        }),
      ),
    );
    if (issued) props.onRotated(issued);
  };
  return (
    <Panel
      id="op-rotate"
      focusKey={key.id}
      title={
        <>
          Rotate key <code>{key.prefix}…</code>
        </>
      }
    >
      <p>
        A new key of the same account and mode is issued and shown once; the old key keeps working
        for the grace period, then answers 401.
      </p>
      <form onSubmit={(event) => event.preventDefault()} aria-labelledby="op-rotate-title">
        <Field
          id="op-rotate-grace"
          label="Grace (seconds the old key keeps working)"
          hint={`0 to ${GRACE_MAX} (a week); ${GRACE_DEFAULT} is a day.`}
          error={invalid ? `A whole number from 0 to ${GRACE_MAX}.` : undefined}
        >
          <input
            id="op-rotate-grace"
            type="number"
            min={0}
            max={GRACE_MAX}
            step={1}
            inputMode="numeric"
            aria-invalid={invalid ? "true" : undefined}
            aria-describedby={describedBy("op-rotate-grace", true, invalid)}
            value={grace}
            onInput={(event) => setGrace(inputValue(event))}
          />
        </Field>
        <PanelButtons
          label="Rotate"
          confirmLabel={`Confirm: rotate ${key.prefix}…`}
          action={action}
          busyText="Rotating…"
          check={check}
          onConfirm={rotate}
          onClose={props.onClose}
        />
      </form>
    </Panel>
  );
}

export function RevokeByValueForm(props: { token: string; onRevoked: (message: string) => void }) {
  const key = useRequiredText();
  const action = useAction<Answer<"/admin/keys/revoke", "post">>();
  const revoke = async () => {
    const revoked = await action.run(() =>
      call(
        api.POST("/admin/keys/revoke", {
          body: { key: key.value.trim() },
          headers: adminHeaders(props.token),
        }),
      ),
    );
    if (revoked) {
      key.setValue("");
      props.onRevoked(`Key ${revoked.id} revoked (since ${formatDate(revoked.revoked_at)}).`);
    }
  };
  return (
    <>
      <h3 id="op-revoke-value-title">Revoke a key by its value</h3>
      <p class="hint">For a leaked key reported by someone who does not know its id.</p>
      <form onSubmit={(event) => event.preventDefault()} aria-labelledby="op-revoke-value-title">
        <RequiredTextField
          id="op-revoke-value"
          label="Key value"
          text={key}
          missingText="Paste the key's value."
          placeholder="sk_…"
          required={false}
        />
        <div>
          <ConfirmButton
            label="Revoke this key"
            confirmLabel="Confirm: revoke the key with this value"
            disabled={action.busy}
            check={() => key.take() !== ""}
            onConfirm={revoke}
          />
        </div>
        <ActionState action={action} busyText="Revoking…" />
      </form>
    </>
  );
}
