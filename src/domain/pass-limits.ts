/**
 * A quest's limits per pass (anti-farming): the most points one pass may hold from the quest and
 * the most payouts it may receive in each window. Pure: the allocation rules, the store's kept
 * counts and the pages share these definitions.
 */
import type { EarningPeriod } from "./earning-periods.js";
import { AppError } from "./errors.js";

export const PASS_WINDOWS = ["day", "week", "earning_period", "quest"] as const;
export type PassWindow = (typeof PASS_WINDOWS)[number];

export interface PassLimits {
  /** The most points one pass may hold from the quest (reversed payouts left out); null: none. */
  passPointsMax: number | null;
  /** The most payouts (reversed ones left out) one pass may receive in each window; null: none. */
  passPayoutsMax: number | null;
  window: PassWindow;
}

export const NO_PASS_LIMITS: PassLimits = {
  passPointsMax: null,
  passPayoutsMax: null,
  window: "quest",
};

/** The whole-life row of a pass's counts from a quest: kept for every quest. */
export const QUEST_WINDOW_KEY = "quest";

const DAY_MS = 86_400_000;

/** The start (00:00 UTC) of the UTC calendar day of `at`. */
function dayStart(at: Date): Date {
  return new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);
}

/** The start of the ISO week of `at`: its Monday, 00:00 UTC. */
function weekStart(at: Date): Date {
  const day = dayStart(at);
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * DAY_MS);
}

/**
 * The key of the window a payout made at `at` falls in (migration 013): 'quest', 'day:YYYY-MM-DD',
 * 'week:YYYY-MM-DD' (its Monday) or 'period:ID' (0: outside any earning period, when none is
 * defined). `passWindowKeySql` computes the same keys in the database.
 */
export function passWindowKey(window: PassWindow, at: Date, periodId: number | null): string {
  switch (window) {
    case "day":
      return `day:${dayStart(at).toISOString().slice(0, 10)}`;
    case "week":
      return `week:${weekStart(at).toISOString().slice(0, 10)}`;
    case "earning_period":
      return `period:${periodId ?? 0}`;
    case "quest":
      return QUEST_WINDOW_KEY;
  }
}

/**
 * When the window after the one `at` falls in starts; null when there is none to wait for (the
 * quest's whole life, or no earning period bounds the current one).
 */
export function nextWindowStart(
  window: PassWindow,
  at: Date,
  period: EarningPeriod | null,
): Date | null {
  switch (window) {
    case "day":
      return new Date(dayStart(at).getTime() + DAY_MS);
    case "week":
      return new Date(weekStart(at).getTime() + 7 * DAY_MS);
    case "earning_period":
      return period ? period.end : null;
    case "quest":
      return null;
  }
}

/** What a pass already has from a quest, as the rules see it (batch items before it included). */
export interface PassUsage {
  /** Its payouts' points from the quest over the quest's life, reversed ones left out. */
  points: number;
  /** Its payouts from the quest in the current window, reversed ones left out. */
  payouts: number;
}

export const NO_USAGE: PassUsage = { points: 0, payouts: 0 };

const WINDOW_WORDS: Record<PassWindow, { per: string; next: string }> = {
  day: { per: "a day", next: "the next day" },
  week: { per: "a week", next: "the next week" },
  earning_period: { per: "an earning period", next: "the next earning period" },
  quest: { per: "over the quest's life", next: "" },
};

/** "1 payout" / "3 payouts". */
const payoutsWord = (n: number) => `${n} payout${n === 1 ? "" : "s"}`;

/**
 * PASS_LIMIT_REACHED when paying `points` more to `pass` would take it past either limit of the
 * quest; undefined when it may be paid. The detail names the pass, the limit and, for a window,
 * when the next one starts.
 */
export function passLimitRefusal(
  limits: PassLimits,
  usage: PassUsage,
  points: number,
  where: { questId: number; pass: string; now: Date; period: EarningPeriod | null },
): AppError | undefined {
  const { questId, pass } = where;
  if (limits.passPayoutsMax !== null && usage.payouts + 1 > limits.passPayoutsMax) {
    const words = WINDOW_WORDS[limits.window];
    const next = nextWindowStart(limits.window, where.now, where.period);
    return new AppError(
      "PASS_LIMIT_REACHED",
      `${pass} may receive ${payoutsWord(limits.passPayoutsMax)} ${words.per} from quest ${questId}` +
        (next ? `; ${words.next} starts at ${next.toISOString()}` : "") +
        ".",
    );
  }
  // Both sides are integers of at most 2^53 - 1, so the subtraction is exact.
  if (limits.passPointsMax !== null && points > limits.passPointsMax - usage.points) {
    return new AppError(
      "PASS_LIMIT_REACHED",
      `${pass} may hold at most ${limits.passPointsMax} points from quest ${questId}; it holds ` +
        `${usage.points}, and ${points} more would take it past that.`,
    );
  }
  return undefined;
}

/** The limits in words, as the pages show them: "once a day per pass", "at most 500 points per pass". */
export function describePassLimits(limits: PassLimits): string[] {
  const words: string[] = [];
  const max = limits.passPayoutsMax;
  if (max !== null) {
    const times = max === 1 ? "once" : max === 2 ? "twice" : `${max} times`;
    const per = {
      day: "a day",
      week: "a week",
      earning_period: "an earning period",
      quest: "",
    }[limits.window];
    words.push(`${times}${per ? ` ${per}` : ""} per pass`);
  }
  if (limits.passPointsMax !== null) words.push(`at most ${limits.passPointsMax} points per pass`);
  return words;
}
