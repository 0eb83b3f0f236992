/**
 * The webhook delivery worker on a thread of its own (`serve` on PostgreSQL): the very
 * `createWebhookDelivery` the tests drive in-process, run by `webhook-delivery-thread-main.ts`
 * in a `worker_threads` Worker with its own small pool, so claiming, signing, sending and
 * recording never take the event loop that answers allocations. The API is the worker's
 * (`start`, `stop`, `poke`, `runOnce`); pokes, stops and runs are messages to the thread, and
 * what it reports (attempts, drops, its own failures) comes back in batches.
 *
 * A thread that dies is started again after a second: what it held claimed is leased, and sent
 * again once the lease ends (at least once, the same webhook-id), as if a process had died.
 */

import { extname } from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { DbTimeouts } from "../db/handle.js";
import type { AttemptReport, WebhookDelivery } from "./webhook-delivery.js";

/** What the thread needs to open its own pool and run the worker (structured-cloned). */
export interface DeliveryThreadSettings {
  databaseUrl: string;
  /** Connections of the thread's own pool. */
  poolSize: number;
  timeouts: DbTimeouts;
  pendingMax: number;
  allowPrivateTargets: boolean;
}

/** Messages to the thread. */
export type ToThread =
  | { kind: "start" }
  | { kind: "poke" }
  | { kind: "run-once"; id: number }
  | { kind: "stop" };

/** Messages from the thread. */
export type FromThread =
  | { kind: "reports"; attempts: AttemptReport[]; dropped: number }
  | { kind: "error"; message: string; stack?: string | undefined }
  | { kind: "ran"; id: number; sent: number; error?: string | undefined }
  | { kind: "stopped" };

export interface DeliveryThreadHooks {
  onAttempt?: (report: AttemptReport) => void;
  onDropped?: (count: number) => void;
}

/** A dead thread is started again after this long. */
const RESTART_DELAY_MS = 1_000;

/**
 * A thread running the entry beside this file: built, `webhook-delivery-thread-main.js`; from
 * the sources (tsx: `npm run dev`, the bench, the tests' processes), the `.ts` one, loaded
 * through tsx registered in the thread (a thread does not inherit the process's loader hooks).
 */
function newThread(workerData: DeliveryThreadSettings): Worker {
  const ext = extname(fileURLToPath(import.meta.url));
  const entry = new URL(`./webhook-delivery-thread-main${ext}`, import.meta.url);
  if (ext !== ".ts") return new Worker(entry, { workerData });
  const tsx = import.meta.resolve("tsx/esm/api");
  return new Worker(
    `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); });`,
    { eval: true, workerData },
  );
}

export function createWebhookDeliveryThread(
  settings: DeliveryThreadSettings,
  hooks: DeliveryThreadHooks = {},
): WebhookDelivery {
  let onError: ((error: unknown) => void) | undefined;
  let worker: Worker | undefined;
  let running = false;
  let restartTimer: NodeJS.Timeout | undefined;
  let stopped: (() => void) | undefined;
  let nextRunId = 0;
  const runs = new Map<number, { resolve: (sent: number) => void; reject: (e: Error) => void }>();

  function spawn(): Worker {
    const thread = newThread(settings);
    thread.on("message", (message: FromThread) => {
      switch (message.kind) {
        case "reports":
          for (const report of message.attempts) hooks.onAttempt?.(report);
          if (message.dropped > 0) hooks.onDropped?.(message.dropped);
          break;
        case "error":
          onError?.(Object.assign(new Error(message.message), { stack: message.stack }));
          break;
        case "ran": {
          const run = runs.get(message.id);
          runs.delete(message.id);
          if (message.error === undefined) run?.resolve(message.sent);
          else run?.reject(new Error(message.error));
          break;
        }
        case "stopped":
          stopped?.();
          break;
      }
    });
    thread.on("error", (error) => onError?.(error));
    thread.on("exit", () => {
      if (worker !== thread) return;
      worker = undefined;
      for (const run of runs.values()) run.reject(new Error("the webhook delivery thread ended"));
      runs.clear();
      stopped?.();
      if (running) {
        onError?.(new Error("the webhook delivery thread ended; starting it again"));
        restartTimer = setTimeout(() => {
          restartTimer = undefined;
          if (running) start();
        }, RESTART_DELAY_MS);
        restartTimer.unref();
      }
    });
    return thread;
  }

  function post(message: ToThread): void {
    worker?.postMessage(message);
  }

  function start(): void {
    worker = spawn();
    post({ kind: "start" });
  }

  return {
    start(errors) {
      if (errors) onError = errors;
      if (running) return;
      running = true;
      start();
    },
    async stop() {
      running = false;
      if (restartTimer) clearTimeout(restartTimer);
      const thread = worker;
      if (!thread) return;
      // The thread stops its worker (what is in flight is recorded) and closes its pool.
      await new Promise<void>((resolve) => {
        stopped = resolve;
        post({ kind: "stop" });
      });
      stopped = undefined;
      worker = undefined;
      await thread.terminate();
    },
    poke() {
      if (running) post({ kind: "poke" });
    },
    runOnce() {
      if (!worker) worker = spawn();
      const id = nextRunId++;
      return new Promise<number>((resolve, reject) => {
        runs.set(id, { resolve, reject });
        post({ kind: "run-once", id });
      });
    },
  };
}
