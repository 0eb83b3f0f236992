import { unavailable } from "../domain/errors.js";

/**
 * Group commit: concurrent requests wait in one queue (in arrival order) and run together as one
 * batch, which may cover many keys (quests). A key is in at most one running batch at a time, so
 * requests for a busy key wait for the next batch and keep their order; up to `concurrency`
 * batches run at once, for disjoint keys. With batching off every request is its own batch,
 * started at once.
 *
 * Every queue is bounded: a key holds at most `queueMax` requests waiting or running, and the
 * process at most `totalMax`; beyond either a request is refused at once with 503.
 */
export interface BatchScheduler<Req, Res> {
  submit(request: Req): Promise<Res>;
  /** Resolves once every queued and running batch has been answered (graceful shutdown). */
  drain(): Promise<void>;
  /** Requests waiting or in a running batch. */
  size(): number;
}

export interface SchedulerOptions<Req, Res> {
  keyOf(request: Req): number;
  /**
   * What a request weighs against `sizeMax` and `weightMax` (a batch request: its items); 1 when
   * unset. A request heavier than `sizeMax` runs in a batch of its own.
   */
  weightOf?(request: Req): number;
  /** The most weight waiting or running in the process (items held in memory); beyond it, 503. */
  weightMax?: number;
  /**
   * Runs one batch, in arrival order; answer i belongs to request i, and an answer that is an
   * Error fails that request alone. A throw fails them all.
   */
  run(batch: Req[]): Promise<(Res | Error)[]>;
  batching: { enabled: boolean; sizeMax: number; waitMs: number; concurrency: number };
  queueMax: number;
  totalMax: number;
  /** What waits, for the 503's detail: "allocations" names them "allocations … for this quest". */
  what: { plural: string; perKey: string };
}

interface Pending<Req, Res> {
  key: number;
  weight: number;
  request: Req;
  resolve: (result: Res) => void;
  reject: (error: unknown) => void;
}

export function createBatchScheduler<Req, Res>(
  options: SchedulerOptions<Req, Res>,
): BatchScheduler<Req, Res> {
  const { batching, queueMax, totalMax } = options;
  let waiting: Pending<Req, Res>[] = [];
  /** Requests per key, waiting or running: the per-key bound. */
  const countByKey = new Map<number, number>();
  /** Keys of the batches now running. */
  const busyKeys = new Set<number>();
  const running = new Set<Promise<void>>();
  let total = 0;
  let weightTotal = 0;
  let flushScheduled = false;

  const settle = (batch: Pending<Req, Res>[]) => {
    for (const { key, weight } of batch) {
      const left = countByKey.get(key)! - 1;
      if (left === 0) countByKey.delete(key);
      else countByKey.set(key, left);
      busyKeys.delete(key);
      weightTotal -= weight;
    }
    total -= batch.length;
  };

  const start = (batch: Pending<Req, Res>[]) => {
    const done = (async () => {
      try {
        const results = await options.run(batch.map((p) => p.request));
        batch.forEach((pending, i) => {
          const result = results[i]!;
          if (result instanceof Error) pending.reject(result);
          else pending.resolve(result);
        });
      } catch (error) {
        for (const pending of batch) pending.reject(error);
      }
    })().finally(() => {
      running.delete(done);
      settle(batch);
      // What arrived while this batch ran is the next batch: no extra wait.
      if (batching.enabled) flush();
    });
    running.add(done);
  };

  /**
   * The oldest waiting requests whose keys are free, weighing up to `sizeMax` (at least one), in
   * arrival order.
   */
  const take = (): Pending<Req, Res>[] => {
    const batch: Pending<Req, Res>[] = [];
    const rest: Pending<Req, Res>[] = [];
    const taken = new Set<number>();
    // Keys with a request left waiting: their later requests wait too (arrival order per key).
    const deferred = new Set<number>();
    let weight = 0;
    for (const pending of waiting) {
      const free =
        !deferred.has(pending.key) && (taken.has(pending.key) || !busyKeys.has(pending.key));
      const fits = batch.length === 0 || weight + pending.weight <= batching.sizeMax;
      if (free && fits) {
        weight += pending.weight;
        batch.push(pending);
        taken.add(pending.key);
      } else {
        rest.push(pending);
        deferred.add(pending.key);
      }
    }
    waiting = rest;
    for (const key of taken) busyKeys.add(key);
    return batch;
  };

  const flush = () => {
    flushScheduled = false;
    while (running.size < batching.concurrency && waiting.length > 0) {
      const batch = take();
      if (batch.length === 0) return;
      start(batch);
    }
  };

  const scheduleFlush = () => {
    if (flushScheduled) return;
    flushScheduled = true;
    // setImmediate lets every request that arrived in this I/O turn join the batch.
    if (batching.waitMs > 0) setTimeout(flush, batching.waitMs);
    else setImmediate(flush);
  };

  const submit = (request: Req) =>
    new Promise<Res>((resolve, reject) => {
      const key = options.keyOf(request);
      const weight = options.weightOf?.(request) ?? 1;
      const count = countByKey.get(key) ?? 0;
      if (count >= queueMax) {
        reject(
          unavailable(
            `Too many ${options.what.plural} are waiting ${options.what.perKey} (at most ${queueMax}). Retry shortly.`,
          ),
        );
        return;
      }
      if (total >= totalMax) {
        reject(
          unavailable(
            `Too many ${options.what.plural} are waiting (at most ${totalMax} per process). Retry shortly.`,
          ),
        );
        return;
      }
      if (weightTotal > 0 && weightTotal + weight > (options.weightMax ?? Infinity)) {
        reject(
          unavailable(
            `Too many ${options.what.plural} are waiting (at most ${options.weightMax} items per process). Retry shortly.`,
          ),
        );
        return;
      }
      countByKey.set(key, count + 1);
      total++;
      weightTotal += weight;
      const pending = { key, weight, request, resolve, reject };
      if (!batching.enabled) {
        start([pending]);
        return;
      }
      waiting.push(pending);
      if (running.size < batching.concurrency) scheduleFlush();
    });

  const drain = async () => {
    while (running.size > 0 || waiting.length > 0) {
      await Promise.allSettled([...running]);
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  return { submit, drain, size: () => total };
}
