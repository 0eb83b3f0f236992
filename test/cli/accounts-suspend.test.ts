/**
 * `questpoints admin accounts suspend --csv FILE --reason TEXT` (and one pass at a time, and
 * `reinstate`) against a real service: the file read as `accounts import` reads it, bad lines
 * reported, a run again after Ctrl-C finishing the rest, and the summary.
 */
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { SuspendSummary } from "../../src/cli/admin/accounts-suspend.js";
import { createAccount, questFixture, randomPass } from "../helpers/app.js";
import {
  ADMIN_TOKEN,
  type CliRun,
  type CliService,
  describeRun,
  forward,
  runQuestpoints,
  spawnQuestpoints,
  startCliService,
  startStub,
} from "../helpers/cli-process.js";
import { until } from "../helpers/until.js";

const ENV = { QP_ADMIN_TOKEN: ADMIN_TOKEN };

describe("questpoints admin accounts suspend and reinstate (CLI over HTTP)", () => {
  let service: CliService;
  let dir: string;
  before(async () => {
    service = await startCliService();
    dir = mkdtempSync(join(tmpdir(), "qp-suspend-"));
  });
  after(async () => {
    await service?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  function file(name: string, lines: string[]): string {
    const path = join(dir, name);
    writeFileSync(path, `${lines.join("\n")}\n`);
    return path;
  }

  const accounts = (extra: string[], baseUrl = service.baseUrl) =>
    runQuestpoints(["admin", "--url", baseUrl, "accounts", ...extra], { env: ENV });

  function summaryOf(run: CliRun): SuspendSummary {
    try {
      return JSON.parse(run.stdout) as SuspendSummary;
    } catch {
      assert.fail(`stdout is the JSON summary:\n${describeRun(run)}`);
    }
  }

  /** Each pass's suspension reason as stored (absent: unregistered). */
  async function reasons(passes: string[]): Promise<Map<string, string | null>> {
    const { rows } = await service.ctx.db.query<{ pass: string; reason: string | null }>(
      "SELECT pass, suspension_reason AS reason FROM accounts WHERE pass = ANY($1::text[])",
      [passes],
    );
    return new Map(rows.map((row) => [row.pass, row.reason]));
  }

  async function registered(count: number): Promise<string[]> {
    const passes = Array.from({ length: count }, () => randomPass());
    for (const pass of passes) await createAccount(service.ctx, pass);
    return passes;
  }

  it("suspends a CSV's pass column, reports bad lines, unregistered passes and duplicates, and a re-run sends nothing new", async () => {
    const passes = await registered(5);
    const stranger = randomPass();
    const lines = [
      "name,Pass",
      ...passes.slice(0, 3).map((pass, i) => `"Member, ${i}",${pass}`),
      "",
      "Bad,0x1234",
      `Stranger,${stranger}`,
      `Twin,${passes[1]!.toLowerCase()}`,
      ...passes.slice(3).map((pass) => `Late,${pass}`),
    ];
    const path = file("ring.csv", lines);
    const lineOf = (text: string) => lines.findIndex((line) => line.endsWith(text)) + 1;

    const first = await accounts(["suspend", "--csv", path, "--reason", "Sybil ring 7", "--json"]);
    assert.equal(first.code, 2, describeRun(first));
    assert.match(first.stderr, new RegExp(`^accounts suspend: 6 addresses from ${path}`, "m"));
    const summary = summaryOf(first);
    assert.equal(summary.rows, 8);
    assert.equal(summary.reason, "Sybil ring 7");
    assert.deepEqual(
      [summary.suspended, summary.reason_changed, summary.already_suspended, summary.not_done],
      [5, 0, 0, 0],
    );
    assert.deepEqual(summary.duplicates, [
      { line: lineOf(passes[1]!.toLowerCase()), pass: passes[1], first_line: 3 },
    ]);
    assert.deepEqual(
      summary.refused.map((row) => [row.line, row.value, row.code]),
      [
        [lineOf("0x1234"), "0x1234", "BAD_REQUEST"],
        [lineOf(stranger), stranger, "ACCOUNT_NOT_FOUND"],
      ],
    );
    assert.deepEqual(
      summary.accounts.map((row) => [row.pass, row.outcome]),
      passes.map((pass) => [pass, "suspended"]),
    );
    const stored = await reasons([...passes, stranger]);
    assert.deepEqual([...stored.values()], Array(5).fill("Sybil ring 7"));
    assert.equal(stored.has(stranger), false, "nothing registered");

    // The same file again: every pass is suspended already; nothing is sent to be suspended.
    const { rows: before } = await service.ctx.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_log WHERE action = 'account.suspend'",
    );
    const again = await accounts(["suspend", "--csv", path, "--reason", "Sybil ring 7"]);
    assert.equal(again.code, 2, describeRun(again));
    assert.match(again.stdout, /^rows: +8 in /m);
    assert.match(again.stdout, /^suspended: +0$/m);
    assert.match(again.stdout, /^already suspended: +5$/m);
    assert.match(again.stdout, /^duplicates: +1 /m);
    assert.match(again.stdout, /^refused: +2$/m);
    assert.ok(again.stdout.includes(`  line ${lineOf(stranger)}: ACCOUNT_NOT_FOUND: ${stranger}`));
    const { rows: afterRerun } = await service.ctx.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_log WHERE action = 'account.suspend'",
    );
    assert.equal(afterRerun[0]!.n, before[0]!.n, "the re-run changed nothing");

    // Another reason: the reasons change, and the summary says so.
    const reworded = await accounts(["suspend", "--csv", path, "--reason", "Ring 7, confirmed"]);
    assert.match(reworded.stdout, /^reason changed: +5$/m, describeRun(reworded));
    assert.deepEqual([...(await reasons(passes)).values()], Array(5).fill("Ring 7, confirmed"));
  });

  it("reads one pass a line without a header and exits 0; suspends and reinstates one pass given as an argument", async () => {
    const passes = await registered(3);
    const bare = file("bare.csv", [passes[0]!, passes[1]!.toLowerCase(), passes[2]!]);
    const run = await accounts(["suspend", "--csv", bare, "--reason", "abuse"]);
    assert.equal(run.code, 0, describeRun(run));
    assert.match(run.stdout, /^suspended: +3$/m);
    assert.deepEqual([...(await reasons(passes)).values()], ["abuse", "abuse", "abuse"]);

    const [one] = await registered(1);
    const single = await accounts(["suspend", one!, "--reason", "bought accounts", "--json"]);
    assert.equal(single.code, 0, describeRun(single));
    assert.equal(JSON.parse(single.stdout).suspension_reason, "bought accounts");
    const back = await accounts(["reinstate", one!, "--json"]);
    assert.equal(back.code, 0, describeRun(back));
    assert.deepEqual(
      [JSON.parse(back.stdout).suspended_at, JSON.parse(back.stdout).suspension_reason],
      [null, null],
    );
    assert.equal((await reasons([one!])).get(one!), null);

    const stranger = await accounts(["reinstate", randomPass()]);
    assert.equal(stranger.code, 1, describeRun(stranger));
    assert.match(stranger.stderr, /ACCOUNT_NOT_FOUND: 0x[0-9a-fA-F]{40} is not a registered pass/);
    const both = await accounts(["suspend", one!, "--csv", bare, "--reason", "x"]);
    assert.equal(both.code, 1, describeRun(both));
    assert.match(both.stderr, /either one pass address or --csv FILE/);
  });

  it("stops at Ctrl-C once the rows in flight are answered, and a run again suspends only the rest (the real CLI)", async () => {
    const passes = await registered(10);
    const path = file("interrupted.csv", ["pass", ...passes]);
    // The gateway holds each suspension until the gate opens; lookups pass straight through.
    let held = 0;
    let open = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const gateway = await startStub(async (request, body, response) => {
      if (request.method === "POST") {
        held++;
        await gate;
      }
      await forward(service.baseUrl, request, body, response);
    });
    try {
      const args = ["admin", "--url", gateway.baseUrl, "accounts", "suspend", "--csv", path];
      const once = spawnQuestpoints([...args, "--reason", "ring", "--concurrency", "2", "--json"], {
        env: ENV,
      });
      await until(() => held >= 2, "2 suspensions held", 60_000);
      once.child.kill("SIGINT");
      open();
      const stopped = await once.result;
      assert.equal(stopped.code, 130, describeRun(stopped));
      const summary = summaryOf(stopped);
      assert.equal(summary.suspended, 2, "the rows in flight are answered");
      assert.equal(summary.not_done, 8);
      assert.match(summary.stopped ?? "", /^interrupted \(SIGINT\)/);
      assert.equal(held, 2, "nothing sent after Ctrl-C");
    } finally {
      await gateway.close();
    }
    const rest = await accounts(["suspend", "--csv", path, "--reason", "ring", "--json"]);
    assert.equal(rest.code, 0, describeRun(rest));
    const summary = summaryOf(rest);
    assert.deepEqual([summary.suspended, summary.already_suspended], [8, 2]);
    assert.deepEqual([...(await reasons(passes)).values()], Array(10).fill("ring"));
  });

  it("has `allocate --dry-run` refuse a suspended pass with ACCOUNT_SUSPENDED, and a live run file its row to fix", async () => {
    const fixture = await questFixture(service.ctx);
    const [suspended] = await registered(1);
    const suspension = await accounts(["suspend", suspended!, "--reason", "sybil"]);
    assert.equal(suspension.code, 0, describeRun(suspension));
    const csv = file("awards.csv", ["address,points", `${fixture.playerPass},5`, `${suspended},5`]);
    const allocate = (extra: string[]) =>
      runQuestpoints(
        [
          "allocate",
          "--url",
          service.baseUrl,
          "--quest",
          String(fixture.questId),
          "--csv",
          csv,
          ...extra,
        ],
        { env: { QP_API_KEY: fixture.apiKey } },
      );
    const dry = await allocate(["--dry-run", "--json"]);
    const summary = JSON.parse(dry.stdout);
    assert.deepEqual(summary.ok, { count: 1, points: 5 });
    assert.deepEqual(summary.refused.by_code, { ACCOUNT_SUSPENDED: 1 });
    assert.equal(
      summary.problems[0].detail,
      `${suspended} is suspended: it may not be paid until an operator reinstates it.`,
    );
    const live = await allocate(["--json"]);
    assert.equal(live.code, 2, describeRun(live)); // rows to fix
    assert.match(readFileSync(`${csv}.q${fixture.questId}.fix.csv`, "utf8"), /ACCOUNT_SUSPENDED/);
  });
});
