import { useState } from "preact/hooks";
import { adminHeaders, api, call } from "../../client.js";
import { ActionState, useAction } from "../../ui/action.js";
import { Badge } from "../../ui/badge.js";
import { ConfirmButton } from "../../ui/confirm-button.js";
import { formatDate } from "../../ui/format.js";
import { SecretValue } from "../../ui/secret.js";
import { Notice } from "../../ui/status.js";
import type { IssuedKey, KeyState } from "./answers.js";
import { FilterForm, TextFilter, useFilters } from "./filters.js";
import { IssueForm, RevokeByValueForm, RotateForm, SCOPE_TEXT } from "./key-forms.js";
import { ListTable, type SectionProps, useCursorList } from "./lists.js";
import { OwnerPass, useOwnerPasses } from "./lookups.js";
import { useCan } from "./me.js";

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
