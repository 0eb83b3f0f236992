/**
 * `questpoints check` (contract, "Backups that restore, and the books check"): on a database
 * the service wrote (allocations, reversals, a campaign move and a pass_window change, a
 * suspension, a test-mode payout) it exits 0 and prints what it checked; after tampering by SQL
 * it exits 1 naming each quest or pass with both figures. PGlite is read through --data-dir of a
 * stopped copy of the database, PostgreSQL through DATABASE_URL while the service runs.
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { lockDataDir } from "../../src/db/data-dir-lock.js";
import { snapshotPglite } from "../../src/db/pglite.js";
import type { BooksReport } from "../../src/use-cases/books-check.js";
import {
  createAccount,
  createQuest,
  expectStatus,
  issueKey,
  randomPass,
  type TestContext,
} from "../helpers/app.js";
import { newCampaign } from "../helpers/campaigns.js";
import { runInProcess } from "../helpers/cli-in-process.js";
import { describeEachDatabase } from "../helpers/each-database.js";
import { type KeyedQuest, payTo, reverseAsOwner, testQuestOf } from "../helpers/owners.js";
import { freePort } from "../helpers/postgres.js";

const dirs: string[] = [];
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

/**
 * Runs `questpoints check ARGS` on the context's database: PostgreSQL by DATABASE_URL while the
 * service runs; PGlite by --data-dir of a copy of its files, which no process has open.
 */
async function check(ctx: TestContext, args: string[] = [], dataDir?: string) {
  if (ctx.kind === "postgres") return runInProcess(["check", ...args], { DATABASE_URL: ctx.url! });
  return runInProcess(["check", "--data-dir", dataDir ?? (await stoppedCopy(ctx)), ...args], {});
}

/** The PGlite database's files, as a data directory of their own. */
async function stoppedCopy(ctx: TestContext): Promise<string> {
  const dir = tempDir("qp-check-data-");
  const tar = `${dir}.tar`;
  dirs.push(tar);
  writeFileSync(tar, Buffer.from(await (await snapshotPglite(ctx.db)).arrayBuffer()));
  execFileSync("tar", ["-xf", tar, "-C", dir], { stdio: ["ignore", "ignore", "pipe"] });
  return dir;
}

const describeRun = (run: { code: number; stdout: string; stderr: string }) =>
  `exit ${run.code}\n--- stdout\n${run.stdout}--- stderr\n${run.stderr}`;

interface Player {
  id: string;
  pass: string;
}

async function newPlayer(ctx: TestContext): Promise<Player> {
  const pass = randomPass();
  return { id: await createAccount(ctx, pass), pass };
}

describeEachDatabase("questpoints check", (ctx, kind) => {
  let owner: string;
  let key: string;
  let p1: Player;
  let p2: Player;
  let p3: Player;
  let q1: KeyedQuest;
  let q2: KeyedQuest;
  const live = async (options: Parameters<typeof createQuest>[2] = {}): Promise<KeyedQuest> => ({
    apiKey: key,
    questId: await createQuest(ctx(), owner, options),
  });

  before(async () => {
    owner = randomPass();
    await createAccount(ctx(), owner);
    key = (await issueKey(ctx(), owner)).key;
    [p1, p2, p3] = [await newPlayer(ctx()), await newPlayer(ctx()), await newPlayer(ctx())];
    const [campaignA, campaignB] = [await newCampaign(ctx()), await newCampaign(ctx())];

    // Q1 counts per day, then moves to campaign B counting per week (its day rows go stale, by
    // design), and a payout made under the day window is reversed after the change.
    q1 = await live({ campaign_id: campaignA, pass_window: "day", pass_payouts_max: 5 });
    await payTo(ctx(), q1, 100, p1.pass);
    const reversed = await payTo(ctx(), q1, 50, p2.pass);
    await payTo(ctx(), q1, 30, p1.pass);
    const edit = await ctx().admin("PATCH", `/admin/quests/${q1.questId}`, {
      campaign_id: campaignB,
      pass_window: "week",
    });
    expectStatus(edit, 200);
    await reverseAsOwner(ctx(), q1, reversed.id);

    q2 = await live();
    await payTo(ctx(), q2, 40, p3.pass);
    await payTo(ctx(), q2, 20, p1.pass);
    const suspension = await ctx().admin("POST", `/admin/accounts/${p3.id}/suspension`, {
      reason: "Farming",
    });
    expectStatus(suspension, 200);

    await payTo(ctx(), await testQuestOf(ctx(), owner), 5, p1.pass);
  });

  it("passes a database the service wrote and prints what it checked", async () => {
    const run = await check(ctx());
    assert.equal(run.code, 0, describeRun(run));
    assert.equal(run.stdout, "Checked 3 quests, 3 passes and 6 payouts: the books hold.\n");
    assert.equal(run.stderr, "", "no progress bar where stderr is no terminal");
  });

  it("exits 1 naming each quest and pass tampered with, with both figures", async () => {
    const p4 = await newPlayer(ctx());
    const q3 = await live();
    await payTo(ctx(), q3, 10, p4.pass);
    const deleted = await payTo(ctx(), q3, 15, p4.pass);
    const q4 = await live({ pass_window: "day" });
    await payTo(ctx(), q4, 10, p1.pass);
    await payTo(ctx(), q4, 12, p1.pass);
    const tampering = [
      // A quest's budget.
      `UPDATE quests SET points_remaining = points_remaining - 7 WHERE id = ${q2.questId}`,
      // A kept total: P2's reversed 50 leaves 0 points in all.
      `UPDATE pass_totals SET points = points + 5
       WHERE account_id = '${p2.id}' AND campaign_key = -1 AND period_key = -1`,
      // A payout (not reversed: nothing refers to it) gone from Q3.
      `DELETE FROM payouts WHERE id = '${deleted.id}'`,
      // A gap in Q4's positions: 1, 5.
      `UPDATE payouts SET position = 5 WHERE quest_id = ${q4.questId} AND position = 2`,
      // A window count of Q4 (counting per day since its creation).
      `UPDATE quest_pass_counts SET payouts = payouts + 1
       WHERE quest_id = ${q4.questId} AND window_key LIKE 'day:%'`,
      // A kept total of suspended P3 that no longer says so.
      `UPDATE pass_totals SET suspended = false
       WHERE account_id = '${p3.id}' AND campaign_key = -1 AND period_key = -1`,
    ];
    for (const sql of tampering) await ctx().db.query(sql);
    const dataDir = kind === "pglite" ? await stoppedCopy(ctx()) : undefined;

    const run = await check(ctx(), [], dataDir);
    assert.equal(run.code, 1, describeRun(run));
    const day = /window (day:\d{4}-\d\d-\d\d)/.exec(run.stdout)?.[1];
    const lines = [
      `quest ${q2.questId}: total_points 1000 ≠ points_remaining 933 + paid 60 − reversed 0 (points_remaining should be 940)`,
      `pass ${p2.pass} (every campaign, every period): kept points 5, payouts_count 1 ≠ points 0, payouts_count 1 recomputed from its live payouts`,
      `quest ${q3.questId}: total_points 1000 ≠ points_remaining 975 + paid 10 − reversed 0 (points_remaining should be 990)`,
      `pass ${p4.pass} (every campaign, every period): kept points 25, payouts_count 2 ≠ points 10, payouts_count 1 recomputed from its live payouts`,
      `quest ${q3.questId}: 1 payout should have payouts_made 1, positions 1..1, none unnumbered; found payouts_made 2, positions 1..1 (1 distinct of 1 numbered), 0 unnumbered`,
      `quest ${q3.questId}, pass ${p4.pass}, window quest: kept payouts 2, points 25 ≠ payouts 1, points 10 recounted from its payouts not reversed`,
      `quest ${q4.questId}: 2 payouts should have payouts_made 2, positions 1..2, none unnumbered; found payouts_made 2, positions 1..5 (2 distinct of 2 numbered), 0 unnumbered`,
      `quest ${q4.questId}, pass ${p1.pass}, window ${day}: kept payouts 3, points 22 ≠ payouts 2, points 22 recounted from its payouts not reversed`,
      `pass ${p3.pass}: the account is suspended, yet 3 of its 4 kept totals are marked suspended`,
    ];
    const printed = run.stdout.toLowerCase().split("\n");
    for (const line of lines) {
      assert.ok(printed.includes(line.toLowerCase()), `${line}\n${describeRun(run)}`);
    }
    assert.match(run.stdout, /\nChecked 5 quests, 4 passes and 9 payouts: 12 mismatches\.\n$/);

    const json = await check(ctx(), ["--json"], dataDir);
    assert.equal(json.code, 1, describeRun(json));
    const report = JSON.parse(json.stdout) as BooksReport & { ok: boolean };
    assert.equal(report.ok, false);
    assert.deepEqual(report.checked, { quests: 5, passes: 4, payouts: 9 });
    assert.equal(report.unlisted, 0);
    const scopes = ["every campaign, every period", "no campaign, every period"];
    scopes.push("every campaign, no period", "no campaign, no period");
    assert.deepEqual(
      report.mismatches.map((m) => `${m.kind}: ${m.subject}`.toLowerCase()).sort(),
      [
        `quest-balance: quest ${q2.questId}`,
        `quest-balance: quest ${q3.questId}`,
        `pass-totals: pass ${p2.pass} (every campaign, every period)`,
        ...scopes.map((scope) => `pass-totals: pass ${p4.pass} (${scope})`),
        `payout-positions: quest ${q3.questId}`,
        `payout-positions: quest ${q4.questId}`,
        `pass-counts: quest ${q3.questId}, pass ${p4.pass}, window quest`,
        `pass-counts: quest ${q4.questId}, pass ${p1.pass}, window ${day}`,
        `pass-suspension: pass ${p3.pass}`,
      ]
        .map((subject) => subject.toLowerCase())
        .sort(),
    );
    const budget = report.mismatches.find((m) => m.subject === `quest ${q2.questId}`);
    assert.deepEqual(
      { expected: budget?.expected, found: budget?.found },
      { expected: "points_remaining 940", found: "points_remaining 933" },
    );
  });
});

describe("questpoints check refuses what it cannot read", () => {
  it("a data directory that is missing, holds no database, or is in use", async () => {
    const missing = join(tmpdir(), "qp-check-missing-dir");
    let run = await runInProcess(["check", "--data-dir", missing], {});
    assert.equal(run.code, 1, describeRun(run));
    assert.equal(run.stderr, `questpoints: The data directory ${missing} does not exist.\n`);

    const empty = tempDir("qp-check-empty-");
    run = await runInProcess(["check", "--data-dir", empty], {});
    assert.equal(run.code, 1, describeRun(run));
    assert.match(run.stderr, /holds no database \(no PG_VERSION file\): nothing to check/);

    const held = tempDir("qp-check-held-");
    mkdirSync(join(held, "base"));
    writeFileSync(join(held, "PG_VERSION"), "17\n");
    const lock = await lockDataDir(held);
    try {
      run = await runInProcess(["check", "--data-dir", held], {});
    } finally {
      await lock.release();
    }
    assert.equal(run.code, 1, describeRun(run));
    assert.match(
      run.stderr,
      new RegExp(`The data directory ${held} is already open in this process`),
    );
    assert.match(run.stderr, /reads a stopped embedded database: stop the service first/);
  });

  it("a PostgreSQL server that does not answer, or no database named", async () => {
    const url = `postgres://checker:secret@127.0.0.1:${await freePort()}/qp`;
    let run = await runInProcess(["check"], { DATABASE_URL: url });
    assert.equal(run.code, 1, describeRun(run));
    assert.match(
      run.stderr,
      /^questpoints: Could not check the books of PostgreSQL at postgres:\/\/127\.0\.0\.1:\d+\/qp: The database is unreachable/,
    );
    assert.doesNotMatch(run.stderr, /secret/);

    run = await runInProcess(["check"], {});
    assert.equal(run.code, 1, describeRun(run));
    assert.match(run.stderr, /Which database\? Give --data-dir DIR/);
  });
});
