import type { Application } from "../domain/applications.js";
import type { AuditEntry } from "../domain/audit.js";
import type { EarningPeriod } from "../domain/earning-periods.js";
import { onboardingInstructions } from "../domain/onboarding.js";
import type { Standing } from "../domain/pass-totals.js";
import { isQuestActive } from "../domain/quest-window.js";
import type {
  Account,
  AdminPayout,
  ApiKeyRecord,
  ApiKeyState,
  Campaign,
  OwnerView,
  PassBalance,
  PassPayout,
  Payout,
  Quest,
  QuestWithCampaign,
  StatsRow,
} from "../domain/records.js";
import {
  presentAccount,
  presentApplication,
  presentPayout,
  presentReversal,
  presentRevokedKey,
} from "../domain/wire.js";
import type { ItemOutcome } from "../use-cases/allocation-outcomes.js";
import type { OnboardingBundle } from "../use-cases/claim-keys.js";
import type { ReviewedApplication } from "../use-cases/operator-lists.js";
import type { Operator } from "../use-cases/operators.js";
import type { IssuedNonce, SignIn } from "../use-cases/sign-in.js";
import type { DeliveryView, WebhookEndpoint } from "../use-cases/webhook-endpoints.js";
import { httpStatusOf } from "./error-status.js";

/** Records → wire JSON. Timestamps leave as ISO 8601 UTC with milliseconds (`toISOString`). */

// The wire forms that webhook events carry too are written once, in the domain.
export { presentAccount, presentApplication, presentPayout, presentReversal, presentRevokedKey };

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

/** Where a player does a quest and what one pass may get from it: its detail fields' part. */
export const presentQuestPlay = (quest: Quest) => ({
  url: quest.url,
  pass_points_max: quest.passPointsMax,
  pass_payouts_max: quest.passPayoutsMax,
  pass_window: quest.passWindow,
});

/**
 * `GET /quests`: the spec's list fields, plus with `progress` the budget left and the window,
 * with `details` the action type, the link and the limits per pass.
 */
export const presentQuestListed = (
  quest: QuestWithCampaign,
  wanted: { progress: boolean; details: boolean },
  now: Date,
) => ({
  ...presentQuestPublic(quest),
  ...(wanted.progress
    ? { points_remaining: quest.pointsRemaining, is_active: isQuestActive(quest, now) }
    : {}),
  ...(wanted.details ? { action_type: quest.actionType, ...presentQuestPlay(quest) } : {}),
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
  ...presentQuestPlay(quest),
  created_at: quest.createdAt.toISOString(),
  updated_at: quest.updatedAt.toISOString(),
});

/** A key as issued: the plain key appears here and nowhere else, ever. */
export const presentIssuedKey = (key: string, record: ApiKeyRecord) => ({
  id: record.id,
  key,
  owner_id: record.accountId,
  mode: record.mode,
  scope: record.scope,
  created_at: record.createdAt.toISOString(),
});

/** A key as the operator lists it: never its value or hash. */
export const presentKeyState = (key: ApiKeyState) => ({
  id: key.id,
  prefix: key.prefix,
  owner_id: key.accountId,
  mode: key.mode,
  scope: key.scope,
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

/**
 * A quest as its owner's `GET /me` lists it: the detail view without its payouts, with its link
 * and limits per pass.
 */
export const presentOwnedQuest = (quest: Quest, now: Date) => {
  const { payouts: _payouts, ...fields } = presentQuestDetail(quest, [], now);
  return { ...fields, ...presentQuestPlay(quest) };
};

/** `GET /me`: the key's account, the key (never its value), and the quests it reaches. */
export const presentMe = (view: OwnerView) => ({
  account: view.account,
  key: {
    id: view.key.id,
    prefix: view.key.prefix,
    mode: view.key.mode,
    scope: view.key.scope,
    expires_at: view.key.expiresAt?.toISOString() ?? null,
  },
  quests: view.quests.map((quest) => presentOwnedQuest(quest, view.now)),
});

/** A batch's item as its result shows it: its own status, and the payout or the refusal. */
export function presentBatchResult(outcome: ItemOutcome) {
  if (outcome.ok) {
    return { status: 200, payout: presentPayout(outcome.payout), replayed: outcome.replayed };
  }
  return {
    status: httpStatusOf(outcome.error.code),
    code: outcome.error.code,
    detail: outcome.error.message,
  };
}

export const presentStatsRow = (row: StatsRow) => ({
  at: row.at.toISOString(),
  payouts: row.payouts,
  points: row.points,
});

/** In the order of PAYOUT_ITEM_FIELDS, as the export writes its lines. */
export const presentAdminPayout = (payout: AdminPayout) => ({
  id: payout.id,
  quest_id: payout.questId,
  pass: payout.pass,
  amount: payout.amount,
  earning_period_id: payout.earningPeriodId,
  created_at: payout.createdAt.toISOString(),
  reversed_at: payout.reversedAt?.toISOString() ?? null,
});

export const presentPassBalance = (balance: PassBalance) => ({
  pass: balance.pass,
  points: balance.points,
  rank: balance.rank,
  suspended: balance.suspended,
  payouts_count: balance.payoutsCount,
  by_campaign: balance.byCampaign.map((entry) => ({
    campaign_id: entry.campaignId,
    points: entry.points,
  })),
  by_earning_period: balance.byEarningPeriod.map((entry) => ({
    earning_period_id: entry.earningPeriodId,
    points: entry.points,
  })),
});

export const presentPassPayout = (payout: PassPayout) => ({
  id: payout.id,
  quest_id: payout.questId,
  quest_name: payout.questName,
  amount: payout.amount,
  created_at: payout.createdAt.toISOString(),
  reversed: payout.reversed,
});

export const presentLeaderboard = (
  scope: { campaignId: number | undefined; periodId: number | undefined },
  items: Standing[],
) => ({
  earning_period_id: scope.periodId ?? null,
  campaign_id: scope.campaignId ?? null,
  items,
});

/** An application as the operator sees it: with what its owner pass already holds here. */
export const presentReviewedApplication = ({ application, owner }: ReviewedApplication) => ({
  ...presentApplication(application),
  owner_account: owner,
});

/** The claimed keys, shown once, with the instructions rendered with this edge's statuses. */
export const presentOnboardingBundle = (bundle: OnboardingBundle) => ({
  base_url: bundle.baseUrl,
  quest_id: bundle.questId,
  test_quest_id: bundle.testQuestId,
  api_key: bundle.apiKey,
  test_api_key: bundle.testApiKey,
  instructions: onboardingInstructions(bundle.onboarding, httpStatusOf),
});

/** A new application: its token is shown only in this answer. */
export const presentSubmittedApplication = (application: Application, token: string) => ({
  id: application.id,
  status: "pending" as const,
  created_at: application.createdAt.toISOString(),
  token,
});

/** A sign-in nonce with what the EIP-4361 message must carry. */
export const presentNonce = (issued: IssuedNonce, settings: SignIn["settings"]) => ({
  nonce: issued.nonce,
  expires_at: issued.expiresAt.toISOString(),
  domain: settings.domain,
  uri: settings.publicBaseUrl,
  chain_id: settings.chainId,
});

export const presentOperator = (operator: Operator) => ({
  id: operator.id,
  name: operator.name,
  role: operator.role,
  created_at: operator.createdAt.toISOString(),
  last_used_at: operator.lastUsedAt?.toISOString() ?? null,
  disabled_at: operator.disabledAt?.toISOString() ?? null,
});

export const presentWebhookEndpoint = (endpoint: WebhookEndpoint) => ({
  id: endpoint.id,
  url: endpoint.url,
  events: endpoint.events,
  description: endpoint.description,
  mode: endpoint.mode,
  created_at: endpoint.createdAt.toISOString(),
  disabled_at: endpoint.disabledAt?.toISOString() ?? null,
  disabled_reason: endpoint.disabledReason,
});

export const presentDelivery = (delivery: DeliveryView) => ({
  id: delivery.id,
  event_id: delivery.eventId,
  event_type: delivery.eventType,
  status: delivery.status,
  attempt: delivery.attempt,
  status_code: delivery.statusCode,
  error: delivery.error,
  duration_ms: delivery.durationMs,
  at: delivery.at.toISOString(),
  next_attempt_at: delivery.nextAttemptAt?.toISOString() ?? null,
});

export const presentJoinedAccount = (account: Account, signer: string) => ({
  account: presentAccount(account),
  signer,
});
