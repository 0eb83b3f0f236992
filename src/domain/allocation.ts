import type { PeriodMatch } from "./earning-periods.js";
import { AppError } from "./errors.js";
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
  /** The checksummed address to be paid, and whether it is registered. */
  pass: string;
  accountExists: boolean;
}

export type AllocationDecision =
  | { ok: true; periodId: number | null }
  | { ok: false; error: AppError };

/**
 * The contract's step 7, in its order: action type, quest window, earning period, account,
 * budget. Pure, so the same rules serve every store and are unit-tested without a database.
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
        `${state.pass} is not a registered account; the pass must be registered first.`,
      ),
    );
  }
  if (points > state.pointsRemaining) {
    return fail(
      new AppError(
        "INSUFFICIENT_POINTS",
        `Quest ${state.questId} has ${state.pointsRemaining} points left; ${points} were requested.`,
      ),
    );
  }
  return { ok: true, periodId: state.period.kind === "inside" ? state.period.period.id : null };
}

/** One item to pay, as the rules see it. */
export interface AllocationItem {
  points: number;
  pass: string;
  accountExists: boolean;
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
 */
export function decideInOrder(
  state: Omit<AllocationState, "pass" | "accountExists">,
  groups: readonly AllocationGroup[],
  now: Date,
): GroupDecision[] {
  let remaining = state.pointsRemaining;
  return groups.map((group) => {
    let left = remaining;
    const decisions = group.items.map((item) => {
      const decision = decideAllocation(
        { ...state, pointsRemaining: left, pass: item.pass, accountExists: item.accountExists },
        item.points,
        now,
      );
      if (decision.ok) left -= item.points;
      return decision;
    });
    const rejected = group.atomic && (group.failedBefore || decisions.some((d) => !d.ok));
    if (!rejected) remaining = left;
    return { decisions, rejected };
  });
}
