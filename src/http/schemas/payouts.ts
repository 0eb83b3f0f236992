import { Type } from "typebox";
import { ListOf, ListQueryFields } from "../listing.js";
import { PassAddress, PassAddressInput, PositiveId, Timestamp, TimestampInput } from "./common.js";

/** The export formats of `GET /admin/payouts`; `json` is the cursor-paged list. */
export const PayoutListFormat = Type.Union(
  [Type.Literal("json"), Type.Literal("csv"), Type.Literal("ndjson")],
  {
    description:
      "`json` (default): one page. `csv` or `ndjson`: every matching payout, streamed; " +
      "`limit` and `cursor` are refused with these",
  },
);

export const PayoutListQuery = Type.Object(
  {
    quest_id: Type.Optional({ ...PositiveId, description: "Payouts of this quest" }),
    pass: Type.Optional({
      ...PassAddressInput,
      description:
        "Payouts to this pass: 0x + 40 hex digits; mixed case must be a valid EIP-55 checksum",
    }),
    earning_period_id: Type.Optional({
      ...PositiveId,
      description: "Payouts made in this earning period",
    }),
    since: Type.Optional({
      ...TimestampInput,
      description: "Payouts created at or after this time (inclusive): ISO 8601 with an offset",
    }),
    until: Type.Optional({
      ...TimestampInput,
      description: "Payouts created before this time (exclusive): ISO 8601 with an offset",
    }),
    reversed: Type.Optional(
      Type.Boolean({
        description:
          "`true`: only reversed payouts (`reversed_at` set); `false`: only payouts not reversed",
      }),
    ),
    format: Type.Optional(PayoutListFormat),
    ...ListQueryFields,
  },
  { additionalProperties: false },
);

/**
 * The fields of a payout in every format, in this order (the CSV's columns). The order is part
 * of the API: a new field goes at the end, so a reader of the CSV by position keeps working.
 */
export const PAYOUT_ITEM_FIELDS = [
  "id",
  "quest_id",
  "pass",
  "amount",
  "earning_period_id",
  "created_at",
  "reversed_at",
] as const;

export const PayoutItem = Type.Object(
  {
    id: Type.String({ format: "uuid" }),
    quest_id: Type.Integer(),
    pass: PassAddress,
    amount: Type.Integer(),
    earning_period_id: Type.Union([Type.Integer(), Type.Null()]),
    created_at: Timestamp,
    reversed_at: Type.Union([Timestamp, Type.Null()], {
      description:
        "When the payout was reversed (its amount put back into the quest's budget); null " +
        "unless reversed. The payout's `amount` stays as paid: a quest's budget reconciles as " +
        "`total_points - points_remaining` = the sum of `amount` over its payouts whose " +
        "`reversed_at` is null. In the CSV, an empty field when null",
    }),
  },
  { title: "AdminPayout" },
);

export const PayoutList = ListOf(PayoutItem, "AdminPayoutList");

const PAYOUT_EXAMPLE = {
  id: "0b6f3c1e-8a2d-4f5b-9c7e-1d2a3b4c5d6e",
  quest_id: 12,
  pass: "0xFfFFFFff00000000000000000000000000000001",
  amount: 50,
  earning_period_id: 3,
  created_at: "2026-01-31T12:00:00.000Z",
  reversed_at: null,
};

const REVERSED_PAYOUT_EXAMPLE = {
  ...PAYOUT_EXAMPLE,
  id: "0b6f3c1e-8a2d-4f5b-9c7e-1d2a3b4c5d6f",
  amount: 20,
  earning_period_id: null,
  created_at: "2026-01-31T11:00:00.000Z",
  reversed_at: "2026-02-01T09:30:00.000Z",
};

const EXAMPLES = [PAYOUT_EXAMPLE, REVERSED_PAYOUT_EXAMPLE];

/** A null is an empty CSV field. */
export const PAYOUT_CSV_EXAMPLE =
  `${PAYOUT_ITEM_FIELDS.join(",")}\r\n` +
  EXAMPLES.map(
    (example) => `${PAYOUT_ITEM_FIELDS.map((field) => example[field] ?? "").join(",")}\r\n`,
  ).join("");

export const PAYOUT_NDJSON_EXAMPLE = EXAMPLES.map((example) => `${JSON.stringify(example)}\n`).join(
  "",
);
