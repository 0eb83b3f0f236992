import { randomBytes } from "node:crypto";
import type { Db } from "../db/handle.js";
import {
  type Application,
  checkApplicantToken,
  checkKeysClaimable,
} from "../domain/applications.js";
import type { AuditContext } from "../domain/audit.js";
import { AppError } from "../domain/errors.js";
import { ID_MAX } from "../domain/limits.js";
import type { OnboardingInput } from "../domain/onboarding.js";
import type { KeyScope } from "../domain/operators.js";
import {
  findApplication,
  findQuestWindow,
  lockApplication,
  markKeysClaimed,
} from "../store/applications.js";
import { recordAudit } from "../store/audit.js";
import { createApiKey } from "./api-keys.js";
import { ownerIdOf } from "./quests.js";

/** Random bytes of the examples' Idempotency-Keys (16 hex characters): unique per claim. */
const EXAMPLE_KEY_NONCE_BYTES = 8;

/** The applicant's credentials: the application's id and the `ap_` token from its submission. */
export interface ApplicantCredentials {
  id: number;
  token: string | undefined;
}

/**
 * The application, for its applicant: an unknown id is 404 whatever the token (the token is
 * checked only when the id exists), then a missing or wrong token is 401. Both applicant routes
 * (reading the application and claiming its keys) start here.
 */
export async function readOwnApplication(
  db: Db,
  credentials: ApplicantCredentials,
): Promise<Application> {
  const { id } = credentials;
  const stored = id <= ID_MAX ? await findApplication(db, id) : undefined;
  if (!stored) throw new AppError("APPLICATION_NOT_FOUND", `Application ${id} does not exist.`);
  checkApplicantToken(stored.application, stored.tokenHash, credentials.token);
  return stored.application;
}

export interface OnboardingBundle {
  baseUrl: string;
  questId: number;
  testQuestId: number;
  /** The plain keys: they exist only in this answer, never in the database or a log. */
  apiKey: string;
  testApiKey: string;
  /** What the onboarding instructions are written from (the HTTP edge renders them). */
  onboarding: OnboardingInput;
}

/**
 * Issues the owner's live and test keys of an approved application, once: in one transaction
 * under the application's row lock, so of concurrent claims exactly one creates keys and the
 * others find them claimed (409).
 */
export async function claimKeys(
  db: Db,
  audit: AuditContext,
  request: ApplicantCredentials & { baseUrl: string; scope?: KeyScope | undefined },
): Promise<OnboardingBundle> {
  await readOwnApplication(db, request);
  return db.transaction(async (tx) => {
    const stored = await lockApplication(tx, request.id);
    if (!stored) throw new Error("invariant: applications are never deleted");
    const application = stored.application;
    checkKeysClaimable(application);
    const { questId, testQuestId } = application;
    if (questId === null || testQuestId === null) {
      throw new Error("invariant: an approved application has both quest ids");
    }
    const window = await findQuestWindow(tx, testQuestId);
    if (!window) throw new Error("invariant: quests are never deleted");
    const accountId = await ownerIdOf(tx, application.ownerPass);
    const { scope } = request;
    const live = await createApiKey(tx, audit, { accountId, mode: "live", scope });
    const test = await createApiKey(tx, audit, { accountId, mode: "test", scope });
    const claimed = await markKeysClaimed(tx, request.id);
    await recordAudit(tx, audit, {
      action: "application.claim_keys",
      targetType: "application",
      targetId: request.id,
      details: { key_id: live.record.id, test_key_id: test.record.id },
    });
    return {
      baseUrl: request.baseUrl,
      questId,
      testQuestId,
      apiKey: live.key,
      testApiKey: test.key,
      onboarding: {
        baseUrl: request.baseUrl,
        questId,
        testQuestId,
        testApiKey: test.key,
        examplePass: claimed.ownerPass,
        ...window,
        exampleKeyNonce: randomBytes(EXAMPLE_KEY_NONCE_BYTES).toString("hex"),
      },
    };
  });
}
