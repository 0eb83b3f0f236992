import "./console.css";
import { Fragment, type JSX } from "preact";
import { useEffect, useMemo, useState } from "preact/hooks";
import { OPERATOR_API_OFF_META } from "../../../src/domain/pages.js";
import { adminHeaders, api, call, onSecretRefused } from "../../client.js";
import { keepSecret, readSecret, SESSION } from "../../session.js";
import { ActionState, useAction } from "../../ui/action.js";
import { Layout } from "../../ui/layout.js";
import { useLoad } from "../../ui/load.js";
import { ErrorBox } from "../../ui/status.js";
import { adminWebhooks } from "../shared/webhooks/api.js";
import { WebhooksSection } from "../shared/webhooks/section.js";
import { AccountsSection } from "./accounts.js";
import { ApplicationsSection } from "./applications.js";
import { AuditSection } from "./audit.js";
import { CampaignsSection } from "./campaigns.js";
import { RequiredTextField, useRequiredText } from "./forms.js";
import { KeysSection } from "./keys.js";
import type { SectionProps } from "./lists.js";
import { SignedInAs, SignedInContext, useCan } from "./me.js";
import { OperatorsSection } from "./operators.js";
import { PayoutsSection } from "./payouts.js";
import { QuestsSection } from "./quests.js";
import { mayDo, type Operation, type SignedIn } from "./roles.js";
import { SettingsSection } from "./settings.js";

/**
 * The console's sections, in tab order; `#id` in the address opens one. A section that `needs`
 * an operation is there only for a role that may do it.
 */
const SECTIONS: {
  id: string;
  label: string;
  needs?: Operation;
  render: (props: SectionProps) => JSX.Element;
}[] = [
  { id: "applications", label: "Applications", render: (p) => <ApplicationsSection {...p} /> },
  { id: "quests", label: "Quests", render: (p) => <QuestsSection {...p} /> },
  { id: "campaigns", label: "Campaigns", render: (p) => <CampaignsSection {...p} /> },
  { id: "accounts", label: "Accounts", render: (p) => <AccountsSection {...p} /> },
  { id: "keys", label: "Keys", render: (p) => <KeysSection {...p} /> },
  { id: "payouts", label: "Payouts", render: (p) => <PayoutsSection {...p} /> },
  { id: "settings", label: "Settings", render: (p) => <SettingsSection {...p} /> },
  { id: "webhooks", label: "Webhooks", render: (p) => <OperatorWebhooks {...p} /> },
  { id: "audit", label: "Audit log", render: (p) => <AuditSection {...p} /> },
  {
    id: "operators",
    label: "Operators",
    needs: "createOperator",
    render: (p) => <OperatorsSection {...p} />,
  },
];

/** The sections the signed-in operator's role may open. */
const sectionsFor = (me: SignedIn) => SECTIONS.filter((s) => !s.needs || mayDo(me.role, s.needs));

/** The operators' own webhook endpoints (`/admin/webhooks`), in the section shared with owners. */
function OperatorWebhooks({ token }: SectionProps) {
  const can = useCan();
  const may = {
    create: can("createAdminWebhook"),
    update: can("updateAdminWebhook"),
    remove: can("deleteAdminWebhook"),
    rotate: can("rotateAdminWebhookSecret"),
    test: can("sendAdminWebhookTest"),
    redeliver: can("redeliverAdminWebhookEvent"),
  };
  const webhooks = useMemo(() => adminWebhooks(token, may), [token, JSON.stringify(may)]);
  return (
    <WebhooksSection
      api={webhooks}
      idPrefix="op-wh"
      intro="Operator endpoints receive submitted and decided applications, revoked keys and the exhausted budgets of every live quest, each message signed with the endpoint's secret (Standard Webhooks)."
    />
  );
}

/** `#quests?owner=0x…&quest=12`: the section, and what a link into it asks for. */
const sectionFromHash = () => {
  const [id = "", search = ""] = location.hash.slice(1).split("?", 2);
  return { id, search };
};

/** The token lives in this tab's sessionStorage only: never localStorage, never a cookie. */
const readToken = () => readSecret(SESSION.adminToken);
const keepToken = (token: string | null) => keepSecret(SESSION.adminToken, token);

/** Whether the service marked the page: its operator API is off (`/admin` answers 404). */
const shellSaysOff = () =>
  document.querySelector(`meta[name="${OPERATOR_API_OFF_META.name}"]`)?.getAttribute("content") ===
  OPERATOR_API_OFF_META.content;

/**
 * `/app/operator`: the operator's console over the `/admin` API. The admin token (ADMIN_TOKEN)
 * or an operator's own token (`op_…`) is typed in, checked against the API, and kept in
 * sessionStorage until "Forget token" or the tab closes. The console shows who is signed in and
 * only what their role may do. Where the operator API is off (the service says so in the page,
 * or the API answers 404), it says how to turn it on instead.
 */
export function OperatorPage(_props: Record<string, string>) {
  const [token, setToken] = useState<string | null>(readToken);
  const [refused, setRefused] = useState<string | null>(null);
  const [off, setOff] = useState(shellSaysOff);
  const turnedOff = () => setOff(true);
  const signOut = () => {
    keepToken(null);
    setToken(null);
  };
  // A token refused after sign-in (the client reports it, client.ts) is forgotten at once: the
  // console asks for it again. The sign-in's own check shows its refusal by the form instead.
  useEffect(
    () =>
      onSecretRefused((secret, _sent, error) => {
        if (secret !== "adminToken" || readToken() === null) return;
        keepToken(null);
        setToken(null);
        setRefused(error.detail);
      }),
    [],
  );
  if (off) {
    return (
      <Layout title="Operator console">
        <OperatorApiOff />
      </Layout>
    );
  }
  return (
    <Layout title="Operator console">
      {token === null && refused ? (
        <p class="error" role="alert">
          Signed out: {refused}
        </p>
      ) : null}
      {token === null ? (
        <SignIn
          onSignedIn={(value) => {
            keepToken(value);
            setRefused(null);
            setToken(value);
          }}
          onOff={turnedOff}
        />
      ) : (
        <Console token={token} onForget={signOut} onOff={turnedOff} />
      )}
    </Layout>
  );
}

/**
 * Where `/admin` answers 404: the service runs without ADMIN_TOKEN and has no operator. How to
 * turn it on (docs/operator-api.md).
 */
function OperatorApiOff() {
  return (
    <section aria-labelledby="op-off-title">
      <h2 id="op-off-title">The operator API is off</h2>
      <p>
        This service answers 404 on <code>/admin</code>: it runs without <code>ADMIN_TOKEN</code>{" "}
        and has no operator yet. To turn on the operator API and this console:
      </p>
      <ol>
        <li>
          Start the service with <code>ADMIN_TOKEN</code> set to a secret of 16 characters or more,
          and sign in here with it.
        </li>
        <li>
          If you like, give each operator a token of their own:{" "}
          <code>
            QP_ADMIN_TOKEN=$ADMIN_TOKEN questpoints admin operators create --name you --role admin
          </code>{" "}
          prints it. Once an operator exists, <code>/admin</code> stays on without{" "}
          <code>ADMIN_TOKEN</code>.
        </li>
      </ol>
      <p>
        On an empty embedded database, <code>npm start</code> creates the operator <code>demo</code>{" "}
        and prints its token once. Reload this page when the operator API is on.
      </p>
    </section>
  );
}

function SignIn(props: { onSignedIn: (token: string) => void; onOff: () => void }) {
  const token = useRequiredText();
  const check = useAction<SignedIn>();
  const submit = async (event: Event) => {
    event.preventDefault();
    const value = token.take();
    if (!value) return;
    // Who the token belongs to tells a good token from a wrong one (401 with its detail).
    const ok = await check.run(
      () => call(api.GET("/admin/me", { headers: adminHeaders(value) })),
      (error) => {
        if (error.status === 404) props.onOff();
      },
    );
    if (ok) props.onSignedIn(value);
  };
  return (
    <section aria-labelledby="op-signin-title">
      <h2 id="op-signin-title">Sign in</h2>
      <p>
        Type the service's <code>ADMIN_TOKEN</code> or your operator token (<code>op_…</code>). It
        is kept in this tab only and forgotten when the tab closes.
      </p>
      <form onSubmit={submit} noValidate>
        <RequiredTextField
          id="op-token"
          label="Admin token or operator token"
          password
          text={token}
          missingText="Type ADMIN_TOKEN or your operator token."
          invalid={check.error !== undefined}
        />
        <div>
          <button type="submit" disabled={check.busy}>
            Sign in
          </button>
        </div>
        <ActionState action={check} busyText="Checking the token…" />
      </form>
    </section>
  );
}

/**
 * The signed-in console: who is signed in (read again on every change of tab, so a role changed
 * meanwhile shows), the tabs the role may open, and the open section.
 */
function Console(props: { token: string; onForget: () => void; onOff: () => void }) {
  const [me, reloadMe] = useLoad(
    (signal) => call(api.GET("/admin/me", { headers: adminHeaders(props.token), signal })),
    [props.token],
    { keep: true },
  );
  const apiOff = me.state === "error" && me.error.status === 404;
  useEffect(() => {
    if (apiOff) props.onOff();
  }, [apiOff]);
  return (
    <>
      <div class="op-session">
        <div>
          {me.state === "ok" ? <SignedInAs me={me.data} /> : <p>Signed in.</p>}
          <p class="op-sub">The token is kept in this tab only.</p>
        </div>
        <button type="button" class="secondary" onClick={props.onForget}>
          Forget token
        </button>
      </div>
      {me.state === "loading" ? (
        <p class="loading" role="status">
          Checking who is signed in…
        </p>
      ) : null}
      {me.state === "error" ? (
        <ErrorBox error={me.error} what="who is signed in" onRetry={reloadMe} />
      ) : null}
      {me.state === "ok" ? (
        <SignedInContext.Provider value={me.data}>
          <Sections token={props.token} me={me.data} onTab={reloadMe} />
        </SignedInContext.Provider>
      ) : null}
    </>
  );
}

function Sections(props: { token: string; me: SignedIn; onTab: () => void }) {
  const [section, setSection] = useState(sectionFromHash);
  useEffect(() => {
    const follow = () => setSection(sectionFromHash());
    addEventListener("hashchange", follow);
    return () => removeEventListener("hashchange", follow);
  }, []);
  const sections = sectionsFor(props.me);
  const current = sections.find((s) => s.id === section.id) ?? sections[0]!;
  // What a link asked of a section the role may not open is not given to another.
  const search = current.id === section.id ? section.search : "";
  const open = (id: string) => {
    setSection({ id, search: "" });
    history.replaceState(null, "", `#${id}`);
    props.onTab();
  };
  return (
    <>
      <nav class="tabs" aria-label="Console sections">
        {sections.map((s) => (
          <button
            key={s.id}
            type="button"
            class="secondary"
            aria-pressed={s.id === current.id ? "true" : "false"}
            onClick={() => open(s.id)}
          >
            {s.label}
          </button>
        ))}
      </nav>
      <section class="op-section" aria-labelledby="op-section-title">
        <h2 id="op-section-title">{current.label}</h2>
        <Fragment key={`${current.id}?${search}`}>
          {current.render({ token: props.token, params: new URLSearchParams(search) })}
        </Fragment>
      </section>
    </>
  );
}
