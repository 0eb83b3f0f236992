/**
 * Quest applications (docs/onboarding.md): the rules that decide what an
 * applicant or the operator may do with an application, without I/O.
 */
import { createHmac } from "node:crypto";
import { constantTimeEqual, hashApiKey, isWellFormedApplicationToken } from "./api-keys.js";
import { AppError, badRequest, type FieldError } from "./errors.js";
import type { PassWindow } from "./pass-limits.js";
import { QUEST_DEFAULTS } from "./quests.js";

export const APPLICATION_STATUSES = ["pending", "approved", "rejected"] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const PROJECT_LENGTH_MAX = 200;
/** An e-mail address is at most 320 characters (RFC 3696 errata); a handle is shorter. */
export const CONTACT_LENGTH_MAX = 320;
export const MESSAGE_LENGTH_MAX = 5000;
export const REJECT_REASON_LENGTH_MAX = 1000;
/** The rolling window of APPLICATIONS_PER_HOUR. */
export const APPLICATION_RATE_WINDOW_MS = 60 * 60 * 1000;
/** The header that carries an application's `ap_` token. */
export const APPLICATION_TOKEN_HEADER = "x-application-token";

/**
 * A quest's limits per pass and its link, each only when named (null: none); approval falls back
 * to the quest defaults (no limit, the quest's whole life, no link).
 */
export interface QuestPlayTerms {
  passPointsMax?: number | null | undefined;
  passPayoutsMax?: number | null | undefined;
  passWindow?: PassWindow | undefined;
  url?: string | null | undefined;
}

export const QUEST_PLAY_TERMS = ["passPointsMax", "passPayoutsMax", "passWindow", "url"] as const;

/** The quest as the applicant asked for it. */
export interface RequestedQuest extends QuestPlayTerms {
  name: string;
  description: string;
  totalPoints: number;
  expectedPointsPerCompletion: number;
  start: Date;
  end: Date;
  /** Only when the applicant named one; approval falls back to `default`. */
  actionType?: string | undefined;
}

/** What an applicant asks for: the fields an application is submitted with and keeps. */
export type ApplicationTerms = Pick<
  Application,
  "project" | "contact" | "ownerPass" | "quest" | "campaignId" | "message"
>;

export interface Application {
  id: number;
  status: ApplicationStatus;
  project: string;
  contact: string;
  /** The checksummed pass address that will own the quests and the keys. */
  ownerPass: string;
  quest: RequestedQuest;
  campaignId: number | null;
  message: string | null;
  createdAt: Date;
  decidedAt: Date | null;
  /** Why it was rejected; null unless rejected. */
  reason: string | null;
  questId: number | null;
  testQuestId: number | null;
  keysClaimedAt: Date | null;
}

/** The requested window must be a window, and not over already (else the quest is born dead). */
export function checkRequestedWindow(
  quest: Pick<RequestedQuest, "start" | "end">,
  now: Date,
): void {
  const errors: FieldError[] = [];
  if (!(quest.end.getTime() > quest.start.getTime())) {
    errors.push({ field: "quest.end", message: "must be after quest.start" });
  }
  if (!(quest.end.getTime() > now.getTime())) {
    errors.push({ field: "quest.end", message: "must be in the future" });
  }
  if (errors.length > 0) {
    throw badRequest(`Invalid quest window: ${errors.map((e) => e.message).join("; ")}.`, errors);
  }
}

/**
 * The hourly budget of one client address. `recent` holds the creation times of that client's
 * newest applications still inside the window, newest first, at most `limit` of them: once there
 * are `limit`, the next is refused until the `limit`-th newest leaves the window (with exactly
 * `limit` counted, that is the oldest one).
 */
export function checkApplicationRate(recent: readonly Date[], limit: number, now: Date): void {
  if (recent.length < limit) return;
  const leavesAtMs = recent[limit - 1]!.getTime() + APPLICATION_RATE_WINDOW_MS;
  const retryAfterS = Math.max(1, Math.ceil((leavesAtMs - now.getTime()) / 1000));
  throw new AppError(
    "RATE_LIMITED",
    `At most ${limit} applications an hour may come from one address; retry in ${retryAfterS} s.`,
    undefined,
    { retryAfterS },
  );
}

/**
 * The applicant's token, compared by hash in constant time. A missing, malformed or wrong token
 * is one answer, so the answer never says which.
 */
export function checkApplicantToken(
  application: Pick<Application, "id">,
  tokenHash: string,
  presented: string | undefined,
): void {
  const token = presented?.trim();
  if (
    token === undefined ||
    !isWellFormedApplicationToken(token) ||
    !constantTimeEqual(hashApiKey(token), tokenHash)
  ) {
    throw new AppError(
      "INVALID_APPLICATION_TOKEN",
      `The ${APPLICATION_TOKEN_HEADER} header is missing or is not application ${application.id}'s token.`,
    );
  }
}

/** Only a pending application can be approved or rejected, and only once. */
export function checkDecidable(application: Pick<Application, "id" | "status">): void {
  if (application.status !== "pending") {
    throw new AppError(
      "APPLICATION_ALREADY_DECIDED",
      `Application ${application.id} was already ${application.status}.`,
    );
  }
}

/** Keys are claimed once, from an approved application. */
export function checkKeysClaimable(
  application: Pick<Application, "id" | "status" | "keysClaimedAt">,
): void {
  if (application.status === "pending") {
    throw new AppError(
      "APPLICATION_NOT_APPROVED",
      `Application ${application.id} is still pending; keys can be claimed once it is approved.`,
    );
  }
  if (application.status === "rejected") {
    throw new AppError(
      "APPLICATION_REJECTED",
      `Application ${application.id} was rejected; it has no keys.`,
    );
  }
  if (application.keysClaimedAt !== null) {
    throw new AppError(
      "KEYS_ALREADY_CLAIMED",
      `The keys of application ${application.id} were claimed at ${application.keysClaimedAt.toISOString()}; ask the operator for a new key if they were lost.`,
    );
  }
}

/** What the operator may change of the requested quest when approving it (null clears). */
export interface ApprovalOverrides extends QuestPlayTerms {
  totalPoints?: number | undefined;
  expectedPointsPerCompletion?: number | undefined;
  start?: Date | undefined;
  end?: Date | undefined;
  /** null: no campaign, whatever the applicant asked for. */
  campaignId?: number | null | undefined;
  isPublic?: boolean | undefined;
  actionType?: string | undefined;
}

/**
 * The live quest an approval creates; its test twin has the same fields, private. Its limits and
 * link are there only when the applicant or the operator named them.
 */
export interface ApprovedQuest extends QuestPlayTerms {
  name: string;
  description: string;
  ownerPass: string;
  campaignId: number | null;
  totalPoints: number;
  expectedPointsPerCompletion: number;
  start: Date;
  end: Date;
  isPublic: boolean;
  actionType: string;
}

/**
 * The requested quest with the operator's overrides; the window must still be a window and not
 * over by now (keys for a quest that can never pay are no use: approve with a later `end`).
 */
export function approvedQuest(
  application: Pick<Application, "ownerPass" | "quest" | "campaignId">,
  overrides: ApprovalOverrides,
  now: Date,
): ApprovedQuest {
  const requested = application.quest;
  const quest: ApprovedQuest = {
    name: requested.name,
    description: requested.description,
    ownerPass: application.ownerPass,
    campaignId: overrides.campaignId === undefined ? application.campaignId : overrides.campaignId,
    totalPoints: overrides.totalPoints ?? requested.totalPoints,
    expectedPointsPerCompletion:
      overrides.expectedPointsPerCompletion ?? requested.expectedPointsPerCompletion,
    start: overrides.start ?? requested.start,
    end: overrides.end ?? requested.end,
    isPublic: overrides.isPublic ?? QUEST_DEFAULTS.isPublic,
    actionType: overrides.actionType ?? requested.actionType ?? QUEST_DEFAULTS.actionType,
  };
  for (const term of QUEST_PLAY_TERMS) {
    const value = overrides[term] === undefined ? requested[term] : overrides[term];
    if (value !== undefined) Object.assign(quest, { [term]: value });
  }
  if (!(quest.end.getTime() > quest.start.getTime())) {
    throw badRequest(
      `The approved window is empty: end ${quest.end.toISOString()} is not after start ${quest.start.toISOString()}.`,
      [
        {
          field: overrides.end === undefined ? "start" : "end",
          message: "end must be after start",
        },
      ],
    );
  }
  if (!(quest.end.getTime() > now.getTime())) {
    throw badRequest(
      `The approved quest would already be over: end ${quest.end.toISOString()} is not after now; approve with a later end.`,
      [{ field: "end", message: "must be in the future" }],
    );
  }
  return quest;
}

/**
 * A client address as the hourly limit keeps it: an HMAC-SHA256 under the deployment's secret,
 * the same for the same address, and no way back to the address without the secret.
 */
export function clientAddressHash(secret: string, address: string): string {
  return createHmac("sha256", secret).update(address).digest("hex");
}
