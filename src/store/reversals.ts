import { validate as isUuid } from "uuid";
import type { Queryable, Tx } from "../db/handle.js";
import type { Mode } from "../domain/api-keys.js";
import type { Reversal } from "../domain/records.js";
import { giveBackCounts } from "./quest-pass-counts.js";

/** A payout as a reversal needs it, with its quest's mode and campaign. */
export interface PayoutToReverse {
  id: string;
  questId: number;
  accountId: string;
  pass: string;
  amount: number;
  earningPeriodId: number | null;
  mode: Mode;
  campaignId: number | null;
}

/** The quest of a payout, or undefined (an id that is not a payout id at all included). */
export async function findPayoutQuestId(
  db: Queryable,
  payoutId: string,
): Promise<number | undefined> {
  if (!isUuid(payoutId)) return undefined;
  const { rows } = await db.query<{ quest_id: number }>(
    "SELECT quest_id FROM payouts WHERE id = $1",
    [payoutId],
  );
  return rows[0]?.quest_id;
}

/** A payout of `questId` (whose row the caller has locked), or undefined. */
export async function findPayoutToReverse(
  tx: Tx,
  questId: number,
  payoutId: string,
): Promise<PayoutToReverse | undefined> {
  if (!isUuid(payoutId)) return undefined;
  const { rows } = await tx.query<{
    id: string;
    quest_id: number;
    account_id: string;
    pass: string;
    amount: string;
    earning_period_id: number | null;
    mode: Mode;
    campaign_id: number | null;
  }>(
    `SELECT p.id, p.quest_id, p.account_id, a.pass, p.amount, p.earning_period_id, q.mode,
            q.campaign_id
     FROM payouts p JOIN accounts a ON a.id = p.account_id JOIN quests q ON q.id = p.quest_id
     WHERE p.id = $1 AND p.quest_id = $2`,
    [payoutId, questId],
  );
  const row = rows[0];
  return (
    row && {
      id: row.id,
      questId: row.quest_id,
      accountId: row.account_id,
      pass: row.pass,
      amount: Number(row.amount),
      earningPeriodId: row.earning_period_id,
      mode: row.mode,
      campaignId: row.campaign_id,
    }
  );
}

interface ReversalRow {
  id: string;
  payout_id: string;
  quest_id: number;
  amount: string;
  reason: string;
  created_at: Date;
}

const toReversal = (row: ReversalRow): Reversal => ({
  id: row.id,
  payoutId: row.payout_id,
  questId: row.quest_id,
  amount: Number(row.amount),
  reason: row.reason,
  createdAt: row.created_at,
});

/**
 * Records the reversal and puts its amount back into the quest's budget, in one statement, then
 * gives the payout's share of the pass's counts back (the caller holds the quest's lock).
 * Undefined when the payout was already reversed: the unique payout_id decides, and then
 * nothing changes.
 */
export async function writeReversal(
  tx: Tx,
  reversal: { id: string; payout: PayoutToReverse; reason: string; actor: string },
): Promise<Reversal | undefined> {
  const { payout } = reversal;
  const { rows } = await tx.query<ReversalRow>(
    `WITH reversed AS (
       INSERT INTO reversals (id, payout_id, quest_id, amount, reason, actor, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, clock_timestamp())
       ON CONFLICT (payout_id) DO NOTHING
       RETURNING id, payout_id, quest_id, amount, reason, created_at
     ), restored AS (
       UPDATE quests SET points_remaining = points_remaining + $4
       WHERE id = $3 AND EXISTS (SELECT 1 FROM reversed)
       RETURNING 1
     )
     SELECT reversed.* FROM reversed, restored`,
    [reversal.id, payout.id, payout.questId, payout.amount, reversal.reason, reversal.actor],
  );
  if (!rows[0]) return undefined;
  await giveBackCounts(tx, payout.id);
  return toReversal(rows[0]);
}

/** A quest's reversals, newest first. */
export async function listReversals(
  db: Queryable,
  questId: number,
  page: { limit: number; offset: number },
): Promise<Reversal[]> {
  const { rows } = await db.query<ReversalRow>(
    `SELECT id, payout_id, quest_id, amount, reason, created_at FROM reversals
     WHERE quest_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
    [questId, page.limit, page.offset],
  );
  return rows.map(toReversal);
}
