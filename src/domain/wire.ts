/**
 * The wire forms (snake_case JSON) of the records that both answers and webhook events carry, so
 * an event's `data` is the object as the API shows it. Every other presenter is in
 * `src/http/present.ts`, which re-exports these.
 */
import type { Application } from "./applications.js";
import type { Account, Payout, Reversal } from "./records.js";

export const presentPayout = (payout: Pick<Payout, "id" | "amount" | "createdAt" | "pass">) => ({
  id: payout.id,
  amount: payout.amount,
  created_at: payout.createdAt.toISOString(),
  account: { pass: payout.pass },
});

export const presentReversal = (reversal: Reversal) => ({
  id: reversal.id,
  payout_id: reversal.payoutId,
  amount: reversal.amount,
  reason: reversal.reason,
  created_at: reversal.createdAt.toISOString(),
});

/** Application → wire JSON, for the applicant, the operator and their webhook events. */
export const presentApplication = (application: Application) => ({
  id: application.id,
  status: application.status,
  project: application.project,
  contact: application.contact,
  owner: application.ownerPass,
  quest: {
    name: application.quest.name,
    description: application.quest.description,
    total_points: application.quest.totalPoints,
    expected_points_per_completion: application.quest.expectedPointsPerCompletion,
    start: application.quest.start.toISOString(),
    end: application.quest.end.toISOString(),
    ...(application.quest.actionType === undefined
      ? {}
      : { action_type: application.quest.actionType }),
    ...requestedPlayTerms(application.quest),
  },
  campaign_id: application.campaignId,
  message: application.message,
  created_at: application.createdAt.toISOString(),
  decided_at: application.decidedAt?.toISOString() ?? null,
  reason: application.reason,
  quest_id: application.questId,
  test_quest_id: application.testQuestId,
  keys_claimed_at: application.keysClaimedAt?.toISOString() ?? null,
});

/** The limits per pass and the link an applicant asked for: each only when named. */
function requestedPlayTerms(quest: Application["quest"]) {
  return {
    ...(quest.url === undefined ? {} : { url: quest.url }),
    ...(quest.passPointsMax === undefined ? {} : { pass_points_max: quest.passPointsMax }),
    ...(quest.passPayoutsMax === undefined ? {} : { pass_payouts_max: quest.passPayoutsMax }),
    ...(quest.passWindow === undefined ? {} : { pass_window: quest.passWindow }),
  };
}

export const presentRevokedKey = (revoked: { id: string; revokedAt: Date }) => ({
  id: revoked.id,
  revoked_at: revoked.revokedAt.toISOString(),
});

/** An account as the operator API shows it, and its `account.*` webhook events carry it. */
export const presentAccount = (account: Account) => ({
  id: account.id,
  pass: account.pass,
  created_at: account.createdAt.toISOString(),
  suspended_at: account.suspendedAt?.toISOString() ?? null,
  suspension_reason: account.suspensionReason,
});
