import { v7 as uuidv7 } from "uuid";
import { decideInOrder } from "../domain/allocation.js";
import { AppError, ERROR_STATUS, type ErrorCode } from "../domain/errors.js";
import type { Payout } from "../domain/records.js";
import {
  type LockedQuest,
  lockQuestForAllocation,
  readAllocationContext,
  recordPayouts,
} from "../store/allocations.js";
import type { Db, Tx } from "../store/db.js";
import {
  type ClaimState,
  claimIdempotencyKeys,
  type IdempotencyClaim,
  type StoredOutcome,
  storeIdempotencyRecords,
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
}

export interface AllocateOptions {
  batching: { enabled: boolean; sizeMax: number; waitMs: number };
  queueMax: number;
}

/**
 * The allocate use case: requests for one quest are grouped (group commit) and each group runs
 * in one transaction that locks the quest row, re-checks every key and the quest's owner,
 * decides each request in arrival order against the running remainder, debits once, inserts all
 * payouts and idempotency records, and commits before any request is answered.
 */
export function createAllocate(db: Db, options: AllocateOptions): Allocate {
  const scheduler = createBatchScheduler<AllocationRequest, AllocationOutcome>({
    keyOf: (request) => request.questId,
    run: (batch) => db.transaction((tx) => allocateBatch(tx, batch)),
    batching: options.batching,
    queueMax: options.queueMax,
  });
  // Keys in flight in this process are refused at once; across processes the advisory lock
  // taken by claimIdempotencyKeys gives the same answer.
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
  return allocate;
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

/** One batch (all for one quest) inside its transaction; outcome i answers request i. */
async function allocateBatch(
  tx: Tx,
  batch: readonly AllocationRequest[],
): Promise<AllocationOutcome[]> {
  const questId = batch[0]!.questId;
  const claims = batch.map(claimOf);
  const claimStates = await claimIdempotencyKeys(
    tx,
    claims.filter((c): c is IdempotencyClaim => c !== undefined),
  );
  let nextClaim = 0;
  const states = claims.map((claim) => (claim ? claimStates[nextClaim++] : undefined));

  const quest = await lockQuestForAllocation(tx, questId);
  const context = await readAllocationContext(
    tx,
    [...new Set(batch.map((r) => r.keyId))],
    [...new Set(batch.map((r) => r.pass))],
  );

  // Refusals that come before the rules (the order of checks): key, quest, owner, idempotency.
  const outcomes: (AllocationOutcome | undefined)[] = batch.map((request, i) =>
    precheck(request, quest, context.liveKeyIds, states[i]),
  );
  const toDecide = batch.filter((_, i) => outcomes[i] === undefined);
  const decisions = quest
    ? decideInOrder(
        {
          questId,
          enabled: quest.enabled,
          start: quest.start,
          end: quest.end,
          pointsRemaining: quest.pointsRemaining,
          actionTypeActive: quest.actionTypeActive,
          period: context.period,
        },
        toDecide.map((r) => ({
          points: r.points,
          accountExists: context.accountIdByPass.has(r.pass),
        })),
        context.now,
      )
    : [];

  const payouts: { payout: Payout; accountId: string }[] = [];
  const records: { claim: IdempotencyClaim; outcome: StoredOutcome }[] = [];
  let nextDecision = 0;
  const results = batch.map((request, i): AllocationOutcome => {
    const early = outcomes[i];
    if (early) return early;
    const decision = decisions[nextDecision++]!;
    let outcome: AllocationOutcome;
    if (decision.ok) {
      const payout: Payout = {
        id: uuidv7(),
        questId,
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

  await recordPayouts(tx, questId, payouts);
  await storeIdempotencyRecords(tx, records);
  return results;
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
  if (!claim || claim.kind === "new") return undefined;
  if (claim.kind === "in-flight") return refused(request, inProgress());
  if (claim.questId !== request.questId || claim.requestHash !== request.idempotency?.requestHash) {
    return refused(
      request,
      new AppError(
        "IDEMPOTENCY_KEY_REUSED",
        "This Idempotency-Key was already used with a different quest or body.",
      ),
    );
  }
  return fromStored(claim.outcome);
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
