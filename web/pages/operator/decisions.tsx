/**
 * The operator's decision on a pending application: approve it (every override left empty keeps
 * what was asked) or reject it (with a reason the applicant reads, after a second click).
 */
import type { InputHTMLAttributes } from "preact";
import { useState } from "preact/hooks";
import { ApiError, adminHeaders, api, call } from "../../client.js";
import { ActionState, useAction } from "../../ui/action.js";
import { ConfirmButton } from "../../ui/confirm-button.js";
import { fromUtcInput } from "../../ui/date-input.js";
import { describedBy, Field, inputValue } from "../../ui/field.js";
import { formatDate, formatNumber } from "../../ui/format.js";
import {
  PASS_WINDOW_CHOICES,
  type Typed,
  typedPassLimit,
  typedPlayUrl,
} from "../shared/quest-play.js";
import type { Campaign, OperatorApplication } from "./answers.js";
import { numberOrUndefined } from "./forms.js";
import { campaignName } from "./lookups.js";

/**
 * REJECT_REASON_LENGTH_MAX of src/domain/applications.ts, which the page cannot import (that
 * module uses node:crypto).
 */
const REASON_MAX = 1000;

/** The inputs of the approval's overrides: a whole number, a date and time in UTC. */
const WHOLE: InputHTMLAttributes = { type: "number", min: 0, step: 1, inputMode: "numeric" };
const DATE: InputHTMLAttributes = { type: "datetime-local" };
const LIMIT: InputHTMLAttributes = { type: "number", min: 1, step: 1, inputMode: "numeric" };

const windowLabel = (window: string) =>
  PASS_WINDOW_CHOICES.find(([value]) => value === window)?.[1] ?? window;

/** An override typed in: its value, or the page's refusal naming the field. */
function overrideOf<T>(typed: Typed<T>, field: string): T {
  if ("value" in typed) return typed.value;
  throw new ApiError(0, "CLIENT", `${field}: ${typed.error}`, undefined, [
    { field, message: typed.error },
  ]);
}

/** The approval's overrides: every field empty means "as requested". */
export function ApproveForm(props: {
  token: string;
  application: OperatorApplication;
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
    url: "",
    pointsMax: "",
    payoutsMax: "",
    window: "",
  });
  const set = (name: keyof typeof fields) => (event: Event) =>
    setFields({ ...fields, [name]: inputValue(event) });
  /** A field left empty to keep what was asked, which its hint says. */
  const asked = (
    name: keyof typeof fields,
    idName: string,
    label: string,
    askedText: string,
    input: InputHTMLAttributes,
  ) => (
    <Field id={id(idName)} label={label} hint={`Asked: ${askedText}`}>
      <input
        id={id(idName)}
        {...input}
        aria-describedby={describedBy(id(idName), true)}
        value={fields[name]}
        onInput={set(name)}
      />
    </Field>
  );
  const action = useAction<OperatorApplication>();
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
      // Empty keeps what was asked; a limit or the link is cleared by editing the quest after.
      const url = overrideOf(typedPlayUrl(fields.url), "Link for players");
      if (url !== null) body.url = url;
      const pointsMax = overrideOf(typedPassLimit(fields.pointsMax), "Most points per pass");
      if (pointsMax !== null) body.pass_points_max = pointsMax;
      const payoutsMax = overrideOf(typedPassLimit(fields.payoutsMax), "Most payouts per pass");
      if (payoutsMax !== null) body.pass_payouts_max = payoutsMax;
      if (fields.window) body.pass_window = fields.window;
      return call(
        api.POST("/admin/applications/{id}/approve", {
          params: { path: { id: a.id } },
          body,
          headers: adminHeaders(props.token),
        }),
      );
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
        {asked("total", "total", "Total points", formatNumber(a.quest.total_points), WHOLE)}
        {asked(
          "per",
          "per",
          "Points per completion",
          `${a.quest.expected_points_per_completion}`,
          WHOLE,
        )}
        {asked("start", "start", "Start (UTC)", formatDate(a.quest.start), DATE)}
        {asked("end", "end", "End (UTC)", formatDate(a.quest.end), DATE)}
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
        {asked("actionType", "action", "Action type", a.quest.action_type ?? "default", {
          type: "text",
          autocomplete: "off",
        })}
        {asked("url", "url", "Link for players", a.quest.url ?? "none", {
          type: "url",
          autocomplete: "off",
          spellcheck: false,
        })}
        {asked(
          "pointsMax",
          "points-max",
          "Most points per pass",
          a.quest.pass_points_max == null ? "no limit" : formatNumber(a.quest.pass_points_max),
          LIMIT,
        )}
        {asked(
          "payoutsMax",
          "payouts-max",
          "Most payouts per pass",
          a.quest.pass_payouts_max == null ? "no limit" : formatNumber(a.quest.pass_payouts_max),
          LIMIT,
        )}
        <Field id={id("window")} label="Payouts counted per">
          <select id={id("window")} value={fields.window} onChange={set("window")}>
            <option value="">As requested ({windowLabel(a.quest.pass_window ?? "quest")})</option>
            {PASS_WINDOW_CHOICES.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
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
export function RejectForm(props: {
  token: string;
  application: OperatorApplication;
  onDecided: (message: string) => void;
}) {
  const a = props.application;
  const id = `op-app-${a.id}-reason`;
  const [reason, setReason] = useState("");
  const [missing, setMissing] = useState(false);
  const action = useAction<OperatorApplication>();
  const check = () => {
    setMissing(!reason.trim());
    return reason.trim() !== "";
  };
  const reject = async () => {
    const rejected = await action.run(() =>
      call(
        api.POST("/admin/applications/{id}/reject", {
          params: { path: { id: a.id } },
          body: { reason: reason.trim() },
          headers: adminHeaders(props.token),
        }),
      ),
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
          maxLength={REASON_MAX}
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
