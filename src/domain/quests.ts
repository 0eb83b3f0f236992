import { badRequest } from "./errors.js";
import type { Campaign, Quest } from "./records.js";

/** A quest's `url` is at most this many characters (migration 013's CHECK says the same). */
export const QUEST_URL_LENGTH_MAX = 2048;
/** `GET /quests?ids=`: at most this many ids in one list. */
export const QUEST_IDS_MAX = 100;

/** Every field of a quest an operator sets; `points_remaining` follows from `totalPoints`. */
export type QuestFields = Pick<
  Quest,
  | "name"
  | "description"
  | "ownerId"
  | "campaignId"
  | "totalPoints"
  | "expectedPointsPerCompletion"
  | "start"
  | "end"
  | "isPublic"
  | "enabled"
  | "actionType"
  | "mode"
  | "passPointsMax"
  | "passPayoutsMax"
  | "passWindow"
  | "url"
>;

export type QuestDefaults = Pick<
  QuestFields,
  | "isPublic"
  | "enabled"
  | "actionType"
  | "mode"
  | "passPointsMax"
  | "passPayoutsMax"
  | "passWindow"
  | "url"
>;

/**
 * A new quest is public, enabled and of the `default` action type unless told otherwise, with no
 * limit per pass (its window the quest's whole life) and no link.
 */
export const QUEST_DEFAULTS: QuestDefaults = {
  isPublic: true,
  enabled: true,
  actionType: "default",
  mode: "live",
  passPointsMax: null,
  passPayoutsMax: null,
  passWindow: "quest",
  url: null,
};

/**
 * Why a quest's `url` cannot be shown as a link, or undefined when it can: it must parse as an
 * absolute https URL (WHATWG URL), as written, without white space or control characters (the
 * parser would drop them silently, so the link shown would not be the text stored). It is shown,
 * never fetched: no address is checked.
 */
export function questUrlProblem(text: string): string | undefined {
  if (!text.startsWith("https://")) return "must start with https://";
  if (/[\s\p{Cc}]/u.test(text)) return "must not contain white space or control characters";
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return "must be a URL, such as https://example.com/quest";
  }
  if (url.protocol !== "https:" || url.hostname === "") return "must be an https URL with a host";
  return undefined;
}

/** BAD_REQUEST naming `field` when `url` is set and cannot be shown as a link. */
export function checkQuestUrl(url: string | null | undefined, field: string): void {
  const problem = url === null || url === undefined ? undefined : questUrlProblem(url);
  if (problem) throw badRequest(`${field} ${problem}.`, [{ field, message: problem }]);
}

/** A `[start, end)` window: end must come after start. */
export function checkWindow(window: { start: Date; end: Date }): void {
  if (!(window.end.getTime() > window.start.getTime())) {
    throw badRequest("end must be after start.", [
      { field: "end", message: "must be after start" },
    ]);
  }
}

export function newQuestFields(
  input: Omit<QuestFields, keyof QuestDefaults> & Partial<QuestDefaults>,
): QuestFields {
  const mode = input.mode ?? QUEST_DEFAULTS.mode;
  const fields = {
    ...input,
    // A test quest is private unless told otherwise (and then refused below).
    isPublic: input.isPublic ?? (mode === "live" && QUEST_DEFAULTS.isPublic),
    enabled: input.enabled ?? QUEST_DEFAULTS.enabled,
    actionType: input.actionType ?? QUEST_DEFAULTS.actionType,
    mode,
    passPointsMax: input.passPointsMax ?? QUEST_DEFAULTS.passPointsMax,
    passPayoutsMax: input.passPayoutsMax ?? QUEST_DEFAULTS.passPayoutsMax,
    passWindow: input.passWindow ?? QUEST_DEFAULTS.passWindow,
    url: input.url ?? QUEST_DEFAULTS.url,
  };
  checkQuestUrl(fields.url, "url");
  checkWindow(fields);
  checkTestNeverPublic(fields);
  return fields;
}

/** A test quest never shows in public lists: making one public is refused, not ignored. */
function checkTestNeverPublic(fields: Pick<QuestFields, "mode" | "isPublic">): void {
  if (fields.mode === "test" && fields.isPublic) {
    throw badRequest("A test quest is never public; set is_public to false.", [
      { field: "is_public", message: "must be false for a test quest" },
    ]);
  }
}

/** Points already paid out of a quest: its budget can never go below them. */
export const pointsPaid = (quest: Pick<Quest, "totalPoints" | "pointsRemaining">) =>
  quest.totalPoints - quest.pointsRemaining;

/**
 * An operator's change applied to the quest as it is now (read under its row lock): unset fields
 * keep their value (null clears a limit or the link), the window stays `end > start`, and the
 * budget never drops below what was paid (raising it raises `points_remaining` by the same
 * amount). A changed limit applies to later allocations only: nothing paid changes.
 */
export function patchQuestFields(
  current: Quest,
  patch: Partial<Omit<QuestFields, "mode">>,
): QuestFields {
  const next: QuestFields = {
    name: patch.name ?? current.name,
    description: patch.description ?? current.description,
    ownerId: patch.ownerId ?? current.ownerId,
    campaignId: patch.campaignId === undefined ? current.campaignId : patch.campaignId,
    totalPoints: patch.totalPoints ?? current.totalPoints,
    expectedPointsPerCompletion:
      patch.expectedPointsPerCompletion ?? current.expectedPointsPerCompletion,
    start: patch.start ?? current.start,
    end: patch.end ?? current.end,
    isPublic: patch.isPublic ?? current.isPublic,
    enabled: patch.enabled ?? current.enabled,
    actionType: patch.actionType ?? current.actionType,
    mode: current.mode,
    passPointsMax: patch.passPointsMax === undefined ? current.passPointsMax : patch.passPointsMax,
    passPayoutsMax:
      patch.passPayoutsMax === undefined ? current.passPayoutsMax : patch.passPayoutsMax,
    passWindow: patch.passWindow ?? current.passWindow,
    url: patch.url === undefined ? current.url : patch.url,
  };
  checkQuestUrl(patch.url, "url");
  checkWindow(next);
  checkTestNeverPublic(next);
  const paid = pointsPaid(current);
  if (next.totalPoints < paid) {
    throw badRequest(`total_points cannot go below the ${paid} points already paid out.`, [
      { field: "total_points", message: `must be at least ${paid}` },
    ]);
  }
  return next;
}

export type CampaignFields = Pick<
  Campaign,
  "name" | "description" | "start" | "end" | "isActive" | "externalAppId"
>;

/** A new campaign is active and has no external app unless told otherwise. */
export function newCampaignFields(
  input: Omit<CampaignFields, "isActive" | "externalAppId"> & Partial<CampaignFields>,
): CampaignFields {
  const fields = {
    ...input,
    isActive: input.isActive ?? true,
    externalAppId: input.externalAppId ?? null,
  };
  checkWindow(fields);
  return fields;
}

/** An operator's change to a campaign as it is now: unset fields keep their value. */
export function patchCampaignFields(
  current: Campaign,
  patch: Partial<CampaignFields>,
): CampaignFields {
  const next: CampaignFields = {
    name: patch.name ?? current.name,
    description: patch.description ?? current.description,
    start: patch.start ?? current.start,
    end: patch.end ?? current.end,
    isActive: patch.isActive ?? current.isActive,
    externalAppId: patch.externalAppId === undefined ? current.externalAppId : patch.externalAppId,
  };
  checkWindow(next);
  return next;
}
