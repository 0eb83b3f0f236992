import "../shared/public.css";
import { Field } from "../../ui/field.js";
import { countOf, formatNumber } from "../../ui/format.js";
import { Layout } from "../../ui/layout.js";
import { useLoad } from "../../ui/load.js";
import { Pager } from "../../ui/pager.js";
import { Empty, Show } from "../../ui/status.js";
import { JoinInvite } from "../shared/join-invite.js";
import { type CampaignSummary, loadAllQuests, type PublicQuest } from "../shared/public-reads.js";
import { idFrom, useQueryState } from "./query-state.js";
import { isEnded, QuestCards } from "./quest-card.js";

/** Cards a page of the board shows. */
const PAGE_SIZE = 24;
/** The campaign select's value for quests outside any campaign. */
const NO_CAMPAIGN = "none";

/**
 * The quest board (`/app`): every public live quest that has not ended, as cards with its
 * campaign, points per completion, budget left, time left, limits per pass and the link where a
 * player does it (`GET /quests?with=progress,details`). The campaign filter, the "show ended"
 * switch and the page live in the URL query (`?campaign_id=3&ended=1&page=2`).
 */
export function BoardPage(_props: Record<string, string>) {
  const [params, setParams] = useQueryState();
  const [loaded, reload] = useLoad((signal) => loadAllQuests(signal), []);
  const campaignParam = params.get("campaign_id") ?? "";
  const showEnded = params.get("ended") === "1";
  const page = idFrom(params.get("page")) ?? 1;

  return (
    <Layout title="Quests">
      <p>
        Public quests and the points they pay. Follow a campaign to its page, or see who leads on
        the <a href="/app/leaderboard">leaderboard</a>.
      </p>
      <JoinInvite />
      <Show loaded={loaded} what="quests" onRetry={reload}>
        {(quests) => (
          <Board
            quests={quests}
            campaignParam={campaignParam}
            showEnded={showEnded}
            page={page}
            setParams={setParams}
          />
        )}
      </Show>
    </Layout>
  );
}

function Board(props: {
  quests: PublicQuest[];
  campaignParam: string;
  showEnded: boolean;
  page: number;
  setParams: (changes: Record<string, string | number | null>) => void;
}) {
  const { quests, campaignParam, showEnded, setParams } = props;
  const now = Date.now();
  const campaigns = campaignChoices(quests, campaignParam);
  const campaignId = idFrom(campaignParam);
  const chosen = campaigns.find((c) => c.id === campaignId);

  const inCampaign = quests.filter((quest) => {
    if (campaignParam === "") return true;
    if (campaignParam === NO_CAMPAIGN) return quest.campaign === null;
    return campaignId !== undefined && quest.campaign?.id === campaignId;
  });
  const shown = showEnded ? inCampaign : inCampaign.filter((quest) => !isEnded(quest, now));
  const endedCount = inCampaign.length - shown.length;
  const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  const page = Math.min(props.page, pages);
  const from = (page - 1) * PAGE_SIZE;
  const onPage = shown.slice(from, from + PAGE_SIZE);
  const goTo = (n: number) => {
    setParams({ page: n > 1 ? n : null });
    document.getElementById("main")?.focus();
  };

  return (
    <>
      <form class="filters" aria-label="Filter quests" onSubmit={(e) => e.preventDefault()}>
        <Field id="board-campaign" label="Campaign">
          <select
            id="board-campaign"
            name="campaign_id"
            value={campaignParam}
            onChange={(event) =>
              setParams({ campaign_id: (event.target as HTMLSelectElement).value, page: null })
            }
          >
            <option value="">All campaigns</option>
            {campaigns.map((campaign) => (
              <option key={campaign.id} value={String(campaign.id)}>
                {campaign.name}
              </option>
            ))}
            <option value={NO_CAMPAIGN}>Not in a campaign</option>
          </select>
        </Field>
        <label class="check" for="board-ended">
          <input
            id="board-ended"
            type="checkbox"
            name="ended"
            checked={showEnded}
            onChange={(event) =>
              setParams({
                ended: (event.target as HTMLInputElement).checked ? "1" : null,
                page: null,
              })
            }
          />
          Show ended quests
        </label>
      </form>
      {chosen ? (
        <p class="actions">
          <a href={`/app/campaigns/${chosen.id}`}>About the campaign {chosen.name}</a>
          <a href={`/app/leaderboard?campaign_id=${chosen.id}`}>Leaderboard of {chosen.name}</a>
        </p>
      ) : null}
      <p class="list-summary" role="status">
        {summary(shown.length, endedCount, showEnded)}
      </p>
      {shown.length === 0 ? (
        <Empty>
          {quests.length === 0
            ? "No public quests yet."
            : campaignParam
              ? "No quests in this campaign right now."
              : "No quests are running right now."}
        </Empty>
      ) : (
        <>
          <QuestCards quests={onPage} level={2} showCampaign={true} label="Quests" />
          {pages > 1 ? (
            <Pager
              textWhenSingle
              label="Quest pages"
              position={`Page ${page} of ${pages}`}
              onPrevious={page > 1 ? () => goTo(page - 1) : undefined}
              onNext={page < pages ? () => goTo(page + 1) : undefined}
            />
          ) : null}
        </>
      )}
    </>
  );
}

function summary(shown: number, ended: number, showEnded: boolean): string {
  const quests = countOf(shown, "quest");
  if (showEnded || ended === 0) return quests;
  return `${quests} (${formatNumber(ended)} ended, hidden)`;
}

/** The campaigns the quests belong to, by name; the URL's campaign too if no quest has it. */
function campaignChoices(quests: PublicQuest[], campaignParam: string): CampaignSummary[] {
  const byId = new Map<number, CampaignSummary>();
  for (const quest of quests) {
    if (quest.campaign && !byId.has(quest.campaign.id)) byId.set(quest.campaign.id, quest.campaign);
  }
  const wanted = idFrom(campaignParam);
  if (wanted !== undefined && !byId.has(wanted)) {
    byId.set(wanted, { id: wanted, name: `Campaign ${wanted}`, description: "" });
  }
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}
