import assert from "node:assert/strict";
import { after, before, beforeEach, describe, it } from "node:test";
import { chainCli, runCli, spawnCli } from "../helpers/chain-cli.js";
import { closedPort, type FakeChainNode, startChainNode } from "../helpers/chain-node.js";

const PASS_1 = "0xFfFFFFff00000000000000000000000000000001";
const OTHER = "0x1234567890AbcdEF1234567890aBcdef12345678";
const WAIT_MS_MAX = 30_000;

/** Asserts a clean failure: exit 1 and a one-line `questpoints: …` message matching `pattern`. */
function failsWith(run: { code: number | null; stderr: string }, pattern: RegExp): void {
  assert.equal(run.code, 1, run.stderr);
  assert.match(run.stderr, pattern);
  assert.doesNotMatch(run.stderr, /\n\s+at /, "no stack trace");
}

describe("questpoints chain (in-process) against the local node", () => {
  let node: FakeChainNode;
  const rpc = () => ["--rpc", node.url];

  before(async () => {
    node = await startChainNode({ chainId: 7672, headNumber: 8_123_456 });
    node.balances.set(PASS_1.toLowerCase(), 1_234_567_890_123_456_789n);
  });
  after(() => node.stop());
  beforeEach(() => {
    node.clearFaults();
    node.chainId = 7672;
  });

  it("info prints the network, chain id and head", async () => {
    const { head } = node.head();
    const run = await chainCli(["info", ...rpc()]);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(
      run.stdout,
      `node:        ${node.url}\n` +
        "network:     porcini (test network)\n" +
        "chain id:    7672 (0x1df8)\n" +
        "head:        #8123456\n" +
        `head hash:   ${head.hash}\n` +
        `parent hash: ${head.parentHash}\n`,
    );
    assert.equal(run.stderr, "");
  });

  it("info --json prints one JSON document", async () => {
    node.chainId = 7668;
    const { head } = node.head();
    const run = await chainCli(["info", "--json", ...rpc()]);
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(JSON.parse(run.stdout), {
      node: node.url,
      network: "root",
      network_kind: "main",
      chain_id: 7668,
      head: { number: 8_123_456, hash: head.hash, parent_hash: head.parentHash },
    });
  });

  it("info reports an unknown network as unknown", async () => {
    node.chainId = 1337;
    const run = await chainCli(["info", ...rpc()]);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^network: +unknown network\nchain id: +1337 \(0x539\)$/m);
  });

  it("info takes the node from CHAIN_RPC_URL when --rpc is not given", async () => {
    const run = await chainCli(["info", "--json"], { CHAIN_RPC_URL: node.url });
    assert.equal(run.code, 0, run.stderr);
    assert.equal(JSON.parse(run.stdout).chain_id, 7672);
  });

  it("info prints what it has and fails when the head is unavailable", async () => {
    node.fault("chain_getHeader", { kind: "rpc-error", code: -32601, message: "Method not found" });
    const run = await chainCli(["info", ...rpc()]);
    assert.match(run.stdout, /^chain id: +7672 \(0x1df8\)\nhead: +unavailable\n$/m);
    failsWith(run, /refused chain_getHeader: JSON-RPC error -32601: Method not found/);
  });

  it("balance prints wei exactly, as an integer and with 18 decimals", async () => {
    const run = await chainCli(["balance", PASS_1.toLowerCase(), ...rpc()]);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(
      run.stdout,
      `address: ${PASS_1} (FuturePass 1)\n` +
        "network: porcini (test network), chain id 7672\n" +
        "block:   latest\n" +
        "balance: 1.234567890123456789 XRP\n" +
        "wei:     1234567890123456789\n",
    );
  });

  it("balance --json keeps wei a string and names the block", async () => {
    const run = await chainCli(["balance", OTHER, "--json", "--block", "finalized", ...rpc()]);
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(JSON.parse(run.stdout), {
      address: OTHER,
      futurepass_index: null,
      network: "porcini",
      chain_id: 7672,
      block: "finalized",
      wei: "0",
      balance: "0.000000000000000000",
      symbol: "XRP",
    });
  });

  it("balance refuses a mistyped address before asking the node", async () => {
    const before = node.count("eth_getBalance");
    failsWith(await chainCli(["balance", "0x1234", ...rpc()]), /0x1234 is not an address/);
    failsWith(
      await chainCli(["balance", "0xfFFFFFff00000000000000000000000000000001", ...rpc()]),
      /not a valid EIP-55 checksum/,
    );
    failsWith(await chainCli(["balance", PASS_1, "--block", "soon", ...rpc()]), /--block is/);
    assert.equal(node.count("eth_getBalance"), before);
  });

  it("nft-address derives the contract's vectors both ways", async () => {
    const forward = await chainCli(["nft-address", "2148"]);
    assert.equal(forward.code, 0, forward.stderr);
    assert.equal(
      forward.stdout,
      "collection: 2148 (0x864)\naddress:    0xAAaaAAaa00000864000000000000000000000000\n",
    );
    const hex = await chainCli(["nft-address", "0x1", "--json"]);
    assert.deepEqual(JSON.parse(hex.stdout), {
      collection_id: 1,
      address: "0xaAAaAaaa00000001000000000000000000000000",
    });
    const back = await chainCli([
      "nft-address",
      "0xaaaaaaaa00000864000000000000000000000000",
      "--json",
    ]);
    assert.deepEqual(JSON.parse(back.stdout), {
      collection_id: 2148,
      address: "0xAAaaAAaa00000864000000000000000000000000",
    });
  });

  it("nft-address refuses what is neither a collection id nor a collection address", async () => {
    failsWith(await chainCli(["nft-address", "4294967296"]), /neither a collection id/);
    failsWith(await chainCli(["nft-address", "pizza"]), /neither a collection id/);
    failsWith(await chainCli(["nft-address", PASS_1]), /is not a collection address/);
  });

  it("says how to name a node when none is given", async () => {
    failsWith(await chainCli(["info"]), /no chain node: pass --rpc URL or set CHAIN_RPC_URL/);
    failsWith(await chainCli(["watch"]), /pass --ws URL or set CHAIN_WS_URL/);
    failsWith(await chainCli(["info", "--rpc", "ws://x"]), /--rpc must start with http: or https:/);
    failsWith(await chainCli(["info", "--timeout", "0", ...rpc()]), /--timeout is milliseconds/);
  });

  it("every error path gives a one-line reason", async () => {
    const port = await closedPort();
    const cases: [() => void, string[], RegExp][] = [
      [
        () => {},
        ["info", "--rpc", `http://127.0.0.1:${port}`],
        /cannot reach the chain node at http:\/\/127\.0\.0\.1:\d+: .*ECONNREFUSED.*\(3 attempts\)/,
      ],
      [
        () => node.fault("eth_chainId", { kind: "delay", ms: 1_000 }),
        ["info", "--timeout", "50", ...rpc()],
        /did not answer eth_chainId within 50 ms \(3 attempts\)/,
      ],
      [
        () => node.fault("eth_getBalance", { kind: "rpc-error", code: -32000, message: "boom" }),
        ["balance", PASS_1, ...rpc()],
        /refused eth_getBalance: JSON-RPC error -32000: boom/,
      ],
      [
        () =>
          node.fault("*", { kind: "http", status: 200, contentType: "text/html", body: "<html>" }),
        ["info", ...rpc()],
        /content type "text\/html", not application\/json/,
      ],
      [
        () => node.fault("eth_getBalance", { kind: "result", result: "lots" }),
        ["balance", PASS_1, ...rpc()],
        /malformed answer to eth_getBalance: the result "lots" is not a hex quantity/,
      ],
    ];
    for (const [arrange, args, pattern] of cases) {
      node.clearFaults();
      arrange();
      failsWith(await chainCli(args), pattern);
    }
  });
});

describe("questpoints chain (the real CLI)", () => {
  let node: FakeChainNode;

  before(async () => {
    node = await startChainNode({ chainId: 7672 });
  });
  after(() => node.stop());

  it("prints the same as in-process, and exits 1 with a message on errors", async () => {
    const port = await closedPort();
    const [info, inProcess, unreachable] = await Promise.all([
      runCli(["chain", "info"], { CHAIN_RPC_URL: node.url }),
      chainCli(["info"], { CHAIN_RPC_URL: node.url }),
      runCli(["chain", "balance", PASS_1, "--rpc", `http://127.0.0.1:${port}`]),
    ]);
    assert.equal(info.code, 0, info.stderr);
    assert.equal(info.stdout, inProcess.stdout);
    failsWith(
      unreachable,
      /^questpoints: cannot reach the chain node at http:\/\/127\.0\.0\.1:\d+/,
    );
  });

  it("watch prints new heads as they arrive, survives a dropped connection, stops on Ctrl-C", async () => {
    const child = spawnCli(["chain", "watch", "--json"], { CHAIN_WS_URL: node.wsUrl });
    let stdout = "";
    let stderr = "";
    child.stdout?.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr?.on("data", (chunk) => {
      stderr += chunk;
    });
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    const until = async (condition: () => boolean, what: string) => {
      const deadline = Date.now() + WAIT_MS_MAX;
      while (!condition()) {
        if (Date.now() > deadline || child.exitCode !== null) {
          child.kill("SIGKILL");
          throw new Error(`waiting for ${what}; stdout:\n${stdout}\nstderr:\n${stderr}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    const heads = () =>
      stdout
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line));
    try {
      await until(() => heads().length === 1, "the current head");
      assert.match(stderr, /^Watching new heads at ws:\/\/127\.0\.0\.1:\d+ \(Ctrl-C to stop\)\.$/m);
      const first = node.produceBlock();
      const second = node.produceBlock();
      await until(() => heads().length === 3, "two new heads");
      const [, a, b] = heads();
      assert.deepEqual(
        { number: a.number, hash: a.hash, parent_hash: a.parent_hash },
        { number: first.number, hash: first.hash, parent_hash: first.parentHash },
      );
      assert.equal(b.hash, second.hash);
      assert.ok(!Number.isNaN(Date.parse(b.received_at)));

      node.dropConnections();
      await until(() => /Reconnected to/.test(stderr), "the reconnection");
      assert.match(stderr, /Connection lost: .*; reconnecting in \d+ ms\./);
      const third = node.produceBlock();
      await until(() => heads().some((head) => head.hash === third.hash), "a head after it");

      child.kill("SIGINT");
      assert.equal(await exited, 0, stderr);
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
    }
  });
});
