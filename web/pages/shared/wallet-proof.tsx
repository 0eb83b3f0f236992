import "./wallet.css";
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import { ApiError } from "../../client.js";
import { formatDate } from "../../ui/format.js";
import { asApiError } from "../../ui/load.js";
import {
  connectWallet,
  type Eip1193Provider,
  findWallet,
  prepareSignIn,
  type SignIn,
  signWithWallet,
  WalletError,
} from "../../wallet.js";

/**
 * What the join page and the application form share: the steps of proving an address with the
 * wallet (connect, read the message, sign, send), the wallet as found, the message as the user
 * reads it before signing, and what to do without a wallet.
 */

export type ProofStep =
  | { kind: "idle" }
  | { kind: "connecting" }
  | { kind: "preparing"; address: `0x${string}` }
  | { kind: "review"; signIn: SignIn }
  | { kind: "signing"; signIn: SignIn }
  | { kind: "sending"; signIn: SignIn }
  /** Refused in the wallet, failed in the wallet, or refused by the service. */
  | { kind: "stopped"; error: ApiError; refused: boolean; address?: `0x${string}` };

export interface WalletProof {
  step: ProofStep;
  /** Asks for the wallet's account; undefined when it was refused or failed (the step says). */
  connect(wallet: Eip1193Provider): Promise<`0x${string}` | undefined>;
  /** A fresh nonce and the message `address` will sign: the "review" step. */
  prepare(address: `0x${string}`): Promise<void>;
  /**
   * Signs the reviewed message, then `send`s it with its signature. A refusal in the wallet or
   * a failure of `send` stops with its message; `send` may catch its own refusals instead.
   */
  sign(
    wallet: Eip1193Provider,
    send: (signIn: SignIn, signature: `0x${string}`) => Promise<void>,
  ): Promise<void>;
  reset(): void;
}

/** A wallet's failure as a problem the pages show like the API's (`ErrorBox`). */
function fromWallet(error: unknown): { error: ApiError; refused: boolean } {
  if (error instanceof WalletError) {
    return {
      error: new ApiError(0, `WALLET_${error.kind.toUpperCase()}`, error.message, undefined),
      refused: error.kind === "refused",
    };
  }
  return { error: asApiError(error), refused: false };
}

/** `statement`: the line the wallet shows; `path`: the page signed into (the message's URI). */
export function useWalletProof(statement: string, path: string): WalletProof {
  const [step, setStep] = useState<ProofStep>({ kind: "idle" });
  /** The step as of the last change: `sign` reads it after awaiting. */
  const current = useRef(step);
  const go = useCallback((next: ProofStep) => {
    current.current = next;
    setStep(next);
  }, []);

  const connect = useCallback(async (wallet: Eip1193Provider) => {
    go({ kind: "connecting" });
    try {
      return await connectWallet(wallet);
    } catch (error) {
      go({ kind: "stopped", ...fromWallet(error) });
      return undefined;
    }
  }, []);

  const prepare = useCallback(
    async (address: `0x${string}`) => {
      go({ kind: "preparing", address });
      try {
        go({ kind: "review", signIn: await prepareSignIn(address, statement, path) });
      } catch (error) {
        go({ kind: "stopped", ...fromWallet(error), address });
      }
    },
    [statement, path],
  );

  const sign = useCallback(
    async (
      wallet: Eip1193Provider,
      send: (signIn: SignIn, signature: `0x${string}`) => Promise<void>,
    ) => {
      const reviewed = current.current;
      if (reviewed.kind !== "review") return;
      const { signIn } = reviewed;
      go({ kind: "signing", signIn });
      let signature: `0x${string}`;
      try {
        signature = await signWithWallet(wallet, signIn.message, signIn.address);
      } catch (error) {
        go({ kind: "stopped", ...fromWallet(error), address: signIn.address });
        return;
      }
      go({ kind: "sending", signIn });
      try {
        await send(signIn, signature);
      } catch (error) {
        go({ kind: "stopped", error: asApiError(error), refused: false, address: signIn.address });
      }
    },
    [],
  );

  const reset = useCallback(() => go({ kind: "idle" }), []);
  return { step, connect, prepare, sign, reset };
}

/** While the wallet or the service works: what is awaited, for the live region. */
function waitingText(step: ProofStep, sendingText: string): string {
  switch (step.kind) {
    case "connecting":
      return "Waiting for your wallet: allow this page to see your address.";
    case "preparing":
      return "Preparing the message to sign…";
    case "signing":
      return "Waiting for your signature: confirm it in your wallet.";
    case "sending":
      return sendingText;
    default:
      return "";
  }
}

/**
 * The live region that says what the wallet or the service is doing; `sendingText` while the
 * signed message is sent. `loading` styles it as a page's loading line.
 */
export function WalletWaiting(props: { step: ProofStep; sendingText: string; loading?: boolean }) {
  return (
    <p
      class={props.loading ? "loading wallet-waiting" : "wallet-waiting"}
      role="status"
      aria-live="polite"
    >
      {waitingText(props.step, props.sendingText)}
    </p>
  );
}

/**
 * The browser's wallet: looked for again on `checkAgain` (`checked` counts the misses), and
 * when it injects itself after the page's script ran (MetaMask then says so).
 */
export function useFoundWallet() {
  const [wallet, setWallet] = useState(findWallet);
  const [checked, setChecked] = useState(0);
  useEffect(() => {
    const found = () => setWallet(findWallet());
    addEventListener("ethereum#initialized", found, { once: true });
    return () => removeEventListener("ethereum#initialized", found);
  }, []);
  const checkAgain = () => {
    const found = findWallet();
    setWallet(found);
    if (!found) setChecked((n) => n + 1);
  };
  return { wallet, checked, checkAgain };
}

/** Moves the focus to the element with `id` whenever `when` changes to a truthy value. */
export function useFocusOn(id: string, when: unknown) {
  useLayoutEffect(() => {
    if (when) document.getElementById(id)?.focus();
  }, [when]);
}

/**
 * The message the wallet will ask to sign, shown first so the user reads what they sign; then
 * the buttons: sign (held once pressed), and back out (held while the signature is sent).
 */
export function MessageReview(props: {
  id: string;
  heading: string;
  /** The message read, being signed, or being sent. */
  step: Extract<ProofStep, { signIn: SignIn }>;
  /** What the signature does, in a sentence. */
  purpose: string;
  /** The sign button's text while the message is read; `busyText` once it is pressed. */
  signText: string;
  busyText: string;
  onSign: () => void;
  cancelText: string;
  onCancel: () => void;
}) {
  const { step } = props;
  const { signIn } = step;
  const here = location.host;
  return (
    <section class="wallet-review" aria-labelledby={`${props.id}-heading`}>
      <h2 id={`${props.id}-heading`} tabIndex={-1}>
        {props.heading}
      </h2>
      <p>
        {props.purpose} Your wallet shows this same message and asks you to sign it as{" "}
        <code>{signIn.address}</code>. Signing is free: it sends no transaction and gives nobody
        access to your funds.
      </p>
      <pre class="siwe-message" id={`${props.id}-message`}>
        {signIn.message}
      </pre>
      <p class="hint">
        It names <strong>{signIn.nonce.domain}</strong>, this service, and can be used once, until{" "}
        {formatDate(signIn.nonce.expires_at)}.
      </p>
      {signIn.nonce.domain !== here ? (
        <p class="hint wallet-mismatch">
          This page is at <strong>{here}</strong> but the service signs in as{" "}
          <strong>{signIn.nonce.domain}</strong> (its <code>PUBLIC_BASE_URL</code>): your wallet may
          warn that the two differ.
        </p>
      ) : null}
      <div class="row">
        <button type="button" onClick={props.onSign} disabled={step.kind !== "review"}>
          {step.kind === "review" ? props.signText : props.busyText}
        </button>
        <button
          type="button"
          class="secondary"
          onClick={props.onCancel}
          disabled={step.kind === "sending"}
        >
          {props.cancelText}
        </button>
      </div>
    </section>
  );
}

/** Without a wallet: what it is for, and what to install. */
export function NoWallet(props: { purpose: string; onCheckAgain: () => void; checked: number }) {
  return (
    <section class="wallet-missing" aria-labelledby="no-wallet-heading">
      <h2 id="no-wallet-heading">No wallet found in this browser</h2>
      <p>
        {props.purpose} needs a browser wallet: an extension that holds your address's key and signs
        messages for web pages. Any wallet that speaks EIP-1193, the standard way pages talk to
        wallets, will do (MetaMask, Rabby and Coinbase Wallet are common ones).
      </p>
      <ol>
        <li>Install a wallet extension from your browser's extension store.</li>
        <li>Create an account in it, or import the one that holds your address.</li>
        <li>Come back to this page and press "Check again" (or reload it).</li>
      </ol>
      <p>On a phone, open this page in your wallet app's own browser.</p>
      <div class="row">
        <button type="button" class="secondary" onClick={props.onCheckAgain}>
          Check again
        </button>
        <p class="meta" role="status">
          {props.checked > 0
            ? `Still no wallet found (checked ${props.checked} ${props.checked === 1 ? "time" : "times"}).`
            : ""}
        </p>
      </div>
    </section>
  );
}
