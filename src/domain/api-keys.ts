import { createHash, randomInt, timingSafeEqual } from "node:crypto";

/** Test keys reach only test quests; live keys only live ones (docs/promises.md#money). */
export const MODES = ["live", "test"] as const;
export type Mode = (typeof MODES)[number];

const KEY_PREFIX: Record<Mode, string> = { live: "sk_", test: "sk_test_" };
export const APPLICATION_TOKEN_PREFIX = "ap_";
const TOKEN_RANDOM_LENGTH = 40; // ≥ 32 per docs/api.md; 40 base62 chars ≈ 238 bits
const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
// `_` is not base62, so a live key can never read as a test key or the other way round.
const API_KEY_SHAPE = /^sk_(test_)?[0-9A-Za-z]{32,128}$/;
const APPLICATION_TOKEN_SHAPE = /^ap_[0-9A-Za-z]{32,128}$/;
/** Random characters kept after the mode's prefix, for display. */
const DISPLAY_RANDOM_LENGTH = 5;

/** `prefix` + base62 characters drawn from the CSPRNG without modulo bias. */
export function randomToken(prefix: string): string {
  let out = prefix;
  for (let i = 0; i < TOKEN_RANDOM_LENGTH; i++) out += BASE62[randomInt(BASE62.length)];
  return out;
}

/** A new key: `sk_` (live) or `sk_test_` (test) + 40 base62 characters. */
export function generateApiKey(mode: Mode = "live"): string {
  return randomToken(KEY_PREFIX[mode]);
}

/** A new applicant token: `ap_` + 40 base62 characters. */
export function generateApplicationToken(): string {
  return randomToken(APPLICATION_TOKEN_PREFIX);
}

/** Cheap shape check before any database work: rejects junk without a lookup. */
export function isWellFormedApiKey(key: string): boolean {
  return API_KEY_SHAPE.test(key);
}

/**
 * A key as a client or a reporter typed it, the one rule for every place a key is read (the
 * `x-api-key` header, a revocation by value, the rate limit's bucket): surrounding whitespace
 * (a pasted line break, a space) is dropped. Undefined when what is left is not a key's shape.
 */
export function apiKeyFromInput(value: string | undefined): string | undefined {
  const key = value?.trim();
  return key && isWellFormedApiKey(key) ? key : undefined;
}

export function isWellFormedApplicationToken(token: string): boolean {
  return APPLICATION_TOKEN_SHAPE.test(token);
}

export function apiKeyMode(key: string): Mode {
  return key.startsWith(KEY_PREFIX.test) ? "test" : "live";
}

/**
 * Keys and tokens carry ~238 bits of entropy, so a plain SHA-256 is enough (no slow KDF needed).
 * The same hash serves applicant tokens and client addresses (kept only for the hourly limit).
 */
export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/** The mode's prefix and the first random characters, kept so operators can tell keys apart. */
export function apiKeyDisplayPrefix(key: string): string {
  return key.slice(0, KEY_PREFIX[apiKeyMode(key)].length + DISPLAY_RANDOM_LENGTH);
}

export function constantTimeEqual(a: string, b: string): boolean {
  const left = createHash("sha256").update(a).digest();
  const right = createHash("sha256").update(b).digest();
  return timingSafeEqual(left, right);
}
