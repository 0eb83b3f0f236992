import { generateApplicationToken, hashApiKey } from "../domain/api-keys.js";
import {
  APPLICATION_RATE_WINDOW_MS,
  type Application,
  checkApplicationRate,
  checkRequestedWindow,
  clientAddressHash,
  type RequestedQuest,
} from "../domain/applications.js";
import type { AuditContext } from "../domain/audit.js";
import { badRequest } from "../domain/errors.js";
import { ID_MAX } from "../domain/limits.js";
import {
  insertApplication,
  lockClientApplications,
  readServiceSecret,
  recentClientApplications,
} from "../store/applications.js";

/** The `service_secrets` entry client addresses are hashed under. */
const CLIENT_ADDRESS_SECRET = "client_address_key";

import { recordAudit } from "../store/audit.js";
import { findCampaign } from "../store/campaigns.js";
import type { Db, Queryable } from "../store/db.js";

export interface ApplicationRequest {
  project: string;
  contact: string;
  /** Checksummed; it need not be registered yet (approval registers it). */
  ownerPass: string;
  quest: RequestedQuest;
  campaignId: number | null;
  message: string | null;
  /** The client's address, for the hourly limit; only its HMAC is stored. */
  clientAddress: string;
}

/**
 * Stores an application and returns its token, which exists only in this answer (the database
 * keeps its SHA-256). The client's hourly budget is counted in the database under an advisory
 * lock per client, so however many processes serve it, the (limit + 1)-th is refused.
 */
export async function submitApplication(
  db: Db,
  audit: AuditContext,
  request: ApplicationRequest,
  limits: { perHour: number },
): Promise<{ application: Application; token: string }> {
  checkRequestedWindow(request.quest, new Date());
  const token = generateApplicationToken();
  const application = await db.transaction(async (tx) => {
    const secret = await readServiceSecret(tx, CLIENT_ADDRESS_SECRET);
    const clientHash = clientAddressHash(secret, request.clientAddress);
    await lockClientApplications(tx, clientHash);
    const { now, recent } = await recentClientApplications(tx, clientHash, {
      ms: APPLICATION_RATE_WINDOW_MS,
      limit: limits.perHour,
    });
    checkApplicationRate(recent, limits.perHour, now);
    await checkCampaignExists(tx, request.campaignId);
    const stored = await insertApplication(tx, {
      project: request.project,
      contact: request.contact,
      ownerPass: request.ownerPass,
      quest: request.quest,
      campaignId: request.campaignId,
      message: request.message,
      tokenHash: hashApiKey(token),
      clientHash,
    });
    await recordAudit(tx, audit, {
      action: "application.submit",
      targetType: "application",
      targetId: stored.id,
      details: { project: stored.project, owner: stored.ownerPass },
    });
    return stored;
  });
  return { application, token };
}

/** Campaigns are never deleted, so one that exists now still exists at commit. */
async function checkCampaignExists(db: Queryable, id: number | null): Promise<void> {
  if (id === null) return;
  if (id > ID_MAX || !(await findCampaign(db, id))) {
    throw badRequest(`Campaign ${id} does not exist.`, [
      { field: "campaign_id", message: "no such campaign" },
    ]);
  }
}
