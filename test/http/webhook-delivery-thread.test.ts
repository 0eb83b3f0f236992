/**
 * The delivery worker on a thread of its own (`serve` on PostgreSQL, docs/webhooks.md): the same
 * worker the other tests drive in-process, run by `createWebhookDeliveryThread` with its own
 * pool. It sends a payout's event signed, with the event's id as webhook-id, reports the attempt
 * back to this thread, delivers on a poke once started, and stops with nothing left unrecorded.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import type { AttemptReport } from "../../src/machinery/webhook-delivery.js";
import { createWebhookDeliveryThread } from "../../src/machinery/webhook-delivery-thread.js";
import { questFixture, type TestContext, withContext } from "../helpers/app.js";
import { payTo } from "../helpers/owners.js";
import {
  addEndpoint,
  cleanUpAfterEach,
  deliveriesOf,
  messageOf,
  type Receiver,
  receiver,
  verifies,
} from "../helpers/webhook-receiver.js";

const ENV = { WEBHOOK_ALLOW_PRIVATE_TARGETS: "true" };

function thread(ctx: TestContext, reports: AttemptReport[]) {
  return createWebhookDeliveryThread(
    {
      databaseUrl: ctx.url!,
      poolSize: 2,
      timeouts: ctx.config.dbTimeouts,
      pendingMax: 1000,
      allowPrivateTargets: true,
    },
    { onAttempt: (report) => reports.push(report) },
  );
}

async function arrived(rx: Receiver, count: number): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (rx.received.length < count && Date.now() < deadline) await sleep(20);
}

// The thread runs on PostgreSQL only (PGlite's one connection belongs to the main thread).
describe("webhook delivery thread [postgres]", () => {
  const ctx = withContext("postgres", ENV);
  cleanUpAfterEach();

  it("sends a payout's event signed, under the event's id, and reports the attempt", async () => {
    const fixture = await questFixture(ctx());
    const rx = await receiver();
    const endpoint = await addEndpoint(ctx(), fixture, rx.url, ["payout.created"]);
    await payTo(ctx(), fixture, 5, fixture.playerPass);
    const reports: AttemptReport[] = [];
    const worker = thread(ctx(), reports);
    try {
      // Due at the database's now(): a first run may come a hair early.
      let sent = await worker.runOnce();
      for (let tries = 0; sent === 0 && tries < 50; tries++) {
        await sleep(20);
        sent = await worker.runOnce();
      }
      assert.equal(sent, 1);
    } finally {
      await worker.stop();
    }
    assert.equal(rx.received.length, 1);
    const message = rx.received[0]!;
    assert.ok(verifies(endpoint.secret, message));
    assert.equal(message.headers["webhook-id"], messageOf(message).id);
    assert.equal(messageOf(message).type, "payout.created");
    assert.deepEqual(
      reports.map((r) => r.outcome),
      ["delivered"],
    );
    const [delivery] = await deliveriesOf(ctx(), endpoint);
    assert.equal(delivery!.status, "succeeded");
  });

  it("delivers on a poke once started, and stops with every send recorded", async () => {
    const fixture = await questFixture(ctx());
    const rx = await receiver();
    const endpoint = await addEndpoint(ctx(), fixture, rx.url, ["payout.created"]);
    const reports: AttemptReport[] = [];
    const errors: unknown[] = [];
    const worker = thread(ctx(), reports);
    worker.start((error) => errors.push(error));
    try {
      for (let i = 0; i < 3; i++) await payTo(ctx(), fixture, 1, fixture.playerPass);
      worker.poke();
      await arrived(rx, 3);
    } finally {
      await worker.stop();
    }
    assert.equal(rx.received.length, 3);
    assert.deepEqual(errors, []);
    const deliveries = await deliveriesOf(ctx(), endpoint);
    assert.deepEqual(
      deliveries.map((d) => d.status),
      ["succeeded", "succeeded", "succeeded"],
    );
  });
});
