/**
 * The quest part of the application form: its name, budget, window, action type, link for
 * players, limits per pass and campaign.
 */
import type { ComponentChildren } from "preact";
import {
  ACTION_TYPE_LENGTH_MAX,
  LIST_LIMIT_MAX,
  TEXT_DESCRIPTION_LENGTH_MAX,
} from "../../../src/domain/limits.js";
import { api, call } from "../../client.js";
import { fromLocalInput } from "../../ui/date-input.js";
import { Field } from "../../ui/field.js";
import { formatDate } from "../../ui/format.js";
import { useLoad } from "../../ui/load.js";
import { PASS_WINDOW_CHOICES } from "../shared/quest-play.js";
import {
  CampaignField,
  type Control,
  type Errors,
  inputId,
  type Key,
  LABELS,
  type Values,
} from "./apply-fields.js";

const timeZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return "your time zone";
  }
};

export function QuestFieldset(props: {
  values: Values;
  errors: Errors;
  control: (key: Key, hint: boolean) => Control;
}) {
  const { values, errors, control } = props;
  const [campaigns] = useLoad(
    (signal) =>
      call(api.GET("/campaigns", { params: { query: { limit: LIST_LIMIT_MAX } }, signal })),
    [],
  );
  /** The typed local time in UTC, said after the hint. */
  const utcOf = (key: "quest.start" | "quest.end") => {
    const date = fromLocalInput(values[key]);
    return date ? ` That is ${formatDate(date.toISOString())}.` : "";
  };
  /** One field of the quest: its label, its error and its hint, around `input`. */
  const field = (key: Key, hint: string | undefined, input: ComponentChildren) => (
    <Field id={inputId(key)} label={LABELS[key]} error={errors[key]} hint={hint}>
      {input}
    </Field>
  );
  const numeric = (key: Key) => (
    <input type="text" inputMode="numeric" required autoComplete="off" {...control(key, true)} />
  );
  const optionalNumber = (key: Key) => (
    <input type="text" inputMode="numeric" autoComplete="off" {...control(key, true)} />
  );
  return (
    <fieldset>
      <legend>The quest</legend>
      {field(
        "quest.name",
        undefined,
        <input type="text" required autoComplete="off" {...control("quest.name", false)} />,
      )}
      {field(
        "quest.description",
        `What people do to earn the points. Optional, at most ${TEXT_DESCRIPTION_LENGTH_MAX} characters.`,
        <textarea rows={4} {...control("quest.description", true)} />,
      )}
      <div class="ap-pair">
        {field("quest.total_points", "The quest's whole budget.", numeric("quest.total_points"))}
        {field(
          "quest.expected_points_per_completion",
          "What one completion usually pays.",
          numeric("quest.expected_points_per_completion"),
        )}
      </div>
      <div class="ap-pair">
        {field(
          "quest.start",
          `In your time zone (${timeZone()}).${utcOf("quest.start")}`,
          <input type="datetime-local" required {...control("quest.start", true)} />,
        )}
        {field(
          "quest.end",
          `After the start, in the future.${utcOf("quest.end")}`,
          <input type="datetime-local" required {...control("quest.end", true)} />,
        )}
      </div>
      {field(
        "quest.action_type",
        `Optional: what people do for the points, as a short slug such as swap or daily-login (lower-case letters, digits, _ and -, at most ${ACTION_TYPE_LENGTH_MAX}). Empty means default; the operator may change it.`,
        <input
          type="text"
          autoComplete="off"
          spellcheck={false}
          class="ap-mono"
          {...control("quest.action_type", true)}
        />,
      )}
      {field(
        "quest.url",
        'Optional: where a player does the quest, an https:// address. The quest\'s pages show it as "Do this quest"; nobody fetches it.',
        <input
          type="url"
          autoComplete="url"
          spellcheck={false}
          class="ap-mono"
          placeholder="https://…"
          {...control("quest.url", true)}
        />,
      )}
      <fieldset class="ap-limits">
        <legend>Limits per pass (optional)</legend>
        <p class="hint ap-inline">
          What one pass may get from the quest, against farming: empty means no limit.
        </p>
        <div class="ap-pair">
          {field(
            "quest.pass_points_max",
            "The most points one pass may hold from the quest.",
            optionalNumber("quest.pass_points_max"),
          )}
          {field(
            "quest.pass_payouts_max",
            "The most payouts one pass may receive in each window below.",
            optionalNumber("quest.pass_payouts_max"),
          )}
        </div>
        {field(
          "quest.pass_window",
          "The window the payouts limit counts in.",
          <select {...control("quest.pass_window", true)}>
            {PASS_WINDOW_CHOICES.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>,
        )}
      </fieldset>
      <CampaignField
        campaigns={campaigns}
        error={errors.campaign_id}
        control={control("campaign_id", true)}
      />
    </fieldset>
  );
}
