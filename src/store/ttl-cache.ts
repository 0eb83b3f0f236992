/**
 * A small map whose entries expire after `ttlMs`, bounded to `entriesMax` (cleared whole when
 * full: cheap, and a cold cache only costs a database read). Used for lookups that every request
 * makes and that change rarely, so a change made by another process shows within `ttlMs`.
 */
export interface TtlCache<K, V> {
  get(key: K, load: (key: K) => Promise<V | undefined>): Promise<V | undefined>;
  clear(): void;
}

export function createTtlCache<K, V>(ttlMs: number, entriesMax: number): TtlCache<K, V> {
  const entries = new Map<K, { value: V; expiresAtMs: number }>();
  return {
    async get(key, load) {
      const hit = entries.get(key);
      if (hit && hit.expiresAtMs > Date.now()) return hit.value;
      const value = await load(key);
      // Misses are not cached: a key or quest created a moment ago must work at once.
      if (value === undefined) {
        entries.delete(key);
        return undefined;
      }
      if (entries.size >= entriesMax) entries.clear();
      entries.set(key, { value, expiresAtMs: Date.now() + ttlMs });
      return value;
    },
    clear() {
      entries.clear();
    },
  };
}
