/**
 * Recording what webhook sends came to: many attempts in one transaction (group commit), each
 * delivery's next step (succeeded, a retry at a time, failed), and the endpoints it disables (a
 * 410, or 5 days of nothing but failures), audited as the service's own act.
 */
import { randomUUID } from "node:crypto";
import type { Db, Tx } from "../db/handle.js";
import { type AttemptResult, FAILING_DISABLE_AFTER_MS, nextStep } from "../domain/webhooks.js";
import { recordAudit } from "../store/audit.js";
import {
  type AttemptRecord,
  type ClaimedDelivery,
  recordAttempts,
} from "../store/webhook-deliveries.js";
import { disableEndpoint } from "../store/webhook-endpoints.js";

/** An error text kept on a delivery is cut to this many characters. */
const ERROR_LENGTH_MAX = 500;

/** What an attempt reports, for /metrics. */
export interface AttemptReport {
  outcome: "delivered" | "retried" | "failed";
  /** From the event's creation to this successful attempt (delivered only). */
  lagS?: number | undefined;
}

/** A finished attempt, to record. */
export interface FinishedAttempt {
  delivery: ClaimedDelivery;
  result: AttemptResult;
  started: Date;
  at: Date;
}

export interface RecordOptions {
  /** Per endpoint, deliveries this process claimed and dropped unsent: failed with a disabling. */
  dropped: Map<string, string[]>;
  random?: (() => number) | undefined;
  onAttempt?: ((report: AttemptReport) => void) | undefined;
}

const statusOf = (kind: ReturnType<typeof nextStep>["kind"]) =>
  kind === "succeeded" ? "succeeded" : kind === "retry" ? "pending" : "failed";

function attemptRecord(done: FinishedAttempt, step: ReturnType<typeof nextStep>): AttemptRecord {
  const { delivery, result, started, at } = done;
  const text = result.ok ? (result.note ?? null) : result.error;
  return {
    deliveryId: delivery.id,
    endpointId: delivery.endpointId,
    at,
    statusCode: result.statusCode ?? null,
    error: text?.slice(0, ERROR_LENGTH_MAX) ?? null,
    durationMs: Math.max(0, Math.round(at.getTime() - started.getTime())),
    status: statusOf(step.kind),
    nextAt: step.kind === "retry" ? new Date(at.getTime() + step.delayMs) : null,
  };
}

/** Stores a batch of finished attempts and what they decide, in one transaction. */
async function recordFinished(
  db: Db,
  batch: readonly FinishedAttempt[],
  options: RecordOptions,
): Promise<void> {
  const steps = batch.map((done) =>
    nextStep(done.delivery.attempt + 1, done.result, options.random),
  );
  await db.transaction(async (tx) => {
    const streaks = await recordAttempts(
      tx,
      batch.map((done, i) => attemptRecord(done, steps[i]!)),
    );
    const reasons = new Map<string, { reason: string; deliveryId: string; at: Date }>();
    batch.forEach(({ delivery, at }, i) => {
      const step = steps[i]!;
      const since = streaks.get(delivery.endpointId);
      const reason =
        step.kind === "disable"
          ? step.reason
          : since && at.getTime() - since.getTime() >= FAILING_DISABLE_AFTER_MS
            ? `Every attempt failed since ${since.toISOString()} (5 days or more).`
            : undefined;
      if (reason && !reasons.has(delivery.endpointId)) {
        reasons.set(delivery.endpointId, { reason, deliveryId: delivery.id, at });
      }
    });
    for (const [endpointId, { reason, deliveryId, at }] of reasons) {
      await disableAudited(
        tx,
        endpointId,
        options.dropped.get(endpointId) ?? [],
        reason,
        deliveryId,
        at,
      );
      options.dropped.delete(endpointId);
    }
  });
  batch.forEach(({ delivery, at }, i) => {
    const step = steps[i]!;
    options.onAttempt?.({
      outcome:
        step.kind === "succeeded" ? "delivered" : step.kind === "retry" ? "retried" : "failed",
      lagS:
        step.kind === "succeeded"
          ? Math.max(0, (at.getTime() - delivery.createdAt.getTime()) / 1000)
          : undefined,
    });
  });
}

/** Disables an endpoint (once) and audits it as the service's own act. */
async function disableAudited(
  tx: Tx,
  endpointId: string,
  unsentIds: readonly string[],
  reason: string,
  deliveryId: string,
  at: Date,
): Promise<void> {
  const disabled = await disableEndpoint(tx, endpointId, reason, at, unsentIds);
  if (!disabled) return;
  await recordAudit(
    tx,
    { actor: "service", requestId: randomUUID() },
    {
      action: "webhook.disable",
      targetType: "webhook",
      targetId: endpointId,
      details: { reason, url: disabled.url, delivery_id: deliveryId },
    },
  );
}

/** Most attempts recorded in one transaction. */
const RECORD_BATCH_MAX = 500;

/**
 * Records finished attempts together, a few statements for however many finished meanwhile
 * (group commit): under load a delivery costs the database a share of one transaction, not its
 * own. The returned function resolves once its attempt's batch is stored, or failed to be
 * (`onError`: the delivery stays leased and is sent again once the lease ends, at least once).
 */
export function createAttemptRecorder(
  db: Db,
  options: RecordOptions & { onError: (error: unknown) => void },
): (done: FinishedAttempt) => Promise<void> {
  const finished: (FinishedAttempt & { recorded: () => void })[] = [];
  let recording: Promise<void> | undefined;

  function flush(): void {
    if (recording || finished.length === 0) return;
    const batch = finished.splice(0, RECORD_BATCH_MAX);
    recording = recordFinished(db, batch, options)
      .catch(options.onError)
      .finally(() => {
        recording = undefined;
        for (const done of batch) done.recorded();
        flush();
      });
  }

  return (done) =>
    new Promise<void>((recorded) => {
      finished.push({ ...done, recorded });
      flush();
    });
}
