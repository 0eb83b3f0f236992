import { v7 as uuidv7 } from "uuid";
import { type AllocationDecision, decideInOrder } from "../domain/allocation.js";
import { AppError, ERROR_STATUS, type ErrorCode } from "../domain/errors.js";
import { ALLOCATION_QUEUE_TOTAL_MAX } from "../domain/limits.js";
import type { Payout } from "../domain/records.js";
import {
  type AllocationContext,
  claimId,
  type LockedQuest,
  lockQuestsForAllocation,
  readAllocationContext,
  writeAllocationBatch,
} from "../store/allocations.js";
import type { Db, Tx } from "../store/db.js";
import { isLockNotGranted } from "../store/db-errors.js";
import {
  type IdempotencyClaim,
  type StoredClaim,
  type StoredOutcome,
  tryLockIdempotencyKeys,
} from "../store/idempotency.js";
import { createBatchScheduler } from "./allocation-scheduler.js";

/** One `POST /quests/{questId}`, after the HTTP layer checked its shape and its key. */
export interface AllocationRequest {
  questId: number;
  /** The API key that asked; re-checked under the quest lock. */
  keyId: string;
  /** The key's account: must own the quest; scopes the idempotency key. */
  accountId: string;
  /** Checksummed receiving address. */
  pass: string;
  points: number;
  /** Correlation id of the request, kept with a stored refusal. */
  requestId: string;
  idempotency?: { key: string; requestHash: string } | undefined;
}

/** What a payout answer shows. */
export type PayoutReceipt = Pick<Payout, "id" | "amount" | "createdAt" | "pass">;

export type AllocationOutcome =
  | { ok: true; payout: PayoutReceipt; replayed: boolean }
  | { ok: false; error: AppError; replayed: boolean; requestId: string };

export interface Allocate {
  (request: AllocationRequest): Promise<AllocationOutcome>;
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
  /** Payouts committed (0 when the transaction failed). */
  payouts: number;
  /** Points those payouts paid. */
  pointsPaid: number;
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
 * The allocate use case. Concurrent requests are grouped (group commit), over many quests at
 * once, and each group runs in one transaction that locks its quests' rows in id order (so no two
 * processes deadlock), re-checks every key and each quest's owner, decides each quest's requests
 * in arrival order against its running remainder, debits all quests and inserts all payouts and
 * idempotency records, and commits before any request is answered.
 */
export function createAllocate(db: Db, options: AllocateOptions): Allocate {
  const runInTransaction = (batch: AllocationRequest[]) =>
    db.transaction((tx) => allocateBatch(tx, batch));
  const scheduler = createBatchScheduler<AllocationRequest, AllocationOutcome>({
    keyOf: (request) => request.questId,
    run: (batch) => observed(batch, () => runIsolatingBusyQuests(runInTransaction, batch)),
    batching: options.batching,
    queueMax: options.queueMax,
    totalMax: ALLOCATION_QUEUE_TOTAL_MAX,
    what: { plural: "allocations", perKey: "for this quest" },
  });
  const observed = async (
    batch: AllocationRequest[],
    run: () => Promise<Answer[]>,
  ): Promise<Answer[]> => {
    if (!options.onBatch) return run();
    const startedAt = performance.now();
    const report = (outcomes: Answer[] | undefined) =>
      options.onBatch!({
        requests: batch.length,
        quests: new Set(batch.map((r) => r.questId)).size,
        ...paidBy(outcomes),
        seconds: (performance.now() - startedAt) / 1000,
        committed: outcomes !== undefined,
      });
    try {
      const outcomes = await run();
      report(outcomes);
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
    const flightKey = request.idempotency && `${request.accountId}:${request.idempotency.key}`;
    if (flightKey) {
      if (inFlight.has(flightKey)) return refused(request, inProgress());
      inFlight.add(flightKey);
    }
    try {
      return await scheduler.submit(request);
    } finally {
      if (flightKey) inFlight.delete(flightKey);
    }
  }) as Allocate;
  allocate.drain = scheduler.drain;
  allocate.queued = scheduler.size;
  return allocate;
}

/** A request's outcome, or the failure of the transaction it was in. */
type Answer = AllocationOutcome | Error;

function paidBy(outcomes: Answer[] | undefined) {
  let payouts = 0;
  let pointsPaid = 0;
  for (const outcome of outcomes ?? []) {
    if (!(outcome instanceof Error) && outcome.ok && !outcome.replayed) {
      payouts++;
      pointsPaid += outcome.payout.amount;
    }
  }
  return { payouts, pointsPaid };
}

/**
 * A batch over several quests waits for all their row locks; one quest held long elsewhere (an
 * operator's edit, another process's batch) would make every quest in it fail at the lock
 * timeout. When locking fails, nothing was written, so the batch is run again one quest per
 * transaction: only the busy quest's requests get the 503.
 */
async function runIsolatingBusyQuests(
  run: (batch: AllocationRequest[]) => Promise<AllocationOutcome[]>,
  batch: AllocationRequest[],
): Promise<Answer[]> {
  try {
    return await run(batch);
  } catch (error) {
    if (!(error instanceof QuestLockNotGranted)) throw error;
    const groups = [...groupByQuest(batch).values()];
    if (groups.length === 1) throw error.cause;
    const answers = new Map<AllocationRequest, Answer>();
    // A few at a time: a retry must not take every pooled connection from other traffic.
    for (let i = 0; i < groups.length; i += RETRY_TRANSACTIONS_MAX) {
      await Promise.all(
        groups.slice(i, i + RETRY_TRANSACTIONS_MAX).map(async (requests) => {
          const outcomes: Answer[] = await run(requests).catch((failure: unknown) => {
            const cause = failure instanceof QuestLockNotGranted ? failure.cause : failure;
            return requests.map(() => (cause instanceof Error ? cause : new Error(String(cause))));
          });
          requests.forEach((request, i) => {
            answers.set(request, outcomes[i]!);
          });
        }),
      );
    }
    return batch.map((request) => answers.get(request)!);
  }
}

const RETRY_TRANSACTIONS_MAX = 4;

/** A batch's quests' row locks were not all granted in time: nothing was written yet. */
class QuestLockNotGranted extends Error {
  constructor(override readonly cause: unknown) {
    super("A quest of an allocation batch was not locked within the lock timeout.");
  }
}

/** The requests of each quest, in arrival order. */
function groupByQuest(requests: readonly AllocationRequest[]): Map<number, AllocationRequest[]> {
  const byQuest = new Map<number, AllocationRequest[]>();
  for (const request of requests) {
    const group = byQuest.get(request.questId);
    if (group) group.push(request);
    else byQuest.set(request.questId, [request]);
  }
  return byQuest;
}

const refused = (request: AllocationRequest, error: AppError): AllocationOutcome => ({
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

/** One batch inside its transaction; outcome i answers request i. */
async function allocateBatch(
  tx: Tx,
  batch: readonly AllocationRequest[],
): Promise<AllocationOutcome[]> {
  const claims = batch.map(claimOf);
  const given = claims.filter((c): c is IdempotencyClaim => c !== undefined);
  const lockedClaims = await tryLockIdempotencyKeys(tx, given);
  const freeClaims = new Set(given.filter((_, i) => lockedClaims[i]));

  const questIds = [...new Set(batch.map((r) => r.questId))];
  const quests = await lockQuestsForAllocation(tx, questIds).catch((error: unknown) => {
    throw isLockNotGranted(error) ? new QuestLockNotGranted(error) : error;
  });
  const context = await readAllocationContext(tx, {
    questIds,
    keyIds: [...new Set(batch.map((r) => r.keyId))],
    passes: [...new Set(batch.map((r) => r.pass))],
    claims: [...freeClaims],
  });

  // Refusals that come before the rules (the order of checks): key, quest, owner, idempotency.
  const outcomes = batch.map((request, i) => {
    const claim = claims[i];
    const state: ClaimState | undefined = claim && {
      free: freeClaims.has(claim),
      stored: context.stored.get(claimId(claim)),
    };
    return precheck(request, quests.get(request.questId), context.liveKeyIds, state);
  });
  const decisions = decideEachQuest(batch, outcomes, quests, context);

  const payouts: { payout: Payout; accountId: string }[] = [];
  const records: { claim: IdempotencyClaim; outcome: StoredOutcome }[] = [];
  const results = batch.map((request, i): AllocationOutcome => {
    const early = outcomes[i];
    if (early) return early;
    const decision = decisions.get(request)!;
    let outcome: AllocationOutcome;
    if (decision.ok) {
      const payout: Payout = {
        id: uuidv7(),
        questId: request.questId,
        amount: request.points,
        createdAt: context.now,
        pass: request.pass,
        earningPeriodId: decision.periodId,
      };
      payouts.push({ payout, accountId: context.accountIdByPass.get(request.pass)! });
      outcome = { ok: true, payout, replayed: false };
    } else {
      outcome = refused(request, decision.error);
    }
    const claim = claims[i];
    if (claim) records.push({ claim, outcome: toStored(outcome) });
    return outcome;
  });

  await writeAllocationBatch(tx, payouts, records);
  return results;
}

/**
 * The rules for the requests that passed the prechecks: each quest's requests in arrival order
 * against that quest's running remainder.
 */
function decideEachQuest(
  batch: readonly AllocationRequest[],
  outcomes: readonly (AllocationOutcome | undefined)[],
  quests: Map<number, LockedQuest>,
  context: AllocationContext,
): Map<AllocationRequest, AllocationDecision> {
  const decisions = new Map<AllocationRequest, AllocationDecision>();
  const undecided = batch.filter((_, i) => outcomes[i] === undefined);
  for (const [questId, requests] of groupByQuest(undecided)) {
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
      requests.map((r) => ({
        points: r.points,
        pass: r.pass,
        accountExists: context.accountIdByPass.has(r.pass),
      })),
      context.now,
    );
    requests.forEach((request, i) => {
      decisions.set(request, decided[i]!);
    });
  }
  return decisions;
}

/** What is known of a request's idempotency key: free (claimed here) or in flight, and stored. */
interface ClaimState {
  free: boolean;
  stored: StoredClaim | undefined;
}

function claimOf(request: AllocationRequest): IdempotencyClaim | undefined {
  return (
    request.idempotency && {
      accountId: request.accountId,
      key: request.idempotency.key,
      questId: request.questId,
      requestHash: request.idempotency.requestHash,
    }
  );
}

/**
 * The checks made before the allocation rules, now under the quest lock: the key still live
 * (a revocation or expiry that committed before this point is honoured), the quest there and
 * still the key's account's, then the idempotency key's fate. Undefined: go on to the rules.
 */
function precheck(
  request: AllocationRequest,
  quest: LockedQuest | undefined,
  liveKeyIds: Set<string>,
  claim: ClaimState | undefined,
): AllocationOutcome | undefined {
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
    stored.requestHash !== request.idempotency?.requestHash
  ) {
    return refused(
      request,
      new AppError(
        "IDEMPOTENCY_KEY_REUSED",
        "This Idempotency-Key was already used with a different quest or body.",
      ),
    );
  }
  return fromStored(stored.outcome);
}

function toStored(outcome: AllocationOutcome): StoredOutcome {
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

/** A replay: the first outcome again, with the first request's id on a refusal. */
function fromStored(stored: StoredOutcome): AllocationOutcome {
  if ("payout" in stored) {
    const { id, amount, createdAt, pass } = stored.payout;
    return {
      ok: true,
      payout: { id, amount, createdAt: new Date(createdAt), pass },
      replayed: true,
    };
  }
  const code: ErrorCode =
    stored.error.code in ERROR_STATUS ? (stored.error.code as ErrorCode) : "INTERNAL";
  return {
    ok: false,
    error: new AppError(code, stored.error.detail),
    replayed: true,
    requestId: stored.error.requestId ?? "",
  };
}
