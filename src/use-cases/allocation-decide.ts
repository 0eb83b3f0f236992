/**
 * The second step of an allocation batch's transaction, pure but for the payouts' new ids: the
 * refusals that come before the rules, the rules per quest, and what the write is to store.
 */
import { v7 as uuidv7 } from "uuid";
import { decideInOrder, type GroupDecision } from "../domain/allocation.js";
import { AppError } from "../domain/errors.js";
import { type PassUsage, passWindowKey, QUEST_WINDOW_KEY } from "../domain/pass-limits.js";
import type { Payout } from "../domain/records.js";
import type { PayoutToWrite } from "../store/allocation-write.js";
import { type AllocationContext, type LockedQuest, passCountsId } from "../store/allocations.js";
import type { IdempotencyClaim, StoredOutcome } from "../store/idempotency.js";
import {
  type AllocationRequest,
  batchRejected,
  type ItemOutcome,
  type Job,
  type RequestOutcome,
  refused,
} from "./allocation-outcomes.js";
import type { LockedBatch } from "./allocation-read.js";
import {
  answerOfItemKey,
  answerOfRequestKey,
  inProgress,
  toStoredItem,
  toStoredRequest,
} from "./idempotency.js";

/**
 * What a batch decided: outcome i answers job i; the payouts, and the records to write: a payout
 * under its item's key, a batch's answer that holds one under the batch's key. A refusal keeps
 * nothing under its key (contract, "Retries that can succeed later").
 */
export interface DecidedBatch {
  outcomes: RequestOutcome[];
  payouts: PayoutToWrite[];
  records: { claim: IdempotencyClaim; outcome: StoredOutcome }[];
}

/** Decides every job of a batch on what `claimLockAndRead` locked and read. */
export function decideBatch(
  jobs: readonly Job[],
  { claims, quests, context, stateOf }: LockedBatch,
): DecidedBatch {
  // Refusals that come before the rules (the order of checks): key, quest, owner, then the
  // request's idempotency key, then each item's.
  const early = jobs.map(
    (job, i) =>
      precheck(job.request, quests.get(job.request.questId), context) ??
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
  const outcomes = jobs.map((job, i): RequestOutcome => {
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
          windowKey:
            quest.passLimits.window === "quest"
              ? null
              : passWindowKey(quest.passLimits.window, context.now, decision.periodId),
        });
        outcome = { ok: true, payout, replayed: false };
      } else {
        outcome = refused(request, decision.error);
      }
      const claim = claims[i]!.items[n];
      const kept = toStoredItem(outcome);
      if (claim && kept) itemRecords.push({ claim, outcome: kept });
      return outcome;
    });
    // A rejected atomic batch pays nothing and keeps nothing: a retry is decided afresh.
    const outcome: RequestOutcome = group.rejected
      ? refused(request, batchRejected(items))
      : { ok: true, items, replayed: false };
    if (!group.rejected) {
      payouts.push(...fresh);
      records.push(...itemRecords);
    }
    const claim = claims[i]!.request;
    const kept = toStoredRequest(outcome);
    if (claim && kept) records.push({ claim, outcome: kept });
    return outcome;
  });

  return { outcomes, payouts, records };
}

/** The entries of each quest, in arrival order. */
export function groupByQuest<T>(
  entries: readonly T[],
  questOf: (entry: T) => number,
): Map<number, T[]> {
  const byQuest = new Map<number, T[]>();
  for (const entry of entries) {
    const group = byQuest.get(questOf(entry));
    if (group) group.push(entry);
    else byQuest.set(questOf(entry), [entry]);
  }
  return byQuest;
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
        passLimits: quest.passLimits,
      },
      entries.map(({ job, before }) => ({
        items: job.request.items
          .filter((_, n) => before[n] === undefined)
          .map((item) => ({
            points: item.points,
            pass: item.pass,
            accountExists: context.accountIdByPass.has(item.pass),
            accountSuspended: context.suspendedPasses.has(item.pass),
          })),
        atomic: job.request.atomic,
        failedBefore: before.some((outcome) => outcome !== undefined && !outcome.ok),
      })),
      context.now,
      quest.mode === "live" ? passPoints : undefined,
      usageFromQuest(quest, entries, context),
    );
    entries.forEach(({ job }, i) => {
      decisions.set(job, decided[i]!);
    });
  }
  return decisions;
}

/**
 * What each pass of a quest's entries already has from it: its points over the quest's life and
 * its payouts in the current window of the quest's pass_window (the kept counts).
 */
function usageFromQuest(
  quest: LockedQuest,
  entries: readonly { job: Job }[],
  context: AllocationContext,
): Map<string, PassUsage> {
  const periodId = context.period.kind === "inside" ? context.period.period.id : null;
  const windowKey = passWindowKey(quest.passLimits.window, context.now, periodId);
  const usage = new Map<string, PassUsage>();
  for (const { job } of entries) {
    for (const { pass } of job.request.items) {
      if (usage.has(pass)) continue;
      const life = context.passCounts.get(passCountsId(quest.id, pass, QUEST_WINDOW_KEY));
      const window = context.passCounts.get(passCountsId(quest.id, pass, windowKey));
      usage.set(pass, { points: life?.points ?? 0, payouts: window?.payouts ?? 0 });
    }
  }
  return usage;
}

/**
 * The checks made before the allocation rules, now under the quest lock: the quests switch still
 * on and the key still live (a switch, revocation or expiry that committed before this point is
 * honoured, whatever this process's caches say), and the quest there and still the key's
 * account's. Undefined: go on to the request's idempotency key.
 */
function precheck(
  request: AllocationRequest,
  quest: LockedQuest | undefined,
  { questsEnabled, liveKeyIds }: Pick<AllocationContext, "questsEnabled" | "liveKeyIds">,
): RequestOutcome | undefined {
  if (!questsEnabled) {
    return refused(request, new AppError("QUESTS_DISABLED", "The quest feature is switched off."));
  }
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
