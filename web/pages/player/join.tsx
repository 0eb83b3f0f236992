import "../shared/public.css";
import { api, callWithResponse } from "../../client.js";
import { Layout } from "../../ui/layout.js";
import { ErrorBox } from "../../ui/status.js";
import { PassLookup } from "../shared/pass-lookup.js";
import {
  MessageReview,
  NoWallet,
  type ProofStep,
  useFocusOn,
  useFoundWallet,
  useWalletProof,
  WalletWaiting,
} from "../shared/wallet-proof.js";

/** The line the wallet shows above the message's fields. */
const STATEMENT = "Join questpoints with this address.";

const STEPS = ["Connect your wallet", "Read the message", "Sign it"] as const;

function stepIndex(step: ProofStep): number {
  switch (step.kind) {
    case "idle":
    case "connecting":
      return 0;
    case "preparing":
    case "review":
      return 1;
    case "signing":
    case "sending":
      return 2;
    case "stopped":
      return step.address ? 1 : 0;
  }
}

/**
 * Joining (`/app/join`): the player registers their own pass by proving they hold it. The page
 * asks the browser's wallet for its account, builds an EIP-4361 message from a fresh nonce,
 * shows it, and only then asks the wallet to sign it; `POST /passes` registers the pass (the
 * signer's FuturePass where the chain has one) and the pass page follows. A refused signature
 * sends nothing, so nothing is registered.
 */
export function JoinPage(_props: Record<string, string>) {
  const { wallet, checked, checkAgain } = useFoundWallet();
  const proof = useWalletProof(STATEMENT, "/app/join");
  const { step } = proof;
  useFocusOn("join-heading", step.kind === "review" ? step.signIn.nonce.nonce : null);
  useFocusOn("join-problem", step.kind === "stopped" ? step.error : null);

  const start = async () => {
    if (!wallet) return;
    const address = await proof.connect(wallet);
    if (address) await proof.prepare(address);
  };

  /** After a refusal or a failure: a fresh nonce (the last may be spent), or a new connection. */
  const retry = async () => {
    if (step.kind === "stopped" && step.address) await proof.prepare(step.address);
    else await start();
  };

  const sign = async () => {
    if (!wallet) return;
    await proof.sign(wallet, async (signIn, signature) => {
      const { data: joined, response } = await callWithResponse(
        api.POST("/passes", { body: { message: signIn.message, signature } }),
      );
      // 201: registered now; 200: registered before.
      const params = new URLSearchParams({ joined: response.status === 201 ? "new" : "again" });
      if (joined.signer.toLowerCase() !== joined.account.pass.toLowerCase()) {
        params.set("signer", joined.signer);
      }
      location.assign(`/app/passes/${joined.account.pass}?${params}`);
    });
  };

  const current = stepIndex(step);
  const reviewing = step.kind === "review" || step.kind === "signing" || step.kind === "sending";

  return (
    <Layout title="Join questpoints">
      <p class="joined">
        Register your pass so that quests can pay you points. You prove that you hold the address by
        signing a message with your wallet; no operator is involved.
      </p>
      {!wallet ? (
        <NoWallet purpose="Joining" onCheckAgain={checkAgain} checked={checked} />
      ) : (
        <>
          <ol class="steps" aria-label="Steps">
            {STEPS.map((name, i) => (
              <li key={name} aria-current={i === current ? "step" : undefined}>
                {name}
              </li>
            ))}
          </ol>
          {step.kind === "idle" || step.kind === "connecting" ? (
            <div class="row">
              <button type="button" onClick={start} disabled={step.kind === "connecting"}>
                Connect your wallet
              </button>
            </div>
          ) : null}
          {reviewing ? (
            <MessageReview
              id="join"
              heading="Read the message, then sign it"
              step={step}
              purpose="This message registers your address with questpoints (or, where the chain has one, your address's FuturePass)."
              signText="Sign and join"
              busyText="Waiting…"
              onSign={sign}
              cancelText="Cancel"
              onCancel={proof.reset}
            />
          ) : null}
          <WalletWaiting step={step} sendingText="Registering your pass…" />
          {step.kind === "stopped" ? (
            <ErrorBox
              id="join-problem"
              error={step.error}
              lead={
                step.refused
                  ? "Nothing was registered."
                  : step.error.status === 0
                    ? "Not joined."
                    : "The service did not register your pass."
              }
              onRetry={retry}
            />
          ) : null}
        </>
      )}
      <h2>Already joined?</h2>
      <p>See your pass's points and payouts: look it up by its address.</p>
      <PassLookup id="join-lookup" />
    </Layout>
  );
}
