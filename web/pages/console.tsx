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
  countOf,
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
      {props.refusal ? <Refusal error={props.refusal} /> : null}
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

/**
 * Why the key was refused, for the person at the keyboard: the API's detail speaks of headers
 * (`INVALID_API_KEY`: "the x-api-key header is missing, unknown or revoked"), which says nothing
 * to someone who pasted a key into a form.
 */
function Refusal(props: { error: ApiError }) {
  const { error } = props;
  if (error.code === "INVALID_API_KEY" || /x-api-key|header/i.test(error.message)) {
    return (
      <div class="error" role="alert">
        <p>
          <strong>This API key is not valid any more.</strong> It may have expired after the key was
          rotated, been revoked, or been mistyped.
        </p>
        <p>
          Sign in with your current key: after a rotation, that is the new key you were given. If
          you have no working key, ask the operator for a new one.
        </p>
      </div>
    );
  }
  return (
    <div class="error" role="alert">
      <p>
        <strong>This API key was refused. </strong>
        {error.message}
      </p>
    </div>
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
  // Kept on screen while a reversal reloads them: the chart and the marks do not blink.
  const [reversals, reloadReversals] = useLoad(
    (signal) => loadReversals(quest.id, apiKey, signal),
    [reversed],
    { keep: "always" },
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

interface BurnDownRow {
  /** The bucket's start. */
  at: string;
  payouts: number;
  /** Points the bucket's payouts paid (reversed ones included: `/stats` counts them). */
  points: number;
  reversals: number;
  /** Points the bucket's reversals gave back. */
  reversed: number;
  /** What was left at the bucket's end. */
  remaining: number;
}

interface BurnDownInput {
  rows: StatsRow[];
  reversals: Reversal[];
  /** The budget as the quest's detail says it now: total and points remaining. */
  total: number;
  remaining: number;
  quest: { start: string; end: string };
  bucketMs: number;
  /** The statistics cover only the latest STATS_BUCKETS_MAX buckets, not the whole quest. */
  truncated: boolean;
  now?: number;
}

/**
 * Points remaining over time, as the budget counts them: the payouts of each bucket (`/stats`,
 * which counts every payout, reversed or not) take points away, and each reversal puts its
 * payout's amount back in the bucket it was made in, as `points_remaining` does. So the line ends
 * where the budget is. It starts at the total from the quest's start; when the statistics reach
 * back only part of the way, at what was left at their first bucket (worked back from the budget).
 * A bucket's change is known only once it is over, so it is drawn at its end (or now, for the
 * bucket under way).
 */
function burnDown(input: BurnDownInput): { chart: BurnDown; rows: BurnDownRow[]; base: number } {
  const { bucketMs, quest } = input;
  const now = input.now ?? Date.now();
  const buckets = new Map<number, Omit<BurnDownRow, "remaining" | "at">>();
  const bucketOf = (ms: number) => {
    const at = Math.floor(ms / bucketMs) * bucketMs;
    let row = buckets.get(at);
    if (!row) {
      row = { payouts: 0, points: 0, reversals: 0, reversed: 0 };
      buckets.set(at, row);
    }
    return row;
  };
  for (const row of input.rows) {
    const bucket = bucketOf(Date.parse(row.at));
    bucket.payouts += row.payouts;
    bucket.points += row.points;
  }
  // The first bucket the statistics cover: reversals before it are in the budget already.
  const first = input.truncated
    ? Math.floor(now / bucketMs) * bucketMs - (STATS_BUCKETS_MAX - 1) * bucketMs
    : Number.NEGATIVE_INFINITY;
  for (const reversal of input.reversals) {
    const at = Date.parse(reversal.created_at);
    if (at < first) continue;
    const bucket = bucketOf(at);
    bucket.reversals += 1;
    bucket.reversed += reversal.amount;
  }
  const ordered = [...buckets.entries()].sort(([a], [b]) => a - b);
  const paid = ordered.reduce((sum, [, row]) => sum + row.points, 0);
  const back = ordered.reduce((sum, [, row]) => sum + row.reversed, 0);
  const base = input.truncated ? input.remaining + paid - back : input.total;
  const start = input.truncated ? first : Date.parse(quest.start);
  const xs: number[] = [start / 1000];
  const ys: number[] = [base];
  const table: BurnDownRow[] = [];
  let remaining = base;
  for (const [at, row] of ordered) {
    remaining += row.reversed - row.points;
    table.push({ at: new Date(at).toISOString(), ...row, remaining });
    const x = Math.max(Math.min(at + bucketMs, now), start) / 1000;
    if (x > xs[xs.length - 1]!) {
      xs.push(x);
      ys.push(remaining);
    } else {
      ys[ys.length - 1] = remaining;
    }
  }
  // To now, or to the quest's end once it is over (a reversal may come later still).
  const until = Math.min(now, Date.parse(quest.end)) / 1000;
  if (until > xs[xs.length - 1]!) {
    xs.push(until);
    ys.push(remaining);
  }
  return { chart: { xs, ys }, rows: table, base };
}

function bucketLabel(iso: string, bucket: Bucket): string {
  if (bucket === "hour") return formatDate(iso);
  return `${new Date(iso).toLocaleDateString("en-GB", { dateStyle: "medium", timeZone: "UTC" })}`;
}

type ReversalsLoad = Loaded<{ byPayout: Map<string, Reversal>; complete: boolean }>;

function StatsView(props: {
  stats: Loaded<StatsRow[]>;
  reversals: ReversalsLoad;
  bucket: Bucket;
  quest: OwnedQuest;
  total: number;
  remaining: number;
  onRetry: () => void;
}) {
  const { stats, reversals, bucket, quest, total, remaining } = props;
  const rows = stats.state === "ok" ? stats.data : undefined;
  const reversalList = useMemo(
    () => (reversals.state === "ok" ? [...reversals.data.byPayout.values()] : undefined),
    [reversals],
  );
  const truncated = Date.now() - Date.parse(quest.start) > STATS_BUCKETS_MAX * BUCKET_MS[bucket];
  const computed = useMemo(
    () =>
      rows && reversalList
        ? burnDown({
            rows,
            reversals: reversalList,
            total,
            remaining,
            quest,
            bucketMs: BUCKET_MS[bucket],
            truncated,
          })
        : undefined,
    [rows, reversalList, total, remaining, quest, bucket, truncated],
  );
  if (stats.state === "error") {
    return <ErrorBox error={stats.error} what="the burn-down chart" onRetry={props.onRetry} />;
  }
  // The reversals' own failure is shown with the payouts; the chart cannot be right without them.
  if (reversals.state === "error") {
    return <p class="hint">The burn-down chart needs the quest's reversals, which did not load.</p>;
  }
  if (!computed) return <Loading what="the burn-down chart" />;
  if (computed.rows.length === 0) {
    return <Empty>No payouts yet: the burn-down chart starts with the first payout.</Empty>;
  }
  const unit = bucket === "hour" ? "hour" : "day";
  const paidPoints = computed.rows.reduce((sum, row) => sum + row.points, 0);
  const payouts = computed.rows.reduce((sum, row) => sum + row.payouts, 0);
  const reversedPoints = computed.rows.reduce((sum, row) => sum + row.reversed, 0);
  const reversalCount = computed.rows.reduce((sum, row) => sum + row.reversals, 0);
  const last = computed.rows[computed.rows.length - 1]!;
  const captionId = `quest-${quest.id}-chart-caption`;
  const buckets = countOf(computed.rows.length, unit);
  return (
    <figure class="console-figure" aria-labelledby={captionId}>
      <figcaption id={captionId}>
        Points remaining in {quest.name} by {unit} (UTC): {formatNumber(computed.base)} at the
        start, {formatNumber(last.remaining)} after {countOf(payouts, "payout")} of{" "}
        {countOf(paidPoints, "point")}
        {reversalCount > 0
          ? ` and ${countOf(reversalCount, "reversal")} giving back ${countOf(reversedPoints, "point")}`
          : ""}{" "}
        in {buckets}.
      </figcaption>
      {truncated ? (
        <p class="hint">
          Only the latest {formatNumber(STATS_BUCKETS_MAX)} {unit}s are counted; choose Daily to see
          the whole quest.
        </p>
      ) : null}
      {reversals.state === "ok" && !reversals.data.complete ? (
        <p class="hint">
          Only the latest reversals are counted: the line may end above or below the budget.
        </p>
      ) : null}
      <BurnDownChart data={computed.chart} total={Math.max(total, computed.base)} />
      <details class="console-details">
        <summary>The chart's numbers as a table ({buckets} with payouts or reversals)</summary>
        <TableWrap label={`Payouts of ${quest.name} per ${unit}`}>
          <table>
            <caption class="visually-hidden">
              Payouts and reversals of {quest.name} per {unit}, oldest first
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
                  Points reversed
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
                  <td class="num">{formatNumber(row.reversed)}</td>
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
    // A new attempt: the last one's answer (a refusal above all) no longer describes the form.
    setOutcome(null);
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
    try {
      const answer = await api<{ payout: Payout }>(`/quests/${quest.id}`, {
        method: "POST",
        body: { points: Number(amount), address: pass },
        headers: { ...ownerHeaders(props.apiKey), "idempotency-key": idempotency.current.key },
      });
      idempotency.current = null;
      // Emptied: a click after the answer asks for points again instead of paying twice.
      setPoints("");
      setErrors({});
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
            Paid {countOf(outcome.payout.amount, "point")} to{" "}
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
  const clearOutcome = (payoutId: string) =>
    setOutcomes((map) => {
      if (!map.has(payoutId)) return map;
      const next = new Map(map);
      next.delete(payoutId);
      return next;
    });

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
                          aria-label={`Reverse the payout of ${countOf(payout.amount, "point")} to ${payout.account.pass}`}
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
                            Reversed: {countOf(outcome.reversal.amount, "point")}{" "}
                            {outcome.reversal.amount === 1 ? "is" : "are"} back in the budget.
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
                            onStart={() => clearOutcome(payout.id)}
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
  /** A new attempt begins: the last one's refusal is no longer current. */
  onStart: () => void;
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
    props.onStart();
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
        label={`Reason for reversing ${countOf(payout.amount, "point")}`}
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
