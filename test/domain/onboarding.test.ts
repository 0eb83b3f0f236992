import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { describe, it } from "node:test";
import { generateApiKey } from "../../src/domain/api-keys.js";
import {
  ALLOCATION_CHECKS,
  ALLOCATION_RETRY_ERRORS,
  type OnboardingInput,
  onboardingInstructions,
} from "../../src/domain/onboarding.js";
import { httpStatusOf } from "../../src/http/error-status.js";

const testKey = generateApiKey("test");
const input: OnboardingInput = {
  baseUrl: "https://points.example.com",
  questId: 41,
  testQuestId: 42,
  testApiKey: testKey,
  examplePass: "0xFfFFFFff00000000000000000000000000000001",
  start: new Date("2026-03-01T00:00:00.000Z"),
  end: new Date("2026-04-01T00:00:00.000Z"),
  exampleKeyNonce: "5f3a9c01d2e4b687",
};
const text = onboardingInstructions(input, httpStatusOf);

/** The shell commands of the ```sh blocks, continuation lines joined. */
function shellBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!.replaceAll("\\\n", " "));
}

/** The examples' Idempotency-Keys: the test command's header and the live one the text names. */
function exampleKeys(markdown: string): { test: string; live: string } {
  const allocate = shellBlocks(markdown)[1]!.trim();
  const header = curlArguments(allocate).find((arg) => arg.startsWith("Idempotency-Key: "));
  const live = /new `Idempotency-Key` \(such as `([^`]+)`\)/.exec(markdown)?.[1];
  assert.ok(header && live, markdown);
  return { test: header.slice("Idempotency-Key: ".length), live };
}

/** The arguments a POSIX shell would pass to `curl` for a command (run through sh itself). */
function curlArguments(command: string): string[] {
  const out = execFileSync("sh", ["-c", `printf '%s\\0' ${command.replace(/^curl /, "")}`]);
  return out.toString("utf8").split("\0").slice(0, -1);
}

describe("onboardingInstructions", () => {
  it("names the base address and both quest ids", () => {
    assert.ok(text.includes("https://points.example.com"));
    assert.match(text, /Live quest: \*\*41\*\*/);
    assert.match(text, /Test quest: \*\*42\*\*/);
  });

  it("reads and allocates on the test quest with the test key, in ready-to-paste curl commands", () => {
    const [read, allocate, ...rest] = shellBlocks(text);
    assert.equal(rest.length, 0);
    const readArgs = curlArguments(read!.trim());
    assert.ok(readArgs.includes("https://points.example.com/quests/42"));
    assert.ok(readArgs.includes(`x-api-key: ${testKey}`));
    assert.ok(!readArgs.includes("-X"), "the read is a GET");
    const allocateArgs = curlArguments(allocate!.trim());
    assert.deepEqual(
      allocateArgs.slice(allocateArgs.indexOf("-X"), allocateArgs.indexOf("-X") + 2),
      ["-X", "POST"],
    );
    assert.ok(allocateArgs.includes("https://points.example.com/quests/42"));
    assert.ok(allocateArgs.includes(`x-api-key: ${testKey}`));
    assert.ok(allocateArgs.includes("Content-Type: application/json"));
    assert.ok(allocateArgs.some((arg) => /^Idempotency-Key: \S+$/.test(arg)));
    const body = JSON.parse(allocateArgs[allocateArgs.indexOf("-d") + 1]!);
    assert.deepEqual(body, { points: 1, address: input.examplePass });
  });

  it("never shows a live key, and says the live key works the same on the live quest", () => {
    const keys = text.match(/sk_[0-9A-Za-z_]{32,}/g) ?? [];
    assert.deepEqual([...new Set(keys)], [testKey]);
    assert.match(text, /live key \(`api_key`\) works the same way on quest 41/);
    assert.ok(text.includes("/quests/41"));
  });

  it("lists every error code an allocation can answer, the checks in the contract's order", () => {
    let from = 0;
    for (const { code } of ALLOCATION_CHECKS) {
      const row = `| ${httpStatusOf(code)} | \`${code}\` |`;
      const at = text.indexOf(row, from);
      assert.ok(at >= from, `${code} should be listed after the checks before it`);
      from = at + 1;
    }
    for (const { code } of ALLOCATION_RETRY_ERRORS) {
      assert.ok(text.includes(`| ${httpStatusOf(code)} | \`${code}\` |`), `${code} is listed`);
    }
    const codes = ALLOCATION_CHECKS.map((c) => c.code);
    assert.deepEqual(
      codes.filter((c) => c !== "BAD_REQUEST"),
      [
        "QUESTS_DISABLED",
        "INVALID_API_KEY",
        "QUEST_NOT_FOUND",
        "NOT_QUEST_OWNER",
        "KEY_MODE_MISMATCH",
        "ACTION_TYPE_INACTIVE",
        "QUEST_NOT_ACTIVE",
        "NO_ACTIVE_EARNING_PERIOD",
        "ACCOUNT_NOT_FOUND",
        "INSUFFICIENT_POINTS",
        "PASS_POINTS_LIMIT",
      ],
    );
  });

  it("makes the examples' Idempotency-Keys unique per claim: each names its quest and the claim's random part", () => {
    const keys = exampleKeys(text);
    assert.notEqual(keys.test, keys.live, "the live example needs a key of its own");
    assert.ok(keys.test.includes("42") && keys.test.includes(input.exampleKeyNonce), keys.test);
    assert.ok(keys.live.includes("41") && keys.live.includes(input.exampleKeyNonce), keys.live);
    for (const key of [keys.test, keys.live]) {
      assert.match(key, /^[!-~]{1,255}$/, "1-255 printable ASCII characters, no space");
    }
    // The owner's next application: other quests, another claim.
    const next = exampleKeys(
      onboardingInstructions(
        {
          ...input,
          questId: 43,
          testQuestId: 44,
          exampleKeyNonce: "0c1d2e3f40516273",
        },
        httpStatusOf,
      ),
    );
    const all = [keys.test, keys.live, next.test, next.live];
    assert.equal(new Set(all).size, all.length, all.join(", "));
    // Even a second claim on the same quests (a rebuilt database) differs by its random part.
    const sameQuests = exampleKeys(
      onboardingInstructions({ ...input, exampleKeyNonce: "ffff" }, httpStatusOf),
    );
    assert.notEqual(sameQuests.test, keys.test);
    assert.notEqual(sameQuests.live, keys.live);
  });

  it("advises reusing the same Idempotency-Key when retrying, kept 24 hours", () => {
    assert.match(text, /retry with the same key and the same body/);
    assert.match(text, /at least 24 hours/);
    assert.ok(text.includes("IDEMPOTENCY_KEY_REUSED"));
  });

  it("states the quests' window", () => {
    assert.ok(text.includes("2026-03-01T00:00:00.000Z"));
    assert.ok(text.includes("2026-04-01T00:00:00.000Z"));
  });

  it("quotes the base address for the shell, whatever it holds", () => {
    const odd = onboardingInstructions(
      { ...input, baseUrl: "http://it's.example:8080" },
      httpStatusOf,
    );
    const [read] = shellBlocks(odd);
    assert.ok(curlArguments(read!.trim()).includes("http://it's.example:8080/quests/42"));
  });

  it("is well-formed Markdown: every code fence is closed", () => {
    assert.equal((text.match(/^```/gm) ?? []).length % 2, 0);
  });
});
