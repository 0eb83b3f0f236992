import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { AppError } from "../../src/domain/errors.js";
import { httpStatusOf } from "../../src/http/error-status.js";
import { createBatchScheduler } from "../../src/machinery/batch-scheduler.js";

/** A request for `key`; the batch runner records each batch it is given and holds it open. */
interface Req {
  key: number;
  n: number;
  /** Items the request carries (a batch request); 1 when unset. */
  weight?: number;
  /** The account it is made for; "a" when unset. */
  account?: string;
}

function recordingScheduler(options: {
  concurrency: number;
  queueMax: number;
  totalMax: number;
  sizeMax?: number;
  weightMax?: number;
  account?: { requestsMax: number; weightMax: number };
}) {
  const batches: Req[][] = [];
  const gates: (() => void)[] = [];
  const scheduler = createBatchScheduler<Req, number>({
    keyOf: (request) => request.key,
    weightOf: (request) => request.weight ?? 1,
    ...(options.weightMax === undefined ? {} : { weightMax: options.weightMax }),
    account: {
      of: (request) => request.account ?? "a",
      requestsMax: options.account?.requestsMax ?? 1000,
      weightMax: options.account?.weightMax ?? 1_000_000,
    },
    run: async (batch) => {
      batches.push(batch);
      await new Promise<void>((resolve) => gates.push(resolve));
      return batch.map((request) => (request.n < 0 ? new Error(`failed ${request.n}`) : request.n));
    },
    batching: {
      enabled: true,
      sizeMax: options.sizeMax ?? 100,
      waitMs: 0,
      concurrency: options.concurrency,
    },
    queueMax: options.queueMax,
    totalMax: options.totalMax,
    what: { plural: "allocations", perKey: "for this quest" },
  });
  const releaseAll = async () => {
    while (gates.length > 0 || scheduler.size() > 0) {
      for (const open of gates.splice(0)) open();
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  return { scheduler, batches, releaseAll };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("allocation scheduler", () => {
  it("puts requests for many keys that arrive together in one batch, in arrival order", async () => {
    const { scheduler, batches, releaseAll } = recordingScheduler({
      concurrency: 1,
      queueMax: 10,
      totalMax: 100,
    });
    const answers = [3, 1, 2, 1].map((key, n) => scheduler.submit({ key, n }));
    await tick();
    await releaseAll();
    assert.deepEqual(await Promise.all(answers), [0, 1, 2, 3]);
    assert.deepEqual(
      batches.map((batch) => batch.map((r) => r.n)),
      [[0, 1, 2, 3]],
    );
  });

  it("keeps a busy key out of a second batch, while other keys start at once", async () => {
    const { scheduler, batches, releaseAll } = recordingScheduler({
      concurrency: 2,
      queueMax: 10,
      totalMax: 100,
    });
    const first = scheduler.submit({ key: 1, n: 0 });
    await tick(); // batch [0] runs, key 1 is busy
    const later = [1, 2, 1].map((key, i) => scheduler.submit({ key, n: i + 1 }));
    await tick();
    // Key 2 started beside the running batch; key 1's requests wait for it, in order.
    assert.deepEqual(
      batches.map((batch) => batch.map((r) => r.n)),
      [[0], [2]],
    );
    await releaseAll();
    assert.deepEqual(await Promise.all([first, ...later]), [0, 1, 2, 3]);
    assert.deepEqual(
      batches.map((batch) => batch.map((r) => r.n)),
      [[0], [2], [1, 3]],
    );
  });

  it("fails only the request whose answer is an Error", async () => {
    const { scheduler, releaseAll } = recordingScheduler({
      concurrency: 1,
      queueMax: 10,
      totalMax: 100,
    });
    const ok = scheduler.submit({ key: 1, n: 5 });
    const failed = assert.rejects(scheduler.submit({ key: 2, n: -1 }), /failed -1/);
    await tick();
    await releaseAll();
    assert.equal(await ok, 5);
    await failed;
  });

  it("refuses with 503 beyond the per-key bound and beyond the process-wide bound", async () => {
    const { scheduler, releaseAll } = recordingScheduler({
      concurrency: 1,
      queueMax: 2,
      totalMax: 3,
    });
    const accepted = [
      scheduler.submit({ key: 1, n: 0 }),
      scheduler.submit({ key: 1, n: 1 }),
      scheduler.submit({ key: 2, n: 2 }),
    ];
    const overKey = scheduler.submit({ key: 1, n: 3 });
    const overTotal = scheduler.submit({ key: 3, n: 4 });
    for (const [refusal, words] of [
      [overKey, /for this quest \(at most 2\)/],
      [overTotal, /at most 3 per process/],
    ] as const) {
      await assert.rejects(refusal, (error: unknown) => {
        assert.ok(error instanceof AppError);
        assert.equal(httpStatusOf(error.code), 503);
        assert.match(error.message, words);
        return true;
      });
    }
    assert.equal(scheduler.size(), 3);
    await tick();
    await releaseAll();
    assert.deepEqual(await Promise.all(accepted), [0, 1, 2]);
    assert.equal(scheduler.size(), 0);
  });

  it("fills a batch by items, keeps each key's order, and runs a heavier request alone", async () => {
    const { scheduler, batches, releaseAll } = recordingScheduler({
      concurrency: 1,
      queueMax: 10,
      totalMax: 100,
      sizeMax: 10,
    });
    const blocker = scheduler.submit({ key: 9, n: 0 });
    await tick();
    const answers = [
      scheduler.submit({ key: 1, n: 1, weight: 4 }),
      scheduler.submit({ key: 1, n: 2, weight: 8 }),
      scheduler.submit({ key: 1, n: 3 }),
      scheduler.submit({ key: 2, n: 4, weight: 5 }),
      scheduler.submit({ key: 3, n: 5, weight: 30 }),
    ];
    await releaseAll();
    await Promise.all([blocker, ...answers]);
    // 4 + 8 > 10: the 8 waits, and so does the 1 behind it; the 5 of key 2 fits; the 30 of key
    // 3 does not fit beside anything, so it runs alone.
    assert.deepEqual(
      batches.map((batch) => batch.map((r) => r.n)),
      [[0], [1, 4], [2, 3], [5]],
    );
  });

  it("refuses with 503 beyond the process-wide item bound, but counts a batch once per queue", async () => {
    const { scheduler, releaseAll } = recordingScheduler({
      concurrency: 1,
      queueMax: 2,
      totalMax: 100,
      weightMax: 1001,
    });
    const big = scheduler.submit({ key: 1, n: 1, weight: 1000 });
    // The quest's queue holds two requests, however many items the first carries.
    const small = scheduler.submit({ key: 1, n: 2 });
    await assert.rejects(scheduler.submit({ key: 2, n: 3 }), (error: AppError) => {
      assert.equal(error.code, "SERVICE_UNAVAILABLE");
      assert.match(error.message, /at most 1001 items per process/);
      return true;
    });
    await releaseAll();
    assert.deepEqual(await Promise.all([big, small]), [1, 2]);
  });
});

describe("allocation scheduler: accounts", () => {
  const numbers = (batches: Req[][]) => batches.map((batch) => batch.map((r) => r.n));

  it("refuses with 503 beyond an account's bounds, naming the account, while other accounts still get in", async () => {
    const { scheduler, releaseAll } = recordingScheduler({
      concurrency: 1,
      queueMax: 10,
      totalMax: 100,
      weightMax: 1000,
      account: { requestsMax: 2, weightMax: 5 },
    });
    const submit = (request: Req) => Promise.allSettled([scheduler.submit(request)]);
    const submitted = [
      submit({ key: 1, n: 0, weight: 3, account: "flood" }),
      submit({ key: 1, n: 1, weight: 3, account: "flood" }), // 6 items: over
      submit({ key: 2, n: 2, weight: 2, account: "flood" }),
      submit({ key: 3, n: 3, account: "flood" }), // a third request: over
      // Another account is not refused for the flooding account's bounds, only for its own.
      submit({ key: 4, n: 4, weight: 5, account: "other" }),
      submit({ key: 4, n: 5, account: "other" }), // 6 items: over
    ];
    await tick();
    await releaseAll();
    const settled = (await Promise.all(submitted)).flat();
    assert.deepEqual(
      settled.map((s) => (s.status === "fulfilled" ? s.value : "refused")),
      [0, "refused", 2, "refused", 4, "refused"],
    );
    const refusals = settled.flatMap((s) => (s.status === "rejected" ? [s.reason] : []));
    for (const [error, words] of [
      [refusals[0], /of this account are waiting \(at most 5 items per account\)/],
      [refusals[1], /of this account are waiting \(at most 2 per account\)/],
      [refusals[2], /of this account are waiting \(at most 5 items per account\)/],
    ] as const) {
      assert.ok(error instanceof AppError);
      assert.equal(httpStatusOf(error.code), 503);
      assert.match(error.message, words);
    }
    assert.equal(scheduler.size(), 0);
  });

  it("takes accounts in turns, so a flooding account's queue does not hold another's requests back", async () => {
    const { scheduler, batches, releaseAll } = recordingScheduler({
      concurrency: 1,
      queueMax: 10,
      totalMax: 100,
      sizeMax: 10,
    });
    // Five full batches of one account, on its quest and another of its quests, then a single
    // allocation of another account: it runs second, not sixth. The flooding account's own
    // requests keep their arrival order.
    const answers = [1, 1, 2, 1, 2].map((key, n) =>
      scheduler.submit({ key, n, weight: 10, account: "flood" }),
    );
    answers.push(scheduler.submit({ key: 9, n: 5, account: "other" }));
    await tick();
    await releaseAll();
    assert.deepEqual(await Promise.all(answers), [0, 1, 2, 3, 4, 5]);
    assert.deepEqual(numbers(batches), [[0], [5], [1], [2], [3], [4]]);
  });

  it("fills a batch by turns of the accounts, and runs it in arrival order", async () => {
    const { scheduler, batches, releaseAll } = recordingScheduler({
      concurrency: 1,
      queueMax: 10,
      totalMax: 100,
      sizeMax: 4,
    });
    const blocker = scheduler.submit({ key: 99, n: 0, account: "c" });
    await tick();
    const answers = [
      ...[1, 2, 3, 4, 5, 6].map((key, i) => scheduler.submit({ key, n: i + 1, account: "a" })),
      ...[7, 8].map((key, i) => scheduler.submit({ key, n: i + 7, account: "b" })),
    ];
    await releaseAll();
    await Promise.all([blocker, ...answers]);
    // In arrival order only the first account would fit ([1, 2, 3, 4]); by turns both do.
    assert.deepEqual(numbers(batches), [[0], [1, 2, 7, 8], [3, 4, 5, 6]]);
  });
});
