/**
 * One group-commit batch of allocations (docs/architecture.md, "Allocation" and "Group commit"): its
 * transaction, the checks before the rules, the rules per quest, and the one write; and how a
 * batch is run again when a quest's lock is not granted or a pass's total raced it.
 */
import { v7 as uuidv7 } from "uuid";
import { decideInOrder, type GroupDecision } from "../domain/allocation.js";
import { MODES, type Mode } from "../domain/api-keys.js";
import { AppError, unavailable } from "../domain/errors.js";
import { ALLOCATION_PASS_RACE_RETRIES_MAX } from "../domain/limits.js";
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
  type StoredOutcome,
  tryLockIdempotencyKeys,
} from "../store/idempotency.js";
import { isPassPointsOverLimit } from "../store/pass-totals.js";
import {
  type AllocationRequest,
  batchRejected,
  type ItemOutcome,
  type RequestOutcome,
  refused,
} from "./allocation-outcomes.js";
import {
  answerOfItemKey,
  answerOfRequestKey,
  type ClaimState,
  claimsOf,
  inProgress,
  toStoredItem,
  toStoredRequest,
} from "./idempotency.js";
import { allocationEvents } from "./webhook-events.js";

/**
 * A request as the scheduler carries it, with the items whose idempotency keys another request
 * of this process holds (they are answered IDEMPOTENCY_IN_PROGRESS).
 */
export interface Job {
  request: AllocationRequest;
  busyItems: ReadonlySet<number>;
}

/** Payouts committed and the points they paid, by their quests' mode. */
export type PaidByMode = Record<Mode, { payouts: number; points: number }>;

/** A request's outcome, or the failure of the transaction it was in. */
export type Answer = RequestOutcome | Error;

/** What a batch answered (outcome i answers job i) and what its committed transactions paid. */
export interface BatchRun<T> {
  outcomes: T[];
  paid: PaidByMode;
  /** Webhook deliveries its committed transactions queued. */
  deliveries: number;
}

export const nothingPaid = (): PaidByMode => ({
  live: { payouts: 0, points: 0 },
  test: { payouts: 0, points: 0 },
});

function addPaid(to: PaidByMode, from: PaidByMode): void {
  for (const mode of MODES) {
    to[mode].payouts += from[mode].payouts;
    to[mode].points += from[mode].points;
  }
}

/** Runs a batch: in one transaction, or one per quest when one of its quests is busy. */
export function runAllocationBatch(db: Db, batch: Job[]): Promise<BatchRun<Answer>> {
  const runInTransaction = (jobs: Job[]) =>
    decidedAgainOnPassRace(() => db.transaction((tx) => allocateInTransaction(tx, jobs)));
  return runIsolatingBusyQuests(runInTransaction, batch);
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
    let deliveries = 0;
    // A few at a time: a retry must not take every pooled connection from other traffic.
    for (let i = 0; i < groups.length; i += RETRY_TRANSACTIONS_MAX) {
      await Promise.all(
        groups.slice(i, i + RETRY_TRANSACTIONS_MAX).map(async (jobs) => {
          const outcomes: Answer[] = await run(jobs).then(
            (done) => {
              addPaid(paid, done.paid);
              deliveries += done.deliveries;
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
    return { outcomes: batch.map((job) => answers.get(job)!), paid, deliveries };
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

/**
 * The answers of statements sent together. When one fails, those sent after it fail too (the
 * transaction is aborted), possibly in the same turn: the error thrown is the first one sent's,
 * the cause (a lock not granted), never a follower's "transaction is aborted".
 */
async function inSendOrder<A, B, C>(
  a: Promise<A>,
  b: Promise<B>,
  c: Promise<C>,
): Promise<[A, B, C]> {
  const settled = await Promise.allSettled([a, b, c]);
  for (const result of settled) if (result.status === "rejected") throw result.reason;
  return settled.map((result) => (result as PromiseFulfilledResult<unknown>).value) as [A, B, C];
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

/** One batch inside its transaction; outcome i answers job i. */
async function allocateInTransaction(
  tx: Tx,
  jobs: readonly Job[],
): Promise<BatchRun<RequestOutcome>> {
  const claims = jobs.map((job) => claimsOf(job.request, job.busyItems));
  const given = claims.flatMap((c) => [c.request, ...c.items]).filter((c) => c !== undefined);
  const questIds = [...new Set(jobs.map((job) => job.request.questId))];
  // Sent together, run by the server in this order: none needs an answer of another, so they
  // cost one round trip (the context's snapshot is still taken once the locks are granted).
  const claimed = tryLockIdempotencyKeys(tx, given);
  const locked = lockQuestsForAllocation(tx, questIds).catch((error: unknown) => {
    throw isLockNotGranted(error) ? new QuestLockNotGranted(error) : error;
  });
  const read = readAllocationContext(tx, {
    questIds,
    keyIds: [...new Set(jobs.map((job) => job.request.keyId))],
    passes: [...new Set(jobs.flatMap((job) => job.request.items.map((item) => item.pass)))],
    claims: given,
  });
  const [lockedClaims, quests, context] = await inSendOrder(claimed, locked, read);
  const freeClaims = new Set(given.filter((_, i) => lockedClaims[i]));
  const stateOf = (claim: IdempotencyClaim | undefined): ClaimState | undefined =>
    claim && { free: freeClaims.has(claim), stored: context.stored.get(claimId(claim)) };

  // Refusals that come before the rules (the order of checks): key, quest, owner, then the
  // request's idempotency key, then each item's.
  const early = jobs.map(
    (job, i) =>
      precheck(job.request, quests.get(job.request.questId), context.liveKeyIds) ??
      answerOfRequestKey(job.request, stateOf(claims[i]!.request)),
  );
  const itemsEarly = jobs.map((job, i) =>
    early[i]
      ? []
      : job.request.items.map((item, n) =>
          job.busyItems.has(n)
            ? refused(job.request, inProgress())
            : answerOfItemKey(job.request, item, stateOf(claims[i]!.items[n])),
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
          mode: quest.mode,
          campaignId: quest.campaignId,
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
  const written = await writeAllocationBatch(
    tx,
    payouts,
    records,
    allocationEvents(payouts, quests, context),
  ).catch((error: unknown) => {
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
  return { outcomes: results, paid, deliveries: written.deliveries };
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
 * (a revocation or expiry that committed before this point is honoured), and the quest there and
 * still the key's account's. Undefined: go on to the request's idempotency key.
 */
function precheck(
  request: AllocationRequest,
  quest: LockedQuest | undefined,
  liveKeyIds: Set<string>,
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
  return undefined;
}
