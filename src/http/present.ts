import type { AuditEntry } from "../domain/audit.js";
import type { EarningPeriod } from "../domain/earning-periods.js";
import { isQuestActive } from "../domain/quest-window.js";
import type {
  Account,
  ApiKeyRecord,
  Campaign,
  Payout,
  Quest,
  QuestWithCampaign,
} from "../domain/records.js";
import type { ApiKeyState } from "../store/api-keys.js";
import type { Reversal } from "../store/reversals.js";

/** Records → wire JSON. Timestamps leave as ISO 8601 UTC with milliseconds (`toISOString`). */

export const presentPayout = (payout: Pick<Payout, "id" | "amount" | "createdAt" | "pass">) => ({
  id: payout.id,
  amount: payout.amount,
  created_at: payout.createdAt.toISOString(),
  account: { pass: payout.pass },
});

export const presentQuestDetail = (quest: Quest, payouts: Payout[], now: Date) => ({
  id: quest.id,
  name: quest.name,
  description: quest.description,
  total_points: quest.totalPoints,
  points_remaining: quest.pointsRemaining,
  start: quest.start.toISOString(),
  end: quest.end.toISOString(),
  is_active: isQuestActive(quest, now),
  payouts: payouts.map(presentPayout),
});

export const presentQuestPublic = (quest: QuestWithCampaign) => ({
  id: quest.id,
  name: quest.name,
  description: quest.description,
  total_points: quest.totalPoints,
  expected_points_per_completion: quest.expectedPointsPerCompletion,
  start: quest.start.toISOString(),
  end: quest.end.toISOString(),
  campaign: quest.campaign,
});

/** `GET /quests?with=progress`: the spec's list fields plus the budget left and the window. */
export const presentQuestProgress = (quest: QuestWithCampaign, now: Date) => ({
  ...presentQuestPublic(quest),
  points_remaining: quest.pointsRemaining,
  is_active: isQuestActive(quest, now),
});

export const presentCampaignQuest = (quest: Quest & { campaignId: number }) => ({
  id: quest.id,
  name: quest.name,
  created_at: quest.createdAt.toISOString(),
  updated_at: quest.updatedAt.toISOString(),
  description: quest.description,
  start: quest.start.toISOString(),
  end: quest.end.toISOString(),
  is_public: quest.isPublic,
  total_points: quest.totalPoints,
  expected_points_per_completion: quest.expectedPointsPerCompletion,
  owner_id: quest.ownerId,
  campaign_id: quest.campaignId,
});

export const presentCampaignFields = (campaign: Campaign) => ({
  id: campaign.id,
  created_at: campaign.createdAt.toISOString(),
  updated_at: campaign.updatedAt.toISOString(),
  name: campaign.name,
  description: campaign.description,
  start: campaign.start.toISOString(),
  end: campaign.end.toISOString(),
  is_active: campaign.isActive,
  external_app_id: campaign.externalAppId,
});

export const presentCampaign = (campaign: Campaign, quests: Quest[]) => ({
  ...presentCampaignFields(campaign),
  quests: quests.map((quest) => presentCampaignQuest({ ...quest, campaignId: campaign.id })),
});

/** The operator's view: `is_active` is the stored switch the operator sets, not the window. */
export const presentAdminQuest = (quest: Quest) => ({
  id: quest.id,
  name: quest.name,
  description: quest.description,
  total_points: quest.totalPoints,
  points_remaining: quest.pointsRemaining,
  expected_points_per_completion: quest.expectedPointsPerCompletion,
  start: quest.start.toISOString(),
  end: quest.end.toISOString(),
  is_active: quest.enabled,
  is_public: quest.isPublic,
  owner_id: quest.ownerId,
  campaign_id: quest.campaignId,
  action_type: quest.actionType,
  mode: quest.mode,
  created_at: quest.createdAt.toISOString(),
  updated_at: quest.updatedAt.toISOString(),
});

export const presentAccount = (account: Account) => ({
  id: account.id,
  pass: account.pass,
  created_at: account.createdAt.toISOString(),
});

/** A key as issued: the plain key appears here and nowhere else, ever. */
export const presentIssuedKey = (key: string, record: ApiKeyRecord) => ({
  id: record.id,
  key,
  owner_id: record.accountId,
  mode: record.mode,
  created_at: record.createdAt.toISOString(),
});

/** A key as the operator lists it: never its value or hash. */
export const presentKeyState = (key: ApiKeyState) => ({
  id: key.id,
  prefix: key.prefix,
  owner_id: key.accountId,
  mode: key.mode,
  created_at: key.createdAt.toISOString(),
  last_used_at: key.lastUsedAt?.toISOString() ?? null,
  expires_at: key.expiresAt?.toISOString() ?? null,
  revoked_at: key.revokedAt?.toISOString() ?? null,
});

export const presentAuditEntry = (entry: AuditEntry) => ({
  id: entry.id,
  at: entry.at.toISOString(),
  actor: entry.actor,
  action: entry.action,
  target_type: entry.targetType,
  target_id: String(entry.targetId),
  request_id: entry.requestId,
  details: entry.details,
});

export const presentEarningPeriod = (period: EarningPeriod) => ({
  id: period.id,
  start: period.start.toISOString(),
  end: period.end.toISOString(),
});

export const presentReversal = (reversal: Reversal) => ({
  id: reversal.id,
  payout_id: reversal.payoutId,
  amount: reversal.amount,
  reason: reversal.reason,
  created_at: reversal.createdAt.toISOString(),
});

/** A quest as its owner's `GET /me` lists it: the detail view without its payouts. */
export const presentOwnedQuest = (quest: Quest, now: Date) => {
  const { payouts: _payouts, ...fields } = presentQuestDetail(quest, [], now);
  return fields;
};
