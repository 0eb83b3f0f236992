import "../shared/public.css";
import { api, asTyped, call } from "../../client.js";
import { DateTime } from "../../ui/date-time.js";
import { formatNumber, timeLeft } from "../../ui/format.js";
import { Layout } from "../../ui/layout.js";
import { type Loaded, useLoad } from "../../ui/load.js";
import { Empty, ErrorBox, Loading, Show } from "../../ui/status.js";
import { type CampaignDetail, loadAllQuests, type PublicQuest } from "../shared/public-reads.js";
import { QuestCards } from "./quest-card.js";

/**
 * A campaign (`/app/campaigns/{id}`): its facts, its public quests as the board's cards (with
 * budget left from `GET /quests?with=progress`), and a link to its leaderboard. An unknown or bad
 * id shows the API's problem detail.
 */
export function CampaignPage(props: { id: string }) {
  const { id } = props;
  const [campaign, reloadCampaign] = useLoad(
    // The id as the address has it: the service's 400 or 404 is the page's message.
    (signal) => call(api.GET("/campaigns/{id}", { params: { path: { id: asTyped(id) } }, signal })),
    [id],
  );
  return (
    <Layout title={title(campaign)}>
      <Show loaded={campaign} what="the campaign" onRetry={reloadCampaign}>
        {(data) => <Campaign campaign={data} />}
      </Show>
      <p>
        <a href="/app">All quests</a>
      </p>
    </Layout>
  );
}

function title(campaign: Loaded<CampaignDetail>): string {
  if (campaign.state === "ok") return campaign.data.name;
  if (campaign.state === "error" && campaign.error.status === 404) return "Campaign not found";
  return "Campaign";
}

function Campaign(props: { campaign: CampaignDetail }) {
  const { campaign } = props;
  const [progress, reloadProgress] = useLoad((signal) => loadAllQuests(signal), []);
  const now = Date.now();
  return (
    <>
      {campaign.description ? <p class="quest-description">{campaign.description}</p> : null}
      <dl class="facts">
        <dt>Status</dt>
        <dd>
          {campaign.is_active ? "Active" : "Not active"}
          {campaign.is_active ? ` · ${timeLeft(campaign.start, campaign.end, now)}` : null}
        </dd>
        <dt>Runs</dt>
        <dd>
          <DateTime iso={campaign.start} /> to <DateTime iso={campaign.end} />
        </dd>
        <dt>Public quests</dt>
        <dd>{formatNumber(campaign.quests.length)}</dd>
        {campaign.external_app_id ? (
          <>
            <dt>External app</dt>
            <dd class="mono">{campaign.external_app_id}</dd>
          </>
        ) : null}
      </dl>
      <p class="actions">
        <a href={`/app/leaderboard?campaign_id=${campaign.id}`}>Leaderboard of {campaign.name}</a>
        <a href={`/app?campaign_id=${campaign.id}`}>This campaign on the quest board</a>
      </p>
      <h2>Quests</h2>
      {campaign.quests.length === 0 ? (
        <Empty>This campaign has no public quests yet.</Empty>
      ) : (
        <CampaignQuests campaign={campaign} progress={progress} onRetry={reloadProgress} />
      )}
    </>
  );
}

/**
 * The campaign's quests as cards once their budgets are read; if that read fails, its problem
 * and the cards without budgets.
 */
function CampaignQuests(props: {
  campaign: CampaignDetail;
  progress: Loaded<PublicQuest[]>;
  onRetry: () => void;
}) {
  const { campaign, progress } = props;
  if (progress.state === "loading") return <Loading what="the quests' budgets" />;
  return (
    <>
      {progress.state === "error" ? (
        <ErrorBox error={progress.error} what="the quests' budgets" onRetry={props.onRetry} />
      ) : null}
      <QuestCards
        quests={withProgress(campaign, progress.state === "ok" ? progress.data : [])}
        level={3}
        showCampaign={false}
        label={`Quests of ${campaign.name}`}
      />
    </>
  );
}

/** The campaign's quests, each with its budget left where the quest list has it. */
function withProgress(campaign: CampaignDetail, all: PublicQuest[]): PublicQuest[] {
  const byId = new Map(all.map((quest) => [quest.id, quest]));
  const summary = { id: campaign.id, name: campaign.name, description: campaign.description };
  return campaign.quests.map(
    (quest) =>
      byId.get(quest.id) ?? {
        id: quest.id,
        name: quest.name,
        description: quest.description,
        total_points: quest.total_points,
        expected_points_per_completion: quest.expected_points_per_completion,
        start: quest.start,
        end: quest.end,
        campaign: summary,
      },
  );
}
