import "./console.css";
import type { ComponentChildren } from "preact";
import { useCallback, useEffect, useMemo, useRef, useState } from "preact/hooks";
import {
  type ApiError,
  api,
  keepSecret,
  newIdempotencyKey,
  ownerHeaders,
  PASS_ADDRESS,
  query,
  readSecret,
  SESSION,
} from "../api.js";
import type { QuestTerms } from "../types.js";
import {
  asApiError,
  describedBy,
  Empty,
  ErrorBox,
  Field,
  formatDate,
  formatNumber,
  Layout,
  type Loaded,
  Loading,
  Pager,
  Progress,
  TableWrap,
  useLoad,
} from "../ui.js";
import { type BurnDown, BurnDownChart } from "./console-chart.js";

/**
 * The owner console: an API key typed in (kept in this tab's sessionStorage only), then the key's
 * quests with their budget, a burn-down chart, an allocation form and the payouts with reversal.
 */

type Mode = "live" | "test";

interface OwnedQuest extends QuestTerms {
  id: number;
  points_remaining: number;
  is_active: boolean;
}

interface Me {
  account: { id: string; pass: string };
  key: { id: string; prefix: string; mode: Mode; expires_at: string | null };
  quests: OwnedQuest[];
}

interface Payout {
  id: string;
  amount: number;
  created_at: string;
  account: { pass: string };
}

interface QuestDetail extends OwnedQuest {
  payouts: Payout[];
}

/** A page of payouts and the offset it was read at. */
interface PayoutPage {
  detail: QuestDetail;
  offset: number;
}

interface Reversal {
  id: string;
  payout_id: string;
  amount: number;
  reason: string;
  created_at: string;
}

interface StatsRow {
  at: string;
  payouts: number;
  points: number;
}

type Bucket = "hour" | "day";

/** Payouts a page shows; one more is asked for to know whether a next page exists. */
const PAYOUT_PAGE_SIZE = 20;
/** Reversals are read 100 at a time (the API's maximum), at most this many pages. */
const REVERSAL_PAGES_MAX = 10;
const REASON_MAX = 500;
const BUCKET_MS: Record<Bucket, number> = { hour: 3_600_000, day: 86_400_000 };
const STATS_BUCKETS_MAX = 1000;
const KEY_HINT =
  "Kept in this browser tab only (sessionStorage) until you forget it or close the tab; never in cookies or localStorage.";
const ADDRESS_HINT = "The registered pass to pay: 0x and 40 hex digits.";
const REASON_HINT = `1 to ${REASON_MAX} characters; kept with the reversal. The points go back into the budget and the pass loses them.`;

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

/** Calls `onUnauthorized` when one of the loads was refused for the key (401). */
function useUnauthorized(loads: Loaded<unknown>[], onUnauthorized: (error: ApiError) => void) {
  useEffect(() => {
    for (const loaded of loads) {
      if (loaded.state === "error" && loaded.error.status === 401) {
        onUnauthorized(loaded.error);
        return;
      }
    }
  }, loads);
}

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
  const onUnauthorized = useCallback((error: ApiError) => signOut(error, null), [signOut]);
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
        <SignedIn
          key={apiKey}
          apiKey={apiKey}
          onUnauthorized={onUnauthorized}
          onForget={onForget}
        />
      )}
    </Layout>
  );
}

function SignIn(props: {
  refusal: ApiError | null;
  notice: string | null;
  onSignIn: (key: string) => void;
}) {
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | undefined>(undefined);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (props.refusal) input.current?.focus();
  }, [props.refusal]);
  const submit = (event: Event) => {
    event.preventDefault();
    const key = value.trim();
    if (!key) {
      setError("Enter your API key.");
      input.current?.focus();
      return;
    }
    props.onSignIn(key);
  };
  return (
    <section aria-labelledby="console-signin">
      <h2 id="console-signin">Sign in with your API key</h2>
      {props.notice ? (
        <p class="notice" role="status">
          {props.notice}
        </p>
      ) : null}
      {props.refusal ? (
        <div class="error" role="alert">
          <p>
            <strong>Could not sign in. </strong>
            {props.refusal.message}
          </p>
        </div>
      ) : null}
      <form onSubmit={submit} noValidate>
        <Field id="console-key" label="API key" error={error} hint={KEY_HINT}>
          <input
            ref={input}
            id="console-key"
            name="api-key"
            type="password"
            autoComplete="off"
            spellcheck={false}
            autoCapitalize="off"
            value={value}
            aria-invalid={error ? "true" : undefined}
            aria-describedby={describedBy("console-key", KEY_HINT, error)}
            onInput={(event) => {
              setValue(event.currentTarget.value);
              setError(undefined);
            }}
          />
        </Field>
        <div>
          <button type="submit">Sign in</button>
        </div>
      </form>
    </section>
  );
}

function SignedIn(props: {
  apiKey: string;
  onUnauthorized: (error: ApiError) => void;
  onForget: () => void;
}) {
  const { apiKey, onUnauthorized } = props;
  const [me, reload] = useLoad(
    (signal) => api<Me>("/me", { headers: ownerHeaders(apiKey), signal }),
    [apiKey],
  );
  useEffect(() => {
    // Kept once the service took it: a refused key is never stored.
    if (me.state === "ok") storeKey(apiKey);
  }, [me, apiKey]);
  useUnauthorized([me], onUnauthorized);

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
            onUnauthorized={onUnauthorized}
          />
        ))
      )}
    </>
  );
}

/** Every reversal of the quest, newest first: pages of 100 until a short one (or the cap). */
async function loadReversals(
  questId: number,
  apiKey: string,
  signal: AbortSignal,
): Promise<{ byPayout: Map<string, Reversal>; complete: boolean }> {
  const byPayout = new Map<string, Reversal>();
  for (let page = 0; page < REVERSAL_PAGES_MAX; page++) {
    const rows = await api<Reversal[]>(
      `/quests/${questId}/reversals${query({ limit: 100, offset: page * 100 })}`,
      { headers: ownerHeaders(apiKey), signal },
    );
    for (const row of rows) byPayout.set(row.payout_id, row);
    if (rows.length < 100) return { byPayout, complete: true };
  }
  return { byPayout, complete: false };
}

function QuestPanel(props: {
  quest: OwnedQuest;
  mode: Mode;
  apiKey: string;
  onUnauthorized: (error: ApiError) => void;
}) {
  const { quest, mode, apiKey, onUnauthorized } = props;
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
      detail: await api<QuestDetail>(
        `/quests/${quest.id}${query({ limit: PAYOUT_PAGE_SIZE + 1, offset })}`,
        { headers, signal },
      ),
      offset,
    }),
    [offset, paid, reversed],
    { keep: "always" },
  );
  const [reversals, reloadReversals] = useLoad(
    (signal) => loadReversals(quest.id, apiKey, signal),
    [reversed],
  );
  const [stats, reloadStats] = useLoad(
    (signal) =>
      api<StatsRow[]>(`/quests/${quest.id}/stats${query({ bucket })}`, { headers, signal }),
    [bucket, paid],
  );
  useUnauthorized([detail, reversals, stats], onUnauthorized);

  const latest = detail.state === "ok" ? detail.data.detail : undefined;
  const total = latest?.total_points ?? quest.total_points;
  const remaining = latest?.points_remaining ?? quest.points_remaining;
  const headingId = `quest-${quest.id}-name`;
  let reversedPoints = 0;
  if (reversals.state === "ok") {
    for (const reversal of reversals.data.byPayout.values()) reversedPoints += reversal.amount;
  }

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
            bucket={bucket}
            quest={quest}
            total={total}
            reversedPoints={reversedPoints}
            onRetry={reloadStats}
          />
        </div>
        <div class="console-cell">
          <h3>Allocate points</h3>
          <AllocateForm
            quest={quest}
            apiKey={apiKey}
            onUnauthorized={onUnauthorized}
            onPaid={() => {
              setOffset(0);
              setPaid((n) => n + 1);
            }}
          />
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
        onRetry={() => {
          reloadDetail();
          reloadReversals();
        }}
        onUnauthorized={onUnauthorized}
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

interface BurnDownRow extends StatsRow {
  remaining: number;
}

/**
 * Points remaining over time: the total from the quest's start, less what each bucket paid. A
 * bucket's payouts are known only once it is over, so its drop is drawn at its end (or now, for
 * the bucket under way); nothing is drawn before the quest starts.
 */
function burnDown(
  rows: StatsRow[],
  total: number,
  quest: { start: string; end: string },
  bucketMs: number,
  now = Date.now(),
): { chart: BurnDown; rows: BurnDownRow[] } {
  const start = Date.parse(quest.start);
  const xs: number[] = [start / 1000];
  const ys: number[] = [total];
  const table: BurnDownRow[] = [];
  let remaining = total;
  for (const row of rows) {
    remaining -= row.points;
    table.push({ ...row, remaining });
    const x = Math.max(Math.min(Date.parse(row.at) + bucketMs, now), start) / 1000;
    if (x > xs[xs.length - 1]!) {
      xs.push(x);
      ys.push(remaining);
    } else {
      ys[ys.length - 1] = remaining;
    }
  }
  const until = Math.min(now, Date.parse(quest.end)) / 1000;
  if (until > xs[xs.length - 1]!) {
    xs.push(until);
    ys.push(remaining);
  }
  return { chart: { xs, ys }, rows: table };
}

function bucketLabel(iso: string, bucket: Bucket): string {
  if (bucket === "hour") return formatDate(iso);
  return `${new Date(iso).toLocaleDateString("en-GB", { dateStyle: "medium", timeZone: "UTC" })}`;
}

function StatsView(props: {
  stats: Loaded<StatsRow[]>;
  bucket: Bucket;
  quest: OwnedQuest;
  total: number;
  reversedPoints: number;
  onRetry: () => void;
}) {
  const { stats, bucket, quest, total, reversedPoints } = props;
  const rows = stats.state === "ok" ? stats.data : undefined;
  const computed = useMemo(
    () => (rows ? burnDown(rows, total, quest, BUCKET_MS[bucket]) : undefined),
    [rows, total, quest, bucket],
  );
  if (stats.state === "loading") return <Loading what="the burn-down chart" />;
  if (stats.state === "error") {
    return <ErrorBox error={stats.error} what="the burn-down chart" onRetry={props.onRetry} />;
  }
  if (!computed || computed.rows.length === 0) {
    return <Empty>No payouts yet: the burn-down chart starts with the first payout.</Empty>;
  }
  const unit = bucket === "hour" ? "hour" : "day";
  const paidPoints = computed.rows.reduce((sum, row) => sum + row.points, 0);
  const payouts = computed.rows.reduce((sum, row) => sum + row.payouts, 0);
  const last = computed.rows[computed.rows.length - 1]!;
  const truncated = Date.now() - Date.parse(quest.start) > STATS_BUCKETS_MAX * BUCKET_MS[bucket];
  const captionId = `quest-${quest.id}-chart-caption`;
  return (
    <figure class="console-figure" aria-labelledby={captionId}>
      <figcaption id={captionId}>
        Points remaining in {quest.name} by {unit} (UTC): {formatNumber(total)} at the start,{" "}
        {formatNumber(last.remaining)} after {formatNumber(payouts)}{" "}
        {payouts === 1 ? "payout" : "payouts"} of {formatNumber(paidPoints)} points in{" "}
        {formatNumber(computed.rows.length)} {computed.rows.length === 1 ? unit : `${unit}s`}.
        {reversedPoints > 0
          ? ` Reversed payouts still count here: the ${formatNumber(reversedPoints)} points they gave back are in the budget above.`
          : null}
      </figcaption>
      {truncated ? (
        <p class="hint">
          Only the latest {formatNumber(STATS_BUCKETS_MAX)} {unit}s are counted; choose Daily to see
          the whole quest.
        </p>
      ) : null}
      <BurnDownChart data={computed.chart} total={total} />
      <details class="console-details">
        <summary>
          The chart's numbers as a table ({formatNumber(computed.rows.length)}{" "}
          {computed.rows.length === 1 ? unit : `${unit}s`} with payouts)
        </summary>
        <TableWrap label={`Payouts of ${quest.name} per ${unit}`}>
          <table>
            <caption class="visually-hidden">
              Payouts of {quest.name} per {unit}, oldest first
            </caption>
            <thead>
              <tr>
                <th scope="col">{bucket === "hour" ? "Hour (UTC)" : "Day (UTC)"}</th>
                <th scope="col" class="num">
                  Payouts
                </th>
                <th scope="col" class="num">
                  Points paid
                </th>
                <th scope="col" class="num">
                  Points remaining
                </th>
              </tr>
            </thead>
            <tbody>
              {computed.rows.map((row) => (
                <tr key={row.at}>
                  <td>{bucketLabel(row.at, bucket)}</td>
                  <td class="num">{formatNumber(row.payouts)}</td>
                  <td class="num">{formatNumber(row.points)}</td>
                  <td class="num">{formatNumber(row.remaining)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      </details>
    </figure>
  );
}

type Outcome = { ok: true; payout: Payout } | { ok: false; error: ApiError };

/**
 * Whether a refusal is final: nothing was paid and a retry with the same key would only replay it.
 * A network failure, a 5xx, a request still in flight or a rate limit may have paid (or may
 * still): the retry must carry the same key.
 */
function isFinalRefusal(error: ApiError): boolean {
  return (
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 408 &&
    error.status !== 429 &&
    error.code !== "IDEMPOTENCY_IN_PROGRESS"
  );
}

function AllocateForm(props: {
  quest: OwnedQuest;
  apiKey: string;
  onPaid: () => void;
  onUnauthorized: (error: ApiError) => void;
}) {
  const { quest } = props;
  const [address, setAddress] = useState("");
  const [points, setPoints] = useState("");
  const [errors, setErrors] = useState<{ address?: string; points?: string }>({});
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  /** The request's idempotency key and the inputs it was made for. */
  const idempotency = useRef<{ key: string; inputs: string } | null>(null);
  const inFlight = useRef(false);
  const result = useRef<HTMLDivElement>(null);
  const ids = {
    address: `quest-${quest.id}-address`,
    points: `quest-${quest.id}-points`,
  };

  useEffect(() => {
    if (outcome) result.current?.focus();
  }, [outcome]);

  const submit = async (event: Event) => {
    event.preventDefault();
    // A second click before the first answer (even before the button shows disabled) is ignored.
    if (inFlight.current) return;
    const pass = address.trim();
    const amount = points.trim();
    const found: { address?: string; points?: string } = {};
    if (!PASS_ADDRESS.test(pass)) found.address = "Enter a pass address: 0x and 40 hex digits.";
    if (!/^\d+$/.test(amount) || Number(amount) < 1 || !Number.isSafeInteger(Number(amount))) {
      found.points = "Enter a whole number of points, 1 or more.";
    }
    setErrors(found);
    if (found.address || found.points) {
      document.getElementById(found.address ? ids.address : ids.points)?.focus();
      return;
    }
    // The same payout however it is typed (address case, leading zeros): a retry after
    // retyping keeps the key, so it still pays once.
    const inputs = `${pass.toLowerCase()}\n${Number(amount)}`;
    // Made when the form is first sent with these inputs; kept for a retry of the same inputs.
    if (idempotency.current?.inputs !== inputs) {
      idempotency.current = { key: newIdempotencyKey(), inputs };
    }
    inFlight.current = true;
    setSending(true);
    setOutcome(null);
    try {
      const answer = await api<{ payout: Payout }>(`/quests/${quest.id}`, {
        method: "POST",
        body: { points: Number(amount), address: pass },
        headers: { ...ownerHeaders(props.apiKey), "idempotency-key": idempotency.current.key },
      });
      idempotency.current = null;
      // Emptied: a click after the answer asks for points again instead of paying twice.
      setPoints("");
      setOutcome({ ok: true, payout: answer.payout });
      props.onPaid();
    } catch (caught) {
      const error = asApiError(caught);
      if (isFinalRefusal(error)) idempotency.current = null;
      setOutcome({ ok: false, error });
      const fieldErrors: { address?: string; points?: string } = {};
      for (const e of error.errors) {
        const field = e.field.replace(/^\//, "");
        if (field === "address" || field === "points") fieldErrors[field] = e.message;
      }
      setErrors(fieldErrors);
      if (error.status === 401) props.onUnauthorized(error);
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-describedby={`quest-${quest.id}-allocate-hint`}>
      <p class="hint" id={`quest-${quest.id}-allocate-hint`}>
        Pays from this quest's budget. A double click or a retry after an error pays once.
      </p>
      <Field id={ids.address} label="Pass address" error={errors.address} hint={ADDRESS_HINT}>
        <input
          id={ids.address}
          name="address"
          class="mono"
          type="text"
          autoComplete="off"
          spellcheck={false}
          autoCapitalize="off"
          value={address}
          aria-invalid={errors.address ? "true" : undefined}
          aria-describedby={describedBy(ids.address, ADDRESS_HINT, errors.address)}
          onInput={(event) => {
            setAddress(event.currentTarget.value);
            setErrors((e) => ({ ...e, address: undefined }));
          }}
        />
      </Field>
      <Field id={ids.points} label="Points" error={errors.points}>
        <input
          id={ids.points}
          name="points"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={points}
          aria-invalid={errors.points ? "true" : undefined}
          aria-describedby={describedBy(ids.points, undefined, errors.points)}
          onInput={(event) => {
            setPoints(event.currentTarget.value);
            setErrors((e) => ({ ...e, points: undefined }));
          }}
        />
      </Field>
      <div>
        <button type="submit" disabled={sending}>
          {sending ? "Allocating…" : "Allocate"}
        </button>
      </div>
      {sending ? <Loading what="the allocation's answer" /> : null}
      <div ref={result} tabIndex={-1} class="console-result">
        {outcome?.ok ? (
          <p class="notice" role="status">
            Paid {formatNumber(outcome.payout.amount)} points to{" "}
            <code>{outcome.payout.account.pass}</code> at {formatDate(outcome.payout.created_at)}{" "}
            (payout <code>{outcome.payout.id}</code>).
          </p>
        ) : null}
        {outcome && !outcome.ok ? (
          <div class="error" role="alert">
            <p>
              <strong>Not paid. </strong>
              {outcome.error.message}
            </p>
          </div>
        ) : null}
      </div>
    </form>
  );
}

function PayoutsView(props: {
  quest: OwnedQuest;
  apiKey: string;
  detail: Loaded<PayoutPage>;
  /** The page shown is the one before, while the next loads. */
  pageLoading: boolean;
  reversals: Loaded<{ byPayout: Map<string, Reversal>; complete: boolean }>;
  offset: number;
  onOffset: (offset: number) => void;
  onReversed: () => void;
  onRetry: () => void;
  onUnauthorized: (error: ApiError) => void;
}) {
  const { quest, detail, offset, reversals } = props;
  const [open, setOpen] = useState<string | null>(null);
  /** Reversals made or refused on this page, by payout id. */
  const [outcomes, setOutcomes] = useState<
    Map<string, { ok: true; reversal: Reversal } | { ok: false; error: ApiError }>
  >(new Map());
  const known = reversals.state === "ok" ? reversals.data.byPayout : undefined;
  const reversalOf = (payoutId: string): Reversal | undefined => {
    const outcome = outcomes.get(payoutId);
    if (outcome?.ok) return outcome.reversal;
    return known?.get(payoutId);
  };
  const setOutcome = (
    payoutId: string,
    outcome: { ok: true; reversal: Reversal } | { ok: false; error: ApiError },
  ) => setOutcomes((map) => new Map(map).set(payoutId, outcome));

  let status: ComponentChildren = null;
  const busy = detail.state === "loading" || props.pageLoading;
  if (busy) status = <Loading what="the payouts" />;
  if (detail.state === "error" && detail.error.status !== 401) {
    status = <ErrorBox error={detail.error} what="the payouts" onRetry={props.onRetry} />;
  }
  const reversalStatus =
    reversals.state === "error" && reversals.error.status !== 401 ? (
      <ErrorBox error={reversals.error} what="the reversals" onRetry={props.onRetry} />
    ) : null;

  if (detail.state !== "ok") return <>{status}</>;
  const shown = detail.data;
  const shownOffset = shown.offset;
  const page = shown.detail.payouts.slice(0, PAYOUT_PAGE_SIZE);
  const hasNext = shown.detail.payouts.length > PAYOUT_PAGE_SIZE;
  const tableId = `quest-${quest.id}-payouts`;

  return (
    <>
      {status}
      {reversalStatus}
      {reversals.state === "ok" && !reversals.data.complete ? (
        <p class="hint">Only the latest reversals are marked below.</p>
      ) : null}
      {page.length === 0 ? (
        <Empty>{shownOffset === 0 ? "No payouts yet." : "No payouts on this page."}</Empty>
      ) : (
        <TableWrap label={`Payouts of ${quest.name}`}>
          <table id={tableId} class="console-payouts stack-narrow">
            <caption class="visually-hidden">Payouts of {quest.name}, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Paid at</th>
                <th scope="col">Pass</th>
                <th scope="col" class="num">
                  Points
                </th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span class="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {page.map((payout) => {
                const reversal = reversalOf(payout.id);
                const outcome = outcomes.get(payout.id);
                const formOpen = open === payout.id && !reversal;
                const rowId = `payout-${payout.id}`;
                return [
                  <tr key={payout.id} id={rowId} data-payout-id={payout.id}>
                    <td data-label="Paid at">{formatDate(payout.created_at)}</td>
                    <td data-label="Pass">
                      <code>{payout.account.pass}</code>
                    </td>
                    <td class="num" data-label="Points">
                      {formatNumber(payout.amount)}
                    </td>
                    <td data-label="Status">
                      {reversal ? (
                        <>
                          <span class="badge console-reversed">Reversed</span>
                          <span class="console-reason"> {reversal.reason}</span>
                        </>
                      ) : (
                        "Paid"
                      )}
                    </td>
                    <td class="console-actions">
                      {reversal ? null : (
                        <button
                          type="button"
                          class="secondary"
                          id={`reverse-${payout.id}`}
                          aria-expanded={formOpen ? "true" : "false"}
                          aria-controls={`${rowId}-reverse`}
                          aria-label={`Reverse the payout of ${formatNumber(payout.amount)} points to ${payout.account.pass}`}
                          onClick={() => setOpen(formOpen ? null : payout.id)}
                        >
                          Reverse
                        </button>
                      )}
                    </td>
                  </tr>,
                  formOpen || outcome ? (
                    <tr key={`${payout.id}-more`} class="console-subrow">
                      <td colSpan={5} id={`${rowId}-reverse`}>
                        {outcome?.ok ? (
                          <p class="notice" role="status">
                            Reversed: {formatNumber(outcome.reversal.amount)} points are back in the
                            budget.
                          </p>
                        ) : null}
                        {outcome && !outcome.ok ? (
                          <div class="error" role="alert">
                            <p>
                              <strong>Not reversed. </strong>
                              {outcome.error.message}
                            </p>
                          </div>
                        ) : null}
                        {formOpen ? (
                          <ReverseForm
                            questId={quest.id}
                            payout={payout}
                            apiKey={props.apiKey}
                            onCancel={() => {
                              setOpen(null);
                              document.getElementById(`reverse-${payout.id}`)?.focus();
                            }}
                            onAnswer={(answer) => {
                              setOutcome(payout.id, answer);
                              if (answer.ok) {
                                setOpen(null);
                                props.onReversed();
                              } else if (answer.error.status === 401) {
                                props.onUnauthorized(answer.error);
                              } else if (answer.error.code === "PAYOUT_ALREADY_REVERSED") {
                                // Reversed elsewhere: read the reversals again to show it so.
                                setOpen(null);
                                props.onReversed();
                              }
                            }}
                          />
                        ) : null}
                      </td>
                    </tr>
                  ) : null,
                ];
              })}
            </tbody>
          </table>
        </TableWrap>
      )}
      {page.length === 0 && shownOffset === 0 ? null : (
        <Pager
          label={`Pages of the payouts of ${quest.name}`}
          busy={busy}
          position={
            page.length > 0
              ? `Payouts ${formatNumber(shownOffset + 1)}–${formatNumber(shownOffset + page.length)}`
              : `Payouts from ${formatNumber(shownOffset + 1)}`
          }
          onPrevious={
            offset > 0 ? () => props.onOffset(Math.max(0, offset - PAYOUT_PAGE_SIZE)) : undefined
          }
          onNext={hasNext ? () => props.onOffset(offset + PAYOUT_PAGE_SIZE) : undefined}
        />
      )}
    </>
  );
}

function ReverseForm(props: {
  questId: number;
  payout: Payout;
  apiKey: string;
  onCancel: () => void;
  onAnswer: (answer: { ok: true; reversal: Reversal } | { ok: false; error: ApiError }) => void;
}) {
  const { payout } = props;
  const id = `reason-${payout.id}`;
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>(undefined);
  const [sending, setSending] = useState(false);
  const inFlight = useRef(false);
  const textarea = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    textarea.current?.focus();
  }, []);
  const submit = async (event: Event) => {
    event.preventDefault();
    if (inFlight.current) return;
    const text = reason.trim();
    if (text.length < 1 || text.length > REASON_MAX) {
      setError(`Give a reason: 1 to ${REASON_MAX} characters.`);
      textarea.current?.focus();
      return;
    }
    inFlight.current = true;
    setSending(true);
    try {
      const answer = await api<{ reversal: Reversal }>(
        `/quests/${props.questId}/payouts/${encodeURIComponent(payout.id)}/reversal`,
        { method: "POST", body: { reason: text }, headers: ownerHeaders(props.apiKey) },
      );
      props.onAnswer({ ok: true, reversal: answer.reversal });
    } catch (caught) {
      props.onAnswer({ ok: false, error: asApiError(caught) });
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate class="console-reverse-form">
      <Field
        id={id}
        label={`Reason for reversing ${formatNumber(payout.amount)} points`}
        error={error}
        hint={REASON_HINT}
      >
        <textarea
          ref={textarea}
          id={id}
          name="reason"
          maxLength={REASON_MAX}
          value={reason}
          aria-invalid={error ? "true" : undefined}
          aria-describedby={describedBy(id, REASON_HINT, error)}
          onInput={(event) => {
            setReason(event.currentTarget.value);
            setError(undefined);
          }}
        />
      </Field>
      <div class="row">
        <button type="submit" class="danger" disabled={sending}>
          {sending ? "Reversing…" : "Reverse payout"}
        </button>
        <button type="button" class="secondary" onClick={props.onCancel} disabled={sending}>
          Cancel
        </button>
      </div>
    </form>
  );
}
