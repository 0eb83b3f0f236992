/**
 * The write of an allocation batch: one statement, sent with the COMMIT (see the round trips
 * note in store/allocations.ts, where the batch's locks and reads are).
 */

import type { Tx } from "../db/handle.js";
import type { Mode } from "../domain/api-keys.js";
import { QUEST_WINDOW_KEY } from "../domain/pass-limits.js";
import type { PointsChange } from "../domain/pass-totals.js";
import { totalsDeltas } from "../domain/pass-totals.js";
import type { Payout } from "../domain/records.js";
import type { BudgetAlerts } from "../domain/webhooks.js";
import {
  IDEMPOTENCY_RETENTION_S,
  type IdempotencyClaim,
  REFUSAL_RECORD,
  type StoredOutcome,
} from "./idempotency.js";
import { param } from "./keyset.js";
import { totalsUpsert } from "./pass-totals.js";
import { type CountsDelta, countsUpsert, mergeCountsDeltas } from "./quest-pass-counts.js";
import { type EventToWrite, eventsCte } from "./webhook-outbox.js";

/** A payout to write, with what the kept totals need of it. */
export interface PayoutToWrite {
  payout: Payout;
  accountId: string;
  /** Its quest's mode: no kept total counts a test-mode payout. */
  mode: Mode;
  campaignId: number | null;
  /** The window of its quest's pass_window it falls in; null when that is the quest's life. */
  windowKey: string | null;
}

/**
 * One statement for what a batch decided, over all its quests: each quest debited by its total,
 * every payout inserted with its position in its quest (migration 011: the quest's count before
 * plus its rank in the batch by (created_at, id); the batch's time is after the quest's last
 * payout, which the UPDATE checks, so positions follow the page's order; NULL while the backfill
 * has not reached the quest), the payers' kept totals raised, and the records of the claimed keys
 * that keep one (a payout, or a batch's answer that holds one) stored, over an expired record of
 * the same key or one that holds no payout (a refusal the previous version kept), then the COMMIT. The UPDATE's
 * condition and the table's CHECK make overspending impossible even if the decisions were wrong;
 * a count that does not add up rolls it all back. `pass_totals`' CHECK likewise keeps every pass within the points
 * limit when another transaction paid it after the batch read its total (`isPassPointsOverLimit`
 * tells that error apart).
 */
export async function writeAllocationBatch(
  tx: Tx,
  payouts: readonly PayoutToWrite[],
  records: readonly { claim: IdempotencyClaim; outcome: StoredOutcome }[],
  webhooks: { events: readonly EventToWrite[]; alerts: ReadonlyMap<number, BudgetAlerts> } = {
    events: [],
    alerts: new Map(),
  },
): Promise<{ deliveries: number }> {
  if (payouts.length === 0 && records.length === 0) return { deliveries: 0 };
  const totals = new Map<number, number>();
  const made = new Map<number, { count: number; at: Date }>();
  const changes: PointsChange[] = [];
  const counts: CountsDelta[] = [];
  for (const { payout, accountId, mode, campaignId, windowKey } of payouts) {
    // Every quest keeps its passes' counts, test-mode ones too (their limits apply alike).
    for (const key of windowKey ? [QUEST_WINDOW_KEY, windowKey] : [QUEST_WINDOW_KEY]) {
      counts.push({
        questId: payout.questId,
        accountId,
        windowKey: key,
        points: payout.amount,
        payouts: 1,
      });
    }
    totals.set(payout.questId, (totals.get(payout.questId) ?? 0) + payout.amount);
    const quest = made.get(payout.questId);
    if (!quest) made.set(payout.questId, { count: 1, at: payout.createdAt });
    else {
      quest.count++;
      if (payout.createdAt > quest.at) quest.at = payout.createdAt;
    }
    if (mode === "test") continue;
    changes.push({
      accountId,
      pass: payout.pass,
      campaignId,
      periodId: payout.earningPeriodId,
      points: payout.amount,
      payouts: 1,
    });
  }
  const params: unknown[] = [];
  const $ = (value: unknown) => param(params, value);
  const questIds = [...totals.keys()];
  const quest = {
    id: $(questIds),
    total: $([...totals.values()]),
    low: $(questIds.map((id) => webhooks.alerts.get(id)?.low ?? false)),
    exhausted: $(questIds.map((id) => webhooks.alerts.get(id)?.exhausted ?? false)),
    made: $(questIds.map((id) => made.get(id)!.count)),
    at: $(questIds.map((id) => made.get(id)!.at)),
  };
  const payout = {
    id: $(payouts.map((p) => p.payout.id)),
    questId: $(payouts.map((p) => p.payout.questId)),
    accountId: $(payouts.map((p) => p.accountId)),
    amount: $(payouts.map((p) => p.payout.amount)),
    periodId: $(payouts.map((p) => p.payout.earningPeriodId)),
    createdAt: $(payouts.map((p) => p.payout.createdAt)),
  };
  const record = {
    accountId: $(records.map((r) => r.claim.accountId)),
    key: $(records.map((r) => r.claim.key)),
    questId: $(records.map((r) => r.claim.questId)),
    requestHash: $(records.map((r) => r.claim.requestHash)),
    outcome: $(records.map((r) => JSON.stringify(r.outcome))),
    retentionS: $(IDEMPOTENCY_RETENTION_S),
  };
  const expected = {
    quests: $(totals.size),
    payouts: $(payouts.length),
    records: $(records.length),
  };
  const deltas = totalsDeltas(changes);
  // Without totals to keep (test mode, refusals only) the statement is the one it always was.
  const counted =
    deltas.length === 0 ? "" : `, counted AS (${totalsUpsert(params, deltas)} RETURNING 1)`;
  const countDeltas = mergeCountsDeltas(counts);
  const used =
    countDeltas.length === 0 ? "" : `, used AS (${countsUpsert(params, countDeltas)} RETURNING 1)`;
  // The events ride in the same statement: no round trip more, and only when some are due.
  const events = webhooks.events.length === 0 ? "" : `, ${eventsCte(params, webhooks.events)}`;
  const deliveries =
    webhooks.events.length === 0 ? "0" : "(SELECT count(*) FROM webhook_deliveries_written)::int";
  // The COMMIT travels with it, so the checks that the counts add up are the statement's own
  // (qp_check, migration 011): a count that does not add up fails it, and it all rolls back.
  const { rows } = await tx.queryThenCommit<{ deliveries: number }>(
    `WITH debit AS (
       UPDATE quests q SET points_remaining = q.points_remaining - d.total,
         budget_low_alerted = q.budget_low_alerted OR d.low,
         budget_exhausted_alerted = q.budget_exhausted_alerted OR d.exhausted,
         payouts_made = q.payouts_made + d.made, last_payout_at = d.at
       FROM unnest(${quest.id}::int[], ${quest.total}::bigint[], ${quest.low}::boolean[],
         ${quest.exhausted}::boolean[], ${quest.made}::bigint[], ${quest.at}::timestamptz[])
         AS d(id, total, low, exhausted, made, at)
       WHERE q.id = d.id AND q.points_remaining >= d.total
         AND (q.last_payout_at IS NULL OR q.last_payout_at < d.at)
       RETURNING q.id, q.payouts_made - d.made AS made_before
     ), paid AS (
       INSERT INTO payouts
         (id, quest_id, account_id, amount, earning_period_id, created_at, position)
       SELECT u.id, u.quest_id, u.account_id, u.amount, u.period_id, u.created_at,
         debit.made_before + row_number() OVER (PARTITION BY u.quest_id ORDER BY u.created_at, u.id)
       FROM unnest(${payout.id}::uuid[], ${payout.questId}::int[], ${payout.accountId}::uuid[],
         ${payout.amount}::bigint[], ${payout.periodId}::int[], ${payout.createdAt}::timestamptz[])
         AS u(id, quest_id, account_id, amount, period_id, created_at)
       JOIN debit ON debit.id = u.quest_id
       RETURNING 1
     ), kept AS (
       INSERT INTO idempotency_keys AS i (account_id, key, quest_id, request_hash, outcome)
       SELECT u.account_id, u.key, u.quest_id, u.request_hash, u.outcome::jsonb
       FROM unnest(${record.accountId}::uuid[], ${record.key}::text[], ${record.questId}::int[],
         ${record.requestHash}::text[], ${record.outcome}::text[])
         AS u(account_id, key, quest_id, request_hash, outcome)
       ON CONFLICT (account_id, key) DO UPDATE
         SET quest_id = excluded.quest_id, request_hash = excluded.request_hash,
             outcome = excluded.outcome, created_at = now()
         WHERE i.created_at < now() - make_interval(secs => ${record.retentionS})
           OR ${REFUSAL_RECORD}
       RETURNING 1
     )${counted}${used}${events}
     SELECT qp_check((SELECT count(*) FROM debit) = ${expected.quests}
              AND (SELECT count(*) FROM paid) = ${expected.payouts},
              'invariant: a budget or the last payout changed under the row lock'),
            qp_check((SELECT count(*) FROM kept) = ${expected.records},
              'invariant: a claimed key was stored meanwhile'),
            ${deliveries} AS deliveries`,
    params,
  );
  return { deliveries: rows[0]!.deliveries };
}
