import { createHash } from "node:crypto";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance, FastifyReply } from "fastify";
import { parsePassAddress } from "../../domain/address.js";
import { AppError, badRequest } from "../../domain/errors.js";
import {
  IDEMPOTENCY_KEY_LENGTH_MAX,
  PAYOUT_PAGE_LIMIT_DEFAULT,
  QUEST_LIST_LIMIT_DEFAULT,
} from "../../domain/limits.js";
import { listPublicQuests, type QuestDetailRead } from "../../store/quests.js";
import type { ItemOutcome } from "../../use-cases/allocate.js";
import { JSON_TYPE } from "../answer-cache.js";
import { httpStatusOf } from "../error-status.js";
import { OWNER_CODES, OWNER_SECURITY, ownerOnly, requireQuestsEnabled } from "../owner-guards.js";
import {
  presentPayout,
  presentQuestDetail,
  presentQuestProgress,
  presentQuestPublic,
} from "../present.js";
import { PROBLEM_CONTENT_TYPE, problemBody } from "../problem.js";
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

const IDEMPOTENCY_KEY_SHAPE = new RegExp(`^[\\x20-\\x7E]{1,${IDEMPOTENCY_KEY_LENGTH_MAX}}$`);

/**
 * The checksummed form of an address the schema's `pass-address` format already accepted (so
 * every bad address is named with the other bad fields, before any handler runs).
 */
export function checksummed(raw: string): string {
  const address = parsePassAddress(raw);
  if (!address) throw new Error("invariant: the schema let an invalid address through");
  return address;
}

export async function questRoutes(app: FastifyInstance, services: Services) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = services;

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
          "Public live quests ordered by id, optionally of one owner. No key needed; readable " +
          "from any web page (CORS `*`). `with=progress` adds `points_remaining` and `is_active`.",
        tags: ["quests"],
        querystring: QuestListQuery,
        response: { 200: QuestList, ...errorResponses("QUESTS_DISABLED", "BAD_REQUEST") },
      },
    },
    async (request, reply) => {
      const { owner } = request.query;
      const filter = {
        ownerPass: owner === undefined ? undefined : checksummed(owner),
        limit: request.query.limit ?? QUEST_LIST_LIMIT_DEFAULT,
        offset: request.query.offset ?? 0,
      };
      const progress = request.query.with === "progress";
      const key = `quests:${filter.ownerPass ?? ""}:${filter.limit}:${filter.offset}:${progress}`;
      return services.publicAnswers.send(
        request,
        reply,
        key,
        async () => {
          const quests = await listPublicQuests(db, filter);
          if (!progress) return quests.map(presentQuestPublic);
          const now = new Date();
          return quests.map((quest) => presentQuestProgress(quest, now));
        },
        { showsPoints: progress },
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
      const questId = request.ownedQuestId!;
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
          "after a timeout or a 5xx: a retry replays the first answer (`Idempotent-Replayed: " +
          "true`) and pays nothing again.",
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
            "INSUFFICIENT_POINTS",
            "PASS_POINTS_LIMIT",
            "IDEMPOTENCY_IN_PROGRESS",
            "IDEMPOTENCY_KEY_REUSED",
            "PAYLOAD_TOO_LARGE",
          ),
        },
      },
    },
    async (request, reply) => {
      const questId = request.ownedQuestId!;
      const pass = checksummed(request.body.address);
      const idempotencyKey = parseIdempotencyKey(request.headers["idempotency-key"]);
      const { points } = request.body;
      const result = await services.allocate({
        questId,
        keyId: request.apiKeyId!,
        accountId: request.apiKeyAccountId!,
        items: [
          {
            pass,
            points,
            idempotency:
              idempotencyKey === undefined
                ? undefined
                : { key: idempotencyKey, requestHash: itemHash(questId, points, pass) },
          },
        ],
        atomic: false,
        requestId: request.id,
      });
      // A single allocation is its one item, or the request's refusal (key, quest, owner).
      const outcome = result.ok ? result.items[0]! : result;
      if (outcome.replayed) reply.header("Idempotent-Replayed", "true");
      return sendOutcome(reply, outcome);
    },
  );
}

/** 200 with the payout, or the refusal as problem details (a replay keeps its first request id). */
function sendOutcome(reply: FastifyReply, outcome: ItemOutcome) {
  if (outcome.ok) return reply.code(200).send({ payout: presentPayout(outcome.payout) });
  return sendRefusal(reply, outcome);
}

/** A refusal decided by the use case, as problem details with the (first) request's id. */
export function sendRefusal(reply: FastifyReply, refusal: { error: AppError; requestId: string }) {
  return reply
    .code(httpStatusOf(refusal.error.code))
    .type(PROBLEM_CONTENT_TYPE)
    .send(problemBody(refusal.error, refusal.requestId));
}

export function parseIdempotencyKey(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (typeof header !== "string" || !IDEMPOTENCY_KEY_SHAPE.test(header)) {
    throw badRequest("Idempotency-Key must be 1-255 printable ASCII characters.", [
      { field: "Idempotency-Key", message: "must be 1-255 printable ASCII characters" },
    ]);
  }
  return header;
}

/**
 * What an item's idempotency key was first used for: its quest, points and pass. The same for a
 * single allocation's header and a batch item's key, which share one namespace.
 */
export function itemHash(questId: number, points: number, pass: string): string {
  return createHash("sha256").update(JSON.stringify({ questId, points, pass })).digest("hex");
}
