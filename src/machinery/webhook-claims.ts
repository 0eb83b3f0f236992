/**
 * What one process holds of the webhook outbox: the due deliveries it claims
 * (`claimDueDeliveries` in `src/store/webhook-deliveries.ts`, FOR UPDATE SKIP LOCKED, so
 * processes share the work without sending one delivery twice in normal operation), the queues
 * in which they wait for a sending slot, and the slots themselves, counted per endpoint, per
 * owner account and in all. The pump that ties claims to sends is `webhook-delivery.ts`.
 *
 * A claim moves the delivery's due time past the send's timeout (its lease): if the process dies
 * mid-send, the delivery is due again then and sent with the same webhook-id.
 */

import type { Db } from "../db/handle.js";
import {
  type ClaimedDelivery,
  claimDueDeliveries,
  failPendingBeyond,
} from "../store/webhook-deliveries.js";

/**
 * Deliveries one process holds claimed at most, per endpoint, per account and in all; one claim
 * takes at most CLAIM_BATCH_MAX.
 */
const PER_ENDPOINT_CLAIMED_MAX = 256;
const PER_ACCOUNT_CLAIMED_MAX = 256;
const CLAIMED_MAX = 1024;
const CLAIM_BATCH_MAX = 512;
/** A claim outlives the send by this much before another process may take the delivery. */
const LEASE_MARGIN_MS = 15_000;
/** The pending bound is enforced this often (it scans the pending deliveries). */
const TRIM_INTERVAL_MS = 5_000;

/** A claimed delivery waiting for a sending slot, until its lease ends. */
export interface Queued {
  delivery: ClaimedDelivery;
  leaseUntil: Date;
  /** Called once it is recorded (true), or left for a later claim (false). */
  settle: (sent: boolean) => void;
}

/** Adds `by` to a key's count, forgetting keys that reach 0. */
function count<K>(counts: Map<K, number>, key: K, by: number): void {
  const next = (counts.get(key) ?? 0) + by;
  if (next > 0) counts.set(key, next);
  else counts.delete(key);
}

export interface SlotLimits {
  /** Sends at most this many at once. */
  concurrency: number;
  /** At most this many in flight per endpoint: one slow endpoint never blocks the rest. */
  perEndpoint: number;
  /** At most this many in flight per owner account (null: the operators, who count as one). */
  perAccount: number;
}

/** The sending slots of one process: what is in flight, in all, per endpoint and per owner. */
export function createSlots(limits: SlotLimits) {
  const inFlight = new Map<string, number>(); // endpoint id → sends in flight
  const accountInFlight = new Map<string | null, number>(); // owner account → sends in flight
  let sending = 0;

  const move = (delivery: ClaimedDelivery, by: 1 | -1) => {
    sending += by;
    count(inFlight, delivery.endpointId, by);
    count(accountInFlight, delivery.accountId, by);
  };
  return {
    /** Whether another send may start at all. */
    free: () => sending < limits.concurrency,
    /** Whether a send to this endpoint, of this owner, may start (the total aside). */
    hasRoom: (endpointId: string, accountId: string | null) =>
      (inFlight.get(endpointId) ?? 0) < limits.perEndpoint &&
      (accountInFlight.get(accountId) ?? 0) < limits.perAccount,
    /** Sends in flight to an endpoint. */
    sendingTo: (endpointId: string) => inFlight.get(endpointId) ?? 0,
    /** Endpoints with a send in flight. */
    endpoints: () => inFlight.keys(),
    take: (delivery: ClaimedDelivery) => move(delivery, 1),
    release: (delivery: ClaimedDelivery) => move(delivery, -1),
  };
}

export type Slots = ReturnType<typeof createSlots>;

export interface ClaimsOptions {
  clock: () => Date;
  /** An answer must come within this: a lease covers it and LEASE_MARGIN_MS. */
  timeoutMs: number;
  /** WEBHOOK_PENDING_MAX: pending deliveries per endpoint beyond which the oldest fail. */
  pendingMax: number;
  onDropped?: ((count: number) => void) | undefined;
  /** A claimed delivery was recorded or let go: there may be room for more. */
  onSettled: () => void;
}

/**
 * The claimed deliveries of one process: each waits in its endpoint's queue for a slot and is
 * held (in `work`) until its attempt is recorded or it is left for a later claim, which bounds
 * what one process holds.
 */
export function createClaims(db: Db, slots: Slots, options: ClaimsOptions) {
  const queues = new Map<string, Queued[]>(); // endpoint id → claimed, waiting for a slot
  const accountHeld = new Map<string | null, number>(); // owner account → claimed, not settled
  const work = new Set<Promise<boolean>>();
  // Per endpoint, deliveries claimed here and dropped unsent: the disabling fails them.
  const dropped = new Map<string, string[]>();
  let lastTrim = 0;

  async function trim(): Promise<void> {
    const now = options.clock().getTime();
    if (now - lastTrim < TRIM_INTERVAL_MS) return;
    lastTrim = now;
    const count = await failPendingBeyond(db, options.pendingMax, new Date(now));
    if (count > 0) options.onDropped?.(count);
  }

  const held = (endpointId: string) =>
    (queues.get(endpointId)?.length ?? 0) + slots.sendingTo(endpointId);

  /** Endpoints and owners this process holds its most of: the claim skips them. */
  function busy() {
    const endpoints = new Set([...queues.keys(), ...slots.endpoints()]);
    return {
      busyEndpoints: [...endpoints].filter((id) => held(id) >= PER_ENDPOINT_CLAIMED_MAX),
      busyAccounts: [...accountHeld]
        .filter(([, n]) => n >= PER_ACCOUNT_CLAIMED_MAX)
        .map(([account]) => account),
    };
  }

  /** Queues a claimed delivery; the promise settles once it is recorded or let go. */
  function hold(delivery: ClaimedDelivery, leaseUntil: Date): Promise<boolean> {
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
      options.onSettled();
    });
    return done;
  }

  /**
   * Trims, then claims what this process has room for (many per look: one claim serves a whole
   * burst) and queues it; one promise per claimed delivery, settled once it is recorded (true)
   * or left for a later claim (false).
   */
  async function claim(): Promise<Promise<boolean>[]> {
    const room = Math.min(CLAIMED_MAX - work.size, CLAIM_BATCH_MAX);
    if (room <= 0) return [];
    await trim();
    const now = options.clock();
    const leaseUntil = new Date(now.getTime() + options.timeoutMs + LEASE_MARGIN_MS);
    const claimed = await claimDueDeliveries(db, {
      now,
      leaseUntil,
      limit: room,
      perEndpoint: PER_ENDPOINT_CLAIMED_MAX,
      perAccount: PER_ACCOUNT_CLAIMED_MAX,
      ...busy(),
    });
    return claimed.map((delivery) => hold(delivery, leaseUntil));
  }

  /**
   * One turn of every endpoint with something queued, in the order they have waited: yields the
   * head of each queue `mayStart` admits, taken off it, and sends that endpoint to the back of the
   * line, so a freed slot goes to the endpoint that waited longest rather than the longest queue.
   */
  function* round(mayStart: (item: Queued) => boolean): Generator<Queued> {
    for (const [endpointId, queue] of [...queues]) {
      const item = queue[0];
      if (!item || !mayStart(item)) continue;
      queue.shift();
      queues.delete(endpointId);
      if (queue.length > 0) queues.set(endpointId, queue);
      yield item;
    }
  }

  /**
   * Lets go what waits here for an endpoint a 410 disables: unsent, it is failed with the
   * disabling (`dropped`), while what is on the wire is recorded as it comes back.
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

  /** Lets go everything still queued: left leased, sent after the lease by whichever process is up. */
  function releaseQueued(): void {
    for (const queue of queues.values()) for (const item of queue) item.settle(false);
    queues.clear();
  }

  return {
    claim,
    round,
    dropQueued,
    releaseQueued,
    /** Per endpoint, deliveries dropped unsent, for the recorder to fail with the disabling. */
    dropped,
    /** Resolves once every delivery held now is recorded or let go. */
    settled: () => Promise.all([...work]),
  };
}

export type Claims = ReturnType<typeof createClaims>;
