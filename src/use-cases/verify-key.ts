/**
 * Who an owner request is: the API key of its `x-api-key` header, verified once per request, and
 * whether that key may reach a quest (docs/promises.md#answers, steps 2-5). Each answer is a typed
 * result, never an exception, so the edge decides how a refusal is said.
 */

import type { Db } from "../db/handle.js";
import { apiKeyFromInput, hashApiKey } from "../domain/api-keys.js";
import { LOOKUP_CACHE_ENTRIES_MAX } from "../domain/limits.js";
import { scopeAllows } from "../domain/operators.js";
import type { ActiveApiKey, QuestOwnership } from "../domain/records.js";
import type { TtlCache } from "../machinery/ttl-cache.js";
import { findActiveApiKey, LAST_USED_RESOLUTION_MS, touchApiKey } from "../store/api-keys.js";
import { findQuestOwner } from "../store/quests.js";

/** The lookups every owner request makes, cached per process (dropped on every change). */
export interface KeyLookups {
  db: Db;
  caches: {
    apiKeys: TtlCache<string, ActiveApiKey>;
    questOwners: TtlCache<number, QuestOwnership>;
  };
}

export type KeyVerification =
  | { ok: true; key: ActiveApiKey; hash: string }
  /** INVALID_API_KEY: missing, malformed, unknown, revoked or expired; FORBIDDEN: a read key. */
  | { ok: false; code: "INVALID_API_KEY" | "FORBIDDEN" };

export type QuestAccess =
  | { ok: true }
  | { ok: false; code: "QUEST_NOT_FOUND" | "NOT_QUEST_OWNER" }
  /** The quest is in the other mode (`questMode`) than the key. */
  | { ok: false; code: "KEY_MODE_MISMATCH"; questMode: QuestOwnership["mode"] };

/**
 * The usable key `header` names, with its hash; undefined for a missing, malformed, unknown,
 * revoked or expired key. Known and unknown keys are both remembered, so the rate limit, which
 * asks first, and the verification, which asks next, cost one database read between them, and a
 * repeated unknown key none. `cachedOnly`: answer from what this process already knows.
 */
export async function usableKey(
  { db, caches }: KeyLookups,
  header: string | undefined,
  { cachedOnly = false } = {},
): Promise<{ hash: string; key: ActiveApiKey } | undefined> {
  const typed = apiKeyFromInput(header);
  if (!typed) return undefined;
  const hash = hashApiKey(typed);
  const key = cachedOnly
    ? caches.apiKeys.peek(hash)
    : await caches.apiKeys.get(hash, (h) => findActiveApiKey(db, h));
  // A cached key may reach its expiry (a rotation's grace end) while cached.
  if (!key || (key.expiresAt && key.expiresAt.getTime() <= Date.now())) return undefined;
  return { hash, key };
}

/**
 * Verifies the key of a request with `method`: INVALID_API_KEY for a missing, malformed, unknown,
 * revoked or expired one, FORBIDDEN for a `read` key on anything but GET. A verified key's
 * `last_used_at` is stamped at most once a minute per process, off the request's path.
 */
export function createKeyVerifier(lookups: KeyLookups) {
  const touchedAtMs = new Map<string, number>();
  const recordUse = (keyId: string, onTouchFailed: (err: unknown) => void) => {
    const now = Date.now();
    if (now - (touchedAtMs.get(keyId) ?? 0) < LAST_USED_RESOLUTION_MS) return;
    if (touchedAtMs.size >= LOOKUP_CACHE_ENTRIES_MAX) touchedAtMs.clear();
    touchedAtMs.set(keyId, now);
    touchApiKey(lookups.db, keyId).catch((err: unknown) => {
      touchedAtMs.delete(keyId);
      onTouchFailed(err);
    });
  };
  return async (
    header: string | undefined,
    method: string,
    { onTouchFailed }: { onTouchFailed: (err: unknown) => void },
  ): Promise<KeyVerification> => {
    const usable = await usableKey(lookups, header);
    if (!usable) return { ok: false, code: "INVALID_API_KEY" };
    if (!scopeAllows(usable.key.scope, method)) {
      return { ok: false, code: "FORBIDDEN" };
    }
    recordUse(usable.key.id, onTouchFailed);
    return { ok: true, ...usable };
  };
}

/** Whether `key` reaches quest `questId`: it exists, the key's account owns it, in its mode. */
export async function checkQuestAccess(
  { db, caches }: KeyLookups,
  key: ActiveApiKey,
  questId: number,
): Promise<QuestAccess> {
  const quest = await caches.questOwners.get(questId, (id) => findQuestOwner(db, id));
  if (!quest) return { ok: false, code: "QUEST_NOT_FOUND" };
  if (quest.ownerId !== key.accountId) return { ok: false, code: "NOT_QUEST_OWNER" };
  if (quest.mode !== key.mode)
    return { ok: false, code: "KEY_MODE_MISMATCH", questMode: quest.mode };
  return { ok: true };
}
