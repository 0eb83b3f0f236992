/**
 * Kept totals of live points per pass. Each payout counts in four rows of its pass, one per
 * scope a balance or a leaderboard reads: every campaign and period, its campaign, its period,
 * and its campaign within its period. A scope key is EVERY, NONE (a quest outside any campaign,
 * a payout outside any earning period) or the campaign's or period's id.
 */
export const EVERY = -1;
export const NONE = 0;

/** Points (and payouts) a pass gains or loses in one campaign and period. */
export interface PointsChange {
  accountId: string;
  /** Checksummed address. */
  pass: string;
  campaignId: number | null;
  periodId: number | null;
  /** Signed: a reversal or a move out of a campaign takes points away. */
  points: number;
  payouts: number;
}

export interface TotalsDelta {
  accountId: string;
  campaignKey: number;
  periodKey: number;
  /** The address in lower case: the leaderboard's tie order is the numeric order of addresses. */
  passKey: string;
  /** Summed exactly: one group commit may pay a pass more than 2^53 over several quests. */
  points: bigint;
  payouts: number;
}

export const scopeKey = (id: number | null | undefined): number => id ?? NONE;
export const scopeId = (key: number): number | null => (key === NONE ? null : key);

/**
 * The row deltas of some changes: summed per row (a statement may change a row only once) and
 * without the rows that do not change.
 */
export function totalsDeltas(changes: readonly PointsChange[]): TotalsDelta[] {
  const rows = new Map<string, TotalsDelta>();
  for (const change of changes) {
    const campaign = scopeKey(change.campaignId);
    const period = scopeKey(change.periodId);
    const scopes: [number, number][] = [
      [EVERY, EVERY],
      [campaign, EVERY],
      [EVERY, period],
      [campaign, period],
    ];
    for (const [campaignKey, periodKey] of scopes) {
      const id = `${change.accountId}/${campaignKey}/${periodKey}`;
      const row = rows.get(id);
      if (row) {
        row.points += BigInt(change.points);
        row.payouts += change.payouts;
      } else {
        rows.set(id, {
          accountId: change.accountId,
          campaignKey,
          periodKey,
          passKey: change.pass.toLowerCase(),
          points: BigInt(change.points),
          payouts: change.payouts,
        });
      }
    }
  }
  return [...rows.values()].filter((row) => row.points !== 0n || row.payouts !== 0);
}

/** One leaderboard entry. */
export interface Standing {
  rank: number;
  pass: string;
  points: number;
}

/**
 * Competition ranks ("1224") for a page of passes in leaderboard order: a pass's rank is 1 + the
 * number of passes with strictly more points. `before` is that number for the page's first pass
 * (the page may start inside a run of ties).
 */
export function rankPage(
  page: readonly { pass: string; points: number }[],
  offset: number,
  before: number,
): Standing[] {
  let rank = before + 1;
  return page.map((entry, i) => {
    if (i > 0 && entry.points !== page[i - 1]!.points) rank = offset + i + 1;
    return { rank, pass: entry.pass, points: entry.points };
  });
}
