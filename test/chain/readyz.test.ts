import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { FastifyInstance } from "fastify";
import { loadConfig } from "../../src/config.js";
import type { Db } from "../../src/db/handle.js";
import { buildApp } from "../../src/http/app.js";
import { prepareServices } from "../../src/runtime.js";
import { expectStatus, openTestDb } from "../helpers/app.js";
import { closedPort, type FakeChainNode, startChainNode } from "../helpers/chain-node.js";

describe("/readyz and the chain node", () => {
  let node: FakeChainNode;
  let db: Db;
  /** The app as `serve` builds it, with `env`, on one shared in-memory database. */
  const withApp = async (
    env: Record<string, string>,
    use: (app: FastifyInstance) => Promise<void>,
  ) => {
    const services = await prepareServices(loadConfig({ LOG_LEVEL: "silent", ...env }), db);
    const app = await buildApp(services, { logger: false });
    try {
      await use(app);
    } finally {
      await app.close();
    }
  };

  before(async () => {
    node = await startChainNode({ chainId: 7668, headNumber: 4_200_000 });
    ({ db } = await openTestDb("pglite"));
  });
  after(async () => {
    await node.stop();
    await db.close();
  });

  it("reports the node's reachability, network, chain id and head number", async () => {
    await withApp({ CHAIN_RPC_URL: node.url }, async (ctx) => {
      const response = await ctx.inject({ method: "GET", url: "/readyz" });
      expectStatus(response, 200);
      assert.deepEqual(response.json(), {
        status: "ok",
        database: "pglite",
        chain: { reachable: true, network: "root", chain_id: 7668, head_number: 4_200_000 },
      });
      // Probes are cached for a few seconds: a busy load balancer does not hammer the node.
      const before = node.count("eth_chainId");
      expectStatus(await ctx.inject({ method: "GET", url: "/readyz" }), 200);
      assert.equal(node.count("eth_chainId"), before);
    });
  });

  it("stays 200 with reachable false when the node is down, and shows no secret", async () => {
    const port = await closedPort();
    await withApp({ CHAIN_RPC_URL: `http://127.0.0.1:${port}/v1/SECRET-KEY` }, async (ctx) => {
      const response = await ctx.inject({ method: "GET", url: "/readyz" });
      expectStatus(response, 200);
      const { chain } = response.json();
      assert.deepEqual(
        { ...chain, error: undefined },
        { reachable: false, network: null, chain_id: null, head_number: null, error: undefined },
      );
      assert.match(chain.error, /^cannot reach the chain node at http:\/\/127\.0\.0\.1:\d+: /);
      assert.doesNotMatch(response.body, /SECRET/);
    });
  });

  it("has no chain object when CHAIN_RPC_URL is not set", async () => {
    await withApp({}, async (ctx) => {
      const response = await ctx.inject({ method: "GET", url: "/readyz" });
      expectStatus(response, 200);
      assert.equal(response.json().chain, undefined);
    });
  });
});
