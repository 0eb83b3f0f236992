/** A quest accepts allocations while it is enabled and `start <= now < end` (half-open). */
export function isInWindow(start: Date, end: Date, now: Date): boolean {
  return start.getTime() <= now.getTime() && now.getTime() < end.getTime();
}

export function isQuestActive(
  quest: { enabled: boolean; start: Date; end: Date },
  now: Date,
): boolean {
  return quest.enabled && isInWindow(quest.start, quest.end, now);
}
