import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { ConfigError, loadConfig } from "../../src/config.js";
import { openTestDb } from "../helpers/app.js";
import { runCli } from "../helpers/chain-cli.js";
import { closedPort, type FakeChainNode, startChainNode } from "../helpers/chain-node.js";
import { startService } from "../helpers/service-process.js";

describe("CHAIN_ID", () => {
  it("is read as a positive decimal integer, unset by default", () => {
    assert.equal(loadConfig({}).chainId, undefined);
    assert.equal(loadConfig({ CHAIN_ID: "7668" }).chainId, 7668);
    for (const bad of ["0x1df4", "main", "0", "-1", "1.5"]) {
      assert.throws(
        () => loadConfig({ CHAIN_ID: bad }),
        (error: unknown) => error instanceof ConfigError && /CHAIN_ID/.test(error.message),
        bad,
      );
    }
  });
});

describe("serve checks the chain id at start-up", () => {
  let node: FakeChainNode;
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), "qp-chain-"));
    dirs.push(dir);
    return dir;
  };

  before(async () => {
    node = await startChainNode({ chainId: 7672, headNumber: 77 });
  });
  after(async () => {
    await node.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it("refuses to start on another network or an unreachable node, saying why", async () => {
    const port = await closedPort();
    const [mismatch, unreachable] = await Promise.all([
      runCli(["serve"], { DATA_DIR: dataDir(), CHAIN_RPC_URL: node.url, CHAIN_ID: "7668" }),
      runCli(["serve"], {
        DATA_DIR: dataDir(),
        CHAIN_RPC_URL: `http://127.0.0.1:${port}`,
        CHAIN_ID: "7668",
      }),
    ]);
    assert.equal(mismatch.code, 1, mismatch.stderr);
    assert.equal(
      mismatch.stderr,
      `questpoints: CHAIN_ID is 7668 (root, the main network), but the chain node at ${node.url} ` +
        "is on chain 7672 (porcini, the test network). Refusing to start.\n",
    );
    assert.equal(unreachable.code, 1, unreachable.stderr);
    assert.match(
      unreachable.stderr,
      /^questpoints: CHAIN_ID is 7668 \(root, the main network\), but the chain id could not be checked: cannot reach the chain node at .*ECONNREFUSED.*\. Refusing to start\.\n$/,
    );
  });

  it("starts on the configured network and reports the node in /readyz", async () => {
    // On the run's PostgreSQL: a child process boots much faster on it than on PGlite.
    const { db, url } = await openTestDb("postgres");
    await db.close();
    const service = await startService({
      DATABASE_URL: url!,
      CHAIN_RPC_URL: node.url,
      CHAIN_ID: "7672",
    });
    try {
      const response = await fetch(`${service.baseUrl}/readyz`);
      assert.equal(response.status, 200);
      assert.deepEqual((await response.json()).chain, {
        reachable: true,
        network: "porcini",
        chain_id: 7672,
        head_number: 77,
      });
    } finally {
      await service.kill("SIGTERM");
    }
  });
});
