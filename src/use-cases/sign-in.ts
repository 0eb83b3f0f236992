/**
 * Wallet sign-in (docs/sign-in.md): nonces, the
 * proof that a request holds an address, and a player's own registration. The same proof serves
 * `POST /passes` and the `proof` of `POST /applications`.
 */
import { randomInt } from "node:crypto";
import { verifyMessage } from "viem";
import { type ChainClient, ChainError } from "../chain/client.js";
import type { Db } from "../db/handle.js";
import { clientAddressHash } from "../domain/applications.js";
import type { AuditContext } from "../domain/audit.js";
import { AppError } from "../domain/errors.js";
import type { Account } from "../domain/records.js";
import {
  checkSignInMessage,
  SIGN_IN_NONCE_LENGTH,
  SIGN_IN_NONCE_VALID_MS,
  SIGN_IN_NONCES_PER_CLIENT_MAX,
  type SignInSettings,
} from "../domain/sign-in.js";
import { findAccountByPass } from "../store/accounts.js";
import { CLIENT_ADDRESS_SECRET, readServiceSecret } from "../store/applications.js";
import { insertNonce, spendNonce } from "../store/sign-in-nonces.js";
import { registerAudited } from "./register-pass.js";

const ALPHANUMERIC = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const ZERO_ADDRESS = "0x0000000000000000000000000000000000000000";

export interface SignIn {
  db: Db;
  settings: SignInSettings;
  /** With CHAIN_RPC_URL: the node that knows each signer's FuturePass. */
  chain?: Pick<ChainClient, "futurepassOf" | "label"> | undefined;
}

/** A signed EIP-4361 message, as `POST /passes` and an application's `proof` carry it. */
export interface WalletProof {
  message: string;
  signature: string;
}

export interface IssuedNonce {
  nonce: string;
  expiresAt: Date;
}

/**
 * A new single-use nonce for a client (its address, or its IPv6 /64, as every per-client budget
 * counts it: http/rate-limits.ts `clientOf`); 429 while it holds too many unexpired ones.
 */
export async function issueNonce(db: Db, clientAddress: string): Promise<IssuedNonce> {
  let nonce = "";
  for (let i = 0; i < SIGN_IN_NONCE_LENGTH; i++) nonce += ALPHANUMERIC[randomInt(62)];
  const stored = await db.transaction(async (tx) =>
    insertNonce(tx, {
      value: nonce,
      clientKey: clientAddressHash(
        await readServiceSecret(tx, CLIENT_ADDRESS_SECRET),
        clientAddress,
      ),
      validMs: SIGN_IN_NONCE_VALID_MS,
      unexpiredMax: SIGN_IN_NONCES_PER_CLIENT_MAX,
    }),
  );
  if (!stored.ok) {
    const retryAfterS = Math.max(1, Math.ceil((stored.freeAt.getTime() - Date.now()) / 1000));
    throw new AppError(
      "RATE_LIMITED",
      `This address holds ${SIGN_IN_NONCES_PER_CLIENT_MAX} unexpired nonces, the most it may; use one, or retry in ${retryAfterS} s.`,
      undefined,
      { retryAfterS },
    );
  }
  return { nonce, expiresAt: stored.expiresAt };
}

/** Who signed a proof, and the pass that signer holds. */
export interface ProvenPass {
  signer: `0x${string}`;
  pass: `0x${string}`;
}

/**
 * Proves that whoever sent `proof` holds an address: the message's fields (400
 * SIWE_MESSAGE_INVALID, naming them under `at`), then its nonce, spent here whatever follows (400
 * NONCE_INVALID when unknown, expired or spent already: a replay), then the ERC-191 signature by
 * the message's address (401 SIGNATURE_INVALID). The pass is the signer's FuturePass when the
 * chain is configured and it has one, else the signer's own address (503 CHAIN_UNAVAILABLE when
 * the node does not answer).
 */
export async function provePass(
  signIn: SignIn,
  proof: WalletProof,
  at: string,
): Promise<ProvenPass> {
  const claim = checkSignInMessage(proof.message, signIn.settings, new Date(), at);
  if (!(await spendNonce(signIn.db, claim.nonce))) {
    throw new AppError(
      "NONCE_INVALID",
      `The nonce ${claim.nonce} is unknown, expired or already used; ask POST /passes/nonces for a new one and sign a new message.`,
    );
  }
  if (!(await signedBy(proof, claim.address))) {
    throw new AppError(
      "SIGNATURE_INVALID",
      `The signature is not ${claim.address}'s personal-sign (ERC-191) signature of this message.`,
    );
  }
  return { signer: claim.address, pass: await passOf(signIn, claim.address) };
}

async function signedBy(proof: WalletProof, address: `0x${string}`): Promise<boolean> {
  if (!/^0x[0-9a-fA-F]+$/.test(proof.signature)) return false;
  try {
    return await verifyMessage({
      address,
      message: proof.message,
      signature: proof.signature as `0x${string}`,
    });
  } catch {
    return false; // a signature viem cannot even read
  }
}

/**
 * The signer's pass: a FuturePass is not a contract wallet (no EIP-1271), the signer is its
 * owner's own key and the registrar maps it to the pass.
 */
async function passOf(signIn: SignIn, signer: `0x${string}`): Promise<`0x${string}`> {
  if (!signIn.chain) return signer;
  try {
    const futurepass = await signIn.chain.futurepassOf(signer);
    return futurepass.toLowerCase() === ZERO_ADDRESS ? signer : (futurepass as `0x${string}`);
  } catch (error) {
    if (!(error instanceof ChainError)) throw error;
    throw new AppError(
      "CHAIN_UNAVAILABLE",
      `The chain node at ${signIn.chain.label} did not tell the signer's FuturePass (${error.message}); nothing was registered. Retry shortly with a new nonce.`,
      undefined,
      { retryAfterS: 5, cause: error },
    );
  }
}

/**
 * A player's own registration: the proven pass gets an account (created: false when it had one
 * already), audited as `account.join` by `pass:<pass>` when new.
 */
export async function joinWithWallet(
  signIn: SignIn,
  requestId: string,
  proof: WalletProof,
): Promise<{ account: Account; created: boolean; signer: `0x${string}` }> {
  const { signer, pass } = await provePass(signIn, proof, "message");
  const existing = await findAccountByPass(signIn.db, pass);
  if (existing) return { account: existing, created: false, signer };
  const audit: AuditContext = { actor: `pass:${pass}`, requestId };
  const registered = await signIn.db.transaction((tx) =>
    registerAudited(tx, audit, pass, { action: "account.join", details: { pass, signer } }),
  );
  return { ...registered, signer };
}
