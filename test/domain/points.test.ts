import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { decideInOrder } from "../../src/domain/allocation.js";
import { NO_PASS_LIMITS } from "../../src/domain/pass-limits.js";
import { EVERY, NONE, rankPage, totalsDeltas } from "../../src/domain/pass-totals.js";
import { statsRange } from "../../src/domain/stats.js";

const NOW = new Date("2026-01-15T12:34:56.000Z");
const STATE = {
  questId: 7,
  enabled: true,
  start: new Date("2026-01-01T00:00:00.000Z"),
  end: new Date("2026-02-01T00:00:00.000Z"),
  pointsRemaining: 100,
  actionTypeActive: true,
  period: { kind: "unrestricted" } as const,
  passLimits: NO_PASS_LIMITS,
};
const item = (points: number, accountExists = true) => ({
  points,
  pass: "0xA",
  accountExists,
  accountSuspended: false,
});
const group = (items: ReturnType<typeof item>[], atomic = false, failedBefore = false) => ({
  items,
  atomic,
  failedBefore,
});
const outcome = (d: { ok: boolean; error?: { code: string } }) => (d.ok ? "ok" : d.error!.code);

describe("decideInOrder", () => {
  it("decides each item against the remainder the items before it left", () => {
    const [only] = decideInOrder(STATE, [group([item(60), item(50), item(40)])], NOW);
    assert.deepEqual(only!.decisions.map(outcome), ["ok", "INSUFFICIENT_POINTS", "ok"]);
    assert.equal(only!.rejected, false);
  });

  it("drops an atomic group whole, leaving its points to the groups after it", () => {
    const decided = decideInOrder(
      STATE,
      [group([item(30), item(20, false)], true), group([item(100)])],
      NOW,
    );
    assert.deepEqual(decided[0]!.decisions.map(outcome), ["ok", "ACCOUNT_NOT_FOUND"]);
    assert.equal(decided[0]!.rejected, true);
    assert.deepEqual(decided[1]!.decisions.map(outcome), ["ok"]);
  });

  it("rejects an atomic group one of whose items failed before the rules", () => {
    const [only] = decideInOrder(STATE, [group([item(1)], true, true)], NOW);
    assert.equal(only!.rejected, true);
  });

  it("never lets the kept groups' paid points exceed the budget (property)", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            items: fc.array(fc.integer({ min: 1, max: 60 }), { minLength: 1, maxLength: 5 }),
            atomic: fc.boolean(),
          }),
          { maxLength: 8 },
        ),
        (groups) => {
          const decided = decideInOrder(
            STATE,
            groups.map((g) =>
              group(
                g.items.map((p) => item(p)),
                g.atomic,
              ),
            ),
            NOW,
          );
          let paid = 0;
          decided.forEach((d, i) => {
            if (d.rejected) return;
            d.decisions.forEach((decision, n) => {
              if (decision.ok) paid += groups[i]!.items[n]!;
            });
            if (groups[i]!.atomic) assert.ok(d.decisions.every((x) => x.ok));
          });
          assert.ok(paid <= STATE.pointsRemaining);
        },
      ),
    );
  });
});

describe("totalsDeltas", () => {
  const change = {
    accountId: "a",
    pass: "0xAbC",
    campaignId: 3,
    periodId: null,
    points: 5,
    payouts: 1,
  };

  it("counts a payout in four scopes: every, its campaign, its period (none), both", () => {
    const rows = totalsDeltas([change]);
    assert.deepEqual(
      rows.map((r) => [r.campaignKey, r.periodKey, r.points, r.payouts, r.passKey]),
      [
        [EVERY, EVERY, 5n, 1, "0xabc"],
        [3, EVERY, 5n, 1, "0xabc"],
        [EVERY, NONE, 5n, 1, "0xabc"],
        [3, NONE, 5n, 1, "0xabc"],
      ],
    );
  });

  it("sums exactly beyond 2^53, as one group commit may pay a pass over several quests", () => {
    const max = Number.MAX_SAFE_INTEGER;
    const [every] = totalsDeltas([
      { ...change, points: max },
      { ...change, campaignId: 4, points: max },
    ]);
    assert.equal(every!.points, 2n * BigInt(max));
  });

  it("sums changes of one row and leaves out rows that do not change (a move)", () => {
    const rows = totalsDeltas([
      { ...change, points: -5, payouts: -1 },
      { ...change, campaignId: 4 },
    ]);
    assert.deepEqual(
      rows.map((r) => [r.campaignKey, r.periodKey, r.points]),
      [
        [3, EVERY, -5n],
        [3, NONE, -5n],
        [4, EVERY, 5n],
        [4, NONE, 5n],
      ],
    );
  });
});

describe("rankPage", () => {
  const page = (points: number[]) => points.map((p, i) => ({ pass: `p${i}`, points: p }));

  it("gives competition ranks: ties share a rank and the next rank skips", () => {
    assert.deepEqual(
      rankPage(page([50, 30, 30, 10]), 0, 0).map((s) => s.rank),
      [1, 2, 2, 4],
    );
  });

  it("starts a page inside a run of ties at the run's rank", () => {
    // Passes before the page: 50, 30 (offset 2); the page starts with another 30.
    assert.deepEqual(
      rankPage(page([30, 30, 10]), 2, 1).map((s) => s.rank),
      [2, 2, 5],
    );
  });
});

describe("statsRange", () => {
  const start = new Date("2026-01-01T00:00:00.000Z");

  it("defaults to the quest's start until now", () => {
    assert.deepEqual(statsRange({ bucket: "day" }, start, NOW), { since: start, until: NOW });
  });

  it("keeps the latest 1,000 buckets of a longer default range", () => {
    const { since, until } = statsRange({ bucket: "hour" }, new Date("2020-01-01"), NOW);
    assert.equal(until, NOW);
    assert.equal(since.toISOString(), "2025-12-04T21:00:00.000Z");
  });

  it("refuses an explicit range of more than 1,000 buckets, or an empty one", () => {
    assert.throws(
      () => statsRange({ bucket: "hour", since: new Date("2020-01-01"), until: NOW }, start, NOW),
      { code: "BAD_REQUEST" },
    );
    assert.throws(() => statsRange({ bucket: "hour", since: NOW, until: NOW }, start, NOW), {
      code: "BAD_REQUEST",
    });
  });

  it("answers nothing, rather than an error, for a quest that has not started", () => {
    const later = new Date("2027-01-01T00:00:00.000Z");
    const range = statsRange({ bucket: "hour" }, later, NOW);
    assert.equal(range.since.getTime(), range.until.getTime());
  });
});
