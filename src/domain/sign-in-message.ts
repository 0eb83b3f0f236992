/**
 * Building the EIP-4361 message a wallet signs, from the answer of `POST /passes/nonces`: the
 * other side of sign-in.ts, which checks it. Pure (viem's `createSiweMessage` writes the text);
 * the nonce is fetched, and the message signed, by whoever builds it: the CLI's `questpoints
 * apply` with the owner's key, a script, and the same fields as the pages' wallet.ts.
 */
import { createSiweMessage } from "viem/siwe";

/** The line above the owner proof's fields, as the application form (/app/apply) shows it. */
export const APPLY_STATEMENT = "Apply for a quest on questpoints as the owner of this address.";
/** The page an owner proof signs into (its URI, under the service's address). */
export const APPLY_PATH = "/app/apply";

/** What `POST /passes/nonces` answers: what the message must carry. */
export interface IssuedNonce {
  nonce: string;
  expires_at: string;
  domain: string;
  uri: string;
  chain_id: number;
}

/**
 * A clock this far from the service's is corrected: the service refuses a message issued more
 * than 30 s in its future or more than 10 minutes in its past.
 */
export const CLOCK_SKEW_TOLERATED_MS = 5_000;

/**
 * When the message is issued: `now`, unless the service's clock (its answer's `Date` header, or
 * null) is more than CLOCK_SKEW_TOLERATED_MS away, then the service's.
 */
export function issuedAtFor(serviceDate: string | null, now: Date): Date {
  const service = Date.parse(serviceDate ?? "");
  if (!Number.isFinite(service)) return now;
  const offset = service - now.getTime();
  return Math.abs(offset) > CLOCK_SKEW_TOLERATED_MS ? new Date(now.getTime() + offset) : now;
}

/** The service's address as a nonce names it, without a trailing slash. */
export const serviceAddressOf = (nonce: IssuedNonce) => nonce.uri.replace(/\/$/, "");

/**
 * The message `address` signs for `nonce`: `statement` as the line the wallet shows, the page
 * `path` under the service's address as its URI, expiring with its nonce. Throws viem's error
 * when the service's settings make no valid message (its field is named in the message).
 */
export function signInMessage(input: {
  nonce: IssuedNonce;
  address: `0x${string}`;
  statement: string;
  path: string;
  issuedAt: Date;
}): string {
  const { nonce } = input;
  const expires = new Date(nonce.expires_at);
  return createSiweMessage({
    domain: nonce.domain,
    uri: `${serviceAddressOf(nonce)}${input.path}`,
    chainId: nonce.chain_id,
    version: "1",
    nonce: nonce.nonce,
    address: input.address,
    statement: input.statement,
    issuedAt: input.issuedAt,
    ...(Number.isNaN(expires.getTime()) ? {} : { expirationTime: expires }),
  });
}
