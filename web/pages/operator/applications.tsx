import { useState } from "preact/hooks";
import { Field, inputValue } from "../../ui/field.js";
import { countOf, formatDate, formatNumber } from "../../ui/format.js";
import type { Loaded } from "../../ui/load.js";
import { Empty, ErrorBox, Notice, Show } from "../../ui/status.js";
import { GrantedTermRows, type Mark } from "../shared/granted-terms.js";
import { limitsInWords, playUrl } from "../shared/quest-play.js";
import type { AdminQuest, Campaign, OperatorApplication } from "./answers.js";
import { ApproveForm, RejectForm } from "./decisions.js";
import { ListPager, type SectionProps, useCursorList } from "./lists.js";
import { campaignName, useCampaigns, useQuestsById } from "./lookups.js";
import { useCan } from "./me.js";

const STATUSES = [
  { value: "pending", label: "Pending (oldest first)" },
  { value: "approved", label: "Approved" },
  { value: "rejected", label: "Rejected" },
  { value: "", label: "All (newest first)" },
];

/** The review queue: pending applications first, each approved (with overrides) or rejected. */
export function ApplicationsSection({ token }: SectionProps) {
  const [status, setStatus] = useState("pending");
  const [done, setDone] = useState<string | null>(null);
  const list = useCursorList(
    token,
    "/admin/applications",
    { status: (status || undefined) as OperatorApplication["status"] | undefined },
    10,
  );
  const [campaignsLoad] = useCampaigns(token);
  const campaigns = campaignsLoad.state === "ok" ? campaignsLoad.data : undefined;
  // The quests approvals made, for what was granted (one read for the page).
  const items = list.loaded.state === "ok" ? list.loaded.data.items : [];
  const [granted] = useQuestsById(
    token,
    items.flatMap((a) => [a.quest_id, a.test_quest_id].filter((id): id is number => id !== null)),
  );
  const decided = (message: string) => {
    setDone(message);
    list.reload();
  };
  return (
    <>
      <div class="row op-filters">
        <Field id="op-app-status" label="Status">
          <select
            id="op-app-status"
            value={status}
            onChange={(event) => {
              setDone(null);
              setStatus(inputValue(event));
            }}
          >
            {STATUSES.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </Field>
        <button type="button" class="secondary" onClick={() => list.reload()}>
          Refresh
        </button>
      </div>
      <Notice>{done}</Notice>
      <Show loaded={list.loaded} what="applications" onRetry={list.reload}>
        {(page) =>
          page.items.length === 0 ? (
            <Empty>
              {status === "pending"
                ? "No application is waiting for a decision."
                : "No application matches."}
            </Empty>
          ) : (
            <ul class="op-cards">
              {page.items.map((application) => (
                <li key={application.id}>
                  <ApplicationCard
                    token={token}
                    application={application}
                    campaigns={campaigns}
                    granted={granted}
                    onDecided={decided}
                  />
                </li>
              ))}
            </ul>
          )
        }
      </Show>
      <ListPager list={list} id="op-app" what="applications" />
    </>
  );
}

function ApplicationCard(props: {
  token: string;
  application: OperatorApplication;
  campaigns: Map<number, Campaign> | undefined;
  granted: Loaded<Map<number, AdminQuest>>;
  onDecided: (message: string) => void;
}) {
  const a = props.application;
  const [open, setOpen] = useState<"none" | "approve" | "reject">("none");
  const can = useCan();
  const [mayApprove, mayReject] = [can("approveApplication"), can("rejectApplication")];
  const titleId = `op-app-${a.id}-title`;
  return (
    <article class="card op-card" aria-labelledby={titleId}>
      <h3 id={titleId}>
        Application {a.id}: {a.project}{" "}
        <span class={`badge op-status-${a.status}`}>{a.status}</span>
      </h3>
      <dl class="facts">
        <dt>Contact</dt>
        <dd>{a.contact}</dd>
        <dt>Owner pass</dt>
        <dd>
          <code>{a.owner}</code>
        </dd>
        <dt>Owner's account</dt>
        <dd>
          <OwnerAccount account={a.owner_account} />
        </dd>
        <dt>Submitted</dt>
        <dd>{formatDate(a.created_at)}</dd>
        {a.decided_at ? (
          <>
            <dt>Decided</dt>
            <dd>{formatDate(a.decided_at)}</dd>
          </>
        ) : null}
        {a.reason ? (
          <>
            <dt>Reason</dt>
            <dd>{a.reason}</dd>
          </>
        ) : null}
        {a.status === "approved" ? (
          <>
            <dt>Keys claimed</dt>
            <dd>{a.keys_claimed_at ? formatDate(a.keys_claimed_at) : "not yet"}</dd>
          </>
        ) : null}
      </dl>
      {a.quest_id !== null ? (
        <Granted application={a} granted={props.granted} campaigns={props.campaigns} />
      ) : null}
      <h4 class="op-card-part">{a.status === "approved" ? "Asked for" : "The request"}</h4>
      <dl class="facts">
        <dt>Quest</dt>
        <dd>{a.quest.name}</dd>
        <dt>Description</dt>
        <dd>{a.quest.description || "—"}</dd>
        <dt>Total points</dt>
        <dd>{formatNumber(a.quest.total_points)}</dd>
        <dt>Points per completion</dt>
        <dd>{formatNumber(a.quest.expected_points_per_completion)}</dd>
        <dt>Window</dt>
        <dd>
          {formatDate(a.quest.start)} – {formatDate(a.quest.end)}
        </dd>
        <dt>Action type</dt>
        <dd>{a.quest.action_type ?? "default"}</dd>
        <dt>Per pass</dt>
        <dd>{limitsInWords(a.quest).join("; ") || "no limit"}</dd>
        <dt>Link for players</dt>
        <dd>{playUrl(a.quest.url) ? <code class="op-value">{a.quest.url}</code> : "none"}</dd>
        <dt>Campaign</dt>
        <dd>{campaignName(props.campaigns, a.campaign_id)}</dd>
        {a.message ? (
          <>
            <dt>Message</dt>
            <dd class="op-message">{a.message}</dd>
          </>
        ) : null}
      </dl>
      {a.status === "pending" && (mayApprove || mayReject) ? (
        <>
          <div class="row">
            {mayApprove ? (
              <button
                type="button"
                aria-expanded={open === "approve" ? "true" : "false"}
                onClick={() => setOpen(open === "approve" ? "none" : "approve")}
              >
                Approve…
              </button>
            ) : null}
            {mayReject ? (
              <button
                type="button"
                class="secondary"
                aria-expanded={open === "reject" ? "true" : "false"}
                onClick={() => setOpen(open === "reject" ? "none" : "reject")}
              >
                Reject…
              </button>
            ) : null}
          </div>
          {open === "approve" && mayApprove ? (
            <ApproveForm
              token={props.token}
              application={a}
              campaigns={props.campaigns}
              onDecided={props.onDecided}
            />
          ) : null}
          {open === "reject" && mayReject ? (
            <RejectForm token={props.token} application={a} onDecided={props.onDecided} />
          ) : null}
        </>
      ) : null}
    </article>
  );
}

/** Whether the owner is new to the service, or what its account already holds. */
function OwnerAccount(props: { account: OperatorApplication["owner_account"] | undefined }) {
  const { account } = props;
  // Undefined: a service older than the field; say nothing rather than guess.
  if (account === undefined) return <>unknown</>;
  if (account === null) {
    return (
      <>
        <span class="badge op-owner-new">New owner</span> no account yet: approval registers the
        pass
      </>
    );
  }
  return (
    <>
      <span class="badge op-owner-existing">Existing account</span>{" "}
      {countOf(account.quests, "quest")}, {countOf(account.keys, "key")}{" "}
      <span class="meta">
        (account <code>{account.id}</code>)
      </span>
    </>
  );
}

/**
 * What the approval granted: the live quest as it was created (overrides applied), each
 * difference from the request marked, and both quests linked into the Quests section.
 */
function Granted(props: {
  application: OperatorApplication;
  granted: Loaded<Map<number, AdminQuest>>;
  campaigns: Map<number, Campaign> | undefined;
}) {
  const a = props.application;
  const questLink = (id: number | null, what: string) =>
    id === null ? (
      "none"
    ) : (
      <a href={`#quests?${new URLSearchParams({ owner: a.owner, quest: String(id) })}`}>
        {what} {id}
      </a>
    );
  const heading = <h4 class="op-card-part">Granted</h4>;
  const links = (
    <>
      <dt>Quests</dt>
      <dd>
        {questLink(a.quest_id, "live quest")}, {questLink(a.test_quest_id, "test quest")}
      </dd>
    </>
  );
  if (props.granted.state !== "ok") {
    return (
      <>
        {heading}
        <dl class="facts">{links}</dl>
        {props.granted.state === "loading" ? (
          <p class="loading">Loading the granted quest…</p>
        ) : (
          <ErrorBox error={props.granted.error} what="the granted quest" />
        )}
      </>
    );
  }
  const live = a.quest_id === null ? undefined : props.granted.data.get(a.quest_id);
  if (!live) {
    return (
      <>
        {heading}
        <dl class="facts">{links}</dl>
        <p class="hint">The live quest is not among the latest quests; open it above.</p>
      </>
    );
  }
  const asked = a.quest;
  const mark: Mark = (value, differs, askedText) => (
    <>
      {value}
      {differs ? <span class="op-changed"> (changed; asked: {askedText})</span> : null}
    </>
  );
  return (
    <>
      {heading}
      <dl class="facts">
        {links}
        <dt>Name</dt>
        <dd>{live.name}</dd>
        <GrantedTermRows granted={live} asked={asked} mark={mark} />
        <dt>Listed</dt>
        <dd>{live.is_public ? "public" : "private"}</dd>
        <dt>Action type</dt>
        <dd>
          {mark(
            <code>{live.action_type}</code>,
            live.action_type !== (asked.action_type ?? "default"),
            asked.action_type ?? "default",
          )}
        </dd>
        <dt>Campaign</dt>
        <dd>
          {mark(
            campaignName(props.campaigns, live.campaign_id),
            live.campaign_id !== a.campaign_id,
            campaignName(props.campaigns, a.campaign_id),
          )}
        </dd>
      </dl>
    </>
  );
}
