import "./apply.css";
import { useEffect, useRef, useState } from "preact/hooks";
import { type Answer, api, call } from "../../client.js";
import { useAction } from "../../ui/action.js";
import { CopyButton } from "../../ui/copy-button.js";
import { formatDate } from "../../ui/format.js";
import { Layout } from "../../ui/layout.js";
import { useLoad } from "../../ui/load.js";
import { markdown } from "../../ui/markdown.js";
import { SecretValue } from "../../ui/secret.js";
import { ErrorBox, Loading } from "../../ui/status.js";
import { type Application, Facts, Granted } from "./application-facts.js";

/**
 * An application's status page, `/app/applications/{id}#token=…`. The token is read from the
 * URL fragment (which browsers never send) and travels only as the `x-application-token`
 * header. Once approved, the keys are claimed here and shown once; they live in this
 * component's memory only — never in localStorage, sessionStorage or a cookie.
 */

/** The onboarding bundle: both keys, the quest ids, the instructions. */
type Bundle = Answer<"/applications/{id}/keys", "post">;

const TOKEN_HEADER = "x-application-token";

/** The token in `#token=…`, or null. */
function tokenFromHash(): string | null {
  const token = new URLSearchParams(location.hash.replace(/^#/, "")).get("token")?.trim();
  return token ? token : null;
}

function useHashToken(): string | null {
  const [token, setToken] = useState(tokenFromHash);
  useEffect(() => {
    const onChange = () => setToken(tokenFromHash());
    addEventListener("hashchange", onChange);
    return () => removeEventListener("hashchange", onChange);
  }, []);
  return token;
}

export function ApplicationPage(props: { id: string }) {
  const token = useHashToken();
  const validId = /^[1-9]\d{0,9}$/.test(props.id);
  return (
    <Layout title={validId ? `Application ${props.id}` : "Application"}>
      {!validId ? (
        <div class="error" role="alert">
          <p>
            <code>{props.id}</code> is not an application number. Open the link you were given when
            you applied.
          </p>
        </div>
      ) : token === null ? (
        <MissingToken />
      ) : (
        <ApplicationStatus id={props.id} token={token} />
      )}
    </Layout>
  );
}

function MissingToken() {
  return (
    <div class="error" role="alert">
      <p>
        <strong>This link has no application token.</strong> The page needs the full link you were
        given when you applied: it ends with <code>#token=ap_…</code>.
      </p>
      <p>
        Open that link again (from your bookmarks or wherever you kept it). The token was shown only
        once and the service keeps only its hash: if it is lost, contact the operator.
      </p>
    </div>
  );
}

function ApplicationStatus(props: { id: string; token: string }) {
  const { id, token } = props;
  // "Check again" keeps the answer on screen while it asks anew.
  const [loaded, reload, checking] = useLoad(
    (signal) =>
      call(
        api.GET("/applications/{id}", {
          params: { path: { id: Number(id) } },
          headers: { [TOKEN_HEADER]: token },
          signal,
        }),
      ),
    [id, token],
    { keep: true },
  );
  /** The last answer and when it came; still shown when a later check fails. */
  const last = useRef<{ application: Application; at: Date } | null>(null);
  if (loaded.state === "ok" && last.current?.application !== loaded.data) {
    last.current = { application: loaded.data, at: new Date() };
  }
  const [bundle, setBundle] = useState<Bundle | null>(null);

  const shown = last.current;
  const showData =
    shown !== null &&
    !(loaded.state === "error" && loaded.error.code === "INVALID_APPLICATION_TOKEN");
  return (
    <>
      <LinkNotice />
      {loaded.state === "error" ? (
        <ErrorBox error={loaded.error} what="your application" onRetry={reload} />
      ) : null}
      {loaded.state === "error" && loaded.error.code === "INVALID_APPLICATION_TOKEN" ? (
        <p>
          Check that you opened the whole link you were given when you applied, up to the end of its{" "}
          <code>#token=…</code> part.
        </p>
      ) : null}
      {loaded.state === "loading" && !shown ? <Loading what="your application" /> : null}
      {showData ? (
        <Status
          application={shown.application}
          checkedAt={shown.at}
          checking={checking || loaded.state === "loading"}
          onCheck={reload}
        />
      ) : null}
      {bundle ? (
        <Keys bundle={bundle} />
      ) : showData && shown.application.status === "approved" ? (
        <Claim application={shown.application} id={id} token={token} onClaimed={setBundle} />
      ) : null}
      {showData && shown.application.status === "approved" ? (
        <Granted application={shown.application} />
      ) : null}
      {showData ? <Facts application={shown.application} /> : null}
    </>
  );
}

/** The page's address holds the token: say so, once, without showing it again. */
function LinkNotice() {
  return (
    <p class="notice">
      Keep this page's address (bookmark it): it holds your application's secret token, which is the
      only way back here. Anyone with the link can read the application and claim its keys.
    </p>
  );
}

const STATUS_TEXT: Record<Application["status"], string> = {
  pending: "Pending",
  approved: "Approved",
  rejected: "Rejected",
};

function Status(props: {
  application: Application;
  checkedAt: Date;
  checking: boolean;
  onCheck: () => void;
}) {
  const { application: a } = props;
  return (
    <section aria-labelledby="ap-status-heading">
      <h2 id="ap-status-heading">Status</h2>
      <div aria-live="polite">
        <p class="ap-status">
          <span class={`badge ap-${a.status}`}>{STATUS_TEXT[a.status]}</span>{" "}
          {a.status === "pending"
            ? "The operator has not decided yet. This page does not refresh itself: check again later."
            : a.status === "approved"
              ? `Approved ${a.decided_at ? formatDate(a.decided_at) : ""}: your live quest is ${a.quest_id} and its test twin is ${a.test_quest_id}. What was granted is below.`
              : `Rejected ${a.decided_at ? formatDate(a.decided_at) : ""}.`}
        </p>
        {a.status === "rejected" ? (
          <div class="ap-reason">
            <h3>The operator's reason</h3>
            <p>{a.reason ?? "No reason was given."}</p>
          </div>
        ) : null}
      </div>
      <div class="row ap-check">
        <button type="button" class="secondary" onClick={props.onCheck} disabled={props.checking}>
          {props.checking ? "Checking…" : "Check again"}
        </button>
        <p class="meta" role="status">
          {props.checking
            ? "Checking…"
            : `Checked at ${props.checkedAt.toLocaleTimeString("en-GB")}.`}
        </p>
      </div>
    </section>
  );
}

/** The one-time claim of an approved application's keys. */
function Claim(props: {
  application: Application;
  id: string;
  token: string;
  onClaimed: (bundle: Bundle) => void;
}) {
  const action = useAction<Bundle>();
  // Once claimed, the keys replace this section: "Claiming…" stays until they do.
  const claiming = action.busy || action.result !== undefined;
  const { error } = action;
  const claimedAt = props.application.keys_claimed_at;

  const claim = async () => {
    const bundle = await action.run(() =>
      call(
        api.POST("/applications/{id}/keys", {
          params: { path: { id: Number(props.id) } },
          headers: { [TOKEN_HEADER]: props.token },
          body: {},
        }),
      ),
    );
    if (bundle) props.onClaimed(bundle);
  };

  return (
    <section aria-labelledby="ap-claim-heading">
      <h2 id="ap-claim-heading">Your API keys</h2>
      {claimedAt && !error ? (
        <p class="notice">
          The keys were claimed {formatDate(claimedAt)}. They were shown only once and cannot be
          shown again: if they were lost, ask the operator for a new key.
        </p>
      ) : (
        <>
          <p class="warning">
            The keys are shown only once, when you claim them. Have a safe place ready for them (a
            password manager or your deployment's secret store) before you claim.
          </p>
          <div class="row">
            <button type="button" onClick={claim} disabled={claiming}>
              {claiming ? "Claiming…" : "Claim the API keys"}
            </button>
            {claiming ? (
              <p class="loading ap-inline" role="status">
                Claiming the keys…
              </p>
            ) : null}
          </div>
        </>
      )}
      {error ? <ErrorBox error={error} /> : null}
    </section>
  );
}

/** The onboarding bundle, shown once: both keys, the quest ids, the instructions. */
function Keys(props: { bundle: Bundle }) {
  const { bundle } = props;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <section class="ap-keys" aria-labelledby="ap-keys-heading">
      <h2 id="ap-keys-heading" tabIndex={-1} ref={heading}>
        Your API keys
      </h2>
      <p class="warning" id="ap-keys-warning">
        Copy both keys now: they will not be shown again. The service keeps only their hashes, and
        leaving or reloading this page loses them. If a key is lost, ask the operator for a new one.
      </p>
      <Secret
        id="ap-live-key"
        label="Live key (api_key)"
        what="live key"
        hint={`Pays real points on live quest ${bundle.quest_id}.`}
        value={bundle.api_key}
      />
      <Secret
        id="ap-test-key"
        label="Test key (test_api_key)"
        what="test key"
        hint={`Reaches only test quest ${bundle.test_quest_id}: try everything there first.`}
        value={bundle.test_api_key}
      />
      <dl class="facts">
        <dt>Base address</dt>
        <dd>
          <code>{bundle.base_url}</code>
        </dd>
        <dt>Live quest</dt>
        <dd>{bundle.quest_id}</dd>
        <dt>Test quest</dt>
        <dd>{bundle.test_quest_id}</dd>
      </dl>
      <h2 id="ap-instructions-heading">Getting started</h2>
      <p>
        These instructions hold the test key too: keep them with the keys.{" "}
        <CopyButton
          text={bundle.instructions}
          what="the instructions"
          label="Copy the instructions (Markdown)"
        />
      </p>
      <div class="ap-markdown">{markdown(bundle.instructions)}</div>
    </section>
  );
}

/** A key with its label and hint, in a `.secret` box with its Copy button. */
function Secret(props: { id: string; label: string; what: string; hint: string; value: string }) {
  return (
    <div class="ap-secret">
      <p class="ap-secret-label" id={`${props.id}-label`}>
        {props.label}
      </p>
      <SecretValue id={props.id} value={props.value} what={`the ${props.what}`} />
      <p class="hint">{props.hint}</p>
    </div>
  );
}
