import "../shared/public.css";
import {
  LEADERBOARD_LIMIT_MAX as LIMIT,
  LEADERBOARD_OFFSET_MAX as OFFSET_MAX,
} from "../../../src/domain/limits.js";
import { api, asTyped, call } from "../../client.js";
import { describedBy, Field } from "../../ui/field.js";
import { formatNumber } from "../../ui/format.js";
import { Layout } from "../../ui/layout.js";
import { useLoad } from "../../ui/load.js";
import { Pager } from "../../ui/pager.js";
import { Empty, ErrorBox, Show } from "../../ui/status.js";
import { JoinInvite } from "../shared/join-invite.js";
import { PassLookup } from "../shared/pass-lookup.js";
import { periodRange, periodTense } from "../shared/periods.js";
import {
  type Campaign,
  type EarningPeriod,
  loadActiveCampaigns,
  loadEarningPeriods,
} from "../shared/public-reads.js";
import { PublicTable } from "../shared/public-table.js";
import { idFrom, useQueryState } from "./query-state.js";

/**
 * The leaderboard (`/app/leaderboard`): passes ranked by live points, overall or within a
 * campaign and/or an earning period (chosen from `GET /earning-periods`, by its dates), a
 * hundred places a page. The scope and the offset live in the URL query
 * (`?campaign_id=3&earning_period_id=2&offset=100`); a period id the list does not have is said
 * to be unknown, and values the API refuses show its problem detail.
 */
export function LeaderboardPage(_props: Record<string, string>) {
  const [params, setParams] = useQueryState();
  const campaignParam = params.get("campaign_id") ?? "";
  const periodParam = params.get("earning_period_id") ?? "";
  const offsetParam = params.get("offset") ?? "";
  const offset = offsetParam === "" ? 0 : Number(offsetParam);

  const [board, reloadBoard] = useLoad(
    // A page a place: the API's largest `limit`. The query's values are sent as typed: the
    // service's refusal of a malformed one is the page's message.
    (signal) =>
      call(
        api.GET("/leaderboard", {
          params: {
            query: {
              campaign_id: asTyped(campaignParam),
              earning_period_id: asTyped(periodParam),
              limit: LIMIT,
              offset: asTyped(offsetParam),
            },
          },
          signal,
        }),
      ),
    [campaignParam, periodParam, offsetParam],
  );
  const [campaigns, reloadCampaigns] = useLoad((signal) => loadActiveCampaigns(signal), []);
  const campaignList = campaigns.state === "ok" ? campaigns.data : [];
  const campaignName = nameOf(campaignList, campaignParam);
  const [periods, reloadPeriods] = useLoad((signal) => loadEarningPeriods(signal), []);
  const periodList = periods.state === "ok" ? periods.data : [];
  const period = periodList.find((p) => String(p.id) === periodParam);
  // A well-formed id the list lacks (a malformed one gets the API's own refusal).
  const unknownPeriod =
    periods.state === "ok" && idFrom(periodParam) !== undefined && period === undefined;

  const goTo = (next: number) => {
    setParams({ offset: next > 0 ? next : null });
    document.getElementById("main")?.focus();
  };

  return (
    <Layout title="Leaderboard">
      <p>Passes ranked by the live points they earned, net of reversed payouts.</p>
      <Filters
        campaigns={campaignList}
        campaignsLoading={campaigns.state === "loading"}
        periods={periodList}
        periodsLoading={periods.state === "loading"}
        campaignParam={campaignParam}
        periodParam={periodParam}
        setParams={setParams}
      />
      {campaigns.state === "error" ? (
        <ErrorBox error={campaigns.error} what="the campaign list" onRetry={reloadCampaigns} />
      ) : null}
      {periods.state === "error" ? (
        <ErrorBox error={periods.error} what="the earning periods" onRetry={reloadPeriods} />
      ) : null}
      <h2 id="ranking-heading">{scopeTitle(campaignParam, campaignName, periodParam, period)}</h2>
      {unknownPeriod ? (
        <div class="error" role="alert">
          <p>
            <strong>Earning period {periodParam} is unknown:</strong> there is no such period.
            Choose one from the list above, or see all time.
          </p>
        </div>
      ) : (
        <Show loaded={board} what="the leaderboard" onRetry={reloadBoard}>
          {(data) =>
            data.items.length === 0 ? (
              offset > 0 ? (
                <>
                  <Empty>No passes this far down the leaderboard.</Empty>
                  <button type="button" class="secondary" onClick={() => goTo(0)}>
                    Back to the top
                  </button>
                </>
              ) : (
                <Empty>
                  No points yet
                  {campaignParam || periodParam ? " in this scope" : ""}. Points appear here once a
                  live quest pays a pass.
                </Empty>
              )
            ) : (
              <>
                <PublicTable
                  label="Ranking"
                  labelledBy="ranking-heading"
                  columns={[{ label: "Rank", num: true }, "Pass", { label: "Points", num: true }]}
                  items={data.items}
                  row={(item) => (
                    <tr key={item.pass}>
                      <td class="num">{formatNumber(item.rank)}</td>
                      <td class="pass">
                        <a class="mono" href={`/app/passes/${item.pass}`}>
                          {item.pass}
                        </a>
                      </td>
                      <td class="num">{formatNumber(item.points)}</td>
                    </tr>
                  )}
                />
                <Pager
                  textWhenSingle
                  label="Leaderboard pages"
                  position={`Places ${formatNumber(offset + 1)}–${formatNumber(offset + data.items.length)}`}
                  onPrevious={offset > 0 ? () => goTo(Math.max(0, offset - LIMIT)) : undefined}
                  onNext={
                    data.items.length === LIMIT && offset + LIMIT <= OFFSET_MAX
                      ? () => goTo(offset + LIMIT)
                      : undefined
                  }
                />
              </>
            )
          }
        </Show>
      )}
      <JoinInvite lead="Want to be on it?" />
      <h2>Look up a pass</h2>
      <p>See a pass's points, by campaign and earning period, and its payouts.</p>
      <PassLookup id="lookup-address" />
    </Layout>
  );
}

function Filters(props: {
  campaigns: Campaign[];
  campaignsLoading: boolean;
  periods: EarningPeriod[];
  periodsLoading: boolean;
  campaignParam: string;
  periodParam: string;
  setParams: (changes: Record<string, string | number | null>) => void;
}) {
  const { campaignParam, periodParam, setParams } = props;
  const options = props.campaigns.map((c) => ({ value: String(c.id), name: c.name }));
  if (campaignParam !== "" && !options.some((option) => option.value === campaignParam)) {
    // A campaign the list does not have (no longer active, or not loaded yet): still shown.
    const id = idFrom(campaignParam);
    options.push({
      value: campaignParam,
      name: id === undefined ? campaignParam : `Campaign ${id}`,
    });
  }
  // The newest period first: the current one is the likeliest choice.
  const now = Date.now();
  const periodOptions = [...props.periods].reverse().map((p) => ({
    value: String(p.id),
    name: periodOption(p, now),
  }));
  if (periodParam !== "" && !periodOptions.some((option) => option.value === periodParam)) {
    // The URL's period, shown as chosen even when the list lacks it (the page says so).
    periodOptions.push({
      value: periodParam,
      name: props.periodsLoading ? `Period ${periodParam}` : `Unknown period ${periodParam}`,
    });
  }
  const periodHint = props.periodsLoading
    ? "Loading the earning periods…"
    : props.periods.length === 0
      ? "No earning periods are defined: points count for all time."
      : "Rank the points earned within one period (dates in UTC)";
  return (
    <form
      class="filters"
      aria-label="Leaderboard scope"
      onSubmit={(event) => event.preventDefault()}
    >
      <Field
        id="leaderboard-campaign"
        label="Campaign"
        hint={props.campaignsLoading ? "Loading the campaign list…" : "Rank one campaign's points"}
      >
        <select
          id="leaderboard-campaign"
          name="campaign_id"
          aria-describedby={describedBy("leaderboard-campaign", true)}
          value={campaignParam}
          onChange={(event) =>
            setParams({ campaign_id: (event.target as HTMLSelectElement).value, offset: null })
          }
        >
          <option value="">All campaigns</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.name}
            </option>
          ))}
        </select>
      </Field>
      <Field id="leaderboard-period" label="Earning period" hint={periodHint}>
        <select
          id="leaderboard-period"
          name="earning_period_id"
          aria-describedby={describedBy("leaderboard-period", true)}
          value={periodParam}
          onChange={(event) =>
            setParams({
              earning_period_id: (event.target as HTMLSelectElement).value,
              offset: null,
            })
          }
        >
          <option value="">All time</option>
          {periodOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.name}
            </option>
          ))}
        </select>
      </Field>
      {campaignParam || periodParam ? (
        <button
          type="button"
          class="secondary"
          onClick={() => setParams({ campaign_id: null, earning_period_id: null, offset: null })}
        >
          Overall leaderboard
        </button>
      ) : null}
    </form>
  );
}

/** A period in the list: its dates, and whether it is the current one or yet to come. */
function periodOption(period: EarningPeriod, now: number): string {
  const tense = periodTense(period, now);
  return `${periodRange(period)}${tense === "ended" ? "" : ` (${tense})`}`;
}

function nameOf(campaigns: Campaign[], campaignParam: string): string | undefined {
  return campaigns.find((c) => String(c.id) === campaignParam)?.name;
}

function scopeTitle(
  campaignParam: string,
  campaignName: string | undefined,
  periodParam: string,
  period: EarningPeriod | undefined,
) {
  const campaign = campaignParam ? (campaignName ?? `Campaign ${campaignParam}`) : undefined;
  const periodText = period
    ? `earning period ${periodRange(period)}`
    : periodParam
      ? `earning period ${periodParam}`
      : undefined;
  if (campaign && periodText) return `${campaign}, ${periodText}`;
  if (campaign) return campaign;
  if (periodText) return periodText.charAt(0).toUpperCase() + periodText.slice(1);
  return "Overall";
}
