import type { ComponentChildren } from "preact";
import { type ApiError, api, query } from "../api.js";
import type { List } from "../types.js";
import {
  Empty,
  formatNumber,
  Layout,
  type Loaded,
  Pager,
  Show,
  TableWrap,
  useCursorPages,
  useLoad,
} from "../ui.js";
import {
  DateTime,
  JoinInvite,
  loadActiveCampaigns,
  loadEarningPeriods,
  PassLookup,
  periodRange,
} from "./public-shared.js";

/** `GET /passes/{address}`. */
interface PassBalance {
  pass: string;
  points: number;
  /** On the overall leaderboard; null with 0 points. */
  rank: number | null;
  payouts_count: number;
  by_campaign: { campaign_id: number | null; points: number }[];
  by_earning_period: { earning_period_id: number | null; points: number }[];
}

/** `GET /passes/{address}/payouts` items. */
interface PassPayout {
  id: string;
  quest_id: number;
  quest_name: string;
  amount: number;
  created_at: string;
  reversed: boolean;
}

/** Payouts a page of the history shows. */
const HISTORY_PAGE = 20;
/** Places a leaderboard page shows, and the deepest offset it takes (leaderboard.tsx). */
const LEADERBOARD_PAGE = 100;
const LEADERBOARD_OFFSET_MAX = 10_000;

/**
 * A pass (`/app/passes/{address}`): its live points, overall rank, payouts count, points by
 * campaign and by earning period (links to those leaderboards) and its payout history, newest
 * first, paged by cursor, reversed payouts marked. A bad address shows the API's 400 detail; an
 * unregistered one says so and offers to join. Coming from the join page (`?joined=new|again`,
 * `&signer=` when the wallet's FuturePass was registered), it says what happened.
 */
export function PassPage(props: { address: string }) {
  const { address } = props;
  const [balance, reload] = useLoad(
    (signal) => api<PassBalance>(`/passes/${encodeURIComponent(address)}`, { signal }),
    [address],
  );
  const unregistered = notRegistered(balance);
  return (
    <Layout title={title(balance)}>
      {unregistered ? (
        <NotRegistered detail={unregistered.message} />
      ) : (
        <Show loaded={balance} what="the pass" onRetry={reload}>
          {(data) => <Pass balance={data} />}
        </Show>
      )}
      <h2>Look up another pass</h2>
      <PassLookup id="lookup-address" />
      {unregistered || joinedHere() ? null : <JoinInvite />}
    </Layout>
  );
}

/** The API's 404 for an address nobody registered, or undefined. */
function notRegistered(balance: Loaded<PassBalance>): ApiError | undefined {
  if (balance.state !== "error") return undefined;
  const { error } = balance;
  return error.code === "PASS_NOT_FOUND" || error.status === 404 ? error : undefined;
}

function title(balance: Loaded<PassBalance>): string {
  if (notRegistered(balance)) return "Pass not registered";
  if (balance.state === "error" && balance.error.status === 400) return "Not a pass address";
  return "Pass";
}

/** An address nobody registered: nothing to retry, but its holder can join. */
function NotRegistered(props: { detail: string }) {
  return (
    <section class="not-registered" aria-labelledby="not-registered-heading">
      <p role="status">{props.detail}</p>
      <h2 id="not-registered-heading">Is this your address?</h2>
      <p>
        A pass earns points once it is registered. Register it yourself: sign a message with the
        wallet that holds it, and quests can pay points to it from then on.
      </p>
      <p>
        <a class="button-link" href="/app/join">
          Join to earn points
        </a>
      </p>
    </section>
  );
}

/** What the join page did, as it says in the query: "new", "again", or null (not from it). */
function joinedHere(): "new" | "again" | null {
  const joined = new URLSearchParams(location.search).get("joined");
  return joined === "new" || joined === "again" ? joined : null;
}

/** Coming from the join page: a new registration, or one it found. */
function JoinedNotice() {
  const joined = joinedHere();
  const signer = new URLSearchParams(location.search).get("signer");
  if (joined === null) return null;
  return (
    <div class="notice joined" role="status">
      <p>
        <strong>
          {joined === "new" ? "Welcome: your pass is registered." : "You had joined already."}
        </strong>{" "}
        {joined === "new"
          ? "Quests can pay points to it from now on."
          : "This pass was registered before; nothing changed."}
      </p>
      {signer ? (
        <p>
          Your wallet signed as <code>{signer}</code>; the pass registered is its FuturePass, below.
        </p>
      ) : null}
    </div>
  );
}

function Pass(props: { balance: PassBalance }) {
  const { balance } = props;
  // Names for the campaign ids (active campaigns only; others keep "Campaign N").
  const [campaigns, reloadCampaigns] = useLoad(
    (signal) =>
      balance.by_campaign.some((entry) => entry.campaign_id !== null)
        ? loadActiveCampaigns(signal)
        : Promise.resolve([]),
    [balance],
  );
  const names = new Map(
    campaigns.state === "ok" ? campaigns.data.map((c) => [c.id, c.name] as const) : [],
  );
  // The periods' dates (without them, a period shows as its id).
  const [periods] = useLoad(
    (signal) =>
      balance.by_earning_period.some((entry) => entry.earning_period_id !== null)
        ? loadEarningPeriods(signal)
        : Promise.resolve([]),
    [balance],
  );
  const ranges = new Map(
    periods.state === "ok" ? periods.data.map((p) => [p.id, periodRange(p)] as const) : [],
  );
  return (
    <>
      <p class="pass-address mono">{balance.pass}</p>
      <JoinedNotice />
      <dl class="figures">
        <div class="figure">
          <dt>Points</dt>
          <dd>{formatNumber(balance.points)}</dd>
        </div>
        <div class="figure">
          <dt>Overall rank</dt>
          <dd>{balance.rank === null ? "Not ranked" : formatNumber(balance.rank)}</dd>
        </div>
        <div class="figure">
          <dt>Payouts</dt>
          <dd>{formatNumber(balance.payouts_count)}</dd>
        </div>
      </dl>
      <p class="meta">
        Live points, net of reversed payouts. The payouts count includes reversed ones.{" "}
        <RankNote rank={balance.rank} />
      </p>
      <div class="split">
        <PointsByScope
          id="by-campaign"
          title="By campaign"
          scope="Campaign"
          tableLabel="Points by campaign"
          empty="No points in any campaign yet."
          rows={balance.by_campaign.map((entry) => ({
            key: entry.campaign_id ?? "none",
            points: entry.points,
            name:
              entry.campaign_id === null ? (
                "Outside any campaign"
              ) : (
                <>
                  <a href={`/app/campaigns/${entry.campaign_id}`}>
                    {names.get(entry.campaign_id) ?? `Campaign ${entry.campaign_id}`}
                  </a>{" "}
                  ·{" "}
                  <a href={`/app/leaderboard?campaign_id=${entry.campaign_id}`}>its leaderboard</a>
                </>
              ),
          }))}
        >
          {campaigns.state === "error" ? (
            <p class="meta" role="alert">
              Campaign names could not be read: {campaigns.error.message}{" "}
              <button type="button" class="secondary" onClick={reloadCampaigns}>
                Try again
              </button>
            </p>
          ) : null}
        </PointsByScope>
        <PointsByScope
          id="by-period"
          title="By earning period"
          scope="Earning period"
          tableLabel="Points by earning period"
          empty="No points in any earning period yet."
          rows={balance.by_earning_period.map((entry) => ({
            key: entry.earning_period_id ?? "none",
            points: entry.points,
            name:
              entry.earning_period_id === null ? (
                "Outside any period"
              ) : (
                <>
                  <a href={`/app/leaderboard?earning_period_id=${entry.earning_period_id}`}>
                    Period {entry.earning_period_id}
                  </a>
                  {ranges.has(entry.earning_period_id) ? (
                    <span class="meta"> ({ranges.get(entry.earning_period_id)})</span>
                  ) : null}
                </>
              ),
          }))}
        />
      </div>
      <History pass={balance.pass} />
    </>
  );
}

/** Where the rank comes from, with a link to the leaderboard's page that shows the pass. */
function RankNote(props: { rank: number | null }) {
  if (props.rank === null) return <>A pass is ranked once it has points.</>;
  const offset = Math.floor((props.rank - 1) / LEADERBOARD_PAGE) * LEADERBOARD_PAGE;
  if (offset > LEADERBOARD_OFFSET_MAX) return <>The rank is on the overall leaderboard.</>;
  return (
    <a href={`/app/leaderboard${offset > 0 ? `?offset=${offset}` : ""}`}>
      See it on the leaderboard
    </a>
  );
}

/** A pass's points in each campaign (or each period): a titled table, or its empty line. */
function PointsByScope(props: {
  id: string;
  title: string;
  scope: string;
  tableLabel: string;
  empty: string;
  rows: { key: number | string; name: ComponentChildren; points: number }[];
  /** Shown under the table (a side read's failure). */
  children?: ComponentChildren;
}) {
  return (
    <section aria-labelledby={props.id}>
      <h2 id={props.id}>{props.title}</h2>
      {props.rows.length === 0 ? (
        <Empty>{props.empty}</Empty>
      ) : (
        <TableWrap label={props.tableLabel}>
          <table class="public-table" aria-labelledby={props.id}>
            <thead>
              <tr>
                <th scope="col">{props.scope}</th>
                <th scope="col" class="num">
                  Points
                </th>
              </tr>
            </thead>
            <tbody>
              {props.rows.map((row) => (
                <tr key={row.key}>
                  <td>{row.name}</td>
                  <td class="num">{formatNumber(row.points)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
      {props.children}
    </section>
  );
}

/** The pass's payouts, newest first; older pages by cursor, newer ones by the cursors seen. */
function History(props: { pass: string }) {
  const history = useCursorPages<PassPayout>(
    (cursor, signal) =>
      api<List<PassPayout>>(
        `/passes/${encodeURIComponent(props.pass)}/payouts${query({ limit: HISTORY_PAGE, cursor })}`,
        { signal },
      ),
    [props.pass],
  );
  const page = history.page - 1;
  // A turned page starts at the heading, for keyboard and screen-reader users.
  const turn = (go: (() => void) | undefined) =>
    go &&
    (() => {
      go();
      document.getElementById("history")?.focus();
    });
  return (
    <section aria-labelledby="history">
      <h2 id="history" tabIndex={-1}>
        History
      </h2>
      <Show loaded={history.loaded} what="the payouts" onRetry={history.reload}>
        {(data) =>
          data.items.length === 0 && page === 0 ? (
            <Empty>No payouts yet.</Empty>
          ) : (
            <>
              <TableWrap label="Payout history">
                <table class="public-table" aria-labelledby="history">
                  <thead>
                    <tr>
                      <th scope="col">Date</th>
                      <th scope="col">Quest</th>
                      <th scope="col" class="num">
                        Points
                      </th>
                      <th scope="col">Status</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.items.map((payout) => (
                      <tr key={payout.id} class={payout.reversed ? "is-reversed" : undefined}>
                        <td>
                          <DateTime iso={payout.created_at} />
                        </td>
                        <td>
                          {payout.quest_name} <span class="meta">(quest {payout.quest_id})</span>
                        </td>
                        <td class="num amount">{formatNumber(payout.amount)}</td>
                        <td>
                          {payout.reversed ? (
                            <span class="badge reversed">Reversed</span>
                          ) : (
                            <span class="badge paid">Paid</span>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableWrap>
              <Pager
                textWhenSingle
                label="History pages"
                position={`Payouts ${formatNumber(page * HISTORY_PAGE + 1)}–${formatNumber(page * HISTORY_PAGE + data.items.length)}`}
                previousText="Newer"
                nextText="Older"
                onPrevious={turn(history.previous)}
                onNext={turn(history.next)}
              />
            </>
          )
        }
      </Show>
    </section>
  );
}
