/**
 * New heads from the chain node's Substrate WebSocket API: `chain_subscribeNewHeads`, whose
 * notifications (`chain_newHead`) carry headers. A lost connection, or one that goes quiet for
 * longer than `idleMsMax`, is reopened with exponential back-off, forever, until `stop()`; the
 * first connection failing, or the node refusing the subscription, ends the watch with a
 * ChainError instead, since retrying a wrong URL or an unsupported method helps nobody.
 * Node 20 has no global WebSocket without a flag, hence the `ws` package.
 */
import WebSocket from "ws";
import { type ChainHead, parseHeader } from "../domain/chain.js";
import { ChainError, nodeLabel } from "./client.js";

export const HEADS_CONNECT_TIMEOUT_MS_DEFAULT = 5_000;
/** Heads come every few seconds; a minute of silence means the connection is dead. */
export const HEADS_IDLE_MS_MAX_DEFAULT = 60_000;
export const HEADS_RECONNECT_DELAY_MS_MIN = 250;
export const HEADS_RECONNECT_DELAY_MS_MAX = 10_000;
export const HEADS_MESSAGE_BYTES_MAX = 1024 * 1024;

export type WatchEvent =
  | { type: "subscribed"; url: string; reconnected: boolean }
  | { type: "lost"; reason: string; retryInMs: number }
  | { type: "ignored"; reason: string };

export interface WatchOptions {
  url: string;
  onHead(head: ChainHead): void;
  onEvent?(event: WatchEvent): void;
  /** Opening the connection and the answer to the subscription, each attempt. */
  connectTimeoutMs?: number;
  idleMsMax?: number;
  reconnectDelayMsMin?: number;
  reconnectDelayMsMax?: number;
}

export interface HeadWatch {
  stop(): void;
  /** Resolves after stop(); rejects with a ChainError when the watch cannot go on. */
  done: Promise<void>;
}

const SUBSCRIBE_ID = 1;

export function watchHeads(options: WatchOptions): HeadWatch {
  const at = nodeLabel(options.url);
  const connectTimeoutMs = options.connectTimeoutMs ?? HEADS_CONNECT_TIMEOUT_MS_DEFAULT;
  const idleMsMax = options.idleMsMax ?? HEADS_IDLE_MS_MAX_DEFAULT;
  const delayMin = options.reconnectDelayMsMin ?? HEADS_RECONNECT_DELAY_MS_MIN;
  const delayMax = options.reconnectDelayMsMax ?? HEADS_RECONNECT_DELAY_MS_MAX;
  const emit = (event: WatchEvent) => options.onEvent?.(event);

  let resolveDone!: () => void;
  let rejectDone!: (error: ChainError) => void;
  const done = new Promise<void>((resolve, reject) => {
    resolveDone = resolve;
    rejectDone = reject;
  });
  let stopped = false;
  let everSubscribed = false;
  let failures = 0;
  let socket: WebSocket | undefined;
  let timer: NodeJS.Timeout | undefined;

  const clearTimer = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
  };

  function finish(error?: ChainError) {
    if (stopped) return;
    stopped = true;
    clearTimer();
    const current = socket;
    socket = undefined;
    if (current && current.readyState !== WebSocket.CLOSED) {
      current.close(1000);
      setTimeout(() => current.terminate(), 1000).unref();
    }
    if (error) rejectDone(error);
    else resolveDone();
  }

  function connect() {
    let subscription: string | undefined;
    /** Why this connection ended; set by whoever ends it. */
    let reason: ChainError | undefined;
    const ws = new WebSocket(options.url, {
      handshakeTimeout: connectTimeoutMs,
      maxPayload: HEADS_MESSAGE_BYTES_MAX,
    });
    socket = ws;
    const end = (error: ChainError) => {
      reason ??= error;
      ws.terminate();
    };
    const arm = (ms: number, error: () => ChainError) => {
      clearTimer();
      timer = setTimeout(() => end(error()), ms);
    };
    arm(
      connectTimeoutMs,
      () =>
        new ChainError(
          "TIMEOUT",
          `the chain node at ${at} did not open a subscription within ${connectTimeoutMs} ms`,
        ),
    );
    const idle = () =>
      new ChainError("TIMEOUT", `no new head from the chain node at ${at} for ${idleMsMax} ms`);

    ws.on("open", () => {
      ws.send(
        JSON.stringify({
          jsonrpc: "2.0",
          id: SUBSCRIBE_ID,
          method: "chain_subscribeNewHeads",
          params: [],
        }),
      );
    });
    ws.on("message", (data) => {
      let message: Record<string, unknown>;
      try {
        message = JSON.parse(data.toString());
        if (typeof message !== "object" || message === null) throw new Error("not an object");
      } catch {
        emit({ type: "ignored", reason: "a message that is not a JSON object" });
        return;
      }
      if (message.id === SUBSCRIBE_ID && subscription === undefined) {
        const error = message.error as { code?: unknown; message?: unknown } | undefined;
        if (error !== undefined) {
          const detail =
            typeof error === "object" && error !== null
              ? `JSON-RPC error ${String(error.code)}: ${String(error.message)}`
              : "a malformed error";
          finish(
            new ChainError(
              "RPC_ERROR",
              `the chain node at ${at} refused chain_subscribeNewHeads: ${detail}`,
              typeof error?.code === "number" ? { rpcCode: error.code } : {},
            ),
          );
          return;
        }
        if (typeof message.result !== "string" && typeof message.result !== "number") {
          end(
            new ChainError(
              "MALFORMED",
              `the chain node at ${at} answered chain_subscribeNewHeads without a subscription id`,
            ),
          );
          return;
        }
        subscription = String(message.result);
        emit({ type: "subscribed", url: options.url, reconnected: everSubscribed });
        everSubscribed = true;
        failures = 0;
        arm(idleMsMax, idle);
        return;
      }
      const params = message.params as { subscription?: unknown; result?: unknown } | undefined;
      if (
        message.method !== "chain_newHead" ||
        subscription === undefined ||
        String(params?.subscription) !== subscription
      ) {
        emit({ type: "ignored", reason: `an unexpected message (${String(message.method)})` });
        return;
      }
      const header = parseHeader(params?.result);
      if (!header.ok) {
        emit({ type: "ignored", reason: `a malformed head: ${header.reason}` });
        return;
      }
      arm(idleMsMax, idle);
      options.onHead(header.head);
    });
    ws.on("error", (error: Error & { code?: string }) => {
      const detail = error.code ? `${error.message} (${error.code})` : error.message;
      reason ??= new ChainError("UNREACHABLE", `cannot reach the chain node at ${at}: ${detail}`, {
        cause: error,
      });
    });
    ws.on("close", (code) => {
      if (stopped || socket !== ws) return;
      clearTimer();
      const error =
        reason ??
        new ChainError("UNREACHABLE", `the chain node at ${at} closed the connection (${code})`);
      if (!everSubscribed) {
        finish(error);
        return;
      }
      const retryInMs = Math.min(delayMin * 2 ** failures, delayMax);
      failures++;
      emit({ type: "lost", reason: error.message, retryInMs });
      timer = setTimeout(connect, retryInMs);
    });
  }

  connect();
  return { stop: () => finish(), done };
}
