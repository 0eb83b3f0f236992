export interface EarningPeriod {
  id: number;
  start: Date;
  end: Date;
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
