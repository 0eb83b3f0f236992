import assert from "node:assert/strict";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import type { AllocateSummary } from "../../src/cli/allocate-summary.js";
import { createAccount, createQuest, issueKey, randomPass } from "../helpers/app.js";
import { books } from "../helpers/books.js";
import {
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

/** The run's summary as `--json` prints it, without the file and quest the test knows. */
type Summary = Omit<AllocateSummary, "file" | "quest_id">;

interface DryRunSummary {
  dry_run: true;
  rows: number;
  quest_inactive: string | null;
  ok: { count: number; points: number };
  points_remaining: number;
  points_short: number;
  refused: { count: number; by_code: Record<string, number> };
  problems: { line: number; address: string; points: string; code: string; detail: string }[];
  not_done: number;
  stopped: string | null;
}

/** A row of a retry or fix file. */
interface OutputRow {
  line: string;
  address: string;
  points: string;
  code: string;
  detail: string;
  idempotency_key: string;
}

type Pile = "retry" | "fix";

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe("questpoints allocate --csv (bulk awards, resumable)", () => {
  let service: CliService;
  let dir: string;
  before(async () => {
    service = await startCliService();
    dir = mkdtempSync(join(tmpdir(), "qp-allocate-"));
  });
  after(async () => {
    await service?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** An owner with a key and a quest of `totalPoints`; `players` registered passes. */
  async function fixture(totalPoints: number, players: number) {
    const owner = randomPass();
    const passes = Array.from({ length: players }, () => randomPass());
    // Fixtures go straight into the database: thousands of accounts in one statement.
    await service.ctx.db.query("INSERT INTO accounts (pass) SELECT unnest($1::text[])", [
      [owner, ...passes],
    ]);
    const { key } = await issueKey(service.ctx, owner);
    const questId = await createQuest(service.ctx, owner, { total_points: totalPoints });
    return { key, questId, passes };
  }

  /** `allocate` of `csv` on `questId` through `url` (the service, or a gateway before it). */
  const argsVia = (url: string, questId: number, csv: string, ...extra: string[]) => [
    "allocate",
    "--url",
    url,
    "--quest",
    String(questId),
    "--csv",
    csv,
    ...extra,
  ];
  const allocateArgs = (questId: number, csv: string, extra: string[]) =>
    argsVia(service.baseUrl, questId, csv, "--json", ...extra);

  /** `allocate --json` run to its end, in this process. */
  function allocate(key: string, questId: number, csv: string, extra: string[] = []) {
    return runQuestpoints(allocateArgs(questId, csv, extra), { env: { QP_API_KEY: key } });
  }

  /** `allocate --json` as the real CLI, in a child process: for a kill, or the process's stderr. */
  function allocateProcess(key: string, questId: number, csv: string, extra: string[] = []) {
    return spawnQuestpoints(allocateArgs(questId, csv, extra), { env: { QP_API_KEY: key } });
  }

  function summaryOf<T = Summary>(run: CliRun): T {
    try {
      return JSON.parse(run.stdout) as T;
    } catch {
      assert.fail(`no JSON summary on stdout:\n${describeRun(run)}`);
    }
  }

  /** Where a run of `csv` (an original file) on `questId` writes its refused rows of `pile`. */
  const pathOf = (csv: string, questId: number, pile: Pile) => `${csv}.q${questId}.${pile}.csv`;

  function outputRows(csv: string, questId: number, pile: Pile): OutputRow[] {
    return parse(readFileSync(pathOf(csv, questId, pile)), { columns: true }) as OutputRow[];
  }

  /** Line → code of the rows of a retry or fix file, by line. */
  function codesByLine(csv: string, questId: number, pile: Pile): [number, string][] {
    return outputRows(csv, questId, pile)
      .map((row): [number, string] => [Number(row.line), row.code])
      .sort(([a], [b]) => a - b);
  }

  /** Files of `dir` whose names stack the suffixes of retry and fix files. */
  const stackedNames = () =>
    readdirSync(dir).filter((name) => /\.(retry|fix)\.csv\.q\d+\.(retry|fix)\.csv/.test(name));

  /** The passes paid more than once on `questId`. */
  async function paidTwice(questId: number): Promise<string[]> {
    const seen = new Set<string>();
    const twice: string[] = [];
    for (const { pass } of await payoutsOf(questId)) {
      if (seen.has(pass)) twice.push(pass);
      seen.add(pass);
    }
    return twice;
  }

  /** A CSV of `rows` in `dir`, each `[address, points]`, with the header row. */
  function writeCsv(name: string, rows: [string, number | string][]): string {
    const csv = join(dir, name);
    writeFileSync(csv, `address,points\n${rows.map((row) => row.join(",")).join("\n")}\n`);
    return csv;
  }

  async function payoutsOf(questId: number) {
    const { rows } = await service.ctx.db.query<{ pass: string; amount: string }>(
      `SELECT a.pass, p.amount::text AS amount
         FROM payouts p JOIN accounts a ON a.id = p.account_id
        WHERE p.quest_id = $1`,
      [questId],
    );
    return rows.map((row) => ({ pass: row.pass, amount: Number(row.amount) }));
  }

  /** total - remaining (GET /quests/{id}) equals the sum of the quest's payouts in the database. */
  async function assertBooksBalance(key: string, questId: number, total: number) {
    const answer = await fetch(`${service.baseUrl}/quests/${questId}`, {
      headers: { "x-api-key": key },
    });
    assert.equal(answer.status, 200);
    const quest = (await answer.json()) as { points_remaining: number };
    const { paid } = await books(service.ctx.db, questId);
    assert.equal(total - quest.points_remaining, paid, "books balance");
    return { remaining: quest.points_remaining, paid };
  }

  it("refuses what it must, row by row, pays the rest, and lists the refused rows", async () => {
    // 300 rows: 270 valid rows of 10 points for registered passes, against a budget of 2000
    // (so 200 are paid and 70 get INSUFFICIENT_POINTS); 10 bad addresses, 10 bad points,
    // 10 valid but unregistered addresses.
    const { key, questId, passes } = await fixture(2000, 270);
    const badAddresses = ["0x123", "not-an-address", "0xZZ00000000000000000000000000000000000000"];
    const badPoints = ["0", "-5", "1.5", "abc", "", "1e3", "9007199254740992"];
    // Row n of the data is line n + 1 of the file (the header is line 1; no blank line here).
    const expected = new Map<number, string>(); // row → code, for rows refused whatever the order
    const valid = new Map<number, string>(); // row → pass
    const lines = ["address,points"];
    let player = 0;
    for (let row = 1; row <= 300; row++) {
      if (row % 30 === 7) {
        lines.push(`${badAddresses[row % badAddresses.length]},10`);
        expected.set(row, "BAD_REQUEST");
      } else if (row % 30 === 13) {
        lines.push(`${passes[0]},${badPoints[row % badPoints.length]}`);
        expected.set(row, "BAD_REQUEST");
      } else if (row % 30 === 19) {
        lines.push(`${randomPass()},10`);
        expected.set(row, "ACCOUNT_NOT_FOUND");
      } else {
        const pass = passes[player++]!;
        // Any case of a valid address is accepted; lower case carries no checksum.
        lines.push(`${row % 2 ? pass.toLowerCase() : pass},10`);
        valid.set(row, pass);
      }
    }
    const csv = join(dir, "awards.csv");
    writeFileSync(csv, `${lines.join("\n")}\n`);

    const run = await allocate(key, questId, csv);
    assert.equal(run.code, 2, describeRun(run));
    const summary = summaryOf(run);
    assert.equal(summary.rows, 300);
    assert.deepEqual(summary.paid, { count: 200, points: 2000 });
    assert.deepEqual(summary.replayed, { count: 0, points: 0 });
    assert.deepEqual(summary.refused, {
      count: 100,
      replayed: 0,
      by_code: { BAD_REQUEST: 20, ACCOUNT_NOT_FOUND: 10, INSUFFICIENT_POINTS: 70 },
    });
    assert.equal(summary.not_done, 0);
    assert.deepEqual(summary.retry, { count: 80, kept: 0, file: pathOf(csv, questId, "retry") });
    assert.deepEqual(summary.fix, { count: 20, kept: 0, file: pathOf(csv, questId, "fix") });

    const payouts = await payoutsOf(questId);
    const paidPasses = new Set(payouts.map((payout) => payout.pass));
    assert.equal(paidPasses.size, 200, "200 distinct passes paid once each");
    for (const [row, pass] of valid)
      if (!paidPasses.has(pass)) expected.set(row, "INSUFFICIENT_POINTS");
    const refused = [...outputRows(csv, questId, "retry"), ...outputRows(csv, questId, "fix")];
    assert.deepEqual(
      new Map(refused.map((row) => [Number(row.line) - 1, row.code])),
      new Map([...expected].sort(([a], [b]) => a - b)),
      "exactly the refused rows, each with its code",
    );
    assert.equal(refused.length, 100, "each refused row once");
    assert.ok(
      outputRows(csv, questId, "fix").every((row) => row.code === "BAD_REQUEST"),
      "the malformed rows are to fix; the others to retry",
    );
    const notFound = refused.find((row) => row.code === "ACCOUNT_NOT_FOUND")!;
    assert.match(notFound.detail, /registered/);
    assert.equal(notFound.address, lines[Number(notFound.line) - 1]!.split(",")[0]);

    const books = await assertBooksBalance(key, questId, 2000);
    assert.deepEqual(books, { remaining: 0, paid: 2000 });

    // Again: the paid rows are replayed; the service kept nothing for its refusals, so they are
    // decided afresh (and refused again: the budget is spent, the passes still unknown).
    const again = await allocate(key, questId, csv);
    assert.equal(again.code, 2, describeRun(again));
    const replay = summaryOf(again);
    assert.deepEqual(replay.paid, { count: 0, points: 0 });
    assert.deepEqual(replay.replayed, { count: 200, points: 2000 });
    assert.deepEqual(replay.refused, {
      count: 100,
      replayed: 0,
      by_code: { BAD_REQUEST: 20, ACCOUNT_NOT_FOUND: 10, INSUFFICIENT_POINTS: 70 },
    });
    assert.deepEqual(await assertBooksBalance(key, questId, 2000), books);
  });

  it("pays every row exactly once across a SIGKILL and a second run; a third run pays nothing", async () => {
    const rows = 2000;
    const { key, questId, passes } = await fixture(1_000_000, rows);
    const points = passes.map((_, i) => 1 + (i % 5));
    const totalRequested = points.reduce((sum, n) => sum + n, 0);
    const csv = join(dir, "large.csv");
    writeFileSync(
      csv,
      `address,points\n${passes.map((pass, i) => `${pass},${points[i]}`).join("\n")}\n`,
    );

    // First run: killed once some, but not all, rows are paid.
    const first = allocateProcess(key, questId, csv, ["--concurrency", "4"]);
    let paidBeforeKill = 0;
    for (;;) {
      paidBeforeKill = (await payoutsOf(questId)).length;
      if (paidBeforeKill >= rows / 10 || first.child.exitCode !== null) break;
      await sleep(20);
    }
    first.child.kill("SIGKILL");
    const killed = await first.result;
    assert.equal(
      killed.signal,
      "SIGKILL",
      `the first run was still running:\n${describeRun(killed)}`,
    );
    // Requests that were in flight when the CLI died still complete in the service.
    let paidAfterKill = -1;
    for (;;) {
      await sleep(300);
      const count = (await payoutsOf(questId)).length;
      if (count === paidAfterKill) break;
      paidAfterKill = count;
    }
    assert.ok(paidAfterKill > 0 && paidAfterKill < rows, `half-way: ${paidAfterKill} of ${rows}`);

    // Second run: replays what the first paid, pays the rest.
    const second = await allocate(key, questId, csv, ["--concurrency", "8"]);
    assert.equal(second.code, 0, describeRun(second));
    const resumed = summaryOf(second);
    assert.equal(resumed.replayed.count, paidAfterKill, "the first run's rows are replayed");
    assert.equal(resumed.paid.count, rows - paidAfterKill);
    assert.equal(resumed.paid.points + resumed.replayed.points, totalRequested);
    assert.equal(resumed.refused.count, 0);
    assert.equal(resumed.retry.file, null);
    assert.equal(resumed.fix.file, null);
    assert.ok(!existsSync(pathOf(csv, questId, "retry")));
    assert.ok(!existsSync(pathOf(csv, questId, "fix")));

    const payouts = await payoutsOf(questId);
    assert.equal(payouts.length, rows, "one payout per row");
    const perPass = new Map<string, number>();
    for (const payout of payouts) perPass.set(payout.pass, (perPass.get(payout.pass) ?? 0) + 1);
    assert.equal(perPass.size, rows);
    assert.ok(
      [...perPass.values()].every((count) => count === 1),
      "no pass paid twice",
    );
    const amounts = new Map(payouts.map((payout) => [payout.pass, payout.amount]));
    assert.ok(
      passes.every((pass, i) => amounts.get(pass) === points[i]),
      "each row's points",
    );
    await assertBooksBalance(key, questId, 1_000_000);

    // Third run: everything is replayed, nothing paid.
    const third = await runQuestpoints(argsVia(service.baseUrl, questId, csv), {
      env: { QP_API_KEY: key },
    });
    assert.equal(third.code, 0, describeRun(third));
    assert.match(third.stdout, /^paid: +0 rows, 0 points$/m);
    assert.match(
      third.stdout,
      new RegExp(`^replayed: +${rows} rows, ${totalRequested} points`, "m"),
    );
    assert.equal((await payoutsOf(questId)).length, rows);
    const books = await assertBooksBalance(key, questId, 1_000_000);
    assert.equal(books.paid, totalRequested);
  });

  it("refuses to start without QP_API_KEY, on a bad header, or on a quest the key cannot use", async () => {
    const { key, questId, passes } = await fixture(100, 1);
    const csv = join(dir, "small.csv");
    writeFileSync(csv, `address,points\n${passes[0]},1\n`);

    const noKey = await runQuestpoints(["allocate", "--quest", String(questId), "--csv", csv]);
    assert.equal(noKey.code, 1, describeRun(noKey));
    assert.match(noKey.stderr, /^questpoints: QP_API_KEY is not set/m);

    const header = join(dir, "header.csv");
    writeFileSync(header, `pass,amount\n${passes[0]},1\n`);
    const badHeader = await allocate(key, questId, header);
    assert.equal(badHeader.code, 1, describeRun(badHeader));
    assert.match(badHeader.stderr, /^questpoints: .*missing header row address,points/m);

    // A 0-byte file has no header row either; a header naming a column twice is ambiguous.
    const empty = join(dir, "empty.csv");
    writeFileSync(empty, "");
    const emptyRun = await allocate(key, questId, empty);
    assert.equal(emptyRun.code, 1, describeRun(emptyRun));
    assert.match(emptyRun.stderr, /^questpoints: .*missing header row address,points/m);
    const twice = join(dir, "twice.csv");
    writeFileSync(twice, `address,points,address\n${passes[0]},1,${passes[0]}\n`);
    const twiceRun = await allocate(key, questId, twice);
    assert.equal(twiceRun.code, 1, describeRun(twiceRun));
    assert.match(twiceRun.stderr, /^questpoints: .*names address twice/m);

    const otherQuest = await allocate(key, 987654, csv);
    assert.equal(otherQuest.code, 1, describeRun(otherQuest));
    assert.match(otherQuest.stderr, /^questpoints: QUEST_NOT_FOUND: .+ \(request [^)]+\)$/m);
    assert.equal((await payoutsOf(questId)).length, 0, "nothing was paid");
  });
  it("refuses to start on an inactive quest, sending nothing; once active, a run pays it all", async () => {
    const { key, questId, passes } = await fixture(100, 3);
    await service.ctx.admin("PATCH", `/admin/quests/${questId}`, { is_active: false });
    const csv = writeCsv(
      "inactive.csv",
      passes.map((pass) => [pass, 1]),
    );
    const refused = await allocate(key, questId, csv);
    assert.equal(refused.code, 1, describeRun(refused));
    assert.match(refused.stderr, /^questpoints: quest \d+ is not active .*nothing was sent/m);
    assert.equal(refused.stdout, "", "no summary: the run never started");
    const { rows } = await service.ctx.db.query(
      "SELECT 1 FROM idempotency_keys WHERE quest_id = $1",
      [questId],
    );
    assert.equal(rows.length, 0, "no row was sent, so no refusal is kept under its key");

    await service.ctx.admin("PATCH", `/admin/quests/${questId}`, { is_active: true });
    const run = await allocate(key, questId, csv);
    assert.equal(run.code, 0, describeRun(run));
    assert.deepEqual(summaryOf(run).paid, { count: 3, points: 3 });
  });

  it("stops at a fresh quest-wide refusal; once the cause is gone, a rerun pays every row, the refused one under its key", async () => {
    // The quest looks active (GET /quests), but its action type is off: the first row is refused.
    const { key, questId, passes } = await fixture(100, 5);
    const actionType = `csv-${Date.now().toString(36)}`;
    await service.ctx.admin("PATCH", `/admin/quests/${questId}`, { action_type: actionType });
    await service.ctx.admin("PUT", `/admin/action-types/${actionType}`, { active: false });
    const csv = writeCsv(
      "action-type.csv",
      passes.map((pass) => [pass, 2]),
    );
    const first = await allocate(key, questId, csv, ["--concurrency", "1"]);
    assert.equal(first.code, 1, describeRun(first));
    const stopped = summaryOf(first);
    assert.deepEqual(stopped.refused.by_code, { ACTION_TYPE_INACTIVE: 1 });
    assert.equal(stopped.not_done, 4, "a fresh quest-wide refusal stops the run");
    assert.match(stopped.stopped ?? "", /ACTION_TYPE_INACTIVE/);
    const { rows: kept } = await service.ctx.db.query(
      "SELECT 1 FROM idempotency_keys WHERE quest_id = $1",
      [questId],
    );
    assert.equal(kept.length, 0, "the refusal keeps nothing under the row's key");

    // Fixed: row 1 is decided afresh under the same key and paid, with the rows never sent.
    await service.ctx.admin("PUT", `/admin/action-types/${actionType}`, { active: true });
    const second = await allocate(key, questId, csv, ["--concurrency", "1"]);
    assert.equal(second.code, 0, describeRun(second));
    const resumed = summaryOf(second);
    assert.equal(resumed.stopped, null);
    assert.deepEqual(resumed.paid, { count: 5, points: 10 });
    assert.deepEqual(resumed.refused, { count: 0, replayed: 0, by_code: {} });

    // A third run pays nothing: every row is replayed.
    const third = await allocate(key, questId, csv);
    assert.equal(third.code, 0, describeRun(third));
    assert.deepEqual(summaryOf(third).replayed, { count: 5, points: 10 });
    assert.deepEqual(await paidTwice(questId), []);
    assert.equal((await payoutsOf(questId)).length, 5);
  });

  it("pays one file on the test quest and then on the live quest; each quest has its retry file", async () => {
    const owner = randomPass();
    const passes = [randomPass(), randomPass(), randomPass()];
    for (const pass of [owner, ...passes]) await createAccount(service.ctx, pass);
    const testKey = await issueKey(service.ctx, owner, "test");
    const liveKey = await issueKey(service.ctx, owner, "live");
    const testQuest = await createQuest(service.ctx, owner, { mode: "test" });
    const liveQuest = await createQuest(service.ctx, owner);
    const unregistered = randomPass();
    const csv = writeCsv("both-modes.csv", [
      ...passes.map((pass) => [pass, 3] as [string, number]),
      [unregistered, 3],
    ]);

    const refusedFiles: (string | null)[] = [];
    for (const [key, questId] of [
      [testKey.key, testQuest],
      [liveKey.key, liveQuest],
    ] as const) {
      const run = await allocate(key, questId, csv);
      assert.equal(run.code, 2, describeRun(run));
      const summary = summaryOf(run);
      assert.deepEqual(summary.paid, { count: 3, points: 9 }, `quest ${questId}`);
      assert.deepEqual(summary.refused.by_code, { ACCOUNT_NOT_FOUND: 1 });
      assert.equal((await payoutsOf(questId)).length, 3);
      refusedFiles.push(summary.retry.file);
    }
    assert.deepEqual(refusedFiles, [
      pathOf(csv, testQuest, "retry"),
      pathOf(csv, liveQuest, "retry"),
    ]);
    for (const questId of [testQuest, liveQuest]) {
      assert.deepEqual(
        outputRows(csv, questId, "retry").map((row) => [row.address, row.code]),
        [[unregistered, "ACCOUNT_NOT_FOUND"]],
        "each quest's refused rows in its own file",
      );
    }
  });

  it("derives the keys from the content: one byte changed, the rerun pays every row again", async () => {
    const { key, questId, passes } = await fixture(100, 3);
    const csv = writeCsv(
      "changed.csv",
      passes.map((pass) => [pass, 1]),
    );
    const first = await allocate(key, questId, csv);
    assert.equal(first.code, 0, describeRun(first));
    const again = await allocate(key, questId, csv);
    assert.deepEqual(summaryOf(again).replayed, { count: 3, points: 3 });

    // The last row's points: 1 → 2, one byte.
    writeFileSync(csv, readFileSync(csv, "utf8").replace(/1\n$/, "2\n"));
    const changed = await allocate(key, questId, csv);
    assert.equal(changed.code, 0, describeRun(changed));
    const summary = summaryOf(changed);
    assert.deepEqual(summary.paid, { count: 3, points: 4 });
    assert.deepEqual(summary.replayed, { count: 0, points: 0 });
    assert.equal((await payoutsOf(questId)).length, 6, "new keys: every row paid again");
  });

  it("reads a CSV with a BOM, CRLF line ends, quoted fields and an extra column", async () => {
    const { key, questId, passes } = await fixture(100, 3);
    const csv = join(dir, "excel.csv");
    writeFileSync(
      csv,
      `\uFEFF"Address","Points","Note"\r\n` +
        `"${passes[0]}","5","first, with a comma"\r\n` +
        `${passes[1]},"7",\r\n` +
        `"${passes[2]!.toLowerCase()}",9,"say ""hi"""\r\n`,
    );
    const run = await allocate(key, questId, csv);
    assert.equal(run.code, 0, describeRun(run));
    assert.deepEqual(summaryOf(run).paid, { count: 3, points: 21 });
    const amounts = new Map((await payoutsOf(questId)).map((p) => [p.pass, p.amount]));
    assert.deepEqual(
      passes.map((pass) => amounts.get(pass)),
      [5, 7, 9],
    );
  });

  it("checks the fix file can be written before sending; a later write error ends the run with its summary", async () => {
    const { key, questId, passes } = await fixture(100, 3);
    const csv = writeCsv("unwritable.csv", [
      ...passes.map((pass) => [pass, 1] as [string, number]),
      ["0x123", 1],
    ]);
    mkdirSync(pathOf(csv, questId, "fix"));
    const blocked = await allocate(key, questId, csv);
    assert.equal(blocked.code, 1, describeRun(blocked));
    assert.match(blocked.stderr, /^questpoints: cannot write .*fix\.csv: it is a directory/m);
    assert.doesNotMatch(blocked.stderr, /^\s+at /m, "no stack trace");
    assert.equal((await payoutsOf(questId)).length, 0, "nothing was sent");

    if (!existsSync("/dev/full")) return; // Linux: every write to /dev/full fails with ENOSPC.
    const full = writeCsv("full.csv", [
      ...passes.map((pass) => [pass, 1] as [string, number]),
      ["0x123", 1],
      ["0x456", 1],
    ]);
    // Rows are written to a temporary file named with the process id, put in place at the end;
    // the run is in this process.
    symlinkSync("/dev/full", `${pathOf(full, questId, "fix")}.${process.pid}.tmp`);
    const run = await allocate(key, questId, full);
    assert.equal(run.code, 1, describeRun(run));
    const summary = summaryOf(run);
    assert.match(summary.stopped ?? "", /cannot write .*fix\.csv/);
    assert.equal(summary.fix.file, null);
    assert.ok(!existsSync(pathOf(full, questId, "fix")), "no fix file half written");
    assert.equal(summary.paid.count + summary.refused.count + summary.not_done, 5);
    assert.match(run.stderr, /^questpoints: cannot write /m);
    assert.doesNotMatch(run.stderr, /^\s+at /m, "no stack trace");
  });

  it("waits for the fix file without piling up listeners (many refusals, 16 in flight)", async () => {
    const { key, questId } = await fixture(100, 0);
    const csv = writeCsv(
      "many-refused.csv",
      Array.from({ length: 2000 }, (_, i) => [`0x${i.toString(16)}`, 1] as [string, number]),
    );
    // A process of its own: the warning would go to the process's stderr.
    const run = await allocateProcess(key, questId, csv, ["--concurrency", "16"]).result;
    assert.equal(run.code, 2, describeRun(run));
    assert.doesNotMatch(run.stderr, /MaxListenersExceededWarning/);
    assert.equal(summaryOf(run).refused.count, 2000);
    assert.equal(outputRows(csv, questId, "fix").length, 2000);
  });

  it("retries 502, 503 and 504; a 500 is a refusal", async () => {
    const { key, questId, passes } = await fixture(1000, 12);
    const csv = writeCsv(
      "gateway.csv",
      passes.map((pass) => [pass, 1]),
    );
    const attempts = new Map<number, number>();
    // A gateway in front of the service: each row's first attempt fails; row 12 always gets 500.
    const gateway = await startStub(async (request, body, response) => {
      const key = request.headers["idempotency-key"];
      if (request.method !== "POST" || typeof key !== "string") {
        return forward(service.baseUrl, request, body, response);
      }
      const row = Number(key.split("-").pop());
      const attempt = (attempts.get(row) ?? 0) + 1;
      attempts.set(row, attempt);
      if (row === 12) {
        response.writeHead(500, { "content-type": "application/problem+json" });
        response.end(JSON.stringify({ code: "INTERNAL", detail: "the gateway broke" }));
      } else if (attempt > 1) {
        await forward(service.baseUrl, request, body, response);
      } else if (row % 3 === 0) {
        response.writeHead(502).end("bad gateway");
      } else if (row % 3 === 1) {
        // The service paid, but the answer was lost: the retry is replayed.
        await forward(service.baseUrl, request, body, null);
        response.writeHead(504).end("gateway timeout");
      } else {
        response.writeHead(503, { "retry-after": "0" }).end("unavailable");
      }
    });
    try {
      const run = await runQuestpoints(argsVia(gateway.baseUrl, questId, csv, "--json"), {
        env: { QP_API_KEY: key },
      });
      assert.equal(run.code, 2, describeRun(run));
      const summary = summaryOf(run);
      assert.deepEqual(summary.replayed, { count: 4, points: 4 }, "rows 1, 4, 7, 10");
      assert.deepEqual(summary.paid, { count: 7, points: 7 });
      assert.deepEqual(summary.refused.by_code, { INTERNAL: 1 });
      assert.equal(attempts.get(12), 1, "a 500 is not retried");
      assert.ok([...attempts].every(([row, n]) => row === 12 || n === 2));
      assert.equal((await payoutsOf(questId)).length, 11);
    } finally {
      await gateway.close();
    }
  });

  /** A valid address in mixed case whose EIP-55 checksum is broken by one letter's case. */
  function badChecksum(): string {
    for (;;) {
      const pass = randomPass();
      const at = 2 + pass.slice(2).search(/[a-fA-F]/);
      const letter = pass[at]!;
      const flipped = letter === letter.toLowerCase() ? letter.toUpperCase() : letter.toLowerCase();
      const broken = `${pass.slice(0, at)}${flipped}${pass.slice(at + 1)}`;
      if (/[a-f]/.test(broken.slice(2)) && /[A-F]/.test(broken.slice(2))) return broken;
    }
  }

  /** Rewrites a retry or fix file as a spreadsheet would, with `edit` applied to each row. */
  function editRows(path: string, edit: (row: OutputRow) => void) {
    const rows = parse(readFileSync(path), { columns: true }) as OutputRow[];
    rows.forEach(edit);
    writeFileSync(path, stringify(rows, { header: true }));
  }

  it("names rows by their line in the file: blank lines shift nothing; a row with more fields than the header is refused, not paid", async () => {
    const { key, questId, passes } = await fixture(100, 4);
    const csv = join(dir, "lines.csv");
    writeFileSync(
      csv,
      [
        "address,points,note", // 1: a named extra column is fine
        `${passes[0]},1,first`, // 2
        "", // 3
        "   ", // 4
        "0x123,1,bad address", // 5
        `${passes[1]},1,"a note, with a comma"`, // 6
        `${passes[2]},1,000,one thousand?`, // 7: a field too many
        `"${passes[3]}",1,"two`, // 8
        'lines"', // 9
        "", // 10
        "0x456,1,", // 11
      ].join("\n"),
    );
    const run = await allocate(key, questId, csv);
    assert.equal(run.code, 2, describeRun(run));
    const summary = summaryOf(run);
    assert.equal(summary.rows, 6);
    assert.deepEqual(summary.paid, { count: 3, points: 3 });
    assert.deepEqual(summary.refused.by_code, { BAD_REQUEST: 3 });
    assert.deepEqual(codesByLine(csv, questId, "fix"), [
      [5, "BAD_REQUEST"],
      [7, "BAD_REQUEST"],
      [11, "BAD_REQUEST"],
    ]);
    const extra = outputRows(csv, questId, "fix").find((row) => row.line === "7")!;
    assert.equal(extra.address, passes[2]);
    assert.match(extra.detail, /4 fields where the header names 3 \(address,points,note\)/);
    assert.match(extra.detail, /"1","000","one thousand\?"; quote a field that holds a comma/);
    assert.deepEqual(
      (await payoutsOf(questId)).map((payout) => payout.pass).sort(),
      [passes[0]!, passes[1]!, passes[3]!].sort(),
      "the row with a field too many is not paid",
    );
    assert.equal(summary.retry.file, null);
  });

  it("sends rows to retry as they are and rows to fix apart, with their original line; retrying either file replaces it, never stacks names, and pays each row once", async () => {
    const { key, questId, passes } = await fixture(30, 6);
    const unregistered = randomPass();
    const csv = join(dir, "spreadsheet.csv");
    writeFileSync(
      csv,
      [
        "address,points",
        `${passes[0]},10`, // 2: paid
        "", // 3
        "0x123,10", // 4: fix
        `${passes[1]},10`, // 5: paid
        `${unregistered},10`, // 6: retry, ACCOUNT_NOT_FOUND
        `${passes[2]},10`, // 7: paid, the budget is spent
        `${passes[3]},10`, // 8: retry, INSUFFICIENT_POINTS
        `${passes[4]},1,000`, // 9: fix, a field too many
      ].join("\n"),
    );
    const retryFile = pathOf(csv, questId, "retry");
    const fixFile = pathOf(csv, questId, "fix");
    const inOrder = ["--concurrency", "1"];

    const first = await allocate(key, questId, csv, inOrder);
    assert.equal(first.code, 2, describeRun(first));
    const summary = summaryOf(first);
    assert.deepEqual(summary.paid, { count: 3, points: 30 });
    assert.deepEqual(summary.retry, { count: 2, kept: 0, file: retryFile });
    assert.deepEqual(summary.fix, { count: 2, kept: 0, file: fixFile });
    const toRetry: [number, string][] = [
      [6, "ACCOUNT_NOT_FOUND"],
      [8, "INSUFFICIENT_POINTS"],
    ];
    const toFix: [number, string][] = [
      [4, "BAD_REQUEST"],
      [9, "BAD_REQUEST"],
    ];
    assert.deepEqual(codesByLine(csv, questId, "retry"), toRetry);
    assert.deepEqual(codesByLine(csv, questId, "fix"), toFix);
    const keys = (path: string) => parse(readFileSync(path), { columns: true }) as OutputRow[];
    // Each refused row is listed under the key it was sent under: the refusal kept nothing there.
    const firstKeys = keys(retryFile).map((row) => row.idempotency_key);
    assert.equal(firstKeys.length, 2);
    for (const rowKey of [...firstKeys, ...keys(fixFile).map((row) => row.idempotency_key)]) {
      assert.match(rowKey, /^qp-csv-[0-9a-f]{32}-q\d+-\d+$/, "the row's own key from the file");
    }
    const human = await runQuestpoints(argsVia(service.baseUrl, questId, csv), {
      env: { QP_API_KEY: key },
    });
    assert.match(human.stdout, /^retry: +2 rows to .*spreadsheet\.csv\.q\d+\.retry\.csv/m);
    assert.match(human.stdout, /^fix: +2 rows to .*spreadsheet\.csv\.q\d+\.fix\.csv/m);

    // The owner has the budget raised and the pass registered: the retry file pays its rows as
    // they are. It is then empty, so removed; the fix file keeps its rows.
    await service.ctx.admin("PATCH", `/admin/quests/${questId}`, { total_points: 2040 });
    await createAccount(service.ctx, unregistered);
    const retried = await allocate(key, questId, retryFile);
    assert.equal(retried.code, 0, describeRun(retried));
    const afterRetry = summaryOf(retried);
    assert.deepEqual(afterRetry.paid, { count: 2, points: 20 });
    assert.deepEqual(afterRetry.retry, { count: 0, kept: 0, file: null });
    assert.deepEqual(afterRetry.fix, { count: 0, kept: 2, file: fixFile });
    assert.ok(!existsSync(retryFile));
    assert.deepEqual(codesByLine(csv, questId, "fix"), toFix);

    // The fix file, corrected in a spreadsheet, pays its rows.
    const correct = (row: OutputRow) => {
      if (row.line === "4") row.address = passes[5]!;
      if (row.line === "9") row.points = "1000";
    };
    editRows(fixFile, correct);
    const fixed = await allocate(key, questId, fixFile);
    assert.equal(fixed.code, 0, describeRun(fixed));
    assert.deepEqual(summaryOf(fixed).paid, { count: 2, points: 1010 });
    assert.ok(!existsSync(fixFile));
    assert.deepEqual(stackedNames(), []);
    assert.equal((await payoutsOf(questId)).length, 7);

    // The original again: the rows the retry file paid were paid under the keys the original
    // sends, so they are replayed with the rest, not paid twice; only the malformed rows are
    // refused again (before sending), to the fix file.
    const again = await allocate(key, questId, csv, inOrder);
    assert.equal(again.code, 2, describeRun(again));
    assert.deepEqual(summaryOf(again).paid, { count: 0, points: 0 });
    assert.deepEqual(summaryOf(again).replayed, { count: 5, points: 50 });
    assert.deepEqual(summaryOf(again).retry, { count: 0, kept: 0, file: null });
    assert.ok(!existsSync(retryFile));
    assert.deepEqual(codesByLine(csv, questId, "fix"), toFix);
    editRows(fixFile, correct);
    const fixedAgain = await allocate(key, questId, fixFile);
    assert.equal(fixedAgain.code, 0, describeRun(fixedAgain));
    assert.deepEqual(summaryOf(fixedAgain).replayed, { count: 2, points: 1010 });
    assert.deepEqual(await paidTwice(questId), []);
    assert.equal((await payoutsOf(questId)).length, 7);
    await assertBooksBalance(key, questId, 2040);
  });

  it("retries a row whose fate is unknown (a 500 after the service paid, IDEMPOTENCY_IN_PROGRESS) under its own key: replayed, never paid twice", async () => {
    const { key, questId, passes } = await fixture(100, 4);
    const csv = writeCsv(
      "unknown-fate.csv",
      passes.map((pass) => [pass, 1]),
    );
    const keySeen = new Map<number, string>(); // row → its key
    let held = false;
    const gateway = await startStub(async (request, body, response) => {
      const rowKey = request.headers["idempotency-key"];
      if (request.method !== "POST" || typeof rowKey !== "string") {
        return forward(service.baseUrl, request, body, response);
      }
      const row = Number(rowKey.split("-").pop());
      keySeen.set(row, rowKey);
      const problem = (status: number, code: string, headers: Record<string, string> = {}) =>
        response
          .writeHead(status, { "content-type": "application/problem+json", ...headers })
          .end(JSON.stringify({ code, detail: "the gateway says so" }));
      if (row === 2) {
        // The service pays; the gateway breaks on the way back.
        await forward(service.baseUrl, request, body, null);
        problem(500, "INTERNAL");
      } else if (row === 3) {
        // Another run holds the key (and pays), every time this run asks.
        if (!held) await forward(service.baseUrl, request, body, null);
        held = true;
        problem(409, "IDEMPOTENCY_IN_PROGRESS", { "retry-after": "0" });
      } else {
        await forward(service.baseUrl, request, body, response);
      }
    });
    try {
      const run = await runQuestpoints(argsVia(gateway.baseUrl, questId, csv, "--json"), {
        env: { QP_API_KEY: key },
      });
      assert.equal(run.code, 2, describeRun(run));
      assert.deepEqual(summaryOf(run).refused.by_code, { INTERNAL: 1, IDEMPOTENCY_IN_PROGRESS: 1 });
    } finally {
      await gateway.close();
    }
    assert.equal(
      (await payoutsOf(questId)).length,
      4,
      "all four were paid, two behind the CLI's back",
    );
    const retry = outputRows(csv, questId, "retry").sort((a, b) => Number(a.line) - Number(b.line));
    assert.deepEqual(
      retry.map((row) => [row.line, row.idempotency_key]),
      [
        ["3", keySeen.get(2)],
        ["4", keySeen.get(3)],
      ],
      "to retry under the key they were sent under",
    );

    const retried = await allocate(key, questId, pathOf(csv, questId, "retry"));
    assert.equal(retried.code, 0, describeRun(retried));
    assert.deepEqual(summaryOf(retried).replayed, { count: 2, points: 2 });
    assert.deepEqual(summaryOf(retried).paid, { count: 0, points: 0 });
    assert.deepEqual(await paidTwice(questId), []);
    assert.equal((await payoutsOf(questId)).length, 4);
  });

  it("stops at Ctrl-C once the rows in flight are answered, and exits at once at a second one (the real CLI)", async () => {
    const { key, questId, passes } = await fixture(1000, 40);
    // The gateway holds every allocation until the run's gate opens; then it forwards it, or,
    // once `forwarding` is off, drops it.
    let held = 0;
    let forwarding = true;
    let open = () => {};
    let gate = Promise.resolve();
    const closeGate = () => {
      gate = new Promise<void>((resolve) => {
        open = resolve;
      });
    };
    const gateway = await startStub(async (request, body, response) => {
      if (request.method !== "POST") return forward(service.baseUrl, request, body, response);
      held++;
      await gate;
      if (forwarding) await forward(service.baseUrl, request, body, response);
      else response.destroy();
    });
    const start = (csv: string) =>
      spawnQuestpoints(argsVia(gateway.baseUrl, questId, csv, "--json", "--concurrency", "4"), {
        env: { QP_API_KEY: key },
      });
    const untilHeld = (count: number) =>
      until(() => held >= count, `${count} allocations held`, 60_000);
    try {
      closeGate();
      const once = start(
        writeCsv(
          "interrupted.csv",
          passes.map((pass) => [pass, 1]),
        ),
      );
      await untilHeld(4);
      once.child.kill("SIGINT");
      // The answers come after the signal, which the CLI hears first: it sends nothing more.
      open();
      const stopped = await once.result;
      assert.equal(stopped.code, 130, describeRun(stopped));
      const summary = summaryOf(stopped);
      assert.deepEqual(summary.paid, { count: 4, points: 4 }, "the rows in flight are answered");
      assert.equal(summary.not_done, 36);
      assert.match(summary.stopped ?? "", /^interrupted \(SIGINT\)/);
      assert.equal(held, 4, "nothing sent after Ctrl-C");

      // A refused row first: its fix file is being written when the second Ctrl-C comes.
      closeGate();
      forwarding = false;
      const twice = start(
        writeCsv("interrupted-twice.csv", [
          ["0x123", 1],
          ...passes.map((pass) => [pass, 2] as [string, number]),
        ]),
      );
      await untilHeld(8);
      // Ctrl-C until the run ends (two signals sent together could arrive as one): the first
      // stops it, the next ends it without waiting for the rows in flight.
      let exited = false;
      void twice.result.then(() => {
        exited = true;
      });
      for (let waited = 0; !exited; waited += 50) {
        assert.ok(waited < 30_000, "a second Ctrl-C ends the run");
        twice.child.kill("SIGINT");
        await sleep(50);
      }
      const ended = await twice.result;
      assert.equal(ended.code, 130, describeRun(ended));
      assert.equal(ended.stdout, "", "no summary: the rows in flight were not waited for");
      assert.deepEqual(
        readdirSync(dir).filter((name) => name.startsWith("interrupted-twice.csv.")),
        [],
        "no temporary file left behind",
      );
    } finally {
      open();
      await gateway.close();
    }
    assert.equal((await payoutsOf(questId)).length, 4, "the held allocations were never paid");
  });

  it("has as many rows in flight as its help says when --concurrency is not given", async () => {
    const help = await runQuestpoints(["allocate", "--help"]);
    assert.equal(help.code, 0, describeRun(help));
    assert.doesNotMatch(help.stdout, /one\s+row\s+at\s+a\s+time/);
    const said = /(\d+) rows\s+in\s+flight\s+at\s+once/.exec(help.stdout);
    assert.ok(said, `the help says how many rows are in flight:\n${help.stdout}`);
    const inFlightSaid = Number(said[1]);
    assert.match(help.stdout, new RegExp(`--concurrency <n>[^]*\\(default: ${inFlightSaid}\\)`));

    const { key, questId, passes } = await fixture(1000, inFlightSaid * 3);
    const csv = writeCsv(
      "in-flight.csv",
      passes.map((pass) => [pass, 1]),
    );
    let inFlight = 0;
    let most = 0;
    const gateway = await startStub(async (request, body, response) => {
      if (request.method !== "POST") return forward(service.baseUrl, request, body, response);
      inFlight++;
      most = Math.max(most, inFlight);
      try {
        await sleep(150);
        await forward(service.baseUrl, request, body, response);
      } finally {
        inFlight--;
      }
    });
    try {
      const run = await runQuestpoints(argsVia(gateway.baseUrl, questId, csv, "--json"), {
        env: { QP_API_KEY: key },
      });
      assert.equal(run.code, 0, describeRun(run));
      assert.equal(summaryOf(run).paid.count, passes.length);
    } finally {
      await gateway.close();
    }
    assert.equal(most, inFlightSaid);
  });

  it("--dry-run checks every row, the passes and the budget with bounded lookups, and sends no allocation", async () => {
    const { key, questId, passes } = await fixture(25, 4);
    const csv = join(dir, "dry.csv");
    const checksum = badChecksum();
    writeFileSync(
      csv,
      [
        "address,points",
        `${passes[0]},10`, // 2
        "0x123,5", // 3: malformed
        `${checksum},5`, // 4: a broken checksum
        `${randomPass()},5`, // 5: not registered
        "", // 6
        `${passes[1]!.toLowerCase()},10`, // 7
        `${passes[2]},10`, // 8
        `${passes[3]},5,5`, // 9: a field too many
      ].join("\n"),
    );
    const methods: string[] = [];
    let lookups = 0;
    let most = 0;
    const gateway = await startStub(async (request, body, response) => {
      methods.push(`${request.method} ${request.url?.split("?")[0]}`);
      if (!request.url?.startsWith("/passes/")) {
        return forward(service.baseUrl, request, body, response);
      }
      lookups++;
      most = Math.max(most, lookups);
      try {
        await sleep(100);
        await forward(service.baseUrl, request, body, response);
      } finally {
        lookups--;
      }
    });
    const dryRun = (file: string, extra: string[]) =>
      runQuestpoints(argsVia(gateway.baseUrl, questId, file, "--dry-run", ...extra), {
        env: { QP_API_KEY: key },
      });
    try {
      const run = await dryRun(csv, ["--json", "--concurrency", "2"]);
      assert.equal(run.code, 2, describeRun(run));
      const summary = summaryOf<DryRunSummary>(run);
      assert.equal(summary.dry_run, true);
      assert.equal(summary.rows, 7);
      assert.deepEqual(summary.ok, { count: 3, points: 30 });
      assert.equal(summary.points_remaining, 25);
      assert.equal(summary.points_short, 5);
      assert.equal(summary.quest_inactive, null);
      assert.deepEqual(summary.refused.by_code, { BAD_REQUEST: 3, ACCOUNT_NOT_FOUND: 1 });
      assert.deepEqual(
        summary.problems.map((problem) => [problem.line, problem.code]),
        [
          [3, "BAD_REQUEST"],
          [4, "BAD_REQUEST"],
          [5, "ACCOUNT_NOT_FOUND"],
          [9, "BAD_REQUEST"],
        ],
      );
      assert.match(summary.problems[1]!.detail, /checksum/);
      assert.match(summary.problems[3]!.detail, /3 fields where the header names 2/);
      assert.match(run.stderr, /^allocate --dry-run: 7 rows from .*dry\.csv/m);

      assert.ok(!methods.some((method) => method.startsWith("POST")), methods.join("\n"));
      assert.equal(methods.filter((method) => method.startsWith("GET /passes/")).length, 4);
      assert.ok(most >= 1 && most <= 2, `at most 2 lookups at once, saw ${most}`);
      assert.equal((await payoutsOf(questId)).length, 0, "nothing paid");
      const { rows } = await service.ctx.db.query(
        "SELECT 1 FROM idempotency_keys WHERE quest_id = $1",
        [questId],
      );
      assert.equal(rows.length, 0, "no key used");
      assert.ok(
        !existsSync(pathOf(csv, questId, "retry")) && !existsSync(pathOf(csv, questId, "fix")),
      );

      const human = await dryRun(csv, []);
      assert.equal(human.code, 2, describeRun(human));
      assert.match(human.stdout, /^dry run: +nothing was sent/m);
      assert.match(human.stdout, /^budget: +25 points remaining, 5 short/m);
      assert.match(human.stdout, /^line 5: ACCOUNT_NOT_FOUND: /m);

      const clean = writeCsv("dry-clean.csv", [
        [passes[0]!, 10],
        [passes[1]!, 15],
      ]);
      const cleanRun = await dryRun(clean, ["--json"]);
      assert.equal(cleanRun.code, 0, describeRun(cleanRun));
      assert.deepEqual(summaryOf<DryRunSummary>(cleanRun).ok, { count: 2, points: 25 });

      // An inactive quest is said, not fatal: the rows are checked all the same.
      await service.ctx.admin("PATCH", `/admin/quests/${questId}`, { is_active: false });
      const inactive = await dryRun(clean, ["--json"]);
      assert.equal(inactive.code, 2, describeRun(inactive));
      assert.match(summaryOf<DryRunSummary>(inactive).quest_inactive ?? "", /is not active/);
      assert.equal(summaryOf<DryRunSummary>(inactive).ok.count, 2);
    } finally {
      await gateway.close();
    }
    assert.ok(!methods.some((method) => method.startsWith("POST")));
    assert.equal((await payoutsOf(questId)).length, 0);
  });

  it("--dry-run tells of an unregistered pass what a live run is told: its holder joins at /app/join", async () => {
    const { key, questId, passes } = await fixture(100, 1);
    // All lower case, as a spreadsheet may hold it: both name the checksummed pass.
    const stranger = randomPass().toLowerCase();
    const csv = writeCsv("unregistered.csv", [
      [passes[0]!, 10],
      [stranger, 10],
    ]);
    const dry = await runQuestpoints(
      argsVia(service.baseUrl, questId, csv, "--dry-run", "--json"),
      {
        env: { QP_API_KEY: key },
      },
    );
    assert.equal(dry.code, 2, describeRun(dry));
    const [said] = summaryOf<DryRunSummary>(dry).problems;
    assert.equal(said?.code, "ACCOUNT_NOT_FOUND");
    assert.match(said!.detail, /joins by signing in with their wallet at \/app\/join/);
    assert.doesNotMatch(said!.detail, /admin/, "no operator command for the builder to run");

    const live = await allocate(key, questId, csv);
    assert.equal(live.code, 2, describeRun(live));
    const [refused] = outputRows(csv, questId, "retry");
    assert.equal(refused?.code, "ACCOUNT_NOT_FOUND");
    assert.equal(said!.detail, refused!.detail, "the dry run says what the live run is told");
  });
});
