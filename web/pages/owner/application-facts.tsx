/** What an application asked for and what it was granted, as its status page shows them. */
import type { ComponentChildren } from "preact";
import { type Answer, api, call } from "../../client.js";
import { formatDate, formatNumber } from "../../ui/format.js";
import { useLoad } from "../../ui/load.js";
import { Show } from "../../ui/status.js";
import { GrantedTermRows } from "../shared/granted-terms.js";
import { loadPublicQuest, type PublicQuest } from "../shared/public-reads.js";
import { limitsInWords, playUrl } from "../shared/quest-play.js";

/** An application as its applicant reads it. */
export type Application = Answer<"/applications/{id}", "get">;

export function Facts(props: { application: Application }) {
  const { application: a } = props;
  const row = (label: string, value: ComponentChildren) => [
    <dt key={`${label}-t`}>{label}</dt>,
    <dd key={`${label}-d`}>{value}</dd>,
  ];
  return (
    <section aria-labelledby="ap-facts-heading">
      <h2 id="ap-facts-heading">What you asked for</h2>
      <dl class="facts">
        {row("Project", a.project)}
        {row("Contact", a.contact)}
        {row("Owner pass", <code>{a.owner}</code>)}
        {row("Quest name", a.quest.name)}
        {row("Description", a.quest.description || <span class="empty">none</span>)}
        {row("Total points", formatNumber(a.quest.total_points))}
        {row("Points per completion", formatNumber(a.quest.expected_points_per_completion))}
        {row("Start", formatDate(a.quest.start))}
        {row("End", formatDate(a.quest.end))}
        {row(
          "Action type",
          a.quest.action_type ? <code>{a.quest.action_type}</code> : "default (none named)",
        )}
        <AskedPlayRows quest={a.quest} row={row} />
        {row("Campaign", <CampaignName id={a.campaign_id} />)}
        {row("Message", a.message ? <span class="ap-pre">{a.message}</span> : "none")}
        {row("Submitted", formatDate(a.created_at))}
        {a.decided_at ? row("Decided", formatDate(a.decided_at)) : null}
        {a.keys_claimed_at ? row("Keys claimed", formatDate(a.keys_claimed_at)) : null}
      </dl>
    </section>
  );
}

/** The link and the limits per pass asked for, where the applicant named them. */
function AskedPlayRows(props: {
  quest: Application["quest"];
  row: (label: string, value: ComponentChildren) => ComponentChildren;
}) {
  const { quest, row } = props;
  const limits = limitsInWords(quest);
  const url = playUrl(quest.url);
  return (
    <>
      {row("Limits per pass", limits.length > 0 ? limits.join("; ") : "none")}
      {row("Link for players", url ? <code>{url.href}</code> : "none")}
    </>
  );
}

/** A campaign by its name, linked to its page (`GET /campaigns/{id}`); its number meanwhile. */
function CampaignName(props: { id: number | null }) {
  const { id } = props;
  const [loaded] = useLoad(
    (signal) =>
      id === null
        ? Promise.resolve(null)
        : call(api.GET("/campaigns/{id}", { params: { path: { id } }, signal })),
    [id],
  );
  if (id === null) return <>none</>;
  const name = loaded.state === "ok" && loaded.data ? loaded.data.name : `Campaign ${id}`;
  return <a href={`/app/campaigns/${id}`}>{name}</a>;
}

/**
 * What the approval granted, which may differ from the request (the operator can change the
 * points, the window, the campaign, whether it is listed). The applicant reads the live quest
 * where everyone does, `GET /quests?ids={id}`: a public quest shows its terms there, each
 * difference from the request marked; a private one is not listed anywhere public, and the
 * test twin never is.
 */
export function Granted(props: { application: Application }) {
  const a = props.application;
  const [loaded, reload] = useLoad(
    (signal) =>
      a.quest_id === null ? Promise.resolve(undefined) : loadPublicQuest(a.quest_id, signal),
    [a.quest_id],
  );
  const row = (label: string, value: ComponentChildren) => [
    <dt key={`${label}-t`}>{label}</dt>,
    <dd key={`${label}-d`}>{value}</dd>,
  ];
  const test = row(
    "Test quest",
    <>
      {a.test_quest_id} <span class="meta">(private: test quests are never listed)</span>
    </>,
  );
  return (
    <section aria-labelledby="ap-granted-heading">
      <h2 id="ap-granted-heading">What was granted</h2>
      <Show loaded={loaded} what="the granted quest" onRetry={reload}>
        {(quest) =>
          quest ? (
            <GrantedTerms application={a} quest={quest} test={test} />
          ) : (
            <>
              <dl class="facts">
                {row(
                  "Live quest",
                  <>
                    {a.quest_id} <span class="meta">(private)</span>
                  </>,
                )}
                {test}
              </dl>
              <p>
                Your live quest is private: it is not on the public quest board, so this page cannot
                show its terms. Claim the keys and sign in to the{" "}
                <a href="/app/console">owner console</a> to see them.
              </p>
            </>
          )
        }
      </Show>
    </section>
  );
}

function GrantedTerms(props: {
  application: Application;
  quest: PublicQuest;
  test: ComponentChildren;
}) {
  const { application: a, quest } = props;
  const asked = a.quest;
  const mark = (value: ComponentChildren, differs: boolean, askedFor: ComponentChildren) => (
    <>
      {value}
      {differs ? (
        <span class="ap-changed"> (changed by the operator; you asked for {askedFor})</span>
      ) : null}
    </>
  );
  const campaign = quest.campaign;
  return (
    <dl class="facts">
      <dt>Live quest</dt>
      <dd>
        <a href={`/app/quests/${quest.id}`}>
          {quest.name} (quest {quest.id})
        </a>{" "}
        <span class="meta">public: on the quest board</span>
      </dd>
      {props.test}
      <GrantedTermRows granted={quest} asked={asked} mark={mark} />
      <dt>Campaign</dt>
      <dd>
        {mark(
          campaign ? <a href={`/app/campaigns/${campaign.id}`}>{campaign.name}</a> : "none",
          (campaign?.id ?? null) !== a.campaign_id,
          <CampaignName id={a.campaign_id} />,
        )}
      </dd>
    </dl>
  );
}
