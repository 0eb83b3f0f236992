import { useState } from "preact/hooks";
import { adminHeaders, api, call } from "../../client.js";
import { useAction } from "../../ui/action.js";
import { formatDate } from "../../ui/format.js";
import { Notice } from "../../ui/status.js";
import { BulkImport } from "./account-import.js";
import type { Account } from "./answers.js";
import { FilterForm, TextFilter, useFilters } from "./filters.js";
import { RequiredTextField, TitledForm, useRequiredText } from "./forms.js";
import { ListTable, type SectionProps, useCursorList } from "./lists.js";
import { useCan } from "./me.js";
import { PanelToggle } from "./panel.js";
import { SuspensionPanel, SuspensionState } from "./suspension.js";

/**
 * Registered passes: searched by pass, registered here, each active or suspended (since when,
 * why); suspended and reinstated from its row by the roles that may.
 */
export function AccountsSection({ token }: SectionProps) {
  const filters = useFilters({ pass: "" });
  const list = useCursorList(token, "/admin/accounts", filters.query);
  const [notice, setNotice] = useState<string | null>(null);
  const can = useCan();
  const mayRegister = can("registerAccount");
  const maySuspend = can("suspendAccount");
  const mayReinstate = can("reinstateAccount");
  const [changing, setChanging] = useState<Account | null>(null);
  /** The row's button for its panel: suspend an active pass, reinstate a suspended one. */
  const toggle = (a: Account) => {
    const suspended = a.suspended_at !== null;
    if (suspended ? !mayReinstate : !maySuspend) return null;
    return (
      <PanelToggle
        label={`${suspended ? "Reinstate" : "Suspend"} pass ${a.pass}`}
        open={changing?.id === a.id}
        onClick={() => {
          setNotice(null);
          setChanging(changing?.id === a.id ? null : a);
        }}
      >
        {suspended ? "Reinstate…" : "Suspend…"}
      </PanelToggle>
    );
  };
  return (
    <>
      <FilterForm label="Find an account" filters={filters} submit="Search" clear="All accounts">
        <TextFilter
          id="op-accounts-pass"
          label="Pass address"
          placeholder="0x…"
          filters={filters}
          name="pass"
        />
      </FilterForm>
      <Notice>{notice}</Notice>
      <ListTable
        list={list}
        id="op-accounts"
        what="accounts"
        empty={filters.filtered ? "This pass is not registered." : "No account yet."}
        label="Accounts"
        caption="Accounts, newest first"
        columns={[
          "Pass",
          "Account id",
          "Registered",
          "Status",
          ...(maySuspend || mayReinstate ? ["Actions"] : []),
        ]}
        row={(a) => (
          <tr key={a.id} id={`op-account-${a.id}`}>
            <td>
              <a href={`/app/passes/${a.pass}`}>
                <code>{a.pass}</code>
              </a>
            </td>
            <td>
              <code class="op-id">{a.id}</code>
            </td>
            <td>{formatDate(a.created_at)}</td>
            <td>
              <SuspensionState account={a} />
            </td>
            {maySuspend || mayReinstate ? <td>{toggle(a)}</td> : null}
          </tr>
        )}
      />
      {changing ? (
        <SuspensionPanel
          key={`${changing.id}-${changing.suspended_at}`}
          token={token}
          account={changing}
          onClose={() => {
            setChanging(null);
            document.querySelector<HTMLButtonElement>(`#op-account-${changing.id} button`)?.focus();
          }}
          onDone={(message) => {
            setChanging(null);
            setNotice(message);
            list.reload();
          }}
        />
      ) : null}
      {mayRegister ? (
        <>
          <Register
            token={token}
            onRegistered={(account) => {
              // 201 (new) and 200 (known already) carry the same account.
              setNotice(`Pass ${account.pass} is registered as account ${account.id}.`);
              list.reload();
            }}
          />
          <BulkImport token={token} onDone={() => list.reload()} />
        </>
      ) : null}
    </>
  );
}

function Register(props: { token: string; onRegistered: (account: Account) => void }) {
  const pass = useRequiredText();
  const action = useAction<Account>();
  const submit = async (event: Event) => {
    event.preventDefault();
    const value = pass.take();
    if (!value) return;
    const account = await action.run(() =>
      call(
        api.POST("/admin/accounts", { body: { pass: value }, headers: adminHeaders(props.token) }),
      ),
    );
    if (account) {
      pass.setValue("");
      props.onRegistered(account);
    }
  };
  return (
    <TitledForm
      id="op-register"
      title="Register a pass"
      onSubmit={submit}
      submit="Register"
      action={action}
      busyText="Registering…"
    >
      <RequiredTextField
        id="op-register-pass"
        label="Pass address"
        text={pass}
        missingText="Type the pass address."
        placeholder="0x…"
      />
    </TitledForm>
  );
}
