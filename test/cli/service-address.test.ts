/**
 * Where the CLI's HTTP commands (`admin …`, `allocate`) send their requests: `--url`, else
 * QP_URL, else `http://127.0.0.1:$PORT`, the port `serve` listens on (README, "Local
 * development"). Run in this process, on a service listening on a free local port.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { questFixture } from "../helpers/app.js";
import { runInProcess } from "../helpers/cli-in-process.js";
import { ADMIN_TOKEN, type CliService, startCliService } from "../helpers/cli-process.js";
import { freePort } from "../helpers/postgres.js";

describe("the CLI's service address", () => {
  let service: CliService;
  let dir: string;
  before(async () => {
    service = await startCliService();
    dir = mkdtempSync(join(tmpdir(), "qp-service-address-"));
  });
  after(async () => {
    await service?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  const port = () => new URL(service.baseUrl).port;

  it("`allocate` reaches http://127.0.0.1:$PORT when neither --url nor QP_URL is given", async () => {
    const fixture = await questFixture(service.ctx);
    const csv = join(dir, "awards.csv");
    writeFileSync(csv, `address,points\n${fixture.playerPass},5\n`);
    const args = ["allocate", "--quest", String(fixture.questId), "--csv", csv, "--dry-run"];
    const run = await runInProcess([...args, "--json"], {
      PORT: port(),
      QP_API_KEY: fixture.apiKey,
    });
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(JSON.parse(run.stdout).ok, { count: 1, points: 5 });

    const closed = String(await freePort());
    const nowhere = await runInProcess(args, { PORT: closed, QP_API_KEY: fixture.apiKey });
    assert.equal(nowhere.code, 1);
    assert.match(nowhere.stderr, new RegExp(`http://127\\.0\\.0\\.1:${closed}`));
    // QP_URL wins over PORT.
    const viaUrl = await runInProcess(args, {
      PORT: closed,
      QP_URL: service.baseUrl,
      QP_API_KEY: fixture.apiKey,
    });
    assert.equal(viaUrl.code, 0, viaUrl.stderr);
  });

  it("`admin` reaches http://127.0.0.1:$PORT, and --url wins over QP_URL and PORT", async () => {
    const run = await runInProcess(["admin", "features", "get", "--json"], {
      PORT: port(),
      QP_ADMIN_TOKEN: ADMIN_TOKEN,
    });
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(JSON.parse(run.stdout), { quests: true, campaigns: true });
    const closed = String(await freePort());
    const flagged = await runInProcess(
      ["admin", "--url", service.baseUrl, "features", "get", "--json"],
      { PORT: closed, QP_URL: `http://127.0.0.1:${closed}`, QP_ADMIN_TOKEN: ADMIN_TOKEN },
    );
    assert.equal(flagged.code, 0, flagged.stderr);
  });
});
