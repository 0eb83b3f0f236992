/**
 * A public quest's state (open, upcoming, paused, budget spent, ended), its badge and budget
 * bar, and the quest cards of the board and of a campaign's page.
 */

import { DateTime } from "../../ui/date-time.js";
import { formatNumber, timeLeft } from "../../ui/format.js";
import { Progress } from "../../ui/progress.js";
import type { PublicQuest } from "../shared/public-reads.js";
import { DoThisQuest, PassLimitsLine } from "../shared/quest-play.js";

export type QuestState = "open" | "upcoming" | "paused" | "spent" | "ended";

const STATE_LABEL: Record<QuestState, string> = {
  open: "Open",
  upcoming: "Upcoming",
  paused: "Paused",
  spent: "Budget spent",
  ended: "Ended",
};

export function questState(
  quest: Pick<PublicQuest, "start" | "end" | "is_active" | "points_remaining">,
  now = Date.now(),
): QuestState {
  if (now < Date.parse(quest.start)) return "upcoming";
  if (now >= Date.parse(quest.end)) return "ended";
  if (quest.is_active === false) return "paused";
  if (quest.points_remaining === 0) return "spent";
  return "open";
}

export function QuestStateBadge(props: { state: QuestState }) {
  return <span class={`badge state-${props.state}`}>{STATE_LABEL[props.state]}</span>;
}

export const isEnded = (quest: Pick<PublicQuest, "end">, now = Date.now()) =>
  now >= Date.parse(quest.end);
/**
 * One quest as a card: its name (a link to the quest's page), state, campaign (a link to the
 * campaign's page), points per completion, time left, its limits per pass, budget left and the
 * link where a player does it. `level` keeps the page's headings in order.
 */
export function QuestCard(props: {
  quest: PublicQuest;
  level: 2 | 3;
  showCampaign: boolean;
  now: number;
}) {
  const { quest, now } = props;
  const state = questState(quest, now);
  const Heading = props.level === 2 ? "h2" : "h3";
  return (
    <li class="card quest-card">
      <div class="quest-head">
        <Heading>
          <a href={`/app/quests/${quest.id}`}>{quest.name}</a>
        </Heading>
        <QuestStateBadge state={state} />
      </div>
      {props.showCampaign ? (
        <p class="meta">
          {quest.campaign ? (
            <>
              Campaign: <a href={`/app/campaigns/${quest.campaign.id}`}>{quest.campaign.name}</a>
            </>
          ) : (
            "Not in a campaign"
          )}
        </p>
      ) : null}
      {quest.description ? <p class="quest-description">{quest.description}</p> : null}
      <dl class="quest-facts">
        <div>
          <dt>Points per completion</dt>
          <dd class="num">{formatNumber(quest.expected_points_per_completion)}</dd>
        </div>
        <div>
          <dt>{state === "upcoming" ? "Starts" : state === "ended" ? "Ended" : "Time left"}</dt>
          <dd>
            <When quest={quest} state={state} now={now} />
          </dd>
        </div>
      </dl>
      <PassLimitsLine quest={quest} />
      {quest.points_remaining === undefined ? (
        <p class="meta">Budget: {formatNumber(quest.total_points)} points</p>
      ) : (
        <BudgetLeft quest={quest} class="quest-budget" />
      )}
      <DoThisQuest quest={quest} />
    </li>
  );
}

/** A quest's budget left as a bar (`with=progress` answers only; nothing without it). */
export function BudgetLeft(props: { quest: PublicQuest; class: string }) {
  const { quest } = props;
  if (quest.points_remaining === undefined) return null;
  return (
    <div class={props.class}>
      <p class="budget-label" aria-hidden="true">
        Budget left
      </p>
      <Progress
        value={quest.points_remaining}
        max={quest.total_points}
        label={`Budget left of ${quest.name}`}
      />
    </div>
  );
}

/** When the quest starts, ends or ended, in words and as a date. */
function When(props: { quest: PublicQuest; state: QuestState; now: number }) {
  const { quest, state, now } = props;
  if (state === "ended") return <DateTime iso={quest.end} />;
  if (state === "upcoming") {
    return (
      <>
        {timeLeft(quest.start, quest.end, now).replace(/^starts /, "")}{" "}
        <span class="meta">
          (<DateTime iso={quest.start} />)
        </span>
      </>
    );
  }
  return (
    <>
      {timeLeft(quest.start, quest.end, now)}{" "}
      <span class="meta">
        (until <DateTime iso={quest.end} />)
      </span>
    </>
  );
}

export function QuestCards(props: {
  quests: PublicQuest[];
  level: 2 | 3;
  showCampaign: boolean;
  label: string;
}) {
  const now = Date.now();
  return (
    <ul class="cards quest-cards" aria-label={props.label}>
      {props.quests.map((quest) => (
        <QuestCard
          key={quest.id}
          quest={quest}
          level={props.level}
          showCampaign={props.showCampaign}
          now={now}
        />
      ))}
    </ul>
  );
}
