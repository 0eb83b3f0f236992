import "./console.css";
import { useCallback, useEffect, useMemo, useState } from "preact/hooks";
import { type ApiError, api, call, onSecretRefused, ownerHeaders } from "../../client.js";
import { keepSecret, readSecret, SESSION } from "../../session.js";
import { formatDate } from "../../ui/format.js";
import { Layout } from "../../ui/layout.js";
import { useLoad } from "../../ui/load.js";
import { Progress } from "../../ui/progress.js";
import { Empty, ErrorBox, Loading } from "../../ui/status.js";
import { ownerWebhooks } from "../shared/webhooks/api.js";
import { WebhooksSection } from "../shared/webhooks/section.js";
import { AllocateForm } from "./console-allocate.js";
import type { Bucket, Mode, OwnedQuest } from "./console-answers.js";
import {
  loadReversals,
  PAYOUT_PAGE_SIZE,
  type PayoutPage,
  PayoutsView,
} from "./console-payouts.js";
import { SignIn } from "./console-sign-in.js";
import { StatsView } from "./console-stats.js";

/**
 * The owner console: an API key typed in (console-sign-in; kept in this tab's sessionStorage
 * only), then the key's quests with their budget, a burn-down chart (console-stats), an
 * allocation form (console-allocate) and the payouts with reversal (console-payouts); under them
 * the key's webhook endpoints (shared/webhooks). A key the service refuses (401 to any of the
 * console's requests) is forgotten and the sign-in comes back with why.
 */

const MODE_TEXT: Record<Mode, { banner: string; badge: string }> = {
  live: {
    banner: "LIVE — real points. Payouts made with this key pay real points to real passes.",
    badge: "LIVE — real points",
  },
  test: {
    banner: "TEST MODE — payouts here never count. This test key reaches test quests only.",
    badge: "TEST MODE — payouts here never count",
  },
};

const readStoredKey = () => readSecret(SESSION.apiKey);
const storeKey = (key: string | null) => keepSecret(SESSION.apiKey, key);

export function ConsolePage(_props: Record<string, string>) {
  const [apiKey, setApiKey] = useState<string | null>(() => readStoredKey());
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const signOut = useCallback((error: ApiError | null, message: string | null) => {
    storeKey(null);
    setApiKey(null);
    setRefusal(error);
    setNotice(message);
  }, []);
  // The client reports a refused key (client.ts); only the key in use signs the console out.
  useEffect(
    () =>
      onSecretRefused((secret, sent, error) => {
        if (secret === "apiKey" && sent === apiKey) signOut(error, null);
      }),
    [apiKey, signOut],
  );
  const onForget = useCallback(
    () => signOut(null, "The key is forgotten: this tab no longer keeps it."),
    [signOut],
  );

  return (
    <Layout title="Owner console">
      {apiKey === null ? (
        <SignIn
          refusal={refusal}
          notice={notice}
          onSignIn={(key) => {
            setRefusal(null);
            setNotice(null);
            setApiKey(key);
          }}
        />
      ) : (
        <SignedIn key={apiKey} apiKey={apiKey} onForget={onForget} />
      )}
    </Layout>
  );
}

function SignedIn(props: { apiKey: string; onForget: () => void }) {
  const { apiKey } = props;
  const [me, reload] = useLoad(
    (signal) => call(api.GET("/me", { headers: ownerHeaders(apiKey), signal })),
    [apiKey],
  );
  const readOnly = me.state === "ok" && me.data.key.scope === "read";
  const webhooks = useMemo(() => ownerWebhooks(apiKey, readOnly), [apiKey, readOnly]);
  useEffect(() => {
    // Kept once the service took it: a refused key is never stored.
    if (me.state === "ok") storeKey(apiKey);
  }, [me, apiKey]);

  const forget = (
    <button type="button" class="secondary" onClick={props.onForget}>
      Forget key
    </button>
  );
  if (me.state === "loading") {
    return (
      <>
        <Loading what="your key's quests" />
        <div class="console-keybar">{forget}</div>
      </>
    );
  }
  if (me.state === "error") {
    // The sign-in form comes back with the refusal's detail.
    if (me.error.status === 401) return null;
    return (
      <>
        <ErrorBox error={me.error} what="your key's quests" onRetry={reload} />
        <div class="console-keybar">{forget}</div>
      </>
    );
  }
  const { account, key, quests } = me.data;
  const mode = MODE_TEXT[key.mode];
  return (
    <>
      <p class={`mode-banner ${key.mode}`} data-mode={key.mode}>
        {mode.banner}
      </p>
      <section class="console-keybar" aria-labelledby="console-key-heading">
        <h2 id="console-key-heading" class="visually-hidden">
          Your key
        </h2>
        <dl class="facts">
          <dt>Account</dt>
          <dd>
            <code>{account.pass}</code>
          </dd>
          <dt>Key</dt>
          <dd>
            <code>{key.prefix}…</code> ({key.mode === "live" ? "live" : "test"} key
            {key.scope === "read" ? ", read-only" : ""}
            {key.expires_at ? `, expires ${formatDate(key.expires_at)}` : ""})
          </dd>
        </dl>
        {forget}
      </section>
      {quests.length === 0 ? (
        <Empty>
          This key's account owns no {key.mode} quests yet. An operator creates them, or an approved
          application does.
        </Empty>
      ) : (
        quests.map((quest) => (
          <QuestPanel
            key={quest.id}
            quest={quest}
            mode={key.mode}
            apiKey={apiKey}
            readOnly={key.scope === "read"}
          />
        ))
      )}
      <section class="console-webhooks" aria-labelledby="console-webhooks-heading">
        <h2 id="console-webhooks-heading">Webhooks</h2>
        <WebhooksSection
          api={webhooks}
          idPrefix="console-wh"
          intro={`This account's ${key.mode} endpoints: they receive the events of its ${key.mode} quests only, each message signed with the endpoint's secret (Standard Webhooks).`}
        />
      </section>
    </>
  );
}

function QuestPanel(props: { quest: OwnedQuest; mode: Mode; apiKey: string; readOnly: boolean }) {
  const { quest, mode, apiKey } = props;
  const [offset, setOffset] = useState(0);
  /** Bumped after an allocation (payouts and statistics change). */
  const [paid, setPaid] = useState(0);
  /** Bumped after a reversal (the budget and the reversals change). */
  const [reversed, setReversed] = useState(0);
  const [bucket, setBucket] = useState<Bucket>("hour");
  const headers = ownerHeaders(apiKey);

  // The page shown stays while the next page or a refresh loads: a table that does not jump.
  const [detail, reloadDetail, pageLoading] = useLoad(
    async (signal): Promise<PayoutPage> => ({
      detail: await call(
        api.GET("/quests/{questId}", {
          params: { path: { questId: quest.id }, query: { limit: PAYOUT_PAGE_SIZE + 1, offset } },
          headers,
          signal,
        }),
      ),
      offset,
    }),
    [offset, paid, reversed],
    { keep: "always" },
  );
  // Kept on screen while a reversal reloads them: the chart and the marks do not blink.
  const [reversals, reloadReversals] = useLoad(
    (signal) => loadReversals(quest.id, apiKey, signal),
    [reversed],
    { keep: "always" },
  );
  const [stats, reloadStats] = useLoad(
    (signal) =>
      call(
        api.GET("/quests/{questId}/stats", {
          params: { path: { questId: quest.id }, query: { bucket } },
          headers,
          signal,
        }),
      ),
    [bucket, paid],
  );

  const latest = detail.state === "ok" ? detail.data.detail : undefined;
  const total = latest?.total_points ?? quest.total_points;
  const remaining = latest?.points_remaining ?? quest.points_remaining;
  const headingId = `quest-${quest.id}-name`;

  return (
    <section class="console-quest" aria-labelledby={headingId}>
      <h2 class="console-quest-title">
        <span id={headingId}>{quest.name}</span>{" "}
        <span class={`badge ${mode}`}>{MODE_TEXT[mode].badge}</span>
      </h2>
      <p class="meta">
        Quest {quest.id} · {formatDate(quest.start)} – {formatDate(quest.end)} ·{" "}
        {quest.is_active ? "active" : "not active: allocations are refused"}
      </p>
      {quest.description ? <p>{quest.description}</p> : null}
      <Progress value={remaining} max={total} label={`Points left in ${quest.name}`} />
      <div class="console-grid">
        <div class="console-cell">
          <h3>Burn-down</h3>
          <BucketToggle bucket={bucket} onChange={setBucket} />
          <StatsView
            stats={stats}
            reversals={reversals}
            bucket={bucket}
            quest={quest}
            total={total}
            remaining={remaining}
            onRetry={() => {
              reloadStats();
              reloadReversals();
            }}
          />
        </div>
        <div class="console-cell">
          <h3>Allocate points</h3>
          {props.readOnly ? (
            <p class="hint">
              This key is read-only (scope read): it shows the quest but cannot allocate, reverse or
              change webhooks. Sign in with a full key to do so.
            </p>
          ) : (
            <AllocateForm
              quest={quest}
              apiKey={apiKey}
              onPaid={() => {
                setOffset(0);
                setPaid((n) => n + 1);
              }}
            />
          )}
        </div>
      </div>
      <h3>Payouts</h3>
      <PayoutsView
        quest={quest}
        apiKey={apiKey}
        detail={detail}
        pageLoading={pageLoading}
        reversals={reversals}
        offset={offset}
        onOffset={setOffset}
        onReversed={() => setReversed((n) => n + 1)}
        readOnly={props.readOnly}
        onRetry={() => {
          reloadDetail();
          reloadReversals();
        }}
      />
    </section>
  );
}

function BucketToggle(props: { bucket: Bucket; onChange: (bucket: Bucket) => void }) {
  return (
    <fieldset class="tabs console-toggle">
      <legend class="visually-hidden">Chart buckets</legend>
      {(["hour", "day"] as const).map((bucket) => (
        <button
          key={bucket}
          type="button"
          class={props.bucket === bucket ? undefined : "secondary"}
          aria-pressed={props.bucket === bucket ? "true" : "false"}
          onClick={() => props.onChange(bucket)}
        >
          {bucket === "hour" ? "Hourly" : "Daily"}
        </button>
      ))}
    </fieldset>
  );
}
