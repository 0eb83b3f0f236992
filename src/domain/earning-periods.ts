export interface EarningPeriod {
  id: number;
  start: Date;
  end: Date;
}

/** Two half-open windows `[a, b)` and `[c, d)` overlap when each starts before the other ends. */
export function periodsOverlap(a: { start: Date; end: Date }, b: { start: Date; end: Date }) {
  return a.start.getTime() < b.end.getTime() && b.start.getTime() < a.end.getTime();
}

export type PeriodMatch =
  | { kind: "unrestricted" } // no periods defined: allocation is not limited by periods
  | { kind: "inside"; period: EarningPeriod }
  | { kind: "outside" };

/** Classifies "now" given whether any period exists and the one covering now, if any. */
export function matchEarningPeriod(
  anyDefined: boolean,
  covering: EarningPeriod | null,
): PeriodMatch {
  if (covering) return { kind: "inside", period: covering };
  return anyDefined ? { kind: "outside" } : { kind: "unrestricted" };
}
