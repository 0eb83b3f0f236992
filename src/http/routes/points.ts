import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { checksummed } from "../../domain/address.js";
import { BATCH_BODY_BYTES_MAX, PAYOUT_PAGE_LIMIT_DEFAULT } from "../../domain/limits.js";
import { allocateBatch } from "../../use-cases/allocate.js";
import { paidIn } from "../../use-cases/allocation-outcomes.js";
import { listReversals, readMe } from "../../use-cases/owner-reads.js";
import { questStats } from "../../use-cases/quest-stats.js";
import { reversePayout } from "../../use-cases/reverse-payout.js";
import { asAccount } from "../actors.js";
import { keyOf, requireApiKey } from "../auth.js";
import {
  ALLOCATION_KEY_CODES,
  OWNER_CODES,
  OWNER_SECURITY,
  ownerOnly,
  questOwnerOf,
  requireQuestsEnabled,
} from "../owner-guards.js";
import { presentBatchResult, presentMe, presentReversal, presentStatsRow } from "../present.js";
import { sendRefusal } from "../refusals.js";
import { errorResponses } from "../schemas/common.js";
import {
  BatchBody,
  BatchResponse,
  Me,
  PayoutIdParams,
  ReversalBody,
  ReversalList,
  ReversalResponse,
  StatsQuery,
  StatsRows,
} from "../schemas/points.js";
import { IdempotencyKeyHeader, PayoutPageQuery, QuestIdParams } from "../schemas/quests.js";
import type { Services } from "../services.js";

/** The owner's routes beyond a single allocation (docs/points.md), and the key's own `/me`. */
export async function pointsRoutes(app: FastifyInstance, services: Services) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = services;
  const owner = ownerOnly(services);
  const security = OWNER_SECURITY;

  api.post(
    "/quests/:questId/allocations",
    {
      ...owner,
      bodyLimit: BATCH_BODY_BYTES_MAX,
      schema: {
        operationId: "allocateBatch",
        summary: "Allocate points to many passes at once (owner only)",
        description:
          "Up to 1,000 items, decided in order against the running remainder in one " +
          "transaction, with the rules of a single allocation. `results[i]` answers item i. " +
          "With `atomic: true` any failed item makes the whole request 400 `BATCH_REJECTED` " +
          "and nothing is paid. Each item's `idempotency_key` shares the namespace of the " +
          "`Idempotency-Key` header of single allocations; the request may carry its own " +
          "`Idempotency-Key`, which replays the whole first answer once it paid an item (a batch " +
          "that paid nothing keeps nothing, and its retry is decided afresh).",
        tags: ["quests"],
        security,
        params: QuestIdParams,
        headers: IdempotencyKeyHeader(
          "1-255 printable ASCII characters; a retry replays the whole answer of a batch that paid",
        ),
        body: BatchBody,
        response: {
          200: BatchResponse,
          ...errorResponses(...OWNER_CODES, "BATCH_REJECTED", ...ALLOCATION_KEY_CODES),
        },
      },
    },
    async (request, reply) => {
      const result = await allocateBatch(services.allocate, {
        ...questOwnerOf(request),
        requestId: request.id,
        items: request.body.allocations.map((item) => ({
          pass: checksummed(item.address),
          points: item.points,
          idempotencyKey: item.idempotency_key,
        })),
        atomic: request.body.atomic ?? false,
        idempotencyKey: request.headers["idempotency-key"],
      });
      if (result.replayed) reply.header("Idempotent-Replayed", "true");
      if (!result.ok) return sendRefusal(reply, result);
      const paid = paidIn(result.items);
      return {
        results: result.items.map(presentBatchResult),
        paid_count: paid.count,
        paid_points: paid.points,
      };
    },
  );

  api.post(
    "/quests/:questId/payouts/:payoutId/reversal",
    {
      ...owner,
      schema: {
        operationId: "reversePayout",
        summary: "Reverse a payout of the quest (owner only)",
        description:
          "Puts the payout's amount back into `points_remaining`, at most once per payout, " +
          "whatever the quest's window. The payout stays in the quest's payout list; the pass " +
          "loses the points. Audited as `payout.reverse`.",
        tags: ["quests"],
        security,
        params: PayoutIdParams,
        body: ReversalBody,
        response: {
          201: ReversalResponse,
          ...errorResponses(...OWNER_CODES, "PAYOUT_NOT_FOUND", "PAYOUT_ALREADY_REVERSED"),
        },
      },
    },
    async (request, reply) => {
      const reversal = await reversePayout(db, {
        payoutId: request.params.payoutId,
        reason: request.body.reason,
        audit: asAccount(request),
        owner: questOwnerOf(request),
      });
      services.publicAnswers.pointsChanged(); // before answering: this process shows it at once
      return reply.code(201).send({ reversal: presentReversal(reversal) });
    },
  );

  api.get(
    "/quests/:questId/reversals",
    {
      ...owner,
      schema: {
        operationId: "listReversals",
        summary: "The quest's reversals, newest first (owner only)",
        tags: ["quests"],
        security,
        params: QuestIdParams,
        querystring: PayoutPageQuery,
        response: { 200: ReversalList, ...errorResponses(...OWNER_CODES) },
      },
    },
    async (request) => {
      const reversals = await listReversals(db, request.params.questId, {
        limit: request.query.limit ?? PAYOUT_PAGE_LIMIT_DEFAULT,
        offset: request.query.offset ?? 0,
      });
      return reversals.map(presentReversal);
    },
  );

  api.get(
    "/quests/:questId/stats",
    {
      ...owner,
      schema: {
        operationId: "getQuestStats",
        summary: "The quest's payouts per hour or day (owner only)",
        description:
          "One row per UTC bucket with payouts, oldest first: `payouts` and the `points` they " +
          "paid (reversals are not subtracted). Default range: the quest's start until now, the " +
          "latest 1,000 buckets at most; a `since`..`until` longer than 1,000 buckets is 400.",
        tags: ["quests"],
        security,
        params: QuestIdParams,
        querystring: StatsQuery,
        response: { 200: StatsRows, ...errorResponses(...OWNER_CODES) },
      },
    },
    async (request) => {
      const { bucket = "hour", since, until } = request.query;
      const rows = await questStats(db, request.params.questId, {
        bucket,
        since: since === undefined ? undefined : new Date(since),
        until: until === undefined ? undefined : new Date(until),
      });
      return rows.map(presentStatsRow);
    },
  );

  api.get(
    "/me",
    {
      onRequest: [requireQuestsEnabled(services), requireApiKey(services)],
      schema: {
        operationId: "getMe",
        summary: "The key's account, the key, and the quests it reaches",
        description:
          "Every quest the key's account owns in the key's mode (a test key sees its test " +
          "quests), with the detail fields but no payouts.",
        tags: ["quests"],
        security,
        response: {
          200: Me,
          ...errorResponses("QUESTS_DISABLED", "INVALID_API_KEY"),
        },
      },
    },
    async (request) => presentMe(await readMe(db, keyOf(request).id)),
  );
}
