/**
 * `questpoints admin operators …` and an operator's token in the CLI (docs/operator-api.md, "Operators
 * with names and roles; read-only owner keys"): the real CLI against a real service. An operator's
 * `op_` token goes in QP_ADMIN_TOKEN as ADMIN_TOKEN does; a role too short is FORBIDDEN naming the
 * role needed, a disabled or replaced token UNAUTHORIZED. Also `keys create --scope` and
 * `audit list --actor`.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { createAccount, createQuest, expectStatus, randomPass } from "../helpers/app.js";
import {
  ADMIN_TOKEN,
  type CliRun,
  type CliService,
  describeRun,
  runQuestpoints,
  startCliService,
} from "../helpers/cli-process.js";

const PROBLEM_LINE = /^questpoints: ([A-Z_]+): (.+) \(request ([^)]+)\)$/m;
const TOKEN = /^op_[0-9A-Za-z]{40}$/;
const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const TODAY = () => new Date().toISOString().slice(0, 10);

interface Operator {
  id: string;
  name: string;
  role: string;
  created_at: string;
  last_used_at: string | null;
  disabled_at: string | null;
}

describe("questpoints admin operators, and an operator's token in the CLI", () => {
  let service: CliService;
  const runs: CliRun[] = [];
  /** Vera, made a viewer by the first test; the tests after it change her. */
  let vera = { id: "", token: "" };
  before(async () => {
    service = await startCliService();
  });
  after(async () => {
    await service?.close();
  });

  /** `questpoints admin ARGS` against the test service, with `token` (ADMIN_TOKEN by default). */
  async function admin(args: string[], token = ADMIN_TOKEN): Promise<CliRun> {
    const run = await runQuestpoints(["admin", "--url", service.baseUrl, ...args], {
      env: { QP_ADMIN_TOKEN: token },
    });
    runs.push(run);
    return run;
  }

  async function adminJson<T = Record<string, unknown>>(
    args: string[],
    token = ADMIN_TOKEN,
  ): Promise<T> {
    const run = await admin(["--json", ...args], token);
    assert.equal(run.code, 0, describeRun(run));
    return JSON.parse(run.stdout) as T;
  }

  /** The run exited 1 with `questpoints: CODE: detail (request ID)` and printed nothing else. */
  function expectProblemRun(run: CliRun, code: string): string {
    assert.equal(run.code, 1, describeRun(run));
    const match = PROBLEM_LINE.exec(run.stderr);
    assert.ok(match, `stderr has "questpoints: CODE: detail (request ID)":\n${describeRun(run)}`);
    assert.equal(match[1], code, describeRun(run));
    assert.equal(run.stdout, "");
    return match[2]!;
  }

  /** The operators as the service lists them. */
  async function operators(): Promise<Operator[]> {
    const answer = await service.ctx.admin("GET", "/admin/operators");
    expectStatus(answer, 200);
    return answer.json().items as Operator[];
  }

  it("creates an operator, prints its token once, and lists it without the token", async () => {
    const created = await admin(["operators", "create", "--name", "Vera", "--role", "viewer"]);
    assert.equal(created.code, 0, describeRun(created));
    const id = new RegExp(`│ id +│ (${UUID}) +│`).exec(created.stdout)?.[1];
    const token = /│ token +│ (\S+) +│/.exec(created.stdout)?.[1];
    assert.ok(id && token, describeRun(created));
    assert.match(token, TOKEN);
    assert.match(created.stdout, /│ name +│ Vera +│/);
    assert.match(created.stdout, /│ role +│ viewer +│/);
    assert.match(created.stderr, /token is shown only now/);
    vera = { id, token };

    const table = await admin(["operators", "list"]);
    assert.equal(table.code, 0, describeRun(table));
    assert.match(
      table.stdout,
      /│ id +│ name +│ role +│ created_at +│ last_used +│ disabled +│/,
      table.stdout,
    );
    assert.match(table.stdout, new RegExp(`│ ${id} │ Vera +│ viewer +│ ${TODAY()} │ +│ no +│`));
    const listed = await adminJson<{ items: Record<string, unknown>[]; next_cursor: null }>([
      "operators",
      "list",
    ]);
    assert.deepEqual(
      listed.items.map((item) => [item.id, item.name, item.role, item.disabled_at]),
      [[id, "Vera", "viewer", null]],
    );
    assert.equal(listed.next_cursor, null);
    for (const run of [table, runs.at(-1)!]) {
      assert.ok(!run.stdout.includes(token) && !run.stderr.includes(token), "never the token");
    }

    const unknownRole = await admin(["operators", "create", "--name", "Bo", "--role", "root"]);
    assert.equal(unknownRole.code, 1, describeRun(unknownRole));
    assert.match(unknownRole.stderr, /--role is one of viewer, support, admin/);
    assert.equal((await operators()).length, 1, "nothing was sent");
  });

  it("signs in with the operator's token: a viewer lists, and a change is FORBIDDEN naming the role", async () => {
    const pass = randomPass();
    await createAccount(service.ctx, pass);
    const listed = await admin(["accounts", "list", "--pass", pass], vera.token);
    assert.equal(listed.code, 0, describeRun(listed));
    assert.ok(listed.stdout.includes(pass), describeRun(listed));

    const other = randomPass();
    const refused = await admin(["accounts", "create", other], vera.token);
    const detail = expectProblemRun(refused, "FORBIDDEN");
    assert.match(detail, /needs the support role/);
    assert.match(detail, /Vera is a viewer/);
    const accounts = await service.ctx.admin("GET", `/admin/accounts?pass=${other}`);
    assert.deepEqual(accounts.json().items, [], "no account was made");

    const table = await admin(["operators", "list"]);
    assert.match(
      table.stdout,
      new RegExp(`│ ${vera.id} │ Vera +│ viewer +│ ${TODAY()} │ ${TODAY()} │ no +│`),
      "last used today",
    );
  });

  it("changes the role: the same token then does what the new role allows", async () => {
    const updated = await admin(["operators", "update", vera.id, "--role", "support"]);
    assert.equal(updated.code, 0, describeRun(updated));
    assert.match(updated.stdout, /│ role +│ support +│/);
    const pass = randomPass();
    const made = await adminJson<{ pass: string }>(["accounts", "create", pass], vera.token);
    assert.equal(made.pass, pass);

    const beyond = await admin(
      ["operators", "create", "--name", "Mal", "--role", "admin"],
      vera.token,
    );
    assert.match(expectProblemRun(beyond, "FORBIDDEN"), /needs the admin role; Vera is a support/);
    const nothing = await admin(["operators", "update", vera.id]);
    assert.equal(nothing.code, 1, describeRun(nothing));
    assert.match(nothing.stderr, /nothing to change/);
  });

  it("disables an operator: its token answers 401 at once, and works again once enabled", async () => {
    const disabled = await adminJson<Operator>([
      "operators",
      "update",
      vera.id,
      "--disabled",
      "true",
    ]);
    assert.notEqual(disabled.disabled_at, null);
    const table = await admin(["operators", "list"]);
    assert.match(table.stdout, new RegExp(`│ ${vera.id} │ Vera +│ support +│ .+│ yes +│`));
    expectProblemRun(await admin(["accounts", "list"], vera.token), "UNAUTHORIZED");

    const enabled = await adminJson<Operator>([
      "operators",
      "update",
      vera.id,
      "--disabled",
      "false",
    ]);
    assert.equal(enabled.disabled_at, null);
    const back = await admin(["accounts", "list", "--limit", "1"], vera.token);
    assert.equal(back.code, 0, describeRun(back));
  });

  it("rotates the token: the old one answers 401, the new one works", async () => {
    const rotated = await admin(["operators", "rotate-token", vera.id]);
    assert.equal(rotated.code, 0, describeRun(rotated));
    const token = /│ token +│ (\S+) +│/.exec(rotated.stdout)?.[1];
    assert.ok(token, describeRun(rotated));
    assert.match(token, TOKEN);
    assert.notEqual(token, vera.token);
    assert.match(rotated.stderr, /shown only now; the old one has stopped working/);

    expectProblemRun(await admin(["features", "get"], vera.token), "UNAUTHORIZED");
    vera = { ...vera, token };
    const works = await adminJson<{ quests: boolean }>(["features", "get"], token);
    assert.equal(typeof works.quests, "boolean");
  });

  it("lists what an operator did with audit list --actor operator:<id>", async () => {
    const mine = await adminJson<{ items: { actor: string; action: string }[] }>([
      "audit",
      "list",
      "--actor",
      `operator:${vera.id.toUpperCase()}`,
    ]);
    assert.ok(mine.items.length > 0, JSON.stringify(mine));
    assert.ok(mine.items.every((entry) => entry.actor === `operator:${vera.id}`));
    assert.deepEqual(
      mine.items.map((entry) => entry.action),
      ["account.create"],
      "Vera made one account, as a support operator",
    );

    const table = await admin(["audit", "list", "--actor", "operator:bootstrap"]);
    assert.equal(table.code, 0, describeRun(table));
    assert.match(table.stdout, /│ bootstrap +│ operator\.rotate_token +│/);
    assert.match(table.stdout, /│ bootstrap +│ operator\.create +│/);
    const byVera = await admin(["audit", "list", "--action", "account.create"]);
    const short = `op:${vera.id.slice(0, 4)}…${vera.id.slice(-4)}`;
    assert.ok(byVera.stdout.includes(`│ ${short} `), `her id, shortened:\n${byVera.stdout}`);

    const bare = await admin(["audit", "list", "--actor", vera.id]);
    assert.equal(bare.code, 1, describeRun(bare));
    assert.ok(bare.stderr.includes(`an operator? operator:${vera.id}`), describeRun(bare));
  });

  it("issues a read key with --scope read, and shows each key's scope in the table", async () => {
    const owner = randomPass();
    await createAccount(service.ctx, owner);
    const questId = await createQuest(service.ctx, owner);
    const read = await adminJson<{ id: string; key: string; scope: string }>([
      "keys",
      "create",
      owner,
      "--scope",
      "read",
    ]);
    assert.equal(read.scope, "read");
    const quest = (method: string, body?: object) =>
      fetch(`${service.baseUrl}/quests/${questId}`, {
        method,
        headers: { "x-api-key": read.key, "content-type": "application/json" },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    assert.equal((await quest("GET")).status, 200);
    const change = await quest("POST", { points: 1, address: randomPass() });
    assert.equal(change.status, 403);
    assert.equal(((await change.json()) as { code: string }).code, "FORBIDDEN");

    // Beside it: a full test key, and a full key rotated into its grace (the widest statuses).
    const test = await adminJson<{ id: string }>(["keys", "create", owner, "--mode", "test"]);
    const full = await adminJson<{ id: string; scope: string }>(["keys", "create", owner]);
    assert.equal(full.scope, "full", "full by default");
    expectStatus(
      await service.ctx.admin("POST", `/admin/keys/${full.id}/rotate`, { grace_seconds: 3600 }),
      201,
    );
    const table = await admin(["keys", "list", "--owner", owner]);
    assert.equal(table.code, 0, describeRun(table));
    const wide = table.stdout.split("\n").filter((line) => line.length > 100);
    assert.deepEqual(wide, [], `at most 100 columns:\n${table.stdout}`);
    assert.match(table.stdout, /│ id +│ prefix +│ owner +│ last_used +│ status +│ scope │/);
    assert.match(table.stdout, new RegExp(`│ ${read.id} │ sk_\\w+ +│ .+│ active +│ read +│`));
    assert.match(table.stdout, new RegExp(`│ ${test.id} │ sk_test_\\S+ │ .+│ active +│ full +│`));
    assert.match(
      table.stdout,
      new RegExp(`│ ${full.id} │ sk_\\w+ +│ .+│ until \\d{2}-\\d{2} │ full +│`),
    );
  });

  it("never prints ADMIN_TOKEN, and an operator's token only where it is made", () => {
    for (const run of runs) {
      assert.ok(!run.stdout.includes(ADMIN_TOKEN) && !run.stderr.includes(ADMIN_TOKEN));
    }
    const printing = runs.filter((run) => /op_[0-9A-Za-z]{40}/.test(run.stdout + run.stderr));
    assert.equal(printing.length, 2, "the create and the rotate-token answers, no other");
  });
});
