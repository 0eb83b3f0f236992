import type { Queryable, Tx } from "../db/handle.js";
import type { CampaignFields } from "../domain/quests.js";
import type { Campaign } from "../domain/records.js";
import { keyset, type Page, type PageRequest, toPage } from "./keyset.js";

interface CampaignRow {
  id: number;
  name: string;
  description: string;
  start_at: Date;
  end_at: Date;
  is_active: boolean;
  external_app_id: string | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS =
  "id, name, description, start_at, end_at, is_active, external_app_id, created_at, updated_at";

const toCampaign = (row: CampaignRow): Campaign => ({
  id: row.id,
  name: row.name,
  description: row.description,
  start: row.start_at,
  end: row.end_at,
  isActive: row.is_active,
  externalAppId: row.external_app_id,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export async function insertCampaign(db: Queryable, input: CampaignFields): Promise<Campaign> {
  const { rows } = await db.query<CampaignRow>(
    `INSERT INTO campaigns (name, description, start_at, end_at, is_active, external_app_id)
     VALUES ($1, $2, $3, $4, $5, $6)
     RETURNING ${COLUMNS}`,
    [input.name, input.description, input.start, input.end, input.isActive, input.externalAppId],
  );
  return toCampaign(rows[0]!);
}

export async function findCampaign(db: Queryable, id: number): Promise<Campaign | undefined> {
  const { rows } = await db.query<CampaignRow>(`SELECT ${COLUMNS} FROM campaigns WHERE id = $1`, [
    id,
  ]);
  return rows[0] && toCampaign(rows[0]);
}

/** Reads a campaign and locks its row for the transaction, so concurrent edits never interleave. */
export async function lockCampaign(tx: Tx, id: number): Promise<Campaign | undefined> {
  const { rows } = await tx.query<CampaignRow>(
    `SELECT ${COLUMNS} FROM campaigns WHERE id = $1 FOR UPDATE`,
    [id],
  );
  return rows[0] && toCampaign(rows[0]);
}

/** Writes a campaign locked by `lockCampaign` in this transaction. */
export async function writeCampaign(tx: Tx, id: number, next: CampaignFields): Promise<Campaign> {
  const { rows } = await tx.query<CampaignRow>(
    `UPDATE campaigns SET name = $2, description = $3, start_at = $4, end_at = $5,
       is_active = $6, external_app_id = $7, updated_at = now()
     WHERE id = $1
     RETURNING ${COLUMNS}`,
    [id, next.name, next.description, next.start, next.end, next.isActive, next.externalAppId],
  );
  return toCampaign(rows[0]!);
}

/** Every campaign, active or not, newest first (the operator's list). */
export async function listCampaigns(db: Queryable, page: PageRequest): Promise<Page<Campaign>> {
  const params: unknown[] = [];
  const { where, orderBy, limit } = keyset(
    { at: "created_at", id: "id", idType: "int" },
    "newest",
    page,
    params,
  );
  const { rows } = await db.query<CampaignRow>(
    `SELECT ${COLUMNS} FROM campaigns WHERE ${where} ${orderBy} ${limit}`,
    params,
  );
  return toPage(rows.map(toCampaign), page.limit, (campaign) => ({
    at: campaign.createdAt,
    id: String(campaign.id),
  }));
}

/** The active campaigns, oldest first (the public `GET /campaigns`). */
export async function listActiveCampaigns(
  db: Queryable,
  page: PageRequest,
): Promise<Page<Campaign>> {
  const params: unknown[] = [];
  const { where, orderBy, limit } = keyset(
    { at: "created_at", id: "id", idType: "int" },
    "oldest",
    page,
    params,
  );
  const { rows } = await db.query<CampaignRow>(
    `SELECT ${COLUMNS} FROM campaigns WHERE is_active AND ${where} ${orderBy} ${limit}`,
    params,
  );
  return toPage(rows.map(toCampaign), page.limit, (campaign) => ({
    at: campaign.createdAt,
    id: String(campaign.id),
  }));
}
