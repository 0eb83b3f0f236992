/**
 * The webhook delivery worker, one in every service process (docs/webhooks.md): the pump that
 * ties its three steps. It claims due deliveries from the outbox (`webhook-claims.ts`, which also
 * counts the sending slots), sends each signed message (`webhook-sends.ts`), and records the
 * attempt (`webhook-attempts.ts`): success, a retry on the schedule, failure, or the endpoint
 * disabled. Delivery is at least once: a delivery whose sender died is claimed again once its
 * lease ends, and sent with the same webhook-id.
 *
 * Every time the worker reads comes from one clock, `options.clock` (tests move it); only the
 * waits between looks at the outbox are real timers.
 */

import type { Db } from "../db/handle.js";
import { nextStep, WEBHOOK_TIMEOUT_MS } from "../domain/webhooks.js";
import { type AttemptReport, createAttemptRecorder } from "./webhook-attempts.js";
import { createClaims, createSlots, type Queued } from "./webhook-claims.js";
import { createSends } from "./webhook-sends.js";

export type { AttemptReport };

export interface WebhookDeliveryOptions {
  /**
   * The worker's clock: due times, leases, retry times, the 5-day rule and the spacing of looks
   * read it (tests move it). `() => new Date()` unless told.
   */
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
/** Looks at the outbox at most this often when poked (the lag budget is a second). */
const LOOK_INTERVAL_MIN_MS = 25;

export function createWebhookDelivery(db: Db, options: WebhookDeliveryOptions): WebhookDelivery {
  const clock = options.clock ?? (() => new Date());
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const pollMs = options.pollMs ?? POLL_MS_DEFAULT;
  const limits = {
    concurrency: options.concurrency ?? CONCURRENCY_DEFAULT,
    perEndpoint: options.perEndpoint ?? PER_ENDPOINT_DEFAULT,
    perAccount: options.perAccount ?? PER_ACCOUNT_DEFAULT,
  };
  let onError = options.onError;
  const reportError = (error: unknown) => onError?.(error);

  let running = false;
  let timer: NodeJS.Timeout | undefined;
  let looking: Promise<unknown> | undefined;
  let lookAgain = false;
  let lastLook: number | undefined; // clock time of the latest look
  let soon = false; // a look is scheduled within LOOK_INTERVAL_MIN_MS

  const slots = createSlots(limits);
  const claims = createClaims(db, slots, {
    clock,
    timeoutMs,
    pendingMax: options.pendingMax,
    onDropped: options.onDropped,
    // A settled delivery frees room to claim more.
    onSettled: () => {
      if (running) poke();
    },
  });
  const sends = createSends({
    clock,
    timeoutMs,
    concurrency: limits.concurrency,
    perEndpoint: limits.perEndpoint,
    allowPrivateTargets: options.allowPrivateTargets,
    record: createAttemptRecorder(db, {
      dropped: claims.dropped,
      random: options.random,
      onAttempt: options.onAttempt,
      onError: reportError,
    }),
  });

  /** Claims what is due and starts sending it; see `claims.claim` for what it returns. */
  async function claimAndSend(): Promise<Promise<boolean>[]> {
    const settled = await claims.claim();
    pump();
    return settled;
  }

  /**
   * Starts sends while slots are free: at most `concurrency`, `perEndpoint` per endpoint and
   * `perAccount` per owner, endpoints taking turns (`claims.round`).
   */
  function pump(): void {
    const mayStart = (item: Queued) =>
      slots.hasRoom(item.delivery.endpointId, item.delivery.accountId);
    let started = true;
    while (started && slots.free()) {
      started = false;
      for (const item of claims.round(mayStart)) {
        // A claim whose lease could end before an answer came is left for a later claim (then
        // another process may take it): never two sends of one delivery at once.
        if (clock().getTime() + timeoutMs > item.leaseUntil.getTime()) item.settle(false);
        else start(item);
        started = true;
        if (!slots.free()) break;
      }
    }
  }

  /** Sends one queued delivery in a slot, freed as soon as its answer is known. */
  function start(item: Queued): void {
    const { delivery } = item;
    slots.take(delivery);
    sends
      .deliver(delivery, (result) => {
        // A 410 disables the endpoint: what waits for it here is not sent (the disabling fails
        // it in the database).
        if (nextStep(1, result).kind === "disable") claims.dropQueued(delivery.endpointId);
        slots.release(delivery);
        pump();
      })
      .then(
        () => item.settle(true),
        (error: unknown) => {
          reportError(error);
          item.settle(true);
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
    const wait = lookWait();
    if (wait > 0) lookSoon(wait);
    else look();
  }

  /**
   * How long, by the clock, until the next look may be. At most the interval: a clock moved back
   * must not hold the looks off.
   */
  function lookWait(): number {
    if (lastLook === undefined) return 0;
    return Math.min(lastLook + LOOK_INTERVAL_MIN_MS - clock().getTime(), LOOK_INTERVAL_MIN_MS);
  }

  /** Looks after `wait` ms, unless a look is scheduled that soon already. */
  function lookSoon(wait: number): void {
    if (soon) return;
    if (timer) clearTimeout(timer);
    soon = true;
    timer = setTimeout(() => {
      soon = false;
      timer = undefined;
      // The wait has passed in real time: the next look is due whatever the clock says now (a
      // clock a test holds still must not hold the looks off for ever).
      lastLook = undefined;
      poke();
    }, wait);
    timer.unref();
  }

  /** Claims and sends now; then looks again at once if poked meanwhile, else after `pollMs`. */
  function look(): void {
    if (timer) clearTimeout(timer);
    timer = undefined;
    soon = false; // that timer may have been the "soon" one, now cleared
    lastLook = clock().getTime();
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
      claims.releaseQueued();
      sends.interrupt();
      await claims.settled();
      sends.close();
    },
    poke,
    runOnce: drain,
  };
}
