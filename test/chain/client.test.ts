import assert from "node:assert/strict";
import { after, before, beforeEach, describe, it } from "node:test";
import {
  CHAIN_RPC_RESPONSE_BYTES_MAX,
  type ChainError,
  type ChainErrorCode,
  createChainClient,
  createRpc,
} from "../../src/chain/client.js";
import { closedPort, type FakeChainNode, startChainNode } from "../helpers/chain-node.js";

const PASS_1 = "0xFfFFFFff00000000000000000000000000000001";

/** Awaits `promise`, expecting a ChainError of `code` whose message matches every pattern. */
async function rejects(
  promise: Promise<unknown>,
  code: ChainErrorCode,
  ...patterns: RegExp[]
): Promise<ChainError> {
  let caught: unknown;
  try {
    await promise;
  } catch (error) {
    caught = error;
  }
  assert.ok(caught, `expected a ${code} error, got a result`);
  const error = caught as ChainError;
  assert.equal(error.name, "ChainError", String(caught));
  assert.equal(error.code, code, error.message);
  for (const pattern of patterns) assert.match(error.message, pattern);
  return error;
}

describe("chain client against the local node", () => {
  let node: FakeChainNode;
  const client = (timeoutMs = 1000, attemptsMax = 3) =>
    createChainClient({ url: node.url, timeoutMs, attemptsMax, retryDelayMs: 10 });

  before(async () => {
    node = await startChainNode({ chainId: 7672 });
  });
  after(() => node.stop());
  beforeEach(() => node.clearFaults());

  it("reads the chain id, an exact balance and the head", async () => {
    node.balances.set(PASS_1.toLowerCase(), 123456789012345678901234567n);
    const chain = client();
    assert.equal(await chain.getChainId(), 7672);
    assert.equal(await chain.getBalance(PASS_1), 123456789012345678901234567n);
    assert.equal(await chain.getBalance(`0x${"12".repeat(20)}`), 0n);
    assert.deepEqual(await chain.getHead(), node.head().head);
    node.produceBlock();
    assert.equal((await chain.getHead()).number, node.head().head.number);
  });

  it("reports an unreachable node after its retries", async () => {
    const port = await closedPort();
    const chain = createChainClient({ url: `http://127.0.0.1:${port}`, retryDelayMs: 10 });
    await rejects(
      chain.getChainId(),
      "UNREACHABLE",
      /^cannot reach the chain node at http:\/\/127\.0\.0\.1:\d+: .*ECONNREFUSED/,
      /\(3 attempts\)$/,
    );
  });

  it("gives up on a slow node after the timeout", async () => {
    node.fault("eth_chainId", { kind: "delay", ms: 600 });
    await rejects(
      client(100, 1).getChainId(),
      "TIMEOUT",
      /did not answer eth_chainId within 100 ms$/,
    );
  });

  it("retries a slow answer and a dropped connection, then succeeds", async () => {
    node.fault("eth_chainId", { kind: "delay", ms: 600 }, 1);
    node.fault("eth_chainId", { kind: "hang-up" }, 1);
    const before = node.count("eth_chainId");
    assert.equal(await client(100, 3).getChainId(), 7672);
    assert.equal(node.count("eth_chainId") - before, 3);
  });

  it("reports a JSON-RPC error object with its code and message, without retrying", async () => {
    node.fault("chain_getHeader", { kind: "rpc-error", code: -32000, message: "Client error" });
    const before = node.count("chain_getHeader");
    const error = await rejects(
      client().getHead(),
      "RPC_ERROR",
      /refused chain_getHeader: JSON-RPC error -32000: Client error$/,
    );
    assert.equal(error.rpcCode, -32000);
    assert.equal(node.count("chain_getHeader") - before, 1);
  });

  it("passes on the node's own errors: unknown method and invalid params", async () => {
    const rpc = createRpc({ url: node.url });
    await rejects(rpc("state_getKeys", []), "RPC_ERROR", /-32601: Method not found/);
    await rejects(rpc("eth_getBalance", ["0x12"]), "RPC_ERROR", /-32602: invalid type/);
  });

  it("refuses an answer that is not application/json and says what came", async () => {
    node.fault("eth_chainId", {
      kind: "http",
      status: 200,
      contentType: "text/html; charset=utf-8",
      body: "<!DOCTYPE html><html><body>Welcome</body></html>",
    });
    const before = node.count("eth_chainId");
    await rejects(
      client().getChainId(),
      "BAD_CONTENT_TYPE",
      /answered eth_chainId with content type "text\/html", not application\/json/,
      /"<!DOCTYPE html>/,
      /is this the node's JSON-RPC URL\?$/,
    );
    assert.equal(node.count("eth_chainId") - before, 1);
  });

  it("retries an HTTP 502 from a proxy, then reports the status", async () => {
    node.fault("eth_chainId", {
      kind: "http",
      status: 502,
      contentType: "text/html",
      body: "<html>Bad Gateway</html>",
    });
    const before = node.count("eth_chainId");
    await rejects(
      client().getChainId(),
      "HTTP_STATUS",
      /answered eth_chainId with HTTP 502 Bad Gateway \(3 attempts\)$/,
    );
    assert.equal(node.count("eth_chainId") - before, 3);
  });

  it("reads a JSON-RPC error sent with an HTTP error status (a rate limiter)", async () => {
    node.fault("eth_chainId", {
      kind: "http",
      status: 429,
      contentType: "application/json",
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        error: { code: -32029, message: "Too many requests" },
      }),
    });
    await rejects(client().getChainId(), "RPC_ERROR", /-32029: Too many requests/);
  });

  it("refuses malformed answers and names what is wrong", async () => {
    const cases: [string, Parameters<FakeChainNode["fault"]>[1], RegExp][] = [
      [
        "eth_chainId",
        { kind: "http", status: 200, contentType: "application/json", body: "{not json" },
        /eth_chainId: the body is not valid JSON \("\{not json"\)/,
      ],
      [
        "eth_chainId",
        { kind: "http", status: 200, contentType: "application/json", body: "[]" },
        /not a JSON-RPC response object/,
      ],
      [
        "eth_chainId",
        {
          kind: "http",
          status: 200,
          contentType: "application/json",
          body: '{"jsonrpc":"2.0","id":424242,"result":"0x1"}',
        },
        /"id" is 424242, not \d+/,
      ],
      [
        "eth_chainId",
        {
          kind: "http",
          status: 200,
          contentType: "application/json",
          body: '{"id":1,"result":"0x1"}',
        },
        /"jsonrpc" is not "2.0"/,
      ],
      ["eth_chainId", { kind: "result", result: "7672" }, /result "7672" is not a hex quantity/],
      ["eth_chainId", { kind: "result", result: 7672 }, /result 7672 is not a hex quantity/],
      ["eth_getBalance", { kind: "result", result: null }, /result null is not a hex quantity/],
      ["chain_getHeader", { kind: "result", result: null }, /chain_getHeader: the header is null/],
      [
        "chain_getHeader",
        { kind: "result", result: { ...node.head().header, number: 12 } },
        /header.number is not a hex block number/,
      ],
    ];
    for (const [method, fault, pattern] of cases) {
      node.clearFaults();
      node.fault(method, fault);
      const chain = client();
      const call =
        method === "eth_chainId"
          ? chain.getChainId()
          : method === "eth_getBalance"
            ? chain.getBalance(PASS_1)
            : chain.getHead();
      await rejects(call, "MALFORMED", /sent a malformed answer to/, pattern);
    }
  });

  it("reports a chain id too large for a number as unusable", async () => {
    node.fault("eth_chainId", { kind: "result", result: `0x${"f".repeat(20)}` });
    await rejects(client().getChainId(), "MALFORMED", /unusable answer to eth_chainId/);
  });

  it("refuses an answer cut off halfway or larger than the limit", async () => {
    node.fault("eth_chainId", { kind: "truncate" });
    await rejects(
      client(1000, 2).getChainId(),
      "UNREACHABLE",
      /closed the connection during eth_chainId: .*\(2 attempts\)$/,
    );
    node.clearFaults();
    node.fault("eth_chainId", {
      kind: "http",
      status: 200,
      contentType: "application/json",
      body: `{"jsonrpc":"2.0","id":1,"result":"0x1","pad":"${"x".repeat(CHAIN_RPC_RESPONSE_BYTES_MAX)}"}`,
    });
    await rejects(client().getChainId(), "MALFORMED", /sent more than 1048576 bytes/);
  });

  it("sends a URL's credentials as basic auth and never shows path, query or credentials", async () => {
    const secret = createChainClient({
      url: `http://user:pw@127.0.0.1:${node.port}/v2/SECRET-KEY?key=SECRET`,
      attemptsMax: 1,
    });
    assert.equal(secret.label, `http://127.0.0.1:${node.port}`);
    node.fault("*", { kind: "rpc-error", code: -32000, message: "nope" });
    const error = await rejects(secret.getChainId(), "RPC_ERROR");
    assert.doesNotMatch(error.message, /SECRET|user|pw/);
    assert.equal(node.lastAuthorization(), `Basic ${Buffer.from("user:pw").toString("base64")}`);
  });
});
