import type { Tx } from "../db/handle.js";
import type { Mode } from "../domain/api-keys.js";
import type { PeriodMatch } from "../domain/earning-periods.js";
import { matchEarningPeriod } from "../domain/earning-periods.js";
import {
  type PassLimits,
  type PassUsage,
  type PassWindow,
  QUEST_WINDOW_KEY,
} from "../domain/pass-limits.js";
import { EVERY } from "../domain/pass-totals.js";
import type { EventType } from "../domain/webhooks.js";
import {
  IDEMPOTENCY_RETENTION_S,
  type IdempotencyClaim,
  type StoredClaim,
  type StoredOutcome,
} from "./idempotency.js";
import { passWindowKeySql } from "./quest-pass-counts.js";
import { type Subscriptions, subscriptionsOf } from "./webhook-outbox.js";

/**
 * An allocation batch costs two round trips to the database on PostgreSQL, whose connections
 * pipeline statements (the server still runs them one after another, in the order sent): BEGIN,
 * the idempotency claims, `lockQuestsForAllocation` and `readAllocationContext` are written
 * together, none needing an answer of the others, and `writeAllocationBatch` travels with the
 * COMMIT. Each round trip waits for a turn of the event loop under load and for the network in a
 * real deployment, so their count bounds how fast a hot quest's batches follow one another (it
 * was five or six: docs/performance.md, "Round trips", has what each cut measured).
 */

/** The quest as the allocation rules see it, read under its row lock. */
export interface LockedQuest {
  id: number;
  ownerId: string;
  enabled: boolean;
  start: Date;
  end: Date;
  pointsRemaining: number;
  /** Test-mode payouts never count in the kept totals. */
  mode: Mode;
  campaignId: number | null;
  name: string;
  totalPoints: number;
  expectedPointsPerCompletion: number;
  /** Whether quest.budget_low and quest.budget_exhausted fired since the budget was last above. */
  lowAlerted: boolean;
  exhaustedAlerted: boolean;
  passLimits: PassLimits;
}

/**
 * Locks the quests' rows for the rest of the transaction (allocations, operator edits and owner
 * changes on a quest are serialised here), in id order so two batches over overlapping quests
 * never deadlock, in any processes, and reads what the rules need of them. A missing quest is
 * absent from the map.
 */
export async function lockQuestsForAllocation(
  tx: Tx,
  questIds: readonly number[],
): Promise<Map<number, LockedQuest>> {
  const { rows } = await tx.query<{
    id: number;
    owner_id: string;
    enabled: boolean;
    start_at: Date;
    end_at: Date;
    points_remaining: number;
    mode: Mode;
    campaign_id: number | null;
    name: string;
    total_points: number;
    expected_points_per_completion: number;
    budget_low_alerted: boolean;
    budget_exhausted_alerted: boolean;
    pass_points_max: string | null;
    pass_payouts_max: string | null;
    pass_window: PassWindow;
  }>(
    `SELECT q.id, q.owner_id, q.enabled, q.start_at, q.end_at, q.points_remaining, q.mode,
            q.campaign_id, q.name, q.total_points, q.expected_points_per_completion,
            q.budget_low_alerted, q.budget_exhausted_alerted,
            q.pass_points_max, q.pass_payouts_max, q.pass_window
     FROM quests q
     WHERE q.id = ANY($1::int[])
     ORDER BY q.id
     FOR UPDATE OF q`,
    [questIds],
  );
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        ownerId: row.owner_id,
        enabled: row.enabled,
        start: row.start_at,
        end: row.end_at,
        pointsRemaining: Number(row.points_remaining),
        mode: row.mode,
        campaignId: row.campaign_id,
        name: row.name,
        totalPoints: Number(row.total_points),
        expectedPointsPerCompletion: Number(row.expected_points_per_completion),
        lowAlerted: row.budget_low_alerted,
        exhaustedAlerted: row.budget_exhausted_alerted,
        passLimits: {
          passPointsMax: row.pass_points_max === null ? null : Number(row.pass_points_max),
          passPayoutsMax: row.pass_payouts_max === null ? null : Number(row.pass_payouts_max),
          window: row.pass_window,
        },
      },
    ]),
  );
}

/** Everything else a batch decides on, read once its quests are locked. */
export interface AllocationContext {
  /** The database's clock: payout times agree across hosts. */
  now: Date;
  /**
   * The quests switch as committed: the route checked a cached copy, which another process's
   * change reaches only with its notice, a moment later.
   */
  questsEnabled: boolean;
  /** The batch's API keys that are neither revoked nor expired. */
  liveKeyIds: Set<string>;
  period: PeriodMatch;
  /** Whether each of the batch's quests' action type is active, by quest id. */
  actionTypeActive: Map<number, boolean>;
  /** Registered accounts among the batch's passes. */
  accountIdByPass: Map<string, string>;
  /** The suspended ones among them. */
  suspendedPasses: Set<string>;
  /**
   * What the batch's passes have from the batch's quests (`quest_pass_counts`), by
   * `passCountsId`: the whole-life rows and the rows of the current day, week and earning period.
   */
  passCounts: Map<string, PassUsage>;
  /**
   * Live points of the batch's passes (their kept overall totals, net of reversals), by
   * checksummed address; a registered pass absent here has none. Only live quests' decisions
   * use them.
   */
  passPoints: Map<string, number>;
  /** Unexpired stored outcomes of the batch's idempotency keys, by `claimId`. */
  stored: Map<string, StoredClaim>;
  /** What the quests' owners' and the operators' enabled webhook endpoints subscribed to. */
  subscriptions: Subscriptions;
}

/** How a row of `quest_pass_counts` is found in `AllocationContext.passCounts`. */
export const passCountsId = (questId: number, pass: string, windowKey: string) =>
  `${questId}:${pass}:${windowKey}`;

/** How a claim is found in `AllocationContext.stored`. */
export const claimId = (claim: Pick<IdempotencyClaim, "accountId" | "key">) =>
  `${claim.accountId}:${claim.key}`;

interface ContextRow {
  now: Date;
  quests_enabled: boolean;
  live_keys: string[];
  any_period: boolean;
  period_id: number | null;
  period_start: Date | null;
  period_end: Date | null;
  action_types: Record<string, boolean> | null;
  accounts: Record<string, string> | null;
  suspended: string[] | null;
  pass_counts: [number, string, string, number, number][] | null;
  pass_points: Record<string, number> | null;
  stored:
    | {
        account_id: string;
        key: string;
        quest_id: number;
        request_hash: string;
        outcome: StoredOutcome;
      }[]
    | null;
  endpoints: { account_id: string | null; mode: Mode; events: EventType[] }[] | null;
}

/**
 * One statement, after the quests' locks are granted, so its snapshot shows everything committed
 * before they were (a period or an action type changed while the batch waited for a lock is
 * seen): the database's clock (at least 1 ms after each quest's last payout, so a quest's
 * payouts are stamped in the order they are numbered: see `writeAllocationBatch`), the live keys, the earning period, the action types, the accounts,
 * the live passes' points and the stored idempotency outcomes.
 *
 * The passes' points are read as of this snapshot, without a lock: a transaction of another
 * quest may pay the same pass before this one writes. Migration 007's CHECK then refuses the
 * write that would take the pass beyond the limit, and the batch is decided again.
 *
 * The accounts are read `FOR KEY SHARE` (as the payouts' foreign key would lock them anyway):
 * a suspension locks the account `FOR UPDATE` first, so it waits for this transaction, or this
 * read waits for the suspension and then sees it; a pass is never paid after its suspension
 * committed, and its kept totals are never written beside the suspension's update of them.
 * The counts of the passes from the quests are the quests' own: only writers holding the quest
 * locks change them.
 *
 * The live keys are read `FOR SHARE`: a revocation (an UPDATE of the key row) waits for this
 * transaction, or this read waits for the revocation and then sees it, so no payout commits
 * after a revocation has committed. The covering period is read `FOR KEY SHARE`, so deleting it
 * waits for the payouts stamped with it and is then refused (EARNING_PERIOD_IN_USE), never the
 * payout's insert. The idempotency keys must already be claimed
 * (`tryLockIdempotencyKeys`, an earlier statement), so this snapshot shows any outcome their
 * previous holder committed.
 */
export async function readAllocationContext(
  tx: Tx,
  batch: {
    questIds: readonly number[];
    keyIds: readonly string[];
    passes: readonly string[];
    claims: readonly IdempotencyClaim[];
  },
): Promise<AllocationContext> {
  const { rows } = await tx.query<ContextRow>(
    `WITH clock AS MATERIALIZED (
       SELECT greatest(clock_timestamp(), (SELECT max(q.last_payout_at) + interval '1 millisecond'
         FROM quests q WHERE q.id = ANY($1::int[]))) AS now
     ),
     live_keys AS (
       SELECT k.id FROM api_keys k, clock
       WHERE k.id = ANY($2::uuid[]) AND k.revoked_at IS NULL
         AND (k.expires_at IS NULL OR k.expires_at > clock.now)
       FOR SHARE OF k
     ),
     period AS (
       SELECT p.id, p.start_at, p.end_at FROM earning_periods p, clock
       WHERE tstzrange(p.start_at, p.end_at, '[)') @> clock.now
       FOR KEY SHARE OF p
     ),
     payees AS (
       SELECT a.id, a.pass, a.suspended_at FROM accounts a
       WHERE a.pass = ANY($3::text[])
       FOR KEY SHARE OF a
     )
     SELECT clock.now,
            coalesce((SELECT f.enabled FROM features f WHERE f.name = 'quests'), true)
              AS quests_enabled,
            ARRAY(SELECT id::text FROM live_keys) AS live_keys,
            EXISTS (SELECT 1 FROM earning_periods) AS any_period,
            period.id AS period_id, period.start_at AS period_start, period.end_at AS period_end,
            (SELECT json_object_agg(q.id, a.active)
             FROM quests q JOIN action_types a ON a.name = q.action_type
             WHERE q.id = ANY($1::int[])) AS action_types,
            (SELECT json_object_agg(pass, id) FROM payees) AS accounts,
            (SELECT json_agg(pass) FROM payees WHERE suspended_at IS NOT NULL) AS suspended,
            (SELECT json_agg(json_build_array(c.quest_id, a.pass, c.window_key, c.points,
               c.payouts))
             FROM quest_pass_counts c JOIN payees a ON a.id = c.account_id
             WHERE c.quest_id = ANY($1::int[]) AND c.window_key IN ('${QUEST_WINDOW_KEY}',
               ${passWindowKeySql("'day'", "clock.now", "period.id")},
               ${passWindowKeySql("'week'", "clock.now", "period.id")},
               ${passWindowKeySql("'earning_period'", "clock.now", "period.id")})) AS pass_counts,
            (SELECT json_object_agg(a.pass, t.points) FROM accounts a
             JOIN pass_totals t ON t.account_id = a.id AND t.campaign_key = ${EVERY}
               AND t.period_key = ${EVERY}
             WHERE a.pass = ANY($3::text[])) AS pass_points,
            (SELECT json_agg(json_build_object(
               'account_id', i.account_id, 'key', i.key, 'quest_id', i.quest_id,
               'request_hash', i.request_hash, 'outcome', i.outcome))
             FROM idempotency_keys i
             JOIN unnest($4::uuid[], $5::text[]) AS u(account_id, key)
               ON i.account_id = u.account_id AND i.key = u.key
             WHERE i.created_at >= now() - make_interval(secs => $6)) AS stored,
            (SELECT json_agg(json_build_object(
               'account_id', e.account_id, 'mode', e.mode, 'events', e.events))
             FROM webhook_endpoints e
             WHERE e.disabled_at IS NULL
               AND (e.account_id IN (SELECT owner_id FROM quests WHERE id = ANY($1::int[]))
                 OR e.account_id IS NULL)) AS endpoints
     FROM clock LEFT JOIN period ON true`,
    [
      batch.questIds,
      batch.keyIds,
      batch.passes,
      batch.claims.map((c) => c.accountId),
      batch.claims.map((c) => c.key),
      IDEMPOTENCY_RETENTION_S,
    ],
  );
  const row = rows[0]!;
  const covering =
    row.period_id === null
      ? null
      : { id: row.period_id, start: row.period_start!, end: row.period_end! };
  return {
    now: row.now,
    questsEnabled: row.quests_enabled,
    liveKeyIds: new Set(row.live_keys),
    period: matchEarningPeriod(row.any_period, covering),
    actionTypeActive: new Map(
      Object.entries(row.action_types ?? {}).map(([id, active]) => [Number(id), active]),
    ),
    accountIdByPass: new Map(Object.entries(row.accounts ?? {})),
    suspendedPasses: new Set(row.suspended ?? []),
    passCounts: new Map(
      (row.pass_counts ?? []).map(([questId, pass, windowKey, points, payouts]) => [
        passCountsId(questId, pass, windowKey),
        { points: Number(points), payouts: Number(payouts) },
      ]),
    ),
    passPoints: new Map(Object.entries(row.pass_points ?? {})),
    stored: new Map(
      (row.stored ?? []).map((record) => [
        claimId({ accountId: record.account_id, key: record.key }),
        { questId: record.quest_id, requestHash: record.request_hash, outcome: record.outcome },
      ]),
    ),
    subscriptions: subscriptionsOf(row.endpoints ?? []),
  };
}
