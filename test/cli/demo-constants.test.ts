import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { parsePassAddress } from "../../src/domain/address.js";
import { generateApiKey } from "../../src/domain/api-keys.js";
import { generateOperatorToken } from "../../src/domain/operators.js";
import {
  DEMO_OWNER_PASS,
  DEMO_PLAYER_PASS,
  demoInstructions,
} from "../../src/use-cases/seed-demo.js";

describe("demo pass addresses", () => {
  it("are valid checksum addresses the service accepts unchanged", () => {
    assert.equal(parsePassAddress(DEMO_OWNER_PASS), DEMO_OWNER_PASS);
    assert.equal(parsePassAddress(DEMO_PLAYER_PASS), DEMO_PLAYER_PASS);
  });

  it("are FuturePass indexes 1 and 2 (0xFFFFFFFF + index)", () => {
    assert.equal(DEMO_OWNER_PASS, "0xFfFFFFff00000000000000000000000000000001");
    assert.equal(DEMO_PLAYER_PASS.toLowerCase(), "0xffffffff00000000000000000000000000000002");
  });

  it("are two different accounts", () => {
    assert.notEqual(DEMO_OWNER_PASS.toLowerCase(), DEMO_PLAYER_PASS.toLowerCase());
  });
});

describe("demoInstructions", () => {
  const demo = {
    apiKey: generateApiKey(),
    operatorToken: generateOperatorToken(),
    questId: 5,
    campaignId: 3,
    playerPass: DEMO_PLAYER_PASS,
  };
  const base = "http://127.0.0.1:8080";
  const text = demoInstructions(demo, base);
  const lines = text.split("\n");

  it("shows the API key", () => {
    assert.ok(text.includes(demo.apiKey));
  });

  it("shows the demo operator's token once, beside the key, and names the operator console", () => {
    const key = lines.findIndex((l) => l.includes(`API key: ${demo.apiKey}`));
    assert.ok(key >= 0, text);
    assert.match(
      lines[key + 1]!,
      new RegExp(`Operator token: ${demo.operatorToken} .*"demo", role admin`),
    );
    assert.equal(text.split(demo.operatorToken).length, 2, "the token appears once");
    assert.match(
      text,
      /operator console at http:\/\/127\.0\.0\.1:8080\/app\/operator takes the operator token/,
    );
  });

  it("names the consoles on the pages' address when it is another", () => {
    const pages = demoInstructions(demo, base, "http://localhost:8080");
    assert.match(pages, /owner console at http:\/\/localhost:8080\/app\/console/);
    assert.match(pages, /operator console at http:\/\/localhost:8080\/app\/operator/);
    assert.match(pages, /curl -s http:\/\/127\.0\.0\.1:8080\/quests\/5/);
  });

  it("gives a curl command that reads the quest with the key", () => {
    const get = lines.find(
      (l) => l.includes("curl") && !l.includes("POST") && l.includes("x-api-key"),
    );
    assert.ok(get, text);
    assert.ok(get.includes(`${base}/quests/5`), get);
    assert.ok(get.includes(`x-api-key: ${demo.apiKey}`), get);
  });

  it("gives a curl command that allocates points to the demo player with the key", () => {
    const start = lines.findIndex((l) => l.includes("curl") && l.includes("-X POST"));
    assert.ok(start >= 0, text);
    const post = lines[start]!;
    assert.ok(post.includes(`${base}/quests/5`), post);
    assert.ok(post.includes(`x-api-key: ${demo.apiKey}`), post);
    // The command continues on the next line, which carries the JSON body.
    assert.ok(post.trimEnd().endsWith("\\"), post);
    const next = lines[start + 1]!;
    assert.ok(next.includes("content-type: application/json"), next);
    const body = /-d '([^']*)'/.exec(next)?.[1];
    assert.ok(body, next);
    assert.deepEqual(JSON.parse(body), { points: 100, address: DEMO_PLAYER_PASS });
  });

  it("has exactly two curl commands that use the key", () => {
    const withKey = lines.filter((l) => l.includes("curl") && l.includes(demo.apiKey));
    assert.equal(withKey.length, 2, text);
  });
});
