import { v7 as uuidv7 } from "uuid";
import { type AllocationDecision, decideAllocation } from "../domain/allocation.js";
import { matchEarningPeriod } from "../domain/earning-periods.js";
import { AppError } from "../domain/errors.js";
import { IDEMPOTENCY_RETENTION_MS } from "../domain/limits.js";
import type { Payout } from "../domain/records.js";
import type { Db, Queryable } from "./db.js";
import { earningPeriodAt } from "./earning-periods.js";

export interface AllocationRequest {
  questId: number;
  accountId: string; // the API key's account, for idempotency scope
  pass: string; // checksummed receiving address
  points: number;
  idempotency?: IdempotencyClaim | undefined;
}

/** What the HTTP layer answers; stored as-is for idempotent replays. */
export interface RenderedResponse {
  status: number;
  body: unknown;
}

export type AllocationOutcome = { ok: true; payout: Payout } | { ok: false; error: AppError };

export interface AllocationResult extends RenderedResponse {
  replayed: boolean;
}

interface LockedQuestRow {
  id: number;
  enabled: boolean;
  start_at: Date;
  end_at: Date;
  points_remaining: number;
  action_type_active: boolean;
}

/**
 * Allocates points in one transaction: lock the quest row, read everything the rules need,
 * decide, then decrement and insert the payout. The row lock orders concurrent requests across
 * processes; the conditional UPDATE and the table's CHECK make overspending impossible even if
 * the code above them were wrong.
 */
export type Allocator = (
  request: AllocationRequest,
  render: (outcome: AllocationOutcome) => RenderedResponse,
) => Promise<AllocationResult>;

export function createAllocator(db: Db): Allocator {
  // Keys in flight in this process. PGlite runs one transaction at a time, so without this set a
  // concurrent retry would queue behind the first and replay it instead of answering 409.
  const inFlight = new Set<string>();
  return async (request, render) => {
    const idem = request.idempotency;
    const flightKey = idem && `${request.accountId}:${idem.key}`;
    if (flightKey) {
      if (inFlight.has(flightKey)) throw inProgress();
      inFlight.add(flightKey);
    }
    try {
      return await db.transaction(async (tx) => {
        const replay = idem && (await claimIdempotencyKey(tx, request, idem));
        if (replay) return { ...replay, replayed: true };
        const response = render(await decideAndApply(tx, request));
        if (idem) await storeIdempotentResponse(tx, request, idem, response);
        return { ...response, replayed: false };
      });
    } finally {
      if (flightKey) inFlight.delete(flightKey);
    }
  };
}

async function decideAndApply(
  tx: Queryable,
  request: AllocationRequest,
): Promise<AllocationOutcome> {
  const { rows } = await tx.query<LockedQuestRow>(
    `SELECT q.id, q.enabled, q.start_at, q.end_at, q.points_remaining,
            a.active AS action_type_active
     FROM quests q JOIN action_types a ON a.name = q.action_type
     WHERE q.id = $1
     FOR UPDATE OF q`,
    [request.questId],
  );
  const quest = rows[0];
  if (!quest) {
    return {
      ok: false,
      error: new AppError("QUEST_NOT_FOUND", `Quest ${request.questId} does not exist.`),
    };
  }
  // Read the clock after the lock is held, so payout times follow the order of the budget.
  const now = new Date();
  const periods = await earningPeriodAt(tx, now);
  const account = await tx.query<{ id: string }>("SELECT id FROM accounts WHERE pass = $1", [
    request.pass,
  ]);
  const decision: AllocationDecision = decideAllocation(
    {
      questId: quest.id,
      enabled: quest.enabled,
      start: quest.start_at,
      end: quest.end_at,
      pointsRemaining: Number(quest.points_remaining),
      actionTypeActive: quest.action_type_active,
      period: matchEarningPeriod(periods.anyDefined, periods.covering),
      accountExists: account.rows.length === 1,
    },
    request.points,
    now,
  );
  if (!decision.ok) return decision;

  const debited = await tx.query<{ id: number }>(
    `UPDATE quests SET points_remaining = points_remaining - $2
     WHERE id = $1 AND points_remaining >= $2
     RETURNING id`,
    [request.questId, request.points],
  );
  if (debited.rows.length !== 1) throw new Error("invariant: budget changed under the row lock");

  const payout: Payout = {
    id: uuidv7(),
    questId: request.questId,
    amount: request.points,
    createdAt: now,
    pass: request.pass,
    earningPeriodId: decision.periodId,
  };
  await tx.query(
    `INSERT INTO payouts (id, quest_id, account_id, amount, earning_period_id, created_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [payout.id, payout.questId, account.rows[0]!.id, payout.amount, payout.earningPeriodId, now],
  );
  return { ok: true, payout };
}

/**
 * Takes the idempotency key for this transaction. Another transaction holding it means the first
 * request is still in flight (409); a stored record means replay (same request) or misuse (422).
 * The lock is transaction-scoped, so a crash releases it and leaves no half-done record behind.
 */
interface IdempotencyClaim {
  key: string;
  requestHash: string;
}

async function claimIdempotencyKey(
  tx: Queryable,
  request: AllocationRequest,
  { key, requestHash }: IdempotencyClaim,
): Promise<RenderedResponse | undefined> {
  const lock = await tx.query<{ locked: boolean }>(
    "SELECT pg_try_advisory_xact_lock(hashtextextended($1, 0)) AS locked",
    [`idempotency:${request.accountId}:${key}`],
  );
  if (!lock.rows[0]!.locked) throw inProgress();

  await tx.query(
    `DELETE FROM idempotency_keys
     WHERE account_id = $1 AND key = $2 AND created_at < $3`,
    [request.accountId, key, new Date(Date.now() - IDEMPOTENCY_RETENTION_MS)],
  );
  const { rows } = await tx.query<{
    quest_id: number;
    request_hash: string;
    response_status: number;
    response_body: unknown;
  }>(
    `SELECT quest_id, request_hash, response_status, response_body
     FROM idempotency_keys WHERE account_id = $1 AND key = $2`,
    [request.accountId, key],
  );
  const stored = rows[0];
  if (!stored) return undefined;
  if (stored.quest_id !== request.questId || stored.request_hash !== requestHash) {
    throw new AppError(
      "IDEMPOTENCY_KEY_REUSED",
      "This Idempotency-Key was already used with a different quest or body.",
    );
  }
  return { status: stored.response_status, body: stored.response_body };
}

function inProgress(): AppError {
  return new AppError(
    "IDEMPOTENCY_IN_PROGRESS",
    "A request with this Idempotency-Key is still being processed; retry shortly.",
  );
}

async function storeIdempotentResponse(
  tx: Queryable,
  request: AllocationRequest,
  { key, requestHash }: IdempotencyClaim,
  response: RenderedResponse,
): Promise<void> {
  await tx.query(
    `INSERT INTO idempotency_keys
       (account_id, key, quest_id, request_hash, response_status, response_body)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [
      request.accountId,
      key,
      request.questId,
      requestHash,
      response.status,
      JSON.stringify(response.body),
    ],
  );
}
