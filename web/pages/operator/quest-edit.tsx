/**
 * One quest edited in the operator console as the CLI edits it: the changed fields, as a patch;
 * its limits per pass and its link for players too, each cleared by emptying it.
 */
import { useState } from "preact/hooks";
import { ApiError, adminHeaders, api, call } from "../../client.js";
import { useAction } from "../../ui/action.js";
import { fromUtcInput, toUtcInput } from "../../ui/date-input.js";
import { describedBy, Field, inputValue } from "../../ui/field.js";
import { ErrorBox } from "../../ui/status.js";
import {
  limitsInWords,
  PASS_WINDOW_CHOICES,
  typedPassLimit,
  typedPlayUrl,
} from "../shared/quest-play.js";
import type { AdminQuest, Campaign } from "./answers.js";
import { Panel } from "./panel.js";

type FieldError = ApiError["errors"][number];

interface QuestFields {
  name: string;
  description: string;
  total_points: string;
  expected_points_per_completion: string;
  start: string;
  end: string;
  is_public: string;
  is_active: string;
  campaign_id: string;
  action_type: string;
  pass_points_max: string;
  pass_payouts_max: string;
  pass_window: string;
  url: string;
}

const fieldsOf = (q: AdminQuest): QuestFields => ({
  name: q.name,
  description: q.description,
  total_points: String(q.total_points),
  expected_points_per_completion: String(q.expected_points_per_completion),
  start: toUtcInput(q.start),
  end: toUtcInput(q.end),
  is_public: String(q.is_public),
  is_active: String(q.is_active),
  campaign_id: q.campaign_id === null ? "" : String(q.campaign_id),
  action_type: q.action_type,
  pass_points_max: q.pass_points_max === null ? "" : String(q.pass_points_max),
  pass_payouts_max: q.pass_payouts_max === null ? "" : String(q.pass_payouts_max),
  pass_window: q.pass_window,
  url: q.url ?? "",
});

/** The labels, in the form's order; a field error names its field by the API's name. */
const LABELS: Record<keyof QuestFields, string> = {
  name: "Name",
  description: "Description",
  total_points: "Total points",
  expected_points_per_completion: "Points per completion",
  start: "Start (UTC)",
  end: "End (UTC)",
  is_public: "Listed publicly",
  is_active: "Enabled",
  campaign_id: "Campaign",
  action_type: "Action type",
  pass_points_max: "Most points per pass",
  pass_payouts_max: "Most payouts per pass",
  pass_window: "Payouts counted per",
  url: "Link for players",
};

const LIMIT_HINT = "A whole number; empty: no limit.";
const URL_HINT =
  'Where a player does the quest: an https:// address, shown as "Do this quest" on the public pages, never fetched. Empty: none.';

/**
 * The changed fields as `PATCH /admin/quests/{id}` takes them, or the page's own field errors
 * (a number that is not a whole number, a date that cannot be read).
 */
function patchOf(
  typed: QuestFields,
  before: QuestFields,
): { body: Record<string, unknown> } | { errors: FieldError[] } {
  const body: Record<string, unknown> = {};
  const errors: FieldError[] = [];
  for (const name of Object.keys(LABELS) as (keyof QuestFields)[]) {
    const value = name === "description" ? typed[name] : typed[name].trim();
    if (value === before[name]) continue;
    switch (name) {
      case "total_points":
      case "expected_points_per_completion":
        if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value))) {
          errors.push({ field: name, message: "Type a whole number (digits only)." });
        } else body[name] = Number(value);
        break;
      case "start":
      case "end": {
        const iso = fromUtcInput(value);
        if (iso === undefined) errors.push({ field: name, message: "Choose a date and time." });
        else body[name] = iso;
        break;
      }
      case "is_public":
      case "is_active":
        body[name] = value === "true";
        break;
      case "campaign_id":
        body[name] = value === "" ? null : Number(value);
        break;
      case "pass_points_max":
      case "pass_payouts_max":
      case "url": {
        const checked = name === "url" ? typedPlayUrl(value) : typedPassLimit(value);
        if ("error" in checked) errors.push({ field: name, message: checked.error });
        else body[name] = checked.value;
        break;
      }
      default:
        body[name] = value;
    }
  }
  return errors.length > 0 ? { errors } : { body };
}

/** The typed limits in the public pages' words; undefined while one is no number. */
function typedLimitsInWords(typed: QuestFields): string[] | undefined {
  const points = typedPassLimit(typed.pass_points_max);
  const payouts = typedPassLimit(typed.pass_payouts_max);
  if ("error" in points || "error" in payouts) return undefined;
  return limitsInWords({
    pass_points_max: points.value,
    pass_payouts_max: payouts.value,
    pass_window: typed.pass_window as AdminQuest["pass_window"],
  });
}

/** The API's field (`total_points`, `/end`) as this form's field, if it is one. */
const formField = (field: string) => {
  const name = field.replace(/^\//, "");
  return name in LABELS ? (name as keyof QuestFields) : undefined;
};

export function EditQuest(props: {
  token: string;
  quest: AdminQuest;
  campaigns: Map<number, Campaign> | undefined;
  onClose: () => void;
  onSaved: (quest: AdminQuest, changed: string[]) => void;
}) {
  const { quest } = props;
  const before = fieldsOf(quest);
  const [typed, setTyped] = useState(before);
  const [failure, setFailure] = useState<ApiError | null>(null);
  const save = useAction<AdminQuest>();
  const busy = save.busy;
  const [unchanged, setUnchanged] = useState(false);
  const id = (name: keyof QuestFields) => `op-quest-edit-${name}`;
  const errorOf = (name: keyof QuestFields) =>
    failure?.errors.find((e) => formField(e.field) === name)?.message;
  const set = (name: keyof QuestFields) => (event: Event) =>
    setTyped({ ...typed, [name]: inputValue(event) });
  /** Shows a refusal: its field errors at their fields (the first one focused), the rest on top. */
  const refuse = (error: ApiError) => {
    setFailure(error);
    const first = error.errors.map((e) => formField(e.field)).find(Boolean);
    // After the render that shows the errors, so the field's error is read with it.
    if (first) setTimeout(() => document.getElementById(id(first))?.focus());
  };

  const submit = async (event: Event) => {
    event.preventDefault();
    if (save.running()) return;
    // A new attempt: the last one's errors no longer describe the form.
    setFailure(null);
    setUnchanged(false);
    const patch = patchOf(typed, before);
    if ("errors" in patch) {
      refuse(new ApiError(0, "CLIENT", "Check the marked fields.", undefined, patch.errors));
      return;
    }
    const changed = Object.keys(patch.body);
    if (changed.length === 0) {
      setUnchanged(true);
      return;
    }
    const saved = await save.run(
      () =>
        call(
          api.PATCH("/admin/quests/{questId}", {
            params: { path: { questId: quest.id } },
            body: patch.body,
            headers: adminHeaders(props.token),
          }),
        ),
      refuse,
    );
    if (saved) {
      props.onSaved(
        saved,
        changed.map((name) => LABELS[name as keyof QuestFields].toLowerCase()),
      );
    }
  };
  const unplaced = failure
    ? new ApiError(
        failure.status,
        failure.code,
        failure.detail,
        failure.requestId,
        failure.errors.filter((e) => !formField(e.field)),
      )
    : null;

  const text = (
    name: keyof QuestFields,
    attributes: Record<string, unknown> = {},
    hint?: string,
  ) => (
    <Field id={id(name)} label={LABELS[name]} error={errorOf(name)} hint={hint}>
      <input
        id={id(name)}
        type="text"
        autocomplete="off"
        aria-invalid={errorOf(name) ? "true" : undefined}
        aria-describedby={describedBy(id(name), hint, errorOf(name))}
        value={typed[name]}
        onInput={set(name)}
        {...attributes}
      />
    </Field>
  );
  const choice = (name: keyof QuestFields, options: [string, string][]) => (
    <Field id={id(name)} label={LABELS[name]} error={errorOf(name)}>
      <select
        id={id(name)}
        aria-invalid={errorOf(name) ? "true" : undefined}
        aria-describedby={describedBy(id(name), undefined, errorOf(name))}
        value={typed[name]}
        onChange={set(name)}
      >
        {options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </Field>
  );
  const campaignOptions: [string, string][] = [
    ["", "No campaign"],
    ...[...(props.campaigns?.values() ?? [])].map((c): [string, string] => [
      String(c.id),
      `${c.name} (${c.id})${c.is_active ? "" : ", inactive"}`,
    ]),
  ];
  const limits = typedLimitsInWords(typed);
  if (quest.campaign_id !== null && !props.campaigns?.has(quest.campaign_id)) {
    campaignOptions.push([String(quest.campaign_id), `campaign ${quest.campaign_id}`]);
  }
  return (
    <Panel
      id="op-quest-edit"
      focusKey={quest.id}
      title={
        <>
          Edit quest {quest.id}: {quest.name}
        </>
      }
    >
      <p class="hint">
        Only the fields you change are sent. Raising the total points raises the points left by as
        much; the total cannot go below what was paid out.
      </p>
      <form onSubmit={submit} aria-labelledby="op-quest-edit-title" noValidate class="op-subform">
        {unplaced ? <ErrorBox error={unplaced} lead="Not saved." /> : null}
        <div class="op-grid">
          {text("name")}
          <Field id={id("description")} label={LABELS.description} error={errorOf("description")}>
            <textarea
              id={id("description")}
              aria-invalid={errorOf("description") ? "true" : undefined}
              aria-describedby={describedBy(id("description"), undefined, errorOf("description"))}
              value={typed.description}
              onInput={set("description")}
            />
          </Field>
          {text("total_points", { inputMode: "numeric" })}
          {text("expected_points_per_completion", { inputMode: "numeric" })}
          {text("start", { type: "datetime-local" })}
          {text("end", { type: "datetime-local" })}
          {choice("is_public", [
            ["true", "public"],
            ["false", "private"],
          ])}
          {choice("is_active", [
            ["true", "enabled"],
            ["false", "disabled"],
          ])}
          {choice("campaign_id", campaignOptions)}
          {text(
            "action_type",
            { spellcheck: false },
            "Lower-case letters, digits, _ and -, up to 64 characters.",
          )}
          {text("url", { type: "url", spellcheck: false, placeholder: "https://…" }, URL_HINT)}
        </div>
        <fieldset class="op-fieldset">
          <legend>Limits per pass</legend>
          <div class="op-grid">
            {text("pass_points_max", { inputMode: "numeric" }, LIMIT_HINT)}
            {text("pass_payouts_max", { inputMode: "numeric" }, LIMIT_HINT)}
            {choice("pass_window", PASS_WINDOW_CHOICES)}
          </div>
          <p class="hint">
            {limits === undefined
              ? "Players read the limits once both are whole numbers or empty."
              : limits.length === 0
                ? "Players read: no limit per pass."
                : `Players read: ${limits.join("; ")}.`}{" "}
            A changed limit applies to later allocations only.
          </p>
        </fieldset>
        <div class="row">
          <button type="submit" disabled={busy}>
            Save quest {quest.id}
          </button>
          <button type="button" class="secondary" onClick={props.onClose}>
            Close
          </button>
        </div>
        {busy ? (
          <p class="loading" role="status">
            Saving…
          </p>
        ) : null}
        {unchanged ? (
          <p class="hint" role="status">
            Nothing was changed: there is nothing to save.
          </p>
        ) : null}
      </form>
    </Panel>
  );
}
