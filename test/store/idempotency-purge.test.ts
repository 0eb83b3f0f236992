import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { IDEMPOTENCY_RETENTION_MS } from "../../src/domain/limits.js";
import {
  IDEMPOTENCY_PURGE_BATCH_MAX,
  purgeExpiredIdempotencyKeys,
} from "../../src/store/idempotency.js";
import { allocate, DATABASES, expectStatus, questFixture, withContext } from "../helpers/app.js";

const HOUR_MS = 60 * 60 * 1000;

for (const kind of DATABASES) {
  describe(`idempotency retention [${kind}]`, () => {
    const ctx = withContext(kind);

    /** Moves a stored key's record back in time, as if it had been made `ageMs` ago. */
    async function age(key: string, ageMs: number) {
      await ctx().db.query("UPDATE idempotency_keys SET created_at = $2 WHERE key = $1", [
        key,
        new Date(Date.now() - ageMs),
      ]);
    }

    it("keeps keys for 24 hours and purges them after, in batches, leaving fresh ones", async () => {
      const fixture = await questFixture(ctx(), { total_points: 10_000 });
      const body = { points: 1, address: fixture.playerPass };
      expectStatus(await allocate(ctx(), fixture, body, { "Idempotency-Key": "fresh" }), 200);
      expectStatus(await allocate(ctx(), fixture, body, { "Idempotency-Key": "day-old" }), 200);
      await age("day-old", IDEMPOTENCY_RETENTION_MS - HOUR_MS);
      // More expired records than one purge batch holds, to exercise the batching loop.
      const expired = IDEMPOTENCY_PURGE_BATCH_MAX + 500;
      await ctx().db.query(
        `INSERT INTO idempotency_keys
           (account_id, key, quest_id, request_hash, outcome, created_at)
         SELECT $1, 'old-' || g, $2, 'h', '{"error":{}}'::jsonb, $3
         FROM generate_series(1, $4) AS g`,
        [fixture.ownerId, fixture.questId, new Date(Date.now() - 25 * HOUR_MS), expired],
      );

      const deleted = await purgeExpiredIdempotencyKeys(ctx().db);
      assert.equal(deleted, expired);
      const { rows } = await ctx().db.query<{ key: string }>(
        "SELECT key FROM idempotency_keys WHERE account_id = $1 ORDER BY key",
        [fixture.ownerId],
      );
      assert.deepEqual(
        rows.map((r) => r.key),
        ["day-old", "fresh"],
      );
      // Within 24 hours the key still replays.
      const replay = await allocate(ctx(), fixture, body, { "Idempotency-Key": "day-old" });
      assert.equal(replay.headers["idempotent-replayed"], "true");
    });

    it("treats an expired key as new: a different body is accepted, not 422", async () => {
      const fixture = await questFixture(ctx(), { total_points: 100 });
      const headers = { "Idempotency-Key": "reused-after-expiry" };
      expectStatus(
        await allocate(ctx(), fixture, { points: 1, address: fixture.playerPass }, headers),
        200,
      );
      await age("reused-after-expiry", IDEMPOTENCY_RETENTION_MS + HOUR_MS);
      const again = await allocate(
        ctx(),
        fixture,
        { points: 2, address: fixture.playerPass },
        headers,
      );
      expectStatus(again, 200);
      assert.equal(again.headers["idempotent-replayed"], undefined);
      assert.equal(again.json().payout.amount, 2);
    });

    it("purges while allocations go on, without blocking them", async () => {
      const fixture = await questFixture(ctx(), { total_points: 1000 });
      await ctx().db.query(
        `INSERT INTO idempotency_keys
           (account_id, key, quest_id, request_hash, outcome, created_at)
         SELECT $1, 'stale-' || g, $2, 'h', '{"error":{}}'::jsonb, $3
         FROM generate_series(1, 3000) AS g`,
        [fixture.ownerId, fixture.questId, new Date(Date.now() - 48 * HOUR_MS)],
      );
      const [deleted, ...answers] = await Promise.all([
        purgeExpiredIdempotencyKeys(ctx().db),
        ...Array.from({ length: 50 }, (_, i) =>
          allocate(
            ctx(),
            fixture,
            { points: 1, address: fixture.playerPass },
            { "Idempotency-Key": `live-${i}` },
          ),
        ),
      ]);
      assert.equal(deleted, 3000);
      for (const answer of answers)
        expectStatus(answer as Awaited<ReturnType<typeof allocate>>, 200);
      const { rows } = await ctx().db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM idempotency_keys WHERE key LIKE 'live-%'",
      );
      assert.equal(rows[0]!.n, 50);
    });
  });
}
