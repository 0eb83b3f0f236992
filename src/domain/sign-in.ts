/**
 * Wallet sign-in (EIP-4361, "Sign-In with Ethereum", https://eips.ethereum.org/EIPS/eip-4361):
 * the checks of a message against this deployment's settings and a clock. Pure: the nonce's
 * spending, the signature and the chain are the use case's (use-cases/sign-in.ts). The message
 * format itself is viem's (`parseSiweMessage`, `validateSiweMessage`), never parsed by hand; the
 * text must then be exactly EIP-4361's layout of what viem read (sign-in-layout.ts).
 */
import { parseSiweMessage, validateSiweMessage } from "viem/siwe";
import { parsePassAddress } from "./address.js";
import { AppError, type FieldError } from "./errors.js";
import { layoutProblem } from "./sign-in-layout.js";

/** A nonce is valid this long after it was issued, and spent by its first use. */
export const SIGN_IN_NONCE_VALID_MS = 10 * 60 * 1000;
/** A client address holds at most this many unexpired nonces; beyond it, 429. */
export const SIGN_IN_NONCES_PER_CLIENT_MAX = 20;
/** `issued-at` is at most this old … */
export const SIGN_IN_ISSUED_AT_AGE_MAX_MS = 10 * 60 * 1000;
/** … and at most this far in the future (clocks differ a little). */
export const SIGN_IN_CLOCK_SKEW_MS = 30 * 1000;
/** Nonces the service issues: EIP-4361 asks for at least 8 alphanumerics; docs/sign-in.md 16. */
export const SIGN_IN_NONCE_LENGTH = 24;
/** The longest a sign-in waits for the chain node's answer (FuturePass lookup); then 503. */
export const SIGN_IN_CHAIN_TIMEOUT_MS = 5_000;
/** Bounds of the request fields (a message is a few hundred characters). */
export const SIGN_IN_MESSAGE_LENGTH_MAX = 4096;
export const SIGN_IN_SIGNATURE_LENGTH_MAX = 1024;

/** What a message must name: the service's public address and host, and the chain. */
export interface SignInSettings {
  publicBaseUrl: string;
  domain: string;
  chainId: number;
}

/** A message that passed every check: who claims to sign it, and the nonce it spends. */
export interface SignInClaim {
  /** The signing address, checksummed. */
  address: `0x${string}`;
  nonce: string;
}

const ISO = (date: Date) => date.toISOString();

/**
 * Checks a sign-in message: it parses, it is exactly EIP-4361's text of its fields (no line
 * viem skipped), and its domain, uri, version, chain id, nonce shape,
 * issued-at, expiration-time and not-before hold against `settings` and `now`. Every failing
 * field is named in one 400 SIWE_MESSAGE_INVALID, as `${at}.<EIP-4361 field name>` (`at` is
 * where the message sits in the body: `message`, or `proof.message`).
 */
export function checkSignInMessage(
  message: string,
  settings: SignInSettings,
  now: Date,
  at: string,
): SignInClaim {
  const parsed = parseSiweMessage(message);
  const errors: FieldError[] = [];
  const fail = (field: string, problem: string) =>
    errors.push({ field: field ? `${at}.${field}` : at, message: problem });
  const required = {
    domain: parsed.domain,
    address: parsed.address,
    uri: parsed.uri,
    version: parsed.version,
    "chain-id": parsed.chainId,
    nonce: parsed.nonce,
    "issued-at": parsed.issuedAt,
  };
  const missing = Object.entries(required).filter(([, value]) => value === undefined);
  if (missing.length === Object.keys(required).length) {
    fail("", "is not an EIP-4361 sign-in message");
  } else if (missing.length > 0) {
    for (const [field] of missing) fail(field, "is missing or malformed");
  } else {
    // viem finds the fields anywhere in the text; the signer must have seen only them.
    const stray = layoutProblem(message, parsed);
    if (stray) fail(stray.field, stray.problem);
  }
  const address = parsed.address === undefined ? undefined : parsePassAddress(parsed.address);
  if (parsed.address !== undefined && address === undefined) {
    fail("address", "must be 0x + 40 hex digits, with a valid EIP-55 checksum when in mixed case");
  }
  if (parsed.domain !== undefined && parsed.domain !== settings.domain) {
    fail("domain", `must be ${settings.domain}, this service's host`);
  }
  if (parsed.uri !== undefined && !isUnder(parsed.uri, settings.publicBaseUrl)) {
    fail("uri", `must start with ${settings.publicBaseUrl}`);
  }
  if (parsed.version !== undefined && parsed.version !== "1") fail("version", "must be 1");
  if (parsed.chainId !== undefined && parsed.chainId !== settings.chainId) {
    fail("chain-id", `must be ${settings.chainId}`);
  }
  checkTimes(parsed, now, fail);
  if (errors.length === 0 && !validateSiweMessage({ message: parsed, time: now })) {
    // viem's own validation is the last word (nonce shape, any field the checks above missed).
    fail("", "is not a valid EIP-4361 sign-in message");
  }
  if (errors.length > 0) {
    const summary = errors.map((error) => `${error.field} ${error.message}`).join("; ");
    throw new AppError(
      "SIWE_MESSAGE_INVALID",
      `The sign-in message is not valid: ${summary}.`,
      errors,
    );
  }
  return { address: address!, nonce: parsed.nonce! };
}

/**
 * `uri` is the base address or a path under it: `https://q.example.com.evil` and
 * `https://q.example.com@evil` start with `https://q.example.com` too, and are not it.
 */
function isUnder(uri: string, base: string): boolean {
  return uri === base || uri.startsWith(`${base}/`);
}

function checkTimes(
  parsed: ReturnType<typeof parseSiweMessage>,
  now: Date,
  fail: (field: string, problem: string) => void,
): void {
  const nowMs = now.getTime();
  const { issuedAt, expirationTime, notBefore } = parsed;
  if (issuedAt !== undefined) {
    if (Number.isNaN(issuedAt.getTime())) fail("issued-at", "must be an RFC 3339 date-time");
    else if (issuedAt.getTime() > nowMs + SIGN_IN_CLOCK_SKEW_MS) {
      fail("issued-at", `is in the future (now is ${ISO(now)})`);
    } else if (issuedAt.getTime() < nowMs - SIGN_IN_ISSUED_AT_AGE_MAX_MS) {
      fail("issued-at", "is more than 10 minutes old; sign a new message");
    }
  }
  if (expirationTime !== undefined) {
    if (Number.isNaN(expirationTime.getTime())) {
      fail("expiration-time", "must be an RFC 3339 date-time");
    } else if (expirationTime.getTime() <= nowMs) {
      fail("expiration-time", `has passed (now is ${ISO(now)})`);
    }
  }
  if (notBefore !== undefined) {
    if (Number.isNaN(notBefore.getTime())) fail("not-before", "must be an RFC 3339 date-time");
    else if (notBefore.getTime() > nowMs)
      fail("not-before", `is still to come (now is ${ISO(now)})`);
  }
}
