import "./apply.css";
import { useLayoutEffect, useState } from "preact/hooks";
import { type Answer, api, call } from "../../client.js";
import { parsePassAddress } from "../../pass-address.js";
import { describedBy, Field } from "../../ui/field.js";
import { Layout } from "../../ui/layout.js";
import { asApiError } from "../../ui/load.js";
import { ErrorBox } from "../../ui/status.js";
import { type Eip1193Provider, isFuturePass } from "../../wallet.js";
import {
  MessageReview,
  NoWallet,
  useFocusOn,
  useFoundWallet,
  useWalletProof,
  WalletWaiting,
} from "../shared/wallet-proof.js";
import {
  type Body,
  type Control,
  EMPTY,
  type Errors,
  inputId,
  KEYS,
  type Key,
  LABELS,
  mapApiErrors,
  PROJECT_MAX,
  toBody,
  type Values,
  validate,
} from "./apply-fields.js";
import { QuestFieldset } from "./apply-quest-fields.js";

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

/** The line the wallet shows above the owner proof's fields. */
const STATEMENT = "Apply for a quest on questpoints as the owner of this address.";

export function ApplyPage(_props: Record<string, string>) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  /** The API's refusal: its detail and the field errors no input matches. */
  const [problem, setProblem] = useState<{ detail: string; other: string[] } | null>(null);
  /** Bumped when the first invalid field should take the focus. */
  const [focusRequest, setFocusRequest] = useState(0);
  /** An element to focus once rendered (a control the wallet's work held disabled). */
  const [focusAfter, setFocusAfter] = useState<{ id: string } | null>(null);
  const { wallet, checked, checkAgain } = useFoundWallet();
  const proof = useWalletProof(STATEMENT, "/app/apply");
  const { step } = proof;
  /** The application the reviewed message is for (the proof is added once signed). */
  const [prepared, setPrepared] = useState<Body | null>(null);
  // While the wallet or the service works, and while the message is read, the form stays as it is.
  const locked = step.kind !== "idle" && step.kind !== "stopped";
  useFocusOn("apply-proof-heading", step.kind === "review" ? step.signIn.nonce.nonce : null);
  useFocusOn("apply-wallet-problem", step.kind === "stopped" ? step.error : null);

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
      let submitted: Answer<"/applications", "post">;
      try {
        submitted = await call(
          api.POST("/applications", {
            body: { ...prepared, proof: { message: signIn.message, signature } },
          }),
        );
      } catch (error) {
        // Back to the form, with the refusal on its fields; the next try signs a new message.
        const refusal = asApiError(error);
        const { fields, other } = mapApiErrors(refusal);
        proof.reset();
        refuse(fields, refusal.detail, other);
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
      {wallet ? null : <NoWallet purpose="Applying" checked={checked} onCheckAgain={checkAgain} />}
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
          <QuestFieldset values={values} errors={errors} control={control} />
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
          step={step}
          purpose={
            prepared.owner === step.signIn.address
              ? "This message proves that you hold the owner address, so that the application can be sent."
              : `This message proves that you hold the account whose FuturePass, ${prepared.owner}, is to own the quest.`
          }
          signText="Sign and send the application"
          busyText="Sending…"
          onSign={signAndSend}
          cancelText="Back to the form"
          onCancel={proof.reset}
        />
      ) : null}
      <WalletWaiting step={step} sendingText="Sending your application…" loading />
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
