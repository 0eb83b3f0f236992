import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { LightMyRequestResponse } from "fastify";
import {
  allocate,
  DATABASES,
  expectProblem,
  expectStatus,
  holdQuest,
  PATIENT_DB,
  type QuestFixture,
  questFixture,
  randomPass,
  type TestContext,
  withContext,
} from "../helpers/app.js";
import { until } from "../helpers/until.js";

/**
 * One owner keeping ~130 batches of 1,000 items in flight on its quest (items naming
 * unregistered passes, so nothing is paid) filled the process's item bound, and another owner's
 * single allocations answered 503. Each account now has a share of the queue of its own.
 */

/** Concurrent batches of the flooding owner: 130,000 items, beyond the process's 100,000. */
const FLOOD_BATCHES = 130;
const BATCH_ITEMS = 1000;
/** One account's item bound (ALLOCATION_ITEMS_QUEUED_PER_ACCOUNT_MAX): ten full batches. */
const ACCOUNT_ITEMS_MAX = 10_000;
const OTHER_SINGLES = 20;
/** The continuous flood: each lane sends at most this many batches, one after another. */
const LANE_SENDS_MAX = 3;
/** Only bounds a stalled run: the held quest is released as soon as every request is queued. */
const LOCK_MS = 60_000;
const QUEUE_WAIT_MS_MAX = 120_000;

function floodBatch(ctx: TestContext, fixture: QuestFixture, strangers: readonly string[]) {
  return ctx.inject({
    method: "POST",
    url: `/quests/${fixture.questId}/allocations`,
    headers: { "x-api-key": fixture.apiKey },
    payload: {
      allocations: Array.from({ length: BATCH_ITEMS }, (_, i) => ({
        points: 1,
        address: strangers[i % strangers.length]!,
      })),
    },
  });
}

/** A flood batch's answer: 200 with every item refused (no account), or 503 past a bound. */
function checkFloodAnswer(response: LightMyRequestResponse): "answered" | "refused" {
  if (response.statusCode === 503) {
    const body = expectProblem(response, 503, "SERVICE_UNAVAILABLE");
    assert.match(String(response.headers["retry-after"]), /^\d+$/, "503 carries Retry-After");
    assert.match(body.detail, /of this account/, "the 503 names the account's own bound");
    return "refused";
  }
  expectStatus(response, 200);
  const body = response.json();
  assert.equal(body.paid_count, 0);
  assert.equal(body.results.length, BATCH_ITEMS);
  assert.ok(body.results.every((r: { code?: string }) => r.code === "ACCOUNT_NOT_FOUND"));
  return "answered";
}

for (const kind of DATABASES) {
  describe(`one owner's flood of batches does not starve another owner [${kind}]`, () => {
    // Cached keys and owners stay cached through the test (changes would still be announced):
    // a request that had to read them would wait for the held quest on PGlite before queueing.
    const ctx = withContext(kind, {
      ...PATIENT_DB,
      DB_LOCK_TIMEOUT_MS: String(LOCK_MS),
      LOOKUP_CACHE_TTL_MS: String(3_600_000),
    });

    it("answers every single allocation of another owner while one owner's batches fill its own bound, which get 503 naming the account", async () => {
      const flooder = await questFixture(ctx(), { total_points: 10 });
      const other = await questFixture(ctx(), { total_points: 1_000_000 });
      const strangers = Array.from({ length: 10 }, () => randomPass());
      // Warm this process's key and owner caches, so the requests below reach the queue at once.
      checkFloodAnswer(await floodBatch(ctx(), flooder, strangers));
      expectStatus(await allocate(ctx(), other, { points: 1, address: other.playerPass }), 200);

      const queued = () => ctx().services.allocate.queued();
      const release = await holdQuest(ctx(), flooder.questId);
      let flood: LightMyRequestResponse[];
      let singles: LightMyRequestResponse[];
      try {
        // The flood waits behind the held quest: its account fills its bound and the rest of
        // it is refused at once.
        let floodAnswered = 0;
        const flooding = Array.from({ length: FLOOD_BATCHES }, () =>
          floodBatch(ctx(), flooder, strangers).then((response) => {
            floodAnswered++;
            return response;
          }),
        );
        await until(
          () => floodAnswered + queued() === FLOOD_BATCHES,
          "every flood batch is queued or answered",
          QUEUE_WAIT_MS_MAX,
        );
        const floodQueued = queued();
        // The other owner's allocations arrive while the flood fills the queue.
        let singlesAnswered = 0;
        const sending = Array.from({ length: OTHER_SINGLES }, () =>
          allocate(ctx(), other, { points: 1, address: other.playerPass }).then((response) => {
            singlesAnswered++;
            return response;
          }),
        );
        await until(
          () => singlesAnswered + queued() - floodQueued === OTHER_SINGLES,
          "every single allocation is queued or answered",
          QUEUE_WAIT_MS_MAX,
        );
        await release();
        singles = await Promise.all(sending);
        flood = await Promise.all(flooding);
      } finally {
        await release();
      }
      for (const response of singles) expectStatus(response, 200);
      const outcomes = flood.map(checkFloodAnswer);
      assert.equal(
        outcomes.filter((o) => o === "answered").length,
        ACCOUNT_ITEMS_MAX / BATCH_ITEMS,
        "the flooding account's batches are queued up to its own bound, and no further",
      );

      // The same flood, kept up (each lane sends its next batch once answered), while the other
      // owner allocates one request after another.
      let stop = false;
      const lanes = Array.from({ length: FLOOD_BATCHES }, async () => {
        const answers: LightMyRequestResponse[] = [];
        for (let sent = 0; sent < LANE_SENDS_MAX && !stop; sent++) {
          answers.push(await floodBatch(ctx(), flooder, strangers));
        }
        return answers;
      });
      const sequential: LightMyRequestResponse[] = [];
      try {
        for (let i = 0; i < OTHER_SINGLES; i++) {
          sequential.push(await allocate(ctx(), other, { points: 1, address: other.playerPass }));
        }
      } finally {
        stop = true;
      }
      const kept = (await Promise.all(lanes)).flat();
      for (const response of sequential) expectStatus(response, 200);
      for (const response of kept) checkFloodAnswer(response);

      const detail = await ctx().inject({
        url: `/quests/${other.questId}`,
        headers: { "x-api-key": other.apiKey },
      });
      expectStatus(detail, 200);
      assert.equal(detail.json().points_remaining, 1_000_000 - 1 - 2 * OTHER_SINGLES);
      assert.equal(queued(), 0);
    });
  });
}
