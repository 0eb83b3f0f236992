import type { Db } from "../db/handle.js";
import { CHANGES_CHANNEL, type Change } from "../store/change-notices.js";

// Hears the changes any process announces (store/change-notices.ts), so each process drops what
// it cached at once rather than after the cache's expiry.

/** The change a notice names; undefined for one this version cannot read. */
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
