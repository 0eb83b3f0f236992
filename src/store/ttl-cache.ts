/**
 * A small map whose entries expire after `ttlMs`, bounded to `entriesMax` (cleared whole when
 * full: cheap, and a cold cache only costs a database read). Used for lookups that every request
 * makes and that change rarely. Every change to them is announced (change-notices.ts) and drops
 * the entries at once, so `ttlMs` is only the fallback for a notice that never arrived.
 */
export interface TtlCache<K, V> {
  get(key: K, load: (key: K) => Promise<V | undefined>): Promise<V | undefined>;
  delete(key: K): void;
  clear(): void;
}

/** `onLookup` hears every `get`: hit (answered from the cache) or miss (`load` called). */
export function createTtlCache<K, V>(
  ttlMs: number,
  entriesMax: number,
  onLookup?: (hit: boolean) => void,
): TtlCache<K, V> {
  const entries = new Map<K, { value: V; expiresAtMs: number }>();
  // Bumped by every delete and clear: a load that began before one may have read what the
  // change replaced, so its answer is used but not kept.
  let generation = 0;
  return {
    async get(key, load) {
      const hit = entries.get(key);
      if (hit && hit.expiresAtMs > Date.now()) {
        onLookup?.(true);
        return hit.value;
      }
      onLookup?.(false);
      const loadedIn = generation;
      const value = await load(key);
      if (loadedIn !== generation) return value;
      // Misses are not cached: a key or quest created a moment ago must work at once.
      if (value === undefined) {
        entries.delete(key);
        return undefined;
      }
      if (entries.size >= entriesMax) entries.clear();
      entries.set(key, { value, expiresAtMs: Date.now() + ttlMs });
      return value;
    },
    delete(key) {
      generation++;
      entries.delete(key);
    },
    clear() {
      generation++;
      entries.clear();
    },
  };
}
