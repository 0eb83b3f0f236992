import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { describe, it } from "node:test";
import {
  apiKeyDisplayPrefix,
  apiKeyMode,
  constantTimeEqual,
  generateApiKey,
  generateApplicationToken,
  hashApiKey,
  isWellFormedApiKey,
  isWellFormedApplicationToken,
} from "../../src/domain/api-keys.js";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const KEY_SHAPE = /^sk_[0-9A-Za-z]{32,}$/;

describe("generateApiKey", () => {
  it("issues keys of the form sk_ + at least 32 base62 characters", () => {
    for (let i = 0; i < 200; i++) {
      const key = generateApiKey();
      assert.match(key, KEY_SHAPE);
    }
  });

  it("never issues the same key twice across many draws", () => {
    const keys = new Set<string>();
    for (let i = 0; i < 5000; i++) keys.add(generateApiKey());
    assert.equal(keys.size, 5000);
  });

  it("draws characters from the whole base62 alphabet", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 400; i++) {
      for (const c of generateApiKey().slice(3)) seen.add(c);
    }
    const missing = [...BASE62].filter((c) => !seen.has(c));
    assert.deepEqual(missing, []);
    assert.equal(seen.size, 62);
  });

  it("spreads characters evenly enough that no character dominates", () => {
    // 2000 keys × ≥ 32 characters: each character is expected ~1/62 of the time (≈ 1.6 %).
    const counts = new Map<string, number>();
    let total = 0;
    for (let i = 0; i < 2000; i++) {
      for (const c of generateApiKey().slice(3)) {
        counts.set(c, (counts.get(c) ?? 0) + 1);
        total++;
      }
    }
    const expected = total / 62;
    for (const c of BASE62) {
      const n = counts.get(c) ?? 0;
      assert.ok(n > expected * 0.7 && n < expected * 1.3, `"${c}" seen ${n} times, ~${expected}`);
    }
  });

  it("issues keys the shape check accepts", () => {
    for (let i = 0; i < 100; i++) assert.equal(isWellFormedApiKey(generateApiKey()), true);
  });
});

describe("isWellFormedApiKey", () => {
  it("accepts sk_ followed by exactly 32 base62 characters", () => {
    assert.equal(isWellFormedApiKey(`sk_${"aZ09".repeat(8)}`), true);
  });

  it("rejects keys with fewer than 32 characters after sk_", () => {
    assert.equal(isWellFormedApiKey(`sk_${"a".repeat(31)}`), false);
    assert.equal(isWellFormedApiKey("sk_"), false);
  });

  it("rejects keys without the sk_ prefix or with another prefix", () => {
    const body = "a".repeat(40);
    assert.equal(isWellFormedApiKey(body), false);
    assert.equal(isWellFormedApiKey(`SK_${body}`), false);
    assert.equal(isWellFormedApiKey(`pk_${body}`), false);
    assert.equal(isWellFormedApiKey(`sk-${body}`), false);
  });

  it("rejects keys with characters outside base62", () => {
    const body = "a".repeat(39);
    for (const bad of ["-", "_", "+", "/", "=", " ", "é", "\n"]) {
      assert.equal(isWellFormedApiKey(`sk_${body}${bad}`), false, JSON.stringify(bad));
    }
  });

  it("rejects empty and whitespace-padded keys", () => {
    const key = generateApiKey();
    assert.equal(isWellFormedApiKey(""), false);
    assert.equal(isWellFormedApiKey(` ${key}`), false);
    assert.equal(isWellFormedApiKey(`${key} `), false);
  });
});

describe("hashApiKey", () => {
  it("is the hex SHA-256 of the key", () => {
    assert.equal(
      hashApiKey("abc"),
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    );
    const key = generateApiKey();
    assert.equal(hashApiKey(key), createHash("sha256").update(key).digest("hex"));
  });

  it("is deterministic and 64 lower-case hex digits", () => {
    const key = generateApiKey();
    assert.equal(hashApiKey(key), hashApiKey(key));
    assert.match(hashApiKey(key), /^[0-9a-f]{64}$/);
  });

  it("gives different hashes for different keys, even one character apart", () => {
    const key = generateApiKey();
    const sibling = key.slice(0, -1) + (key.endsWith("a") ? "b" : "a");
    assert.notEqual(hashApiKey(key), hashApiKey(sibling));
    const hashes = new Set<string>();
    for (let i = 0; i < 500; i++) hashes.add(hashApiKey(generateApiKey()));
    assert.equal(hashes.size, 500);
  });
});

describe("apiKeyDisplayPrefix", () => {
  it("shows only the first characters of a key, not enough to use it", () => {
    const key = generateApiKey();
    const prefix = apiKeyDisplayPrefix(key);
    assert.ok(key.startsWith(prefix));
    assert.ok(prefix.startsWith("sk_"));
    assert.ok(prefix.length < 3 + 32);
    assert.equal(isWellFormedApiKey(prefix), false);
  });
});

describe("constantTimeEqual", () => {
  it("is true for equal strings", () => {
    const key = generateApiKey();
    assert.equal(constantTimeEqual(key, `${key}`), true);
    assert.equal(constantTimeEqual("", ""), true);
  });

  it("is false for different strings of the same length", () => {
    assert.equal(constantTimeEqual("secret-token-aaaa", "secret-token-aaab"), false);
    assert.equal(constantTimeEqual("Secret", "secret"), false);
  });

  it("is false (and does not throw) for strings of different lengths", () => {
    assert.equal(constantTimeEqual("secret", "secret-longer"), false);
    assert.equal(constantTimeEqual("secret", ""), false);
    assert.equal(constantTimeEqual("", "x"), false);
  });
});

describe("test keys and applicant tokens", () => {
  it("issues test keys of the form sk_test_ + at least 32 base62 characters", () => {
    for (let i = 0; i < 100; i++) {
      const key = generateApiKey("test");
      assert.match(key, /^sk_test_[0-9A-Za-z]{32,}$/);
      assert.equal(apiKeyMode(key), "test");
      assert.ok(isWellFormedApiKey(key));
    }
  });

  it("never reads a live key as a test key", () => {
    for (let i = 0; i < 100; i++) assert.equal(apiKeyMode(generateApiKey()), "live");
  });

  it("shows the mode's prefix and five random characters for display", () => {
    const test = generateApiKey("test");
    assert.equal(apiKeyDisplayPrefix(test), test.slice(0, 13));
    const live = generateApiKey("live");
    assert.equal(apiKeyDisplayPrefix(live), live.slice(0, 8));
  });

  it("issues applicant tokens of the form ap_ + at least 32 base62 characters, never a key", () => {
    const token = generateApplicationToken();
    assert.match(token, /^ap_[0-9A-Za-z]{32,}$/);
    assert.ok(isWellFormedApplicationToken(token));
    assert.ok(!isWellFormedApiKey(token));
    assert.ok(!isWellFormedApplicationToken(generateApiKey()));
  });
});
