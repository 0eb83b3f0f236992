import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { privateKeyToAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import { AppError } from "../../src/domain/errors.js";
import { checkSignInMessage, type SignInSettings } from "../../src/domain/sign-in.js";

const SETTINGS: SignInSettings = {
  publicBaseUrl: "https://quests.example.com",
  domain: "quests.example.com",
  chainId: 7668,
};
const NOW = new Date("2026-06-01T12:00:00.000Z");
const ADDRESS = privateKeyToAccount(`0x${"11".repeat(32)}`).address;

function message(overrides: Partial<Parameters<typeof createSiweMessage>[0]> = {}): string {
  return createSiweMessage({
    domain: SETTINGS.domain,
    address: ADDRESS,
    uri: `${SETTINGS.publicBaseUrl}/app/join`,
    version: "1",
    chainId: SETTINGS.chainId,
    nonce: "abcdefghijklmnop1234",
    issuedAt: NOW,
    ...overrides,
  });
}

/** The fields a refused message names. */
function refusedFields(text: string, now = NOW): string[] {
  try {
    checkSignInMessage(text, SETTINGS, now, "message");
  } catch (error) {
    assert.ok(error instanceof AppError);
    assert.equal(error.code, "SIWE_MESSAGE_INVALID");
    return (error.errors ?? []).map((e) => e.field);
  }
  assert.fail("the message was accepted");
}

describe("checkSignInMessage", () => {
  it("accepts a message naming this service, its chain and a fresh issued-at; answers its address and nonce", () => {
    assert.deepEqual(checkSignInMessage(message(), SETTINGS, NOW, "message"), {
      address: ADDRESS,
      nonce: "abcdefghijklmnop1234",
    });
  });

  it("names every bad field at once, under where the message sits", () => {
    const bad = message({ domain: "evil.example", chainId: 1 });
    assert.deepEqual(refusedFields(bad).sort(), ["message.chain-id", "message.domain"]);
    try {
      checkSignInMessage(bad, SETTINGS, NOW, "proof.message");
    } catch (error) {
      assert.deepEqual((error as AppError).errors?.map((e) => e.field).sort(), [
        "proof.message.chain-id",
        "proof.message.domain",
      ]);
    }
  });

  it("refuses a uri outside the public address, even one that merely starts with its text", () => {
    for (const uri of [
      "https://evil.example/app/join",
      "https://quests.example.com.evil.example/app",
      "https://quests.example.com@evil.example/",
      "http://quests.example.com/app/join",
    ]) {
      assert.deepEqual(refusedFields(message({ uri })), ["message.uri"], uri);
    }
    assert.doesNotThrow(() =>
      checkSignInMessage(message({ uri: SETTINGS.publicBaseUrl }), SETTINGS, NOW, "message"),
    );
  });

  it("bounds issued-at: at most 10 minutes old, at most 30 s ahead", () => {
    const at = (ms: number) => message({ issuedAt: new Date(NOW.getTime() + ms) });
    assert.deepEqual(refusedFields(at(-10 * 60_000 - 1)), ["message.issued-at"]);
    assert.deepEqual(refusedFields(at(30_001)), ["message.issued-at"]);
    for (const ms of [-10 * 60_000, 0, 30_000]) {
      assert.doesNotThrow(() => checkSignInMessage(at(ms), SETTINGS, NOW, "message"));
    }
  });

  it("refuses a passed expiration-time and a not-before still to come", () => {
    const later = new Date(NOW.getTime() + 60_000);
    const earlier = new Date(NOW.getTime() - 1);
    assert.deepEqual(refusedFields(message({ expirationTime: NOW })), ["message.expiration-time"]);
    assert.deepEqual(refusedFields(message({ notBefore: later })), ["message.not-before"]);
    assert.doesNotThrow(() =>
      checkSignInMessage(
        message({ expirationTime: later, notBefore: earlier }),
        SETTINGS,
        NOW,
        "message",
      ),
    );
  });

  it("refuses a version other than 1, and text that is no EIP-4361 message", () => {
    assert.deepEqual(refusedFields(message().replace("Version: 1", "Version: 2")), [
      "message.version",
    ]);
    assert.deepEqual(refusedFields("hello, sign me"), ["message"]);
    // viem reads the lines from URI to Issued At as one block: without the nonce, none of them.
    assert.ok(refusedFields(message().replace(/\nNonce: .*/, "")).includes("message.nonce"));
  });

  it("refuses an address whose mixed case is not its EIP-55 checksum", () => {
    const wrong = ADDRESS.slice(0, 2) + ADDRESS.slice(2).replace(/[a-f]/, (c) => c.toUpperCase());
    if (wrong === ADDRESS) return; // no lower-case letter to flip (never for this key)
    assert.deepEqual(refusedFields(message().replace(ADDRESS, wrong)), ["message.address"]);
  });
});
