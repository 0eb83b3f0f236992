import { Type } from "typebox";
import type { ErrorCode } from "../../domain/errors.js";
import { POINTS_MAX } from "../../domain/limits.js";
import { ERROR_TITLE, httpStatusOf } from "../error-status.js";
import {
  PASS_ADDRESS_FORMAT,
  TEXT_FORMAT,
  TIMESTAMP_FORMAT,
  TIMESTAMP_INPUT_MAX,
  TIMESTAMP_INPUT_MIN,
} from "../validation.js";

/** Every timestamp the service writes: ISO 8601 UTC with milliseconds and `Z`. */
export const Timestamp = Type.String({
  format: "date-time",
  examples: ["2026-01-31T12:00:00.000Z"],
});

/**
 * Timestamps on input: any ISO 8601 / RFC 3339 date-time with an offset that JavaScript reads
 * (no leap second), from 1970 to 9999 (see TIMESTAMP_INPUT_MS_MIN for why).
 */
export const TimestampInput = Type.String({
  format: TIMESTAMP_FORMAT,
  description: `ISO 8601 date-time with an offset, from ${TIMESTAMP_INPUT_MIN} to ${TIMESTAMP_INPUT_MAX}`,
  examples: ["2026-01-31T12:00:00.000Z"],
});

/**
 * A pass address on input: 0x + 40 hex digits; mixed case must be a valid EIP-55 checksum
 * (checked by the schema's format, so a bad address is named with every other bad field).
 */
export const PassAddressInput = Type.String({
  format: PASS_ADDRESS_FORMAT,
  description: "0x + 40 hex digits; mixed case must be a valid EIP-55 checksum",
  examples: ["0xFfFFFFff00000000000000000000000000000001"],
});

/**
 * Every text field of every body: bounded, and without U+0000, which PostgreSQL refuses in a
 * text column (a 500 otherwise).
 */
export function TextInput(options: {
  maxLength: number;
  minLength?: number;
  pattern?: string;
  description?: string;
}) {
  return Type.String({ ...options, format: TEXT_FORMAT });
}

/** A quest's or key's mode (docs/promises.md#money). */
export const ModeSchema = Type.Union([Type.Literal("live"), Type.Literal("test")], {
  description:
    "`test` quests and keys follow every rule of live ones but never show in public data",
});
export const ModeInput = Type.Union([Type.Literal("live"), Type.Literal("test")], {
  description: "`live` (default) or `test`",
});

export const PassAddress = Type.String({
  examples: ["0xFfFFFFff00000000000000000000000000000001"],
});

/** A query string or body with no fields: anything given is refused, never ignored. */
export const NoFields = Type.Object({}, { additionalProperties: false });

export const Points = Type.Integer({ minimum: 1, maximum: POINTS_MAX });

export const PositiveId = Type.Integer({ minimum: 1 });

/** RFC 9457 problem details, with a stable `code` (docs/api.md). */
export const Problem = Type.Object(
  {
    type: Type.String(),
    title: Type.String(),
    status: Type.Integer(),
    code: Type.String(),
    detail: Type.String(),
    request_id: Type.Optional(Type.String()),
    errors: Type.Optional(
      Type.Array(
        Type.Object({
          field: Type.String(),
          message: Type.String(),
          // On BATCH_REJECTED: the failed item's own code.
          code: Type.Optional(Type.String()),
        }),
      ),
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
  "4xx": problemResponse("Problem details with a stable `code` (see the error codes)"),
  "5xx": problemResponse("INTERNAL or SERVICE_UNAVAILABLE; never a stack trace"),
} as const;

/**
 * Codes any route can answer whatever it does: a client too slow or too large for the edge, a
 * budget spent, the database away, a bug.
 */
const EDGE_CODES: readonly ErrorCode[] = [
  "REQUEST_TIMEOUT",
  "URI_TOO_LONG",
  "HEADERS_TOO_LARGE",
  "RATE_LIMITED",
  "INTERNAL",
  "SERVICE_UNAVAILABLE",
];

/**
 * A route's error answers for its schema and the OpenAPI document: one entry per status, naming
 * every code the route can answer with that status, with an example body of each.
 */
export function errorResponses(...codes: ErrorCode[]) {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set([...codes, ...EDGE_CODES])) {
    const status = httpStatusOf(code);
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const sorted = [...byStatus].sort(([a], [b]) => a - b);
  return Object.fromEntries(
    sorted.map(([status, list]) => [
      String(status),
      {
        description: `Problem details; \`code\` is one of ${list.map((c) => `\`${c}\``).join(", ")}`,
        content: {
          "application/problem+json": {
            schema: ProblemRef,
            examples: Object.fromEntries(
              list.map((code) => [
                code,
                {
                  value: {
                    type: "about:blank",
                    title: ERROR_TITLE[code],
                    status,
                    code,
                    detail: `${ERROR_TITLE[code]}: the detail says what and why.`,
                    request_id: "2b0d6a8e-6f0e-4c7e-9a51-3f0b5d1c9e42",
                  },
                },
              ]),
            ),
          },
        },
      },
    ]),
  );
}
