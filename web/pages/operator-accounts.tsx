import { useState } from "preact/hooks";
import { formatDate } from "../ui.js";
import {
  type Account,
  ActionState,
  adminApi,
  FilterForm,
  ListTable,
  Notice,
  RequiredTextField,
  type SectionProps,
  TextFilter,
  useAction,
  useCursorList,
  useFilters,
  useRequiredText,
} from "./operator-shared.js";

/** Registered passes: searched by pass, and registered here. */
export function AccountsSection({ token }: SectionProps) {
  const filters = useFilters({ pass: "" });
  const list = useCursorList<Account>(token, "/admin/accounts", filters.query);
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <>
      <FilterForm label="Find an account" filters={filters} submit="Search" clear="All accounts">
        <TextFilter
          id="op-accounts-pass"
          label="Pass address"
          placeholder="0x…"
          value={filters.typed.pass}
          onInput={filters.input("pass")}
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
        columns={["Pass", "Account id", "Registered"]}
        row={(a) => (
          <tr key={a.id}>
            <td>
              <a href={`/app/passes/${a.pass}`}>
                <code>{a.pass}</code>
              </a>
            </td>
            <td>
              <code class="op-id">{a.id}</code>
            </td>
            <td>{formatDate(a.created_at)}</td>
          </tr>
        )}
      />
      <Register
        token={token}
        onRegistered={(account) => {
          // 201 (new) and 200 (known already) carry the same account.
          setNotice(`Pass ${account.pass} is registered as account ${account.id}.`);
          list.reload();
        }}
      />
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
      adminApi<Account>(props.token, "/admin/accounts", {
        method: "POST",
        body: { pass: value },
      }),
    );
    if (account) {
      pass.setValue("");
      props.onRegistered(account);
    }
  };
  return (
    <>
      <h3 id="op-register-title">Register a pass</h3>
      <form onSubmit={submit} aria-labelledby="op-register-title" noValidate>
        <RequiredTextField
          id="op-register-pass"
          label="Pass address"
          text={pass}
          missingText="Type the pass address."
          placeholder="0x…"
        />
        <div>
          <button type="submit" disabled={action.busy}>
            Register
          </button>
        </div>
        <ActionState action={action} busyText="Registering…" />
      </form>
    </>
  );
}
