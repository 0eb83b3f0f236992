import { Readable } from "node:stream";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { stringify } from "csv-stringify/sync";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { Static } from "typebox";
import { Type } from "typebox";
import { checksummed } from "../../domain/address.js";
import { badRequest } from "../../domain/errors.js";
import { listPayouts, payoutExport } from "../../use-cases/operator-lists.js";
import { reversePayout } from "../../use-cases/reverse-payout.js";
import { asOperator } from "../actors.js";
import { listAnswer, pageRequest } from "../listing.js";
import { OPERATOR_CODES, operatorMeta, operatorRole } from "../operator-guards.js";
import { presentAdminPayout, presentReversal } from "../present.js";
import { errorResponses } from "../schemas/common.js";
import {
  PAYOUT_CSV_EXAMPLE,
  PAYOUT_ITEM_FIELDS,
  PAYOUT_NDJSON_EXAMPLE,
  PayoutList,
  PayoutListQuery,
} from "../schemas/payouts.js";
import { AdminPayoutIdParams, ReversalBody, ReversalResponse } from "../schemas/points.js";
import type { Services } from "../services.js";

/**
 * Rows an export reads per query (~560 KB of CSV, ~940 KB of NDJSON). What an export keeps alive
 * is the chunk being rendered and the one the stream reads ahead, whatever the number of payouts.
 */
const EXPORT_CHUNK_ROWS = 5_000;

type ExportFormat = "csv" | "ndjson";

const EXPORTS: Record<ExportFormat, { contentType: string; filename: string }> = {
  csv: { contentType: "text/csv; charset=utf-8", filename: "payouts.csv" },
  ndjson: { contentType: "application/x-ndjson", filename: "payouts.ndjson" },
};

/** RFC 4180 (https://www.rfc-editor.org/rfc/rfc4180): records end with CRLF. */
const CSV_HEADER = stringify([[...PAYOUT_ITEM_FIELDS]], { record_delimiter: "windows" });

function payoutFilter(query: Static<typeof PayoutListQuery>) {
  return {
    questId: query.quest_id,
    pass: query.pass === undefined ? undefined : checksummed(query.pass),
    earningPeriodId: query.earning_period_id,
    since: query.since === undefined ? undefined : new Date(query.since),
    until: query.until === undefined ? undefined : new Date(query.until),
    reversed: query.reversed,
  };
}

/** An export is every matching payout: paging it would be a silent truncation, so it is refused. */
function refusePaging(query: Static<typeof PayoutListQuery>, format: ExportFormat): void {
  const paging = (["limit", "cursor"] as const).filter((field) => query[field] !== undefined);
  if (paging.length === 0) return;
  throw badRequest(
    `format=${format} exports every matching payout without pages; drop ${paging.join(" and ")}, ` +
      "which page format=json only.",
    paging.map((field) => ({ field, message: `is not allowed with format=${format}` })),
  );
}

/**
 * The export's text, one chunk of rows at a time, as the database rendered it (a few strings a
 * chunk rather than objects a row, so the process's memory stays flat whatever the row count).
 * The first chunk was read before the answer began, so a database that fails at once still gets
 * a problem answer; a failure after that cannot become one (the status and headers are out), so
 * it is logged and rethrown, and the stream's error makes Fastify destroy the connection: the
 * client sees a transfer cut short (no terminating chunk), never a complete-looking file.
 */
async function* exportText(
  format: ExportFormat,
  first: string | undefined,
  rest: AsyncGenerator<string, void, undefined>,
  log: FastifyBaseLogger,
): AsyncGenerator<string, void, undefined> {
  const header = format === "csv" ? CSV_HEADER : "";
  if (first === undefined) {
    if (header !== "") yield header;
    return;
  }
  yield header + first;
  let chunksSent = 1;
  try {
    for await (const chunk of rest) {
      yield chunk;
      chunksSent++;
    }
  } catch (error) {
    log.error({ err: error, chunksSent, format }, "payout export cut short after its answer began");
    throw error;
  }
}

export async function adminPayoutRoutes(app: FastifyInstance, services: Services) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get(
    "/admin/payouts",
    {
      // HEAD would run the whole export only to discard it.
      exposeHeadRoute: false,
      schema: {
        operationId: "listPayouts",
        summary: "List payouts, or export every matching payout as CSV or NDJSON",
        description:
          "Filters combine (AND): `quest_id`, `pass`, `earning_period_id`, `since` (inclusive) and " +
          "`until` (exclusive) on `created_at`, and `reversed` (`true` or `false`). Newest first " +
          "by (`created_at`, `id`).\n\n" +
          "Every payout carries `reversed_at`, null unless it was reversed, so an export " +
          "reconciles with the quests' budgets: a reversed payout keeps its `amount`, which went " +
          "back into its quest's `points_remaining`. CSV columns, in this order: " +
          `${PAYOUT_ITEM_FIELDS.map((field) => `\`${field}\``).join(", ")} ` +
          "(new columns are only ever added at the end); a null is an empty field.\n\n" +
          "`format=json` (default) answers one page `{ items, next_cursor }` (`limit`, `cursor`). " +
          "`format=csv` (`text/csv`, a header row) and `format=ndjson` (`application/x-ndjson`, " +
          "one object a line) stream every matching payout as an attachment, with no page limit " +
          `and in constant memory (read ${EXPORT_CHUNK_ROWS.toLocaleString("en-US")} rows a ` +
          "query); `limit` and `cursor` are refused with them. Payouts made during an export are " +
          "not in it. A transfer cut short (no terminating chunk) means the export failed midway.",
        ...operatorRole("viewer"),
        querystring: PayoutListQuery,
        response: {
          200: {
            description: "A page of payouts (json), or every matching payout (csv, ndjson)",
            content: {
              "application/json": { schema: PayoutList },
              "text/csv": {
                schema: Type.String({
                  description: "A header row, then one row per payout; CRLF line ends",
                  examples: [PAYOUT_CSV_EXAMPLE],
                }),
              },
              "application/x-ndjson": {
                schema: Type.String({
                  description: "One JSON object per line, with the fields of `items`",
                  examples: [PAYOUT_NDJSON_EXAMPLE],
                }),
              },
            },
          },
          ...errorResponses(...OPERATOR_CODES),
        },
      },
    },
    async (request, reply) => {
      const { query } = request;
      const filter = payoutFilter(query);
      const format = query.format ?? "json";
      if (format === "json") {
        const page = await listPayouts(services.reads, filter, pageRequest(query, "uuid"));
        return listAnswer(page, presentAdminPayout);
      }
      refusePaging(query, format);
      // One session: once a chunk came from the primary, the rest do too (never back in time).
      const chunks = payoutExport(services.reads.session(), filter, format, EXPORT_CHUNK_ROWS);
      const first = await chunks.next();
      // Readable.from reads one chunk ahead and then waits for the socket to drain (backpressure);
      // if the client goes away, Fastify destroys the stream, which ends the generators.
      const body = Readable.from(
        exportText(format, first.done ? undefined : first.value, chunks, request.log),
      );
      const { contentType, filename } = EXPORTS[format];
      // The schema describes the streamed bytes as a string; a stream payload is piped as it is,
      // never through the response serializer (the tests check the bytes).
      return reply
        .type(contentType)
        .header("content-disposition", `attachment; filename="${filename}"`)
        .send(body as unknown as string);
    },
  );

  api.post(
    "/admin/payouts/:payoutId/reversal",
    {
      schema: {
        ...operatorMeta(
          "support",
          "adminReversePayout",
          "Reverse a payout",
          "Puts the payout's amount back into its quest's budget, at most once per payout, " +
            "whatever the quest's window. Audited as `payout.reverse` by `operator`.",
        ),
        params: AdminPayoutIdParams,
        body: ReversalBody,
        response: {
          201: ReversalResponse,
          ...errorResponses(...OPERATOR_CODES, "PAYOUT_NOT_FOUND", "PAYOUT_ALREADY_REVERSED"),
        },
      },
    },
    async (request, reply) => {
      const reversal = await reversePayout(services.db, {
        payoutId: request.params.payoutId,
        reason: request.body.reason,
        audit: asOperator(request),
      });
      services.publicAnswers.pointsChanged(); // before answering: this process shows it at once
      return reply.code(201).send({ reversal: presentReversal(reversal) });
    },
  );
}
