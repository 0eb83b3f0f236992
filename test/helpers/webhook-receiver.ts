/**
 * Webhook receivers for the delivery tests: real HTTP servers on 127.0.0.1 that record every
 * request (headers and body) and answer as the test scripts them (a status, headers such as
 * `Retry-After`, a delay, or no answer at all), a port where nothing listens, signature checks
 * with the `standardwebhooks` package (never our own code), and a delivery worker on a clock the
 * test moves.
 */

import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, mock } from "node:test";
import { Webhook } from "standardwebhooks";
import {
  createWebhookDelivery,
  type WebhookDeliveryOptions,
} from "../../src/machinery/webhook-delivery.js";
import { expectStatus, type TestContext } from "./app.js";

/** One request a receiver got. */
export interface Received {
  method: string;
  path: string;
  /** Header names in lower case; repeated headers joined with ", ". */
  headers: Record<string, string>;
  body: string;
}

/** How a receiver answers one request. */
export interface Reply {
  /** 200 unless told. */
  status?: number;
  headers?: Record<string, string>;
  /** Waits this long before answering. */
  delayMs?: number;
  /** Never answers (the connection stays open until the receiver closes). */
  hang?: boolean;
  /**
   * Sends the status line, then a body that never ends: `trickle` writes a byte now and then,
   * `flood` writes as fast as the connection takes it.
   */
  endless?: "trickle" | "flood";
}

export interface Receiver {
  /** `http://127.0.0.1:<port>/hook`. */
  url: string;
  port: number;
  received: Received[];
  /** How every request is answered once the queued replies are used up. */
  answer(reply: Reply): void;
  /** Replies for the next requests, in order, before the default one. */
  queue(...replies: Reply[]): void;
  close(): Promise<void>;
}

export async function startReceiver(reply: Reply = {}): Promise<Receiver> {
  const received: Received[] = [];
  const queued: Reply[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let fallback = reply;
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers)) {
        if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
      }
      received.push({
        method: request.method ?? "",
        path: request.url ?? "",
        headers,
        body: Buffer.concat(chunks).toString("utf8"),
      });
      const now = queued.shift() ?? fallback;
      if (now.hang) return;
      if (now.endless) {
        answerEndlessly(response, now.status ?? 200, now.endless, timers);
        return;
      }
      const send = () => {
        response.writeHead(now.status ?? 200, now.headers ?? {});
        response.end("ok");
      };
      if (!now.delayMs) {
        send();
        return;
      }
      const timer = setTimeout(() => {
        timers.delete(timer);
        send();
      }, now.delayMs);
      timers.add(timer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    received,
    answer(next) {
      fallback = next;
    },
    queue(...replies) {
      queued.push(...replies);
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}

/** A status line, then a body that never ends, until the connection closes. */
function answerEndlessly(
  response: ServerResponse,
  status: number,
  pace: "trickle" | "flood",
  timers: Set<NodeJS.Timeout>,
): void {
  response.writeHead(status, { "content-type": "text/plain" });
  const chunk = Buffer.alloc(pace === "flood" ? 64 * 1024 : 1, "x");
  const write = (): void => {
    if (response.destroyed) return;
    if (pace === "flood") {
      if (response.write(chunk)) setImmediate(write);
      else response.once("drain", write);
      return;
    }
    response.write(chunk);
    const timer = setTimeout(() => {
      timers.delete(timer);
      write();
    }, 100);
    timers.add(timer);
  };
  write();
}

/** A port on 127.0.0.1 where nothing listens (a server was bound there and closed). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * What `standardwebhooks` makes of a received message under `secret`: the parsed payload, or the
 * library's error. `atMs` is the receiver's time (the library refuses timestamps more than 5
 * minutes from it); by default the real time, else that of a controlled clock.
 */
export function verify(secret: string, message: Received, atMs?: number): unknown {
  const check = () => new Webhook(secret).verify(message.body, message.headers);
  if (atMs === undefined) return check();
  const now = mock.method(Date, "now", () => atMs);
  try {
    return check();
  } finally {
    now.mock.restore();
  }
}

/** Whether `secret` verifies `message` (see `verify`). */
export function verifies(secret: string, message: Received, atMs?: number): boolean {
  try {
    verify(secret, message, atMs);
    return true;
  } catch {
    return false;
  }
}

/**
 * A delivery worker on the test's database whose clock the test moves. It starts a second after
 * the real time, so the deliveries the service just queued (due at the database's `now()`) are due.
 * Answers must come within 10 s: a CI machine running 45 test processes on 2 cores once took more
 * than 2 s over a loopback send. The timeout tests set less.
 */
export function controlledWorker(ctx: TestContext, options: Partial<WebhookDeliveryOptions> = {}) {
  let now = new Date(Date.now() + 1000);
  const errors: unknown[] = [];
  const worker = createWebhookDelivery(ctx.db, {
    clock: () => now,
    pendingMax: 1000,
    allowPrivateTargets: true,
    timeoutMs: 10_000,
    random: () => 0.5,
    onError: (error) => errors.push(error),
    ...options,
  });
  return {
    /** The worker's own failures (a send whose outcome could not be recorded). */
    errors,
    /** One look at the outbox: claims, sends and records what is due; resolves with how many. */
    runOnce: () => worker.runOnce(),
    now: () => now,
    /** Moves the clock to `at`. */
    set(at: Date | number) {
      now = new Date(at);
    },
    /** Moves the clock forward by `ms`. */
    advance(ms: number) {
      now = new Date(now.getTime() + ms);
    },
    stop: () => worker.stop(),
  };
}

// ---------------------------------------------------------------------------------------------
// The webhook routes, and cleaning up after each test

/** Whose endpoints: an owner's (their API key's account and mode) or the operators'. */
export type WebhookOwner = { apiKey: string } | "operators";

/** An endpoint as created, with its secret (answered only then). */
export interface Endpoint {
  id: string;
  secret: string;
  owner: WebhookOwner;
  url: string;
  events: string[];
  mode: string;
}

export interface DeliveryItem {
  id: string;
  event_id: string;
  event_type: string;
  status: "pending" | "succeeded" | "failed";
  attempt: number;
  status_code: number | null;
  error: string | null;
  duration_ms: number | null;
  at: string;
  next_attempt_at: string | null;
}

/** Undone after each test (see `cleanUpAfterEach`): endpoints deleted, receivers closed. */
const cleanups: (() => Promise<unknown>)[] = [];

/** Deletes the endpoints and closes the receivers a test made, so none hears the next test. */
export function cleanUpAfterEach(): void {
  afterEach(async () => {
    const pending = cleanups.splice(0);
    for (const cleanup of pending.reverse()) await cleanup();
  });
}

/** A receiver closed after the test (`cleanUpAfterEach`). */
export async function receiver(reply: Reply = {}): Promise<Receiver> {
  const started = await startReceiver(reply);
  cleanups.push(() => started.close());
  return started;
}

/** A request to a webhook route of `owner`: `suffix` follows `/webhooks` (or `/admin/webhooks`). */
export function webhookRoute(
  ctx: TestContext,
  owner: WebhookOwner,
  method: "GET" | "POST" | "PATCH" | "DELETE",
  suffix = "",
  body?: unknown,
) {
  if (owner === "operators") return ctx.admin(method, `/admin/webhooks${suffix}`, body);
  return ctx.inject({
    method,
    url: `/webhooks${suffix}`,
    headers: { "x-api-key": owner.apiKey },
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

/** `POST /webhooks` (or `/admin/webhooks`); the endpoint is deleted after the test. */
export async function addEndpoint(
  ctx: TestContext,
  owner: WebhookOwner,
  url: string,
  events: readonly string[],
): Promise<Endpoint> {
  const response = await webhookRoute(ctx, owner, "POST", "", { url, events });
  expectStatus(response, 201);
  const body = response.json();
  cleanups.push(() => webhookRoute(ctx, owner, "DELETE", `/${body.id}`));
  return {
    id: body.id,
    secret: body.secret,
    owner,
    url: body.url,
    events: body.events,
    mode: body.mode,
  };
}

/** `GET /webhooks/{id}/deliveries`: every delivery of the endpoint, newest first. */
export async function deliveriesOf(
  ctx: TestContext,
  endpoint: Pick<Endpoint, "id" | "owner">,
  status?: DeliveryItem["status"],
): Promise<DeliveryItem[]> {
  const query = status ? `?limit=500&status=${status}` : "?limit=500";
  const response = await webhookRoute(
    ctx,
    endpoint.owner,
    "GET",
    `/${endpoint.id}/deliveries${query}`,
  );
  expectStatus(response, 200);
  return response.json().items;
}

/** `GET /webhooks/{id}`. */
export async function endpointOf(ctx: TestContext, endpoint: Pick<Endpoint, "id" | "owner">) {
  const response = await webhookRoute(ctx, endpoint.owner, "GET", `/${endpoint.id}`);
  expectStatus(response, 200);
  return response.json() as {
    id: string;
    disabled_at: string | null;
    disabled_reason: string | null;
  };
}

/** `POST /webhooks/{id}/test`: the queued event's id. */
export async function sendTestEvent(
  ctx: TestContext,
  endpoint: Pick<Endpoint, "id" | "owner">,
): Promise<string> {
  const response = await webhookRoute(ctx, endpoint.owner, "POST", `/${endpoint.id}/test`);
  expectStatus(response, 202);
  return response.json().event_id;
}

/** A received message's parsed body. */
export const messageOf = (message: Received) =>
  JSON.parse(message.body) as {
    id: string;
    type: string;
    created_at: string;
    mode: string;
    data: Record<string, unknown>;
  };
