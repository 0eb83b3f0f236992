/**
 * The EVM side against a node nobody here wrote: Ganache (from the npm registry), started on
 * loopback with the test network's chain id. It has no Substrate methods, which also shows how
 * the client reports a method the node does not have.
 */
import assert from "node:assert/strict";
import type { AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";
import ganache from "ganache";
import { type ChainError, createChainClient } from "../../src/chain/client.js";
import { chainStatus } from "../../src/chain/probe.js";
import { formatWei } from "../../src/domain/chain.js";
import { chainCli } from "../helpers/chain-cli.js";

const PASS_1 = "0xFfFFFFff00000000000000000000000000000001";
const COLLECTION_2148 = "0xAAaaAAaa00000864000000000000000000000000";
const WEI = 123_456_789_012_345_678_901_234_567n;

describe("the chain client against Ganache (chain id 7672)", () => {
  const server = ganache.server({
    chain: { chainId: 7672 },
    wallet: { totalAccounts: 0 },
    logging: { quiet: true },
  });
  let url = "";
  const client = () => createChainClient({ url, attemptsMax: 1 });

  before(async () => {
    await server.listen(0, "127.0.0.1");
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // Ganache's own method to fund an account; it mines a block, so block 0 still has nothing.
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "evm_setAccountBalance",
        params: [PASS_1, `0x${WEI.toString(16)}`],
      }),
    });
    assert.equal((await response.json()).result, true);
  });
  after(() => server.close());

  it("reads the chain id and exact balances", async () => {
    const chain = client();
    assert.equal(await chain.getChainId(), 7672);
    assert.equal(await chain.getBalance(PASS_1), WEI);
    assert.equal(await chain.getBalance(PASS_1, 0n), 0n);
    assert.equal(await chain.getBalance(COLLECTION_2148, "earliest"), 0n);
  });

  it("prints the balance in the same format as against the chain", async () => {
    const run = await chainCli(["balance", PASS_1, "--rpc", url]);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(
      run.stdout,
      `address: ${PASS_1} (FuturePass 1)\n` +
        "network: porcini (test network), chain id 7672\n" +
        "block:   latest\n" +
        `balance: ${formatWei(WEI)} XRP\n` +
        `wei:     ${WEI}\n`,
    );
    assert.equal(formatWei(WEI), "123456789.012345678901234567");
  });

  it("passes on Ganache's JSON-RPC error objects", async () => {
    let caught: ChainError | undefined;
    try {
      await client().getBalance(PASS_1, 1_000_000n);
    } catch (error) {
      caught = error as ChainError;
    }
    assert.equal(caught?.code, "RPC_ERROR");
    assert.match(caught.message, /refused eth_getBalance: JSON-RPC error -?\d+: header not found$/);
  });

  it("info shows the network and says plainly that the node has no Substrate header", async () => {
    const run = await chainCli(["info", "--rpc", url, "--json"]);
    assert.equal(run.code, 1);
    assert.deepEqual(JSON.parse(run.stdout), {
      node: url,
      network: "porcini",
      network_kind: "test",
      chain_id: 7672,
      head: null,
    });
    assert.match(run.stderr, /refused chain_getHeader: JSON-RPC error -?\d+: .*chain_getHeader/);
    const status = await chainStatus(client());
    assert.deepEqual(
      { ...status, error: undefined },
      { reachable: true, network: "porcini", chain_id: 7672, head_number: null, error: undefined },
    );
    assert.match(status.error ?? "", /chain_getHeader/);
  });
});
