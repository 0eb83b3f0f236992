import { Type } from "typebox";
import {
  PAGE_OFFSET_MAX,
  PAYOUT_PAGE_LIMIT_DEFAULT,
  PAYOUT_PAGE_LIMIT_MAX,
  QUEST_LIST_LIMIT_DEFAULT,
  QUEST_LIST_LIMIT_MAX,
} from "../../domain/limits.js";
import { QUEST_IDS_MAX, QUEST_URL_LENGTH_MAX } from "../../domain/quests.js";
import {
  PassAddress,
  PassAddressInput,
  Points,
  PositiveId,
  TextInput,
  Timestamp,
} from "./common.js";

/** What `with` of GET /quests may list: each adds fields to every quest of the answer. */
export const QUEST_LIST_WITH = ["progress", "details"] as const;
export type QuestListWith = (typeof QUEST_LIST_WITH)[number];

const withItem = `(${QUEST_LIST_WITH.join("|")})`;
const idItem = "[1-9][0-9]*";

const PASS_WINDOW_DESCRIPTION =
  "The window `pass_payouts_max` counts in: `day` (a UTC calendar day), `week` (an ISO week, from Monday 00:00 UTC), `earning_period` (the earning period the payout falls in) or `quest` (the quest's whole life, the default)";
const PASS_POINTS_MAX_DESCRIPTION =
  "The most points one pass may hold from this quest (its payouts' amounts, reversed ones left out); `null`: no limit";
const PASS_PAYOUTS_MAX_DESCRIPTION =
  "The most payouts (reversed ones left out) one pass may receive in each `pass_window`; `null`: no limit";
const URL_DESCRIPTION =
  "Where a player does the quest: `https://`, at most 2048 characters; shown, never fetched. `null`: none";

/**
 * PASS_WINDOWS, spelled out (TypeBox types a mapped array as `never`). The routes pass a
 * PassWindow out and take one in, so the compiler holds the two lists equal.
 */
export const PassWindowSchema = Type.Union(
  [
    Type.Literal("day"),
    Type.Literal("week"),
    Type.Literal("earning_period"),
    Type.Literal("quest"),
  ],
  { description: PASS_WINDOW_DESCRIPTION },
);

/**
 * Where a player does a quest and what one pass may get from it, as every answer that shows a
 * quest's detail fields carries them (docs/operator-api.md#quests-limits-per-pass-and-where-players-act).
 */
export const QuestPlayFields = {
  url: Type.Union([Type.String(), Type.Null()], { description: URL_DESCRIPTION }),
  pass_points_max: Type.Union([Type.Integer(), Type.Null()], {
    description: PASS_POINTS_MAX_DESCRIPTION,
  }),
  pass_payouts_max: Type.Union([Type.Integer(), Type.Null()], {
    description: PASS_PAYOUTS_MAX_DESCRIPTION,
  }),
  pass_window: PassWindowSchema,
};

/**
 * The same fields on input (POST and PATCH /admin/quests, an application's `quest`, the
 * approval's overrides), each optional; `null` clears a limit or the link.
 */
export const QuestPlayInputFields = {
  url: Type.Optional(
    Type.Union(
      [TextInput({ maxLength: QUEST_URL_LENGTH_MAX, pattern: "^https://" }), Type.Null()],
      { description: URL_DESCRIPTION },
    ),
  ),
  pass_points_max: Type.Optional(
    Type.Union([Points, Type.Null()], { description: PASS_POINTS_MAX_DESCRIPTION }),
  ),
  pass_payouts_max: Type.Optional(
    Type.Union([Points, Type.Null()], { description: PASS_PAYOUTS_MAX_DESCRIPTION }),
  ),
  pass_window: Type.Optional(PassWindowSchema),
};

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
      Type.String({
        pattern: `^${withItem}(,${withItem})*$`,
        description:
          "A comma list: `progress` adds `points_remaining` and `is_active` to each quest; `details` adds `url`, `action_type`, `pass_points_max`, `pass_payouts_max` and `pass_window`",
        examples: ["progress,details"],
      }),
    ),
    ids: Type.Optional(
      Type.String({
        pattern: `^${idItem}(,${idItem}){0,${QUEST_IDS_MAX - 1}}$`,
        description: `Only these quests (1 to ${QUEST_IDS_MAX} positive integers, comma-separated), still in id order; an id that is not a public live quest is left out`,
        examples: ["7,9"],
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

/** The detail view's fields about the quest itself (GET /quests/{questId}, the spec's). */
const QuestPageFields = {
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  total_points: Type.Integer(),
  points_remaining: Type.Integer(),
  start: Timestamp,
  end: Timestamp,
  is_active: Type.Boolean(),
};

/** A quest's detail fields as GET /me lists them: the detail view's, with where and how often. */
export const QuestDetailFields = { ...QuestPageFields, ...QuestPlayFields };

export const QuestDetail = Type.Object(
  { ...QuestPageFields, payouts: Type.Array(Type.Ref("Payout")) },
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
    url: Type.Optional(
      Type.Union([Type.String(), Type.Null()], {
        description: `Only with \`with=details\`. ${URL_DESCRIPTION}`,
      }),
    ),
    action_type: Type.Optional(
      Type.String({ description: "Only with `with=details`: the quest's action type" }),
    ),
    pass_points_max: Type.Optional(
      Type.Union([Type.Integer(), Type.Null()], {
        description: `Only with \`with=details\`. ${PASS_POINTS_MAX_DESCRIPTION}`,
      }),
    ),
    pass_payouts_max: Type.Optional(
      Type.Union([Type.Integer(), Type.Null()], {
        description: `Only with \`with=details\`. ${PASS_PAYOUTS_MAX_DESCRIPTION}`,
      }),
    ),
    pass_window: Type.Optional({
      ...PassWindowSchema,
      description: `Only with \`with=details\`. ${PASS_WINDOW_DESCRIPTION}`,
    }),
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
