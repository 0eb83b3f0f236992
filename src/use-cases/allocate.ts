import type { Db } from "../db/handle.js";
import {
  ALLOCATION_ITEMS_QUEUED_MAX,
  ALLOCATION_ITEMS_QUEUED_PER_ACCOUNT_MAX,
  ALLOCATION_QUEUE_PER_ACCOUNT_MAX,
  ALLOCATION_QUEUE_TOTAL_MAX,
} from "../domain/limits.js";
import { createBatchScheduler } from "../machinery/batch-scheduler.js";
import {
  type Answer,
  type BatchRun,
  type Job,
  nothingPaid,
  type PaidByMode,
  runAllocationBatch,
} from "./allocation-batch.js";
import type { AllocationRequest, ItemOutcome, RequestOutcome } from "./allocation-outcomes.js";
import { refused } from "./allocation-outcomes.js";
import {
  batchKey,
  inProgress,
  itemKey,
  parseIdempotencyKey,
  refuseRepeatedKeys,
} from "./idempotency.js";

export type { PaidByMode } from "./allocation-batch.js";

/** Who asks for an allocation: the API key, its account, and the request's correlation id. */
interface Asker {
  questId: number;
  keyId: string;
  accountId: string;
  requestId: string;
}

/**
 * `POST /quests/{questId}`: one allocation. `idempotencyKey` is the header as sent (its shape is
 * checked here). The answer is the item's outcome, or the request's refusal (key, quest, owner).
 */
export async function allocatePoints(
  allocate: Allocate,
  input: Asker & {
    pass: string;
    points: number;
    idempotencyKey: string | string[] | undefined;
  },
): Promise<ItemOutcome> {
  const { questId, keyId, accountId, requestId, pass, points } = input;
  const key = parseIdempotencyKey(input.idempotencyKey);
  const item = { pass, points, idempotency: itemKey(questId, input, key) };
  const result = await allocate({
    questId,
    keyId,
    accountId,
    items: [item],
    atomic: false,
    requestId,
  });
  return result.ok ? result.items[0]! : result;
}

/**
 * `POST /quests/{questId}/allocations`: up to a thousand items, each with its own idempotency
 * key, and the request's own key (the header as sent). A key repeated in the request is 400.
 */
export async function allocateBatch(
  allocate: Allocate,
  input: Asker & {
    items: readonly { pass: string; points: number; idempotencyKey?: string | undefined }[];
    atomic: boolean;
    idempotencyKey: string | string[] | undefined;
  },
): Promise<RequestOutcome> {
  const { questId, keyId, accountId, requestId, atomic } = input;
  const header = parseIdempotencyKey(input.idempotencyKey);
  refuseRepeatedKeys(
    input.items.map((item) => item.idempotencyKey),
    header,
  );
  const items = input.items.map((item) => ({
    pass: item.pass,
    points: item.points,
    idempotency: itemKey(questId, item, item.idempotencyKey),
  }));
  const idempotency = batchKey(questId, atomic, items, header);
  return allocate({ questId, keyId, accountId, items, atomic, requestId, idempotency });
}

export interface Allocate {
  (request: AllocationRequest): Promise<RequestOutcome>;
  /** Resolves once every queued and running batch has been answered (graceful shutdown). */
  drain(): Promise<void>;
  /** Requests of this process waiting for a batch or in a running one (for /metrics). */
  queued(): number;
}

/** What a batch did, reported once its transaction ended (for /metrics). */
export interface BatchReport {
  /** Requests in the batch. */
  requests: number;
  /** Distinct quests the batch covered. */
  quests: number;
  /** Payouts committed, of both modes (0 when the transaction failed). */
  payouts: number;
  /** Points those payouts paid. */
  pointsPaid: number;
  /** The same, live and test mode apart. */
  byMode: PaidByMode;
  /** Wall time of the transaction. */
  seconds: number;
  /** false: the transaction failed and every request in it got the error. */
  committed: boolean;
  /** Webhook deliveries the batch queued (0 when nobody listens). */
  webhookDeliveries: number;
}

export interface AllocateOptions {
  batching: { enabled: boolean; sizeMax: number; waitMs: number; concurrency: number };
  queueMax: number;
  /** Told about every batch; must not throw. */
  onBatch?: ((report: BatchReport) => void) | undefined;
}

/**
 * The allocate use case. Concurrent requests are grouped (group commit), over many quests at
 * once, and each group runs in one transaction that locks its quests' rows in id order (so no two
 * processes deadlock), re-checks every key and each quest's owner, decides each quest's items in
 * arrival order against its running remainder, debits all quests, inserts all payouts, raises
 * the kept totals and stores the idempotency records, and commits before any request is
 * answered (`allocation-batch.ts`). A batch request is one entry of the group, weighing as many
 * items as it has.
 *
 * Each account (the key's) has a share of the queue of its own, and batches take accounts in
 * turns, so an owner flooding its quests gets the 503 of its own bound and never holds up
 * another owner's allocations by more than a batch.
 */
export function createAllocate(db: Db, options: AllocateOptions): Allocate {
  const scheduler = createBatchScheduler<Job, RequestOutcome>({
    keyOf: (job) => job.request.questId,
    weightOf: (job) => job.request.items.length,
    weightMax: ALLOCATION_ITEMS_QUEUED_MAX,
    account: {
      of: (job) => job.request.accountId,
      requestsMax: ALLOCATION_QUEUE_PER_ACCOUNT_MAX,
      weightMax: ALLOCATION_ITEMS_QUEUED_PER_ACCOUNT_MAX,
    },
    run: (batch) => observed(batch, () => runAllocationBatch(db, batch)),
    batching: options.batching,
    queueMax: options.queueMax,
    totalMax: ALLOCATION_QUEUE_TOTAL_MAX,
    what: { plural: "allocations", perKey: "for this quest" },
  });
  const observed = async (batch: Job[], run: () => Promise<BatchRun<Answer>>) => {
    if (!options.onBatch) return (await run()).outcomes;
    const startedAt = performance.now();
    const report = (paid: PaidByMode | undefined, webhookDeliveries = 0) => {
      const byMode = paid ?? nothingPaid();
      options.onBatch!({
        requests: batch.length,
        quests: new Set(batch.map((job) => job.request.questId)).size,
        payouts: byMode.live.payouts + byMode.test.payouts,
        pointsPaid: byMode.live.points + byMode.test.points,
        byMode,
        seconds: (performance.now() - startedAt) / 1000,
        committed: paid !== undefined,
        webhookDeliveries,
      });
    };
    try {
      const { outcomes, paid, deliveries } = await run();
      report(paid, deliveries);
      return outcomes;
    } catch (error) {
      report(undefined);
      throw error;
    }
  };
  // Keys in flight in this process are refused at once; across processes the advisory lock
  // taken by tryLockIdempotencyKeys gives the same answer.
  const inFlight = new Set<string>();

  const allocate = (async (request) => {
    const held: string[] = [];
    const hold = (key: string) => {
      const flightKey = `${request.accountId}:${key}`;
      if (inFlight.has(flightKey)) return false;
      inFlight.add(flightKey);
      held.push(flightKey);
      return true;
    };
    try {
      if (request.idempotency && !hold(request.idempotency.key)) {
        return refused(request, inProgress());
      }
      const busyItems = new Set<number>();
      request.items.forEach((item, i) => {
        if (item.idempotency && !hold(item.idempotency.key)) busyItems.add(i);
      });
      // Nothing left to decide (a single allocation whose key is in flight): answered at once.
      if (busyItems.size === request.items.length && !request.atomic && !request.idempotency) {
        return {
          ok: true,
          items: request.items.map(() => refused(request, inProgress())),
          replayed: false,
        };
      }
      return await scheduler.submit({ request, busyItems });
    } finally {
      for (const key of held) inFlight.delete(key);
    }
  }) as Allocate;
  allocate.drain = scheduler.drain;
  allocate.queued = scheduler.size;
  return allocate;
}
