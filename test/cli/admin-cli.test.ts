import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, describe, it } from "node:test";
import {
  allocate,
  createAccount,
  createQuest,
  issueKey,
  questFixture,
  randomPass,
} from "../helpers/app.js";
import {
  ADMIN_TOKEN,
  type CliRun,
  type CliService,
  describeRun,
  runQuestpoints,
  spawnQuestpoints,
  startCliService,
  startStub,
} from "../helpers/cli-process.js";
import { freePort } from "../helpers/postgres.js";
import { applicationProof, newWallet } from "../helpers/wallet.js";

const DAY_MS = 24 * 60 * 60 * 1000;
const VERSION = (
  JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
    version: string;
  }
).version;
const PROBLEM_LINE = /^questpoints: ([A-Z_]+): (.+) \(request ([^)]+)\)$/m;

describe("questpoints admin (CLI over HTTP)", () => {
  let service: CliService;
  const runs: CliRun[] = [];
  before(async () => {
    service = await startCliService();
  });
  after(async () => {
    await service?.close();
  });

  /** `questpoints admin ARGS` against the test service, with the operator token. */
  async function admin(args: string[], stdin?: string): Promise<CliRun> {
    const run = await runQuestpoints(["admin", "--url", service.baseUrl, ...args], {
      env: { QP_ADMIN_TOKEN: ADMIN_TOKEN },
      ...(stdin === undefined ? {} : { stdin }),
    });
    runs.push(run);
    return run;
  }

  async function adminJson<T = Record<string, unknown>>(args: string[]): Promise<T> {
    const run = await admin(["--json", ...args]);
    assert.equal(run.code, 0, describeRun(run));
    return JSON.parse(run.stdout) as T;
  }

  function expectProblemRun(run: CliRun, code: string): RegExpExecArray {
    assert.equal(run.code, 1, describeRun(run));
    const match = PROBLEM_LINE.exec(run.stderr);
    assert.ok(match, `stderr has "questpoints: CODE: detail (request ID)":\n${describeRun(run)}`);
    assert.equal(match[1], code, describeRun(run));
    assert.equal(run.stdout, "");
    return match;
  }

  /** `quests create` through the CLI. */
  async function createQuestCli(owner: string, extra: string[] = []) {
    const now = Date.now();
    return adminJson<{ id: number; name: string; mode: string }>([
      "quests",
      "create",
      "--name",
      "CLI quest",
      "--description",
      "made by the CLI",
      "--owner",
      owner,
      "--total-points",
      "1000",
      "--expected-points",
      "10",
      "--start",
      new Date(now - DAY_MS).toISOString(),
      "--end",
      new Date(now + DAY_MS).toISOString(),
      ...extra,
    ]);
  }

  it("prints package.json's version with --version", async () => {
    const run = await runQuestpoints(["--version"]);
    assert.equal(run.code, 0, describeRun(run));
    assert.equal(run.stdout.trim(), VERSION);
  });

  it("refuses clearly without QP_ADMIN_TOKEN, and sends nothing", async () => {
    const run = await runQuestpoints(["admin", "--url", service.baseUrl, "features", "get"]);
    assert.equal(run.code, 1, describeRun(run));
    assert.match(run.stderr, /^questpoints: QP_ADMIN_TOKEN is not set/m);
    assert.equal(run.stdout, "");
  });

  it("has no option that takes the token", async () => {
    const run = await runQuestpoints(["admin", "--token", ADMIN_TOKEN, "features", "get"]);
    assert.equal(run.code, 1, describeRun(run));
    assert.match(run.stderr, /unknown option '--token'/);
  });

  it("registers an account and lists it, as a table and as JSON", async () => {
    const pass = randomPass();
    const created = await admin(["accounts", "create", pass.toLowerCase()]);
    assert.equal(created.code, 0, describeRun(created));
    assert.match(
      created.stdout,
      new RegExp(`│ pass\\s+│ ${pass}`),
      "the checksummed pass, in a table",
    );

    const again = await adminJson<{ id: string; pass: string }>(["accounts", "create", pass]);
    assert.equal(again.pass, pass);

    const table = await admin(["accounts", "list"]);
    assert.equal(table.code, 0, describeRun(table));
    assert.match(table.stdout, /│ id\s+│ pass\s+│ created_at\s+│/);
    assert.ok(table.stdout.includes(pass), describeRun(table));
    assert.ok(table.stdout.includes(again.id));

    const list = await adminJson<{ items: { id: string; pass: string }[]; next_cursor: null }>([
      "accounts",
      "list",
      "--pass",
      pass,
    ]);
    assert.deepEqual(
      list.items.map((item) => [item.id, item.pass]),
      [[again.id, pass]],
    );
    assert.equal(list.next_cursor, null);
  });

  it("creates a quest, and the list shows it with its owner, campaign and mode", async () => {
    const owner = randomPass();
    await createAccount(service.ctx, owner);
    const live = await createQuestCli(owner, ["--private"]);
    const test = await createQuestCli(owner, ["--mode", "test", "--action-type", "cli-made"]);
    assert.equal(test.mode, "test");

    const list = await adminJson<{ items: { id: number; mode: string; is_public: boolean }[] }>([
      "quests",
      "list",
      "--owner",
      owner,
    ]);
    assert.deepEqual(list.items.map((quest) => quest.id).sort(), [live.id, test.id].sort());
    const testOnly = await adminJson<{ items: { id: number }[] }>([
      "quests",
      "list",
      "--owner",
      owner,
      "--mode",
      "test",
    ]);
    assert.deepEqual(
      testOnly.items.map((quest) => quest.id),
      [test.id],
    );
    assert.equal(list.items.find((quest) => quest.id === live.id)?.is_public, false);

    const updated = await adminJson<{
      name: string;
      total_points: number;
      points_remaining: number;
    }>(["quests", "update", String(live.id), "--name", "Renamed", "--total-points", "1500"]);
    assert.equal(updated.name, "Renamed");
    assert.equal(updated.total_points, 1500);
    assert.equal(updated.points_remaining, 1500);
  });

  it("issues a key, rotates it (the old one stops at once with no grace) and lists both", async () => {
    const owner = randomPass();
    await createAccount(service.ctx, owner);
    const questId = await createQuest(service.ctx, owner);
    const issued = await adminJson<{ id: string; key: string }>(["keys", "create", owner]);
    assert.match(issued.key, /^sk_[0-9A-Za-z]{32,}$/);
    const readQuest = (key: string) =>
      fetch(`${service.baseUrl}/quests/${questId}`, { headers: { "x-api-key": key } });
    assert.equal((await readQuest(issued.key)).status, 200);

    const rotated = await adminJson<{ id: string; key: string }>([
      "keys",
      "rotate",
      issued.id,
      "--grace-seconds",
      "0",
    ]);
    assert.notEqual(rotated.key, issued.key);
    assert.match(rotated.key, /^sk_/);
    assert.equal((await readQuest(rotated.key)).status, 200);
    assert.equal((await readQuest(issued.key)).status, 401, "the old key has expired");

    const keys = await adminJson<{ items: { id: string; expires_at: string | null }[] }>([
      "keys",
      "list",
      "--owner",
      owner,
    ]);
    assert.deepEqual(keys.items.map((key) => key.id).sort(), [issued.id, rotated.id].sort());
    assert.ok(JSON.stringify(keys).includes(issued.id));
    assert.ok(!JSON.stringify(keys).includes(issued.key), "a listing never shows a key");
    assert.notEqual(keys.items.find((key) => key.id === issued.id)?.expires_at, null);

    const table = await admin(["keys", "list", "--owner", owner]);
    assert.match(table.stdout, /│ id\s+│ prefix\s+│ owner\s+│ last_used\s+│ status\s+│/);
    assert.match(table.stdout, new RegExp(`│ ${issued.id} │ sk_\\w{5} +│ .+│ expired +│`));
    assert.match(table.stdout, new RegExp(`│ ${rotated.id} │ sk_\\w{5} +│ .+│ active +│`));
  });

  it("revokes a key given its value on stdin", async () => {
    const owner = randomPass();
    await createAccount(service.ctx, owner);
    const questId = await createQuest(service.ctx, owner);
    const issued = await issueKey(service.ctx, owner);
    const run = await admin(["--json", "keys", "revoke-value"], `${issued.key}\n`);
    assert.equal(run.code, 0, describeRun(run));
    assert.equal(JSON.parse(run.stdout).id, issued.id);
    assert.ok(!run.stdout.includes(issued.key) && !run.stderr.includes(issued.key));
    const answer = await fetch(`${service.baseUrl}/quests/${questId}`, {
      headers: { "x-api-key": issued.key },
    });
    await answer.arrayBuffer();
    assert.equal(answer.status, 401, "the revoked key is refused");
    const empty = await admin(["keys", "revoke-value"], "");
    assert.equal(empty.code, 1);
    assert.match(empty.stderr, /no key on stdin/);
  });

  it("reverses a payout once: the budget comes back and a second try says why it cannot", async () => {
    const fixture = await questFixture(service.ctx, { total_points: 100 });
    const paid = await allocate(service.ctx, fixture, { points: 30, address: fixture.playerPass });
    const payoutId = paid.json().payout.id as string;
    const reversal = await adminJson(["payouts", "reverse", payoutId, "--reason", "duplicate"]);
    assert.equal(reversal.payout_id, payoutId);
    assert.equal(reversal.amount, 30);
    const detail = await service.ctx.inject({
      method: "GET",
      url: `/quests/${fixture.questId}`,
      headers: { "x-api-key": fixture.apiKey },
    });
    assert.equal(detail.json().points_remaining, 100);
    const again = await admin(["payouts", "reverse", payoutId, "--reason", "duplicate"]);
    assert.equal(again.code, 1);
    assert.match(again.stderr, /PAYOUT_ALREADY_REVERSED/);
  });

  it("switches features off and on, and reads them back", async () => {
    const off = await admin(["features", "set", "--quests", "off"]);
    assert.equal(off.code, 0, describeRun(off));
    assert.match(off.stdout, /│ quests\s+│ false\s+│/);
    assert.match(off.stdout, /│ campaigns\s+│ true\s+│/);
    assert.deepEqual(await adminJson(["features", "get"]), { quests: false, campaigns: true });
    assert.deepEqual(await adminJson(["features", "set", "--quests", "on"]), {
      quests: true,
      campaigns: true,
    });
    const nothing = await admin(["features", "set"]);
    assert.equal(nothing.code, 1);
    assert.match(nothing.stderr, /nothing to change/);
  });

  it("prints a problem answer as code, detail and request id on stderr, and exits 1", async () => {
    const missing = await admin(["quests", "update", "987654", "--name", "x"]);
    const [, , detail, requestId] = expectProblemRun(missing, "QUEST_NOT_FOUND");
    assert.match(detail!, /987654/);
    assert.ok(requestId && requestId.length > 0);

    const bad = await admin(["accounts", "create", "0x1234"]);
    expectProblemRun(bad, "BAD_REQUEST");
    assert.match(bad.stderr, /^ {2}pass: /m, "each bad field on its own line");

    const wrongToken = await runQuestpoints(
      ["admin", "--url", service.baseUrl, "features", "get"],
      { env: { QP_ADMIN_TOKEN: "not-the-operator-token-at-all" } },
    );
    expectProblemRun(wrongToken, "UNAUTHORIZED");
  });

  it("says plainly when the service cannot be reached", async () => {
    const port = await freePort();
    const run = await runQuestpoints(
      ["admin", "--url", `http://127.0.0.1:${port}`, "features", "get"],
      { env: { QP_ADMIN_TOKEN: ADMIN_TOKEN } },
    );
    assert.equal(run.code, 1, describeRun(run));
    assert.match(
      run.stderr,
      new RegExp(`^questpoints: cannot reach http://127.0.0.1:${port}`, "m"),
    );
    assert.equal(run.stderr.trim().split("\n").length, 1, "one line");
  });

  it("follows next_cursor to the last page with --all, and otherwise prints the next cursor", async () => {
    for (let i = 0; i < 5; i++) await createAccount(service.ctx);
    const { rows } = await service.ctx.db.query<{ id: string }>("SELECT id FROM accounts");
    const all = await adminJson<{ items: { id: string }[]; next_cursor: null }>([
      "accounts",
      "list",
      "--limit",
      "2",
      "--all",
    ]);
    assert.equal(all.next_cursor, null);
    assert.equal(all.items.length, rows.length);
    assert.deepEqual(
      all.items.map((item) => item.id).sort(),
      rows.map((row) => row.id).sort(),
      "every account once",
    );

    const page = await admin(["accounts", "list", "--limit", "2"]);
    assert.equal(page.code, 0, describeRun(page));
    const cursor = /^next page: --cursor (\S+)$/m.exec(page.stderr)?.[1];
    assert.ok(cursor, describeRun(page));
    const next = await adminJson<{ items: { id: string }[] }>([
      "accounts",
      "list",
      "--limit",
      "2",
      "--cursor",
      cursor,
    ]);
    assert.deepEqual(
      next.items.map((item) => item.id),
      all.items.slice(2, 4).map((item) => item.id),
    );

    const table = await admin(["accounts", "list", "--limit", "2", "--all"]);
    assert.equal(table.code, 0, describeRun(table));
    for (const row of rows) assert.ok(table.stdout.includes(row.id));
    assert.doesNotMatch(table.stderr, /next page/);
  });

  it("streams the payouts export to stdout as CSV and as NDJSON", async () => {
    const owner = randomPass();
    await createAccount(service.ctx, owner);
    const questId = await createQuest(service.ctx, owner);
    const { key } = await issueKey(service.ctx, owner);
    const players = [randomPass(), randomPass(), randomPass()];
    for (const pass of players) await createAccount(service.ctx, pass);
    for (const [i, address] of players.entries()) {
      const answer = await fetch(`${service.baseUrl}/quests/${questId}`, {
        method: "POST",
        headers: { "x-api-key": key, "content-type": "application/json" },
        body: JSON.stringify({ points: i + 1, address }),
      });
      assert.equal(answer.status, 200, await answer.text());
    }

    const csv = await admin(["payouts", "export", "--quest", String(questId)]);
    assert.equal(csv.code, 0, describeRun(csv));
    const [header, ...lines] = csv.stdout.trimEnd().split("\n");
    assert.match(header!, /^id,quest_id,pass,amount/);
    assert.equal(lines.length, 3, csv.stdout);
    for (const pass of players) assert.ok(csv.stdout.includes(pass), csv.stdout);

    const ndjson = await admin([
      "payouts",
      "export",
      "--quest",
      String(questId),
      "--format",
      "ndjson",
    ]);
    assert.equal(ndjson.code, 0, describeRun(ndjson));
    const payouts = ndjson.stdout
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line) as { pass: string; amount: number; quest_id: number });
    assert.deepEqual(payouts.map((p) => p.amount).sort(), [1, 2, 3]);
    assert.ok(payouts.every((p) => p.quest_id === questId));

    const listed = await adminJson<{ items: { amount: number }[] }>([
      "payouts",
      "list",
      "--quest",
      String(questId),
    ]);
    assert.equal(listed.items.length, 3);
  });

  it("covers the rest of the operator API: campaigns, action types, periods, audit", async () => {
    const now = Date.now();
    const campaign = await adminJson<{ id: number; name: string }>([
      "campaigns",
      "create",
      "--name",
      "CLI campaign",
      "--description",
      "d",
      "--start",
      new Date(now - DAY_MS).toISOString(),
      "--end",
      new Date(now + DAY_MS).toISOString(),
    ]);
    const renamed = await adminJson<{ name: string; is_active: boolean }>([
      "campaigns",
      "update",
      String(campaign.id),
      "--name",
      "Renamed campaign",
      "--inactive",
    ]);
    assert.deepEqual([renamed.name, renamed.is_active], ["Renamed campaign", false]);
    const campaigns = await adminJson<{ items: { id: number }[] }>(["campaigns", "list"]);
    assert.ok(campaigns.items.some((item) => item.id === campaign.id));

    assert.deepEqual(await adminJson(["action-types", "set", "cli-type", "--active", "off"]), {
      name: "cli-type",
      active: false,
    });
    const types = await adminJson<{ name: string; active: boolean }[]>(["action-types", "list"]);
    assert.ok(types.some((type) => type.name === "cli-type" && !type.active));

    const future = now + 400 * DAY_MS;
    const period = await adminJson<{ id: number; start: string; end: string }>([
      "earning-periods",
      "create",
      "--start",
      new Date(future).toISOString(),
      "--end",
      new Date(future + DAY_MS).toISOString(),
    ]);
    const moved = await adminJson<{ end: string }>([
      "earning-periods",
      "update",
      String(period.id),
      "--end",
      new Date(future + 2 * DAY_MS).toISOString(),
    ]);
    assert.equal(moved.end, new Date(future + 2 * DAY_MS).toISOString());
    const periods = await adminJson<{ items: { id: number }[] }>(["earning-periods", "list"]);
    assert.ok(periods.items.some((item) => item.id === period.id));
    const deleted = await admin(["earning-periods", "delete", String(period.id)]);
    assert.equal(deleted.code, 0, describeRun(deleted));
    assert.match(deleted.stdout, /deleted/);

    const audit = await adminJson<{ items: { action: string; target_id: string }[] }>([
      "audit",
      "list",
      "--target-type",
      "campaign",
      "--target-id",
      String(campaign.id),
    ]);
    assert.ok(audit.items.length >= 2, JSON.stringify(audit));
    assert.ok(audit.items.every((entry) => entry.target_id === String(campaign.id)));

    const pending = await adminJson<{ items: unknown[] }>([
      "applications",
      "list",
      "--status",
      "pending",
    ]);
    assert.ok(Array.isArray(pending.items));
    const unknown = await admin(["applications", "reject", "987654", "--reason", "no"]);
    expectProblemRun(unknown, "APPLICATION_NOT_FOUND");
  });

  it("approves an application with --total-points, and revokes a key by id (--json and text)", async () => {
    const wallet = newWallet();
    const owner = wallet.address;
    const now = Date.now();
    const submitted = await fetch(`${service.baseUrl}/applications`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        project: "CLI project",
        contact: "cli@example.com",
        owner,
        proof: await applicationProof(service.baseUrl, wallet),
        quest: {
          name: "Applied quest",
          description: "asked for",
          total_points: 1000,
          expected_points_per_completion: 10,
          start: new Date(now - DAY_MS).toISOString(),
          end: new Date(now + DAY_MS).toISOString(),
        },
      }),
    });
    assert.equal(submitted.status, 201, await submitted.clone().text());
    const { id } = (await submitted.json()) as { id: number };
    const approved = await adminJson<{ status: string; quest_id: number; test_quest_id: number }>([
      "applications",
      "approve",
      String(id),
      "--total-points",
      "4000",
    ]);
    assert.equal(approved.status, "approved");
    const quests = await adminJson<{ items: { id: number; total_points: number }[] }>([
      "quests",
      "list",
      "--owner",
      owner,
    ]);
    assert.deepEqual(
      quests.items.map((quest) => [quest.id, quest.total_points]).sort(),
      [
        [approved.quest_id, 4000],
        [approved.test_quest_id, 4000],
      ].sort(),
      "the override on the live quest and its test twin",
    );

    const readQuest = async (key: string) => {
      const answer = await fetch(`${service.baseUrl}/quests/${approved.quest_id}`, {
        headers: { "x-api-key": key },
      });
      await answer.arrayBuffer();
      return answer.status;
    };
    const first = await issueKey(service.ctx, owner);
    assert.equal(await readQuest(first.key), 200);
    assert.deepEqual(await adminJson(["keys", "revoke", first.id]), {
      id: first.id,
      revoked: true,
    });
    assert.equal(await readQuest(first.key), 401, "the revoked key is refused");

    const second = await issueKey(service.ctx, owner);
    const text = await admin(["keys", "revoke", second.id]);
    assert.equal(text.code, 0, describeRun(text));
    assert.equal(text.stdout, `Key ${second.id} revoked.\n`);
    assert.equal(await readQuest(second.key), 401);
  });

  it("prints what an approval granted: the live quest's terms, and what was asked where it changed", async () => {
    const apply = async (totalPoints: number) => {
      const wallet = newWallet();
      const now = Date.now();
      const submitted = await fetch(`${service.baseUrl}/applications`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          project: "Granted project",
          contact: "granted@example.com",
          owner: wallet.address,
          proof: await applicationProof(service.baseUrl, wallet),
          quest: {
            name: "Granted quest",
            total_points: totalPoints,
            expected_points_per_completion: 10,
            start: new Date(now - DAY_MS).toISOString(),
            end: new Date(now + DAY_MS).toISOString(),
          },
        }),
      });
      assert.equal(submitted.status, 201, await submitted.clone().text());
      return String(((await submitted.json()) as { id: number }).id);
    };
    const row = (run: CliRun, key: string) =>
      new RegExp(`^│ ${key} +│ (.*?) *│$`, "m").exec(run.stdout)?.[1];

    const changed = await admin([
      "applications",
      "approve",
      await apply(5000),
      "--total-points",
      "4000",
    ]);
    assert.equal(changed.code, 0, describeRun(changed));
    assert.match(row(changed, "quest") ?? "", /^"Granted quest", 4000 points, .* \(granted\)$/);
    assert.equal(row(changed, "asked"), "5000 points", "the request the operator changed");
    assert.doesNotMatch(row(changed, "quest") ?? "", /5000/);

    const asIs = await admin(["applications", "approve", await apply(3000)]);
    assert.equal(asIs.code, 0, describeRun(asIs));
    assert.match(row(asIs, "quest") ?? "", /^"Granted quest", 3000 points, .* \(granted\)$/);
    assert.equal(row(asIs, "asked"), undefined, "nothing changed: no asked row");

    // --json prints the service's answer whole: the application, with the quest asked for.
    const json = await adminJson<{ quest: { total_points: number }; quest_id: number }>([
      "applications",
      "approve",
      await apply(5000),
      "--total-points",
      "4000",
    ]);
    assert.equal(json.quest.total_points, 5000);
    assert.ok(json.quest_id > 0);
  });

  it("answers a deletion with JSON under --json", async () => {
    const start = Date.now() + 800 * DAY_MS;
    const period = await adminJson<{ id: number }>([
      "earning-periods",
      "create",
      "--start",
      new Date(start).toISOString(),
      "--end",
      new Date(start + DAY_MS).toISOString(),
    ]);
    assert.deepEqual(await adminJson(["earning-periods", "delete", String(period.id)]), {
      id: period.id,
      deleted: true,
    });
  });

  it("says an export cut short mid-transfer is incomplete, and exits 1", async () => {
    const header = "id,quest_id,pass,amount,earning_period_id,created_at\n";
    const line = `0190aaaa-0000-7000-8000-000000000000,1,${randomPass()},5,,2026-01-01T00:00:00.000Z\n`;
    const stub = await startStub(async (_request, _body, response) => {
      response.writeHead(200, { "content-type": "text/csv" });
      response.write(header + line);
      // The connection drops once the first rows are on their way.
      setTimeout(() => response.socket?.destroy(), 200);
    });
    try {
      // The real CLI: the client's wait for the next chunk of a transfer cut short stays armed
      // for the whole --timeout; a process exits at once on the error, this one would wait.
      const run = await spawnQuestpoints(["admin", "--url", stub.baseUrl, "payouts", "export"], {
        env: { QP_ADMIN_TOKEN: ADMIN_TOKEN },
      }).result;
      assert.equal(run.code, 1, describeRun(run));
      const bytes = Buffer.byteLength(header + line);
      assert.match(
        run.stderr,
        new RegExp(
          `^questpoints: export cut short after ${bytes} bytes; the output is incomplete`,
          "m",
        ),
      );
      assert.doesNotMatch(run.stderr, /cannot reach/);
      assert.equal(run.stdout, header + line, "what arrived is passed on");
    } finally {
      await stub.close();
    }
  });

  it("never prints the operator token", () => {
    for (const run of runs) {
      assert.ok(!run.stdout.includes(ADMIN_TOKEN) && !run.stderr.includes(ADMIN_TOKEN));
    }
  });
});
