import { createHash } from "node:crypto";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { badRequest, type FieldError } from "../../domain/errors.js";
import { BATCH_BODY_BYTES_MAX, PAYOUT_PAGE_LIMIT_DEFAULT } from "../../domain/limits.js";
import { statsRange } from "../../domain/stats.js";
import { findQuestStart, readOwnerView, readQuestStats } from "../../store/owner-reads.js";
import { listReversals } from "../../store/reversals.js";
import { type ItemOutcome, paidIn } from "../../use-cases/allocate.js";
import { reversePayout } from "../../use-cases/reverse-payout.js";
import { asAccount } from "../actors.js";
import { requireApiKey } from "../auth.js";
import { httpStatusOf } from "../error-status.js";
import { OWNER_CODES, OWNER_SECURITY, ownerOnly, requireQuestsEnabled } from "../owner-guards.js";
import { presentOwnedQuest, presentPayout, presentReversal } from "../present.js";
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
import { checksummed, itemHash, parseIdempotencyKey, sendRefusal } from "./quests.js";

/** A batch's item as its result shows it. */
function presentResult(outcome: ItemOutcome) {
  if (outcome.ok) {
    return { status: 200, payout: presentPayout(outcome.payout), replayed: outcome.replayed };
  }
  return {
    status: httpStatusOf(outcome.error.code),
    code: outcome.error.code,
    detail: outcome.error.message,
  };
}

/**
 * Item keys share one namespace with each other and with the request's own key: one that comes
 * twice in a request could only be in flight against itself, so it is refused up front.
 */
function refuseRepeatedKeys(items: readonly { idempotency_key?: string }[], header?: string) {
  const seen = new Map<string, string>();
  if (header !== undefined) seen.set(header, "the Idempotency-Key header");
  const errors: FieldError[] = [];
  items.forEach((item, i) => {
    const key = item.idempotency_key;
    if (key === undefined) return;
    const first = seen.get(key);
    if (first)
      errors.push({ field: `allocations/${i}/idempotency_key`, message: `repeats ${first}` });
    else seen.set(key, `allocations/${i}/idempotency_key`);
  });
  if (errors.length > 0) {
    throw badRequest("An idempotency key may be used once per request.", errors);
  }
}

/** The owner's routes beyond a single allocation (contract Part 2), and the key's own `/me`. */
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
          "`Idempotency-Key`, which replays the whole first answer.",
        tags: ["quests"],
        security,
        params: QuestIdParams,
        headers: IdempotencyKeyHeader(
          "1-255 printable ASCII characters; a retry replays the whole answer",
        ),
        body: BatchBody,
        response: {
          200: BatchResponse,
          ...errorResponses(
            ...OWNER_CODES,
            "BATCH_REJECTED",
            "IDEMPOTENCY_IN_PROGRESS",
            "IDEMPOTENCY_KEY_REUSED",
            "PAYLOAD_TOO_LARGE",
          ),
        },
      },
    },
    async (request, reply) => {
      const questId = request.ownedQuestId!;
      const header = parseIdempotencyKey(request.headers["idempotency-key"]);
      const { allocations, atomic = false } = request.body;
      refuseRepeatedKeys(allocations, header);
      const items = allocations.map((item) => {
        const pass = checksummed(item.address);
        const key = item.idempotency_key;
        return {
          pass,
          points: item.points,
          idempotency:
            key === undefined
              ? undefined
              : { key, requestHash: itemHash(questId, item.points, pass) },
        };
      });
      const result = await services.allocate({
        questId,
        keyId: request.apiKeyId!,
        accountId: request.apiKeyAccountId!,
        items,
        atomic,
        requestId: request.id,
        idempotency:
          header === undefined
            ? undefined
            : { key: header, requestHash: batchHash(questId, atomic, items) },
      });
      if (result.replayed) reply.header("Idempotent-Replayed", "true");
      if (!result.ok) return sendRefusal(reply, result);
      const paid = paidIn(result.items);
      return {
        results: result.items.map(presentResult),
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
        owner: {
          questId: request.ownedQuestId!,
          keyId: request.apiKeyId!,
          accountId: request.apiKeyAccountId!,
        },
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
      const reversals = await listReversals(db, request.ownedQuestId!, {
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
      const questId = request.ownedQuestId!;
      const bucket = request.query.bucket ?? "hour";
      const start = await findQuestStart(db, questId);
      const range = statsRange(
        {
          bucket,
          since: request.query.since === undefined ? undefined : new Date(request.query.since),
          until: request.query.until === undefined ? undefined : new Date(request.query.until),
        },
        start ?? new Date(),
        new Date(),
      );
      const rows = await readQuestStats(db, questId, { bucket, ...range });
      return rows.map((row) => ({
        at: row.at.toISOString(),
        payouts: row.payouts,
        points: row.points,
      }));
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
    async (request) => {
      const view = await readOwnerView(db, request.apiKeyId!);
      if (!view) throw new Error("invariant: a live key without its row");
      return {
        account: view.account,
        key: {
          id: view.key.id,
          prefix: view.key.prefix,
          mode: view.key.mode,
          expires_at: view.key.expiresAt?.toISOString() ?? null,
        },
        quests: view.quests.map((quest) => presentOwnedQuest(quest, view.now)),
      };
    },
  );
}

/** What a batch's own Idempotency-Key was first used for: its quest, `atomic` and items. */
function batchHash(
  questId: number,
  atomic: boolean,
  items: readonly { pass: string; points: number; idempotency?: { key: string } | undefined }[],
): string {
  const body = items.map((item) => [item.points, item.pass, item.idempotency?.key ?? null]);
  return createHash("sha256")
    .update(JSON.stringify({ batch: { questId, atomic, items: body } }))
    .digest("hex");
}
