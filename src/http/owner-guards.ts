import type { FastifyRequest } from "fastify";
import { AppError, badRequest } from "../domain/errors.js";
import { ID_MAX } from "../domain/limits.js";
import { findQuestOwner } from "../store/quests.js";
import { requireApiKey } from "./auth.js";
import type { Services } from "./services.js";

declare module "fastify" {
  interface FastifyRequest {
    /** The id of `/quests/{questId}`, checked to exist and be the key's by `checkOwnedQuest`. */
    ownedQuestId?: number;
  }
}

/** What every owner route can answer before its own work (docs/promises.md#answers, steps 1-6). */
export const OWNER_CODES = [
  "QUESTS_DISABLED",
  "INVALID_API_KEY",
  "FORBIDDEN",
  "BAD_REQUEST",
  "QUEST_NOT_FOUND",
  "NOT_QUEST_OWNER",
  "KEY_MODE_MISMATCH",
] as const;

export const OWNER_SECURITY = [{ apiKey: [] }];

/** Parses `questId` as step 3 of the order of checks wants: a positive integer, else 400. */
function parseQuestId(raw: unknown): number {
  const text = String(raw);
  if (!/^[1-9]\d*$/.test(text)) {
    throw badRequest("questId must be a positive integer.", [
      { field: "questId", message: "must be a positive integer" },
    ]);
  }
  return Number(text);
}

/** Step 1 (the quest feature switch), for every quest, owner, pass and leaderboard route. */
export function requireQuestsEnabled(services: Pick<Services, "features">) {
  return async () => {
    if (!(await services.features.get()).quests) {
      throw new AppError("QUESTS_DISABLED", "The quest feature is switched off.");
    }
  };
}

/**
 * The hooks of a route under `/quests/{questId}` for the quest's owner: steps 1-2 on the request,
 * steps 3-5 before the body is parsed, so a bad body never hides a 404 or a 401.
 */
export function ownerOnly(services: Services) {
  const checkOwnedQuest = async (request: FastifyRequest) => {
    const questId = parseQuestId((request.params as { questId: unknown }).questId);
    const quest =
      questId <= ID_MAX
        ? await services.caches.questOwners.get(questId, (id) => findQuestOwner(services.db, id))
        : undefined;
    if (!quest) throw new AppError("QUEST_NOT_FOUND", `Quest ${questId} does not exist.`);
    if (quest.ownerId !== request.apiKeyAccountId) {
      throw new AppError(
        "NOT_QUEST_OWNER",
        `This API key's account does not own quest ${questId}.`,
      );
    }
    if (quest.mode !== request.apiKeyMode) {
      throw new AppError(
        "KEY_MODE_MISMATCH",
        `This is a ${request.apiKeyMode} key; quest ${questId} is ${quest.mode}.`,
      );
    }
    request.ownedQuestId = questId;
  };
  return {
    onRequest: [requireQuestsEnabled(services), requireApiKey(services)],
    preParsing: [
      async (request: FastifyRequest, _reply: unknown, payload: NodeJS.ReadableStream) => {
        await checkOwnedQuest(request);
        return payload;
      },
    ],
  };
}
