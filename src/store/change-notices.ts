import type { Tx } from "../db/handle.js";

/**
 * Changes that cached lookups depend on are announced with `pg_notify` inside the transaction
 * that makes them, so every process hears of them when (and only if) they commit, and drops what
 * it cached at once rather than after the cache's expiry.
 */
export const CHANGES_CHANNEL = "questpoints_changes";

export type Change =
  | { kind: "api-key" } // a key was revoked or its expiry moved
  | { kind: "quest"; id: number } // a quest was created, or its owner (or anything else) changed
  | { kind: "campaign"; id: number } // a campaign was created or changed
  | { kind: "features" };

/** Announces `change` to every process, when (and only if) `tx` commits. */
export async function announce(tx: Tx, change: Change): Promise<void> {
  await tx.query("SELECT pg_notify($1, $2)", [CHANGES_CHANNEL, JSON.stringify(change)]);
}
