import type { Db, Tx } from "../db/handle.js";
import {
  type Application,
  type ApprovalOverrides,
  approvedQuest,
  checkDecidable,
} from "../domain/applications.js";
import type { AuditContext } from "../domain/audit.js";
import { AppError } from "../domain/errors.js";
import { ID_MAX } from "../domain/limits.js";
import { lockApplication, markApproved, markRejected } from "../store/applications.js";
import { recordAudit } from "../store/audit.js";
import { recordEvents } from "../store/webhook-outbox.js";
import { type ReviewedApplication, withOwners } from "./operator-lists.js";
import { insertNewQuest } from "./quests.js";
import { registerAudited } from "./register-pass.js";
import { applicationEvent } from "./webhook-events.js";

/**
 * Approves a pending application in one transaction, under the application's row lock: the
 * owner's pass is registered if it is not yet, the live quest (the request with the operator's
 * overrides) and its private test twin are created, and the application points at both. A
 * concurrent second decision waits for the lock and then finds the application decided (409).
 * Answered as the operator reviews it, with the owner's account as it is after the approval.
 */
export async function approveApplication(
  db: Db,
  audit: AuditContext,
  id: number,
  overrides: ApprovalOverrides,
): Promise<ReviewedApplication> {
  const application = await db.transaction(async (tx) => {
    const current = await lockPending(tx, id);
    const fields = approvedQuest(current, overrides, new Date());
    await registerAudited(tx, audit, fields.ownerPass, {
      action: "account.create",
      details: { pass: fields.ownerPass, application_id: id },
    });
    const live = await insertNewQuest(tx, audit, { ...fields, mode: "live" });
    const test = await insertNewQuest(tx, audit, { ...fields, isPublic: false, mode: "test" });
    const approved = await markApproved(tx, id, { questId: live.id, testQuestId: test.id });
    await recordAudit(tx, audit, {
      action: "application.approve",
      targetType: "application",
      targetId: id,
      details: { ...overrideDetails(overrides), quest_id: live.id, test_quest_id: test.id },
    });
    await recordEvents(tx, [
      applicationEvent("application.decided", approved, approved.decidedAt!),
    ]);
    return approved;
  });
  return (await withOwners(db, [application]))[0]!;
}

/** Rejects a pending application, under its row lock, with the reason the applicant will read. */
export async function rejectApplication(
  db: Db,
  audit: AuditContext,
  id: number,
  reason: string,
): Promise<ReviewedApplication> {
  const application = await db.transaction(async (tx) => {
    await lockPending(tx, id);
    const rejected = await markRejected(tx, id, reason);
    await recordAudit(tx, audit, {
      action: "application.reject",
      targetType: "application",
      targetId: id,
      details: { reason },
    });
    await recordEvents(tx, [
      applicationEvent("application.decided", rejected, rejected.decidedAt!),
    ]);
    return rejected;
  });
  return (await withOwners(db, [application]))[0]!;
}

async function lockPending(tx: Tx, id: number): Promise<Application> {
  const stored = id <= ID_MAX ? await lockApplication(tx, id) : undefined;
  if (!stored) throw new AppError("APPLICATION_NOT_FOUND", `Application ${id} does not exist.`);
  checkDecidable(stored.application);
  return stored.application;
}

/** The overrides the operator sent, as the wire names them (dates in ISO form). */
function overrideDetails(overrides: ApprovalOverrides): Record<string, unknown> {
  const wire: Record<string, unknown> = {
    total_points: overrides.totalPoints,
    expected_points_per_completion: overrides.expectedPointsPerCompletion,
    start: overrides.start?.toISOString(),
    end: overrides.end?.toISOString(),
    campaign_id: overrides.campaignId,
    is_public: overrides.isPublic,
    action_type: overrides.actionType,
    pass_points_max: overrides.passPointsMax,
    pass_payouts_max: overrides.passPayoutsMax,
    pass_window: overrides.passWindow,
    url: overrides.url,
  };
  return { overrides: Object.fromEntries(Object.entries(wire).filter(([, v]) => v !== undefined)) };
}
