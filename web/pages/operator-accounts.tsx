import { useState } from "preact/hooks";
import { Empty, Field, formatDate, Show } from "../ui.js";
import {
  type Account,
  ActionState,
  adminApi,
  inputValue,
  Notice,
  Pager,
  type SectionProps,
  TableWrap,
  useAction,
  useCursorList,
} from "./operator-shared.js";

/** Registered passes: searched by pass, and registered here. */
export function AccountsSection({ token }: SectionProps) {
  const [typed, setTyped] = useState("");
  const [pass, setPass] = useState("");
  const list = useCursorList<Account>(token, "/admin/accounts", { pass: pass || undefined });
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <>
      <form
        class="row op-filters"
        aria-label="Find an account"
        onSubmit={(event) => {
          event.preventDefault();
          setPass(typed.trim());
        }}
      >
        <Field id="op-accounts-pass" label="Pass address">
          <input
            id="op-accounts-pass"
            type="text"
            autocomplete="off"
            spellcheck={false}
            placeholder="0x…"
            value={typed}
            onInput={(event) => setTyped(inputValue(event))}
          />
        </Field>
        <button type="submit">Search</button>
        {pass ? (
          <button
            type="button"
            class="secondary"
            onClick={() => {
              setTyped("");
              setPass("");
            }}
          >
            All accounts
          </button>
        ) : null}
      </form>
      {notice ? <Notice>{notice}</Notice> : null}
      <Show loaded={list.loaded} what="accounts" onRetry={list.reload}>
        {(page) =>
          page.items.length === 0 ? (
            <Empty>{pass ? "This pass is not registered." : "No account yet."}</Empty>
          ) : (
            <TableWrap label={"Accounts"}>
              <table>
                <caption class="op-caption">Accounts, newest first</caption>
                <thead>
                  <tr>
                    <th scope="col">Pass</th>
                    <th scope="col">Account id</th>
                    <th scope="col">Registered</th>
                  </tr>
                </thead>
                <tbody>
                  {page.items.map((a) => (
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
                  ))}
                </tbody>
              </table>
            </TableWrap>
          )
        }
      </Show>
      <Pager list={list} id="op-accounts" what="accounts" />
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
            aria-describedby={missing ? "op-register-pass-error" : undefined}
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
