import type { Queryable, Tx } from "../db/handle.js";
import type { Mode } from "../domain/api-keys.js";
import { ID_MAX } from "../domain/limits.js";
import type { PassWindow } from "../domain/pass-limits.js";
import { QUEST_DEFAULTS, type QuestFields } from "../domain/quests.js";
import type {
  Payout,
  Quest,
  QuestDetailRead,
  QuestOwnership,
  QuestWithCampaign,
} from "../domain/records.js";
import { findAccountByPass } from "./accounts.js";
import { keyset, type Page, type PageRequest, param, toPage } from "./keyset.js";

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
  mode: Mode;
  pass_points_max: number | string | null;
  pass_payouts_max: number | string | null;
  pass_window: PassWindow;
  url: string | null;
  created_at: Date;
  updated_at: Date;
}

export const QUEST_COLUMNS = `q.id, q.name, q.description, q.owner_id, q.campaign_id, q.total_points,
  q.points_remaining, q.expected_points_per_completion, q.start_at, q.end_at, q.is_public,
  q.enabled, q.action_type, q.mode, q.pass_points_max, q.pass_payouts_max, q.pass_window, q.url,
  q.created_at, q.updated_at`;

/** A nullable bigint as the drivers hand it (text or number) → a number, or null. */
const numberOrNull = (value: number | string | null) => (value === null ? null : Number(value));

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
  mode: row.mode,
  passPointsMax: numberOrNull(row.pass_points_max),
  passPayoutsMax: numberOrNull(row.pass_payouts_max),
  passWindow: row.pass_window,
  url: row.url,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** A quest's limits per pass and link: a quest inserted without them has the defaults. */
type QuestPlayKey = "passPointsMax" | "passPayoutsMax" | "passWindow" | "url";

export async function insertQuest(
  db: Queryable,
  input: Omit<QuestFields, QuestPlayKey> & Partial<Pick<QuestFields, QuestPlayKey>>,
): Promise<Quest> {
  const { rows } = await db.query<QuestRow>(
    `INSERT INTO quests AS q (name, description, owner_id, campaign_id, total_points,
       points_remaining, expected_points_per_completion, start_at, end_at, is_public, enabled,
       action_type, mode, pass_points_max, pass_payouts_max, pass_window, url)
     VALUES ($1, $2, $3, $4, $5, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
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
      input.mode,
      input.passPointsMax ?? QUEST_DEFAULTS.passPointsMax,
      input.passPayoutsMax ?? QUEST_DEFAULTS.passPayoutsMax,
      input.passWindow ?? QUEST_DEFAULTS.passWindow,
      input.url ?? QUEST_DEFAULTS.url,
    ],
  );
  return toQuest(rows[0]!);
}

export async function findQuestOwner(
  db: Queryable,
  id: number,
): Promise<QuestOwnership | undefined> {
  const { rows } = await db.query<{ owner_id: string; mode: Mode }>(
    "SELECT owner_id, mode FROM quests WHERE id = $1",
    [id],
  );
  return rows[0] && { ownerId: rows[0].owner_id, mode: rows[0].mode };
}

/** Reads a quest and locks its row for the transaction: edits and allocations serialise here. */
export async function lockQuest(tx: Tx, id: number): Promise<Quest | undefined> {
  const { rows } = await tx.query<QuestRow>(
    `SELECT ${QUEST_COLUMNS} FROM quests q WHERE id = $1 FOR UPDATE`,
    [id],
  );
  return rows[0] && toQuest(rows[0]);
}

/**
 * Writes a quest locked by `lockQuest` in this transaction. `points_remaining` moves with
 * `total_points`: what was paid (total - remaining, as locked) stays paid.
 */
export async function writeQuest(tx: Tx, id: number, next: QuestFields): Promise<Quest> {
  const { rows } = await tx.query<QuestRow>(
    `UPDATE quests AS q SET name = $2, description = $3, owner_id = $4, campaign_id = $5,
       total_points = $6, points_remaining = $6 - (q.total_points - q.points_remaining),
       expected_points_per_completion = $7, start_at = $8, end_at = $9, is_public = $10,
       enabled = $11, action_type = $12, pass_points_max = $13, pass_payouts_max = $14,
       pass_window = $15, url = $16, updated_at = now()
     WHERE id = $1
     RETURNING ${QUEST_COLUMNS}`,
    [
      id,
      next.name,
      next.description,
      next.ownerId,
      next.campaignId,
      next.totalPoints,
      next.expectedPointsPerCompletion,
      next.start,
      next.end,
      next.isPublic,
      next.enabled,
      next.actionType,
      next.passPointsMax,
      next.passPayoutsMax,
      next.passWindow,
      next.url,
    ],
  );
  return toQuest(rows[0]!);
}

type QuestCampaignRow = QuestRow & {
  c_id: number | null;
  c_name: string | null;
  c_description: string | null;
};

/**
 * Public quests, by id, optionally of one owner and only of the ids given (each at most ID_MAX);
 * the page is bounded by `limit`.
 */
export async function listPublicQuests(
  db: Queryable,
  filter: {
    ownerPass?: string | undefined;
    ids?: readonly number[] | undefined;
    limit: number;
    offset: number;
  },
): Promise<QuestWithCampaign[]> {
  const { rows } = await db.query<QuestCampaignRow>(
    `SELECT ${QUEST_COLUMNS}, c.id AS c_id, c.name AS c_name, c.description AS c_description
     FROM quests q
     LEFT JOIN campaigns c ON c.id = q.campaign_id
     WHERE q.is_public AND q.mode = 'live'
       AND ($1::text IS NULL OR q.owner_id = (SELECT id FROM accounts WHERE pass = $1))
       AND ($4::int[] IS NULL OR q.id = ANY ($4::int[]))
     ORDER BY q.id
     LIMIT $2 OFFSET $3`,
    [filter.ownerPass ?? null, filter.limit, filter.offset, filter.ids ?? null],
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
     WHERE q.campaign_id = $1 AND q.is_public AND q.mode = 'live'
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

/** Which page of which quest's payouts a detail view shows. */
export interface DetailPage {
  questId: number;
  limit: number;
  offset: number;
}

type DetailRow = QuestRow & { n: number; now: Date } & {
  [K in keyof PayoutRow as `p_${K}`]: PayoutRow[K] | null;
};

/**
 * Detail views of several quests in ONE statement, so each quest's `points_remaining`, its
 * payout count and its page come from the same snapshot, and many reads cost one round trip.
 * Each page's keys are one range of payouts_quest_position_idx (a quest with n payouts answers
 * `offset` o with positions n - o down to n - o - limit + 1, newest first as the spec orders
 * them; migration 011), then each payout and its account by primary key: any offset costs what
 * the first page does. A quest whose positions the backfill has not completed yet is read as
 * before, an index-only walk of payouts_quest_page_idx skipping `offset` entries. Answer i is
 * page i's quest, or undefined when the quest does not exist.
 */
export async function findQuestDetails(
  db: Queryable,
  pages: readonly DetailPage[],
): Promise<(QuestDetailRead | undefined)[]> {
  const { rows } = await db.query<DetailRow>(
    `WITH clock AS MATERIALIZED (SELECT clock_timestamp() AS now)
     SELECT r.n::int AS n, ${QUEST_COLUMNS}, clock.now,
            p.id AS p_id, p.quest_id AS p_quest_id, p.amount AS p_amount,
            p.created_at AS p_created_at, p.pass AS p_pass,
            p.earning_period_id AS p_earning_period_id
     FROM unnest($1::int[], $2::int[], $3::int[]) WITH ORDINALITY AS r(quest_id, lim, off, n)
     CROSS JOIN clock
     JOIN quests q ON q.id = r.quest_id
     LEFT JOIN LATERAL (
       SELECT pp.id, pp.quest_id, pp.amount, pp.created_at, pp.earning_period_id, a.pass
       FROM (
         (SELECT id FROM payouts
          WHERE q.payouts_made IS NOT NULL AND quest_id = q.id
            AND position BETWEEN q.payouts_made - r.off - r.lim + 1 AND q.payouts_made - r.off)
         UNION ALL
         -- A quest the backfill has not reached yet: its page as it was read before positions.
         (SELECT id FROM payouts
          WHERE q.payouts_made IS NULL AND quest_id = q.id
          ORDER BY created_at DESC, id DESC
          LIMIT r.lim OFFSET r.off)
       ) page
       -- OFFSET 0 keeps each lookup a subquery of its own: flattened, the planner (not knowing
       -- the page size) may hash-join the whole payouts table against the page instead.
       CROSS JOIN LATERAL (
         SELECT id, quest_id, account_id, amount, created_at, earning_period_id
         FROM payouts WHERE id = page.id OFFSET 0
       ) pp
       CROSS JOIN LATERAL (SELECT pass FROM accounts WHERE id = pp.account_id OFFSET 0) a
     ) p ON true
     ORDER BY r.n, p.created_at DESC, p.id DESC`,
    [pages.map((p) => p.questId), pages.map((p) => p.limit), pages.map((p) => p.offset)],
  );
  const reads: (QuestDetailRead | undefined)[] = pages.map(() => undefined);
  for (const row of rows) {
    const i = row.n - 1;
    reads[i] ??= { quest: toQuest(row), payouts: [], now: row.now };
    const read = reads[i];
    if (row.p_id === null) continue;
    read.payouts.push(
      toPayout({
        id: row.p_id,
        quest_id: row.p_quest_id!,
        amount: row.p_amount!,
        created_at: row.p_created_at!,
        pass: row.p_pass!,
        earning_period_id: row.p_earning_period_id,
      }),
    );
  }
  return reads;
}

export interface QuestListFilter {
  /** The owner's pass (checksummed): an unregistered pass matches no quest. */
  ownerPass?: string | undefined;
  campaignId?: number | undefined;
  mode?: Mode | undefined;
}

/** Every quest (private and test ones too), newest first: the operator's list. */
export async function listQuests(
  db: Queryable,
  filter: QuestListFilter,
  page: PageRequest,
): Promise<Page<Quest>> {
  // Campaign ids are 4-byte integers: none is larger (and the database would refuse the value).
  if (filter.campaignId !== undefined && filter.campaignId > ID_MAX)
    return { items: [], next: null };
  const params: unknown[] = [];
  const conditions: string[] = [];
  if (filter.ownerPass !== undefined) {
    // The owner's id as a value, not a subquery, so the plan is a range of the owner's index.
    const owner = await findAccountByPass(db, filter.ownerPass);
    if (!owner) return { items: [], next: null };
    conditions.push(`q.owner_id = ${param(params, owner.id)}::uuid`);
  }
  if (filter.campaignId !== undefined) {
    conditions.push(`q.campaign_id = ${param(params, filter.campaignId)}`);
  }
  if (filter.mode !== undefined) conditions.push(`q.mode = ${param(params, filter.mode)}`);
  const { where, orderBy, limit } = keyset(
    { at: "q.created_at", id: "q.id", idType: "int" },
    "newest",
    page,
    params,
  );
  const { rows } = await db.query<QuestRow>(
    `SELECT ${QUEST_COLUMNS} FROM quests q
     WHERE ${[...conditions, where].join(" AND ")}
     ${orderBy} ${limit}`,
    params,
  );
  return toPage(rows.map(toQuest), page.limit, (quest) => ({
    at: quest.createdAt,
    id: String(quest.id),
  }));
}

/** Whether any quest exists (the demo seeds only an empty database). */
export async function hasAnyQuest(db: Queryable): Promise<boolean> {
  const { rows } = await db.query<{ any: boolean }>("SELECT EXISTS (SELECT 1 FROM quests) AS any");
  return rows[0]!.any;
}
