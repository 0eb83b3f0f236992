/**
 * The quest application form's fields: their names (as the API names them), labels and bounds,
 * the page's own checks, the request body, the API's field errors placed on the inputs, and the
 * campaign field (the active campaigns, loaded by the page).
 */
import {
  ACTION_TYPE_LENGTH_MAX as ACTION_TYPE_MAX,
  TEXT_DESCRIPTION_LENGTH_MAX as DESCRIPTION_MAX,
  TEXT_NAME_LENGTH_MAX as NAME_MAX,
  POINTS_MAX,
} from "../../../src/domain/limits.js";
import type { PassWindow } from "../../../src/domain/pass-limits.js";
import type { Answer, ApiError } from "../../client.js";
import { parsePassAddress } from "../../pass-address.js";
import { fromLocalInput } from "../../ui/date-input.js";
import { Field } from "../../ui/field.js";
import { formatDate } from "../../ui/format.js";
import type { Loaded } from "../../ui/load.js";
import { type Typed, typedPassLimit, typedPlayUrl } from "../shared/quest-play.js";

/** Every input, named as the API names its field (`errors[].field`), in the form's order. */
export const KEYS = [
  "project",
  "contact",
  "owner",
  "quest.name",
  "quest.description",
  "quest.total_points",
  "quest.expected_points_per_completion",
  "quest.start",
  "quest.end",
  "quest.action_type",
  "quest.url",
  "quest.pass_points_max",
  "quest.pass_payouts_max",
  "quest.pass_window",
  "campaign_id",
  "message",
] as const;
export type Key = (typeof KEYS)[number];
export type Values = Record<Key, string>;
export type Errors = Partial<Record<Key, string>>;

export const LABELS: Record<Key, string> = {
  project: "Project",
  contact: "Contact",
  owner: "Owner pass address (optional)",
  "quest.name": "Quest name",
  "quest.description": "Quest description (optional)",
  "quest.total_points": "Total points",
  "quest.expected_points_per_completion": "Expected points per completion",
  "quest.start": "Start",
  "quest.end": "End",
  "quest.action_type": "Action type (optional)",
  "quest.url": "Link for players (optional)",
  "quest.pass_points_max": "Most points per pass (optional)",
  "quest.pass_payouts_max": "Most payouts per pass (optional)",
  "quest.pass_window": "Payouts counted per",
  campaign_id: "Campaign (optional)",
  message: "Message to the operator (optional)",
};

// The API's bounds: src/domain/limits.ts, and src/domain/applications.ts for these three (that
// module uses node:crypto, so the page cannot import it).
export const PROJECT_MAX = 200;
const CONTACT_MAX = 320;
const MESSAGE_MAX = 5000;
const ACTION_TYPE_SHAPE = /^[a-z0-9][a-z0-9_-]*$/;

/** What every input of the form gets. */
export interface Control {
  id: string;
  name: string;
  value: string;
  onInput: (event: Event) => void;
  "aria-invalid": "true" | undefined;
  "aria-describedby": string | undefined;
}

export const inputId = (key: Key) => `apply-${key.replace(/[._]/g, "-")}`;

/** A new form: every field empty, the payouts counted over the quest's life (the default). */
export const EMPTY: Values = {
  ...(Object.fromEntries(KEYS.map((key) => [key, ""])) as Values),
  "quest.pass_window": "quest",
};

/** A whole number of points as typed ("1 000" and "1,000" too), or a message. */
function parsePoints(text: string): number | string {
  const plain = text.trim().replace(/[\s,_]/g, "");
  if (plain === "") return "Enter a number of points.";
  if (!/^\d+$/.test(plain)) return "Enter a whole number of points (digits only, 0 or more).";
  const n = Number(plain);
  if (!Number.isSafeInteger(n) || n > POINTS_MAX) {
    return `Enter at most ${POINTS_MAX.toLocaleString("en-US")} points.`;
  }
  return n;
}

function tooLong(text: string, max: number): string | undefined {
  return text.length > max ? `Use at most ${max} characters (this has ${text.length}).` : undefined;
}

/** The page's own checks: what is plainly wrong before anything is sent. */
export function validate(values: Values, now = new Date()): Errors {
  const errors: Errors = {};
  const required = (key: Key, message: string) => {
    if (values[key].trim() === "") errors[key] = message;
  };
  required("project", "Enter your project's name.");
  errors.project ??= tooLong(values.project.trim(), PROJECT_MAX);
  required("contact", "Enter an e-mail address or a handle the operator can reach you at.");
  errors.contact ??= tooLong(values.contact.trim(), CONTACT_MAX);
  const owner = values.owner.trim();
  if (owner !== "") {
    const parsed = parsePassAddress(owner);
    if ("error" in parsed) errors.owner = parsed.error;
  }
  required("quest.name", "Enter the quest's name.");
  errors["quest.name"] ??= tooLong(values["quest.name"].trim(), NAME_MAX);
  errors["quest.description"] = tooLong(values["quest.description"], DESCRIPTION_MAX);
  for (const key of ["quest.total_points", "quest.expected_points_per_completion"] as const) {
    const points = parsePoints(values[key]);
    if (typeof points === "string") errors[key] = points;
  }
  const start = fromLocalInput(values["quest.start"]);
  const end = fromLocalInput(values["quest.end"]);
  if (!values["quest.start"]) errors["quest.start"] = "Choose when the quest starts.";
  else if (!start) errors["quest.start"] = "Enter a valid date and time.";
  if (!values["quest.end"]) errors["quest.end"] = "Choose when the quest ends.";
  else if (!end) errors["quest.end"] = "Enter a valid date and time.";
  else if (start && end.getTime() <= start.getTime()) {
    errors["quest.end"] = "The end must be after the start.";
  } else if (end.getTime() <= now.getTime()) {
    errors["quest.end"] = "The end must be in the future.";
  }
  const actionType = values["quest.action_type"].trim();
  if (actionType !== "") {
    if (actionType.length > ACTION_TYPE_MAX) {
      errors["quest.action_type"] = `Use at most ${ACTION_TYPE_MAX} characters.`;
    } else if (!ACTION_TYPE_SHAPE.test(actionType)) {
      errors["quest.action_type"] =
        "Use lower-case letters, digits, _ and - only, starting with a letter or a digit.";
    }
  }
  for (const key of ["quest.pass_points_max", "quest.pass_payouts_max"] as const) {
    const limit = typedPassLimit(values[key]);
    if ("error" in limit) errors[key] = limit.error;
  }
  const url = typedPlayUrl(values["quest.url"]);
  if ("error" in url) errors["quest.url"] = url.error;
  errors.message = tooLong(values.message.trim(), MESSAGE_MAX);
  for (const key of KEYS) if (errors[key] === undefined) delete errors[key];
  return errors;
}

/** The value of a field that passed `validate` (a refused one is left out). */
function typedValue<T>(typed: Typed<T>): T | undefined {
  return "value" in typed ? typed.value : undefined;
}

/**
 * The link and the limits per pass asked for, as the application's `quest` takes them: only
 * those named, and the window when a payouts limit counts in it or another one was chosen.
 */
function questPlayBody(values: Values) {
  const url = typedValue(typedPlayUrl(values["quest.url"]));
  const pointsMax = typedValue(typedPassLimit(values["quest.pass_points_max"]));
  const payoutsMax = typedValue(typedPassLimit(values["quest.pass_payouts_max"]));
  const window = values["quest.pass_window"] as PassWindow;
  return {
    ...(url ? { url } : {}),
    ...(pointsMax ? { pass_points_max: pointsMax } : {}),
    ...(payoutsMax ? { pass_payouts_max: payoutsMax } : {}),
    ...(payoutsMax || window !== "quest" ? { pass_window: window } : {}),
  };
}

/** The request body but its proof, from values that passed `validate`, for `owner`. */
export function toBody(values: Values, owner: `0x${string}`) {
  const actionType = values["quest.action_type"].trim();
  const description = values["quest.description"].trim();
  const message = values.message.trim();
  return {
    project: values.project.trim(),
    contact: values.contact.trim(),
    owner,
    quest: {
      name: values["quest.name"].trim(),
      ...(description ? { description } : {}),
      total_points: parsePoints(values["quest.total_points"]) as number,
      expected_points_per_completion: parsePoints(
        values["quest.expected_points_per_completion"],
      ) as number,
      start: fromLocalInput(values["quest.start"])!.toISOString(),
      end: fromLocalInput(values["quest.end"])!.toISOString(),
      ...(actionType ? { action_type: actionType } : {}),
      ...questPlayBody(values),
    },
    ...(values.campaign_id ? { campaign_id: Number(values.campaign_id) } : {}),
    ...(message ? { message } : {}),
  };
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The API's field errors on the inputs they name (the owner proof's on the owner, whom it
 * proves); the rest stay for the summary.
 */
export function mapApiErrors(error: ApiError): { fields: Errors; other: string[] } {
  const fields: Errors = {};
  const other: string[] = [];
  for (const e of error.errors) {
    const proof = /^proof(\.|$)/.test(e.field);
    const key = proof ? "owner" : KEYS.find((k) => k === e.field);
    if (key) {
      const said = proof ? proofSays(e.field, e.message) : capitalize(e.message);
      const message = `${said}.`.replace(/\.\.$/, ".");
      fields[key] = fields[key] ? `${fields[key]} ${message}` : message;
    } else {
      other.push(`${e.field}: ${e.message}`);
    }
  }
  return { fields, other };
}

/**
 * A proof's field error in words: `proof` "proves 0x…, not the owner 0x…", `proof.message.
 * issued-at` "is in the future…" → "The owner proof's issued-at is in the future…".
 */
function proofSays(field: string, message: string): string {
  const part = field.replace(/^proof\.?/, "").replace(/^message\.(?=.)/, "");
  return part ? `The owner proof's ${part} ${message}` : `The owner proof ${message}`;
}

/** The request body but its proof. */
export type Body = ReturnType<typeof toBody>;

type Campaigns = Answer<"/campaigns", "get">;

/** The optional campaign: the active ones from `GET /campaigns`, or a note if they cannot load. */
export function CampaignField(props: {
  campaigns: Loaded<Campaigns>;
  error: string | undefined;
  control: Control;
}) {
  const { campaigns, control } = props;
  const items = campaigns.state === "ok" ? campaigns.data.items : [];
  const hint =
    campaigns.state === "loading"
      ? "Loading the active campaigns…"
      : campaigns.state === "error"
        ? `The campaigns could not be loaded (${campaigns.error.detail}) You can apply without one; the operator can add it.`
        : items.length === 0
          ? "There is no active campaign right now; leave this empty."
          : "Optional: an active campaign the quest should belong to.";
  return (
    <Field id={control.id} label={LABELS.campaign_id} error={props.error} hint={hint}>
      <select {...control} disabled={campaigns.state !== "ok" || items.length === 0}>
        <option value="">No campaign</option>
        {items.map((campaign) => (
          <option key={campaign.id} value={String(campaign.id)}>
            {campaign.name} (until {formatDate(campaign.end)})
          </option>
        ))}
      </select>
    </Field>
  );
}
