import { Type } from "typebox";
import {
  PAGE_OFFSET_MAX,
  PAYOUT_PAGE_LIMIT_DEFAULT,
  PAYOUT_PAGE_LIMIT_MAX,
  QUEST_LIST_LIMIT_DEFAULT,
  QUEST_LIST_LIMIT_MAX,
} from "../../domain/limits.js";
import { PassAddress, PassAddressInput, Points, PositiveId, Timestamp } from "./common.js";

export const QuestIdParams = Type.Object({ questId: PositiveId }, { additionalProperties: false });

export const PayoutPageQuery = Type.Object(
  {
    limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: PAYOUT_PAGE_LIMIT_MAX,
        default: PAYOUT_PAGE_LIMIT_DEFAULT,
      }),
    ),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: PAGE_OFFSET_MAX, default: 0 })),
  },
  { additionalProperties: false },
);

export const QuestListQuery = Type.Object(
  {
    owner: Type.Optional(PassAddressInput),
    limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: QUEST_LIST_LIMIT_MAX,
        default: QUEST_LIST_LIMIT_DEFAULT,
      }),
    ),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: PAGE_OFFSET_MAX, default: 0 })),
    with: Type.Optional(
      Type.Literal("progress", {
        description: "`progress` adds `points_remaining` and `is_active` to each quest",
      }),
    ),
  },
  { additionalProperties: false },
);

export const Payout = Type.Object(
  {
    id: Type.String(),
    amount: Type.Integer(),
    created_at: Timestamp,
    account: Type.Object({ pass: PassAddress }),
  },
  { $id: "Payout", title: "Payout" },
);

/** The detail view's fields about the quest itself (GET /me lists quests with these). */
export const QuestDetailFields = {
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  total_points: Type.Integer(),
  points_remaining: Type.Integer(),
  start: Timestamp,
  end: Timestamp,
  is_active: Type.Boolean(),
};

export const QuestDetail = Type.Object(
  { ...QuestDetailFields, payouts: Type.Array(Type.Ref("Payout")) },
  { $id: "QuestDetail", title: "QuestDetail" },
);

/** The optional `Idempotency-Key` header of the allocation routes. */
export function IdempotencyKeyHeader(description: string) {
  return {
    type: "object",
    properties: { "idempotency-key": { type: "string", description } },
  } as const;
}

export const CampaignSummary = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
});

/** A quest's terms as every answer shows them: the public quest's and an application's. */
export const QuestTermsFields = {
  name: Type.String(),
  description: Type.String(),
  total_points: Type.Integer(),
  expected_points_per_completion: Type.Integer(),
  start: Timestamp,
  end: Timestamp,
};

export const QuestPublic = Type.Object(
  {
    id: Type.Integer(),
    ...QuestTermsFields,
    campaign: Type.Union([CampaignSummary, Type.Null()]),
    points_remaining: Type.Optional(
      Type.Integer({ description: "Only with `with=progress`: points left in the budget" }),
    ),
    is_active: Type.Optional(
      Type.Boolean({
        description: "Only with `with=progress`: enabled and `start <= now < end`",
      }),
    ),
  },
  { $id: "QuestPublic", title: "QuestPublic" },
);

export const QuestList = Type.Array(Type.Ref("QuestPublic"));

export const AllocateBody = Type.Object(
  {
    points: Points,
    address: PassAddressInput,
  },
  { additionalProperties: false },
);

export const AllocateResponse = Type.Object({ payout: Type.Ref("Payout") });
