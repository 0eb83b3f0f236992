/** Every bound the service enforces, named once (TigerBeetle style: a limit on everything). */
/** Quest and campaign ids are 4-byte integer columns: a larger id cannot exist (404, not 400). */
export const ID_MAX = 2_147_483_647;
export const POINTS_MAX = Number.MAX_SAFE_INTEGER; // 9007199254740991, the ceiling docs/promises.md names
export const PAYOUT_PAGE_LIMIT_DEFAULT = 20;
export const PAYOUT_PAGE_LIMIT_MAX = 100;
export const QUEST_LIST_LIMIT_DEFAULT = 1000;
export const QUEST_LIST_LIMIT_MAX = 1000;
export const PAGE_OFFSET_MAX = 1_000_000_000;
export const IDEMPOTENCY_KEY_LENGTH_MAX = 255;
export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;
export const TEXT_NAME_LENGTH_MAX = 200;
export const TEXT_DESCRIPTION_LENGTH_MAX = 5000;
export const ACTION_TYPE_LENGTH_MAX = 64;
export const EXTERNAL_APP_ID_LENGTH_MAX = 255;
export const BODY_BYTES_MAX = 64 * 1024;
/** Objects and arrays nest at most this deep in a JSON body (ours nest 1 deep): no deep recursion. */
export const BODY_JSON_DEPTH_MAX = 32;
/**
 * Timestamps on input lie in [1970-01-01T00:00:00.000Z, 9999-12-31T23:59:59.999Z]. Earlier years
 * are stored wrong by PGlite (0050 reads back as 1950) and later ones have no ISO 8601 form
 * without a sign and 6 digits, which the wire format does not allow.
 */
export const TIMESTAMP_INPUT_MS_MIN = Date.UTC(1970, 0, 1);
export const TIMESTAMP_INPUT_MS_MAX = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
export const LOOKUP_CACHE_ENTRIES_MAX = 100_000;
/**
 * How long a process remembers that an API key is unknown: a flood of made-up keys costs no
 * database work. Safe to keep long, as no key can become known later (keys are random and shown
 * only once created); a notice of any key change drops them anyway.
 */
export const UNKNOWN_API_KEY_TTL_MS = 60_000;
/** Bytes of ready public answers kept per process (GET /quests pages run to ~360 KB each). */
export const PUBLIC_ANSWERS_BYTES_MAX = 64 * 1024 * 1024;
/** Ready public answers kept per process (one per query: owner, limit and offset). */
export const PUBLIC_ANSWERS_ENTRIES_MAX = 10_000;
/** Allocations waiting or running in one process, over all quests; beyond it, 503. */
export const ALLOCATION_QUEUE_TOTAL_MAX = 10_000;
/**
 * Items (a batch request counts each) waiting or running in one process: what they hold in
 * memory stays in the tens of megabytes; beyond it, 503.
 */
export const ALLOCATION_ITEMS_QUEUED_MAX = 100_000;
/** Cursor-paged listings (docs/http.md#listings): `limit` 1..500, default 100. */
export const LIST_LIMIT_DEFAULT = 100;
export const LIST_LIMIT_MAX = 500;
/** A cursor is short: a timestamp and an id, base64url-encoded. */
export const CURSOR_LENGTH_MAX = 200;
/** Items of one `POST /quests/{questId}/allocations`. */
export const BATCH_ITEMS_MAX = 1000;
/**
 * Body bound of that route: a thousand items fit even with 255-character idempotency keys made
 * of characters JSON escapes (`"` and `\\` take two bytes each), about 650 KB.
 */
export const BATCH_BODY_BYTES_MAX = 1024 * 1024;
export const REVERSAL_REASON_LENGTH_MAX = 500;
/** `GET /leaderboard`: `limit` 1..100 (default 100), `offset` 0..10000. */
export const LEADERBOARD_LIMIT_MAX = 100;
export const LEADERBOARD_OFFSET_MAX = 10_000;
/** `GET /quests/{questId}/stats` answers at most this many buckets. */
export const STATS_BUCKETS_MAX = 1000;
/**
 * One account's share of the process's allocation queue: a tenth of each bound above (10,000
 * of ALLOCATION_ITEMS_QUEUED_MAX's items, 1,000 of ALLOCATION_QUEUE_TOTAL_MAX's requests), so an
 * owner flooding its quests meets its own bound (503 naming the account) long before the
 * process's, and ten accounts must flood at once to fill the process. 10,000 items are ten full
 * batches (BATCH_ITEMS_MAX), more than an owner gains from: one quest's batches run one after
 * another (about 180 ms each at 1,000 items in the bench), so the tenth already waits ~2 s. 1,000
 * requests are one quest's default queue (ALLOCATION_QUEUE_MAX).
 */
export const ALLOCATION_ITEMS_QUEUED_PER_ACCOUNT_MAX = 10_000;
export const ALLOCATION_QUEUE_PER_ACCOUNT_MAX = 1_000;
/**
 * A pass's live points (its kept overall total) are at most this, like every number the service
 * writes, so any JSON client reads them exactly; an allocation beyond it is PASS_POINTS_LIMIT.
 * Migration 007's CHECK on `pass_totals` says the same number.
 */
export const PASS_POINTS_MAX = POINTS_MAX;
/**
 * Times an allocation batch is decided again after another transaction raised one of its passes'
 * totals so that the batch would take it beyond PASS_POINTS_MAX (the CHECK refused the write);
 * then 503. A retry is needed only when a pass near the limit was paid by another transaction
 * in the moment between this batch's read and its write; the retry sees that payment.
 */
export const ALLOCATION_PASS_RACE_RETRIES_MAX = 5;
