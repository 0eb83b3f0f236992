import type { Queryable } from "../db/handle.js";
import { EVERY, scopeId } from "../domain/pass-totals.js";
import type { PassBalance, PassPayout } from "../domain/records.js";
import { findAccountByPass } from "./accounts.js";
import { keyset, type Page, type PageRequest, toPage } from "./keyset.js";

/**
 * The balance of a registered pass; undefined when the address is not registered. A suspended
 * pass keeps its points but has no rank: it is on no leaderboard.
 */
export async function findPassBalance(
  db: Queryable,
  pass: string,
): Promise<PassBalance | undefined> {
  const { rows } = await db.query<{
    pass: string;
    suspended: boolean;
    campaign_key: number | null;
    period_key: number | null;
    points: string | null;
    payouts_count: string | null;
  }>(
    `SELECT a.pass, a.suspended_at IS NOT NULL AS suspended,
            t.campaign_key, t.period_key, t.points, t.payouts_count
     FROM accounts a
     LEFT JOIN pass_totals t
       ON t.account_id = a.id AND (t.campaign_key = -1 OR t.period_key = -1)
     WHERE a.pass = $1
     ORDER BY t.campaign_key, t.period_key`,
    [pass],
  );
  if (rows.length === 0) return undefined;
  const balance: PassBalance = {
    pass: rows[0]!.pass,
    points: 0,
    rank: null,
    suspended: rows[0]!.suspended,
    payoutsCount: 0,
    byCampaign: [],
    byEarningPeriod: [],
  };
  for (const row of rows) {
    if (row.campaign_key === null || row.period_key === null) continue;
    const points = Number(row.points);
    if (row.campaign_key === EVERY && row.period_key === EVERY) {
      balance.points = points;
      balance.payoutsCount = Number(row.payouts_count);
    } else if (points === 0) {
      // A scope whose points were all reversed or moved away: not shown.
    } else if (row.period_key === EVERY) {
      balance.byCampaign.push({ campaignId: scopeId(row.campaign_key), points });
    } else {
      balance.byEarningPeriod.push({ earningPeriodId: scopeId(row.period_key), points });
    }
  }
  if (balance.points > 0 && !balance.suspended) {
    balance.rank = await overallRank(db, balance.points);
  }
  return balance;
}

/**
 * The overall rank of a pass with `points` (> 0): an index-only count of the passes above it on
 * the rank index, so it costs what its place costs, whatever the number of payouts. Suspended
 * passes are not counted; the conditions repeat the partial index's own, so that it serves.
 */
async function overallRank(db: Queryable, points: number): Promise<number> {
  const { rows } = await db.query<{ above: string }>(
    `SELECT count(*) AS above FROM pass_totals
     WHERE campaign_key = ${EVERY} AND period_key = ${EVERY} AND points > 0 AND NOT suspended
       AND points > $1`,
    [points],
  );
  return 1 + Number(rows[0]!.above);
}

/** A registered pass's live payouts, newest first; undefined when it is not registered. */
export async function listPassPayouts(
  db: Queryable,
  pass: string,
  page: PageRequest,
): Promise<Page<PassPayout> | undefined> {
  const account = await findAccountByPass(db, pass);
  if (!account) return undefined;
  const params: unknown[] = [account.id];
  const { where, orderBy, limit } = keyset(
    { at: "p.created_at", id: "p.id", idType: "uuid" },
    "newest",
    page,
    params,
  );
  const { rows } = await db.query<{
    id: string;
    quest_id: number;
    quest_name: string;
    amount: string;
    created_at: Date;
    reversed: boolean;
  }>(
    `SELECT p.id, p.quest_id, q.name AS quest_name, p.amount, p.created_at,
            EXISTS (SELECT 1 FROM reversals r WHERE r.payout_id = p.id) AS reversed
     FROM payouts p JOIN quests q ON q.id = p.quest_id AND q.mode = 'live'
     WHERE p.account_id = $1 AND ${where}
     ${orderBy} ${limit}`,
    params,
  );
  const items = rows.map((row) => ({
    id: row.id,
    questId: row.quest_id,
    questName: row.quest_name,
    amount: Number(row.amount),
    createdAt: row.created_at,
    reversed: row.reversed,
  }));
  return toPage(items, page.limit, (item) => ({ at: item.createdAt, id: item.id }));
}

/**
 * One leaderboard page of a scope (points descending, ties by address), and how many passes have
 * more points than its first: one index range of at most offset + limit entries. Suspended passes
 * are neither listed nor counted: the rank index leaves them out.
 */
export async function readLeaderboardPage(
  db: Queryable,
  scope: { campaignKey: number; periodKey: number },
  page: { limit: number; offset: number },
): Promise<{ entries: { passKey: string; points: number }[]; before: number }> {
  const params = [scope.campaignKey, scope.periodKey, page.limit];
  const pageSql = `SELECT pass_key, points FROM pass_totals
     WHERE campaign_key = $1 AND period_key = $2 AND points > 0 AND NOT suspended
     ORDER BY points DESC, pass_key`;
  // The first page (most reads) needs no count: nobody ranks above its first pass.
  const { rows } =
    page.offset === 0
      ? await db.query<{ pass_key: string; points: string; before: null }>(
          `SELECT pass_key, points, NULL AS before FROM (${pageSql} LIMIT $3) AS page`,
          params,
        )
      : await db.query<{ pass_key: string; points: string; before: string }>(
          `WITH page AS (${pageSql} LIMIT $3 OFFSET $4)
           SELECT pass_key, points,
                  (SELECT count(*) FROM pass_totals
                   WHERE campaign_key = $1 AND period_key = $2 AND points > 0 AND NOT suspended
                     AND points > (SELECT max(points) FROM page)) AS before
           FROM page
           ORDER BY points DESC, pass_key`,
          [...params, page.offset],
        );
  return {
    entries: rows.map((row) => ({ passKey: row.pass_key, points: Number(row.points) })),
    before: Number(rows[0]?.before ?? 0),
  };
}
