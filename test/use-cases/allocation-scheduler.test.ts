import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { AppError } from "../../src/domain/errors.js";
import { createBatchScheduler } from "../../src/use-cases/allocation-scheduler.js";

/** A request for `key`; the batch runner records each batch it is given and holds it open. */
interface Req {
  key: number;
  n: number;
  /** Items the request carries (a batch request); 1 when unset. */
  weight?: number;
}

function recordingScheduler(options: {
  concurrency: number;
  queueMax: number;
  totalMax: number;
  sizeMax?: number;
  weightMax?: number;
}) {
  const batches: Req[][] = [];
  const gates: (() => void)[] = [];
  const scheduler = createBatchScheduler<Req, number>({
    keyOf: (request) => request.key,
    weightOf: (request) => request.weight ?? 1,
    ...(options.weightMax === undefined ? {} : { weightMax: options.weightMax }),
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
        assert.equal(error.status, 503);
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
