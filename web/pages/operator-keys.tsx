import { useEffect, useRef, useState } from "preact/hooks";
import { type Answer, adminHeaders, api, call } from "../client.js";
import { describedBy, Field, formatDate } from "../ui.js";
import { ActionState, useAction } from "../use-action.js";
import type { IssuedKey, KeyState } from "./operator-answers.js";
import {
  Badge,
  ConfirmButton,
  inputValue,
  Notice,
  RequiredTextField,
  SecretBox,
  TitledForm,
  useRequiredText,
} from "./operator-forms.js";
import {
  FilterForm,
  ListTable,
  type SectionProps,
  TextFilter,
  useCursorList,
  useFilters,
} from "./operator-lists.js";
import { OwnerPass, useOwnerPasses } from "./operator-lookups.js";
import { useCan } from "./operator-me.js";

const GRACE_DEFAULT = 86_400;
const GRACE_MAX = 604_800;

type Scope = KeyState["scope"];
/** What a key of each scope may do, as the issue form offers it and the table shows it. */
const SCOPE_TEXT: Record<Scope, { option: string; hint: string }> = {
  full: { option: "full: whatever the owner may do", hint: "every owner call" },
  read: { option: "read-only: GET only, for a dashboard", hint: "GET only" },
};
/** The issued key's box names its mode and scope: "New live key (scope read: GET only)". */
const issuedLabel = (issued: IssuedKey, replacing?: string) =>
  `New ${issued.mode} key${replacing ? ` replacing ${replacing}…` : ""} (scope ${issued.scope}${issued.scope === "read" ? ": GET only" : ""})`;

/** API keys: listed by owner, issued (shown once), rotated with a grace, revoked. */
export function KeysSection({ token }: SectionProps) {
  const filters = useFilters({ owner: "" });
  const owner = filters.applied.owner;
  const list = useCursorList(token, "/admin/keys", filters.query);
  const passes = useOwnerPasses(
    token,
    list.loaded.state === "ok" ? list.loaded.data.items.map((key) => key.owner_id) : [],
  );
  const [secret, setSecret] = useState<{ label: string; value: string } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [rotating, setRotating] = useState<KeyState | null>(null);
  const revoke = useAction<true>();
  const can = useCan();
  const may = {
    issue: can("createKey"),
    rotate: can("rotateKey"),
    revoke: can("revokeKey"),
    revokeByValue: can("revokeKeyByValue"),
  };
  const actions = may.rotate || may.revoke;

  const shown = (label: string, issued: IssuedKey) => {
    setNotice(null);
    setSecret({ label, value: issued.key });
    list.reload();
  };
  const revokeById = async (key: KeyState) => {
    setNotice(null);
    const done = await revoke.run(async () => {
      await call(
        api.DELETE("/admin/keys/{id}", {
          params: { path: { id: key.id } },
          headers: adminHeaders(token),
        }),
      );
      return true;
    });
    if (done) setNotice(`Key ${key.prefix}… revoked: it answers 401 from now on.`);
    list.reload();
  };

  return (
    <>
      {secret ? (
        <SecretBox label={secret.label} value={secret.value} onHide={() => setSecret(null)} />
      ) : null}
      <Notice>{notice}</Notice>

      <FilterForm label="Find keys" filters={filters} submit="Show keys" clear="All keys">
        <TextFilter
          id="op-keys-owner"
          label="Owner pass"
          placeholder="0x…"
          filters={filters}
          name="owner"
        />
      </FilterForm>
      <ActionState action={revoke} busyText="Revoking…" />
      <ListTable
        list={list}
        id="op-keys"
        what="keys"
        empty={owner ? "This pass has no keys." : "No key has been issued yet."}
        label="Keys"
        caption={`Keys${owner ? ` of ${owner}` : ""}, newest first`}
        class="op-wide"
        columns={[
          "Key",
          "Scope",
          "State",
          "Owner",
          "Created",
          "Last used",
          ...(actions ? ["Actions"] : []),
        ]}
        row={(key) => (
          <tr key={key.id}>
            <td>
              <code>{key.prefix}…</code> <Badge kind={key.mode}>{key.mode}</Badge>
              <div class="op-sub">
                id <code class="op-id">{key.id}</code>
              </div>
            </td>
            <td data-scope={key.scope}>
              {key.scope}
              <div class="op-sub">{SCOPE_TEXT[key.scope].hint}</div>
            </td>
            <td>
              <KeyStateText keyState={key} />
            </td>
            <td>
              <OwnerPass id={key.owner_id} passes={passes} />
            </td>
            <td>{formatDate(key.created_at)}</td>
            <td>{key.last_used_at ? formatDate(key.last_used_at) : "never"}</td>
            {actions ? (
              <td>
                {key.revoked_at ? null : (
                  <div class="op-actions">
                    {isExpired(key) || !may.rotate ? null : (
                      <button
                        type="button"
                        class="secondary"
                        aria-label={`Rotate key ${key.prefix}…`}
                        onClick={() => setRotating(key)}
                      >
                        Rotate…
                      </button>
                    )}
                    {may.revoke ? (
                      <ConfirmButton
                        label={`Revoke ${key.prefix}…`}
                        confirmLabel={`Confirm: revoke ${key.prefix}…`}
                        disabled={revoke.busy}
                        onConfirm={() => revokeById(key)}
                      />
                    ) : null}
                  </div>
                )}
              </td>
            ) : null}
          </tr>
        )}
      />

      {rotating && may.rotate ? (
        <RotateForm
          token={token}
          keyState={rotating}
          onClose={() => setRotating(null)}
          onRotated={(issued) => {
            setRotating(null);
            shown(issuedLabel(issued, rotating.prefix), issued);
          }}
        />
      ) : null}

      {may.issue ? (
        <IssueForm token={token} onIssued={(issued) => shown(issuedLabel(issued), issued)} />
      ) : null}
      {may.revokeByValue ? (
        <RevokeByValueForm
          token={token}
          onRevoked={(message) => {
            setSecret(null);
            setNotice(message);
            list.reload();
          }}
        />
      ) : null}
    </>
  );
}

const isExpired = (key: KeyState) =>
  key.expires_at !== null && Date.parse(key.expires_at) <= Date.now();

function KeyStateText(props: { keyState: KeyState }) {
  const key = props.keyState;
  if (key.revoked_at) {
    return (
      <>
        <Badge kind="off">revoked</Badge> {formatDate(key.revoked_at)}
      </>
    );
  }
  if (key.expires_at) {
    return isExpired(key) ? (
      <>
        <Badge kind="off">expired</Badge> {formatDate(key.expires_at)}
      </>
    ) : (
      <>
        <Badge kind="warn">expires</Badge> {formatDate(key.expires_at)}
      </>
    );
  }
  return <Badge kind="ok">active</Badge>;
}

function IssueForm(props: { token: string; onIssued: (key: IssuedKey) => void }) {
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

function RotateForm(props: {
  token: string;
  keyState: KeyState;
  onClose: () => void;
  onRotated: (key: IssuedKey) => void;
}) {
  const key = props.keyState;
  const [grace, setGrace] = useState(String(GRACE_DEFAULT));
  const [invalid, setInvalid] = useState(false);
  const action = useAction<IssuedKey>();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [key.id]);
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
    <section class="card op-panel" aria-labelledby="op-rotate-title">
      <h3 id="op-rotate-title" tabIndex={-1} ref={heading}>
        Rotate key <code>{key.prefix}…</code>
      </h3>
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
        <div class="row">
          <ConfirmButton
            label="Rotate"
            confirmLabel={`Confirm: rotate ${key.prefix}…`}
            disabled={action.busy}
            check={check}
            onConfirm={rotate}
          />
          <button type="button" class="secondary" onClick={props.onClose}>
            Close
          </button>
        </div>
        <ActionState action={action} busyText="Rotating…" />
      </form>
    </section>
  );
}

function RevokeByValueForm(props: { token: string; onRevoked: (message: string) => void }) {
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
