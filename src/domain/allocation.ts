import type { PeriodMatch } from "./earning-periods.js";
import { AppError } from "./errors.js";
import { PASS_POINTS_MAX } from "./limits.js";
import { NO_USAGE, type PassLimits, type PassUsage, passLimitRefusal } from "./pass-limits.js";
import { isQuestActive } from "./quest-window.js";

/** Everything the allocation rules look at, read inside the transaction that holds the quest lock. */
export interface AllocationState {
  questId: number;
  enabled: boolean;
  start: Date;
  end: Date;
  pointsRemaining: number;
  actionTypeActive: boolean;
  period: PeriodMatch;
  /** The quest's limits per pass. */
  passLimits: PassLimits;
  /** The checksummed address to be paid, whether it is registered, and whether suspended. */
  pass: string;
  accountExists: boolean;
  accountSuspended: boolean;
  /** What the pass already has from the quest, the decisions before this one included. */
  passUsage: PassUsage;
  /**
   * The pass's live points before this item: its kept total net of reversals, plus what the
   * decisions before this one paid it. Undefined on a test-mode quest, whose payouts never count
   * and so are never refused for the pass's points.
   */
  passPoints: number | undefined;
}

export type AllocationDecision =
  | { ok: true; periodId: number | null }
  | { ok: false; error: AppError };

/**
 * Step 7 of the order of checks (docs/promises.md#answers), in its order: action type, quest
 * window, earning period, account, its suspension, the quest's limits per pass, budget, then the
 * pass's points limit (a fault of the quest comes before one of the pass).
 * Pure, so the same rules serve every store and are unit-tested without a database.
 */
export function decideAllocation(
  state: AllocationState,
  points: number,
  now: Date,
): AllocationDecision {
  const fail = (error: AppError): AllocationDecision => ({ ok: false, error });
  if (!state.actionTypeActive) {
    return fail(
      new AppError(
        "ACTION_TYPE_INACTIVE",
        `The action type of quest ${state.questId} is inactive.`,
      ),
    );
  }
  if (!isQuestActive(state, now)) {
    return fail(
      new AppError(
        "QUEST_NOT_ACTIVE",
        `Quest ${state.questId} is not active: it is disabled or ${now.toISOString()} is outside ` +
          `${state.start.toISOString()} – ${state.end.toISOString()}.`,
      ),
    );
  }
  if (state.period.kind === "outside") {
    return fail(
      new AppError("NO_ACTIVE_EARNING_PERIOD", "No earning period covers the current time."),
    );
  }
  if (!state.accountExists) {
    return fail(
      new AppError(
        "ACCOUNT_NOT_FOUND",
        `${state.pass} is not a registered account; the pass must be registered first: its holder joins by signing in with their wallet at /app/join.`,
      ),
    );
  }
  if (state.accountSuspended) {
    return fail(new AppError("ACCOUNT_SUSPENDED", accountSuspendedDetail(state.pass)));
  }
  const limitRefusal = passLimitRefusal(state.passLimits, state.passUsage, points, {
    questId: state.questId,
    pass: state.pass,
    now,
    period: state.period.kind === "inside" ? state.period.period : null,
  });
  if (limitRefusal) return fail(limitRefusal);
  if (points > state.pointsRemaining) {
    return fail(
      new AppError(
        "INSUFFICIENT_POINTS",
        `Quest ${state.questId} has ${state.pointsRemaining} points left; ${points} were requested.`,
      ),
    );
  }
  // Both sides are integers of at most 2^53 - 1, so the subtraction is exact (a sum might not be).
  if (state.passPoints !== undefined && points > PASS_POINTS_MAX - state.passPoints) {
    return fail(
      new AppError(
        "PASS_POINTS_LIMIT",
        `${state.pass} has ${state.passPoints} points; ${points} more would take it beyond ` +
          `${PASS_POINTS_MAX}, the most a pass can hold.`,
      ),
    );
  }
  return { ok: true, periodId: state.period.kind === "inside" ? state.period.period.id : null };
}

/** ACCOUNT_SUSPENDED's detail (the CLI's dry run says the same). */
export const accountSuspendedDetail = (pass: string) =>
  `${pass} is suspended: it may not be paid until an operator reinstates it.`;

/** One item to pay, as the rules see it. */
export interface AllocationItem {
  points: number;
  pass: string;
  accountExists: boolean;
  accountSuspended: boolean;
}

/** The items of one request: a single allocation has one, a batch up to a thousand. */
export interface AllocationGroup {
  items: readonly AllocationItem[];
  /** All or nothing: if any item fails, none is paid and the remainder stays as it was. */
  atomic: boolean;
  /** An item of the group was refused before the rules (an atomic group is then rejected). */
  failedBefore: boolean;
}

export interface GroupDecision {
  decisions: AllocationDecision[];
  /** An atomic group with a failed item: nothing of it is paid. */
  rejected: boolean;
}

/**
 * A quest's requests decided in arrival order against its running remainder: each item is
 * decided exactly as if it had come alone after the ones before it. An atomic group is decided
 * whole (every item, so each failure can be named) and then kept or dropped whole.
 *
 * `passPoints` holds the live points of the passes (by checksummed address; absent: 0) and is
 * raised by what this quest's kept groups pay, so that several quests decided in turn (one group
 * commit) share one running total per pass. Undefined for a test-mode quest: no limit applies.
 *
 * `usage` holds what each pass already has from this quest (absent: nothing), and is raised
 * likewise by the kept groups, so the quest's limits per pass hold across the batch's items.
 */
export function decideInOrder(
  state: Omit<
    AllocationState,
    "pass" | "accountExists" | "accountSuspended" | "passPoints" | "passUsage"
  >,
  groups: readonly AllocationGroup[],
  now: Date,
  passPoints?: Map<string, number>,
  usage: Map<string, PassUsage> = new Map(),
): GroupDecision[] {
  let remaining = state.pointsRemaining;
  return groups.map((group) => {
    let left = remaining;
    // What this group pays each pass: added to `passPoints` and `usage` only if it is kept.
    const paid = new Map<string, PassUsage>();
    const paidTo = (pass: string) => paid.get(pass) ?? NO_USAGE;
    const usageOf = (pass: string): PassUsage => {
      const before = usage.get(pass) ?? NO_USAGE;
      return {
        points: before.points + paidTo(pass).points,
        payouts: before.payouts + paidTo(pass).payouts,
      };
    };
    const decisions = group.items.map((item) => {
      const decision = decideAllocation(
        {
          ...state,
          pointsRemaining: left,
          pass: item.pass,
          accountExists: item.accountExists,
          accountSuspended: item.accountSuspended,
          passPoints: passPoints && (passPoints.get(item.pass) ?? 0) + paidTo(item.pass).points,
          passUsage: usageOf(item.pass),
        },
        item.points,
        now,
      );
      if (decision.ok) {
        left -= item.points;
        const before = paidTo(item.pass);
        paid.set(item.pass, { points: before.points + item.points, payouts: before.payouts + 1 });
      }
      return decision;
    });
    const rejected = group.atomic && (group.failedBefore || decisions.some((d) => !d.ok));
    if (!rejected) {
      remaining = left;
      for (const [pass, added] of paid) {
        passPoints?.set(pass, (passPoints.get(pass) ?? 0) + added.points);
        usage.set(pass, usageOf(pass));
      }
    }
    return { decisions, rejected };
  });
}
