/**
 * The entry of the webhook delivery thread (`webhook-delivery-thread.ts`): opens its own small
 * PostgreSQL pool and runs `createWebhookDelivery` on it, answering the main thread's messages.
 * Attempts and drops are reported in batches, a few messages a second rather than one per
 * delivery.
 */

import { parentPort, workerData } from "node:worker_threads";
import { openPostgres } from "../db/postgres.js";
import type { AttemptReport } from "./webhook-delivery.js";
import { createWebhookDelivery } from "./webhook-delivery.js";
import type { DeliveryThreadSettings, FromThread, ToThread } from "./webhook-delivery-thread.js";

/** Attempts are reported to the main thread (its /metrics) at most this often. */
const REPORT_INTERVAL_MS = 200;

const port = parentPort;
if (!port) throw new Error("webhook-delivery-thread-main.ts runs only as a worker thread");
const settings = workerData as DeliveryThreadSettings;
const send = (message: FromThread) => port.postMessage(message);

const db = openPostgres({
  url: settings.databaseUrl,
  poolSize: settings.poolSize,
  timeouts: settings.timeouts,
});

let attempts: AttemptReport[] = [];
let dropped = 0;
let reportTimer: NodeJS.Timeout | undefined;
function flushReports(): void {
  if (reportTimer) clearTimeout(reportTimer);
  reportTimer = undefined;
  if (attempts.length === 0 && dropped === 0) return;
  send({ kind: "reports", attempts, dropped });
  attempts = [];
  dropped = 0;
}
function reportSoon(): void {
  reportTimer ??= setTimeout(flushReports, REPORT_INTERVAL_MS);
}

const describe = (error: unknown) =>
  error instanceof Error
    ? { message: error.message, stack: error.stack }
    : { message: String(error), stack: undefined };

const delivery = createWebhookDelivery(db, {
  pendingMax: settings.pendingMax,
  allowPrivateTargets: settings.allowPrivateTargets,
  onAttempt: (report) => {
    attempts.push(report);
    reportSoon();
  },
  onDropped: (count) => {
    dropped += count;
    reportSoon();
  },
  onError: (error) => send({ kind: "error", ...describe(error) }),
});

port.on("message", (message: ToThread) => {
  switch (message.kind) {
    case "start":
      delivery.start((error) => send({ kind: "error", ...describe(error) }));
      break;
    case "poke":
      delivery.poke();
      break;
    case "run-once":
      delivery.runOnce().then(
        (sent) => {
          flushReports();
          send({ kind: "ran", id: message.id, sent });
        },
        (error: unknown) => send({ kind: "ran", id: message.id, sent: 0, ...errorText(error) }),
      );
      break;
    case "stop":
      void stop();
      break;
  }
});

const errorText = (error: unknown) => ({ error: describe(error).message });

async function stop(): Promise<void> {
  try {
    await delivery.stop();
  } catch (error) {
    send({ kind: "error", ...describe(error) });
  }
  flushReports();
  await db.close().catch(() => {});
  send({ kind: "stopped" });
}
