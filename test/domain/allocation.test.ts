import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import {
  type AllocationDecision,
  type AllocationGroup,
  type AllocationState,
  decideAllocation,
  decideInOrder,
} from "../../src/domain/allocation.js";
import type { PeriodMatch } from "../../src/domain/earning-periods.js";
import { AppError, type ErrorCode } from "../../src/domain/errors.js";
import { NO_PASS_LIMITS, NO_USAGE, PASS_WINDOWS } from "../../src/domain/pass-limits.js";
import { httpStatusOf } from "../../src/http/error-status.js";

const START = new Date("2026-01-01T00:00:00.000Z");
const END = new Date("2026-02-01T00:00:00.000Z");
const NOW = new Date("2026-01-15T12:00:00.000Z");
const PASS = "0xFfFFFFff00000000000000000000000000000001";
const PERIOD = {
  id: 42,
  start: new Date("2026-01-10T00:00:00.000Z"),
  end: new Date("2026-01-20T00:00:00.000Z"),
};

/** A state every rule accepts; each test breaks only what it needs. */
function state(overrides: Partial<AllocationState> = {}): AllocationState {
  return {
    questId: 7,
    enabled: true,
    start: START,
    end: END,
    pointsRemaining: 40,
    actionTypeActive: true,
    period: { kind: "unrestricted" },
    pass: PASS,
    accountExists: true,
    accountSuspended: false,
    passLimits: NO_PASS_LIMITS,
    passUsage: NO_USAGE,
    passPoints: 0,
    ...overrides,
  };
}

/** The limit of a pass's live points: the contract's largest number. */
const LIMIT = 9007199254740991;

function refusal(decision: AllocationDecision): AppError {
  assert.equal(decision.ok, false, `expected a refusal, got ${JSON.stringify(decision)}`);
  if (decision.ok) throw new Error("unreachable");
  assert.ok(decision.error instanceof AppError);
  return decision.error;
}

function refusedWith(decision: AllocationDecision, code: ErrorCode): AppError {
  const error = refusal(decision);
  assert.equal(error.code, code, `expected ${code}, got ${error.code}: ${error.message}`);
  assert.equal(httpStatusOf(error.code), 400);
  return error;
}

describe("decideAllocation: approvals", () => {
  it("approves with no period id when no earning periods are defined", () => {
    assert.deepEqual(decideAllocation(state(), 10, NOW), { ok: true, periodId: null });
  });

  it("approves and records the earning period that covers now", () => {
    const decision = decideAllocation(
      state({ period: { kind: "inside", period: PERIOD } }),
      10,
      NOW,
    );
    assert.deepEqual(decision, { ok: true, periodId: 42 });
  });

  it("accepts points exactly equal to points_remaining", () => {
    assert.deepEqual(decideAllocation(state({ pointsRemaining: 40 }), 40, NOW), {
      ok: true,
      periodId: null,
    });
  });

  it("accepts an allocation at the quest's start instant (window is [start, end))", () => {
    assert.equal(decideAllocation(state(), 1, START).ok, true);
  });

  it("accepts an allocation one millisecond before the quest's end", () => {
    assert.equal(decideAllocation(state(), 1, new Date(END.getTime() - 1)).ok, true);
  });
});

describe("decideAllocation: refusals", () => {
  it("refuses with ACTION_TYPE_INACTIVE when the quest's action type is deactivated", () => {
    refusedWith(
      decideAllocation(state({ actionTypeActive: false }), 1, NOW),
      "ACTION_TYPE_INACTIVE",
    );
  });

  it("refuses with QUEST_NOT_ACTIVE when the quest is disabled", () => {
    refusedWith(decideAllocation(state({ enabled: false }), 1, NOW), "QUEST_NOT_ACTIVE");
  });

  it("refuses with QUEST_NOT_ACTIVE before the quest's start", () => {
    const before = new Date(START.getTime() - 1);
    refusedWith(decideAllocation(state(), 1, before), "QUEST_NOT_ACTIVE");
  });

  it("refuses with QUEST_NOT_ACTIVE at the quest's end instant (end is exclusive)", () => {
    refusedWith(decideAllocation(state(), 1, END), "QUEST_NOT_ACTIVE");
  });

  it("refuses with QUEST_NOT_ACTIVE after the quest's end", () => {
    refusedWith(decideAllocation(state(), 1, new Date("2027-01-01T00:00:00Z")), "QUEST_NOT_ACTIVE");
  });

  it("refuses with NO_ACTIVE_EARNING_PERIOD when periods exist but none covers now", () => {
    refusedWith(
      decideAllocation(state({ period: { kind: "outside" } }), 1, NOW),
      "NO_ACTIVE_EARNING_PERIOD",
    );
  });

  it("refuses with ACCOUNT_NOT_FOUND when the address has no account", () => {
    const error = refusedWith(
      decideAllocation(state({ accountExists: false }), 1, NOW),
      "ACCOUNT_NOT_FOUND",
    );
    assert.match(error.message, new RegExp(`${PASS} is not a registered account`));
    assert.match(error.message, /must be registered first/);
  });

  it("refuses points above points_remaining with INSUFFICIENT_POINTS and says how many are left", () => {
    const error = refusedWith(
      decideAllocation(state({ pointsRemaining: 40 }), 50, NOW),
      "INSUFFICIENT_POINTS",
    );
    // The contract's example detail for exactly this case.
    assert.equal(error.message, "Quest 7 has 40 points left; 50 were requested.");
  });

  it("refuses any points once the budget is spent", () => {
    refusedWith(decideAllocation(state({ pointsRemaining: 0 }), 1, NOW), "INSUFFICIENT_POINTS");
  });

  it("refuses points that would take the pass beyond 9007199254740991 with PASS_POINTS_LIMIT, naming the pass, its points and the limit", () => {
    const error = refusedWith(
      decideAllocation(state({ pointsRemaining: LIMIT, passPoints: LIMIT - 10 }), 11, NOW),
      "PASS_POINTS_LIMIT",
    );
    assert.equal(
      error.message,
      `${PASS} has 9007199254740981 points; 11 more would take it beyond 9007199254740991, ` +
        "the most a pass can hold.",
    );
  });

  it("pays a pass up to exactly the limit and nothing once it holds it, except on a test-mode quest", () => {
    const nearly = state({ pointsRemaining: LIMIT, passPoints: LIMIT - 10 });
    assert.equal(decideAllocation(nearly, 10, NOW).ok, true);
    const full = state({ pointsRemaining: LIMIT, passPoints: LIMIT });
    refusedWith(decideAllocation(full, 1, NOW), "PASS_POINTS_LIMIT");
    assert.equal(decideAllocation(state({ pointsRemaining: LIMIT }), LIMIT, NOW).ok, true);
    // A test-mode quest's payouts never count, so they are never refused for the pass's points.
    const testMode = state({ pointsRemaining: LIMIT, passPoints: undefined });
    assert.equal(decideAllocation(testMode, LIMIT, NOW).ok, true);
  });
});

describe("decideInOrder: one running total per pass", () => {
  const quest = (questId: number) => {
    const {
      pass: _pass,
      accountExists: _exists,
      accountSuspended: _suspended,
      passUsage: _usage,
      passPoints: _points,
      ...rest
    } = state({
      questId,
      pointsRemaining: LIMIT,
    });
    return rest;
  };
  const OTHER = "0xFfFFFFff00000000000000000000000000000002";
  const group = (items: [number, string][], atomic = false): AllocationGroup => ({
    items: items.map(([points, pass]) => ({
      points,
      pass,
      accountExists: true,
      accountSuspended: false,
    })),
    atomic,
    failedBefore: false,
  });
  const codes = (decided: ReturnType<typeof decideInOrder>) =>
    decided.map((g) => g.decisions.map((d) => (d.ok ? "ok" : d.error.code)));

  it("counts earlier items and groups, and is shared by the quests of one group commit", () => {
    const passPoints = new Map([
      [PASS, LIMIT - 100],
      [OTHER, LIMIT - 5],
    ]);
    const first = decideInOrder(
      quest(1),
      [
        group([
          [60, PASS],
          [50, PASS],
          [5, OTHER],
        ]),
        group([[30, PASS]]),
      ],
      NOW,
      passPoints,
    );
    assert.deepEqual(codes(first), [["ok", "PASS_POINTS_LIMIT", "ok"], ["ok"]]);
    assert.equal(passPoints.get(PASS), LIMIT - 10);
    assert.equal(passPoints.get(OTHER), LIMIT);
    // A second quest of the same batch sees what the first paid.
    const second = decideInOrder(
      quest(2),
      [
        group([
          [11, PASS],
          [10, PASS],
          [1, OTHER],
        ]),
      ],
      NOW,
      passPoints,
    );
    assert.deepEqual(codes(second), [["PASS_POINTS_LIMIT", "ok", "PASS_POINTS_LIMIT"]]);
    assert.equal(passPoints.get(PASS), LIMIT);
    // A test-mode quest of the batch is given no points: it pays whatever the pass holds.
    assert.deepEqual(codes(decideInOrder(quest(3), [group([[LIMIT, PASS]])], NOW)), [["ok"]]);
  });

  it("adds nothing for a rejected atomic group, so the next one may pay it", () => {
    const passPoints = new Map([[PASS, LIMIT - 10]]);
    const decided = decideInOrder(
      quest(1),
      [
        group(
          [
            [10, PASS],
            [1, OTHER],
            [1, PASS],
          ],
          true,
        ),
        group([[10, PASS]]),
      ],
      NOW,
      passPoints,
    );
    assert.deepEqual(
      decided.map((g) => g.rejected),
      [true, false],
    );
    assert.deepEqual(codes(decided), [["ok", "ok", "PASS_POINTS_LIMIT"], ["ok"]]);
    assert.equal(passPoints.get(PASS), LIMIT);
    assert.equal(passPoints.get(OTHER), undefined);
  });
});

describe("decideAllocation: order of checks (contract step 7)", () => {
  const everythingWrong = state({
    actionTypeActive: false,
    enabled: false,
    period: { kind: "outside" },
    accountExists: false,
    pointsRemaining: 0,
  });

  it("reports ACTION_TYPE_INACTIVE first when every rule fails", () => {
    refusedWith(decideAllocation(everythingWrong, 5, NOW), "ACTION_TYPE_INACTIVE");
  });

  it("reports QUEST_NOT_ACTIVE (disabled) before period, account and points", () => {
    const s = { ...everythingWrong, actionTypeActive: true };
    refusedWith(decideAllocation(s, 5, NOW), "QUEST_NOT_ACTIVE");
  });

  it("reports QUEST_NOT_ACTIVE (outside the window) before period, account and points", () => {
    const s = { ...everythingWrong, actionTypeActive: true, enabled: true };
    refusedWith(decideAllocation(s, 5, END), "QUEST_NOT_ACTIVE");
  });

  it("reports NO_ACTIVE_EARNING_PERIOD before account and points", () => {
    const s = { ...everythingWrong, actionTypeActive: true, enabled: true };
    refusedWith(decideAllocation(s, 5, NOW), "NO_ACTIVE_EARNING_PERIOD");
  });

  it("reports ACCOUNT_NOT_FOUND before INSUFFICIENT_POINTS", () => {
    const s = {
      ...everythingWrong,
      actionTypeActive: true,
      enabled: true,
      period: { kind: "unrestricted" } as const,
    };
    refusedWith(decideAllocation(s, 5, NOW), "ACCOUNT_NOT_FOUND");
  });

  it("reports PASS_POINTS_LIMIT last, after INSUFFICIENT_POINTS, only when every other rule passes", () => {
    refusedWith(
      decideAllocation(state({ pointsRemaining: 0, passPoints: LIMIT }), 5, NOW),
      "INSUFFICIENT_POINTS",
    );
    refusedWith(decideAllocation(state({ passPoints: LIMIT - 4 }), 5, NOW), "PASS_POINTS_LIMIT");
  });

  const periodArb: fc.Arbitrary<PeriodMatch> = fc.oneof(
    fc.constant({ kind: "unrestricted" } as const),
    fc.constant({ kind: "outside" } as const),
    fc.integer({ min: 1, max: 1000 }).map((id) => ({
      kind: "inside" as const,
      period: { id, start: PERIOD.start, end: PERIOD.end },
    })),
  );
  const stateArb: fc.Arbitrary<AllocationState> = fc.record({
    questId: fc.integer({ min: 1, max: 1_000_000 }),
    enabled: fc.boolean(),
    start: fc.constant(START),
    end: fc.constant(END),
    pointsRemaining: fc.oneof(fc.integer({ min: 0, max: 100 }), fc.maxSafeInteger()),
    actionTypeActive: fc.boolean(),
    period: periodArb,
    pass: fc.constant(PASS),
    accountExists: fc.boolean(),
    accountSuspended: fc.boolean(),
    passLimits: fc.record({
      passPointsMax: fc.option(fc.integer({ min: 1, max: 200 })),
      passPayoutsMax: fc.option(fc.integer({ min: 1, max: 3 })),
      window: fc.constantFrom(...PASS_WINDOWS),
    }),
    passUsage: fc.record({
      points: fc.integer({ min: 0, max: 200 }),
      payouts: fc.integer({ min: 0, max: 4 }),
    }),
    passPoints: fc.oneof(
      fc.constant(undefined),
      fc.integer({ min: 0, max: 100 }),
      fc.integer({ min: LIMIT - 200, max: LIMIT }),
    ),
  });
  const nowArb = fc.oneof(
    fc.constantFrom(START, END, new Date(START.getTime() - 1), new Date(END.getTime() - 1)),
    fc
      .integer({ min: START.getTime() - 86_400_000, max: END.getTime() + 86_400_000 })
      .map((ms) => new Date(ms)),
  );
  const pointsArb = fc.oneof(fc.integer({ min: 1, max: 120 }), fc.maxSafeInteger());

  it("property: the refusal is always the first failing rule in the contract's order", () => {
    fc.assert(
      fc.property(stateArb, pointsArb, nowArb, (s, points, now) => {
        const inWindow = s.start <= now && now < s.end;
        let expected: ErrorCode | null = null;
        if (!s.actionTypeActive) expected = "ACTION_TYPE_INACTIVE";
        else if (!s.enabled || !inWindow) expected = "QUEST_NOT_ACTIVE";
        else if (s.period.kind === "outside") expected = "NO_ACTIVE_EARNING_PERIOD";
        else if (!s.accountExists) expected = "ACCOUNT_NOT_FOUND";
        else if (s.accountSuspended) expected = "ACCOUNT_SUSPENDED";
        else if (
          (s.passLimits.passPayoutsMax !== null &&
            s.passUsage.payouts >= s.passLimits.passPayoutsMax) ||
          (s.passLimits.passPointsMax !== null &&
            s.passUsage.points + points > s.passLimits.passPointsMax)
        ) {
          expected = "PASS_LIMIT_REACHED";
        } else if (points > s.pointsRemaining) expected = "INSUFFICIENT_POINTS";
        else if (s.passPoints !== undefined && BigInt(s.passPoints) + BigInt(points) > LIMIT) {
          expected = "PASS_POINTS_LIMIT";
        }
        const decision = decideAllocation(s, points, now);
        if (expected === null) {
          const periodId = s.period.kind === "inside" ? s.period.period.id : null;
          assert.deepEqual(decision, { ok: true, periodId });
        } else {
          refusedWith(decision, expected);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it("property: an approval never grants more points than points_remaining, nor takes a live pass beyond the limit", () => {
    fc.assert(
      fc.property(stateArb, pointsArb, nowArb, (s, points, now) => {
        const decision = decideAllocation(s, points, now);
        if (decision.ok) assert.ok(points <= s.pointsRemaining);
        if (decision.ok && s.passPoints !== undefined) {
          assert.ok(BigInt(s.passPoints) + BigInt(points) <= BigInt(LIMIT));
        }
      }),
      { numRuns: 2000 },
    );
  });
});
