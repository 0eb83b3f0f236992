import type { Queryable } from "../db/handle.js";
import { ID_MAX } from "../domain/limits.js";
import type { AdminPayout, Payout } from "../domain/records.js";
import { findAccountByPass } from "./accounts.js";
import { type Cursor, keyset, type Page, type PageRequest, param, toPage } from "./keyset.js";
import { toPayout } from "./quests.js";

/** Which payouts the operator's list and export show; unset fields do not filter. */
export interface PayoutFilter {
  questId?: number | undefined;
  /** The pass (checksummed): an unregistered pass matches no payout. */
  pass?: string | undefined;
  earningPeriodId?: number | undefined;
  /** created_at at or after this time. */
  since?: Date | undefined;
  /** created_at before this time. */
  until?: Date | undefined;
  /** true: only reversed payouts; false: only payouts not reversed. */
  reversed?: boolean | undefined;
}

const payoutKey = (payout: Payout): Cursor => ({ at: payout.createdAt, id: payout.id });

/**
 * The payouts with their accounts and their reversals, if any. `reversals.payout_id` is unique
 * (one reversal at most per payout), so the LEFT JOIN adds no row, and each payout's reversal is
 * one probe of that unique index: a page or an export chunk still walks one range of the payouts
 * index the filter chose, as it did without the join.
 */
const PAYOUTS_WITH_REVERSALS = `payouts p
     JOIN accounts a ON a.id = p.account_id
     LEFT JOIN reversals r ON r.payout_id = p.id`;

/**
 * One page of payouts, newest first by (created_at, id). Each filter is added only when set, so
 * the planner sees the one index that serves it (payouts_quest_page_idx, payouts_account_idx,
 * payouts_period_idx or payouts_listing_idx, all ending in (created_at, id), ascending since
 * migration 014 and walked backwards) and a page is one range of it after the cursor, whatever
 * its depth. With `reversed=true` the range is walked until the page's reversed payouts are
 * found, or, when reversals are few, the page is read from them (the planner's choice, measured
 * on 1,000,000 payouts with 2 % and 0.01 % reversed: a few ms either way): its cost follows the
 * share of payouts reversed, not the page's depth.
 */
export async function listPayouts(
  db: Queryable,
  filter: PayoutFilter,
  page: PageRequest,
): Promise<Page<AdminPayout>> {
  const params: unknown[] = [];
  const conditions = await filterConditions(db, filter, params);
  if (!conditions) return { items: [], next: null };
  const { where, orderBy, limit } = keyset(PAYOUT_KEYSET, "newest", page, params);
  const { rows } = await db.query<Parameters<typeof toPayout>[0] & { reversed_at: Date | null }>(
    `SELECT p.id, p.quest_id, a.pass, p.amount, p.earning_period_id, p.created_at,
            r.created_at AS reversed_at
     FROM ${PAYOUTS_WITH_REVERSALS}
     WHERE ${[...conditions, where].join(" AND ")}
     ${orderBy} ${limit}`,
    params,
  );
  const payouts = rows.map(
    (row): AdminPayout => ({ ...toPayout(row), reversedAt: row.reversed_at }),
  );
  return toPage(payouts, page.limit, payoutKey);
}

const PAYOUT_KEYSET = { at: "p.created_at", id: "p.id", idType: "uuid" } as const;

/**
 * The SQL conditions of a filter, each added only when set so the planner sees the one index
 * that serves it; undefined when nothing can match (an id no 4-byte column holds, an
 * unregistered pass).
 */
async function filterConditions(
  db: Queryable,
  filter: PayoutFilter,
  params: unknown[],
): Promise<string[] | undefined> {
  const tooLarge = (id: number | undefined) => id !== undefined && id > ID_MAX;
  if (tooLarge(filter.questId) || tooLarge(filter.earningPeriodId)) return undefined;
  const conditions: string[] = [];
  if (filter.questId !== undefined) {
    conditions.push(`p.quest_id = ${param(params, filter.questId)}`);
  }
  if (filter.pass !== undefined) {
    // The account's id as a value, not a subquery, so the plan is a range of its index.
    const account = await findAccountByPass(db, filter.pass);
    if (!account) return undefined;
    conditions.push(`p.account_id = ${param(params, account.id)}::uuid`);
  }
  if (filter.earningPeriodId !== undefined) {
    conditions.push(`p.earning_period_id = ${param(params, filter.earningPeriodId)}`);
  }
  if (filter.since !== undefined) {
    conditions.push(`p.created_at >= ${param(params, filter.since)}::timestamptz`);
  }
  if (filter.until !== undefined) {
    conditions.push(`p.created_at < ${param(params, filter.until)}::timestamptz`);
  }
  if (filter.reversed !== undefined) {
    // On the join's own column, so that `IS NULL` makes the LEFT JOIN an anti-join: still one
    // range of the payouts index with a probe per row, never a hash of every reversal and a sort.
    // `IS NOT NULL` is an inner join, which the planner may drive from the reversals instead
    // when they are few.
    conditions.push(filter.reversed ? "r.payout_id IS NOT NULL" : "r.payout_id IS NULL");
  }
  return conditions;
}

/**
 * Every payout the filter matches, newest first, in chunks of at most `chunkSize`: each chunk is
 * one query, an index range starting after the previous chunk's last (created_at, id). No
 * transaction spans the chunks, so a connection is held for one query at a time, never for as
 * long as a slow consumer takes, and each query is bounded by the connection's statement timeout.
 *
 * There is no one snapshot: each chunk sees what was committed when it ran, so a payout committed
 * during the export is included only if it sorts after the cursor, i.e. is older than every row
 * already yielded. Allocations stamp payouts with the database's clock as they run, so payouts
 * made during the export are newer than the rows already streamed (newest first) and are simply
 * not included. Every payout committed before the export began is yielded exactly once: rows are
 * never deleted, and each chunk starts strictly after the last row yielded. Its `reversed_at` is
 * as of its chunk's query: a reversal committed during the export shows on the payouts streamed
 * after it, not on those already streamed (an export begun after the last reversal reconciles).
 */
export async function* payoutExport(
  db: Queryable,
  filter: PayoutFilter,
  format: "csv" | "ndjson",
  chunkSize: number,
): AsyncGenerator<string, void, undefined> {
  const baseParams: unknown[] = [];
  const conditions = await filterConditions(db, filter, baseParams);
  if (!conditions) return;
  let after: Cursor | undefined;
  for (;;) {
    const params = [...baseParams];
    // keyset asks for one row more than its page: a page of chunkSize - 1 reads chunkSize rows.
    const { where, orderBy, limit } = keyset(
      PAYOUT_KEYSET,
      "newest",
      { limit: chunkSize - 1, after },
      params,
    );
    // One row a chunk: its text, rendered by the database, and where the next chunk starts.
    const { rows } = await db.query<{ text: string | null; rows: number; at: Date; id: string }>(
      `WITH chunk AS (
         SELECT ${EXPORT_LINE[format]} AS line, p.created_at, p.id
         FROM ${PAYOUTS_WITH_REVERSALS}
         WHERE ${[...conditions, where].join(" AND ")}
         ${orderBy} ${limit}
       ), last AS (
         SELECT created_at, id FROM chunk ORDER BY created_at, id LIMIT 1
       )
       SELECT (SELECT string_agg(line, '' ORDER BY created_at DESC, id DESC) FROM chunk) AS text,
              (SELECT count(*)::int FROM chunk) AS rows,
              last.created_at AS at, last.id::text AS id
       FROM last`,
      params,
    );
    const chunk = rows[0];
    if (!chunk?.text) return;
    yield chunk.text;
    if (chunk.rows < chunkSize) return;
    after = { at: chunk.at, id: chunk.id };
  }
}

/**
 * A timestamp column in the wire's form (ISO 8601 UTC, milliseconds, `Z`), as `toISOString`
 * writes it; NULL stays NULL.
 */
const isoTimestamp = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * One payout as a line of each format, its fields in the order of `PAYOUT_ITEM_FIELDS` (the
 * CSV's header). The CSV needs no quoting: every field is a UUID, an integer, a hex address or a
 * timestamp, none of which can hold a comma, quote or line break; a null is an empty field
 * (`concat_ws` would drop it, shifting the columns, hence the `coalesce`). `row_to_json` writes
 * compact JSON with the keys in this order; `amount` stays a JSON number, a null stays `null`.
 */
const EXPORT_LINE = {
  csv: `concat_ws(',', p.id, p.quest_id, a.pass, p.amount,
    coalesce(p.earning_period_id::text, ''), ${isoTimestamp("p.created_at")},
    coalesce(${isoTimestamp("r.created_at")}, '')) || E'\\r\\n'`,
  ndjson: `(SELECT row_to_json(line) FROM (SELECT p.id, p.quest_id, a.pass, p.amount,
    p.earning_period_id, ${isoTimestamp("p.created_at")} AS created_at,
    ${isoTimestamp("r.created_at")} AS reversed_at) line)::text || E'\\n'`,
} as const;
