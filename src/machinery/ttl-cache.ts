/**
 * A small map whose entries expire after `ttlMs`, bounded to `entriesMax` (cleared whole when
 * full: cheap, and a cold cache only costs a database read). Used for lookups that every request
 * makes and that change rarely. Every change to them is announced (change-notices.ts) and drops
 * the entries at once, so `ttlMs` is only the fallback for a notice that never arrived.
 */
export interface TtlCache<K, V> {
  get(key: K, load: (key: K) => Promise<V | undefined>): Promise<V | undefined>;
  /** The value kept for `key`, if any, without loading it. */
  peek(key: K): V | undefined;
  delete(key: K): void;
  clear(): void;
}

export interface TtlCacheOptions {
  /** Hears every `get`: hit (answered from the cache) or miss (`load` called). */
  onLookup?: ((hit: boolean) => void) | undefined;
  /**
   * How long a miss (`load` found nothing) is remembered; unset, misses are not kept, so a key or
   * quest created a moment ago works at once. Only for lookups whose misses cannot turn into
   * hits later (a key hash nobody was ever issued).
   */
  missTtlMs?: number | undefined;
}

export function createTtlCache<K, V>(
  ttlMs: number,
  entriesMax: number,
  { onLookup, missTtlMs }: TtlCacheOptions = {},
): TtlCache<K, V> {
  const entries = new Map<K, { value: V | undefined; expiresAtMs: number }>();
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
      const keptMs = value === undefined ? missTtlMs : ttlMs;
      if (keptMs === undefined) {
        entries.delete(key);
        return undefined;
      }
      if (entries.size >= entriesMax) entries.clear();
      entries.set(key, { value, expiresAtMs: Date.now() + keptMs });
      return value;
    },
    peek(key) {
      const hit = entries.get(key);
      return hit && hit.expiresAtMs > Date.now() ? hit.value : undefined;
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
