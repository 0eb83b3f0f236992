/**
 * A fake chain node on loopback for tests: JSON-RPC 2.0 over HTTP POST and the Substrate
 * WebSocket API on the same port (as a Substrate node serves both on one port), answering the way
 * the chain does: hex quantities, `application/json; charset=utf-8`, JSON-RPC error objects
 * (-32700 parse error, -32601 method not found, -32602 invalid params), a header with digest logs,
 * and `chain_newHead` notifications that start with the current head. Faults can be injected per
 * method (slow, refused, wrong content type, malformed, cut off) and WebSocket clients dropped.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { type AddressInfo, createServer as createNetServer } from "node:net";
import { type WebSocket, WebSocketServer } from "ws";
import {
  type ChainHead,
  compactEncode,
  type Hex,
  headerHash,
  type SubstrateHeader,
} from "../../src/domain/chain.js";

export type Fault =
  /** Answer normally, `ms` later. */
  | { kind: "delay"; ms: number }
  | { kind: "rpc-error"; code: number; message: string }
  /** Any status, content type and body, as a proxy in front of a node might send. */
  | { kind: "http"; status: number; contentType: string; body: string }
  /** A well-formed envelope around an unexpected result. */
  | { kind: "result"; result: unknown }
  /** Close the connection without an answer. */
  | { kind: "hang-up" }
  /** Start a JSON answer, then close the connection halfway. */
  | { kind: "truncate" };

export interface FakeChainNode {
  url: string;
  wsUrl: string;
  port: number;
  chainId: number;
  /** Balances in wei by lower-case address; others have 0. */
  balances: Map<string, bigint>;
  head(): { header: SubstrateHeader; head: ChainHead };
  /** Seals a new head and notifies every subscriber. */
  produceBlock(): ChainHead;
  /** The next `times` requests for `method` ("*": any) meet `fault`. */
  fault(method: string, fault: Fault, times?: number): void;
  clearFaults(): void;
  /** How many requests for `method` arrived over HTTP. */
  count(method: string): number;
  /** The Authorization header of the last HTTP request. */
  lastAuthorization(): string | undefined;
  /** JSON-RPC error object for chain_subscribeNewHeads, or undefined to accept. */
  refuseSubscriptions: { code: number; message: string } | undefined;
  /** Notify every subscriber of `result` as a new head, whatever it is (a malformed header). */
  notifyHead(result: unknown): void;
  /** Send `text` as is to every WebSocket client. */
  sendRaw(text: string): void;
  /** Cut every WebSocket connection, as a restarting node or a flaky network would. */
  dropConnections(): void;
  /** WebSocket clients connected now. */
  wsClients(): number;
  stop(): Promise<void>;
  /** Listens again on the same port after stop(). */
  start(): Promise<void>;
}

const JSON_TYPE = "application/json; charset=utf-8";
const AURA = Buffer.from("aura");

function hex(bytes: Buffer): Hex {
  return `0x${bytes.toString("hex")}`;
}

/** Aura pre-runtime (slot) and seal (signature) digest items, SCALE-encoded as a node gives them. */
function digestLogs(slot: bigint): Hex[] {
  const slotBytes = Buffer.alloc(8);
  slotBytes.writeBigUInt64LE(slot);
  const preRuntime = Buffer.concat([Buffer.from([6]), AURA, compactEncode(8n), slotBytes]);
  const seal = Buffer.concat([Buffer.from([5]), AURA, compactEncode(64n), randomBytes(64)]);
  return [hex(preRuntime), hex(seal)];
}

function makeHeader(number: number, parentHash: Hex): SubstrateHeader {
  return {
    parentHash,
    number: `0x${number.toString(16)}`,
    stateRoot: hex(randomBytes(32)),
    extrinsicsRoot: hex(randomBytes(32)),
    digest: { logs: digestLogs(BigInt(number) + 280_000_000n) },
  };
}

function toHead(header: SubstrateHeader): ChainHead {
  return {
    number: Number(BigInt(header.number)),
    hash: headerHash(header),
    parentHash: header.parentHash,
  };
}

/** A loopback port nothing listens on (it was free a moment ago). */
export function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createNetServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function startChainNode(
  options: { chainId?: number; headNumber?: number } = {},
): Promise<FakeChainNode> {
  let header = makeHeader(options.headNumber ?? 12_345_678, hex(randomBytes(32)));
  const faults: { method: string; fault: Fault; left: number }[] = [];
  const counts = new Map<string, number>();
  let authorization: string | undefined;
  const subscribers = new Map<WebSocket, string>();
  let port = 0;
  let server: Server;
  let wss: WebSocketServer;

  const takeFault = (method: string): Fault | undefined => {
    const entry = faults.find((f) => (f.method === method || f.method === "*") && f.left > 0);
    if (!entry) return undefined;
    entry.left--;
    return entry.fault;
  };

  type Answer = { result: unknown } | { error: { code: number; message: string } };
  const invalidParams = (message: string): Answer => ({ error: { code: -32602, message } });

  function dispatch(method: string, params: unknown): Answer {
    const list = Array.isArray(params) ? params : [];
    switch (method) {
      case "eth_chainId":
        return { result: `0x${node.chainId.toString(16)}` };
      case "eth_getBalance": {
        const [address, block] = list;
        if (typeof address !== "string" || !/^0x[0-9a-fA-F]{40}$/.test(address)) {
          return invalidParams("invalid type: string, expected a 20-byte address");
        }
        if (block !== undefined && typeof block !== "string") {
          return invalidParams("invalid block number or tag");
        }
        const wei = node.balances.get(address.toLowerCase()) ?? 0n;
        return { result: `0x${wei.toString(16)}` };
      }
      case "chain_getHeader":
        return { result: header };
      default:
        return { error: { code: -32601, message: "Method not found" } };
    }
  }

  function reply(response: ServerResponse, id: unknown, answer: Answer, status = 200) {
    response.writeHead(status, { "content-type": JSON_TYPE });
    response.end(JSON.stringify({ jsonrpc: "2.0", ...answer, id: id ?? null }));
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    authorization = request.headers.authorization;
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (request.method !== "POST") {
      response.writeHead(405, { "content-type": "text/plain" }).end("Method Not Allowed");
      return;
    }
    let message: { id?: unknown; method?: unknown; params?: unknown };
    try {
      message = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    } catch {
      reply(response, null, { error: { code: -32700, message: "Parse error" } });
      return;
    }
    const method = typeof message.method === "string" ? message.method : "";
    counts.set(method, (counts.get(method) ?? 0) + 1);
    const fault = takeFault(method);
    switch (fault?.kind) {
      case "delay":
        await new Promise((resolve) => setTimeout(resolve, fault.ms));
        break;
      case "rpc-error":
        return reply(response, message.id, { error: { code: fault.code, message: fault.message } });
      case "http":
        response.writeHead(fault.status, { "content-type": fault.contentType }).end(fault.body);
        return;
      case "result":
        return reply(response, message.id, { result: fault.result });
      case "hang-up":
        request.socket.destroy();
        return;
      case "truncate":
        response.writeHead(200, { "content-type": JSON_TYPE });
        response.write('{"jsonrpc":"2.0","id":');
        setTimeout(() => request.socket.destroy(), 20);
        return;
      default:
        break;
    }
    if (response.destroyed) return;
    reply(response, message.id, dispatch(method, message.params));
  }

  function notify(socket: WebSocket, subscription: string, result: unknown = header) {
    socket.send(
      JSON.stringify({ jsonrpc: "2.0", method: "chain_newHead", params: { subscription, result } }),
    );
  }

  function onSocket(socket: WebSocket) {
    socket.on("message", (data) => {
      let message: { id?: unknown; method?: unknown; params?: unknown };
      try {
        message = JSON.parse(data.toString());
      } catch {
        socket.send(
          JSON.stringify({ jsonrpc: "2.0", error: { code: -32700, message: "Parse error" } }),
        );
        return;
      }
      const send = (answer: Answer) =>
        socket.send(JSON.stringify({ jsonrpc: "2.0", ...answer, id: message.id ?? null }));
      if (message.method === "chain_subscribeNewHeads") {
        if (node.refuseSubscriptions) {
          send({ error: node.refuseSubscriptions });
          return;
        }
        const subscription = randomBytes(8).toString("base64url");
        subscribers.set(socket, subscription);
        send({ result: subscription });
        notify(socket, subscription); // a Substrate node sends the current head right away
      } else if (message.method === "chain_unsubscribeNewHeads") {
        subscribers.delete(socket);
        send({ result: true });
      } else {
        send(dispatch(String(message.method), message.params));
      }
    });
    socket.on("close", () => subscribers.delete(socket));
  }

  async function listen(): Promise<void> {
    server = createServer((request, response) => {
      handle(request, response).catch(() => response.destroy());
    });
    wss = new WebSocketServer({ server });
    wss.on("connection", onSocket);
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => resolve());
    });
    port = (server.address() as AddressInfo).port;
  }

  await listen();

  const node: FakeChainNode = {
    get url() {
      return `http://127.0.0.1:${port}`;
    },
    get wsUrl() {
      return `ws://127.0.0.1:${port}`;
    },
    get port() {
      return port;
    },
    chainId: options.chainId ?? 7672,
    balances: new Map(),
    head: () => ({ header, head: toHead(header) }),
    produceBlock() {
      const previous = header;
      header = makeHeader(Number(BigInt(previous.number)) + 1, headerHash(previous));
      for (const [socket, subscription] of subscribers) notify(socket, subscription);
      return toHead(header);
    },
    fault(method, fault, times = Number.POSITIVE_INFINITY) {
      faults.push({ method, fault, left: times });
    },
    clearFaults() {
      faults.length = 0;
    },
    count: (method) => counts.get(method) ?? 0,
    lastAuthorization: () => authorization,
    refuseSubscriptions: undefined,
    notifyHead(result) {
      for (const [socket, subscription] of subscribers) notify(socket, subscription, result);
    },
    sendRaw(text) {
      for (const socket of wss.clients) socket.send(text);
    },
    dropConnections() {
      for (const socket of wss.clients) socket.terminate();
    },
    wsClients: () => wss.clients.size,
    async stop() {
      for (const socket of wss.clients) socket.terminate();
      subscribers.clear();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    start: listen,
  };
  return node;
}
