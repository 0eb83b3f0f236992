import type { ComponentChildren } from "preact";
import { useState } from "preact/hooks";
import { query } from "../api.js";
import type { Application, Campaign } from "../types.js";
import {
  describedBy,
  Empty,
  ErrorBox,
  Field,
  formatDate,
  formatNumber,
  fromUtcInput,
  type Loaded,
  Show,
} from "../ui.js";
import {
  ActionState,
  type AdminQuest,
  adminApi,
  ConfirmButton,
  campaignName,
  inputValue,
  ListPager,
  Notice,
  numberOrUndefined,
  type SectionProps,
  useAction,
  useCampaigns,
  useCursorList,
  useQuestsById,
} from "./operator-shared.js";

/**
 * An application as the operator reads it: with what the owner pass already has here. Null
 * `owner_account`: the pass has no account yet (approval registers it).
 */
export interface OperatorApplication extends Application {
  owner_account: { id: string; quests: number; keys: number } | null;
}

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
  const list = useCursorList<OperatorApplication>(token, "/admin/applications", { status }, 10);
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
        <div class="field">
          <label for="op-app-status">Status</label>
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
        </div>
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
        <dt>Campaign</dt>
        <dd>{campaignName(props.campaigns, a.campaign_id)}</dd>
        {a.message ? (
          <>
            <dt>Message</dt>
            <dd class="op-message">{a.message}</dd>
          </>
        ) : null}
      </dl>
      {a.status === "pending" ? (
        <>
          <div class="row">
            <button
              type="button"
              aria-expanded={open === "approve" ? "true" : "false"}
              onClick={() => setOpen(open === "approve" ? "none" : "approve")}
            >
              Approve…
            </button>
            <button
              type="button"
              class="secondary"
              aria-expanded={open === "reject" ? "true" : "false"}
              onClick={() => setOpen(open === "reject" ? "none" : "reject")}
            >
              Reject…
            </button>
          </div>
          {open === "approve" ? (
            <ApproveForm
              token={props.token}
              application={a}
              campaigns={props.campaigns}
              onDecided={props.onDecided}
            />
          ) : null}
          {open === "reject" ? (
            <RejectForm token={props.token} application={a} onDecided={props.onDecided} />
          ) : null}
        </>
      ) : null}
    </article>
  );
}

const count = (n: number, one: string, many: string) =>
  `${formatNumber(n)} ${n === 1 ? one : many}`;

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
      {count(account.quests, "quest", "quests")}, {count(account.keys, "key", "keys")}{" "}
      <span class="meta">
        (account <code>{account.id}</code>)
      </span>
    </>
  );
}

/** The approval's overrides: every field empty means "as requested". */
function ApproveForm(props: {
  token: string;
  application: Application;
  campaigns: Map<number, Campaign> | undefined;
  onDecided: (message: string) => void;
}) {
  const a = props.application;
  const id = (name: string) => `op-app-${a.id}-${name}`;
  const [fields, setFields] = useState({
    total: "",
    per: "",
    start: "",
    end: "",
    campaign: "",
    visibility: "",
    actionType: "",
  });
  const set = (name: keyof typeof fields) => (event: Event) =>
    setFields({ ...fields, [name]: inputValue(event) });
  const action = useAction<Application>();
  const submit = async (event: Event) => {
    event.preventDefault();
    const approved = await action.run(() => {
      // A typo in a number refuses the form here, rather than reaching the API as null.
      const body: Record<string, unknown> = {};
      const total = numberOrUndefined(fields.total, "Total points");
      if (total !== undefined) body.total_points = total;
      const per = numberOrUndefined(fields.per, "Points per completion");
      if (per !== undefined) body.expected_points_per_completion = per;
      if (fields.start) body.start = fromUtcInput(fields.start);
      if (fields.end) body.end = fromUtcInput(fields.end);
      if (fields.campaign === "none") body.campaign_id = null;
      else if (fields.campaign) body.campaign_id = Number(fields.campaign);
      if (fields.visibility) body.is_public = fields.visibility === "public";
      if (fields.actionType.trim()) body.action_type = fields.actionType.trim();
      return adminApi<Application>(props.token, `/admin/applications/${a.id}/approve`, {
        method: "POST",
        body,
      });
    });
    if (approved) {
      props.onDecided(
        `Application ${approved.id} (${approved.project}) approved: live quest ${approved.quest_id}, test quest ${approved.test_quest_id}.`,
      );
    }
  };
  return (
    <form class="op-subform" onSubmit={submit} aria-label={`Approve application ${a.id}`}>
      <p class="hint">Leave a field empty to keep what the applicant asked for.</p>
      <div class="op-grid">
        <Field
          id={id("total")}
          label="Total points"
          hint={`Asked: ${formatNumber(a.quest.total_points)}`}
        >
          <input
            id={id("total")}
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            aria-describedby={describedBy(id("total"), true)}
            value={fields.total}
            onInput={set("total")}
          />
        </Field>
        <Field
          id={id("per")}
          label="Points per completion"
          hint={`Asked: ${a.quest.expected_points_per_completion}`}
        >
          <input
            id={id("per")}
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            aria-describedby={describedBy(id("per"), true)}
            value={fields.per}
            onInput={set("per")}
          />
        </Field>
        <Field id={id("start")} label="Start (UTC)" hint={`Asked: ${formatDate(a.quest.start)}`}>
          <input
            id={id("start")}
            type="datetime-local"
            aria-describedby={describedBy(id("start"), true)}
            value={fields.start}
            onInput={set("start")}
          />
        </Field>
        <Field id={id("end")} label="End (UTC)" hint={`Asked: ${formatDate(a.quest.end)}`}>
          <input
            id={id("end")}
            type="datetime-local"
            aria-describedby={describedBy(id("end"), true)}
            value={fields.end}
            onInput={set("end")}
          />
        </Field>
        <Field id={id("campaign")} label="Campaign">
          <select id={id("campaign")} value={fields.campaign} onChange={set("campaign")}>
            <option value="">As requested ({campaignName(props.campaigns, a.campaign_id)})</option>
            <option value="none">No campaign</option>
            {[...(props.campaigns?.values() ?? [])].map((c) => (
              <option key={c.id} value={String(c.id)}>
                {c.name} (campaign {c.id}){c.is_active ? "" : ", inactive"}
              </option>
            ))}
          </select>
        </Field>
        <Field id={id("public")} label="Live quest listed publicly">
          <select id={id("public")} value={fields.visibility} onChange={set("visibility")}>
            <option value="">As requested (public)</option>
            <option value="public">Public</option>
            <option value="private">Not public</option>
          </select>
        </Field>
        <Field
          id={id("action")}
          label="Action type"
          hint={`Asked: ${a.quest.action_type ?? "default"}`}
        >
          <input
            id={id("action")}
            type="text"
            autocomplete="off"
            aria-describedby={describedBy(id("action"), true)}
            value={fields.actionType}
            onInput={set("actionType")}
          />
        </Field>
      </div>
      <div>
        <button type="submit" disabled={action.busy}>
          Approve application {a.id}
        </button>
      </div>
      <ActionState action={action} busyText="Approving…" />
    </form>
  );
}

/** Rejection needs a reason (the applicant reads it) and a second click. */
function RejectForm(props: {
  token: string;
  application: Application;
  onDecided: (message: string) => void;
}) {
  const a = props.application;
  const id = `op-app-${a.id}-reason`;
  const [reason, setReason] = useState("");
  const [missing, setMissing] = useState(false);
  const action = useAction<Application>();
  const check = () => {
    setMissing(!reason.trim());
    return reason.trim() !== "";
  };
  const reject = async () => {
    const rejected = await action.run(() =>
      adminApi<Application>(props.token, `/admin/applications/${a.id}/reject`, {
        method: "POST",
        body: { reason: reason.trim() },
      }),
    );
    if (rejected) props.onDecided(`Application ${rejected.id} (${rejected.project}) rejected.`);
  };
  return (
    <form
      class="op-subform"
      aria-label={`Reject application ${a.id}`}
      onSubmit={(event) => event.preventDefault()}
    >
      <Field
        id={id}
        label="Reason (the applicant reads it)"
        error={missing ? "Give a reason." : undefined}
      >
        <textarea
          id={id}
          required
          maxLength={1000}
          aria-invalid={missing ? "true" : undefined}
          aria-describedby={describedBy(id, undefined, missing)}
          value={reason}
          onInput={(event) => setReason((event.target as HTMLTextAreaElement).value)}
        />
      </Field>
      <div>
        <ConfirmButton
          label={`Reject application ${a.id}`}
          confirmLabel={`Confirm: reject application ${a.id}`}
          disabled={action.busy}
          check={check}
          onConfirm={reject}
        />
      </div>
      <ActionState action={action} busyText="Rejecting…" />
    </form>
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
      <a href={`#quests${query({ owner: a.owner, quest: id })}`}>
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
  const mark = (value: ComponentChildren, differs: boolean, askedText: string) => (
    <>
      {value}
      {differs ? <span class="op-changed"> (changed; asked: {askedText})</span> : null}
    </>
  );
  const span = (q: { start: string; end: string }) =>
    `${formatDate(q.start)} – ${formatDate(q.end)}`;
  return (
    <>
      {heading}
      <dl class="facts">
        {links}
        <dt>Name</dt>
        <dd>{live.name}</dd>
        <dt>Total points</dt>
        <dd>
          {mark(
            formatNumber(live.total_points),
            live.total_points !== asked.total_points,
            formatNumber(asked.total_points),
          )}
        </dd>
        <dt>Points per completion</dt>
        <dd>
          {mark(
            formatNumber(live.expected_points_per_completion),
            live.expected_points_per_completion !== asked.expected_points_per_completion,
            formatNumber(asked.expected_points_per_completion),
          )}
        </dd>
        <dt>Window</dt>
        <dd>
          {mark(span(live), live.start !== asked.start || live.end !== asked.end, span(asked))}
        </dd>
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
