/**
 * Receivers that misbehave cost their own endpoint, never the others' (docs/promises.md,
 * webhooks): an answer whose body never ends or floods holds a connection for the deadline at
 * most and is cut at a small size; every send settles by its deadline, even one still waiting for
 * a connection; one owner's hung endpoints leave the other owners and the operators their slots,
 * and a shutdown does not wait for them; a delivery on the wire is neither failed by the pending
 * bound nor by its endpoint's disabling, and its answer is recorded; every replaced secret keeps
 * signing for the 24 hours its rotation promised. Real receivers on 127.0.0.1.
 */
import assert from "node:assert/strict";
import { it } from "node:test";
import { createWebhookDelivery } from "../../src/machinery/webhook-delivery.js";
import { ANSWER_BODY_BYTES_MAX } from "../../src/machinery/webhook-sender.js";
import { expectProblem, expectStatus, type TestContext } from "../helpers/app.js";
import { describeEachDatabase } from "../helpers/each-database.js";
import { newOwner } from "../helpers/owners.js";
import {
  addEndpoint,
  cleanUpAfterEach,
  controlledWorker,
  deliveriesOf,
  type Endpoint,
  receiver,
  sendTestEvent,
  verifies,
  webhookRoute,
} from "../helpers/webhook-receiver.js";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Long enough that a test which waited for it would have failed its ordering checks first. */
const LONG_TIMEOUT_MS = 10_000;

async function ownerKey(ctx: TestContext): Promise<{ apiKey: string }> {
  return { apiKey: (await newOwner(ctx)).key };
}

/** `count` test events queued for `endpoint`. */
async function queueEvents(ctx: TestContext, endpoint: Endpoint, count: number): Promise<void> {
  for (let i = 0; i < count; i++) await sendTestEvent(ctx, endpoint);
}

/** Resolves with `promise`, or fails the test once `ms` passed (a hang is a failure, not a stall). */
async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not settle within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, expired]);
  } finally {
    clearTimeout(timer);
  }
}

/** Polls until `check` holds (bounded), for what a running worker does in the background. */
async function eventually(check: () => Promise<boolean> | boolean, what: string): Promise<void> {
  for (let waited = 0; waited < 20_000; waited += 50) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  assert.fail(`${what} never happened`);
}

describeEachDatabase(
  "hostile webhook receivers",
  (ctx) => {
    cleanUpAfterEach();

    it("records a 2xx whose body never ends at the deadline, closes its connection, and keeps delivering to the endpoint once it behaves", async () => {
      const owner = await ownerKey(ctx());
      const rx = await receiver({ endless: "trickle" });
      const endpoint = await addEndpoint(ctx(), owner, rx.url, ["webhook.test"]);
      // More answers that never end than the endpoint has connections (16).
      await queueEvents(ctx(), endpoint, 20);
      // Long enough for the status line to come on a busy machine; the body never does.
      const worker = controlledWorker(ctx(), { timeoutMs: 1500 });
      assert.equal(await within(worker.runOnce(), 15_000, "the sends"), 20);
      for (const delivery of await deliveriesOf(ctx(), endpoint)) {
        assert.equal(delivery.status, "succeeded");
        assert.equal(delivery.status_code, 200);
        assert.match(delivery.error ?? "", /HTTP 200, but no end of the answer within 1\.5 s/);
      }
      rx.answer({});
      await sendTestEvent(ctx(), endpoint);
      worker.set(Date.now() + 1000);
      assert.equal(await within(worker.runOnce(), 15_000, "the healthy send"), 1);
      assert.equal(rx.received.length, 21, "the endpoint got its next message");
      await worker.stop();
    });

    it("cuts an answer that streams without end at a small size, long before the deadline", async () => {
      const owner = await ownerKey(ctx());
      const rx = await receiver({ endless: "flood", status: 503 });
      const endpoint = await addEndpoint(ctx(), owner, rx.url, ["webhook.test"]);
      await queueEvents(ctx(), endpoint, 4);
      const worker = controlledWorker(ctx(), { timeoutMs: LONG_TIMEOUT_MS });
      await within(worker.runOnce(), LONG_TIMEOUT_MS, "the flooded sends");
      const deliveries = await deliveriesOf(ctx(), endpoint);
      assert.equal(deliveries.length, 4);
      for (const delivery of deliveries) {
        assert.equal(delivery.status, "pending", "a 503 is retried");
        assert.equal(delivery.status_code, 503);
        assert.ok(
          delivery.error?.includes(`passed ${ANSWER_BODY_BYTES_MAX / 1024} KiB`),
          delivery.error ?? "",
        );
      }
      await worker.stop();
    });

    it("stops within its grace while answers never end, leaving what was not sent for a later claim", async () => {
      const owner = await ownerKey(ctx());
      const rx = await receiver({ endless: "trickle" });
      const endpoint = await addEndpoint(ctx(), owner, rx.url, ["webhook.test"]);
      // More than the endpoint's 16 connections: the rest wait, and must not outlive the stop.
      await queueEvents(ctx(), endpoint, 20);
      const worker = controlledWorker(ctx(), { timeoutMs: LONG_TIMEOUT_MS });
      const sent = worker.runOnce();
      await eventually(() => rx.received.length === 16, "the sends that got a connection");
      await within(worker.stop(), LONG_TIMEOUT_MS / 2, "the shutdown");
      assert.equal(await sent, 16);
      const deliveries = await deliveriesOf(ctx(), endpoint);
      const answered = deliveries.filter((d) => d.attempt === 1);
      assert.equal(answered.length, 16);
      for (const delivery of answered) {
        assert.equal(delivery.status, "succeeded");
        assert.match(delivery.error ?? "", /HTTP 200, but interrupted/);
      }
      assert.equal(deliveries.filter((d) => d.attempt === 0 && d.status === "pending").length, 4);
    });

    it("keeps delivering to other owners and the operators while one owner's four endpoints hang, and stops without waiting for them", async () => {
      const hostile = await ownerKey(ctx());
      const hung = await receiver({ hang: true });
      const hostileEndpoints: Endpoint[] = [];
      for (const path of ["a", "b", "c", "d"]) {
        const endpoint = await addEndpoint(ctx(), hostile, `${hung.url}/${path}`, ["webhook.test"]);
        hostileEndpoints.push(endpoint);
        await queueEvents(ctx(), endpoint, 20);
      }
      const other = await ownerKey(ctx());
      const otherRx = await receiver();
      const otherEndpoint = await addEndpoint(ctx(), other, otherRx.url, ["webhook.test"]);
      const operatorsRx = await receiver();
      const operatorsEndpoint = await addEndpoint(ctx(), "operators", operatorsRx.url, [
        "webhook.test",
      ]);
      const worker = createWebhookDelivery(ctx().db, {
        pendingMax: 1000,
        allowPrivateTargets: true,
        timeoutMs: LONG_TIMEOUT_MS,
        pollMs: 50,
      });
      worker.start();
      try {
        await eventually(() => hung.received.length >= 16, "the hostile sends");
        await sendTestEvent(ctx(), otherEndpoint);
        await sendTestEvent(ctx(), operatorsEndpoint);
        worker.poke();
        await eventually(
          () => otherRx.received.length === 1 && operatorsRx.received.length === 1,
          "the other owner's and the operators' deliveries",
        );
        for (const endpoint of hostileEndpoints) {
          const recorded = (await deliveriesOf(ctx(), endpoint)).filter((d) => d.attempt > 0);
          assert.deepEqual(recorded, [], "no hung send had timed out yet");
        }
      } finally {
        await within(worker.stop(), LONG_TIMEOUT_MS / 2, "the shutdown");
      }
      const cut = (await deliveriesOf(ctx(), hostileEndpoints[0]!)).filter((d) => d.attempt > 0);
      assert.ok(cut.length > 0);
      for (const delivery of cut) assert.match(delivery.error ?? "", /interrupted/);
    });

    it("leaves a delivery on the wire alone when the pending bound is reached, and records the 200 that comes back", async () => {
      const owner = await ownerKey(ctx());
      const rx = await receiver({ delayMs: 1500 });
      const endpoint = await addEndpoint(ctx(), owner, rx.url, ["webhook.test"]);
      await queueEvents(ctx(), endpoint, 3);
      const sending = controlledWorker(ctx());
      const sent = sending.runOnce();
      await eventually(() => rx.received.length === 3, "the three sends");
      // A second process trims while the three are on the wire: none is pending, none fails.
      const other = controlledWorker(ctx(), { pendingMax: 1 });
      await other.runOnce();
      assert.equal(await sent, 3);
      const deliveries = await deliveriesOf(ctx(), endpoint);
      assert.deepEqual(
        deliveries.map((d) => [d.status, d.status_code, d.error]),
        Array(3).fill(["succeeded", 200, null]),
      );
      await Promise.all([sending.stop(), other.stop()]);
    });

    it("records the answer of a delivery on the wire when another one's 410 disables the endpoint", async () => {
      const owner = await ownerKey(ctx());
      const rx = await receiver();
      rx.queue({ status: 410 }, { delayMs: 800 });
      const endpoint = await addEndpoint(ctx(), owner, rx.url, ["webhook.test"]);
      await queueEvents(ctx(), endpoint, 2);
      const worker = controlledWorker(ctx());
      assert.equal(await worker.runOnce(), 2);
      const outcomes = (await deliveriesOf(ctx(), endpoint)).map((d) => [d.status, d.status_code]);
      assert.deepEqual(
        outcomes.sort(),
        [
          ["failed", 410],
          ["succeeded", 200],
        ].sort(),
      );
      await worker.stop();
    });

    it("keeps every replaced secret signing for its own 24 hours, and refuses a rotation beyond five", async () => {
      const owner = await ownerKey(ctx());
      const rx = await receiver();
      const endpoint = await addEndpoint(ctx(), owner, rx.url, ["webhook.test"]);
      const secrets = [endpoint.secret];
      for (let i = 0; i < 2; i++) {
        const rotated = await webhookRoute(ctx(), owner, "POST", `/${endpoint.id}/secret`);
        expectStatus(rotated, 201);
        secrets.push(rotated.json().secret);
      }
      await sendTestEvent(ctx(), endpoint);
      const worker = controlledWorker(ctx());
      await worker.runOnce();
      const message = rx.received.at(-1)!;
      assert.equal(message.headers["webhook-signature"]!.split(" ").length, 3);
      for (const secret of secrets) {
        assert.ok(verifies(secret, message, worker.now().getTime()), "each live secret signs");
      }
      worker.advance(DAY_MS + 60_000);
      await sendTestEvent(ctx(), endpoint);
      await worker.runOnce();
      const later = rx.received.at(-1)!;
      assert.equal(later.headers["webhook-signature"]!.split(" ").length, 1);
      assert.ok(verifies(secrets.at(-1)!, later, worker.now().getTime()));
      await worker.stop();

      for (let i = 0; i < 3; i++) {
        expectStatus(await webhookRoute(ctx(), owner, "POST", `/${endpoint.id}/secret`), 201);
      }
      const refused = await webhookRoute(ctx(), owner, "POST", `/${endpoint.id}/secret`);
      expectProblem(refused, 409, "CONFLICT");
      assert.match(refused.json().detail, /5 previous secrets that still sign/);
    });
  },
  { env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: "true" } },
);
