import { ID_MAX } from "../domain/limits.js";
import type { Payout } from "../domain/records.js";
import type { Queryable } from "./db.js";
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
}

const payoutKey = (payout: Payout): Cursor => ({ at: payout.createdAt, id: payout.id });

/**
 * One page of payouts, newest first by (created_at, id). Each filter is added only when set, so
 * the planner sees the one index that serves it (payouts_quest_page_idx, payouts_account_idx,
 * payouts_period_idx or payouts_listing_idx, all ordered as the page is) and a page is one range
 * of it after the cursor, whatever its depth.
 */
export async function listPayouts(
  db: Queryable,
  filter: PayoutFilter,
  page: PageRequest,
): Promise<Page<Payout>> {
  // Quest and period ids are 4-byte integers: none is larger (and the database would refuse it).
  const tooLarge = (id: number | undefined) => id !== undefined && id > ID_MAX;
  if (tooLarge(filter.questId) || tooLarge(filter.earningPeriodId)) {
    return { items: [], next: null };
  }
  const params: unknown[] = [];
  const conditions: string[] = [];
  if (filter.questId !== undefined) {
    conditions.push(`p.quest_id = ${param(params, filter.questId)}`);
  }
  if (filter.pass !== undefined) {
    conditions.push(
      `p.account_id = (SELECT id FROM accounts WHERE pass = ${param(params, filter.pass)})`,
    );
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
  const { where, orderBy, limit } = keyset(
    { at: "p.created_at", id: "p.id", idType: "uuid" },
    "newest",
    page,
    params,
  );
  const { rows } = await db.query<Parameters<typeof toPayout>[0]>(
    `SELECT p.id, p.quest_id, a.pass, p.amount, p.earning_period_id, p.created_at
     FROM payouts p
     JOIN accounts a ON a.id = p.account_id
     WHERE ${[...conditions, where].join(" AND ")}
     ${orderBy} ${limit}`,
    params,
  );
  return toPage(rows.map(toPayout), page.limit, payoutKey);
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
 * never deleted, and each chunk starts strictly after the last row yielded.
 */
export async function* payoutChunks(
  db: Queryable,
  filter: PayoutFilter,
  chunkSize: number,
): AsyncGenerator<Payout[], void, undefined> {
  let after: Cursor | undefined;
  for (;;) {
    const page = await listPayouts(db, filter, { limit: chunkSize, after });
    if (page.items.length > 0) yield page.items;
    if (!page.next) return;
    after = page.next;
  }
}
