import "./apply.css";
import { useEffect, useLayoutEffect, useState } from "preact/hooks";
import { type ApiError, api, parsePassAddress } from "../api.js";
import type { Campaign } from "../types.js";
import {
  asApiError,
  describedBy,
  ErrorBox,
  Field,
  formatDate,
  fromLocalInput,
  Layout,
  type Loaded,
  useLoad,
} from "../ui.js";
import { type Eip1193Provider, findWallet, isFuturePass } from "../wallet.js";
import {
  MessageReview,
  NoWallet,
  useFocusOn,
  useWalletProof,
  waitingText,
} from "./wallet-shared.js";

/**
 * The quest application form (`POST /applications`). What the page can tell before sending
 * (required fields, numbers, the window, the address and its checksum) it says next to each
 * field; what only the service can tell (a campaign that does not exist, a proof it refuses…)
 * comes back as the problem's field errors and is shown the same way, with the problem's detail
 * on top.
 *
 * Keys claimed from the application reach every quest of the owner, so the applicant proves
 * they hold the owner address: the browser's wallet signs an EIP-4361 message (its account is the
 * owner unless one is typed, which must then be that account or its FuturePass), shown before it
 * is signed, and the application carries it as `proof`. On 201 the applicant goes to the status
 * page with the token in the URL fragment only.
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
  owner: "Owner pass address (optional)",
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
  errors.message = tooLong(values.message.trim(), MESSAGE_MAX);
  for (const key of KEYS) if (errors[key] === undefined) delete errors[key];
  return errors;
}

/** The request body but its proof, from values that passed `validate`, for `owner`. */
function toBody(values: Values, owner: `0x${string}`) {
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
function mapApiErrors(error: ApiError): { fields: Errors; other: string[] } {
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

const timeZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return "your time zone";
  }
};

/** The line the wallet shows above the owner proof's fields. */
const STATEMENT = "Apply for a quest on questpoints as the owner of this address.";

type Body = ReturnType<typeof toBody>;

export function ApplyPage(_props: Record<string, string>) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  /** The API's refusal: its detail and the field errors no input matches. */
  const [problem, setProblem] = useState<{ detail: string; other: string[] } | null>(null);
  /** Bumped when the first invalid field should take the focus. */
  const [focusRequest, setFocusRequest] = useState(0);
  /** An element to focus once rendered (a control the wallet's work held disabled). */
  const [focusAfter, setFocusAfter] = useState<{ id: string } | null>(null);
  const [wallet, setWallet] = useState(findWallet);
  const [walletChecks, setWalletChecks] = useState(0);
  const proof = useWalletProof(STATEMENT, "/app/apply");
  const { step } = proof;
  /** The application the reviewed message is for (the proof is added once signed). */
  const [prepared, setPrepared] = useState<Body | null>(null);
  // While the wallet or the service works, and while the message is read, the form stays as it is.
  const locked = step.kind !== "idle" && step.kind !== "stopped";
  useFocusOn("apply-proof-heading", step.kind === "review" ? step.signIn.nonce.nonce : null);
  useFocusOn("apply-wallet-problem", step.kind === "stopped" ? step.error : null);

  // Some wallets inject themselves after the page's script ran; MetaMask then says so.
  useEffect(() => {
    const found = () => setWallet(findWallet());
    addEventListener("ethereum#initialized", found, { once: true });
    return () => removeEventListener("ethereum#initialized", found);
  }, []);

  const [campaigns] = useLoad(
    (signal) => api<{ items: CampaignItem[] }>("/campaigns?limit=500", { signal }),
    [],
  );

  useLayoutEffect(() => {
    if (focusAfter) document.getElementById(focusAfter.id)?.focus();
  }, [focusAfter]);

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

  const refuse = (fields: Errors, detail: string | null, other: string[] = []) => {
    setErrors(fields);
    setProblem(detail === null ? null : { detail, other });
    setFocusRequest((n) => n + 1);
  };

  /**
   * The wallet's account, then the owner: that account, or the typed owner when it is that
   * account or a FuturePass (the service checks it is the account's). Undefined when refused.
   */
  const resolveOwner = async (
    provider: Eip1193Provider,
  ): Promise<{ signer: `0x${string}`; owner: `0x${string}` } | undefined> => {
    const signer = await proof.connect(provider);
    if (!signer) return undefined;
    const typed = values.owner.trim();
    const parsed = typed === "" ? { address: signer } : parsePassAddress(typed);
    if ("error" in parsed) {
      proof.reset();
      refuse({ owner: parsed.error }, null);
      return undefined;
    }
    if (parsed.address !== signer && !isFuturePass(parsed.address)) {
      proof.reset();
      refuse(
        {
          owner: `Your wallet's account is ${signer}, not this address. The owner must be the account your wallet signs with (or its FuturePass): switch accounts in your wallet, or empty this field to use ${signer}.`,
        },
        null,
      );
      return undefined;
    }
    if (typed === "") setValues((current) => ({ ...current, owner: signer }));
    return { signer, owner: parsed.address };
  };

  const submit = (event: Event) => {
    event.preventDefault();
    void start();
  };

  /** The page's checks, then the wallet: its account as the owner, and the message to review. */
  const start = async () => {
    if (locked) return;
    const found = validate(values);
    setProblem(null);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setFocusRequest((n) => n + 1);
      return;
    }
    if (!wallet) {
      refuse(
        {},
        "No wallet found in this browser: the application is signed with the wallet that holds the owner address (see above).",
      );
      return;
    }
    const resolved = await resolveOwner(wallet);
    if (!resolved) return;
    setPrepared(toBody(values, resolved.owner));
    await proof.prepare(resolved.signer);
  };

  const signAndSend = async () => {
    if (!wallet || !prepared) return;
    await proof.sign(wallet, async (signIn, signature) => {
      let submitted: Submitted;
      try {
        submitted = await api<Submitted>("/applications", {
          method: "POST",
          body: { ...prepared, proof: { message: signIn.message, signature } },
        });
      } catch (error) {
        // Back to the form, with the refusal on its fields; the next try signs a new message.
        const refusal = asApiError(error);
        const { fields, other } = mapApiErrors(refusal);
        proof.reset();
        refuse(fields, refusal.message, other);
        return;
      }
      // The token rides in the fragment: browsers never send it to the server.
      location.assign(
        `/app/applications/${submitted.id}#token=${encodeURIComponent(submitted.token)}`,
      );
    });
  };

  /** "Use my wallet's address": the owner field takes the wallet's account. */
  const useWalletAddress = async () => {
    if (!wallet || locked) return;
    const signer = await proof.connect(wallet);
    if (!signer) return;
    proof.reset();
    setValues((current) => ({ ...current, owner: signer }));
    setErrors(({ owner: _gone, ...rest }) => rest);
    setFocusAfter({ id: inputId("owner") });
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
      <p class="ap-lead">
        The keys reach every quest of the owner pass, so you prove that you hold it: your browser's
        wallet signs a message, which this page shows you first. Signing is free and sends no
        transaction.
      </p>
      {wallet ? null : (
        <NoWallet
          purpose="Applying"
          checked={walletChecks}
          onCheckAgain={() => {
            const found = findWallet();
            setWallet(found);
            if (!found) setWalletChecks((n) => n + 1);
          }}
        />
      )}
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
        <fieldset class="ap-whole" disabled={locked}>
          <fieldset>
            <legend>You</legend>
            <Field
              id={inputId("project")}
              label={LABELS.project}
              error={errors.project}
              hint={`Your project or company, at most ${PROJECT_MAX} characters.`}
            >
              <input
                type="text"
                required
                autoComplete="organization"
                {...control("project", true)}
              />
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
              hint="The pass that will own the quest and its keys; empty, your wallet's account. Typed, it must be that account or its FuturePass. 0x and 40 hexadecimal digits: all lower-case or all upper-case, or mixed case with a valid EIP-55 checksum. It need not be registered yet."
            >
              <div class="ap-owner">
                <input
                  type="text"
                  class="ap-mono"
                  autoComplete="off"
                  spellcheck={false}
                  placeholder="0x… (empty: your wallet's account)"
                  {...control("owner", true)}
                />
                {wallet ? (
                  <button type="button" class="secondary" onClick={useWalletAddress}>
                    Use my wallet's address
                  </button>
                ) : null}
              </div>
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
            <button type="submit">Sign and send…</button>
          </div>
        </fieldset>
      </form>
      {(step.kind === "review" || step.kind === "signing" || step.kind === "sending") &&
      prepared ? (
        <MessageReview
          id="apply-proof"
          heading="Sign the owner proof"
          signIn={step.signIn}
          purpose={
            prepared.owner === step.signIn.address
              ? "This message proves that you hold the owner address, so that the application can be sent."
              : `This message proves that you hold the account whose FuturePass, ${prepared.owner}, is to own the quest.`
          }
        >
          <button type="button" onClick={signAndSend} disabled={step.kind !== "review"}>
            {step.kind === "review" ? "Sign and send the application" : "Sending…"}
          </button>
          <button
            type="button"
            class="secondary"
            onClick={proof.reset}
            disabled={step.kind === "sending"}
          >
            Back to the form
          </button>
        </MessageReview>
      ) : null}
      <p class="loading wallet-waiting" role="status" aria-live="polite">
        {waitingText(step, "Sending your application…")}
      </p>
      {step.kind === "stopped" ? (
        <ErrorBox
          id="apply-wallet-problem"
          error={step.error}
          lead="The application was not sent."
          onRetry={start}
        />
      ) : null}
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
