/**
 * Suspended passes (docs/operator-api.md#suspended-passes): an operator suspends a pass found
 * gaming the quests (sybil rings, abuse); it is refused every allocation and leaves every
 * leaderboard until it is reinstated. Its payouts stay as they are.
 */

/** Characters of a suspension's reason (migration 013's CHECK says the same). */
export const SUSPENSION_REASON_LENGTH_MAX = 500;

/** An account's suspension as it stands: both null, or both set. */
export interface SuspensionState {
  suspendedAt: Date | null;
  suspensionReason: string | null;
}

/**
 * What suspending an account with `reason` changes: a new suspension, only the reason of one
 * already in force (its `suspended_at` is kept: the pass left the boards then), or nothing.
 */
export function suspensionChange(
  current: SuspensionState,
  reason: string,
): "suspend" | "reason" | "none" {
  if (current.suspendedAt === null) return "suspend";
  return current.suspensionReason === reason ? "none" : "reason";
}
