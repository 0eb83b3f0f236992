import type { Queryable } from "../db/handle.js";
import { generateApplicationToken, hashApiKey } from "../domain/api-keys.js";
import {
  APPLICATION_RATE_WINDOW_MS,
  type Application,
  type ApplicationTerms,
  checkApplicationRate,
  checkRequestedWindow,
  clientAddressHash,
} from "../domain/applications.js";
import type { AuditContext } from "../domain/audit.js";
import { AppError, badRequest } from "../domain/errors.js";
import { ID_MAX } from "../domain/limits.js";
import { checkQuestUrl } from "../domain/quests.js";
import {
  CLIENT_ADDRESS_SECRET,
  insertApplication,
  lockClientApplications,
  readServiceSecret,
  recentClientApplications,
} from "../store/applications.js";
import { recordAudit } from "../store/audit.js";
import { findCampaign } from "../store/campaigns.js";
import { recordEvents } from "../store/webhook-outbox.js";
import { provePass, type SignIn, type WalletProof } from "./sign-in.js";
import { applicationEvent } from "./webhook-events.js";

/**
 * The applicant holds the owner address: the keys an approved application hands out reach every
 * quest of the owner's account, so naming someone else's pass must get nothing. The proof is
 * checked as a sign-in is (its nonce spent, its signature verified), and the pass it proves must
 * be the owner; nothing is stored otherwise.
 */
async function checkOwnerProof(signIn: SignIn, ownerPass: string, proof: WalletProof) {
  const { pass, signer } = await provePass(signIn, proof, "proof.message");
  if (pass.toLowerCase() !== ownerPass.toLowerCase()) {
    const by = pass === signer ? pass : `${pass} (the FuturePass of ${signer})`;
    throw new AppError(
      "SIWE_MESSAGE_INVALID",
      `The proof is signed for ${by}, not for the owner ${ownerPass}; sign it with the owner's wallet.`,
      [{ field: "proof", message: `proves ${pass}, not the owner ${ownerPass}` }],
    );
  }
}

export interface ApplicationRequest extends ApplicationTerms {
  /** A signed sign-in message proving the applicant holds `ownerPass`. */
  proof: WalletProof;
  /** The client (its address, or its IPv6 /64), for the hourly limit; only its HMAC is stored. */
  clientAddress: string;
}

/**
 * Stores an application and returns its token, which exists only in this answer (the database
 * keeps its SHA-256). The client's hourly budget is counted in the database under an advisory
 * lock per client, so however many processes serve it, the (limit + 1)-th is refused.
 */
export async function submitApplication(
  signIn: SignIn,
  audit: AuditContext,
  request: ApplicationRequest,
  limits: { perHour: number },
): Promise<{ application: Application; token: string }> {
  const { db } = signIn;
  checkRequestedWindow(request.quest, new Date());
  checkQuestUrl(request.quest.url, "quest.url");
  await checkOwnerProof(signIn, request.ownerPass, request.proof);
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
    await recordEvents(tx, [applicationEvent("application.submitted", stored, stored.createdAt)]);
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
