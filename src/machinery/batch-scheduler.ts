import { unavailable } from "../domain/errors.js";

/**
 * Group commit: concurrent requests wait in one queue and run together as one batch, which may
 * cover many keys (quests). A key is in at most one running batch at a time, so requests for a
 * busy key wait for the next batch and keep their order; up to `concurrency` batches run at once,
 * for disjoint keys. With batching off every request is its own batch, started at once.
 *
 * Requests may belong to accounts (`account`): a batch is filled by turns, one request of each
 * account at a time, starting with the account served longest ago, so an account with much
 * queued work (a flood of large batches) cannot make another wait behind all of it: the other's
 * requests go into the next batch that starts. Within an account requests keep arrival order,
 * and a batch is run in arrival order.
 *
 * Every queue is bounded: a key holds at most `queueMax` requests waiting or running, an account
 * at most its share, and the process at most `totalMax` (and `weightMax`); beyond any, a request
 * is refused at once with 503, whose detail names the bound.
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
   * The account a request is made for, and the most requests and weight one account may have
   * waiting or running (its share of `totalMax` and `weightMax`); beyond either, 503. Unset:
   * every request is of one account, and batches take requests in arrival order.
   */
  account?: { of(request: Req): string; requestsMax: number; weightMax: number };
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
  /** Arrival order. */
  seq: number;
  key: number;
  account: string;
  weight: number;
  request: Req;
  resolve: (result: Res) => void;
  reject: (error: unknown) => void;
}

/** An account's requests and weight waiting or running, and when it was last served. */
interface AccountUsage {
  requests: number;
  weight: number;
  /** The number of the last batch that took one of its requests; -1: none yet. */
  servedIn: number;
}

export function createBatchScheduler<Req, Res>(
  options: SchedulerOptions<Req, Res>,
): BatchScheduler<Req, Res> {
  const { batching, queueMax, totalMax } = options;
  let waiting: Pending<Req, Res>[] = [];
  /** Requests per key, waiting or running: the per-key bound. */
  const countByKey = new Map<number, number>();
  /** Accounts with requests waiting or running: their bounds and their turn. */
  const accounts = new Map<string, AccountUsage>();
  /** Keys of the batches now running. */
  const busyKeys = new Set<number>();
  const running = new Set<Promise<void>>();
  let total = 0;
  let weightTotal = 0;
  let arrivals = 0;
  let batchesTaken = 0;
  let flushScheduled = false;

  const settle = (batch: Pending<Req, Res>[]) => {
    for (const { key, account, weight } of batch) {
      const left = countByKey.get(key)! - 1;
      if (left === 0) countByKey.delete(key);
      else countByKey.set(key, left);
      const usage = accounts.get(account)!;
      usage.requests--;
      usage.weight -= weight;
      // An account that comes back later starts with its turn first, like a new one.
      if (usage.requests === 0) accounts.delete(account);
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
   * The waiting requests in the order a batch considers them: by turns, the first request of
   * each account, then the second of each, and so on; within a turn, the account served longest
   * ago first (ties: the one whose oldest request came first). One account: arrival order.
   */
  const byTurns = (): Pending<Req, Res>[] => {
    const queues = new Map<string, Pending<Req, Res>[]>();
    for (const pending of waiting) {
      const queue = queues.get(pending.account);
      if (queue) queue.push(pending);
      else queues.set(pending.account, [pending]);
    }
    if (queues.size === 1) return waiting;
    const order = [...queues.values()].sort(
      (a, b) =>
        accounts.get(a[0]!.account)!.servedIn - accounts.get(b[0]!.account)!.servedIn ||
        a[0]!.seq - b[0]!.seq,
    );
    const turns: Pending<Req, Res>[] = [];
    for (let turn = 0; turns.length < waiting.length; turn++) {
      for (const queue of order) if (turn < queue.length) turns.push(queue[turn]!);
    }
    return turns;
  };

  /**
   * Waiting requests whose keys are free, weighing up to `sizeMax` (at least one), taken by
   * turns (`byTurns`) and run in arrival order. A key with a request left waiting keeps its later
   * requests waiting too (arrival order per key).
   */
  const take = (): Pending<Req, Res>[] => {
    const batch: Pending<Req, Res>[] = [];
    const taken = new Set<number>();
    const deferred = new Set<number>();
    let weight = 0;
    for (const pending of byTurns()) {
      const free =
        !deferred.has(pending.key) && (taken.has(pending.key) || !busyKeys.has(pending.key));
      const fits = batch.length === 0 || weight + pending.weight <= batching.sizeMax;
      if (free && fits) {
        weight += pending.weight;
        batch.push(pending);
        taken.add(pending.key);
      } else {
        deferred.add(pending.key);
      }
    }
    const chosen = new Set(batch);
    waiting = waiting.filter((pending) => !chosen.has(pending));
    for (const key of taken) busyKeys.add(key);
    batchesTaken++;
    for (const pending of batch) accounts.get(pending.account)!.servedIn = batchesTaken;
    return batch.sort((a, b) => a.seq - b.seq);
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

  /** Why `request` cannot wait now (the 503's detail), or undefined when it can. */
  const refusal = (key: number, account: string, weight: number): string | undefined => {
    const { plural, perKey } = options.what;
    if ((countByKey.get(key) ?? 0) >= queueMax) {
      return `Too many ${plural} are waiting ${perKey} (at most ${queueMax}). Retry shortly.`;
    }
    const share = options.account;
    const usage = accounts.get(account);
    if (share && usage) {
      if (usage.requests >= share.requestsMax) {
        return `Too many ${plural} of this account are waiting (at most ${share.requestsMax} per account). Retry shortly.`;
      }
      if (usage.weight + weight > share.weightMax) {
        return `Too many ${plural} of this account are waiting (at most ${share.weightMax} items per account). Retry shortly.`;
      }
    }
    if (total >= totalMax) {
      return `Too many ${plural} are waiting (at most ${totalMax} per process). Retry shortly.`;
    }
    if (weightTotal > 0 && weightTotal + weight > (options.weightMax ?? Infinity)) {
      return `Too many ${plural} are waiting (at most ${options.weightMax} items per process). Retry shortly.`;
    }
    return undefined;
  };

  const submit = (request: Req) =>
    new Promise<Res>((resolve, reject) => {
      const key = options.keyOf(request);
      const account = options.account?.of(request) ?? "";
      const weight = options.weightOf?.(request) ?? 1;
      const refused = refusal(key, account, weight);
      if (refused !== undefined) {
        reject(unavailable(refused));
        return;
      }
      countByKey.set(key, (countByKey.get(key) ?? 0) + 1);
      const usage = accounts.get(account) ?? { requests: 0, weight: 0, servedIn: -1 };
      usage.requests++;
      usage.weight += weight;
      accounts.set(account, usage);
      total++;
      weightTotal += weight;
      const pending = { seq: arrivals++, key, account, weight, request, resolve, reject };
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
