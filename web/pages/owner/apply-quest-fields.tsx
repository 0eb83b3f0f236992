/** The quest part of the application form: its name, budget, window, action type and campaign. */
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
  return (
    <fieldset>
      <legend>The quest</legend>
      <Field id={inputId("quest.name")} label={LABELS["quest.name"]} error={errors["quest.name"]}>
        <input type="text" required autoComplete="off" {...control("quest.name", false)} />
      </Field>
      <Field
        id={inputId("quest.description")}
        label={LABELS["quest.description"]}
        error={errors["quest.description"]}
        hint={`What people do to earn the points. Optional, at most ${TEXT_DESCRIPTION_LENGTH_MAX} characters.`}
      >
        <textarea rows={4} {...control("quest.description", true)} />
      </Field>
      <div class="ap-pair">
        <Field
          id={inputId("quest.total_points")}
          label={LABELS["quest.total_points"]}
          error={errors["quest.total_points"]}
          hint="The quest's whole budget."
        >
          <input
            type="text"
            inputMode="numeric"
            required
            autoComplete="off"
            {...control("quest.total_points", true)}
          />
        </Field>
        <Field
          id={inputId("quest.expected_points_per_completion")}
          label={LABELS["quest.expected_points_per_completion"]}
          error={errors["quest.expected_points_per_completion"]}
          hint="What one completion usually pays."
        >
          <input
            type="text"
            inputMode="numeric"
            required
            autoComplete="off"
            {...control("quest.expected_points_per_completion", true)}
          />
        </Field>
      </div>
      <div class="ap-pair">
        <Field
          id={inputId("quest.start")}
          label={LABELS["quest.start"]}
          error={errors["quest.start"]}
          hint={`In your time zone (${timeZone()}).${utcOf("quest.start")}`}
        >
          <input type="datetime-local" required {...control("quest.start", true)} />
        </Field>
        <Field
          id={inputId("quest.end")}
          label={LABELS["quest.end"]}
          error={errors["quest.end"]}
          hint={`After the start, in the future.${utcOf("quest.end")}`}
        >
          <input type="datetime-local" required {...control("quest.end", true)} />
        </Field>
      </div>
      <Field
        id={inputId("quest.action_type")}
        label={LABELS["quest.action_type"]}
        error={errors["quest.action_type"]}
        hint={`Optional: what people do for the points, as a short slug such as swap or daily-login (lower-case letters, digits, _ and -, at most ${ACTION_TYPE_LENGTH_MAX}). Empty means default; the operator may change it.`}
      >
        <input
          type="text"
          autoComplete="off"
          spellcheck={false}
          class="ap-mono"
          {...control("quest.action_type", true)}
        />
      </Field>
      <CampaignField
        campaigns={campaigns}
        error={errors.campaign_id}
        control={control("campaign_id", true)}
      />
    </fieldset>
  );
}
