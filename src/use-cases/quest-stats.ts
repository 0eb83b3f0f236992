import type { Queryable } from "../db/handle.js";
import type { StatsRow } from "../domain/records.js";
import { type Bucket, statsRange } from "../domain/stats.js";
import { findQuestStart, readQuestStats } from "../store/owner-reads.js";

/**
 * A quest's payouts per UTC hour or day (`GET /quests/{id}/stats`): the range asked for, or by
 * default from the quest's start until now, bounded to the buckets `statsRange` allows.
 */
export async function questStats(
  db: Queryable,
  questId: number,
  query: { bucket: Bucket; since: Date | undefined; until: Date | undefined },
): Promise<StatsRow[]> {
  const start = await findQuestStart(db, questId);
  const range = statsRange(query, start ?? new Date(), new Date());
  return readQuestStats(db, questId, { bucket: query.bucket, ...range });
}
