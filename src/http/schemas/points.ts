import { Type } from "typebox";
import {
  BATCH_ITEMS_MAX,
  IDEMPOTENCY_KEY_LENGTH_MAX,
  LEADERBOARD_LIMIT_MAX,
  LEADERBOARD_OFFSET_MAX,
  REVERSAL_REASON_LENGTH_MAX,
  STATS_BUCKETS_MAX,
} from "../../domain/limits.js";
import { ListOf, ListQueryFields } from "../listing.js";
import { KeyScopeSchema } from "./admin.js";
import {
  ModeSchema,
  PassAddress,
  PassAddressInput,
  Points,
  PositiveId,
  TextInput,
  Timestamp,
  TimestampInput,
} from "./common.js";
import { QuestDetailFields } from "./quests.js";

export const BatchItem = Type.Object(
  {
    points: Points,
    address: PassAddressInput,
    idempotency_key: Type.Optional(
      Type.String({
        pattern: `^[\\x20-\\x7E]{1,${IDEMPOTENCY_KEY_LENGTH_MAX}}$`,
        description:
          "1-255 printable ASCII characters, in the namespace of the `Idempotency-Key` header: " +
          "a retried item replays its payout and pays nothing again; a refused item keeps nothing",
      }),
    ),
  },
  { additionalProperties: false },
);

export const BatchBody = Type.Object(
  {
    allocations: Type.Array(BatchItem, { minItems: 1, maxItems: BATCH_ITEMS_MAX }),
    atomic: Type.Optional(
      Type.Boolean({
        description: "true: if any item fails, nothing is paid (400 BATCH_REJECTED)",
        default: false,
      }),
    ),
  },
  { additionalProperties: false },
);

export const BatchResult = Type.Object(
  {
    status: Type.Integer({ description: "200 paid; else the HTTP status of the item's code" }),
    payout: Type.Optional(Type.Ref("Payout")),
    replayed: Type.Optional(
      Type.Boolean({ description: "Paid items: true when the item's idempotency key replayed" }),
    ),
    code: Type.Optional(Type.String({ description: "Refused items: the error code" })),
    detail: Type.Optional(Type.String()),
  },
  {
    description:
      "`{ status: 200, payout, replayed }` for a paid item, `{ status, code, detail }` for a " +
      "refused one",
  },
);

export const BatchResponse = Type.Object({
  results: Type.Array(BatchResult),
  paid_count: Type.Integer({ description: "Items this request paid (replays not counted)" }),
  paid_points: Type.Integer({ description: "Points this request paid" }),
});

// A payout id is opaque: one that is not a payout's (whatever its shape) is 404 PAYOUT_NOT_FOUND.
export const PayoutIdParams = Type.Object(
  { questId: PositiveId, payoutId: Type.String() },
  { additionalProperties: false },
);
export const AdminPayoutIdParams = Type.Object(
  { payoutId: Type.String() },
  { additionalProperties: false },
);

export const ReversalBody = Type.Object(
  { reason: TextInput({ minLength: 1, maxLength: REVERSAL_REASON_LENGTH_MAX }) },
  { additionalProperties: false },
);

export const Reversal = Type.Object(
  {
    id: Type.String(),
    payout_id: Type.String(),
    amount: Type.Integer(),
    reason: Type.String(),
    created_at: Timestamp,
  },
  { $id: "Reversal", title: "Reversal" },
);
export const ReversalResponse = Type.Object({ reversal: Type.Ref("Reversal") });
export const ReversalList = Type.Array(Type.Ref("Reversal"));

export const StatsQuery = Type.Object(
  {
    bucket: Type.Optional(
      Type.Union([Type.Literal("hour"), Type.Literal("day")], {
        description: "UTC hours (default) or days",
      }),
    ),
    since: Type.Optional(TimestampInput),
    until: Type.Optional(TimestampInput),
  },
  { additionalProperties: false },
);
export const StatsRows = Type.Array(
  Type.Object({
    at: Timestamp,
    payouts: Type.Integer(),
    points: Type.Integer({ description: "Points paid in the bucket (reversals not subtracted)" }),
  }),
  { description: `One row per bucket with payouts, oldest first, at most ${STATS_BUCKETS_MAX}` },
);

export const OwnedQuest = Type.Object(QuestDetailFields);

export const Me = Type.Object({
  account: Type.Object({ id: Type.String(), pass: PassAddress }),
  key: Type.Object({
    id: Type.String(),
    prefix: Type.String(),
    mode: ModeSchema,
    scope: KeyScopeSchema,
    expires_at: Type.Union([Timestamp, Type.Null()]),
  }),
  quests: Type.Array(OwnedQuest),
});

export const PassParams = Type.Object(
  { address: PassAddressInput },
  { additionalProperties: false },
);

export const PassBalance = Type.Object({
  pass: PassAddress,
  points: Type.Integer({ description: "Live points, net of reversals" }),
  rank: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], {
    description:
      "As on the overall leaderboard: 1 + the number of passes with strictly more points; `null` with 0 points, and for a suspended pass",
  }),
  suspended: Type.Boolean({
    description:
      "Suspended by an operator: refused every allocation and on no leaderboard (its points stay)",
  }),
  payouts_count: Type.Integer({ description: "Live payouts, reversed ones included" }),
  by_campaign: Type.Array(
    Type.Object({ campaign_id: Type.Union([Type.Integer(), Type.Null()]), points: Type.Integer() }),
  ),
  by_earning_period: Type.Array(
    Type.Object({
      earning_period_id: Type.Union([Type.Integer(), Type.Null()]),
      points: Type.Integer(),
    }),
  ),
});

export const PassPayoutQuery = Type.Object(ListQueryFields, { additionalProperties: false });
export const PassPayoutList = ListOf(
  Type.Object({
    id: Type.String(),
    quest_id: Type.Integer(),
    quest_name: Type.String(),
    amount: Type.Integer(),
    created_at: Timestamp,
    reversed: Type.Boolean(),
  }),
  "PassPayoutList",
);

const SafeId = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
export const LeaderboardQuery = Type.Object(
  {
    // Any id a client can write exactly; one that names nothing has an empty board.
    earning_period_id: Type.Optional(SafeId),
    campaign_id: Type.Optional(SafeId),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: LEADERBOARD_LIMIT_MAX })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: LEADERBOARD_OFFSET_MAX })),
  },
  { additionalProperties: false },
);
export const Leaderboard = Type.Object({
  earning_period_id: Type.Union([Type.Integer(), Type.Null()]),
  campaign_id: Type.Union([Type.Integer(), Type.Null()]),
  items: Type.Array(
    Type.Object({
      rank: Type.Integer({ description: "1 + the number of passes with strictly more points" }),
      pass: PassAddress,
      points: Type.Integer(),
    }),
  ),
});

/** `GET /earning-periods`: what a leaderboard's `earning_period_id` may name, oldest first. */
export const PublicEarningPeriods = Type.Array(
  Type.Object({ id: Type.Integer(), start: Timestamp, end: Timestamp }),
);
