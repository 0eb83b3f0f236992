/**
 * Proving an address with the browser's wallet: the EIP-1193 provider (`window.ethereum`,
 * https://eips.ethereum.org/EIPS/eip-1193) shares its account and signs an EIP-4361 "Sign-In with
 * Ethereum" message (https://eips.ethereum.org/EIPS/eip-4361) that the page builds from a fresh
 * nonce of the service (`POST /passes/nonces`). The join page sends it to `POST /passes`, the
 * application form as its owner `proof`. Signing costs nothing and sends no transaction.
 */

import { getAddress, stringToHex } from "viem";
import { createSiweMessage } from "viem/siwe";
import { type Answer, api, callWithResponse } from "./client.js";

/** What the pages ask of a wallet: EIP-1193's one method. */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

/** The wallet the browser offers (an extension injects `window.ethereum`), or undefined. */
export function findWallet(): Eip1193Provider | undefined {
  const candidate = (window as { ethereum?: unknown }).ethereum;
  if (candidate && typeof (candidate as Partial<Eip1193Provider>).request === "function") {
    return candidate as Eip1193Provider;
  }
  return undefined;
}

/**
 * A wallet's refusal or failure, in words for people. `refused`: the user said no (EIP-1193
 * code 4001); `busy`: a request of this page already waits in the wallet (-32002); `failed`:
 * anything else.
 */
export class WalletError extends Error {
  constructor(
    readonly kind: "refused" | "busy" | "failed",
    message: string,
  ) {
    super(message);
  }
}

/** EIP-1193 codes: the user rejected the request; a request is already pending (MetaMask). */
const USER_REJECTED = 4001;
const REQUEST_PENDING = -32002;

function walletError(error: unknown, refused: string): WalletError {
  if (error instanceof WalletError) return error;
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (code === USER_REJECTED) return new WalletError("refused", refused);
  if (code === REQUEST_PENDING) {
    return new WalletError(
      "busy",
      "Your wallet already has a request from this page waiting: open your wallet, answer it, then try again.",
    );
  }
  const said = typeof message === "string" && message.trim() ? `: ${message.trim()}` : ".";
  return new WalletError("failed", `Your wallet could not do it${said}`);
}

/** Asks the wallet for its account (`eth_requestAccounts`): the address, checksummed. */
export async function connectWallet(wallet: Eip1193Provider): Promise<`0x${string}`> {
  let accounts: unknown;
  try {
    accounts = await wallet.request({ method: "eth_requestAccounts" });
  } catch (error) {
    throw walletError(error, "You did not let this page see your wallet's address.");
  }
  const first: unknown = Array.isArray(accounts) ? accounts[0] : undefined;
  if (typeof first !== "string") {
    throw new WalletError(
      "failed",
      "Your wallet shared no account: unlock it (or create an account in it), then try again.",
    );
  }
  try {
    return getAddress(first);
  } catch {
    throw new WalletError("failed", `Your wallet's account is not an address: ${first}`);
  }
}

/**
 * Asks the wallet to sign `message` as `address` (`personal_sign`, ERC-191). The message goes
 * hex-encoded, as wallets expect it (they show it decoded, as text).
 */
export async function signWithWallet(
  wallet: Eip1193Provider,
  message: string,
  address: `0x${string}`,
): Promise<`0x${string}`> {
  let signature: unknown;
  try {
    signature = await wallet.request({
      method: "personal_sign",
      params: [stringToHex(message), address],
    });
  } catch (error) {
    throw walletError(error, "You declined to sign the message.");
  }
  if (typeof signature !== "string" || !/^0x[0-9a-fA-F]{2,}$/.test(signature)) {
    throw new WalletError("failed", "Your wallet answered something that is not a signature.");
  }
  return signature as `0x${string}`;
}

/** `POST /passes/nonces`: what the message must carry. */
export type Nonce = Answer<"/passes/nonces", "post">;

/** A message built for one nonce, ready to be shown and signed. */
export interface SignIn {
  message: string;
  /** The address that signs (the message's). */
  address: `0x${string}`;
  nonce: Nonce;
}

/**
 * A clock this far from the service's is corrected: the service refuses a message issued in its
 * future (beyond 30 s) or more than 10 minutes in its past.
 */
const CLOCK_SKEW_TOLERATED_MS = 5_000;

/**
 * Takes a fresh nonce and builds the message `address` will sign, with `statement` as the line
 * the wallet shows and the page's `path` under the service's address as its URI (what is signed
 * into). The message expires with its nonce. Its issue time is this browser's clock, unless that
 * is off by more than a few seconds from the service's (its `Date` header).
 */
export async function prepareSignIn(
  address: `0x${string}`,
  statement: string,
  path: string,
  signal?: AbortSignal,
): Promise<SignIn> {
  let offsetMs = 0;
  const { data: nonce, response } = await callWithResponse(
    // No body (the schema allows an empty object; the service takes none).
    api.POST("/passes/nonces", { body: undefined as never, ...(signal ? { signal } : {}) }),
  );
  const serverNow = Date.parse(response.headers.get("date") ?? "");
  if (Number.isFinite(serverNow)) offsetMs = serverNow - Date.now();
  const issuedAt = new Date(
    Date.now() + (Math.abs(offsetMs) > CLOCK_SKEW_TOLERATED_MS ? offsetMs : 0),
  );
  const expires = new Date(nonce.expires_at);
  let message: string;
  try {
    message = createSiweMessage({
      domain: nonce.domain,
      uri: `${nonce.uri.replace(/\/$/, "")}${path}`,
      chainId: nonce.chain_id,
      version: "1",
      nonce: nonce.nonce,
      address,
      statement,
      issuedAt,
      ...(Number.isNaN(expires.getTime()) ? {} : { expirationTime: expires }),
    });
  } catch (error) {
    // The service's settings (PUBLIC_BASE_URL, CHAIN_ID) make no valid message: say which.
    const field = /field "(\w+)"/.exec((error as Error).message ?? "")?.[1] ?? "a field";
    throw new WalletError(
      "failed",
      `The service's sign-in settings give no valid EIP-4361 message (its ${field} is refused). Tell the service's operator.`,
    );
  }
  return { message, address, nonce };
}

/**
 * FuturePass accounts on The Root Network: `0xFFFFFFFF` + a 16-byte index (docs/chain.md). With the chain configured, the service registers the signer's FuturePass.
 */
export const isFuturePass = (address: string) => /^0xffffffff/i.test(address);
