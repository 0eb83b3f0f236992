/**
 * Wallets for the sign-in tests (docs/sign-in.md): a fresh key, an EIP-4361 message built from a nonce the service issued and signed
 * with ERC-191 personal-sign, a join, and an application's `proof`. Each works against an
 * in-process app (`ctx.inject`) or a real service process (its base URL, through fetch).
 */
import { randomBytes } from "node:crypto";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import type { AnswerLike } from "./app.js";

/** An answer: `ctx.inject`'s, or a fetch answer read into the same shape. */
export type Answer = AnswerLike;

/** Where requests go: an app's `inject`, or the base URL of a running service. */
export type Target = ((options: InjectOptions) => Promise<LightMyRequestResponse>) | string;

const REQUEST_TIMEOUT_MS = 30_000;

export interface Wallet {
  account: PrivateKeyAccount;
  /** Checksummed (EIP-55). */
  address: `0x${string}`;
}

export function newWallet(): Wallet {
  const account = privateKeyToAccount(generatePrivateKey());
  return { account, address: account.address };
}

/**
 * A client address of its own for each request by default: a client holds at most 20 unexpired
 * nonces, and a test that leaves some unspent must not starve the next one.
 */
export const randomClient = () => `10.${[...randomBytes(3)].join(".")}`;

/**
 * Two client addresses, and whether every per-client budget (the rate limits, the nonces a client
 * holds, applications an hour) counts them as one client: an IPv4 address is a client, and so is
 * an IPv6 /64 (one host is usually given a whole /64). No two cases share an address or a /64.
 */
export const CLIENT_PAIRS: { name: string; first: string; second: string; shared: boolean }[] = [
  { name: "one IPv4 address", first: "198.51.100.7", second: "198.51.100.7", shared: true },
  { name: "two IPv4 addresses", first: "198.51.100.8", second: "198.51.100.9", shared: false },
  {
    name: "an IPv4 address and its IPv4-mapped IPv6 form",
    first: "198.51.100.10",
    second: "::ffff:198.51.100.10",
    shared: true,
  },
  {
    name: "two IPv6 addresses of one /64",
    first: "2001:db8:1:1::1",
    second: "2001:db8:1:1:ffff:ffff:ffff:fffe",
    shared: true,
  },
  {
    name: "IPv6 addresses of two /64s",
    first: "2001:db8:1:2::1",
    second: "2001:db8:1:3::1",
    shared: false,
  },
];

/** One request to `target`; `remoteAddress` only reaches an in-process app. */
export async function send(
  target: Target,
  request: { method: "GET" | "POST"; url: string; payload?: unknown; remoteAddress?: string },
): Promise<Answer> {
  if (typeof target !== "string") {
    return target({
      method: request.method,
      url: request.url,
      remoteAddress: request.remoteAddress ?? randomClient(),
      ...(request.payload === undefined ? {} : { payload: request.payload as object }),
    });
  }
  const response = await fetch(`${target}${request.url}`, {
    method: request.method,
    headers: request.payload === undefined ? {} : { "content-type": "application/json" },
    body: request.payload === undefined ? undefined : JSON.stringify(request.payload),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const body = await response.text();
  return {
    statusCode: response.status,
    headers: Object.fromEntries(response.headers),
    body,
    json: () => JSON.parse(body),
  };
}

/** `POST /passes/nonces`: what a message must carry. */
export interface IssuedNonce {
  nonce: string;
  expires_at: string;
  domain: string;
  uri: string;
  chain_id: number;
}

export async function fetchNonce(target: Target, remoteAddress?: string): Promise<IssuedNonce> {
  const answer = await send(target, {
    method: "POST",
    url: "/passes/nonces",
    ...(remoteAddress === undefined ? {} : { remoteAddress }),
  });
  if (answer.statusCode !== 201) {
    throw new Error(`POST /passes/nonces answered ${answer.statusCode}: ${answer.body}`);
  }
  return answer.json() as IssuedNonce;
}

/** Anything of the message to change from what the service asked for, and who signs it. */
export interface MessageOverrides {
  domain?: string;
  uri?: string;
  chainId?: number;
  /** Any string: a version other than 1 is written into the message by hand (viem refuses it). */
  version?: string;
  nonce?: string;
  issuedAt?: Date;
  expirationTime?: Date;
  notBefore?: Date;
  /** The address the message names (default: the wallet's). */
  address?: `0x${string}`;
  /** Signs with this wallet's key instead (the message still names `address`). */
  signer?: Wallet;
  /** The client address the nonce is asked for from (in-process only). */
  remoteAddress?: string;
}

export interface SignedMessage {
  message: string;
  signature: `0x${string}`;
  /** The nonce the message carries. */
  nonce: string;
  /** What POST /passes/nonces answered. */
  issued: IssuedNonce;
}

/**
 * An EIP-4361 message for `wallet` built as the service asked (a fresh nonce, its domain, uri
 * and chain id, issued now), changed by `overrides`, and its personal-sign signature.
 */
export async function signedMessage(
  target: Target,
  wallet: Wallet,
  overrides: MessageOverrides = {},
): Promise<SignedMessage> {
  // Asked for even when `nonce` is given: the answer says what the message must carry.
  const issued = await fetchNonce(target, overrides.remoteAddress);
  const nonce = overrides.nonce ?? issued.nonce;
  let message = createSiweMessage({
    address: overrides.address ?? wallet.address,
    domain: overrides.domain ?? issued.domain,
    uri: overrides.uri ?? issued.uri,
    chainId: overrides.chainId ?? issued.chain_id,
    nonce,
    version: "1",
    issuedAt: overrides.issuedAt ?? new Date(),
    statement: "Join questpoints.",
    ...(overrides.expirationTime ? { expirationTime: overrides.expirationTime } : {}),
    ...(overrides.notBefore ? { notBefore: overrides.notBefore } : {}),
  });
  if (overrides.version !== undefined) {
    message = message.replace("\nVersion: 1\n", `\nVersion: ${overrides.version}\n`);
  }
  const signature = await (overrides.signer ?? wallet).account.signMessage({ message });
  return { message, signature, nonce, issued };
}

/** `POST /passes` with a message and signature. */
export function postJoin(
  target: Target,
  body: { message: string; signature: string },
  remoteAddress?: string,
): Promise<Answer> {
  return send(target, {
    method: "POST",
    url: "/passes",
    payload: { message: body.message, signature: body.signature },
    ...(remoteAddress === undefined ? {} : { remoteAddress }),
  });
}

/** A wallet joins as players do: a fresh nonce, a signed message, `POST /passes`. */
export async function joinAs(
  target: Target,
  wallet: Wallet,
  overrides: MessageOverrides = {},
): Promise<Answer> {
  return postJoin(target, await signedMessage(target, wallet, overrides));
}

/** The `proof` of an application whose owner is `wallet` (or the pass it holds). */
export async function applicationProof(
  target: Target,
  wallet: Wallet,
  overrides: MessageOverrides = {},
): Promise<{ message: string; signature: string }> {
  const { message, signature } = await signedMessage(target, wallet, overrides);
  return { message, signature };
}
