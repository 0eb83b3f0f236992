/**
 * The wire forms (snake_case JSON) of the records that both answers and webhook events carry, so
 * an event's `data` is the object as the API shows it. Every other presenter is in
 * `src/http/present.ts`, which re-exports these.
 */
import type { Application } from "./applications.js";
import type { Payout, Reversal } from "./records.js";

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

export const presentRevokedKey = (revoked: { id: string; revokedAt: Date }) => ({
  id: revoked.id,
  revoked_at: revoked.revokedAt.toISOString(),
});
