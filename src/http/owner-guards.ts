import type { FastifyRequest } from "fastify";
import { AppError, badRequest } from "../domain/errors.js";
import { ID_MAX } from "../domain/limits.js";
import { checkQuestAccess } from "../use-cases/verify-key.js";
import { keyOf, requireApiKey } from "./auth.js";
import type { Services } from "./services.js";

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

/** What an allocation can answer besides its rules: its idempotency keys, and a body too large. */
export const ALLOCATION_KEY_CODES = [
  "IDEMPOTENCY_IN_PROGRESS",
  "IDEMPOTENCY_KEY_REUSED",
  "PAYLOAD_TOO_LARGE",
] as const;

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
    if (!(await services.features.isOn("quests"))) {
      throw new AppError("QUESTS_DISABLED", "The quest feature is switched off.");
    }
  };
}

/**
 * The hooks of a route under `/quests/{questId}` for the quest's owner: steps 1-2 on the request,
 * steps 3-5 (the key's access to the quest, decided by `checkQuestAccess`) before the body is
 * parsed, so a bad body never hides a 404 or a 401. The handler then takes the quest from its
 * params and the key from `keyOf`; the allocation and the reversal check both again under the
 * quest's lock.
 */
export function ownerOnly(services: Services) {
  const checkOwnedQuest = async (request: FastifyRequest) => {
    const questId = parseQuestId((request.params as { questId: unknown }).questId);
    const key = keyOf(request);
    const access =
      questId <= ID_MAX
        ? await checkQuestAccess(services, key, questId)
        : ({ ok: false, code: "QUEST_NOT_FOUND" } as const);
    if (access.ok) return;
    if (access.code === "KEY_MODE_MISMATCH") {
      throw new AppError(
        access.code,
        `This is a ${key.mode} key; quest ${questId} is ${access.questMode}.`,
      );
    }
    throw new AppError(
      access.code,
      access.code === "QUEST_NOT_FOUND"
        ? `Quest ${questId} does not exist.`
        : `This API key's account does not own quest ${questId}.`,
    );
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

/**
 * Who allocates or reverses on a quest route behind `ownerOnly`: the quest of its params, the
 * verified key and its account. The use case checks them again under the quest's lock.
 */
export function questOwnerOf(request: FastifyRequest<{ Params: { questId: number } }>) {
  const key = keyOf(request);
  return { questId: request.params.questId, keyId: key.id, accountId: key.accountId };
}
