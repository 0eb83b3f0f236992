/**
 * Durability on embedded PGlite (DATA_DIR): the service killed, and a graceful shutdown, each
 * under a load of concurrent allocations. The tests run in order on one data directory and hand
 * the running service on (each uses its own quests); a test that finds no running service starts
 * one.
 *
 * What PGlite promises here: its Node filesystem (Emscripten NODEFS) passes every write straight
 * to the host file with fs.writeSync, and COMMIT writes the WAL before it returns, so a committed
 * transaction is in the OS page cache and survives the death of the process (SIGKILL, OOM kill).
 * It does not survive an OS crash or power loss: PGlite starts PostgreSQL with `-F` (fsync off),
 * and NODEFS has no fsync at all; `relaxedDurability` changes nothing on Node (it only affects the
 * browser filesystems).
 */

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { seedDataDir } from "../helpers/cli-data-dir.js";
import { CASE_TIMEOUT, type HandedOn, SIGKILL, SIGTERM } from "../helpers/durability-cases.js";
import { killAllServices } from "../helpers/service-process.js";

describe("durability on embedded PGlite", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "qp-durability-pglite-"));
  seedDataDir(dataDir); // migrated: the tests are about crashes, not a first start
  const run: HandedOn = { service: undefined, env: { DATA_DIR: dataDir } };
  after(async () => {
    await killAllServices();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(SIGKILL.title, CASE_TIMEOUT, (t) => SIGKILL.test(t, run, 250));
  it(SIGTERM.title, CASE_TIMEOUT, (t) => SIGTERM.test(t, run));
});
