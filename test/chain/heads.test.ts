import assert from "node:assert/strict";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { after, afterEach, before, describe, it } from "node:test";
import type { ChainError } from "../../src/chain/client.js";
import { type HeadWatch, type WatchEvent, watchHeads } from "../../src/chain/heads.js";
import type { ChainHead } from "../../src/domain/chain.js";
import { closedPort, type FakeChainNode, startChainNode } from "../helpers/chain-node.js";
import { until } from "../helpers/until.js";

interface Recorder {
  heads: ChainHead[];
  events: WatchEvent[];
  watch: HeadWatch;
}

function record(url: string, options: { idleMsMax?: number } = {}): Recorder {
  const heads: ChainHead[] = [];
  const events: WatchEvent[] = [];
  const watch = watchHeads({
    url,
    onHead: (head) => heads.push(head),
    onEvent: (event) => events.push(event),
    connectTimeoutMs: 1_000,
    reconnectDelayMsMin: 20,
    reconnectDelayMsMax: 100,
    ...options,
  });
  return { heads, events, watch };
}

async function fails(watch: HeadWatch): Promise<ChainError> {
  try {
    await watch.done;
  } catch (error) {
    return error as ChainError;
  }
  throw new Error("the watch ended without an error");
}

describe("new heads over WebSocket", () => {
  let node: FakeChainNode;
  const watches: HeadWatch[] = [];
  const start = (options: { idleMsMax?: number } = {}) => {
    const recorder = record(node.wsUrl, options);
    watches.push(recorder.watch);
    return recorder;
  };

  before(async () => {
    node = await startChainNode({ headNumber: 1000 });
  });
  afterEach(async () => {
    for (const watch of watches.splice(0)) {
      watch.stop();
      await watch.done.catch(() => {});
    }
    node.refuseSubscriptions = undefined;
  });
  after(() => node.stop());

  it("gets the current head on subscribing, then each new head in order", async () => {
    const { heads, events } = start();
    await until(() => heads.length === 1, "the current head");
    assert.deepEqual(heads[0], node.head().head);
    assert.deepEqual(events[0], { type: "subscribed", url: node.wsUrl, reconnected: false });
    const produced = [node.produceBlock(), node.produceBlock()];
    await until(() => heads.length === 3, "two new heads");
    assert.deepEqual(heads.slice(1), produced);
    assert.equal(heads[2]!.parentHash, heads[1]!.hash);
  });

  it("reconnects after the connection drops and goes on", async () => {
    const { heads, events } = start();
    await until(() => heads.length === 1, "the first head");
    node.dropConnections();
    await until(() => events.some((e) => e.type === "subscribed" && e.reconnected), "reconnect");
    const lost = events.find((e) => e.type === "lost");
    assert.ok(lost && lost.type === "lost");
    assert.match(lost.reason, /closed the connection|cannot reach/);
    const next = node.produceBlock();
    await until(() => heads.some((h) => h.hash === next.hash), "a head after reconnecting");
  });

  it("backs off while the node is down and recovers when it is back", async () => {
    const { heads, events } = start();
    await until(() => heads.length === 1, "the first head");
    await node.stop();
    await until(() => events.filter((e) => e.type === "lost").length >= 3, "three lost attempts");
    const delays = events.flatMap((e) => (e.type === "lost" ? [e.retryInMs] : []));
    assert.deepEqual(delays.slice(0, 3), [20, 40, 80]);
    await node.start();
    await until(() => events.some((e) => e.type === "subscribed" && e.reconnected), "recovery");
    const next = node.produceBlock();
    await until(() => heads.some((h) => h.hash === next.hash), "a head after recovery");
  });

  it("treats a quiet connection as lost and opens a new one", async () => {
    const { heads, events } = start({ idleMsMax: 200 });
    await until(() => heads.length === 1, "the first head");
    await until(() => events.some((e) => e.type === "lost"), "the idle timeout");
    const lost = events.find((e) => e.type === "lost");
    assert.ok(lost?.type === "lost");
    assert.match(
      lost.reason,
      /no new head from the chain node at ws:\/\/127\.0\.0\.1:\d+ for 200 ms/,
    );
    await until(() => heads.length >= 2, "the current head again after reconnecting");
  });

  it("skips malformed messages and heads, and keeps watching", async () => {
    const { heads, events } = start();
    await until(() => heads.length === 1, "the first head");
    node.sendRaw("this is not JSON");
    node.sendRaw(
      JSON.stringify({
        jsonrpc: "2.0",
        method: "chain_newHead",
        params: { subscription: "someone-else", result: node.head().header },
      }),
    );
    node.sendRaw(JSON.stringify({ jsonrpc: "2.0", method: "chain_newHead", params: {} }));
    const next = node.produceBlock();
    await until(() => heads.length === 2, "the next good head");
    assert.deepEqual(heads[1], next);
    const ignored = events.filter((e) => e.type === "ignored");
    assert.equal(ignored.length, 3);
    assert.match(JSON.stringify(ignored), /not a JSON object/);
  });

  it("skips a head whose header is malformed, naming the field", async () => {
    const { heads, events } = start();
    await until(() => heads.length === 1, "the first head");
    node.notifyHead({ ...node.head().header, stateRoot: "0x1234" });
    node.notifyHead(null);
    await until(() => events.filter((e) => e.type === "ignored").length === 2, "two ignored");
    const reasons = events.flatMap((e) => (e.type === "ignored" ? [e.reason] : []));
    assert.deepEqual(reasons, [
      "a malformed head: header.stateRoot is not a 32-byte hex hash",
      "a malformed head: the header is null",
    ]);
    assert.equal(heads.length, 1);
  });

  it("ends with a readable error when the first connection fails", async () => {
    const port = await closedPort();
    const { watch } = record(`ws://127.0.0.1:${port}`);
    const error = await fails(watch);
    assert.equal(error.code, "UNREACHABLE");
    assert.match(
      error.message,
      /^cannot reach the chain node at ws:\/\/127\.0\.0\.1:\d+: .*ECONNREFUSED/,
    );
  });

  it("ends with the node's JSON-RPC error when it refuses the subscription", async () => {
    node.refuseSubscriptions = { code: -32601, message: "Method not found" };
    const error = await fails(start().watch);
    assert.equal(error.code, "RPC_ERROR");
    assert.equal(error.rpcCode, -32601);
    assert.match(
      error.message,
      /refused chain_subscribeNewHeads: JSON-RPC error -32601: Method not found$/,
    );
  });

  it("ends with a readable error when the URL is not a WebSocket endpoint", async () => {
    const server = createServer((_request, response) => response.writeHead(404).end("no"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const error = await fails(record(`ws://127.0.0.1:${port}/`).watch);
      assert.equal(error.code, "UNREACHABLE");
      assert.match(error.message, /Unexpected server response: 404/);
    } finally {
      server.close();
    }
  });

  it("stops cleanly", async () => {
    const { heads, watch } = start();
    await until(() => heads.length === 1, "the first head");
    watch.stop();
    await watch.done;
    await until(() => node.wsClients() === 0, "the node to see the connection closed");
  });
});
