import type { Db, Queryable, Tx } from "../db/handle.js";
import type { AuditContext } from "../domain/audit.js";
import { AppError, badRequest } from "../domain/errors.js";
import { ID_MAX } from "../domain/limits.js";
import {
  type CampaignFields,
  newCampaignFields,
  newQuestFields,
  patchCampaignFields,
  patchQuestFields,
  type QuestDefaults,
  type QuestFields,
} from "../domain/quests.js";
import type { Campaign, Quest } from "../domain/records.js";
import { findAccountByPass } from "../store/accounts.js";
import { ensureActionType } from "../store/action-types.js";
import { recordAudit } from "../store/audit.js";
import { findCampaign, insertCampaign, lockCampaign, writeCampaign } from "../store/campaigns.js";
import { announce } from "../store/change-notices.js";
import { moveQuestTotals } from "../store/pass-totals.js";
import { recountPassWindow } from "../store/quest-pass-counts.js";
import { insertQuest, lockQuest, writeQuest } from "../store/quests.js";

/**
 * Longest a pass over a quest's payouts may run under the quest's lock (about a second per
 * million): the kept-totals move of a quest changing campaign, the recount of a new pass_window.
 */
const QUEST_PASS_STATEMENT_MS_MAX = 60_000;

/** A quest as the operator sends it: the owner by pass address (checksummed), not by id. */
export type QuestRequest = Omit<QuestFields, "ownerId" | keyof QuestDefaults> &
  Partial<QuestDefaults> & { ownerPass: string };

/** A quest's mode is fixed at creation: a test quest never becomes live, nor the other way. */
export type QuestPatchRequest = Partial<
  Omit<QuestFields, "ownerId" | "mode"> & { ownerPass: string }
>;

/**
 * Creates a quest in `tx`: the owner must be registered and the campaign, if any, must exist.
 * It is announced, so every process rebuilds its public answers (the quest list) at once.
 */
export async function insertNewQuest(
  tx: Tx,
  audit: AuditContext,
  request: QuestRequest,
): Promise<Quest> {
  const { ownerPass, ...rest } = request;
  const fields = newQuestFields({
    ...rest,
    ownerId: await ownerIdOf(tx, ownerPass),
    campaignId: await existingCampaignId(tx, request.campaignId),
  });
  await ensureActionType(tx, fields.actionType);
  const quest = await insertQuest(tx, fields);
  await announce(tx, { kind: "quest", id: quest.id });
  await recordAudit(tx, audit, {
    action: "quest.create",
    targetType: "quest",
    targetId: quest.id,
    details: questDetails(request),
  });
  return quest;
}

export function createQuest(db: Db, audit: AuditContext, request: QuestRequest): Promise<Quest> {
  return db.transaction((tx) => insertNewQuest(tx, audit, request));
}

/**
 * Changes a quest under its row lock, so it cannot interleave with an allocation or another edit,
 * and announces it: every process drops the quest's cached owner at once. A new `pass_window`
 * has its current window counted afresh under the same lock (its rows were not kept while the
 * quest counted in another window), so the next allocation decides on what the pass has.
 */
export function editQuest(
  db: Db,
  audit: AuditContext,
  id: number,
  patch: QuestPatchRequest,
): Promise<Quest> {
  return db.transaction(async (tx) => {
    const current = id <= ID_MAX ? await lockQuest(tx, id) : undefined;
    if (!current) throw new AppError("QUEST_NOT_FOUND", `Quest ${id} does not exist.`);
    const { ownerPass, ...rest } = patch;
    const next = patchQuestFields(current, {
      ...rest,
      ...(ownerPass === undefined ? {} : { ownerId: await ownerIdOf(tx, ownerPass) }),
      ...(patch.campaignId === undefined
        ? {}
        : { campaignId: await existingCampaignId(tx, patch.campaignId) }),
    });
    if (patch.actionType !== undefined) await ensureActionType(tx, patch.actionType);
    const quest = await writeQuest(tx, id, next);
    // A quest's points follow it to its new campaign (a pass over its payouts).
    if (quest.mode === "live" && quest.campaignId !== current.campaignId) {
      await tx.allowLongStatements(QUEST_PASS_STATEMENT_MS_MAX);
      await moveQuestTotals(tx, id, current.campaignId, quest.campaignId);
    }
    if (quest.passWindow !== current.passWindow && quest.passWindow !== "quest") {
      await tx.allowLongStatements(QUEST_PASS_STATEMENT_MS_MAX);
      await recountPassWindow(tx, id, quest.passWindow);
    }
    await announce(tx, { kind: "quest", id });
    await recordAudit(tx, audit, {
      action: "quest.update",
      targetType: "quest",
      targetId: id,
      details: questDetails(patch),
    });
    return quest;
  });
}

/** Creates a campaign and announces it (the public answers that show campaigns are rebuilt). */
export function createCampaign(
  db: Db,
  audit: AuditContext,
  request: Parameters<typeof newCampaignFields>[0],
): Promise<Campaign> {
  return db.transaction(async (tx) => {
    const campaign = await insertCampaign(tx, newCampaignFields(request));
    await announce(tx, { kind: "campaign", id: campaign.id });
    await recordAudit(tx, audit, {
      action: "campaign.create",
      targetType: "campaign",
      targetId: campaign.id,
      details: campaignDetails(request),
    });
    return campaign;
  });
}

/**
 * Changes a campaign under its row lock, so concurrent edits never lose one another, and
 * announces it.
 */
export function editCampaign(
  db: Db,
  audit: AuditContext,
  id: number,
  patch: Partial<CampaignFields>,
): Promise<Campaign> {
  return db.transaction(async (tx) => {
    const current = id <= ID_MAX ? await lockCampaign(tx, id) : undefined;
    if (!current) throw new AppError("CAMPAIGN_NOT_FOUND", `Campaign ${id} does not exist.`);
    const campaign = await writeCampaign(tx, id, patchCampaignFields(current, patch));
    await announce(tx, { kind: "campaign", id });
    await recordAudit(tx, audit, {
      action: "campaign.update",
      targetType: "campaign",
      targetId: id,
      details: campaignDetails(patch),
    });
    return campaign;
  });
}

/** The id of the account registered for `pass`, which an operator names as a quest or key owner. */
export async function ownerIdOf(db: Queryable, pass: string): Promise<string> {
  const account = await findAccountByPass(db, pass);
  if (!account) {
    throw new AppError("ACCOUNT_NOT_FOUND", `${pass} is not a registered account.`, [
      { field: "owner", message: "is not a registered account" },
    ]);
  }
  return account.id;
}

async function existingCampaignId(
  db: Queryable,
  id: number | null | undefined,
): Promise<number | null> {
  if (id === null || id === undefined) return null;
  // Campaigns are never deleted, so one that exists now still exists at commit.
  if (id > ID_MAX || !(await findCampaign(db, id))) {
    throw badRequest(`Campaign ${id} does not exist.`, [
      { field: "campaign_id", message: "no such campaign" },
    ]);
  }
  return id;
}

/** A quest's changed fields as the audit log keeps them: the wire's names, dates in ISO form. */
function questDetails(
  fields: QuestPatchRequest & Partial<Pick<QuestFields, "mode">>,
): Record<string, unknown> {
  return wireFields({
    name: fields.name,
    description: fields.description,
    owner: fields.ownerPass,
    campaign_id: fields.campaignId,
    total_points: fields.totalPoints,
    expected_points_per_completion: fields.expectedPointsPerCompletion,
    start: fields.start,
    end: fields.end,
    is_public: fields.isPublic,
    is_active: fields.enabled,
    action_type: fields.actionType,
    mode: fields.mode,
    pass_points_max: fields.passPointsMax,
    pass_payouts_max: fields.passPayoutsMax,
    pass_window: fields.passWindow,
    url: fields.url,
  });
}

function campaignDetails(fields: Partial<CampaignFields>): Record<string, unknown> {
  return wireFields({
    name: fields.name,
    description: fields.description,
    start: fields.start,
    end: fields.end,
    is_active: fields.isActive,
    external_app_id: fields.externalAppId,
  });
}

/** The fields that were set, with dates as the wire writes them. */
function wireFields(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => [name, value instanceof Date ? value.toISOString() : value]),
  );
}
