/** How the pages write numbers, percentages, dates and durations. */

export const formatNumber = (n: number) => n.toLocaleString("en-US");

/** A UTC date and time without its zone: "1 Jan 2026, 14:00" (the caller says UTC once). */
export const formatMoment = (at: string | number) =>
  new Date(at).toLocaleString("en-GB", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "UTC",
  });

/** A date and time in UTC, saying so: "1 Jan 2026, 14:00 UTC". */
export const formatDate = (iso: string) => `${formatMoment(iso)} UTC`;

/** A UTC day: "1 Jan 2026". */
export const formatDay = (at: string | number) =>
  new Date(at).toLocaleDateString("en-GB", { dateStyle: "medium", timeZone: "UTC" });

/** "3 days left", "ended", "starts in 2 hours". */
export function timeLeft(start: string, end: string, now = Date.now()): string {
  const s = Date.parse(start);
  const e = Date.parse(end);
  if (now < s) return `starts in ${duration(s - now)}`;
  if (now >= e) return "ended";
  return `${duration(e - now)} left`;
}

function duration(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 60) return `${Math.max(minutes, 1)} min`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.round(hours / 24)} days`;
}

/** "1 point", "2 points", "1,000 payouts": a count with its noun. */
export const countOf = (n: number, one: string, many = `${one}s`) =>
  `${formatNumber(n)} ${n === 1 ? one : many}`;

/**
 * `part` of `whole` as a percentage that never says what is not so: "100%" only when all of it
 * is left, "0%" only when nothing is; in between a whole number where that is true enough, one
 * decimal near the ends (99.5%), and "<0.1%" / ">99.9%" closer still (4,999 of 5,000 is not 100%).
 */
export function formatPercent(part: number, whole: number): string {
  if (whole <= 0 || part <= 0) return "0%";
  if (part >= whole) return "100%";
  const percent = (part / whole) * 100;
  const rounded = Math.round(percent);
  if (rounded > 0 && rounded < 100) return `${rounded}%`;
  const tenths = Math.round(percent * 10) / 10;
  if (tenths <= 0) return "<0.1%";
  if (tenths >= 100) return ">99.9%";
  return `${tenths.toFixed(1)}%`;
}
