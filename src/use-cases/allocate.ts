import { v7 as uuidv7 } from "uuid";
import { decideInOrder, type GroupDecision } from "../domain/allocation.js";
import { MODES, type Mode } from "../domain/api-keys.js";
import { AppError, type ErrorCode, isErrorCode, unavailable } from "../domain/errors.js";
import {
  ALLOCATION_ITEMS_QUEUED_MAX,
  ALLOCATION_ITEMS_QUEUED_PER_ACCOUNT_MAX,
  ALLOCATION_PASS_RACE_RETRIES_MAX,
  ALLOCATION_QUEUE_PER_ACCOUNT_MAX,
  ALLOCATION_QUEUE_TOTAL_MAX,
} from "../domain/limits.js";
import type { Payout } from "../domain/records.js";
import {
  type AllocationContext,
  claimId,
  type LockedQuest,
  lockQuestsForAllocation,
  type PayoutToWrite,
  readAllocationContext,
  writeAllocationBatch,
} from "../store/allocations.js";
import type { Db, Tx } from "../store/db.js";
import { isLockNotGranted } from "../store/db-errors.js";
import {
  type IdempotencyClaim,
  type StoredClaim,
  type StoredItemOutcome,
  type StoredOutcome,
  tryLockIdempotencyKeys,
} from "../store/idempotency.js";
import { isPassPointsOverLimit } from "../store/pass-totals.js";
import { createBatchScheduler } from "./allocation-scheduler.js";

/** One item to pay: a single allocation's body, or one entry of a batch. */
export interface ItemRequest {
  /** Checksummed receiving address. */
  pass: string;
  points: number;
  /** The item's idempotency key (a single allocation's header): replays its first outcome. */
  idempotency?: { key: string; requestHash: string } | undefined;
}

/**
 * One `POST /quests/{questId}` (one item) or `POST /quests/{questId}/allocations` (up to a
 * thousand), after the HTTP layer checked its shape and its key.
 */
export interface AllocationRequest {
  questId: number;
  /** The API key that asked; re-checked under the quest lock. */
  keyId: string;
  /** The key's account: must own the quest; scopes the idempotency keys. */
  accountId: string;
  items: ItemRequest[];
  /** All or nothing: if any item fails, nothing is paid and the request is BATCH_REJECTED. */
  atomic: boolean;
  /** Correlation id of the request, kept with a stored refusal. */
  requestId: string;
  /** A batch's own `Idempotency-Key`: a retry replays the whole first answer. */
  idempotency?: { key: string; requestHash: string } | undefined;
}

/** What a payout answer shows. */
export type PayoutReceipt = Pick<Payout, "id" | "amount" | "createdAt" | "pass">;

/** A refusal with the contract's code, and the id of the request that was first refused. */
export type Refusal = { ok: false; error: AppError; replayed: boolean; requestId: string };

/** One item's outcome: paid, or refused with the contract's code. */
export type ItemOutcome = { ok: true; payout: PayoutReceipt; replayed: boolean } | Refusal;

/**
 * A request's outcome: its items' outcomes in order, or the whole request refused (its key, its
 * quest, its idempotency key, or an atomic batch with a failed item). `replayed`: the answer is a
 * batch's first answer again.
 */
export type RequestOutcome = { ok: true; items: ItemOutcome[]; replayed: boolean } | Refusal;

/** What the items paid now: replays paid earlier and are not counted. */
export function paidIn(items: readonly ItemOutcome[]): { count: number; points: number } {
  let count = 0;
  let points = 0;
  for (const item of items) {
    if (item.ok && !item.replayed) {
      count++;
      points += item.payout.amount;
    }
  }
  return { count, points };
}

export interface Allocate {
  (request: AllocationRequest): Promise<RequestOutcome>;
  /** Resolves once every queued and running batch has been answered (graceful shutdown). */
  drain(): Promise<void>;
  /** Requests of this process waiting for a batch or in a running one (for /metrics). */
  queued(): number;
}

/** Payouts committed and the points they paid, by their quests' mode. */
export type PaidByMode = Record<Mode, { payouts: number; points: number }>;

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
}

export interface AllocateOptions {
  batching: { enabled: boolean; sizeMax: number; waitMs: number; concurrency: number };
  queueMax: number;
  /** Told about every batch; must not throw. */
  onBatch?: ((report: BatchReport) => void) | undefined;
}

/**
 * A request as the scheduler carries it, with the items whose idempotency keys another request
 * of this process holds (they are answered IDEMPOTENCY_IN_PROGRESS).
 */
interface Job {
  request: AllocationRequest;
  busyItems: ReadonlySet<number>;
}

/**
 * The allocate use case. Concurrent requests are grouped (group commit), over many quests at
 * once, and each group runs in one transaction that locks its quests' rows in id order (so no two
 * processes deadlock), re-checks every key and each quest's owner, decides each quest's items in
 * arrival order against its running remainder, debits all quests, inserts all payouts, raises
 * the kept totals and stores the idempotency records, and commits before any request is
 * answered. A batch request is one entry of the group, weighing as many items as it has.
 *
 * Each account (the key's) has a share of the queue of its own, and batches take accounts in
 * turns, so an owner flooding its quests gets the 503 of its own bound and never holds up
 * another owner's allocations by more than a batch.
 */
export function createAllocate(db: Db, options: AllocateOptions): Allocate {
  const runInTransaction = (batch: Job[]) =>
    decidedAgainOnPassRace(() => db.transaction((tx) => allocateBatch(tx, batch)));
  const scheduler = createBatchScheduler<Job, RequestOutcome>({
    keyOf: (job) => job.request.questId,
    weightOf: (job) => job.request.items.length,
    weightMax: ALLOCATION_ITEMS_QUEUED_MAX,
    account: {
      of: (job) => job.request.accountId,
      requestsMax: ALLOCATION_QUEUE_PER_ACCOUNT_MAX,
      weightMax: ALLOCATION_ITEMS_QUEUED_PER_ACCOUNT_MAX,
    },
    run: (batch) => observed(batch, () => runIsolatingBusyQuests(runInTransaction, batch)),
    batching: options.batching,
    queueMax: options.queueMax,
    totalMax: ALLOCATION_QUEUE_TOTAL_MAX,
    what: { plural: "allocations", perKey: "for this quest" },
  });
  const observed = async (batch: Job[], run: () => Promise<BatchRun<Answer>>) => {
    if (!options.onBatch) return (await run()).outcomes;
    const startedAt = performance.now();
    const report = (paid: PaidByMode | undefined) => {
      const byMode = paid ?? nothingPaid();
      options.onBatch!({
        requests: batch.length,
        quests: new Set(batch.map((job) => job.request.questId)).size,
        payouts: byMode.live.payouts + byMode.test.payouts,
        pointsPaid: byMode.live.points + byMode.test.points,
        byMode,
        seconds: (performance.now() - startedAt) / 1000,
        committed: paid !== undefined,
      });
    };
    try {
      const { outcomes, paid } = await run();
      report(paid);
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

/** A request's outcome, or the failure of the transaction it was in. */
type Answer = RequestOutcome | Error;

/** What a batch answered (outcome i answers job i) and what its committed transactions paid. */
interface BatchRun<T> {
  outcomes: T[];
  paid: PaidByMode;
}

const nothingPaid = (): PaidByMode => ({
  live: { payouts: 0, points: 0 },
  test: { payouts: 0, points: 0 },
});

function addPaid(to: PaidByMode, from: PaidByMode): void {
  for (const mode of MODES) {
    to[mode].payouts += from[mode].payouts;
    to[mode].points += from[mode].points;
  }
}

/**
 * A batch decides on its passes' totals as it read them; when another transaction paid one of
 * them meanwhile and the write would take it beyond the limit, the CHECK refused the write and
 * nothing was stored, so the batch runs again and decides on the new total. Bounded: then 503.
 */
async function decidedAgainOnPassRace<T>(run: () => Promise<T>): Promise<T> {
  for (let retries = 0; ; retries++) {
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof PassTotalRaced)) throw error;
      if (retries >= ALLOCATION_PASS_RACE_RETRIES_MAX) {
        throw unavailable(
          "The points of a pass in this allocation kept changing while it was decided. Retry shortly.",
          1,
          error.cause,
        );
      }
    }
  }
}

/**
 * A batch over several quests waits for all their row locks; one quest held long elsewhere (an
 * operator's edit, another process's batch) would make every quest in it fail at the lock
 * timeout. When locking fails, nothing was written, so the batch is run again one quest per
 * transaction: only the busy quest's requests get the 503.
 */
async function runIsolatingBusyQuests(
  run: (batch: Job[]) => Promise<BatchRun<RequestOutcome>>,
  batch: Job[],
): Promise<BatchRun<Answer>> {
  try {
    return await run(batch);
  } catch (error) {
    if (!(error instanceof QuestLockNotGranted)) throw error;
    const groups = [...groupByQuest(batch, (job) => job.request.questId).values()];
    if (groups.length === 1) throw error.cause;
    const answers = new Map<Job, Answer>();
    const paid = nothingPaid();
    // A few at a time: a retry must not take every pooled connection from other traffic.
    for (let i = 0; i < groups.length; i += RETRY_TRANSACTIONS_MAX) {
      await Promise.all(
        groups.slice(i, i + RETRY_TRANSACTIONS_MAX).map(async (jobs) => {
          const outcomes: Answer[] = await run(jobs).then(
            (done) => {
              addPaid(paid, done.paid);
              return done.outcomes;
            },
            (failure: unknown) => {
              const cause = failure instanceof QuestLockNotGranted ? failure.cause : failure;
              return jobs.map(() => (cause instanceof Error ? cause : new Error(String(cause))));
            },
          );
          jobs.forEach((job, i) => {
            answers.set(job, outcomes[i]!);
          });
        }),
      );
    }
    return { outcomes: batch.map((job) => answers.get(job)!), paid };
  }
}

const RETRY_TRANSACTIONS_MAX = 4;

/** A lock the batch needed (its quests', its passes' totals) was not granted in time. */
class QuestLockNotGranted extends Error {
  constructor(override readonly cause: unknown) {
    super("A quest of an allocation batch was not locked within the lock timeout.");
  }
}

/** The batch's write would have taken a pass beyond the points limit: decide it again. */
class PassTotalRaced extends Error {
  constructor(override readonly cause: unknown) {
    super("A pass of an allocation batch was paid by another transaction meanwhile.");
  }
}

/** The entries of each quest, in arrival order. */
function groupByQuest<T>(entries: readonly T[], questOf: (entry: T) => number): Map<number, T[]> {
  const byQuest = new Map<number, T[]>();
  for (const entry of entries) {
    const group = byQuest.get(questOf(entry));
    if (group) group.push(entry);
    else byQuest.set(questOf(entry), [entry]);
  }
  return byQuest;
}

/** A refusal of a request or of one of its items: both carry the request's id. */
const refused = (request: AllocationRequest, error: AppError): Refusal => ({
  ok: false,
  error,
  replayed: false,
  requestId: request.requestId,
});

function inProgress(): AppError {
  return new AppError(
    "IDEMPOTENCY_IN_PROGRESS",
    "A request with this Idempotency-Key is still being processed; retry shortly.",
  );
}

function keyReused(): AppError {
  return new AppError(
    "IDEMPOTENCY_KEY_REUSED",
    "This Idempotency-Key was already used with a different quest or body.",
  );
}

/** An atomic batch with failed items: each is named with its code. */
function batchRejected(items: readonly ItemOutcome[]): AppError {
  const errors = items.flatMap((outcome, i) =>
    outcome.ok
      ? []
      : [
          {
            field: `allocations/${i}`,
            message: `${outcome.error.code}: ${outcome.error.message}`,
            code: outcome.error.code,
          },
        ],
  );
  return new AppError(
    "BATCH_REJECTED",
    `${errors.length} of ${items.length} allocations would fail, so none was paid (atomic).`,
    errors,
  );
}

/** A job's idempotency claims: its own (a batch's header) and each item's. */
interface JobClaims {
  request: IdempotencyClaim | undefined;
  items: (IdempotencyClaim | undefined)[];
}

function claimsOf({ request, busyItems }: Job): JobClaims {
  const claim = (key: { key: string; requestHash: string } | undefined) =>
    key && {
      accountId: request.accountId,
      key: key.key,
      questId: request.questId,
      requestHash: key.requestHash,
    };
  return {
    request: claim(request.idempotency),
    items: request.items.map((item, i) => (busyItems.has(i) ? undefined : claim(item.idempotency))),
  };
}

/** What is known of an idempotency key: free (claimed here) or in flight, and stored. */
interface ClaimState {
  free: boolean;
  stored: StoredClaim | undefined;
}

/** One batch inside its transaction; outcome i answers job i. */
async function allocateBatch(tx: Tx, jobs: readonly Job[]): Promise<BatchRun<RequestOutcome>> {
  const claims = jobs.map(claimsOf);
  const given = claims.flatMap((c) => [c.request, ...c.items]).filter((c) => c !== undefined);
  const lockedClaims = await tryLockIdempotencyKeys(tx, given);
  const freeClaims = new Set(given.filter((_, i) => lockedClaims[i]));

  const questIds = [...new Set(jobs.map((job) => job.request.questId))];
  const quests = await lockQuestsForAllocation(tx, questIds).catch((error: unknown) => {
    throw isLockNotGranted(error) ? new QuestLockNotGranted(error) : error;
  });
  const passesOf = (selected: readonly Job[]) => [
    ...new Set(selected.flatMap((job) => job.request.items.map((item) => item.pass))),
  ];
  const context = await readAllocationContext(tx, {
    questIds,
    keyIds: [...new Set(jobs.map((job) => job.request.keyId))],
    passes: passesOf(jobs),
    livePasses: passesOf(jobs.filter((job) => quests.get(job.request.questId)?.mode === "live")),
    claims: [...freeClaims],
  });
  const stateOf = (claim: IdempotencyClaim | undefined): ClaimState | undefined =>
    claim && { free: freeClaims.has(claim), stored: context.stored.get(claimId(claim)) };

  // Refusals that come before the rules (the order of checks): key, quest, owner, then the
  // request's idempotency key, then each item's.
  const early = jobs.map((job, i) =>
    precheck(
      job.request,
      quests.get(job.request.questId),
      context.liveKeyIds,
      stateOf(claims[i]!.request),
    ),
  );
  const itemsEarly = jobs.map((job, i) =>
    early[i]
      ? []
      : job.request.items.map((item, n) =>
          job.busyItems.has(n)
            ? refused(job.request, inProgress())
            : precheckItem(job.request, item, stateOf(claims[i]!.items[n])),
        ),
  );
  const decisions = decideEachQuest(jobs, early, itemsEarly, quests, context);

  const payouts: PayoutToWrite[] = [];
  const records: { claim: IdempotencyClaim; outcome: StoredOutcome }[] = [];
  const results = jobs.map((job, i): RequestOutcome => {
    const first = early[i];
    if (first) return first;
    const { request } = job;
    const quest = quests.get(request.questId)!;
    const group = decisions.get(job)!;
    let ruled = 0;
    const fresh: PayoutToWrite[] = [];
    const itemRecords: typeof records = [];
    const items = request.items.map((item, n): ItemOutcome => {
      const before = itemsEarly[i]![n];
      if (before) return before;
      const decision = group.decisions[ruled++]!;
      let outcome: ItemOutcome;
      if (decision.ok) {
        const payout: Payout = {
          id: uuidv7(),
          questId: request.questId,
          amount: item.points,
          createdAt: context.now,
          pass: item.pass,
          earningPeriodId: decision.periodId,
        };
        fresh.push({
          payout,
          accountId: context.accountIdByPass.get(item.pass)!,
          campaignId: quest.mode === "live" ? quest.campaignId : undefined,
        });
        outcome = { ok: true, payout, replayed: false };
      } else {
        outcome = refused(request, decision.error);
      }
      const claim = claims[i]!.items[n];
      if (claim) itemRecords.push({ claim, outcome: toStoredItem(outcome) });
      return outcome;
    });
    // A rejected atomic batch pays nothing and keeps no item's outcome: a retry may reuse them.
    const outcome: RequestOutcome = group.rejected
      ? refused(request, batchRejected(items))
      : { ok: true, items, replayed: false };
    if (!group.rejected) {
      payouts.push(...fresh);
      records.push(...itemRecords);
    }
    const claim = claims[i]!.request;
    if (claim) records.push({ claim, outcome: toStoredRequest(outcome) });
    return outcome;
  });

  // The write may wait for passes' kept totals another transaction holds; timing out there is
  // like a busy quest: nothing was written, and each quest is tried again on its own. If that
  // transaction raised one of them beyond what this batch decided on, the CHECK refuses the
  // write and the batch is decided again.
  await writeAllocationBatch(tx, payouts, records).catch((error: unknown) => {
    if (isLockNotGranted(error)) throw new QuestLockNotGranted(error);
    if (isPassPointsOverLimit(error)) throw new PassTotalRaced(error);
    throw error;
  });
  const paid = nothingPaid();
  for (const { payout } of payouts) {
    const mode = quests.get(payout.questId)!.mode;
    paid[mode].payouts++;
    paid[mode].points += payout.amount;
  }
  return { outcomes: results, paid };
}

/**
 * The rules for the items that passed the prechecks: each quest's requests in arrival order
 * against that quest's running remainder, an atomic request kept or dropped whole. The live
 * quests share one running total per pass (a pass may be paid by several quests of the batch),
 * so together they never take a pass beyond the points limit.
 */
function decideEachQuest(
  jobs: readonly Job[],
  early: readonly (RequestOutcome | undefined)[],
  itemsEarly: readonly (ItemOutcome | undefined)[][],
  quests: Map<number, LockedQuest>,
  context: AllocationContext,
): Map<Job, GroupDecision> {
  const decisions = new Map<Job, GroupDecision>();
  const passPoints = new Map(context.passPoints);
  const undecided = jobs
    .map((job, i) => ({ job, before: itemsEarly[i]! }))
    .filter((_, i) => early[i] === undefined);
  for (const [questId, entries] of groupByQuest(undecided, (e) => e.job.request.questId)) {
    const quest = quests.get(questId)!;
    const decided = decideInOrder(
      {
        questId,
        enabled: quest.enabled,
        start: quest.start,
        end: quest.end,
        pointsRemaining: quest.pointsRemaining,
        actionTypeActive: context.actionTypeActive.get(questId) ?? false,
        period: context.period,
      },
      entries.map(({ job, before }) => ({
        items: job.request.items
          .filter((_, n) => before[n] === undefined)
          .map((item) => ({
            points: item.points,
            pass: item.pass,
            accountExists: context.accountIdByPass.has(item.pass),
          })),
        atomic: job.request.atomic,
        failedBefore: before.some((outcome) => outcome !== undefined && !outcome.ok),
      })),
      context.now,
      quest.mode === "live" ? passPoints : undefined,
    );
    entries.forEach(({ job }, i) => {
      decisions.set(job, decided[i]!);
    });
  }
  return decisions;
}

/**
 * The checks made before the allocation rules, now under the quest lock: the key still live
 * (a revocation or expiry that committed before this point is honoured), the quest there and
 * still the key's account's, then the request's own idempotency key (a batch's header).
 * Undefined: go on to the items.
 */
function precheck(
  request: AllocationRequest,
  quest: LockedQuest | undefined,
  liveKeyIds: Set<string>,
  claim: ClaimState | undefined,
): RequestOutcome | undefined {
  if (!liveKeyIds.has(request.keyId)) {
    return refused(
      request,
      new AppError("INVALID_API_KEY", "The x-api-key header is missing, unknown or revoked."),
    );
  }
  if (!quest) {
    return refused(
      request,
      new AppError("QUEST_NOT_FOUND", `Quest ${request.questId} does not exist.`),
    );
  }
  if (quest.ownerId !== request.accountId) {
    return refused(
      request,
      new AppError(
        "NOT_QUEST_OWNER",
        `This API key's account does not own quest ${request.questId}.`,
      ),
    );
  }
  if (!claim) return undefined;
  if (!claim.free) return refused(request, inProgress());
  const stored = claim.stored;
  if (!stored) return undefined;
  if (
    stored.questId !== request.questId ||
    stored.requestHash !== request.idempotency?.requestHash ||
    "payout" in stored.outcome
  ) {
    return refused(request, keyReused());
  }
  return fromStoredRequest(stored.outcome);
}

/** An item's idempotency key: in flight, reused for something else, or replayed. */
function precheckItem(
  request: AllocationRequest,
  item: ItemRequest,
  claim: ClaimState | undefined,
): ItemOutcome | undefined {
  if (!claim) return undefined;
  if (!claim.free) return refused(request, inProgress());
  const stored = claim.stored;
  if (!stored) return undefined;
  if (
    stored.questId !== request.questId ||
    stored.requestHash !== item.idempotency?.requestHash ||
    "batch" in stored.outcome
  ) {
    return refused(request, keyReused());
  }
  return fromStoredItem(stored.outcome, true);
}

function toStoredItem(outcome: ItemOutcome): StoredItemOutcome {
  if (outcome.ok) {
    const { id, amount, createdAt, pass } = outcome.payout;
    return { payout: { id, amount, createdAt: createdAt.toISOString(), pass } };
  }
  return {
    error: {
      code: outcome.error.code,
      detail: outcome.error.message,
      requestId: outcome.requestId,
    },
  };
}

function toStoredRequest(outcome: RequestOutcome): StoredOutcome {
  if (outcome.ok) {
    return {
      batch: {
        items: outcome.items.map((item) => ({ ...toStoredItem(item), replayed: item.replayed })),
      },
    };
  }
  return {
    error: {
      code: outcome.error.code,
      detail: outcome.error.message,
      requestId: outcome.requestId,
      ...(outcome.error.errors ? { errors: outcome.error.errors } : {}),
    },
  };
}

const storedCode = (code: string): ErrorCode =>
  isErrorCode(code) ? code : "INTERNAL";

/** A replay: the first outcome again, with the first request's id on a refusal. */
function fromStoredItem(stored: StoredItemOutcome, replayed: boolean): ItemOutcome {
  if ("payout" in stored) {
    const { id, amount, createdAt, pass } = stored.payout;
    return { ok: true, payout: { id, amount, createdAt: new Date(createdAt), pass }, replayed };
  }
  return {
    ok: false,
    error: new AppError(storedCode(stored.error.code), stored.error.detail, stored.error.errors),
    replayed,
    requestId: stored.error.requestId ?? "",
  };
}

/** A batch's whole first answer again: its items as they were first answered. */
function fromStoredRequest(stored: StoredOutcome): RequestOutcome {
  if ("batch" in stored) {
    return {
      ok: true,
      items: stored.batch.items.map((item) => fromStoredItem(item, item.replayed)),
      replayed: true,
    };
  }
  const item = fromStoredItem(stored, true);
  if (item.ok) throw new Error("invariant: a batch's key holds a single payout");
  return item;
}
