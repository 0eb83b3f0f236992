import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance, FastifyReply } from "fastify";
import { checksummed } from "../../domain/address.js";
import { AppError } from "../../domain/errors.js";
import {
  ID_MAX,
  PAYOUT_PAGE_LIMIT_DEFAULT,
  QUEST_LIST_LIMIT_DEFAULT,
} from "../../domain/limits.js";
import type { QuestDetailRead } from "../../domain/records.js";
import { allocatePoints } from "../../use-cases/allocate.js";
import type { ItemOutcome } from "../../use-cases/allocation-outcomes.js";
import { listPublicQuests } from "../../use-cases/public-reads.js";
import { JSON_TYPE } from "../answer-cache.js";
import {
  ALLOCATION_KEY_CODES,
  OWNER_CODES,
  OWNER_SECURITY,
  ownerOnly,
  questOwnerOf,
  requireQuestsEnabled,
} from "../owner-guards.js";
import {
  presentPayout,
  presentQuestDetail,
  presentQuestListed,
  presentQuestPublic,
} from "../present.js";
import { sendRefusal } from "../refusals.js";
import { errorResponses } from "../schemas/common.js";
import {
  AllocateBody,
  AllocateResponse,
  IdempotencyKeyHeader,
  PayoutPageQuery,
  QuestDetail,
  QuestIdParams,
  QuestList,
  QuestListQuery,
} from "../schemas/quests.js";
import type { Services } from "../services.js";

/** The serialized detail answer of a read shared by identical requests of one batch. */
const serializedDetails = new WeakMap<QuestDetailRead, string>();

export async function questRoutes(app: FastifyInstance, services: Services) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  const owner = ownerOnly(services);
  const security = OWNER_SECURITY;

  api.get(
    "/quests",
    {
      onRequest: requireQuestsEnabled(services),
      schema: {
        operationId: "listQuests",
        summary: "List public quests",
        description:
          "Public live quests ordered by id, optionally of one owner, optionally only those of " +
          "`ids`. No key needed; readable from any web page (CORS `*`). `with` is a comma " +
          "list: `progress` adds `points_remaining` and `is_active`; `details` adds `url`, " +
          "`action_type`, `pass_points_max`, `pass_payouts_max` and `pass_window`.",
        tags: ["quests"],
        querystring: QuestListQuery,
        response: { 200: QuestList, ...errorResponses("QUESTS_DISABLED", "BAD_REQUEST") },
      },
    },
    async (request, reply) => {
      const { owner } = request.query;
      const ids = questIdsOf(request.query.ids);
      const filter = {
        ownerPass: owner === undefined ? undefined : checksummed(owner),
        ids,
        limit: request.query.limit ?? QUEST_LIST_LIMIT_DEFAULT,
        offset: request.query.offset ?? 0,
      };
      const listed = new Set(request.query.with?.split(","));
      const wanted = { progress: listed.has("progress"), details: listed.has("details") };
      const key = [
        "quests",
        filter.ownerPass ?? "",
        filter.limit,
        filter.offset,
        wanted.progress,
        wanted.details,
        ids?.join(",") ?? "",
      ].join(":");
      return services.publicAnswers.send(
        request,
        reply,
        key,
        async () => {
          const quests = await listPublicQuests(services.reads, filter);
          if (!wanted.progress && !wanted.details) return quests.map(presentQuestPublic);
          const now = new Date();
          return quests.map((quest) => presentQuestListed(quest, wanted, now));
        },
        { showsPoints: wanted.progress },
      );
    },
  );

  api.get(
    "/quests/:questId",
    {
      ...owner,
      schema: {
        operationId: "getQuest",
        summary: "Quest details with its payouts (owner only)",
        description:
          "The quest's budget and window with a page of its payouts, newest first. The key must " +
          "belong to the quest's owner and be of the quest's mode (a test key reads test quests).",
        tags: ["quests"],
        security,
        params: QuestIdParams,
        querystring: PayoutPageQuery,
        response: { 200: QuestDetail, ...errorResponses(...OWNER_CODES) },
      },
    },
    async (request, reply) => {
      const questId = request.params.questId;
      // Read fresh (not from the owner cache): points_remaining moves with every allocation.
      const detail = await services.readQuestDetail({
        questId,
        limit: request.query.limit ?? PAYOUT_PAGE_LIMIT_DEFAULT,
        offset: request.query.offset ?? 0,
      });
      if (!detail) throw new AppError("QUEST_NOT_FOUND", `Quest ${questId} does not exist.`);
      // Identical reads of one batch share `detail`: serialize it once for all of them.
      let body = serializedDetails.get(detail);
      if (body === undefined) {
        body = reply.serialize(
          presentQuestDetail(detail.quest, detail.payouts, detail.now),
        ) as string;
        serializedDetails.set(detail, body);
      }
      // Already serialized by the route's own serializer: sent as it is.
      return (reply as FastifyReply).type(JSON_TYPE).send(body);
    },
  );

  api.post(
    "/quests/:questId",
    {
      ...owner,
      schema: {
        operationId: "allocatePoints",
        summary: "Allocate points from the quest to a pass address (owner only)",
        description:
          "Pays `points` from the quest's budget to a registered pass, atomically: two requests " +
          "never spend the same points. Send an `Idempotency-Key` and retry with the same key " +
          "after a timeout or a 5xx: a retry after a payout replays it (`Idempotent-Replayed: " +
          "true`) and pays nothing again; a refusal keeps nothing, so its retry is decided afresh.",
        tags: ["quests"],
        security,
        params: QuestIdParams,
        headers: IdempotencyKeyHeader(
          "1-255 printable ASCII characters; a retry with it pays at most once",
        ),
        body: AllocateBody,
        response: {
          200: AllocateResponse,
          ...errorResponses(
            ...OWNER_CODES,
            "ACTION_TYPE_INACTIVE",
            "QUEST_NOT_ACTIVE",
            "NO_ACTIVE_EARNING_PERIOD",
            "ACCOUNT_NOT_FOUND",
            "ACCOUNT_SUSPENDED",
            "PASS_LIMIT_REACHED",
            "INSUFFICIENT_POINTS",
            "PASS_POINTS_LIMIT",
            ...ALLOCATION_KEY_CODES,
          ),
        },
      },
    },
    async (request, reply) => {
      const outcome = await allocatePoints(services.allocate, {
        ...questOwnerOf(request),
        requestId: request.id,
        pass: checksummed(request.body.address),
        points: request.body.points,
        idempotencyKey: request.headers["idempotency-key"],
      });
      if (outcome.replayed) reply.header("Idempotent-Replayed", "true");
      return sendOutcome(reply, outcome);
    },
  );
}

/**
 * The ids of `ids=7,9` (checked by the schema: 1..QUEST_IDS_MAX positive integers), distinct and
 * in order; those above ID_MAX name no quest (ids are 4-byte columns) and are left out.
 */
function questIdsOf(text: string | undefined): number[] | undefined {
  if (text === undefined) return undefined;
  const ids = new Set(text.split(",").map(Number));
  return [...ids].filter((id) => id <= ID_MAX).sort((a, b) => a - b);
}

/** 200 with the payout, or the refusal as problem details (a replay keeps its first request id). */
function sendOutcome(reply: FastifyReply, outcome: ItemOutcome) {
  if (outcome.ok) return reply.code(200).send({ payout: presentPayout(outcome.payout) });
  return sendRefusal(reply, outcome);
}
