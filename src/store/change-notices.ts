import type { Db, Tx } from "./db.js";

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

export async function announce(tx: Tx, change: Change): Promise<void> {
  await tx.query("SELECT pg_notify($1, $2)", [CHANGES_CHANNEL, JSON.stringify(change)]);
}

function parseChange(payload: string): Change | undefined {
  try {
    const change = JSON.parse(payload) as Change;
    return ["api-key", "quest", "campaign", "features"].includes(change.kind) ? change : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Calls `apply` for every change any process commits; `undefined` means "anything may have
 * changed" (an unreadable notice, or notices lost while the listening connection was down).
 */
export function listenForChanges(
  db: Db,
  apply: (change: Change | undefined) => void,
): Promise<() => Promise<void>> {
  return db.listen(CHANGES_CHANNEL, {
    onNotify: (payload) => apply(parseChange(payload)),
    onGap: () => apply(undefined),
  });
}
