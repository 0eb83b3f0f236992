/**
 * The fuzzer's one source of choices: a seeded generator (pure-rand's xoroshiro128+), so a seed
 * replays the same operations in the same order. Everything random in a run draws from it, and
 * nothing else does (ids the service makes are read back, never predicted).
 */
import { uniformInt } from "pure-rand/distribution/uniformInt";
import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";

export interface Random {
  /** An integer in [from, to]. */
  int(from: number, to: number): number;
  /** True with probability `p`. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** One of the keys, each as likely as its weight. */
  weighted<K extends string>(weights: Readonly<Record<K, number>>): K;
  /** A hex string of `bytes` bytes, for idempotency keys and addresses. */
  hex(bytes: number): string;
}

export function seededRandom(seed: number): Random {
  const rng = xoroshiro128plus(seed);
  const int = (from: number, to: number) => uniformInt(rng, from, to);
  return {
    int,
    chance: (p) => int(0, 999_999) < p * 1_000_000,
    pick<T>(items: readonly T[]): T {
      if (items.length === 0) throw new Error("pick from nothing");
      return items[int(0, items.length - 1)]!;
    },
    weighted<K extends string>(weights: Readonly<Record<K, number>>): K {
      const entries = Object.entries(weights) as [K, number][];
      const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
      let at = int(0, total - 1);
      for (const [key, weight] of entries) {
        if (at < weight) return key;
        at -= weight;
      }
      throw new Error("weights sum to nothing");
    },
    hex: (bytes) =>
      Array.from({ length: bytes }, () => int(0, 255).toString(16).padStart(2, "0")).join(""),
  };
}
