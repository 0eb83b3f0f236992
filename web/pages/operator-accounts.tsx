import { useState } from "preact/hooks";
import { describedBy, Field, formatDate } from "../ui.js";
import {
  type Account,
  ActionState,
  adminApi,
  FilterForm,
  inputValue,
  ListTable,
  Notice,
  type SectionProps,
  TextFilter,
  useAction,
  useCursorList,
  useFilters,
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
  const [pass, setPass] = useState("");
  const [missing, setMissing] = useState(false);
  const action = useAction<Account>();
  const submit = async (event: Event) => {
    event.preventDefault();
    setMissing(!pass.trim());
    if (!pass.trim()) return;
    const account = await action.run(() =>
      adminApi<Account>(props.token, "/admin/accounts", {
        method: "POST",
        body: { pass: pass.trim() },
      }),
    );
    if (account) {
      setPass("");
      props.onRegistered(account);
    }
  };
  return (
    <>
      <h3 id="op-register-title">Register a pass</h3>
      <form onSubmit={submit} aria-labelledby="op-register-title" noValidate>
        <Field
          id="op-register-pass"
          label="Pass address"
          error={missing ? "Type the pass address." : undefined}
        >
          <input
            id="op-register-pass"
            type="text"
            autocomplete="off"
            spellcheck={false}
            placeholder="0x…"
            required
            aria-invalid={missing ? "true" : undefined}
            aria-describedby={describedBy("op-register-pass", undefined, missing)}
            value={pass}
            onInput={(event) => setPass(inputValue(event))}
          />
        </Field>
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
