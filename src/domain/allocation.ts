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

/** One request of a batch, as the rules see it. */
export interface AllocationItem {
  points: number;
  pass: string;
  accountExists: boolean;
}

/**
 * A batch's requests decided in arrival order against the running remainder: each is decided
 * exactly as if it had come alone after the ones before it.
 */
export function decideInOrder(
  state: Omit<AllocationState, "pass" | "accountExists">,
  items: readonly AllocationItem[],
  now: Date,
): AllocationDecision[] {
  let remaining = state.pointsRemaining;
  return items.map((item) => {
    const decision = decideAllocation(
      { ...state, pointsRemaining: remaining, pass: item.pass, accountExists: item.accountExists },
      item.points,
      now,
    );
    if (decision.ok) remaining -= item.points;
    return decision;
  });
}
