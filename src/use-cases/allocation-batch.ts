/**
 * One group-commit batch of allocations (docs/architecture.md, "Allocation" and "Group commit"):
 * its transaction in three steps (claim, lock and read: allocation-read.ts; decide:
 * allocation-decide.ts; the one write with the COMMIT), and how a batch is run again when a
 * quest's lock is not granted or a pass's total raced it.
 */
import { isLockNotGranted } from "../db/errors.js";
import type { Db, Tx } from "../db/handle.js";
import { MODES, type Mode } from "../domain/api-keys.js";
import { unavailable } from "../domain/errors.js";
import { ALLOCATION_PASS_RACE_RETRIES_MAX } from "../domain/limits.js";
import { writeAllocationBatch } from "../store/allocation-write.js";
import { isPassPointsOverLimit } from "../store/pass-totals.js";
import { decideBatch, groupByQuest } from "./allocation-decide.js";
import type { Job, RequestOutcome } from "./allocation-outcomes.js";
import { claimLockAndRead, QuestLockNotGranted } from "./allocation-read.js";
import { allocationEvents } from "./webhook-events.js";

export type { Job } from "./allocation-outcomes.js";

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

/** The batch's write would have taken a pass beyond the points limit: decide it again. */
class PassTotalRaced extends Error {
  constructor(override readonly cause: unknown) {
    super("A pass of an allocation batch was paid by another transaction meanwhile.");
  }
}

/** One batch inside its transaction; outcome i answers job i. */
async function allocateInTransaction(
  tx: Tx,
  jobs: readonly Job[],
): Promise<BatchRun<RequestOutcome>> {
  const locked = await claimLockAndRead(tx, jobs);
  const { outcomes, payouts, records } = decideBatch(jobs, locked);
  // The write may wait for passes' kept totals another transaction holds; timing out there is
  // like a busy quest: nothing was written, and each quest is tried again on its own. If that
  // transaction raised one of them beyond what this batch decided on, the CHECK refuses the
  // write and the batch is decided again.
  const written = await writeAllocationBatch(
    tx,
    payouts,
    records,
    allocationEvents(payouts, locked.quests, locked.context),
  ).catch((error: unknown) => {
    if (isLockNotGranted(error)) throw new QuestLockNotGranted(error);
    if (isPassPointsOverLimit(error)) throw new PassTotalRaced(error);
    throw error;
  });
  const paid = nothingPaid();
  for (const { payout } of payouts) {
    const mode = locked.quests.get(payout.questId)!.mode;
    paid[mode].payouts++;
    paid[mode].points += payout.amount;
  }
  return { outcomes, paid, deliveries: written.deliveries };
}
