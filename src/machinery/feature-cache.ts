import type { Queryable } from "../db/handle.js";
import type { Features } from "../domain/records.js";
import { readFeatures } from "../store/features.js";

export interface FeatureCache {
  get(): Promise<Features>;
  /**
   * Whether switch `name` is on. A cached "off" is confirmed in the database first: another
   * process may have switched it on a moment ago, its notice still on the way. (A stale "on" lets
   * a request through; an allocation checks the quests switch again in its transaction.)
   */
  isOn(name: keyof Features): Promise<boolean>;
  invalidate(): void;
}

/**
 * Feature switches, re-read from the database at most every `ttlMs`. A change is announced to
 * every process (change-notices.ts), which invalidates at once; `ttlMs` is the fallback.
 * `onLookup` hears every `get`: a miss starts a read; a hit (fresh, or joining a read under
 * way) does not.
 */
export function createFeatureCache(
  db: Queryable,
  ttlMs: number,
  onLookup?: (hit: boolean) => void,
): FeatureCache {
  let cached: { value: Features; fetchedAtMs: number } | undefined;
  let pending: Promise<Features> | undefined;
  let generation = 0; // bumped by invalidate: a read begun before it is not kept
  const cache: FeatureCache = {
    async get() {
      if (cached && Date.now() - cached.fetchedAtMs < ttlMs) {
        onLookup?.(true);
        return cached.value;
      }
      onLookup?.(pending !== undefined);
      if (pending) return pending;
      const readIn = generation;
      const read = readFeatures(db)
        .then((value) => {
          if (readIn === generation) cached = { value, fetchedAtMs: Date.now() };
          return value;
        })
        .finally(() => {
          if (pending === read) pending = undefined;
        });
      pending = read;
      return read;
    },
    async isOn(name) {
      if ((await cache.get())[name]) return true;
      cache.invalidate();
      return (await cache.get())[name];
    },
    invalidate() {
      generation++;
      cached = undefined;
      pending = undefined;
    },
  };
  return cache;
}
