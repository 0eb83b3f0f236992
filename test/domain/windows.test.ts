import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { matchEarningPeriod } from "../../src/domain/earning-periods.js";
import { isInWindow, isQuestActive } from "../../src/domain/quest-window.js";

const t = (iso: string) => new Date(iso);
const START = t("2026-03-01T00:00:00.000Z");
const END = t("2026-03-31T00:00:00.000Z");
const ms = (date: Date, delta: number) => new Date(date.getTime() + delta);

describe("quest window [start, end)", () => {
  it("includes the start instant", () => {
    assert.equal(isInWindow(START, END, START), true);
  });

  it("excludes the end instant", () => {
    assert.equal(isInWindow(START, END, END), false);
  });

  it("includes the last millisecond before the end and excludes the one before the start", () => {
    assert.equal(isInWindow(START, END, ms(END, -1)), true);
    assert.equal(isInWindow(START, END, ms(START, -1)), false);
  });

  it("excludes times long before and after the window", () => {
    assert.equal(isInWindow(START, END, t("2025-01-01T00:00:00Z")), false);
    assert.equal(isInWindow(START, END, t("2027-01-01T00:00:00Z")), false);
  });

  it("compares instants, not wall-clock text (offsets are honoured)", () => {
    // 2026-03-01T01:00+02:00 is 2026-02-28T23:00Z: one hour before the start.
    assert.equal(isInWindow(START, END, t("2026-03-01T01:00:00+02:00")), false);
    assert.equal(isInWindow(START, END, t("2026-03-01T01:00:00-02:00")), true);
  });

  it("an empty window (start = end) accepts nothing", () => {
    assert.equal(isInWindow(START, START, START), false);
  });

  it("a quest is active only when it is enabled and now is inside its window", () => {
    const inside = t("2026-03-15T00:00:00Z");
    assert.equal(isQuestActive({ enabled: true, start: START, end: END }, inside), true);
    assert.equal(isQuestActive({ enabled: false, start: START, end: END }, inside), false);
    assert.equal(isQuestActive({ enabled: true, start: START, end: END }, END), false);
    assert.equal(isQuestActive({ enabled: false, start: START, end: END }, END), false);
  });
});

describe("matchEarningPeriod", () => {
  const period = { id: 3, start: START, end: END };

  it("with no periods defined, allocation is unrestricted", () => {
    assert.deepEqual(matchEarningPeriod(false, null), { kind: "unrestricted" });
  });

  it("with periods defined and one covering now, allocation falls in that period", () => {
    assert.deepEqual(matchEarningPeriod(true, period), { kind: "inside", period });
  });

  it("with periods defined but none covering now, allocation is outside any period", () => {
    assert.deepEqual(matchEarningPeriod(true, null), { kind: "outside" });
  });
});
