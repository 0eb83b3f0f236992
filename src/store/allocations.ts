import { v7 as uuidv7 } from "uuid";
import { decideAllocation } from "../domain/allocation.js";
import { matchEarningPeriod } from "../domain/earning-periods.js";
import { AppError } from "../domain/errors.js";
import type { Payout } from "../domain/records.js";
import type { Db, Queryable } from "./db.js";
import { earningPeriodAt } from "./earning-periods.js";
import {
  type ClaimResult,
  claimIdempotencyKeys,
  type IdempotencyClaim,
  inProgress,
  type RenderedResponse,
  storeIdempotentResponses,
} from "./idempotency.js";

export type { RenderedResponse } from "./idempotency.js";

export interface AllocationRequest {
  questId: number;
  accountId: string; // the API key's account, for idempotency scope
  pass: string; // checksummed receiving address
  points: number;
  idempotency?: { key: string; requestHash: string } | undefined;
}

export type AllocationOutcome = { ok: true; payout: Payout } | { ok: false; error: AppError };

export interface AllocationResult extends RenderedResponse {
  replayed: boolean;
}

export type Allocator = ((
  request: AllocationRequest,
  render: (outcome: AllocationOutcome) => RenderedResponse,
) => Promise<AllocationResult>) & {
  /** Resolves once every queued and running batch has been answered (graceful shutdown). */
  drain(): Promise<void>;
};

export interface BatchingOptions {
  enabled: boolean;
  sizeMax: number;
  waitMs: number;
}

interface Pending {
  request: AllocationRequest;
  render: (outcome: AllocationOutcome) => RenderedResponse;
  resolve: (result: AllocationResult) => void;
  reject: (error: unknown) => void;
}

interface QuestQueue {
  waiting: Pending[];
  running: boolean;
  scheduled: boolean;
}

/**
 * Allocation with group commit. Concurrent requests for one quest queue up while a batch for
 * that quest is running (or for `waitMs`), then go through one transaction: lock the quest row
 * once, decide each request in arrival order against the running remainder, decrement once,
 * insert all payouts with one statement, commit, and only then answer each request.
 * With batching off every request is its own transaction, concurrent with the others.
 */
export function createAllocator(db: Db, batching: BatchingOptions): Allocator {
  // Keys in flight in this process; a second request with one of them is 409 at once. Across
  // processes the advisory lock in claimIdempotencyKeys gives the same answer.
  const inFlight = new Set<string>();
  const queues = new Map<number, QuestQueue>();
  const running = new Set<Promise<void>>();

  const runTracked = (batch: Pending[]) => {
    const done = runBatch(db, batch);
    running.add(done);
    return done.finally(() => running.delete(done));
  };

  const flush = (questId: number, queue: QuestQueue) => {
    queue.scheduled = false;
    if (queue.running || queue.waiting.length === 0) return;
    const batch = queue.waiting.splice(0, batching.sizeMax);
    queue.running = true;
    void runTracked(batch).finally(() => {
      queue.running = false;
      if (queue.waiting.length > 0) flush(questId, queue);
      else queues.delete(questId);
    });
  };

  const enqueue = (pending: Pending) => {
    if (!batching.enabled) {
      void runTracked([pending]);
      return;
    }
    const questId = pending.request.questId;
    let queue = queues.get(questId);
    if (!queue) {
      queue = { waiting: [], running: false, scheduled: false };
      queues.set(questId, queue);
    }
    queue.waiting.push(pending);
    if (queue.running || queue.scheduled) return;
    const q = queue;
    q.scheduled = true;
    // setImmediate lets every request that arrived in this I/O turn join the batch.
    if (batching.waitMs > 0) setTimeout(() => flush(questId, q), batching.waitMs);
    else setImmediate(() => flush(questId, q));
  };

  const allocate = (async (request, render) => {
    const flightKey = request.idempotency && `${request.accountId}:${request.idempotency.key}`;
    if (flightKey) {
      if (inFlight.has(flightKey)) throw inProgress();
      inFlight.add(flightKey);
    }
    try {
      return await new Promise<AllocationResult>((resolve, reject) =>
        enqueue({ request, render, resolve, reject }),
      );
    } finally {
      if (flightKey) inFlight.delete(flightKey);
    }
  }) as Allocator;
  allocate.drain = async () => {
    while (running.size > 0 || [...queues.values()].some((q) => q.waiting.length > 0)) {
      await Promise.allSettled([...running]);
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  return allocate;
}

/** Runs one batch (all for one quest) in one transaction and answers each request after commit. */
async function runBatch(db: Db, batch: Pending[]): Promise<void> {
  try {
    const results = await db.transaction((tx) => decideBatch(tx, batch));
    results.forEach((result, i) => {
      const pending = batch[i]!;
      if (result instanceof AppError) pending.reject(result);
      else pending.resolve(result);
    });
  } catch (error) {
    for (const pending of batch) pending.reject(error);
  }
}

interface LockedQuestRow {
  id: number;
  enabled: boolean;
  start_at: Date;
  end_at: Date;
  points_remaining: number;
  action_type_active: boolean;
}

async function decideBatch(
  tx: Queryable,
  batch: readonly Pending[],
): Promise<(AllocationResult | AppError)[]> {
  const questId = batch[0]!.request.questId;
  const claims = await claimAll(tx, batch);

  const { rows } = await tx.query<LockedQuestRow>(
    `SELECT q.id, q.enabled, q.start_at, q.end_at, q.points_remaining,
            a.active AS action_type_active
     FROM quests q JOIN action_types a ON a.name = q.action_type
     WHERE q.id = $1
     FOR UPDATE OF q`,
    [questId],
  );
  const quest = rows[0];
  // Read the clock after the lock is held, so payout times follow the order of the budget.
  const now = new Date();
  const periods = await earningPeriodAt(tx, now);
  const accountIds = await accountIdsByPass(
    tx,
    batch.map((p) => p.request.pass),
  );

  let remaining = quest ? Number(quest.points_remaining) : 0;
  const payouts: { payout: Payout; accountId: string }[] = [];
  const toStore: { claim: IdempotencyClaim; response: RenderedResponse }[] = [];
  const results = batch.map((pending, i): AllocationResult | AppError => {
    const claim = claims[i];
    if (claim?.result.kind === "refused") return claim.result.error;
    if (claim?.result.kind === "replay") return { ...claim.result.response, replayed: true };

    const { request } = pending;
    let outcome: AllocationOutcome;
    if (!quest) {
      outcome = {
        ok: false,
        error: new AppError("QUEST_NOT_FOUND", `Quest ${questId} does not exist.`),
      };
    } else {
      const accountId = accountIds.get(request.pass);
      const decision = decideAllocation(
        {
          questId,
          enabled: quest.enabled,
          start: quest.start_at,
          end: quest.end_at,
          pointsRemaining: remaining,
          actionTypeActive: quest.action_type_active,
          period: matchEarningPeriod(periods.anyDefined, periods.covering),
          accountExists: accountId !== undefined,
        },
        request.points,
        now,
      );
      if (decision.ok) {
        remaining -= request.points;
        const payout: Payout = {
          id: uuidv7(),
          questId,
          amount: request.points,
          createdAt: now,
          pass: request.pass,
          earningPeriodId: decision.periodId,
        };
        payouts.push({ payout, accountId: accountId! });
        outcome = { ok: true, payout };
      } else {
        outcome = decision;
      }
    }
    const response = pending.render(outcome);
    if (claim) toStore.push({ claim: claim.claim, response });
    return { ...response, replayed: false };
  });

  await applyPayouts(tx, questId, payouts);
  await storeIdempotentResponses(tx, toStore);
  return results;
}

/** Claims the idempotency keys of the batch; entry i is undefined when request i has none. */
async function claimAll(
  tx: Queryable,
  batch: readonly Pending[],
): Promise<({ claim: IdempotencyClaim; result: ClaimResult } | undefined)[]> {
  const claims: (IdempotencyClaim | undefined)[] = batch.map(({ request }) =>
    request.idempotency
      ? {
          accountId: request.accountId,
          key: request.idempotency.key,
          questId: request.questId,
          requestHash: request.idempotency.requestHash,
        }
      : undefined,
  );
  const present = claims.filter((c): c is IdempotencyClaim => c !== undefined);
  const results = await claimIdempotencyKeys(tx, present);
  let next = 0;
  return claims.map((claim) => (claim ? { claim, result: results[next++]! } : undefined));
}

async function accountIdsByPass(tx: Queryable, passes: string[]): Promise<Map<string, string>> {
  const { rows } = await tx.query<{ id: string; pass: string }>(
    "SELECT id, pass FROM accounts WHERE pass = ANY($1::text[])",
    [[...new Set(passes)]],
  );
  return new Map(rows.map((row) => [row.pass, row.id]));
}

/**
 * One decrement and one insert for the whole batch. The UPDATE's condition and the table's
 * CHECK make overspending impossible even if the decisions above were wrong.
 */
async function applyPayouts(
  tx: Queryable,
  questId: number,
  payouts: readonly { payout: Payout; accountId: string }[],
): Promise<void> {
  if (payouts.length === 0) return;
  const total = payouts.reduce((sum, { payout }) => sum + payout.amount, 0);
  const debited = await tx.query<{ id: number }>(
    `UPDATE quests SET points_remaining = points_remaining - $2
     WHERE id = $1 AND points_remaining >= $2
     RETURNING id`,
    [questId, total],
  );
  if (debited.rows.length !== 1) throw new Error("invariant: budget changed under the row lock");
  const first = payouts[0]!.payout;
  await tx.query(
    `INSERT INTO payouts (id, quest_id, account_id, amount, earning_period_id, created_at)
     SELECT u.id, $1, u.account_id, u.amount, $2, $3
     FROM unnest($4::uuid[], $5::uuid[], $6::bigint[]) AS u(id, account_id, amount)`,
    [
      questId,
      first.earningPeriodId,
      first.createdAt,
      payouts.map((p) => p.payout.id),
      payouts.map((p) => p.accountId),
      payouts.map((p) => p.payout.amount),
    ],
  );
}
