import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { createAccount, randomPass } from "../helpers/app.js";
import {
  ADMIN_TOKEN,
  type CliRun,
  type CliService,
  describeRun,
  forward,
  runQuestpoints,
  startCliService,
  startStub,
} from "../helpers/cli-process.js";

interface ImportSummary {
  file: string;
  rows: number;
  created: number;
  already_registered: number;
  duplicates: { line: number; pass: string; first_line: number }[];
  refused: { line: number; value: string; code: string; detail: string }[];
  not_done: number;
  stopped: string | null;
  accounts: { line: number; pass: string; id: string; created: boolean }[];
}

describe("questpoints admin accounts import (CLI over HTTP)", () => {
  let service: CliService;
  let dir: string;
  before(async () => {
    service = await startCliService();
    dir = mkdtempSync(join(tmpdir(), "qp-import-"));
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

  function importRun(path: string, extra: string[] = [], baseUrl = service.baseUrl) {
    return runQuestpoints(
      ["admin", "--url", baseUrl, "accounts", "import", "--csv", path, ...extra],
      {
        env: { QP_ADMIN_TOKEN: ADMIN_TOKEN },
      },
    );
  }

  function summaryOf(run: CliRun): ImportSummary {
    try {
      return JSON.parse(run.stdout) as ImportSummary;
    } catch {
      assert.fail(`stdout is the JSON summary:\n${describeRun(run)}`);
    }
  }

  async function registered(passes: string[]): Promise<string[]> {
    const { rows } = await service.ctx.db.query<{ pass: string }>(
      "SELECT pass FROM accounts WHERE pass = ANY($1::text[]) ORDER BY pass",
      [passes],
    );
    return rows.map((row) => row.pass);
  }

  it("registers a 60-row file with a blank line, a bad address and a duplicate, and a re-run registers nothing new", async () => {
    const passes = Array.from({ length: 58 }, () => randomPass());
    // One was registered before the import: it is answered 200, not registered again.
    await createAccount(service.ctx, passes[3]);
    const data = [...passes.slice(0, 30), "0x1234", passes[7]!.toLowerCase(), ...passes.slice(30)];
    assert.equal(data.length, 60);
    const lines = ["address,note", ...data.slice(0, 20).map((a) => `${a},old member`), ""];
    lines.push(...data.slice(20));
    const path = file("community.csv", lines);
    const lineOf = (value: string) => lines.indexOf(value) + 1;
    const badLine = lineOf("0x1234");
    const duplicateLine = lineOf(passes[7]!.toLowerCase());
    assert.equal(badLine, 33, "line 1 header, 20 rows, a blank line, 10 rows, then the bad one");

    const first = await importRun(path, ["--json"]);
    assert.equal(first.code, 2, describeRun(first));
    const summary = summaryOf(first);
    assert.equal(summary.rows, 60);
    assert.equal(summary.created, 57, describeRun(first));
    assert.equal(summary.already_registered, 1);
    assert.deepEqual(summary.duplicates, [{ line: duplicateLine, pass: passes[7], first_line: 9 }]);
    assert.equal(summary.refused.length, 1, describeRun(first));
    assert.deepEqual(
      [summary.refused[0]!.line, summary.refused[0]!.value, summary.refused[0]!.code],
      [badLine, "0x1234", "BAD_REQUEST"],
    );
    assert.match(summary.refused[0]!.detail, /not a pass address/);
    assert.equal(summary.not_done, 0);
    assert.equal(summary.stopped, null);
    assert.equal(summary.accounts.length, 58);
    assert.deepEqual(await registered(passes), [...passes].sort());

    const { rows: before } = await service.ctx.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM accounts",
    );
    const again = await importRun(path);
    assert.equal(again.code, 2, describeRun(again));
    assert.match(again.stdout, /^created: +0$/m, describeRun(again));
    assert.match(again.stdout, /^already registered: +58$/m);
    assert.match(again.stdout, /^duplicates: +1 /m);
    assert.ok(again.stdout.includes(`line ${duplicateLine}: ${passes[7]} (line 9)`), again.stdout);
    assert.match(again.stdout, /^refused: +1$/m);
    assert.match(again.stdout, new RegExp(`^  line ${badLine}: BAD_REQUEST: "0x1234" is not`, "m"));
    const { rows: afterRerun } = await service.ctx.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM accounts",
    );
    assert.equal(afterRerun[0]!.n, before[0]!.n, "the re-run registered nothing");
  });

  it("reads one address a line without a header, or a pass column named in any case, and exits 0", async () => {
    const bare = [randomPass(), randomPass().toLowerCase(), randomPass()];
    const run = await importRun(file("bare.csv", bare));
    assert.equal(run.code, 0, describeRun(run));
    assert.match(run.stdout, /^created: +3$/m);
    assert.equal((await registered(bare.map((a) => a.toLowerCase()))).length, 0);
    assert.equal((await registered([bare[0]!, bare[2]!])).length, 2);

    const named = [randomPass(), randomPass()];
    const headed = await importRun(
      file("named.csv", ["name,PASS", `"Ann, the first",${named[0]}`, `Bob,${named[1]}`]),
      ["--json"],
    );
    assert.equal(headed.code, 0, describeRun(headed));
    assert.deepEqual(
      summaryOf(headed).accounts.map((account) => [account.line, account.pass, account.created]),
      [
        [2, named[0], true],
        [3, named[1], true],
      ],
    );
  });

  it("refuses a file whose first row names no address column, and sends nothing", async () => {
    const pass = randomPass();
    const run = await importRun(file("no-header.csv", ["wallet,name", `${pass},Ann`]));
    assert.equal(run.code, 1, describeRun(run));
    assert.match(run.stderr, /line 1 is not a header row naming an address \(or pass\) column/);
    assert.equal(run.stdout, "");
    assert.deepEqual(await registered([pass]), []);

    const missing = await importRun(join(dir, "absent.csv"));
    assert.equal(missing.code, 1, describeRun(missing));
    assert.match(missing.stderr, /cannot read .*absent\.csv/);
  });

  it("tries 503, 429 and dropped connections again, and keeps --concurrency requests in flight", async () => {
    const passes = Array.from({ length: 12 }, () => randomPass());
    const attempts = new Map<string, number>();
    let inFlight = 0;
    let inFlightMax = 0;
    const stub = await startStub(async (request, body, response) => {
      inFlight++;
      inFlightMax = Math.max(inFlightMax, inFlight);
      try {
        await new Promise((resolve) => setTimeout(resolve, 30));
        const key = body.toString();
        const count = (attempts.get(key) ?? 0) + 1;
        attempts.set(key, count);
        if (count === 1) {
          const kind = attempts.size % 3;
          if (kind === 0) {
            response.writeHead(503, { "retry-after": "0" }).end();
            return;
          }
          if (kind === 1) {
            response.writeHead(429, { "retry-after": "0" }).end();
            return;
          }
          response.socket?.destroy();
          return;
        }
        await forward(service.baseUrl, request, body, response);
      } finally {
        inFlight--;
      }
    });
    try {
      const run = await importRun(
        file("flaky.csv", ["address", ...passes]),
        ["--json"],
        stub.baseUrl,
      );
      assert.equal(run.code, 0, describeRun(run));
      assert.equal(summaryOf(run).created, 12, describeRun(run));
      assert.deepEqual(await registered(passes), [...passes].sort());
      assert.ok(
        [...attempts.values()].every((count) => count === 2),
        "each tried twice",
      );
    } finally {
      await stub.close();
    }
    assert.ok(inFlightMax <= 8, `at most the default 8 in flight (${inFlightMax})`);

    const limited = Array.from({ length: 9 }, () => randomPass());
    inFlightMax = 0;
    const slow = await startStub(async (request, body, response) => {
      inFlight++;
      inFlightMax = Math.max(inFlightMax, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 50));
      inFlight--;
      await forward(service.baseUrl, request, body, response);
    });
    try {
      const run = await importRun(
        file("limited.csv", limited),
        ["--concurrency", "2"],
        slow.baseUrl,
      );
      assert.equal(run.code, 0, describeRun(run));
      assert.equal(inFlightMax, 2, "two requests in flight at once, never more");
    } finally {
      await slow.close();
    }
  });

  it("stops at once with exit 1 when the token is refused, and when the service keeps answering 503", async () => {
    const passes = Array.from({ length: 20 }, () => randomPass());
    const path = file("stops.csv", passes);
    const refused = await runQuestpoints(
      [
        "admin",
        "--url",
        service.baseUrl,
        "accounts",
        "import",
        "--csv",
        path,
        "--concurrency",
        "1",
      ],
      { env: { QP_ADMIN_TOKEN: "not-the-operator-token-at-all" } },
    );
    assert.equal(refused.code, 1, describeRun(refused));
    assert.match(refused.stderr, /^questpoints: every further row would be refused: UNAUTHORIZED/m);
    assert.match(refused.stdout, /^not done: +19: run the same file again/m);

    let requests = 0;
    const away = await startStub(async (_request, _body, response) => {
      requests++;
      response.writeHead(503, { "retry-after": "0" }).end();
    });
    try {
      const run = await importRun(path, ["--json"], away.baseUrl);
      assert.equal(run.code, 1, describeRun(run));
      assert.match(run.stderr, /no success after 8 attempts on line \d+: HTTP_503/);
      const summary = summaryOf(run);
      assert.equal(summary.created + summary.already_registered, 0);
      assert.equal(summary.not_done, 20);
      assert.ok(requests <= 8 * 8, `bounded attempts (${requests} requests)`);
    } finally {
      await away.close();
    }
    assert.deepEqual(await registered(passes), []);
  });
});
