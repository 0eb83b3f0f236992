import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { describe, it } from "node:test";
import { generateApplicationToken, hashApiKey } from "../../src/domain/api-keys.js";
import {
  APPLICATION_RATE_WINDOW_MS,
  type Application,
  approvedQuest,
  checkApplicantToken,
  checkApplicationRate,
  checkDecidable,
  checkKeysClaimable,
  checkRequestedWindow,
  clientAddressHash,
} from "../../src/domain/applications.js";
import { AppError, type ErrorCode } from "../../src/domain/errors.js";

const NOW = new Date("2026-03-01T12:00:00.000Z");
const HOUR_MS = 60 * 60 * 1000;
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs);

/** Asserts `fn` throws an AppError with `code` (and, when given, naming `field`). */
function throwsCode(fn: () => unknown, code: ErrorCode, field?: string): AppError {
  let caught: unknown;
  try {
    fn();
  } catch (error) {
    caught = error;
  }
  assert.ok(caught instanceof AppError, `expected AppError ${code}, got ${String(caught)}`);
  assert.equal(caught.code, code);
  if (field !== undefined) {
    assert.ok(
      caught.errors?.some((error) => error.field === field),
      `errors should name ${field}: ${JSON.stringify(caught.errors)}`,
    );
  }
  return caught;
}

function application(overrides: Partial<Application> = {}): Application {
  return {
    id: 7,
    status: "pending",
    project: "Project",
    contact: "team@example.com",
    ownerPass: "0xFfFFFFff00000000000000000000000000000001",
    quest: {
      name: "Quest",
      description: "Do things",
      totalPoints: 1000,
      expectedPointsPerCompletion: 10,
      start: at(-HOUR_MS),
      end: at(24 * HOUR_MS),
    },
    campaignId: 3,
    message: null,
    createdAt: at(-2 * HOUR_MS),
    decidedAt: null,
    reason: null,
    questId: null,
    testQuestId: null,
    keysClaimedAt: null,
    ...overrides,
  };
}

describe("checkRequestedWindow", () => {
  it("accepts a window that ends after it starts and after now", () => {
    checkRequestedWindow({ start: at(-HOUR_MS), end: at(HOUR_MS) }, NOW);
    checkRequestedWindow({ start: at(HOUR_MS), end: at(2 * HOUR_MS) }, NOW);
  });

  it("refuses an end at or before the start, naming quest.end", () => {
    throwsCode(
      () => checkRequestedWindow({ start: at(2 * HOUR_MS), end: at(HOUR_MS) }, NOW),
      "BAD_REQUEST",
      "quest.end",
    );
    throwsCode(
      () => checkRequestedWindow({ start: at(HOUR_MS), end: at(HOUR_MS) }, NOW),
      "BAD_REQUEST",
      "quest.end",
    );
  });

  it("refuses an end in the past or exactly now, naming quest.end", () => {
    throwsCode(
      () => checkRequestedWindow({ start: at(-2 * HOUR_MS), end: at(-HOUR_MS) }, NOW),
      "BAD_REQUEST",
      "quest.end",
    );
    throwsCode(
      () => checkRequestedWindow({ start: at(-HOUR_MS), end: NOW }, NOW),
      "BAD_REQUEST",
      "quest.end",
    );
  });

  it("says both things when the end is before the start and in the past", () => {
    const error = throwsCode(
      () => checkRequestedWindow({ start: at(-HOUR_MS), end: at(-2 * HOUR_MS) }, NOW),
      "BAD_REQUEST",
    );
    assert.equal(error.errors?.length, 2);
  });
});

describe("checkApplicationRate", () => {
  it("lets the client through while fewer than the limit are in the window", () => {
    checkApplicationRate([], 3, NOW);
    checkApplicationRate([at(-1000), at(-2000)], 3, NOW);
  });

  it("refuses the next one at the limit with RATE_LIMITED and Retry-After until the oldest leaves", () => {
    const recent = [at(-1000), at(-10 * 60 * 1000), at(-30 * 60 * 1000)];
    const error = throwsCode(() => checkApplicationRate(recent, 3, NOW), "RATE_LIMITED");
    assert.equal(error.retryAfterS, 30 * 60);
  });

  it("counts from the limit-th newest when more were counted (the limit was lowered)", () => {
    const recent = [at(-1000), at(-20 * 60 * 1000), at(-40 * 60 * 1000)];
    const error = throwsCode(() => checkApplicationRate(recent, 2, NOW), "RATE_LIMITED");
    assert.equal(error.retryAfterS, 40 * 60);
  });

  it("rounds Retry-After up, and answers at least 1 second", () => {
    const almostGone = at(-APPLICATION_RATE_WINDOW_MS + 200);
    assert.equal(
      throwsCode(() => checkApplicationRate([almostGone], 1, NOW), "RATE_LIMITED").retryAfterS,
      1,
    );
    const exactlyGone = at(-APPLICATION_RATE_WINDOW_MS);
    assert.equal(
      throwsCode(() => checkApplicationRate([exactlyGone], 1, NOW), "RATE_LIMITED").retryAfterS,
      1,
    );
    const inOneAndAHalf = at(-APPLICATION_RATE_WINDOW_MS + 1500);
    assert.equal(
      throwsCode(() => checkApplicationRate([inOneAndAHalf], 1, NOW), "RATE_LIMITED").retryAfterS,
      2,
    );
  });
});

describe("checkApplicantToken", () => {
  const token = generateApplicationToken();
  const hash = hashApiKey(token);

  it("accepts the application's own token, also with surrounding spaces", () => {
    checkApplicantToken({ id: 1 }, hash, token);
    checkApplicantToken({ id: 1 }, hash, ` ${token} `);
  });

  it("refuses a missing, malformed or other token with INVALID_APPLICATION_TOKEN", () => {
    for (const presented of [
      undefined,
      "",
      "nope",
      token.slice(0, -1),
      generateApplicationToken(),
      `sk_${token.slice(3)}`,
    ]) {
      throwsCode(
        () => checkApplicantToken({ id: 1 }, hash, presented),
        "INVALID_APPLICATION_TOKEN",
      );
    }
  });
});

describe("checkDecidable", () => {
  it("lets a pending application be decided", () => {
    checkDecidable(application());
  });

  it("refuses approved and rejected ones with APPLICATION_ALREADY_DECIDED", () => {
    for (const status of ["approved", "rejected"] as const) {
      const error = throwsCode(
        () => checkDecidable(application({ status })),
        "APPLICATION_ALREADY_DECIDED",
      );
      assert.match(error.message, new RegExp(status));
    }
  });
});

describe("checkKeysClaimable", () => {
  const approved = { status: "approved" as const, questId: 1, testQuestId: 2, decidedAt: NOW };

  it("lets the keys of an approved application be claimed once", () => {
    checkKeysClaimable(application(approved));
  });

  it("answers APPLICATION_NOT_APPROVED, APPLICATION_REJECTED and KEYS_ALREADY_CLAIMED", () => {
    throwsCode(() => checkKeysClaimable(application()), "APPLICATION_NOT_APPROVED");
    throwsCode(
      () => checkKeysClaimable(application({ status: "rejected", decidedAt: NOW })),
      "APPLICATION_REJECTED",
    );
    throwsCode(
      () => checkKeysClaimable(application({ ...approved, keysClaimedAt: NOW })),
      "KEYS_ALREADY_CLAIMED",
    );
  });
});

describe("approvedQuest", () => {
  it("is the request as asked, public and of the default action type, without overrides", () => {
    const app = application();
    assert.deepEqual(approvedQuest(app, {}, NOW), {
      name: "Quest",
      description: "Do things",
      ownerPass: app.ownerPass,
      campaignId: 3,
      totalPoints: 1000,
      expectedPointsPerCompletion: 10,
      start: app.quest.start,
      end: app.quest.end,
      isPublic: true,
      actionType: "default",
    });
  });

  it("keeps the requested action type unless overridden", () => {
    const app = application({ quest: { ...application().quest, actionType: "swap" } });
    assert.equal(approvedQuest(app, {}, NOW).actionType, "swap");
    assert.equal(approvedQuest(app, { actionType: "mint" }, NOW).actionType, "mint");
  });

  it("applies every override, and a null campaign_id removes the campaign", () => {
    const start = at(2 * HOUR_MS);
    const end = at(48 * HOUR_MS);
    const quest = approvedQuest(
      application(),
      {
        totalPoints: 500,
        expectedPointsPerCompletion: 5,
        start,
        end,
        campaignId: null,
        isPublic: false,
        actionType: "mint",
      },
      NOW,
    );
    assert.equal(quest.totalPoints, 500);
    assert.equal(quest.expectedPointsPerCompletion, 5);
    assert.equal(quest.start, start);
    assert.equal(quest.end, end);
    assert.equal(quest.campaignId, null);
    assert.equal(quest.isPublic, false);
    assert.equal(quest.actionType, "mint");
    assert.equal(quest.name, "Quest");
  });

  it("refuses an override that leaves the window empty, naming the field sent", () => {
    throwsCode(
      () => approvedQuest(application(), { end: at(-2 * HOUR_MS) }, NOW),
      "BAD_REQUEST",
      "end",
    );
    throwsCode(
      () => approvedQuest(application(), { start: at(30 * HOUR_MS) }, NOW),
      "BAD_REQUEST",
      "start",
    );
  });

  it("refuses a window already over by now, naming end: its keys could never pay", () => {
    throwsCode(
      () => approvedQuest(application(), { start: at(-3 * HOUR_MS), end: at(-2 * HOUR_MS) }, NOW),
      "BAD_REQUEST",
      "end",
    );
    const stale = application({
      quest: { ...application().quest, end: at(-HOUR_MS), start: at(-2 * HOUR_MS) },
    });
    throwsCode(() => approvedQuest(stale, {}, NOW), "BAD_REQUEST", "end");
    assert.equal(
      approvedQuest(stale, { end: at(HOUR_MS) }, NOW).end.getTime(),
      at(HOUR_MS).getTime(),
    );
  });
});

describe("clientAddressHash", () => {
  it("is stable for one address and secret, and differs with either", () => {
    const a = clientAddressHash("secret-1", "203.0.113.7");
    assert.equal(a, clientAddressHash("secret-1", "203.0.113.7"));
    assert.notEqual(a, clientAddressHash("secret-2", "203.0.113.7"));
    assert.notEqual(a, clientAddressHash("secret-1", "203.0.113.8"));
    // Not the plain SHA-256 anyone could compute for every IPv4 address.
    assert.notEqual(a, createHash("sha256").update("203.0.113.7").digest("hex"));
  });
});
