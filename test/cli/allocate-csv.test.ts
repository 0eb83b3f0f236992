import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { parse } from "csv-parse/sync";
import { createQuest, issueKey, randomPass } from "../helpers/app.js";
import {
  type CliRun,
  type CliService,
  describeRun,
  runQuestpoints,
  spawnQuestpoints,
  startCliService,
} from "../helpers/cli-process.js";

interface Summary {
  rows: number;
  paid: { count: number; points: number };
  replayed: { count: number; points: number };
  refused: { count: number; replayed: number; by_code: Record<string, number> };
  not_done: number;
  refused_file: string | null;
  stopped: string | null;
}

interface RefusedRow {
  row: string;
  address: string;
  points: string;
  code: string;
  detail: string;
}

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

  function allocate(key: string, questId: number, csv: string, extra: string[] = []) {
    return spawnQuestpoints(
      [
        "allocate",
        "--url",
        service.baseUrl,
        "--quest",
        String(questId),
        "--csv",
        csv,
        "--json",
        ...extra,
      ],
      { env: { QP_API_KEY: key } },
    );
  }

  function summaryOf(run: CliRun): Summary {
    try {
      return JSON.parse(run.stdout) as Summary;
    } catch {
      assert.fail(`no JSON summary on stdout:\n${describeRun(run)}`);
    }
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
    const paid = (await payoutsOf(questId)).reduce((sum, payout) => sum + payout.amount, 0);
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

    const run = await allocate(key, questId, csv).result;
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
    assert.equal(summary.refused_file, `${csv}.refused.csv`);

    const payouts = await payoutsOf(questId);
    const paidPasses = new Set(payouts.map((payout) => payout.pass));
    assert.equal(paidPasses.size, 200, "200 distinct passes paid once each");
    for (const [row, pass] of valid)
      if (!paidPasses.has(pass)) expected.set(row, "INSUFFICIENT_POINTS");
    const refused = parse(readFileSync(`${csv}.refused.csv`), { columns: true }) as RefusedRow[];
    assert.deepEqual(
      new Map(refused.map((row) => [Number(row.row), row.code])),
      new Map([...expected].sort(([a], [b]) => a - b)),
      "exactly the refused rows, each with its code",
    );
    assert.equal(refused.length, 100, "each refused row once");
    const notFound = refused.find((row) => row.code === "ACCOUNT_NOT_FOUND")!;
    assert.match(notFound.detail, /registered/);
    assert.equal(notFound.address, lines[Number(notFound.row)]!.split(",")[0]);

    const books = await assertBooksBalance(key, questId, 2000);
    assert.deepEqual(books, { remaining: 0, paid: 2000 });

    // Again: the paid rows are replayed, and the service's refusals are answered as before.
    const again = await allocate(key, questId, csv).result;
    assert.equal(again.code, 2, describeRun(again));
    const replay = summaryOf(again);
    assert.deepEqual(replay.paid, { count: 0, points: 0 });
    assert.deepEqual(replay.replayed, { count: 200, points: 2000 });
    assert.equal(replay.refused.count, 100);
    assert.equal(replay.refused.replayed, 80, "all but the 20 rows refused before sending");
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
    const first = allocate(key, questId, csv, ["--concurrency", "4"]);
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
    const second = await allocate(key, questId, csv, ["--concurrency", "8"]).result;
    assert.equal(second.code, 0, describeRun(second));
    const resumed = summaryOf(second);
    assert.equal(resumed.replayed.count, paidAfterKill, "the first run's rows are replayed");
    assert.equal(resumed.paid.count, rows - paidAfterKill);
    assert.equal(resumed.paid.points + resumed.replayed.points, totalRequested);
    assert.equal(resumed.refused.count, 0);
    assert.equal(resumed.refused_file, null);
    assert.ok(!existsSync(`${csv}.refused.csv`));

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
    const third = await runQuestpoints(
      ["allocate", "--url", service.baseUrl, "--quest", String(questId), "--csv", csv],
      { env: { QP_API_KEY: key } },
    );
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
    const badHeader = await allocate(key, questId, header).result;
    assert.equal(badHeader.code, 1, describeRun(badHeader));
    assert.match(badHeader.stderr, /address and points/);

    const otherQuest = await allocate(key, 987654, csv).result;
    assert.equal(otherQuest.code, 1, describeRun(otherQuest));
    assert.match(otherQuest.stderr, /^questpoints: QUEST_NOT_FOUND: .+ \(request [^)]+\)$/m);
    assert.equal((await payoutsOf(questId)).length, 0, "nothing was paid");
  });
});
