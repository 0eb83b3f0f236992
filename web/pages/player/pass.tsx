import "../shared/public.css";
import type { ComponentChildren } from "preact";
import { LEADERBOARD_LIMIT_MAX, LEADERBOARD_OFFSET_MAX } from "../../../src/domain/limits.js";
import { type Answer, type ApiError, api, call, type Item } from "../../client.js";
import { useCursorPages } from "../../ui/cursor-pages.js";
import { DateTime } from "../../ui/date-time.js";
import { formatNumber } from "../../ui/format.js";
import { Layout } from "../../ui/layout.js";
import { type Loaded, useLoad } from "../../ui/load.js";
import { Pager } from "../../ui/pager.js";
import { Empty, Show } from "../../ui/status.js";
import { JoinInvite } from "../shared/join-invite.js";
import { PassLookup } from "../shared/pass-lookup.js";
import { periodRange } from "../shared/periods.js";
import { loadActiveCampaigns, loadEarningPeriods } from "../shared/public-reads.js";
import { PublicTable } from "../shared/public-table.js";

/**
 * `GET /passes/{address}`: live points, rank (null with 0 points, and for a suspended pass), by
 * campaign and period, and whether an operator suspended it.
 */
type PassBalance = Answer<"/passes/{address}", "get">;
/** `GET /passes/{address}/payouts` items. */
type PassPayout = Item<"/passes/{address}/payouts">;

/** Payouts a page of the history shows. */
const HISTORY_PAGE = 20;
/** Places a leaderboard page shows (public/leaderboard.tsx). */
const LEADERBOARD_PAGE = LEADERBOARD_LIMIT_MAX;

/**
 * A pass (`/app/passes/{address}`): its live points, overall rank, payouts count, points by
 * campaign and by earning period (links to those leaderboards) and its payout history, newest
 * first, paged by cursor, reversed payouts marked. A suspended pass says so above its figures and
 * shows no rank (it is on no leaderboard). A bad address shows the API's 400 detail; an
 * unregistered one says so and offers to join. Coming from the join page (`?joined=new|again`,
 * `&signer=` when the wallet's FuturePass was registered), it says what happened.
 */
export function PassPage(props: { address: string }) {
  const { address } = props;
  const [balance, reload] = useLoad(
    (signal) => call(api.GET("/passes/{address}", { params: { path: { address } }, signal })),
    [address],
  );
  const unregistered = notRegistered(balance);
  return (
    <Layout title={title(balance)}>
      {unregistered ? (
        <NotRegistered detail={unregistered.detail} />
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
  const [names, campaigns, reloadCampaigns] = useNames(
    balance.by_campaign.map((entry) => entry.campaign_id),
    loadActiveCampaigns,
    (campaign) => campaign.name,
  );
  // The periods' dates (without them, a period shows as its id).
  const [ranges] = useNames(
    balance.by_earning_period.map((entry) => entry.earning_period_id),
    loadEarningPeriods,
    periodRange,
  );
  return (
    <>
      <p class="pass-address mono">
        {balance.pass}
        {balance.suspended ? (
          <>
            {" "}
            <span class="badge suspended">Suspended</span>
          </>
        ) : null}
      </p>
      <JoinedNotice />
      {balance.suspended ? <SuspendedNotice /> : null}
      <dl class="figures">
        <div class="figure">
          <dt>Points</dt>
          <dd>{formatNumber(balance.points)}</dd>
        </div>
        <div class="figure">
          <dt>Overall rank</dt>
          <dd>
            {balance.suspended
              ? "None"
              : balance.rank === null
                ? "Not ranked"
                : formatNumber(balance.rank)}
          </dd>
        </div>
        <div class="figure">
          <dt>Payouts</dt>
          <dd>{formatNumber(balance.payouts_count)}</dd>
        </div>
      </dl>
      <p class="meta">
        Live points, net of reversed payouts. The payouts count includes reversed ones.{" "}
        {balance.suspended ? "A suspended pass has no rank." : <RankNote rank={balance.rank} />}
      </p>
      <div class="split">
        <PointsByScope
          id="by-campaign"
          scope="campaign"
          entries={balance.by_campaign}
          idOf={(entry) => entry.campaign_id}
          outside="Outside any campaign"
          name={(id) => (
            <>
              <a href={`/app/campaigns/${id}`}>{names.get(id) ?? `Campaign ${id}`}</a> ·{" "}
              <a href={`/app/leaderboard?campaign_id=${id}`}>its leaderboard</a>
            </>
          )}
        >
          {campaigns.state === "error" ? (
            <p class="meta" role="alert">
              Campaign names could not be read: {campaigns.error.detail}{" "}
              <button type="button" class="secondary" onClick={reloadCampaigns}>
                Try again
              </button>
            </p>
          ) : null}
        </PointsByScope>
        <PointsByScope
          id="by-period"
          scope="earning period"
          entries={balance.by_earning_period}
          idOf={(entry) => entry.earning_period_id}
          outside="Outside any period"
          name={(id) => (
            <>
              <a href={`/app/leaderboard?earning_period_id=${id}`}>Period {id}</a>
              {ranges.has(id) ? <span class="meta"> ({ranges.get(id)})</span> : null}
            </>
          )}
        />
      </div>
      <History pass={balance.pass} />
    </>
  );
}

/** An operator suspended the pass: no quest pays it and no leaderboard lists it. */
function SuspendedNotice() {
  return (
    <div class="warning pass-suspended">
      <p>
        <strong>Suspended:</strong> this pass is not paid and is on no leaderboard.
      </p>
      <p class="pass-suspended-more">
        An operator suspended it. Its points and payouts stay as they are, and count again if it is
        reinstated.
      </p>
    </div>
  );
}

/**
 * A name for each of `ids` that the list `load` reads has; nothing is read while no id needs
 * one (the points outside any campaign or period have none).
 */
function useNames<T extends { id: number }>(
  ids: (number | null)[],
  load: (signal: AbortSignal) => Promise<T[]>,
  nameOf: (item: T) => string,
): [Map<number, string>, Loaded<T[]>, () => void] {
  const [list, reload] = useLoad(
    (signal) => (ids.some((id) => id !== null) ? load(signal) : Promise.resolve([])),
    [ids],
  );
  const names = new Map(
    list.state === "ok" ? list.data.map((item) => [item.id, nameOf(item)] as const) : [],
  );
  return [names, list, reload];
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
function PointsByScope<T extends { points: number }>(props: {
  id: string;
  /** "campaign": what the heading, the column and the empty line name. */
  scope: string;
  entries: T[];
  /** The entry's campaign (or period); null for the points outside any. */
  idOf: (entry: T) => number | null;
  /** The name of the points outside any campaign (or period). */
  outside: string;
  name: (id: number) => ComponentChildren;
  /** Shown under the table (a side read's failure). */
  children?: ComponentChildren;
}) {
  const { scope } = props;
  return (
    <section aria-labelledby={props.id}>
      <h2 id={props.id}>{`By ${scope}`}</h2>
      {props.entries.length === 0 ? (
        <Empty>{`No points in any ${scope} yet.`}</Empty>
      ) : (
        <PublicTable
          label={`Points by ${scope}`}
          labelledBy={props.id}
          columns={[
            `${scope.charAt(0).toUpperCase()}${scope.slice(1)}`,
            { label: "Points", num: true },
          ]}
          items={props.entries}
          row={(entry) => {
            const id = props.idOf(entry);
            return (
              <tr key={id ?? "none"}>
                <td>{id === null ? props.outside : props.name(id)}</td>
                <td class="num">{formatNumber(entry.points)}</td>
              </tr>
            );
          }}
        />
      )}
      {props.children}
    </section>
  );
}

/** The pass's payouts, newest first; older pages by cursor, newer ones by the cursors seen. */
function History(props: { pass: string }) {
  const history = useCursorPages<PassPayout>(
    (cursor, signal) =>
      call(
        api.GET("/passes/{address}/payouts", {
          params: { path: { address: props.pass }, query: { limit: HISTORY_PAGE, cursor } },
          signal,
        }),
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
              <PublicTable
                label="Payout history"
                labelledBy="history"
                columns={["Date", "Quest", { label: "Points", num: true }, "Status"]}
                items={data.items}
                row={(payout) => (
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
                )}
              />
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
