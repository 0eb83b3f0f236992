/**
 * The webhook delivery worker, one in every service process (docs/webhooks.md). It claims due
 * deliveries from the outbox (`store/webhook-deliveries.ts`, FOR UPDATE SKIP LOCKED, so processes share the
 * work without sending one delivery twice in normal operation), sends each signed message, and
 * records the attempt: success, a retry on the schedule, failure, or the endpoint disabled.
 *
 * A claim moves the delivery's due time past the send's timeout: if the process dies mid-send,
 * the delivery is due again then and sent with the same webhook-id. Delivery is at least once.
 */

import { setMaxListeners } from "node:events";
import { Agent as HttpAgent } from "node:http";
import { Agent as HttpsAgent } from "node:https";
import {
  type AttemptResult,
  nextStep,
  signatureHeader,
  WEBHOOK_TIMEOUT_MS,
} from "../domain/webhooks.js";
import type { Db } from "../store/db.js";
import {
  type ClaimedDelivery,
  claimDueDeliveries,
  failPendingBeyond,
} from "../store/webhook-deliveries.js";
import { type AttemptReport, createAttemptRecorder } from "./webhook-attempts.js";
import { publicOnlyLookup, send } from "./webhook-sender.js";

export type { AttemptReport };

export interface WebhookDeliveryOptions {
  /** The worker's clock: due times, retry times and the 5-day rule read it (tests move it). */
  clock?: () => Date;
  /** Sends at most this many at once in this process. */
  concurrency?: number;
  /** At most this many in flight per endpoint in this process: one slow endpoint never blocks the rest. */
  perEndpoint?: number;
  /**
   * At most this many in flight per owner account (the operators count as one) in this process:
   * one owner's endpoints never take the slots other owners need.
   */
  perAccount?: number;
  /** Longest wait between two looks at the outbox when nothing pokes the worker. */
  pollMs?: number;
  /** WEBHOOK_PENDING_MAX: pending deliveries per endpoint beyond which the oldest fail. */
  pendingMax: number;
  /** WEBHOOK_ALLOW_PRIVATE_TARGETS: send to loopback and private addresses (development, tests). */
  allowPrivateTargets: boolean;
  /** An answer must come within this (docs/webhooks.md: 15 s). */
  timeoutMs?: number;
  onAttempt?: (report: AttemptReport) => void;
  onDropped?: (count: number) => void;
  /** Failures of the worker itself (the database unreachable): logged, then tried again. */
  onError?: (error: unknown) => void;
  random?: () => number;
}

export interface WebhookDelivery {
  /** Starts looking at the outbox in the background; `onError` hears the worker's own failures. */
  start(onError?: (error: unknown) => void): void;
  /** Stops claiming and waits for the sends in flight to be recorded. */
  stop(): Promise<void>;
  /** Something was just written: look now rather than at the next poll. */
  poke(): void;
  /**
   * Trims, then claims and sends what is due until nothing is; resolves, once all is recorded,
   * with how many were sent.
   */
  runOnce(): Promise<number>;
}

const POLL_MS_DEFAULT = 500;
const CONCURRENCY_DEFAULT = 64;
const PER_ENDPOINT_DEFAULT = 16;
const PER_ACCOUNT_DEFAULT = 16;
/**
 * Deliveries one process holds claimed at most, per endpoint, per account and in all; one claim
 * takes at most CLAIM_BATCH_MAX.
 */
const PER_ENDPOINT_CLAIMED_MAX = 256;
const PER_ACCOUNT_CLAIMED_MAX = 256;
const CLAIMED_MAX = 1024;
const CLAIM_BATCH_MAX = 512;
/** Looks at the outbox at most this often when poked (the lag budget is a second). */
const LOOK_INTERVAL_MIN_MS = 25;
/** A claim outlives the send by this much before another process may take the delivery. */
const LEASE_MARGIN_MS = 15_000;
/** The pending bound is enforced this often (it scans the pending deliveries). */
const TRIM_INTERVAL_MS = 5_000;

/** A claimed delivery waiting for a sending slot, until its lease ends. */
interface Queued {
  delivery: ClaimedDelivery;
  leaseUntil: Date;
  /** Called once it is recorded, or left for a later claim. */
  settle: (sent: boolean) => void;
}

/** Adds `by` to a key's count, forgetting keys that reach 0. */
function count<K>(counts: Map<K, number>, key: K, by: number): void {
  const next = (counts.get(key) ?? 0) + by;
  if (next > 0) counts.set(key, next);
  else counts.delete(key);
}

export function createWebhookDelivery(db: Db, options: WebhookDeliveryOptions): WebhookDelivery {
  const clock = options.clock ?? (() => new Date());
  const concurrency = options.concurrency ?? CONCURRENCY_DEFAULT;
  const perEndpoint = options.perEndpoint ?? PER_ENDPOINT_DEFAULT;
  const perAccount = options.perAccount ?? PER_ACCOUNT_DEFAULT;
  const pollMs = options.pollMs ?? POLL_MS_DEFAULT;
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const inFlight = new Map<string, number>(); // endpoint id → sends in flight
  const accountInFlight = new Map<string | null, number>(); // owner account (null: operators) → sends
  const accountHeld = new Map<string | null, number>(); // owner account → claimed, not yet settled
  const stopping = new AbortController();
  // Every send in flight listens for the stop: as many as `concurrency`, not a leak.
  setMaxListeners(concurrency + 1, stopping.signal);
  // Kept-alive connections per endpoint origin; unless private targets are allowed, each new
  // connection's resolved address must be public (checked by the agents' lookup).
  const connections = {
    keepAlive: true,
    maxSockets: perEndpoint,
    ...(options.allowPrivateTargets ? {} : { lookup: publicOnlyLookup }),
  };
  const agents = { http: new HttpAgent(connections), https: new HttpsAgent(connections) };
  // Claimed deliveries wait here, per endpoint, for a sending slot; each is in `work` until its
  // attempt is recorded (or it is left for a later claim), which bounds what one process holds.
  const queues = new Map<string, Queued[]>();
  const dropped = new Map<string, string[]>(); // endpoint id → claimed here, dropped unsent
  const work = new Set<Promise<boolean>>();
  let sending = 0;
  let running = false;
  let timer: NodeJS.Timeout | undefined;
  let looking: Promise<unknown> | undefined;
  let lookAgain = false;
  let lastLook = 0;
  let soon = false; // a look is scheduled within LOOK_INTERVAL_MIN_MS
  let lastTrim = 0;

  let onError = options.onError;
  const reportError = (error: unknown) => onError?.(error);

  async function trim(): Promise<void> {
    const now = clock().getTime();
    if (now - lastTrim < TRIM_INTERVAL_MS) return;
    lastTrim = now;
    const dropped = await failPendingBeyond(db, options.pendingMax, new Date(now));
    if (dropped > 0) options.onDropped?.(dropped);
  }

  const held = (endpointId: string) =>
    (queues.get(endpointId)?.length ?? 0) + (inFlight.get(endpointId) ?? 0);

  /**
   * Claims what this process has room for (many per look: one claim serves a whole burst), and
   * starts sending; returns one promise per claimed delivery, settled once it is recorded (true)
   * or left for a later claim (false).
   */
  async function claimAndSend(): Promise<Promise<boolean>[]> {
    const room = Math.min(CLAIMED_MAX - work.size, CLAIM_BATCH_MAX);
    if (room <= 0) return [];
    await trim();
    const now = clock();
    const leaseUntil = new Date(now.getTime() + timeoutMs + LEASE_MARGIN_MS);
    const busy = new Set([...queues.keys(), ...inFlight.keys()]);
    const claimed = await claimDueDeliveries(db, {
      now,
      leaseUntil,
      limit: room,
      perEndpoint: PER_ENDPOINT_CLAIMED_MAX,
      perAccount: PER_ACCOUNT_CLAIMED_MAX,
      busyEndpoints: [...busy].filter((id) => held(id) >= PER_ENDPOINT_CLAIMED_MAX),
      busyAccounts: [...accountHeld]
        .filter(([, count]) => count >= PER_ACCOUNT_CLAIMED_MAX)
        .map(([account]) => account),
    });
    const settled = claimed.map((delivery) => {
      let settle!: (sent: boolean) => void;
      const done = new Promise<boolean>((resolve) => {
        settle = resolve;
      });
      const queue = queues.get(delivery.endpointId) ?? [];
      queue.push({ delivery, leaseUntil, settle });
      queues.set(delivery.endpointId, queue);
      count(accountHeld, delivery.accountId, +1);
      work.add(done);
      void done.then(() => {
        work.delete(done);
        count(accountHeld, delivery.accountId, -1);
        if (running) poke();
      });
      return done;
    });
    pump();
    return settled;
  }

  /**
   * Starts sends while slots are free: at most `concurrency`, `perEndpoint` per endpoint and
   * `perAccount` per owner. Endpoints take turns, one send each, so a freed slot goes to the
   * endpoint that waited longest rather than to the one with the longest queue.
   */
  function pump(): void {
    let started = true;
    while (started && sending < concurrency) {
      started = false;
      for (const [endpointId, queue] of [...queues]) {
        if (sending >= concurrency) break;
        const item = queue[0];
        if (!item || !hasRoom(endpointId, item.delivery.accountId)) continue;
        queue.shift();
        // Its turn is over: it goes to the back of the line.
        queues.delete(endpointId);
        if (queue.length > 0) queues.set(endpointId, queue);
        // A claim whose lease could end before an answer came is left for a later claim (then
        // another process may take it): never two sends of one delivery at once.
        if (clock().getTime() + timeoutMs > item.leaseUntil.getTime()) {
          item.settle(false);
        } else {
          start(item);
        }
        started = true;
      }
    }
  }

  const hasRoom = (endpointId: string, accountId: string | null) =>
    (inFlight.get(endpointId) ?? 0) < perEndpoint &&
    (accountInFlight.get(accountId) ?? 0) < perAccount;

  function start(item: Queued): void {
    const { endpointId, accountId } = item.delivery;
    sending++;
    count(inFlight, endpointId, +1);
    count(accountInFlight, accountId, +1);
    deliver(item.delivery, (result) => {
      // A 410 disables the endpoint: what waits for it here is not sent (the disabling fails
      // it in the database).
      if (nextStep(1, result).kind === "disable") dropQueued(endpointId);
      sending--;
      count(inFlight, endpointId, -1);
      count(accountInFlight, accountId, -1);
      pump();
    }).then(
      () => item.settle(true),
      (error: unknown) => {
        reportError(error);
        item.settle(true);
      },
    );
  }

  /**
   * Drops what waits here for an endpoint a 410 disables: unsent, it is failed with the disabling
   * (`dropped`), while what is on the wire is recorded as it comes back.
   */
  function dropQueued(endpointId: string): void {
    const ids = dropped.get(endpointId) ?? [];
    for (const item of queues.get(endpointId) ?? []) {
      ids.push(item.delivery.id);
      item.settle(false);
    }
    dropped.set(endpointId, ids);
    queues.delete(endpointId);
  }

  /** Sends, frees the slot as soon as the answer (or its absence) is known, then records. */
  async function deliver(
    delivery: ClaimedDelivery,
    sent: (result: AttemptResult) => void,
  ): Promise<void> {
    const started = clock();
    let result: AttemptResult = { ok: false, error: "not sent" };
    try {
      result = await attempt(delivery, started);
    } finally {
      sent(result);
    }
    await record({ delivery, result, started, at: clock() });
  }

  const record = createAttemptRecorder(db, {
    dropped,
    random: options.random,
    onAttempt: options.onAttempt,
    onError: reportError,
  });

  function attempt(delivery: ClaimedDelivery, now: Date): Promise<AttemptResult> {
    const timestampS = Math.floor(now.getTime() / 1000);
    return send(
      delivery.url,
      {
        "content-type": "application/json",
        "user-agent": "questpoints-webhooks/1",
        "webhook-id": delivery.eventId,
        "webhook-timestamp": String(timestampS),
        "webhook-signature": signatureHeader(
          delivery.secrets,
          delivery.eventId,
          timestampS,
          delivery.body,
        ),
      },
      delivery.body,
      {
        timeoutMs,
        allowPrivate: options.allowPrivateTargets,
        now,
        signal: stopping.signal,
        agents,
      },
    );
  }

  /** Sends what is due, round after round (each bounded per endpoint), until nothing is. */
  async function drain(): Promise<number> {
    let sent = 0;
    for (;;) {
      const started = await claimAndSend();
      if (started.length === 0) return sent;
      sent += (await Promise.all(started)).filter(Boolean).length;
    }
  }

  function poke(): void {
    if (!running) return;
    if (looking) {
      lookAgain = true;
      return;
    }
    // Under load every allocation batch pokes: one look per interval serves them all.
    const wait = lastLook + LOOK_INTERVAL_MIN_MS - Date.now();
    if (wait > 0) {
      if (!soon) {
        if (timer) clearTimeout(timer);
        soon = true;
        timer = setTimeout(() => {
          soon = false;
          timer = undefined;
          poke();
        }, wait);
        timer.unref();
      }
      return;
    }
    if (timer) clearTimeout(timer);
    timer = undefined;
    soon = false; // that timer may have been the "soon" one, now cleared
    lastLook = Date.now();
    looking = claimAndSend()
      .catch(reportError)
      .finally(() => {
        looking = undefined;
        if (!running) return;
        if (lookAgain) {
          lookAgain = false;
          poke();
        } else {
          timer = setTimeout(poke, pollMs);
          timer.unref();
        }
      });
  }

  return {
    start(errors) {
      if (errors) onError = errors;
      if (running) return;
      running = true;
      poke();
    },
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      await looking;
      // Claimed but not started: left leased, sent after the lease by whichever process is up.
      for (const queue of queues.values()) for (const item of queue) item.settle(false);
      queues.clear();
      // A shutdown does not wait for slow receivers: what is cut short is recorded and retried.
      stopping.abort();
      await Promise.all([...work]);
      agents.http.destroy();
      agents.https.destroy();
    },
    poke,
    runOnce: drain,
  };
}
