/** Every bound the service enforces, named once (TigerBeetle style: a limit on everything). */
/** Quest and campaign ids are 4-byte integer columns: a larger id cannot exist (404, not 400). */
export const ID_MAX = 2_147_483_647;
export const POINTS_MAX = Number.MAX_SAFE_INTEGER; // 9007199254740991, the contract's ceiling
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
export const BODY_BYTES_MAX = 64 * 1024;
export const FEATURE_CACHE_TTL_MS = 500;
/** API keys and quest owners are cached this long; a revocation elsewhere shows within it. */
export const LOOKUP_CACHE_TTL_MS = 1000;
export const LOOKUP_CACHE_ENTRIES_MAX = 100_000;
