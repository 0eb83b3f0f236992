import { unavailable } from "../domain/errors.js";

/**
 * Group commit: concurrent requests with the same key (a quest) queue while a batch for that key
 * runs (or for `waitMs`), then run together as one batch. With batching off every request is its
 * own batch, started at once. Either way a key holds at most `queueMax` requests waiting or
 * running; beyond that a request is refused at once with 503, so no queue grows without bound.
 */
export interface BatchScheduler<Req, Res> {
  submit(request: Req): Promise<Res>;
  /** Resolves once every queued and running batch has been answered (graceful shutdown). */
  drain(): Promise<void>;
}

export interface SchedulerOptions<Req, Res> {
  keyOf(request: Req): number;
  /** Runs one batch (all of one key); answer i belongs to request i. A throw fails them all. */
  run(batch: Req[]): Promise<Res[]>;
  batching: { enabled: boolean; sizeMax: number; waitMs: number };
  queueMax: number;
}

interface Pending<Req, Res> {
  request: Req;
  resolve: (result: Res) => void;
  reject: (error: unknown) => void;
}

interface Queue<Req, Res> {
  waiting: Pending<Req, Res>[];
  /** Requests of this key in batches now running. */
  runningCount: number;
  scheduled: boolean;
}

export function createBatchScheduler<Req, Res>(
  options: SchedulerOptions<Req, Res>,
): BatchScheduler<Req, Res> {
  const { batching, queueMax } = options;
  const queues = new Map<number, Queue<Req, Res>>();
  const running = new Set<Promise<void>>();

  const runBatch = async (batch: Pending<Req, Res>[]) => {
    try {
      const results = await options.run(batch.map((p) => p.request));
      batch.forEach((pending, i) => {
        pending.resolve(results[i]!);
      });
    } catch (error) {
      for (const pending of batch) pending.reject(error);
    }
  };

  const start = (key: number, queue: Queue<Req, Res>, batch: Pending<Req, Res>[]) => {
    queue.runningCount += batch.length;
    const done = runBatch(batch).finally(() => {
      running.delete(done);
      queue.runningCount -= batch.length;
      if (batching.enabled && queue.waiting.length > 0) flush(key, queue);
      else if (queue.runningCount === 0 && queue.waiting.length === 0) queues.delete(key);
    });
    running.add(done);
  };

  const flush = (key: number, queue: Queue<Req, Res>) => {
    queue.scheduled = false;
    if (queue.runningCount > 0 || queue.waiting.length === 0) return;
    start(key, queue, queue.waiting.splice(0, batching.sizeMax));
  };

  const submit = (request: Req) =>
    new Promise<Res>((resolve, reject) => {
      const key = options.keyOf(request);
      let queue = queues.get(key);
      if (!queue) {
        queue = { waiting: [], runningCount: 0, scheduled: false };
        queues.set(key, queue);
      }
      if (queue.waiting.length + queue.runningCount >= queueMax) {
        reject(
          unavailable(
            `Too many allocations are waiting for this quest (at most ${queueMax}). Retry shortly.`,
          ),
        );
        return;
      }
      const pending = { request, resolve, reject };
      if (!batching.enabled) {
        start(key, queue, [pending]);
        return;
      }
      queue.waiting.push(pending);
      if (queue.runningCount > 0 || queue.scheduled) return;
      const q = queue;
      q.scheduled = true;
      // setImmediate lets every request that arrived in this I/O turn join the batch.
      if (batching.waitMs > 0) setTimeout(() => flush(key, q), batching.waitMs);
      else setImmediate(() => flush(key, q));
    });

  const drain = async () => {
    while (running.size > 0 || [...queues.values()].some((q) => q.waiting.length > 0)) {
      await Promise.allSettled([...running]);
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  return { submit, drain };
}
