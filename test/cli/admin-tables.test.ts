import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { AUDIT_ACTIONS } from "../../src/cli/arguments.js";
import { POINTS_MAX } from "../../src/domain/limits.js";
import {
  allocate,
  createAccount,
  createQuest,
  expectStatus,
  issueKey,
  randomPass,
} from "../helpers/app.js";
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
const WIDTH_MAX = 100;
const SRC = fileURLToPath(new URL("../../src", import.meta.url));
/** Longer than any column can hold: every name, reason and id as long as the service allows. */
const long = (label: string, length: number) =>
  `${label} `.padEnd(length, "with a name far longer than any table column ");

/** Every line of stdout at most WIDTH_MAX characters, with the offending lines in the message. */
function assertFits(run: CliRun, command: string): void {
  assert.equal(run.code, 0, `${command}: ${describeRun(run)}`);
  const wide = run.stdout.split("\n").filter((line) => line.length > WIDTH_MAX);
  assert.deepEqual(wide, [], `${command} prints lines over ${WIDTH_MAX} columns:\n${run.stdout}`);
}

/** The `action: "…"` literals of the service's source (src/ but the CLI and the client). */
function writtenActions(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      return name === "cli" || name === "client" ? [] : writtenActions(path);
    }
    if (!name.endsWith(".ts")) return [];
    const text = readFileSync(path, "utf8");
    return [...text.matchAll(/\baction:\s*"([^"]+)"/g)].map((match) => match[1]!);
  });
}

describe("questpoints admin tables: 100 columns, summaries, known audit actions", () => {
  let service: CliService;
  let questId = 0;
  const reason = "duplicate payout";
  before(async () => {
    service = await startCliService();
    const { ctx } = service;
    const now = Date.now();
    const window = {
      start: new Date(now - DAY_MS).toISOString(),
      end: new Date(now + 30 * DAY_MS).toISOString(),
    };
    const campaign = await ctx.admin("POST", "/admin/campaigns", {
      name: long("Campaign", 200),
      description: long("About", 2000),
      external_app_id: long("app", 255),
      ...window,
    });
    expectStatus(campaign, 201);
    const actionType = "a-long-action-type".padEnd(64, "x");
    const owner = randomPass();
    await createAccount(ctx, owner);
    questId = await createQuest(ctx, owner, {
      name: long("Quest", 200),
      description: long("What to do", 5000),
      total_points: POINTS_MAX,
      campaign_id: campaign.json().id,
      action_type: actionType,
    });
    await createQuest(ctx, owner, { name: long("Test quest", 200), mode: "test" });
    expectStatus(
      await ctx.admin("PUT", `/admin/action-types/${actionType.replace(/x$/, "y")}`, {
        active: false,
      }),
      200,
    );
    const live = await issueKey(ctx, owner);
    await issueKey(ctx, owner, "test");
    const rotated = await issueKey(ctx, owner);
    expectStatus(
      await ctx.admin("POST", `/admin/keys/${rotated.id}/rotate`, { grace_seconds: 3600 }),
      201,
    );
    const revoked = await issueKey(ctx, owner);
    expectStatus(await ctx.admin("DELETE", `/admin/keys/${revoked.id}`), 204);
    expectStatus(
      await ctx.admin("POST", "/admin/earning-periods", {
        start: new Date(now - DAY_MS).toISOString(),
        end: new Date(now + 400 * DAY_MS).toISOString(),
      }),
      201,
    );
    const fixture = { apiKey: live.key, questId };
    const payoutIds: string[] = [];
    for (const points of [60, POINTS_MAX - 1000, 7]) {
      const player = randomPass();
      await createAccount(ctx, player);
      const paid = await allocate(ctx, fixture, { points, address: player });
      expectStatus(paid, 200);
      payoutIds.push(paid.json().payout.id);
    }
    expectStatus(
      await ctx.admin("POST", `/admin/payouts/${payoutIds[0]}/reversal`, { reason }),
      201,
    );
    const byOwner = await ctx.inject({
      method: "POST",
      url: `/quests/${questId}/payouts/${payoutIds[1]}/reversal`,
      headers: { "x-api-key": live.key },
      payload: { reason: long("The owner's reason", 500) },
    });
    expectStatus(byOwner, 201);
  });
  after(async () => {
    await service?.close();
  });

  async function admin(args: string[]): Promise<CliRun> {
    return runQuestpoints(["admin", "--url", service.baseUrl, ...args], {
      env: { QP_ADMIN_TOKEN: ADMIN_TOKEN },
    });
  }

  /** An application with every text as long as allowed; its id. */
  async function submitApplication(): Promise<number> {
    const wallet = newWallet();
    const now = Date.now();
    const answer = await fetch(`${service.baseUrl}/applications`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        project: long("Project", 200),
        contact: long("contact@example.com", 320),
        owner: wallet.address,
        proof: await applicationProof(service.baseUrl, wallet),
        message: long("Please", 5000),
        quest: {
          name: long("Applied quest", 200),
          description: long("Asked for", 5000),
          total_points: POINTS_MAX,
          expected_points_per_completion: 10,
          start: new Date(now + DAY_MS).toISOString(),
          end: new Date(now + 9 * DAY_MS).toISOString(),
        },
      }),
    });
    assert.equal(answer.status, 201, await answer.clone().text());
    return ((await answer.json()) as { id: number }).id;
  }

  it("prints every listing as a table of at most 100 columns, long names cut with an ellipsis", async () => {
    await submitApplication();
    const listings = [
      ["accounts", "list"],
      ["campaigns", "list"],
      ["quests", "list"],
      ["keys", "list"],
      ["action-types", "list"],
      ["earning-periods", "list"],
      ["applications", "list"],
      ["payouts", "list"],
      ["payouts", "list", "--all", "--limit", "2"],
      ["audit", "list"],
      ["features", "get"],
    ];
    for (const args of listings) {
      const run = await admin(args);
      assertFits(run, args.join(" "));
      assert.doesNotMatch(run.stdout, /[{}]/, `${args.join(" ")}: no inline JSON\n${run.stdout}`);
    }
    const quests = await admin(["quests", "list"]);
    assert.match(quests.stdout, new RegExp(`│ ${questId} +│ Quest with a name far[^│]*… │`));
    assert.match(quests.stdout, /│ id +│ name +│ mode +│ left\/total +│ start +│ end +│/);
  });

  it("keeps the ids and the key whole, and prints whole values in --json", async () => {
    const owner = randomPass();
    await createAccount(service.ctx, owner);
    const created = await admin(["keys", "create", owner, "--mode", "test"]);
    assertFits(created, "keys create");
    const key = /│ key +│ (sk_test_\w+) +│/.exec(created.stdout)?.[1];
    assert.ok(key && key.length === "sk_test_".length + 40, created.stdout);

    const keys = await admin(["keys", "list", "--owner", owner]);
    assertFits(keys, "keys list");
    assert.match(keys.stdout, /│ id +│ prefix +│ owner +│ last_used +│ status +│/);
    assert.match(
      keys.stdout,
      /│ [0-9a-f-]{36} │ sk_test_\w{5} +│ [0-9a-f]{4}…[0-9a-f]{4} │ +│ active +│/,
    );

    const applications = await admin(["--json", "applications", "list"]);
    assert.equal(applications.code, 0, describeRun(applications));
    const [first] = (JSON.parse(applications.stdout) as { items: { project: string }[] }).items;
    assert.equal(first?.project, long("Project", 200), "--json has the whole value");
  });

  it("prints a decided application and a created quest as summaries, never as inline JSON", async () => {
    for (const args of [
      ["applications", "approve", String(await submitApplication()), "--total-points", "4000"],
      ["applications", "reject", String(await submitApplication()), "--reason", long("No", 1000)],
    ]) {
      const run = await admin(args);
      assertFits(run, args.slice(0, 2).join(" "));
      assert.ok(!run.stdout.includes("{"), `${args[1]} prints no "{":\n${run.stdout}`);
      assert.match(run.stdout, /│ quest +│ "Applied quest with a name far/);
      assert.match(run.stdout, /│ owner_account +│ (none yet|[0-9a-f-]{36}, \d+ quests)/);
    }
    const owner = randomPass();
    await createAccount(service.ctx, owner);
    const name = long("Made by the CLI", 200);
    const created = await admin([
      "quests",
      "create",
      "--name",
      name,
      "--description",
      long("With a description", 5000),
      "--owner",
      owner,
      "--total-points",
      "10",
      "--expected-points",
      "1",
      "--start",
      new Date().toISOString(),
      "--end",
      new Date(Date.now() + DAY_MS).toISOString(),
    ]);
    assertFits(created, "quests create");
    assert.match(created.stdout, /│ name +│ Made by the CLI with a name far[^│]*… │/);
  });

  it("counts a nested object's fields in words: an approval's one override is `(1 field)`", async () => {
    // The approval above overrode the total points only.
    const run = await admin(["audit", "list", "--action", "application.approve"]);
    assertFits(run, "audit list --action application.approve");
    assert.match(run.stdout, /\boverrides \(1 field\)/, run.stdout);
    assert.doesNotMatch(run.stdout, /\(1 (field|item)s\)/);
  });

  it("shows an audit entry's details as a short summary: a reversal's reason and amount", async () => {
    const run = await admin(["audit", "list", "--action", "payout.reverse"]);
    assertFits(run, "audit list --action payout.reverse");
    assert.match(run.stdout, /│ at +│ actor +│ action +│ target +│ details +│/);
    // The operator's reversal (ADMIN_TOKEN's, `operator:bootstrap`, shown as `bootstrap`): its
    // reason and amount, on the details' first lines.
    assert.match(
      run.stdout,
      /│ bootstrap +│ payout\.reverse │ [0-9a-f]{4}…[0-9a-f]{4} │ reason "duplicate payout", +│/,
    );
    assert.match(run.stdout, /│ +│ +│ +│ +│ amount 60, quest_id \d+, /);
    // The owner's: the actor is its account, shortened.
    assert.match(run.stdout, /│ [0-9a-f]{4}…[0-9a-f]{4} +│ payout\.reverse │/, run.stdout);
    assert.match(run.stdout, /reason "The owner's reason with a/, "the owner's too, cut");
  });

  it("refuses an unknown --action, naming the known ones, and sends nothing", async () => {
    const run = await admin(["audit", "list", "--action", "bogus.action"]);
    assert.equal(run.code, 1, describeRun(run));
    assert.match(run.stderr, /bogus\.action is not an action the service writes/);
    assert.ok(run.stderr.includes(AUDIT_ACTIONS.join(", ")), run.stderr);
    assert.equal(run.stdout, "");
    const near = await admin(["audit", "list", "--action", "quest.delete"]);
    assert.equal(near.code, 1, describeRun(near));
    assert.match(near.stderr, /quest has quest\.create, quest\.update/);
  });

  it("knows every action the service writes, and no other", () => {
    const written = [...new Set(writtenActions(SRC))].sort();
    assert.ok(written.length >= 10, `found the service's actions: ${written.join(", ")}`);
    assert.deepEqual([...AUDIT_ACTIONS].sort(), written);
  });
});
