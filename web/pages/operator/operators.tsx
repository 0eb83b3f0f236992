/**
 * The Operators tab (admins only): the people who run the service, each with a name, a role and
 * a token of their own. An admin adds one (the token shown once), changes a role, disables and
 * enables one, and replaces a token (the new one shown once; the old one answers 401 at once).
 */
import { useEffect, useState } from "preact/hooks";
import { type Answer, adminHeaders, api, call, type Item } from "../../client.js";
import { ActionState, useAction } from "../../ui/action.js";
import { Badge } from "../../ui/badge.js";
import { ConfirmButton, OnOffButton } from "../../ui/confirm-button.js";
import { Field, inputValue } from "../../ui/field.js";
import { formatDate } from "../../ui/format.js";
import { SecretNotice } from "../../ui/secret.js";
import { Notice } from "../../ui/status.js";
import { RequiredTextField, TitledForm, useRequiredText } from "./forms.js";
import { ListTable, type SectionProps, useCursorList } from "./lists.js";
import { useCan, useSignedIn } from "./me.js";
import { ROLE_HINT, ROLE_ORDER, type Role } from "./roles.js";

type Operator = Item<"/admin/operators">;
type CreatedOperator = Answer<"/admin/operators", "post">;
type NewToken = Answer<"/admin/operators/{id}/token", "post">;

/** A token just issued, for a new operator or in place of one's old token. */
interface ShownToken {
  name: string;
  token: string;
  replaced: boolean;
}

export function OperatorsSection({ token }: SectionProps) {
  const list = useCursorList(token, "/admin/operators", {});
  const me = useSignedIn();
  const can = useCan();
  const may = {
    add: can("createOperator"),
    change: can("updateOperator"),
    replace: can("rotateOperatorToken"),
  };
  const actions = may.change || may.replace;
  const [shown, setShown] = useState<ShownToken | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const change = useAction<Operator>();
  const replace = useAction<NewToken>();
  const headers = adminHeaders(token);

  const patch = async (operator: Operator, body: { role?: Role; disabled?: boolean }) => {
    setNotice(null);
    replace.reset();
    const saved = await change.run(() =>
      call(
        api.PATCH("/admin/operators/{id}", {
          params: { path: { id: operator.id } },
          body,
          headers,
        }),
      ),
    );
    if (saved) {
      setNotice(
        body.role
          ? `${saved.name} is now ${saved.role === "admin" ? "an" : "a"} ${saved.role}.`
          : saved.disabled_at
            ? `${saved.name} is disabled: their token answers 401 from now on.`
            : `${saved.name} is enabled again.`,
      );
    }
    list.reload();
  };
  const replaceToken = async (operator: Operator) => {
    setNotice(null);
    change.reset();
    const answer = await replace.run(() =>
      call(
        api.POST("/admin/operators/{id}/token", {
          params: { path: { id: operator.id } },
          headers,
        }),
      ),
    );
    if (answer) setShown({ name: operator.name, token: answer.token, replaced: true });
  };

  return (
    <>
      <p>
        Each operator signs in to this console and the CLI with a token of their own, in place of{" "}
        <code>ADMIN_TOKEN</code>; the audit log names them. What each role may do:
      </p>
      <ul class="op-roles">
        {ROLE_ORDER.map((role) => (
          <li key={role}>
            <strong>{role}</strong>: {ROLE_HINT[role]}
          </li>
        ))}
      </ul>
      {shown ? <TokenNotice shown={shown} onHide={() => setShown(null)} /> : null}
      <Notice>{notice}</Notice>
      <ActionState action={change} busyText="Saving…" />
      <ActionState action={replace} busyText="Replacing the token…" />
      <ListTable
        list={list}
        id="op-operators"
        what="operators"
        empty="No operator yet: only ADMIN_TOKEN signs in."
        label="Operators"
        caption="Operators, newest first"
        class="op-wide"
        columns={["Name", "Role", "State", "Added", "Last used", ...(actions ? ["Actions"] : [])]}
        row={(o) => {
          const self = me?.id === o.id;
          return (
            <tr key={o.id}>
              <td>
                {o.name}
                {self ? <span class="op-sub"> (you)</span> : null}
                <div class="op-sub">
                  id <code class="op-id">{o.id}</code>
                </div>
              </td>
              <td>
                <span class={`badge op-role-${o.role}`}>{o.role}</span>
              </td>
              <td>
                {o.disabled_at ? (
                  <>
                    <Badge kind="off">disabled</Badge> {formatDate(o.disabled_at)}
                  </>
                ) : (
                  <Badge kind="ok">enabled</Badge>
                )}
              </td>
              <td>{formatDate(o.created_at)}</td>
              <td>{o.last_used_at ? formatDate(o.last_used_at) : "never"}</td>
              {actions ? (
                <td>
                  {self ? (
                    <span class="op-sub">Another admin changes your own role or token.</span>
                  ) : (
                    <div class="op-actions">
                      {may.change ? (
                        <RoleChoice
                          operator={o}
                          busy={change.busy}
                          onChoose={(role) => patch(o, { role })}
                        />
                      ) : null}
                      {may.change ? (
                        <OnOffButton
                          on={o.disabled_at === null}
                          offLabel={`Disable ${o.name}`}
                          onLabel={`Enable ${o.name}`}
                          busy={change.busy}
                          onChange={(on) => patch(o, { disabled: !on })}
                        />
                      ) : null}
                      {may.replace ? (
                        <ConfirmButton
                          label={`Replace ${o.name}'s token`}
                          confirmLabel={`Confirm: replace ${o.name}'s token`}
                          danger={false}
                          disabled={replace.busy}
                          onConfirm={() => replaceToken(o)}
                        />
                      ) : null}
                    </div>
                  )}
                </td>
              ) : null}
            </tr>
          );
        }}
      />
      {may.add ? (
        <AddOperator
          token={token}
          onAdded={(added) => {
            setNotice(null);
            setShown({ name: added.name, token: added.token, replaced: false });
            list.reload();
          }}
        />
      ) : null}
    </>
  );
}

/** A role to set: the choice and its button, in the row. */
function RoleChoice(props: { operator: Operator; busy: boolean; onChoose: (role: Role) => void }) {
  const { operator } = props;
  const [role, setRole] = useState<Role>(operator.role);
  // A reload after a change shows the role saved.
  useEffect(() => setRole(operator.role), [operator.role]);
  const id = `op-operator-${operator.id}-role`;
  return (
    <form
      class="op-role-choice"
      aria-label={`Role of ${operator.name}`}
      onSubmit={(event) => {
        event.preventDefault();
        if (role !== operator.role) props.onChoose(role);
      }}
    >
      <label class="visually-hidden" for={id}>
        New role for {operator.name}
      </label>
      <select id={id} value={role} onChange={(event) => setRole(inputValue(event) as Role)}>
        {ROLE_ORDER.map((r) => (
          <option key={r} value={r}>
            {r}
          </option>
        ))}
      </select>
      <button
        type="submit"
        class="secondary"
        disabled={props.busy || role === operator.role}
        aria-label={`Set role for ${operator.name}`}
      >
        Set role
      </button>
    </form>
  );
}

function AddOperator(props: { token: string; onAdded: (operator: CreatedOperator) => void }) {
  const name = useRequiredText();
  const [role, setRole] = useState<Role>("viewer");
  const action = useAction<CreatedOperator>();
  const submit = async (event: Event) => {
    event.preventDefault();
    const value = name.take();
    if (!value) return;
    const added = await action.run(() =>
      call(
        api.POST("/admin/operators", {
          body: { name: value, role },
          headers: adminHeaders(props.token),
        }),
      ),
    );
    if (added) {
      name.setValue("");
      setRole("viewer");
      props.onAdded(added);
    }
  };
  return (
    <TitledForm
      id="op-operator-new"
      title="Add an operator"
      onSubmit={submit}
      submit="Add operator"
      action={action}
      busyText="Adding…"
    >
      <RequiredTextField
        id="op-operator-name"
        label="Name (shown in the audit log)"
        text={name}
        missingText="Type the operator's name."
      />
      <Field id="op-operator-role" label="Role">
        <select
          id="op-operator-role"
          value={role}
          onChange={(event) => setRole(inputValue(event) as Role)}
        >
          {ROLE_ORDER.map((r) => (
            <option key={r} value={r}>
              {r}: {ROLE_HINT[r]}
            </option>
          ))}
        </select>
      </Field>
    </TitledForm>
  );
}

/** The token, once: a warning, the value with Copy, and "hide". */
function TokenNotice(props: { shown: ShownToken; onHide: () => void }) {
  const { shown } = props;
  return (
    <SecretNotice
      id="op-operator-token"
      class="op-token"
      title={
        <>
          {shown.replaced ? "New token" : "Token"} for {shown.name}
        </>
      }
      warning={
        <>
          Copy this token now and hand it to {shown.name} privately: it will not be shown again. The
          service keeps only its hash.
        </>
      }
      value={shown.token}
      what="the token"
      onHide={props.onHide}
    >
      <p class="hint">
        {shown.name} signs in to this console, or the CLI, with it in place of{" "}
        <code>ADMIN_TOKEN</code>.{shown.replaced ? " The old token answers 401 from now on." : ""}
      </p>
    </SecretNotice>
  );
}
