/**
 * The edges of `questpoints restore` and `questpoints admin backup`
 * (docs/operations.md#backups-and-restores): a data directory in use, a truncated or damaged file,
 * a file already there, a transfer cut short: each refused, and nothing left behind. And the
 * PostgreSQL way: a `pg_dump` taken under allocation load restores into a fresh server, on which
 * the service starts and `questpoints check` passes.
 */
import assert from "node:assert/strict";
import { execFile, execFileSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { gzipSync } from "node:zlib";
import { loadConfig } from "../../src/config.js";
import { openPostgres } from "../../src/db/postgres.js";
import { buildApp } from "../../src/http/app.js";
import { prepareServices } from "../../src/runtime.js";
import { checkBooks } from "../../src/use-cases/books-check.js";
import {
  ADMIN_TOKEN,
  allocate,
  buildTestContext,
  DATABASES,
  expectStatus,
  questFixture,
} from "../helpers/app.js";
import {
  type CliService,
  describeRun,
  runQuestpoints,
  spawnQuestpoints,
  startCliService,
  startStub,
} from "../helpers/cli-process.js";
import { startPostgres } from "../helpers/postgres.js";
import { until } from "../helpers/until.js";

const ENV = { QP_ADMIN_TOKEN: ADMIN_TOKEN };

/** One file of a ustar archive: its header block, its bytes, padding to a whole block. */
function tarEntry(name: string, text: string): Buffer {
  const data = Buffer.from(text);
  const header = Buffer.alloc(512);
  header.write(name, 0);
  header.write("0000600\0", 100);
  header.write(`${data.length.toString(8).padStart(11, "0")}\0`, 124);
  header.write("00000000000\0", 136);
  header.write(" ".repeat(8), 148);
  header.write("0", 156);
  header.write("ustar\u000000", 257);
  const sum = header.reduce((total, byte) => total + byte, 0);
  header.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148);
  return Buffer.concat([header, data, Buffer.alloc((512 - (data.length % 512)) % 512)]);
}

describe("questpoints restore and admin backup refuse what they cannot do whole", () => {
  const work = mkdtempSync(join(tmpdir(), "qp-restore-"));
  const file = join(work, "backup.tar.gz");
  let service: CliService;
  let backup: Buffer;
  before(async () => {
    service = await startCliService();
    const quest = await questFixture(service.ctx);
    expectStatus(await allocate(service.ctx, quest, { points: 7, address: quest.playerPass }), 200);
    const run = await runQuestpoints(["admin", "backup", "--url", service.baseUrl, "--out", file], {
      env: ENV,
    });
    assert.equal(run.code, 0, describeRun(run));
    backup = readFileSync(file);
  });
  after(async () => {
    await service?.close();
    rmSync(work, { recursive: true, force: true });
  });

  /** Runs `restore` on `bytes` into `dir`; asserts it failed saying `why`, leaving `work` as it was. */
  async function refused(bytes: Buffer | string, dir: string, why: RegExp) {
    const input = typeof bytes === "string" ? bytes : join(work, "input.tar.gz");
    if (typeof bytes !== "string") writeFileSync(input, bytes);
    const before = readdirSync(work).sort();
    const run = await runQuestpoints(["restore", input, "--data-dir", dir]);
    assert.equal(run.code, 1, describeRun(run));
    assert.match(run.stderr, why, describeRun(run));
    assert.match(run.stderr, /Nothing was written/);
    assert.deepEqual(readdirSync(work).sort(), before, "nothing left beside the directory");
    if (typeof bytes !== "string") rmSync(input);
  }

  it("refuses a directory that holds anything, and a file in its place, writing nothing", async () => {
    const full = join(work, "in-use");
    mkdirSync(full);
    writeFileSync(join(full, "PG_VERSION"), "17\n");
    await refused(file, full, /in-use is not empty \(1 entries, e\.g\. PG_VERSION\)/);
    assert.deepEqual(readdirSync(full), ["PG_VERSION"]);
    assert.equal(readFileSync(join(full, "PG_VERSION"), "utf8"), "17\n");
    await refused(file, join(work, "backup.tar.gz"), /exists and is not a directory/);
    rmSync(full, { recursive: true });
  });

  it("refuses a truncated file, a damaged one and one that is no backup, leaving nothing behind", async () => {
    // The target's parents do not exist: the ones it would create are gone again too.
    const target = join(work, "new", "data");
    await refused(backup.subarray(0, Math.floor(backup.length / 2)), target, /truncated/);
    await refused(backup.subarray(0, backup.length - 4), target, /truncated/);
    const damaged = Buffer.from(backup);
    damaged[Math.floor(damaged.length / 2)]! ^= 0xff;
    await refused(damaged, target, /damaged|truncated/);
    await refused(Buffer.from("id,points\n1,5\n"), target, /not an intact gzip file/);
    await refused(join(work, "missing.tar.gz"), target, /cannot read the backup file/);
    const escaping = [
      tarEntry("PG_VERSION", "17\n"),
      tarEntry("../escaped", "x"),
      Buffer.alloc(1024),
    ];
    await refused(gzipSync(Buffer.concat(escaping)), target, /an entry leaves the directory/);
    assert.ok(!existsSync(join(work, "escaped")));
    assert.ok(!existsSync(join(work, "new")));
  });

  it("admin backup refuses to overwrite a file, which stays as it was", async () => {
    const run = await runQuestpoints(["admin", "backup", "--url", service.baseUrl, "--out", file], {
      env: ENV,
    });
    assert.equal(run.code, 1, describeRun(run));
    assert.match(run.stderr, /backup\.tar\.gz exists: a backup never overwrites a file/);
    assert.ok(readFileSync(file).equals(backup));
  });

  it("admin backup saves nothing from a transfer cut short", async () => {
    const gateway = await startStub(async (_request, _body, response) => {
      response.writeHead(200, { "content-type": "application/gzip" });
      response.write(backup.subarray(0, 4096));
      setTimeout(() => response.socket?.destroy(), 50);
    });
    try {
      const out = join(work, "cut.tar.gz");
      const before = readdirSync(work).sort();
      const run = await runQuestpoints(
        ["admin", "backup", "--url", gateway.baseUrl, "--out", out],
        {
          env: ENV,
        },
      );
      assert.equal(run.code, 1, describeRun(run));
      assert.match(run.stderr, /cut short after 4\.1 KB; nothing was saved/);
      assert.deepEqual(readdirSync(work).sort(), before, "no file, no temporary file");
    } finally {
      await gateway.close();
    }
  });

  it("admin backup removes its partial file at Ctrl-C and exits 130", async () => {
    let held = 0;
    const gateway = await startStub(async (_request, _body, response) => {
      response.writeHead(200, { "content-type": "application/gzip" });
      response.write(backup.subarray(0, 4096));
      held++; // and the rest never comes
    });
    try {
      const out = join(work, "interrupted.tar.gz");
      const before = readdirSync(work).sort();
      const { child, result } = spawnQuestpoints(
        ["admin", "backup", "--url", gateway.baseUrl, "--out", out],
        { env: ENV },
      );
      await until(() => held > 0, "the transfer began", 60_000);
      await until(() => readdirSync(work).some((name) => name.endsWith(".part")), "a .part file");
      child.kill("SIGINT");
      const run = await result;
      assert.equal(run.code, 130, describeRun(run));
      assert.match(run.stderr, /interrupted; nothing was saved/);
      assert.deepEqual(readdirSync(work).sort(), before, "no file, no temporary file");
    } finally {
      await gateway.close();
    }
  });
});

/** A PostgreSQL client program (pg_dump, pg_restore) beside the server binaries the tests use. */
function postgresProgram(name: string): string {
  const dirs = [process.env.PG_BINDIR ?? ""];
  try {
    dirs.push(execFileSync("pg_config", ["--bindir"], { encoding: "utf8" }).trim());
  } catch {}
  const root = "/usr/lib/postgresql";
  if (existsSync(root)) {
    const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
    dirs.push(...versions.map((version) => join(root, version, "bin")));
  }
  const dir = dirs.find((d) => d && existsSync(join(d, name)));
  if (!dir) throw new Error(`${name} not found: install Debian's postgresql or set PG_BINDIR`);
  return join(dir, name);
}

describe("a pg_dump taken under allocation load", { skip: !DATABASES.includes("postgres") }, () => {
  it("restores into a fresh server, on which the service starts and questpoints check passes", async () => {
    const live = await buildTestContext("postgres");
    const fresh = await startPostgres();
    const work = mkdtempSync(join(tmpdir(), "qp-pg-dump-"));
    try {
      const quests = [await questFixture(live), await questFixture(live)];
      let n = 0;
      const pay = () => {
        const quest = quests[n++ % quests.length]!;
        return allocate(live, quest, { points: 1 + (n % 9), address: quest.playerPass });
      };
      const paid = await Promise.all(Array.from({ length: 20 }, pay));
      const dump = join(work, "questpoints.dump");
      // --format=custom: what pg_restore reads; one snapshot of the database, whatever runs.
      const pgDump = execFileAsync(postgresProgram("pg_dump"), [
        "--format=custom",
        "--file",
        dump,
        live.url!,
      ]);
      const load = Promise.all(
        Array.from({ length: 100 }, async (_, i) => {
          if (i % 5 === 0) {
            const id = paid[i / 5]!.json().payout.id;
            return live.admin("POST", `/admin/payouts/${id}/reversal`, { reason: "pg_dump test" });
          }
          return pay();
        }),
      );
      const [, answers] = await Promise.all([pgDump, load]);
      for (const r of answers) assert.ok([200, 201].includes(r.statusCode), r.body);

      const target = fresh.url.replace(/\/[^/]*$/, "/questpoints");
      const admin = openPostgres({ url: fresh.url, poolSize: 1 });
      await admin.query("CREATE DATABASE questpoints");
      await admin.close();
      await execFileAsync(postgresProgram("pg_restore"), [
        "--no-owner",
        "--exit-on-error",
        "--dbname",
        target,
        dump,
      ]);

      const config = loadConfig({ ADMIN_TOKEN, LOG_LEVEL: "silent", DATABASE_URL: target });
      const db = openPostgres({ url: target, poolSize: 4 });
      try {
        const app = await buildApp(await prepareServices(config, db), { logger: false });
        const ready = await app.inject({ url: "/readyz" });
        expectStatus(ready, 200);
        assert.equal(ready.json().database, "postgres");
        await app.close();
        const { rows: restored } = await db.query<{ id: string; amount: string }>(
          "SELECT id, amount::text FROM payouts ORDER BY id",
        );
        const { rows: now } = await live.db.query<{ id: string; amount: string }>(
          "SELECT id, amount::text FROM payouts ORDER BY id",
        );
        const liveAmounts = new Map(now.map((p) => [p.id, p.amount]));
        for (const p of restored) assert.equal(liveAmounts.get(p.id), p.amount, p.id);
        assert.ok(restored.length >= 20, `${restored.length} payouts restored`);
        assert.deepEqual((await checkBooks(db)).mismatches, []);
      } finally {
        await db.close();
      }
      const check = await runQuestpoints(["check", "--database-url", target]);
      assert.equal(check.code, 0, describeRun(check));
      assert.match(check.stdout, /the books hold/);
    } finally {
      await live.close();
      await fresh.stop();
      rmSync(work, { recursive: true, force: true });
    }
  });
});

/** Runs `program`; its stderr is the error's message when it fails. */
function execFileAsync(program: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(program, args, { encoding: "utf8" }, (error, _stdout, stderr) => {
      if (!error) return resolve();
      reject(new Error(`${program} ${args.join(" ")}: ${stderr || error.message}`));
    });
  });
}
