/**
 * The README's tour, run as a newcomer runs it: a fresh service on PGlite with the demo data
 * `serve --demo-if-empty` seeds, listening on a free port; each curl command of the tour, in
 * order, run by bash; each answer compared with the `# →` example the README shows under it
 * (test/helpers/readme-tour.ts). The substitutions are the ones a reader makes: the service's
 * address for `localhost:8080`, and the key `npm start` printed for `sk_…`. The README promises
 * quest 1 and campaign 1, so the seed must make those ids.
 */
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { after, before, describe, it } from "node:test";
import { promisify } from "node:util";
import { type DemoData, seedDemo } from "../src/use-cases/seed-demo.js";
import { buildTestContext, type TestContext } from "./helpers/app.js";
import { differences, parseExample, readTour } from "./helpers/readme-tour.js";

const README = new URL("../README.md", import.meta.url);
const TOUR_HEADING = "## A 60-second tour";
const README_ADDRESS = "localhost:8080";
const README_KEY = "sk_…";
const COMMAND_TIMEOUT_MS = 10_000;

const run = promisify(execFile);

describe("the README's tour", () => {
  const tour = readTour(readFileSync(README, "utf8"), TOUR_HEADING);
  let ctx: TestContext | undefined;
  let demo: DemoData | undefined;
  let address = "";

  before(async () => {
    ctx = await buildTestContext("pglite");
    demo = await seedDemo(ctx.db);
    // "http://127.0.0.1:PORT": what replaces localhost:8080 in the commands.
    address = new URL(await ctx.app.listen({ port: 0, host: "127.0.0.1" })).host;
  });
  after(async () => {
    await ctx?.close();
  });

  it("shows an answer under every command, and each answer parses", () => {
    assert.ok(tour.steps.length >= 5, `the tour should have commands: ${tour.steps.length}`);
    assert.ok(
      tour.assignments.some((line) => line.includes(README_KEY)),
      `the tour should start by setting the demo key (${README_KEY})`,
    );
    for (const step of tour.steps) {
      assert.ok(step.example !== undefined, `no "# →" answer under:\n${step.command}`);
      parseExample(step.example);
    }
  });

  it("runs on the demo data npm start seeds: campaign 1 and quest 1", () => {
    assert.ok(demo, "the fresh database should get demo data");
    assert.equal(demo.questId, 1);
    assert.equal(demo.campaignId, 1);
  });

  it("answers every command as the README shows, in order", async () => {
    assert.ok(demo);
    const setup = tour.assignments.map((line) => line.replaceAll(README_KEY, demo!.apiKey));
    for (const step of tour.steps) {
      const command = step.command.replaceAll(README_ADDRESS, address);
      const script = ["set -eu", ...setup, command].join("\n");
      const { stdout } = await run("bash", ["-c", script], { timeout: COMMAND_TIMEOUT_MS });
      let answer: unknown;
      try {
        answer = JSON.parse(stdout);
      } catch {
        assert.fail(`not JSON:\n${stdout}\nfrom:\n${step.command}`);
      }
      const found = differences(parseExample(step.example!), answer);
      assert.deepEqual(
        found,
        [],
        `the answer differs from the README's\n${step.command}\n# → ${step.example}\ngot: ${stdout}`,
      );
    }
  });
});

describe("the tour's example answers", () => {
  const matches = (example: string, actual: unknown) =>
    differences(parseExample(example), actual).length === 0;

  it("take … for any value, any part of a string, further members or further items", () => {
    assert.ok(matches('{"id":"…","at":"…Z","n":1}', { id: "x", at: "2026-01-01T00:00:00Z", n: 1 }));
    assert.ok(matches('{"id":1,…}', { id: 1, name: "a", more: [1] }));
    assert.ok(matches('{"items":[{"id":1},…]}', { items: [{ id: 1 }, { id: 2 }] }));
    assert.ok(matches('{"payout":{…},"list":[…]}', { payout: { a: 1 }, list: [] }));
  });

  it("refuse a renamed, missing or added field, another value or another item count", () => {
    assert.ok(!matches('{"payout":{"amount":100}}', { payout: { points: 100 } }));
    assert.ok(!matches('{"amount":100}', { amount: 100, extra: true }));
    assert.ok(!matches('{"amount":100,…}', { amount: 101 }));
    assert.ok(!matches('{"at":"…Z"}', { at: "2026-01-01T00:00:00+01:00" }));
    assert.ok(!matches('{"items":[]}', { items: [{ id: 1 }] }));
    assert.ok(!matches('{"items":[{"id":1},…]}', { items: [] }));
    assert.ok(!matches('{"ok":true}', { ok: "true" }));
  });
});
