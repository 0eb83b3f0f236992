import "../shared/public.css";
import { DateTime } from "../../ui/date-time.js";
import { formatNumber, timeLeft } from "../../ui/format.js";
import { Layout } from "../../ui/layout.js";
import { type Loaded, useLoad } from "../../ui/load.js";
import { Empty, Show } from "../../ui/status.js";
import { loadPublicQuest, type PublicQuest } from "../shared/public-reads.js";
import { DoThisQuest, limitsInWords } from "../shared/quest-play.js";
import { idFrom } from "./query-state.js";
import { BudgetLeft, QuestStateBadge, questState } from "./quest-card.js";

/**
 * A public quest (`/app/quests/{id}`): what the board's card says, on a page of its own to link
 * to, with the link where a player does it and its limits per pass. `GET /quests/{id}` is the
 * owner's, so the page reads `GET /quests?ids={id}&with=progress,details`; an id that is not a
 * public live quest is "not found".
 */
export function QuestPage(props: { id: string }) {
  const id = idFrom(props.id);
  const [loaded, reload] = useLoad(
    (signal) => (id === undefined ? Promise.resolve(undefined) : loadPublicQuest(id, signal)),
    [id],
  );
  return (
    <Layout title={title(loaded)}>
      <Show loaded={loaded} what="the quest" onRetry={reload}>
        {(quest) => (quest ? <Quest quest={quest} /> : <NotFound id={props.id} />)}
      </Show>
      <p>
        <a href="/app">All quests</a>
      </p>
    </Layout>
  );
}

function title(loaded: Loaded<PublicQuest | undefined>): string {
  if (loaded.state !== "ok") return "Quest";
  return loaded.data ? loaded.data.name : "Quest not found";
}

function NotFound(props: { id: string }) {
  return (
    <Empty>
      There is no public quest <code>{props.id}</code>: it may be private, or the link may be wrong.
      The quest board lists every public quest.
    </Empty>
  );
}

function Quest(props: { quest: PublicQuest }) {
  const { quest } = props;
  const now = Date.now();
  const state = questState(quest, now);
  const limits = limitsInWords(quest);
  return (
    <>
      <p class="quest-state">
        <QuestStateBadge state={state} />{" "}
        {quest.campaign ? (
          <>
            in the campaign{" "}
            <a href={`/app/campaigns/${quest.campaign.id}`}>{quest.campaign.name}</a>
          </>
        ) : (
          "not in a campaign"
        )}
      </p>
      {quest.description ? <p class="quest-description">{quest.description}</p> : null}
      <dl class="facts">
        <dt>Points per completion</dt>
        <dd>{formatNumber(quest.expected_points_per_completion)}</dd>
        <dt>Runs</dt>
        <dd>
          <DateTime iso={quest.start} /> to <DateTime iso={quest.end} />
        </dd>
        {state === "ended" ? null : (
          <>
            <dt>{state === "upcoming" ? "Starts" : "Time left"}</dt>
            <dd>{timeLeft(quest.start, quest.end, now).replace(/^starts | left$/g, "")}</dd>
          </>
        )}
        <dt>Budget</dt>
        <dd>{formatNumber(quest.total_points)} points</dd>
        <dt>Limits</dt>
        <dd>
          {limits.length === 0 ? (
            "none"
          ) : (
            <ul class="pass-limit-list">
              {limits.map((words) => (
                <li key={words}>{words}</li>
              ))}
            </ul>
          )}
        </dd>
      </dl>
      <BudgetLeft quest={quest} class="quest-budget quest-page-budget" />
      <h2>Earn its points</h2>
      <p>
        The quest's owner pays points to registered passes when they complete it. Register yours
        first, so that a payout can reach it.
      </p>
      <DoThisQuest quest={quest} />
      <p class="actions">
        <a href="/app/join">Join to earn points</a>
        {quest.campaign ? (
          <a href={`/app/leaderboard?campaign_id=${quest.campaign.id}`}>
            Leaderboard of {quest.campaign.name}
          </a>
        ) : (
          <a href="/app/leaderboard">Leaderboard</a>
        )}
      </p>
    </>
  );
}
