import "./apply.css";
import { useLayoutEffect, useState } from "preact/hooks";
import { type ApiError, api, PASS_ADDRESS } from "../api.js";
import type { Campaign } from "../types.js";
import {
  asApiError,
  describedBy,
  Field,
  formatDate,
  fromLocalInput,
  Layout,
  type Loaded,
  useLoad,
} from "../ui.js";

/**
 * The quest application form (`POST /applications`). What the page can tell before sending
 * (required fields, numbers, the window, the address's shape) it says next to each field; what
 * only the service can tell (an address's checksum, a campaign that does not exist…) comes back
 * as the problem's field errors and is shown the same way, with the problem's detail on top.
 * On 201 the applicant goes to the status page with the token in the URL fragment only.
 */

/** Every input, named as the API names its field (`errors[].field`), in the form's order. */
const KEYS = [
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
  "campaign_id",
  "message",
] as const;
type Key = (typeof KEYS)[number];
type Values = Record<Key, string>;
type Errors = Partial<Record<Key, string>>;

const LABELS: Record<Key, string> = {
  project: "Project",
  contact: "Contact",
  owner: "Owner pass address",
  "quest.name": "Quest name",
  "quest.description": "Quest description (optional)",
  "quest.total_points": "Total points",
  "quest.expected_points_per_completion": "Expected points per completion",
  "quest.start": "Start",
  "quest.end": "End",
  "quest.action_type": "Action type (optional)",
  campaign_id: "Campaign (optional)",
  message: "Message to the operator (optional)",
};

// The API's bounds (src/http/schemas/applications.ts, src/domain/limits.ts).
const PROJECT_MAX = 200;
const CONTACT_MAX = 320;
const NAME_MAX = 200;
const DESCRIPTION_MAX = 5000;
const MESSAGE_MAX = 5000;
const ACTION_TYPE_MAX = 64;
const POINTS_MAX = Number.MAX_SAFE_INTEGER;
const ACTION_TYPE_SHAPE = /^[a-z0-9][a-z0-9_-]*$/;

/** What every input of the form gets. */
interface Control {
  id: string;
  name: string;
  value: string;
  onInput: (event: Event) => void;
  "aria-invalid": "true" | undefined;
  "aria-describedby": string | undefined;
}

const inputId = (key: Key) => `apply-${key.replace(/[._]/g, "-")}`;

const EMPTY: Values = Object.fromEntries(KEYS.map((key) => [key, ""])) as Values;

type CampaignItem = Pick<Campaign, "id" | "name" | "end">;

interface Submitted {
  id: number;
  status: "pending";
  created_at: string;
  token: string;
}

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
  if (owner === "") errors.owner = "Enter the pass address that will own the quest.";
  else if (!PASS_ADDRESS.test(owner)) {
    errors.owner = "Enter a pass address: 0x followed by 40 hexadecimal digits (0-9, a-f).";
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
  errors.message = tooLong(values.message.trim(), MESSAGE_MAX);
  for (const key of KEYS) if (errors[key] === undefined) delete errors[key];
  return errors;
}

/** The request body, from values that passed `validate`. */
function toBody(values: Values) {
  const actionType = values["quest.action_type"].trim();
  const message = values.message.trim();
  return {
    project: values.project.trim(),
    contact: values.contact.trim(),
    owner: values.owner.trim(),
    quest: {
      name: values["quest.name"].trim(),
      description: values["quest.description"].trim(),
      total_points: parsePoints(values["quest.total_points"]) as number,
      expected_points_per_completion: parsePoints(
        values["quest.expected_points_per_completion"],
      ) as number,
      start: fromLocalInput(values["quest.start"])!.toISOString(),
      end: fromLocalInput(values["quest.end"])!.toISOString(),
      ...(actionType ? { action_type: actionType } : {}),
    },
    ...(values.campaign_id ? { campaign_id: Number(values.campaign_id) } : {}),
    ...(message ? { message } : {}),
  };
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The API's field errors on the inputs they name; the rest stay for the summary. */
function mapApiErrors(error: ApiError): { fields: Errors; other: string[] } {
  const fields: Errors = {};
  const other: string[] = [];
  for (const e of error.errors) {
    const key = KEYS.find((k) => k === e.field);
    if (key) {
      const message = `${capitalize(e.message)}.`.replace(/\.\.$/, ".");
      fields[key] = fields[key] ? `${fields[key]} ${message}` : message;
    } else {
      other.push(`${e.field}: ${e.message}`);
    }
  }
  return { fields, other };
}

const timeZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return "your time zone";
  }
};

export function ApplyPage(_props: Record<string, string>) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  /** The API's refusal: its detail and the field errors no input matches. */
  const [problem, setProblem] = useState<{ detail: string; other: string[] } | null>(null);
  const [sending, setSending] = useState(false);
  /** Bumped when the first invalid field should take the focus. */
  const [focusRequest, setFocusRequest] = useState(0);

  const [campaigns] = useLoad(
    (signal) => api<{ items: CampaignItem[] }>("/campaigns?limit=500", { signal }),
    [],
  );

  useLayoutEffect(() => {
    if (focusRequest === 0) return;
    const first = KEYS.find((key) => errors[key]);
    // Without a field to fix (a rate limit, an unreachable service), the problem takes the focus.
    document.getElementById(first ? inputId(first) : "apply-problem")?.focus();
  }, [focusRequest]);

  const set = (key: Key) => (event: Event) => {
    const value = (event.currentTarget as HTMLInputElement).value;
    setValues((current) => ({ ...current, [key]: value }));
    if (errors[key]) {
      setErrors((current) => {
        const { [key]: _gone, ...rest } = current;
        return rest;
      });
    }
  };

  const submit = async (event: Event) => {
    event.preventDefault();
    if (sending) return;
    const found = validate(values);
    setProblem(null);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setFocusRequest((n) => n + 1);
      return;
    }
    setSending(true);
    try {
      const submitted = await api<Submitted>("/applications", {
        method: "POST",
        body: toBody(values),
      });
      // The token rides in the fragment: browsers never send it to the server.
      location.assign(
        `/app/applications/${submitted.id}#token=${encodeURIComponent(submitted.token)}`,
      );
    } catch (error) {
      const refusal = asApiError(error);
      const { fields, other } = mapApiErrors(refusal);
      setErrors(fields);
      setProblem({ detail: refusal.message, other });
      setSending(false);
      setFocusRequest((n) => n + 1);
    }
  };

  /** Props every input shares: id, value, validity, and what describes it. */
  const control = (key: Key, hint: boolean): Control => {
    const id = inputId(key);
    return {
      id,
      name: key,
      value: values[key],
      onInput: set(key),
      "aria-invalid": errors[key] ? ("true" as const) : undefined,
      "aria-describedby": describedBy(id, hint, errors[key]),
    };
  };

  const summary = KEYS.filter((key) => errors[key]);
  const utcOf = (key: "quest.start" | "quest.end") => {
    const date = fromLocalInput(values[key]);
    return date ? ` That is ${formatDate(date.toISOString())}.` : "";
  };

  return (
    <Layout title="Apply for a quest">
      <p class="ap-lead">
        Ask the operator for a quest and its API keys. Once your application is approved, you claim
        a live key and a test key on your application's page. Every field is required unless it says
        optional.
      </p>
      {problem || summary.length > 0 ? (
        <div class="error ap-summary" role="alert" id="apply-problem" tabIndex={-1}>
          <p>
            <strong>
              {problem ? problem.detail : "The application was not sent: check these fields."}
            </strong>
          </p>
          {summary.length > 0 || (problem?.other.length ?? 0) > 0 ? (
            <ul>
              {summary.map((key) => (
                <li key={key}>
                  <a
                    href={`#${inputId(key)}`}
                    onClick={(event) => {
                      event.preventDefault();
                      document.getElementById(inputId(key))?.focus();
                    }}
                  >
                    {LABELS[key]}
                  </a>
                  : {errors[key]}
                </li>
              ))}
              {problem?.other.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <form class="ap-form" noValidate onSubmit={submit} aria-label="Quest application">
        <fieldset>
          <legend>You</legend>
          <Field
            id={inputId("project")}
            label={LABELS.project}
            error={errors.project}
            hint={`Your project or company, at most ${PROJECT_MAX} characters.`}
          >
            <input type="text" required autoComplete="organization" {...control("project", true)} />
          </Field>
          <Field
            id={inputId("contact")}
            label={LABELS.contact}
            error={errors.contact}
            hint="An e-mail address or a handle the operator can reach you at."
          >
            <input type="text" required autoComplete="email" {...control("contact", true)} />
          </Field>
          <Field
            id={inputId("owner")}
            label={LABELS.owner}
            error={errors.owner}
            hint="The pass that will own the quest and its keys: 0x and 40 hexadecimal digits (in mixed case, a valid EIP-55 checksum). It need not be registered yet."
          >
            <input
              type="text"
              required
              class="ap-mono"
              autoComplete="off"
              spellcheck={false}
              placeholder="0x…"
              {...control("owner", true)}
            />
          </Field>
        </fieldset>
        <fieldset>
          <legend>The quest</legend>
          <Field
            id={inputId("quest.name")}
            label={LABELS["quest.name"]}
            error={errors["quest.name"]}
          >
            <input type="text" required autoComplete="off" {...control("quest.name", false)} />
          </Field>
          <Field
            id={inputId("quest.description")}
            label={LABELS["quest.description"]}
            error={errors["quest.description"]}
            hint="What people do to earn the points. Optional, at most 5000 characters."
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
            hint="Optional: what people do for the points, as a short slug such as swap or daily-login (lower-case letters, digits, _ and -, at most 64). Empty means default; the operator may change it."
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
        <Field
          id={inputId("message")}
          label={LABELS.message}
          error={errors.message}
          hint="Optional: anything the operator should know, at most 5000 characters."
        >
          <textarea rows={4} {...control("message", true)} />
        </Field>
        <div class="row">
          <button type="submit" disabled={sending}>
            {sending ? "Sending…" : "Send the application"}
          </button>
          {sending ? (
            <p class="loading ap-inline" role="status">
              Sending your application…
            </p>
          ) : null}
        </div>
      </form>
    </Layout>
  );
}

/** The optional campaign: the active ones from `GET /campaigns`, or a note if they cannot load. */
function CampaignField(props: {
  campaigns: Loaded<{ items: CampaignItem[] }>;
  error: string | undefined;
  control: Control;
}) {
  const { campaigns, control } = props;
  const items = campaigns.state === "ok" ? campaigns.data.items : [];
  const hint =
    campaigns.state === "loading"
      ? "Loading the active campaigns…"
      : campaigns.state === "error"
        ? `The campaigns could not be loaded (${campaigns.error.message}) You can apply without one; the operator can add it.`
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
