import type { Features } from "../domain/records.js";
import type { Queryable } from "./db.js";
import { readFeatures } from "./features.js";

export interface FeatureCache {
  get(): Promise<Features>;
  invalidate(): void;
}

/**
 * Feature switches, re-read from the database at most every `ttlMs`, so a change made through
 * any process is honoured by every process within that time, at one query per TTL.
 */
export function createFeatureCache(db: Queryable, ttlMs: number): FeatureCache {
  let cached: { value: Features; fetchedAtMs: number } | undefined;
  let pending: Promise<Features> | undefined;
  return {
    async get() {
      if (cached && Date.now() - cached.fetchedAtMs < ttlMs) return cached.value;
      pending ??= readFeatures(db)
        .then((value) => {
          cached = { value, fetchedAtMs: Date.now() };
          return value;
        })
        .finally(() => {
          pending = undefined;
        });
      return pending;
    },
    invalidate() {
      cached = undefined;
    },
  };
}
