import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { purgeWebhookHistory } from "../../src/store/webhook-deliveries.js";
import { DATABASES, expectStatus, questFixture, withContext } from "../helpers/app.js";

const DAY_MS = 24 * 60 * 60 * 1000;

for (const kind of DATABASES) {
  describe(`webhook history [${kind}]`, () => {
    const ctx = withContext(kind, { WEBHOOK_ALLOW_PRIVATE_TARGETS: "true" });

    it("purges finished deliveries older than the cut-off in bounded batches, never a pending one, and events left with none", async () => {
      const owner = await questFixture(ctx());
      const headers = { "x-api-key": owner.apiKey };
      const created = await ctx().inject({
        method: "POST",
        url: "/webhooks",
        headers,
        payload: { url: "http://127.0.0.1:9/hook", events: ["payout.created"] },
      });
      expectStatus(created, 201);
      const endpoint = created.json().id as string;
      const events: string[] = [];
      for (let i = 0; i < 5; i++) {
        const test = await ctx().inject({
          method: "POST",
          url: `/webhooks/${endpoint}/test`,
          headers,
        });
        expectStatus(test, 202);
        events.push(test.json().event_id);
      }
      // Four finished long ago (one of them redelivered since, still pending), one recent.
      const [oldA, oldB, oldC, redelivered, recent] = events;
      const redeliver = await ctx().inject({
        method: "POST",
        url: `/webhooks/${endpoint}/events/${redelivered}/redeliver`,
        headers,
      });
      expectStatus(redeliver, 202);
      const old = new Date(Date.now() - 40 * DAY_MS);
      await ctx().db.query(
        `UPDATE webhook_deliveries SET status = 'succeeded', created_at = $2
         WHERE event_id = ANY($1::text[]) AND attempt = 0
           AND id IN (SELECT DISTINCT ON (event_id) id FROM webhook_deliveries
                      WHERE event_id = ANY($1::text[]) ORDER BY event_id, created_at)`,
        [[oldA, oldB, oldC, redelivered], old],
      );
      await ctx().db.query("UPDATE webhook_deliveries SET status = 'failed' WHERE event_id = $1", [
        recent,
      ]);

      const cutOff = new Date(Date.now() - 30 * DAY_MS);
      assert.equal(await purgeWebhookHistory(ctx().db, cutOff, 2), 2, "a batch is bounded");
      assert.equal(await purgeWebhookHistory(ctx().db, cutOff, 2), 2);
      assert.equal(await purgeWebhookHistory(ctx().db, cutOff, 2), 0, "nothing old is left");

      const { rows: deliveries } = await ctx().db.query<{ event_id: string; status: string }>(
        "SELECT event_id, status FROM webhook_deliveries ORDER BY event_id",
      );
      assert.deepEqual(
        deliveries.map((d) => [d.event_id, d.status]),
        [
          [redelivered, "pending"],
          [recent, "failed"],
        ].sort(),
        "the pending redelivery and the recent delivery stay",
      );
      const { rows: kept } = await ctx().db.query<{ id: string }>(
        "SELECT id FROM webhook_events ORDER BY id",
      );
      assert.deepEqual(
        kept.map((e) => e.id),
        [redelivered!, recent!].sort(),
        "an event goes with its last delivery, and stays while one is left",
      );
    });
  });
}
