/**
 * A quest's limits per pass and its link from the CLI: `admin quests create|update` and
 * `admin applications approve` take --pass-points-max, --pass-payouts-max, --pass-window and
 * --quest-url (`none` clears), refusing bad values before anything is sent; `apply --from FILE`
 * sends them in the file's `quest`.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { generatePrivateKey } from "viem/accounts";
import { createAccount, randomPass } from "../helpers/app.js";
import { newCampaign } from "../helpers/campaigns.js";
import {
  ADMIN_TOKEN,
  type CliRun,
  type CliService,
  describeRun,
  runQuestpoints,
  startCliService,
} from "../helpers/cli-process.js";
import { applicationProof, newWallet } from "../helpers/wallet.js";

const DAY_MS = 24 * 60 * 60 * 1000;
const PLAY_FIELDS = ["pass_points_max", "pass_payouts_max", "pass_window", "url"] as const;
const QUEST_URL = "https://moonwalk.example/check-in";

type Quest = Record<string, unknown> & { id: number };
const pick = (quest: Record<string, unknown>) =>
  Object.fromEntries(PLAY_FIELDS.map((field) => [field, quest[field]]));

describe("questpoints admin: quest limits per pass and link (CLI over HTTP)", () => {
  let service: CliService;
  let dir: string;
  before(async () => {
    service = await startCliService();
    dir = mkdtempSync(join(tmpdir(), "qp-quest-limits-"));
  });
  after(async () => {
    await service?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const admin = (args: string[]): Promise<CliRun> =>
    runQuestpoints(["admin", "--url", service.baseUrl, ...args], {
      env: { QP_ADMIN_TOKEN: ADMIN_TOKEN },
    });

  async function adminJson(args: string[]): Promise<Quest> {
    const run = await admin(["--json", ...args]);
    assert.equal(run.code, 0, describeRun(run));
    return JSON.parse(run.stdout) as Quest;
  }

  async function questCount(): Promise<number> {
    const { rows } = await service.ctx.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM quests",
    );
    return rows[0]!.n;
  }

  const createArgs = (owner: string) => {
    const now = Date.now();
    return ["quests", "create", "--name", "Check in", "--description", "Daily"].concat(
      ["--owner", owner, "--total-points", "1000", "--expected-points", "10"],
      ["--start", new Date(now - DAY_MS).toISOString()],
      ["--end", new Date(now + DAY_MS).toISOString()],
    );
  };

  it("creates a quest with its limits and link, changes them with update, and clears them with none", async () => {
    const owner = randomPass();
    await createAccount(service.ctx, owner);
    const created = await adminJson([
      ...createArgs(owner),
      ...["--pass-points-max", "500", "--pass-payouts-max", "1"],
      ...["--pass-window", "day", "--quest-url", QUEST_URL],
    ]);
    assert.deepEqual(pick(created), {
      pass_points_max: 500,
      pass_payouts_max: 1,
      pass_window: "day",
      url: QUEST_URL,
    });
    const id = String(created.id);
    const changed = await adminJson(["quests", "update", id, "--pass-window", "earning_period"]);
    assert.deepEqual(pick(changed), { ...pick(created), pass_window: "earning_period" });
    const cleared = await adminJson(
      ["quests", "update", id, "--pass-points-max", "none"].concat([
        "--pass-payouts-max",
        "none",
        "--quest-url",
        "none",
        "--pass-window",
        "quest",
      ]),
    );
    assert.deepEqual(pick(cleared), {
      pass_points_max: null,
      pass_payouts_max: null,
      pass_window: "quest",
      url: null,
    });
    const campaign = await newCampaign(service.ctx);
    const plain = await adminJson([...createArgs(owner), "--campaign", String(campaign)]);
    assert.deepEqual(pick(plain), pick(cleared), "the defaults without the flags");
    assert.equal(plain.campaign_id, campaign);
    const moved = await adminJson(["quests", "update", String(plain.id), "--campaign", "none"]);
    assert.equal(moved.campaign_id, null, "--campaign none takes it out of its campaign");
    // The same word clears a campaign's external id.
    const args = ["campaigns", "update", String(campaign), "--external-app-id"];
    const named = await admin([...args, "app-7", "--json"]);
    assert.equal(JSON.parse(named.stdout).external_app_id, "app-7", named.stderr);
    const unnamed = await admin([...args, "none", "--json"]);
    assert.equal(JSON.parse(unnamed.stdout).external_app_id, null, unnamed.stderr);
  });

  it("refuses bad values of the flags, sending nothing", async () => {
    const owner = randomPass();
    await createAccount(service.ctx, owner);
    const before = await questCount();
    const cases: [string[], RegExp][] = [
      [["--pass-points-max", "0"], /--pass-points-max is a whole number from 1/],
      [["--pass-points-max", "many"], /--pass-points-max is a whole number from 1/],
      [["--pass-payouts-max", "-1"], /--pass-payouts-max is a whole number from 1/],
      [["--pass-window", "month"], /--pass-window is one of day, week, earning_period, quest/],
      [["--quest-url", "http://moonwalk.example"], /--quest-url must start with https:/],
      [["--quest-url", "moonwalk"], /--quest-url needs a URL/],
    ];
    for (const [flags, said] of cases) {
      const run = await admin([...createArgs(owner), ...flags]);
      assert.equal(run.code, 1, describeRun(run));
      assert.match(run.stderr, said, flags.join(" "));
      assert.equal(run.stdout, "");
    }
    assert.equal(await questCount(), before, "no quest was made");
    // The service's own check, named as the service names it: white space in the URL.
    const spaced = "https://moonwalk.example/check in";
    const refused = await admin([...createArgs(owner), "--quest-url", spaced]);
    assert.equal(refused.code, 1, describeRun(refused));
    assert.match(refused.stderr, /^questpoints: BAD_REQUEST: /m);
    assert.match(refused.stderr, /^ {2}url: /m);
  });

  it("sends an application's limits and link from apply --from FILE, and approve overrides them", async () => {
    const now = Date.now();
    const file = join(dir, "application.json");
    writeFileSync(
      file,
      JSON.stringify({
        project: "Moonwalk",
        contact: "ops@moonwalk.example",
        quest: {
          name: "Daily check-in",
          total_points: 5000,
          expected_points_per_completion: 10,
          start: new Date(now).toISOString(),
          end: new Date(now + 30 * DAY_MS).toISOString(),
          pass_points_max: 300,
          pass_payouts_max: 2,
          pass_window: "week",
          url: QUEST_URL,
        },
      }),
    );
    const applied = await runQuestpoints(["apply", "--url", service.baseUrl, "--from", file], {
      env: { QP_OWNER_PRIVATE_KEY: generatePrivateKey() },
    });
    assert.equal(applied.code, 0, describeRun(applied));
    const id = Number(/^Application (\d+) is sent/m.exec(applied.stdout)?.[1]);
    const token = /^Token: +(ap_\w+)$/m.exec(applied.stdout)?.[1];
    const read = await fetch(`${service.baseUrl}/applications/${id}`, {
      headers: { "x-application-token": token! },
    });
    const application = (await read.json()) as { quest: Record<string, unknown> };
    assert.deepEqual(pick(application.quest), {
      pass_points_max: 300,
      pass_payouts_max: 2,
      pass_window: "week",
      url: QUEST_URL,
    });

    const approved = await adminJson(
      ["applications", "approve", String(id), "--pass-payouts-max", "1"].concat([
        "--pass-window",
        "day",
        "--quest-url",
        "none",
      ]),
    );
    const quests = await adminJson(["quests", "list", "--owner", String(approved.owner)]);
    const granted = (quests.items as Quest[]).filter((quest) =>
      [approved.quest_id, approved.test_quest_id].includes(quest.id),
    );
    assert.equal(granted.length, 2, "the live quest and its test twin");
    for (const quest of granted) {
      assert.deepEqual(pick(quest), {
        pass_points_max: 300,
        pass_payouts_max: 1,
        pass_window: "day",
        url: null,
      });
    }
  });

  it("approves with a limit over an application that named none", async () => {
    const wallet = newWallet();
    const now = Date.now();
    const submitted = await fetch(`${service.baseUrl}/applications`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        project: "Plain",
        contact: "plain@example.com",
        owner: wallet.address,
        proof: await applicationProof(service.baseUrl, wallet),
        quest: {
          name: "Plain quest",
          total_points: 1000,
          expected_points_per_completion: 10,
          start: new Date(now - DAY_MS).toISOString(),
          end: new Date(now + DAY_MS).toISOString(),
        },
      }),
    });
    assert.equal(submitted.status, 201, await submitted.clone().text());
    const { id } = (await submitted.json()) as { id: number };
    const approved = await adminJson(
      ["applications", "approve", String(id), "--pass-points-max", "50"].concat([
        "--quest-url",
        QUEST_URL,
      ]),
    );
    const quests = await adminJson(["quests", "list", "--owner", wallet.address]);
    const live = (quests.items as Quest[]).find((quest) => quest.id === approved.quest_id)!;
    assert.deepEqual(pick(live), {
      pass_points_max: 50,
      pass_payouts_max: null,
      pass_window: "quest",
      url: QUEST_URL,
    });
  });
});
