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

/** What a refused message's answer names: each field and its problem. */
function refusal(text: string, now = NOW): { field: string; message: string }[] {
  try {
    checkSignInMessage(text, SETTINGS, now, "message");
  } catch (error) {
    assert.ok(error instanceof AppError);
    assert.equal(error.code, "SIWE_MESSAGE_INVALID");
    return error.errors ?? [];
  }
  assert.fail(`the message was accepted:\n${text}`);
}

/** The fields a refused message names. */
const refusedFields = (text: string, now = NOW) => refusal(text, now).map((e) => e.field);

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

  describe("accepts only a message that is exactly the EIP-4361 text of its fields", () => {
    const LATER = new Date(NOW.getTime() + 60_000);
    const PASSED = new Date(NOW.getTime() - 60_000);

    it("accepts canonical messages: with a statement or none, resources, a request id, expiration-time then not-before", () => {
      for (const overrides of [
        {},
        { statement: "Join questpoints." },
        {
          resources: [
            "https://quests.example.com/terms",
            "ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq/",
          ],
        },
        { requestId: "req-42" },
        { expirationTime: LATER, notBefore: PASSED },
        {
          statement: "Join questpoints.",
          expirationTime: LATER,
          notBefore: PASSED,
          requestId: "req-42",
          resources: ["https://quests.example.com/terms"],
        },
      ]) {
        const text = message(overrides);
        assert.doesNotThrow(
          () => checkSignInMessage(text, SETTINGS, NOW, "message"),
          JSON.stringify(overrides),
        );
      }
    });

    it("accepts every RFC 3339 spelling of a time EIP-4361 allows, as written: no fraction, another offset", () => {
      const text = message({ expirationTime: LATER, notBefore: PASSED })
        .replace(/Issued At: .*/, "Issued At: 2026-06-01T12:00:00Z")
        .replace(/Expiration Time: .*/, "Expiration Time: 2026-06-01T14:01:00+02:00")
        .replace(/Not Before: .*/, "Not Before: 2026-06-01T11:59:00.5Z");
      assert.doesNotThrow(() => checkSignInMessage(text, SETTINGS, NOW, "message"), text);
    });

    it("refuses an Expiration Time written after Not Before (EIP-4361 orders it before), naming expiration-time", () => {
      const text = `${message({ notBefore: PASSED })}\nExpiration Time: ${PASSED.toISOString()}`;
      const errors = refusal(text);
      assert.deepEqual(
        errors.map((e) => e.field),
        ["message.expiration-time"],
        JSON.stringify(errors),
      );
      assert.match(errors[0]!.message, /\(line 11: "Expiration Time: /);
    });

    it("refuses free text before URI, naming the line", () => {
      for (const statement of [undefined, "Join questpoints."]) {
        const base = message(statement === undefined ? {} : { statement });
        const text = base.replace("\nURI: ", "\nClaim your airdrop at https://evil.example\nURI: ");
        const errors = refusal(text);
        assert.equal(errors.length, 1, JSON.stringify(errors));
        assert.equal(errors[0]!.field, "message");
        assert.match(
          errors[0]!.message,
          /^line \d+ is not part of an EIP-4361 message: "Claim your airdrop at https:\/\/evil\.example"$/,
        );
      }
    });

    it("refuses a first URI line ahead of the right one, naming uri", () => {
      const text = message().replace("\nURI: ", "\nURI: https://evil.example/claim\nURI: ");
      const errors = refusal(text);
      assert.deepEqual(
        errors.map((e) => e.field),
        ["message.uri"],
        JSON.stringify(errors),
      );
      assert.match(errors[0]!.message, /https:\/\/evil\.example\/claim/);
    });

    it("refuses lines EIP-4361 does not lay out: a field twice, text after the last field, a missing blank line", () => {
      const cases: [string, string][] = [
        [message().replace(/(\nIssued At: .*)/, "$1$1"), "message.issued-at"],
        [`${message()}\nSend 1 ETH to 0x0000000000000000000000000000000000000001`, "message"],
        [`${message()}\n`, "message"],
        [message().replace("\n\n\nURI: ", "\n\nURI: "), "message"],
        [message({ statement: "Join." }).replace("Join.\n", "Join.\nAnd more.\n"), "message"],
      ];
      for (const [text, field] of cases) {
        assert.deepEqual(refusedFields(text), [field], text);
      }
    });
  });
});
