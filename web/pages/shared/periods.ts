/** Earning periods in words, as the leaderboard and the pass page show them. */
import { formatDay, formatMoment } from "../../ui/format.js";
import type { EarningPeriod } from "./public-reads.js";

const DAY_MS = 86_400_000;

/**
 * A period's dates as people read them: whole UTC days as "1 Jan 2026 – 31 Jan 2026" (the last
 * day included: the period ends as it starts), other bounds with their times in UTC.
 */
export function periodRange(period: Pick<EarningPeriod, "start" | "end">): string {
  const start = Date.parse(period.start);
  const end = Date.parse(period.end);
  if (start % DAY_MS === 0 && end % DAY_MS === 0) {
    const last = end - DAY_MS;
    return last <= start ? formatDay(start) : `${formatDay(start)} – ${formatDay(last)}`;
  }
  return `${formatMoment(start)} – ${formatMoment(end)} UTC`;
}

/** "current", "upcoming" or "ended", as of `now`. */
export function periodTense(
  period: Pick<EarningPeriod, "start" | "end">,
  now = Date.now(),
): "current" | "upcoming" | "ended" {
  if (now < Date.parse(period.start)) return "upcoming";
  return now < Date.parse(period.end) ? "current" : "ended";
}
