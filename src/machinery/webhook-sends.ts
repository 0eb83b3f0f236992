/**
 * Sending a claimed webhook delivery: the signed message (Standard Webhooks headers), posted by
 * `webhook-sender.ts` over this process's kept-alive connections, then what came of it handed to
 * the recorder (`webhook-attempts.ts`). A stop cuts the sends on the wire short, and they are
 * recorded as interrupted (retried later).
 */

import { setMaxListeners } from "node:events";
import { Agent as HttpAgent } from "node:http";
import { Agent as HttpsAgent } from "node:https";
import { type AttemptResult, signatureHeader } from "../domain/webhooks.js";
import type { ClaimedDelivery } from "../store/webhook-deliveries.js";
import type { FinishedAttempt } from "./webhook-attempts.js";
import { publicOnlyLookup, send } from "./webhook-sender.js";

export interface SendsOptions {
  clock: () => Date;
  /** An answer must come within this. */
  timeoutMs: number;
  /** Sends at most this many at once: each listens for the stop. */
  concurrency: number;
  /** Kept-alive connections per endpoint origin (as many as its sends in flight). */
  perEndpoint: number;
  /** Send to loopback and private addresses (development, tests). */
  allowPrivateTargets: boolean;
  /** Stores a finished attempt (`createAttemptRecorder`). */
  record: (done: FinishedAttempt) => Promise<void>;
}

export function createSends(options: SendsOptions) {
  const { clock, timeoutMs } = options;
  const stopping = new AbortController();
  // Every send in flight listens for the stop: as many as `concurrency`, not a leak.
  setMaxListeners(options.concurrency + 1, stopping.signal);
  // Kept-alive connections per endpoint origin; unless private targets are allowed, each new
  // connection's resolved address must be public (checked by the agents' lookup).
  const connections = {
    keepAlive: true,
    maxSockets: options.perEndpoint,
    ...(options.allowPrivateTargets ? {} : { lookup: publicOnlyLookup }),
  };
  const agents = { http: new HttpAgent(connections), https: new HttpsAgent(connections) };

  /** Posts the signed message; `now` is its timestamp and the time a Retry-After counts from. */
  function attempt(delivery: ClaimedDelivery, now: Date): Promise<AttemptResult> {
    const timestampS = Math.floor(now.getTime() / 1000);
    const headers = {
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
    };
    return send(delivery.url, headers, delivery.body, {
      timeoutMs,
      allowPrivate: options.allowPrivateTargets,
      now,
      signal: stopping.signal,
      agents,
    });
  }

  /**
   * Sends, calls `sent` as soon as the answer (or its absence) is known, so the slot is free for
   * the next send while this one is recorded, then records.
   */
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
    await options.record({ delivery, result, started, at: clock() });
  }

  return {
    deliver,
    /** A shutdown does not wait for slow receivers: what is cut short is recorded and retried. */
    interrupt: () => stopping.abort(),
    /** Closes the kept-alive connections, once nothing is sent any more. */
    close(): void {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}
