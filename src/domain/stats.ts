import { badRequest } from "./errors.js";
import { STATS_BUCKETS_MAX } from "./limits.js";

export type Bucket = "hour" | "day";
const BUCKET_MS: Record<Bucket, number> = { hour: 3_600_000, day: 86_400_000 };

/** The start of the UTC hour or day that holds `at`. */
export function bucketStart(at: Date, bucket: Bucket): Date {
  return new Date(Math.floor(at.getTime() / BUCKET_MS[bucket]) * BUCKET_MS[bucket]);
}

/** How many buckets [since, until) touches. */
function bucketsIn(since: Date, until: Date, bucket: Bucket): number {
  const first = bucketStart(since, bucket).getTime();
  return Math.ceil((until.getTime() - first) / BUCKET_MS[bucket]);
}

/**
 * The range a quest's statistics cover. Unset, `until` is now and `since` the quest's start; a
 * defaulted range longer than STATS_BUCKETS_MAX buckets keeps the latest ones. A range the client
 * set that is empty or longer is refused: it is asked for, so it is answered whole or not at all.
 */
export function statsRange(
  query: { bucket: Bucket; since?: Date | undefined; until?: Date | undefined },
  questStart: Date,
  now: Date,
): { since: Date; until: Date } {
  const until = query.until ?? now;
  let since = query.since ?? questStart;
  if (since.getTime() >= until.getTime()) {
    // A quest that has not started yet has nothing to show, which is not the client's mistake.
    if (!query.since) return { since: until, until };
    throw badRequest("since must be before until.", [
      { field: "since", message: "must be before until" },
    ]);
  }
  if (bucketsIn(since, until, query.bucket) > STATS_BUCKETS_MAX) {
    if (query.since && query.until) {
      throw badRequest(
        `since..until spans more than ${STATS_BUCKETS_MAX} ${query.bucket} buckets; ask for a shorter range or bucket=day.`,
        [{ field: "since", message: `must be at most ${STATS_BUCKETS_MAX} buckets before until` }],
      );
    }
    since = new Date(
      bucketStart(until, query.bucket).getTime() -
        (STATS_BUCKETS_MAX - 1) * BUCKET_MS[query.bucket],
    );
    if (query.since) {
      throw badRequest(
        `since is more than ${STATS_BUCKETS_MAX} ${query.bucket} buckets before now; set until or a later since.`,
        [{ field: "since", message: `must be at most ${STATS_BUCKETS_MAX} buckets before until` }],
      );
    }
  }
  return { since, until };
}
