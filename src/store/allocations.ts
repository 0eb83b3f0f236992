import type { PeriodMatch } from "../domain/earning-periods.js";
import { matchEarningPeriod } from "../domain/earning-periods.js";
import type { Payout } from "../domain/records.js";
import type { Tx } from "./db.js";

/** The quest as the allocation rules see it, read under its row lock. */
export interface LockedQuest {
  id: number;
  ownerId: string;
  enabled: boolean;
  start: Date;
  end: Date;
  pointsRemaining: number;
  actionTypeActive: boolean;
}

/**
 * Locks the quest row for the rest of the transaction (allocations, operator edits and owner
 * changes on one quest are serialised here) and reads what the rules need. Undefined: no quest.
 */
export async function lockQuestForAllocation(
  tx: Tx,
  questId: number,
): Promise<LockedQuest | undefined> {
  const { rows } = await tx.query<{
    id: number;
    owner_id: string;
    enabled: boolean;
    start_at: Date;
    end_at: Date;
    points_remaining: number;
    action_type_active: boolean;
  }>(
    `SELECT q.id, q.owner_id, q.enabled, q.start_at, q.end_at, q.points_remaining,
            a.active AS action_type_active
     FROM quests q JOIN action_types a ON a.name = q.action_type
     WHERE q.id = $1
     FOR UPDATE OF q`,
    [questId],
  );
  const row = rows[0];
  return (
    row && {
      id: row.id,
      ownerId: row.owner_id,
      enabled: row.enabled,
      start: row.start_at,
      end: row.end_at,
      pointsRemaining: Number(row.points_remaining),
      actionTypeActive: row.action_type_active,
    }
  );
}

/** Everything else an allocation batch decides on, read after the quest lock is held. */
export interface AllocationContext {
  /** The database's clock: payout times and windows agree across hosts. */
  now: Date;
  /** The batch's API keys that are neither revoked nor expired. */
  liveKeyIds: Set<string>;
  period: PeriodMatch;
  /** Registered accounts among the batch's passes. */
  accountIdByPass: Map<string, string>;
}

/**
 * One statement after the lock. The live keys are read `FOR SHARE`: a revocation (an UPDATE of
 * the key row) waits for this transaction, or this read waits for the revocation and then sees
 * it, so no payout commits after a revocation has committed.
 */
export async function readAllocationContext(
  tx: Tx,
  keyIds: readonly string[],
  passes: readonly string[],
): Promise<AllocationContext> {
  const { rows } = await tx.query<{
    now: Date;
    live_keys: string[];
    any_period: boolean;
    period_id: number | null;
    period_start: Date | null;
    period_end: Date | null;
    accounts: Record<string, string> | null;
  }>(
    `WITH clock AS MATERIALIZED (SELECT clock_timestamp() AS now),
     live_keys AS (
       SELECT k.id FROM api_keys k, clock
       WHERE k.id = ANY($1::uuid[]) AND k.revoked_at IS NULL
         AND (k.expires_at IS NULL OR k.expires_at > clock.now)
       FOR SHARE OF k
     ),
     period AS (
       SELECT p.id, p.start_at, p.end_at FROM earning_periods p, clock
       WHERE tstzrange(p.start_at, p.end_at, '[)') @> clock.now
     )
     SELECT clock.now,
            ARRAY(SELECT id::text FROM live_keys) AS live_keys,
            EXISTS (SELECT 1 FROM earning_periods) AS any_period,
            period.id AS period_id, period.start_at AS period_start, period.end_at AS period_end,
            (SELECT json_object_agg(pass, id) FROM accounts
             WHERE pass = ANY($2::text[])) AS accounts
     FROM clock LEFT JOIN period ON true`,
    [keyIds, passes],
  );
  const row = rows[0]!;
  const covering =
    row.period_id === null
      ? null
      : { id: row.period_id, start: row.period_start!, end: row.period_end! };
  return {
    now: row.now,
    liveKeyIds: new Set(row.live_keys),
    period: matchEarningPeriod(row.any_period, covering),
    accountIdByPass: new Map(Object.entries(row.accounts ?? {})),
  };
}

/**
 * One decrement and one insert for a batch's payouts. The UPDATE's condition and the table's
 * CHECK make overspending impossible even if the decisions were wrong.
 */
export async function recordPayouts(
  tx: Tx,
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
  await tx.query(
    `INSERT INTO payouts (id, quest_id, account_id, amount, earning_period_id, created_at)
     SELECT u.id, $1, u.account_id, u.amount, u.earning_period_id, u.created_at
     FROM unnest($2::uuid[], $3::uuid[], $4::bigint[], $5::int[], $6::timestamptz[])
       AS u(id, account_id, amount, earning_period_id, created_at)`,
    [
      questId,
      payouts.map((p) => p.payout.id),
      payouts.map((p) => p.accountId),
      payouts.map((p) => p.payout.amount),
      payouts.map((p) => p.payout.earningPeriodId),
      payouts.map((p) => p.payout.createdAt),
    ],
  );
}
