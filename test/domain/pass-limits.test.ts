import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { decideInOrder } from "../../src/domain/allocation.js";
import {
  describePassLimits,
  NO_PASS_LIMITS,
  nextWindowStart,
  type PassUsage,
  passWindowKey,
} from "../../src/domain/pass-limits.js";

const PASS = "0xFfFFFFff00000000000000000000000000000001";
// A Sunday, late: the day, the ISO week (from Monday 23 November) and the next of each.
const SUNDAY = new Date("2026-11-29T23:59:59.999Z");

describe("the windows of a quest's limits per pass", () => {
  it("keys a payout by its UTC day, its ISO week's Monday, its earning period, or the quest", () => {
    assert.equal(passWindowKey("day", SUNDAY, null), "day:2026-11-29");
    assert.equal(passWindowKey("week", SUNDAY, null), "week:2026-11-23");
    assert.equal(
      passWindowKey("week", new Date("2026-11-30T00:00:00.000Z"), null),
      "week:2026-11-30",
    );
    assert.equal(passWindowKey("earning_period", SUNDAY, 12), "period:12");
    assert.equal(passWindowKey("earning_period", SUNDAY, null), "period:0");
    assert.equal(passWindowKey("quest", SUNDAY, 12), "quest");
  });

  it("says when the next window starts", () => {
    const period = {
      id: 3,
      start: new Date("2026-11-01T00:00:00Z"),
      end: new Date("2026-12-05T00:00:00Z"),
    };
    assert.equal(nextWindowStart("day", SUNDAY, null)?.toISOString(), "2026-11-30T00:00:00.000Z");
    assert.equal(nextWindowStart("week", SUNDAY, null)?.toISOString(), "2026-11-30T00:00:00.000Z");
    assert.equal(
      nextWindowStart("week", new Date("2026-11-30T00:00:00.000Z"), null)?.toISOString(),
      "2026-12-07T00:00:00.000Z",
    );
    assert.equal(nextWindowStart("earning_period", SUNDAY, period), period.end);
    assert.equal(nextWindowStart("earning_period", SUNDAY, null), null);
    assert.equal(nextWindowStart("quest", SUNDAY, period), null);
  });

  it("puts the limits in the words the pages show", () => {
    assert.deepEqual(describePassLimits(NO_PASS_LIMITS), []);
    assert.deepEqual(describePassLimits({ passPointsMax: 500, passPayoutsMax: 1, window: "day" }), [
      "once a day per pass",
      "at most 500 points per pass",
    ]);
    assert.deepEqual(
      describePassLimits({ passPointsMax: null, passPayoutsMax: 2, window: "week" }),
      ["twice a week per pass"],
    );
    assert.deepEqual(
      describePassLimits({ passPointsMax: null, passPayoutsMax: 3, window: "quest" }),
      ["3 times per pass"],
    );
  });
});

describe("decideInOrder: limits per pass", () => {
  const state = {
    questId: 7,
    enabled: true,
    start: new Date("2026-11-01T00:00:00Z"),
    end: new Date("2026-12-31T00:00:00Z"),
    pointsRemaining: 1000,
    actionTypeActive: true,
    period: { kind: "unrestricted" } as const,
  };
  const item = (points: number, accountSuspended = false) => ({
    points,
    pass: PASS,
    accountExists: true,
    accountSuspended,
  });
  const codes = (decided: ReturnType<typeof decideInOrder>) =>
    decided.map((g) => g.decisions.map((d) => (d.ok ? "ok" : d.error.code)));

  it("counts the kept usage, the items before and the kept groups before, not a dropped group", () => {
    const usage = new Map<string, PassUsage>([[PASS, { points: 0, payouts: 1 }]]);
    const decided = decideInOrder(
      { ...state, passLimits: { passPointsMax: null, passPayoutsMax: 3, window: "day" } },
      [
        { items: [item(1), item(1), item(1)], atomic: true, failedBefore: false },
        { items: [item(1)], atomic: false, failedBefore: false },
        { items: [item(1)], atomic: false, failedBefore: false },
        { items: [item(1)], atomic: false, failedBefore: false },
      ],
      SUNDAY,
      undefined,
      usage,
    );
    assert.deepEqual(codes(decided), [
      ["ok", "ok", "PASS_LIMIT_REACHED"],
      ["ok"],
      ["ok"],
      ["PASS_LIMIT_REACHED"],
    ]);
    assert.equal(decided[0]!.rejected, true);
    assert.deepEqual(usage.get(PASS), { points: 2, payouts: 3 });
  });

  it("refuses a suspended pass before its limit, and the limit before the budget", () => {
    const decided = decideInOrder(
      {
        ...state,
        pointsRemaining: 5,
        passLimits: { passPointsMax: 10, passPayoutsMax: null, window: "quest" },
      },
      [{ items: [item(20, true), item(20), item(8)], atomic: false, failedBefore: false }],
      SUNDAY,
    );
    assert.deepEqual(codes(decided), [
      ["ACCOUNT_SUSPENDED", "PASS_LIMIT_REACHED", "INSUFFICIENT_POINTS"],
    ]);
  });
});
