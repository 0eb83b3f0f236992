import { createHash, randomInt, timingSafeEqual } from "node:crypto";

export const API_KEY_PREFIX = "sk_";
export const API_KEY_RANDOM_LENGTH = 40; // ≥ 32 per contract; 40 base62 chars ≈ 238 bits
const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const API_KEY_SHAPE = /^sk_[0-9A-Za-z]{32,128}$/;

/** A new key: `sk_` + base62 characters drawn from the CSPRNG without modulo bias. */
export function generateApiKey(): string {
  let out = API_KEY_PREFIX;
  for (let i = 0; i < API_KEY_RANDOM_LENGTH; i++) out += BASE62[randomInt(BASE62.length)];
  return out;
}

/** Cheap shape check before any database work: rejects junk without a lookup. */
export function isWellFormedApiKey(key: string): boolean {
  return API_KEY_SHAPE.test(key);
}

/** Keys carry ~238 bits of entropy, so a plain SHA-256 is enough (no slow KDF needed). */
export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/** The first characters, kept for display so operators can tell keys apart. */
export function apiKeyDisplayPrefix(key: string): string {
  return key.slice(0, 8);
}

export function constantTimeEqual(a: string, b: string): boolean {
  const left = createHash("sha256").update(a).digest();
  const right = createHash("sha256").update(b).digest();
  return timingSafeEqual(left, right);
}
