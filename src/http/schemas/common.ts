import { Type } from "typebox";
import { POINTS_MAX } from "../../domain/limits.js";

/** Every timestamp the service writes: ISO 8601 UTC with milliseconds and `Z`. */
export const Timestamp = Type.String({
  format: "date-time",
  examples: ["2026-01-31T12:00:00.000Z"],
});

/** Timestamps on input: any ISO 8601 / RFC 3339 date-time with an offset. */
export const TimestampInput = Type.String({ format: "date-time" });

/** A pass address on input; the checksum of mixed-case input is checked by the handler. */
export const PassAddressInput = Type.String({
  pattern: "^0x[0-9a-fA-F]{40}$",
  description: "0x + 40 hex digits; mixed case must be a valid EIP-55 checksum",
  examples: ["0xFfFFFFff00000000000000000000000000000001"],
});

export const PassAddress = Type.String({
  examples: ["0xFfFFFFff00000000000000000000000000000001"],
});

export const Points = Type.Integer({ minimum: 1, maximum: POINTS_MAX });

export const PositiveId = Type.Integer({ minimum: 1 });

/** RFC 9457 problem details, with the contract's stable `code`. */
export const Problem = Type.Object(
  {
    type: Type.String(),
    title: Type.String(),
    status: Type.Integer(),
    code: Type.String(),
    detail: Type.String(),
    request_id: Type.Optional(Type.String()),
    errors: Type.Optional(
      Type.Array(Type.Object({ field: Type.String(), message: Type.String() })),
    ),
  },
  { $id: "Problem", title: "Problem" },
);

export const ProblemRef = Type.Ref("Problem");

const problemResponse = (description: string) => ({
  description,
  content: { "application/problem+json": { schema: ProblemRef } },
});

/** Every route's error answers, for the OpenAPI document: RFC 9457 problem details. */
export const ERROR_RESPONSES = {
  "4xx": problemResponse("Problem details with a stable `code` (see the contract)"),
  "5xx": problemResponse("INTERNAL or SERVICE_UNAVAILABLE; never a stack trace"),
} as const;
