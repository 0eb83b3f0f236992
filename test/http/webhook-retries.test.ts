/**
 * What a receiver's failures come to (docs/webhooks.md): each attempt recorded on
 * `GET /webhooks/{id}/deliveries`, retries after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h (or
 * after `Retry-After` on 429 and 503), then `failed`; a 410 disables the endpoint at once, and so
 * do 5 days of nothing but failures, audited. The worker runs on a clock the test moves.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  DATABASES,
  expectProblem,
  expectStatus,
  questFixture,
  type TestContext,
  withContext,
} from "../helpers/app.js";
import {
  addEndpoint,
  cleanUpAfterEach,
  closedPort,
  controlledWorker,
  type DeliveryItem,
  deliveriesOf,
  type Endpoint,
  endpointOf,
  receiver,
  sendTestEvent,
  webhookRoute,
} from "../helpers/webhook-receiver.js";

const ENV = { WEBHOOK_ALLOW_PRIVATE_TARGETS: "true" };
const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** The contract's waits after each failed attempt (the worker's `random` is 0.5: no jitter). */
const SCHEDULE_MS = [
  5 * SECOND_MS,
  5 * MINUTE_MS,
  30 * MINUTE_MS,
  2 * HOUR_MS,
  5 * HOUR_MS,
  10 * HOUR_MS,
  10 * HOUR_MS,
];

const iso = (at: Date | number) => new Date(at).toISOString();

/** An owner's endpoint at `url`, subscribed to their payouts (the tests send it test events). */
async function ownerEndpoint(ctx: TestContext, url: string): Promise<Endpoint> {
  const fixture = await questFixture(ctx);
  return addEndpoint(ctx, fixture, url, ["payout.created"]);
}

/** The endpoint's one delivery. */
async function onlyDelivery(ctx: TestContext, endpoint: Endpoint): Promise<DeliveryItem> {
  const items = await deliveriesOf(ctx, endpoint);
  assert.equal(items.length, 1, JSON.stringify(items));
  return items[0]!;
}

/** `webhook.disable` audit entries of an endpoint. */
async function disablings(ctx: TestContext, endpoint: Endpoint) {
  const response = await ctx.admin(
    "GET",
    `/admin/audit?action=webhook.disable&target_id=${endpoint.id}`,
  );
  expectStatus(response, 200);
  return response.json().items as {
    actor: string;
    action: string;
    target_type: string;
    target_id: string;
    details: { reason: string };
  }[];
}

for (const kind of DATABASES) {
  describe(`webhook retries and failures [${kind}]`, () => {
    const ctx = withContext(kind, ENV);
    cleanUpAfterEach();

    it("retries a 500 after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then fails the delivery after the 8th attempt", async () => {
      const rx = await receiver({ status: 500 });
      const endpoint = await ownerEndpoint(ctx(), rx.url);
      const eventId = await sendTestEvent(ctx(), endpoint);
      const worker = controlledWorker(ctx());

      for (let attempt = 1; attempt <= SCHEDULE_MS.length + 1; attempt++) {
        const at = worker.now().getTime();
        assert.equal(await worker.runOnce(), 1, `attempt ${attempt} is made`);
        const delivery = await onlyDelivery(ctx(), endpoint);
        assert.equal(delivery.event_id, eventId);
        assert.equal(delivery.attempt, attempt);
        assert.equal(delivery.status_code, 500);
        assert.match(delivery.error ?? "", /500/);
        assert.equal(delivery.at, iso(at), "the attempt's time");
        if (attempt === SCHEDULE_MS.length + 1) {
          assert.equal(delivery.status, "failed", "no attempt after the 8th");
          assert.equal(delivery.next_attempt_at, null);
          break;
        }
        assert.equal(delivery.status, "pending");
        const next = at + SCHEDULE_MS[attempt - 1]!;
        assert.equal(delivery.next_attempt_at, iso(next), `the wait after attempt ${attempt}`);
        worker.set(next - 1);
        assert.equal(await worker.runOnce(), 0, "not before it is due");
        worker.set(next);
      }
      assert.equal(rx.received.length, 8);
      assert.ok(
        rx.received.every((m) => m.headers["webhook-id"] === eventId),
        "one webhook-id",
      );
      assert.ok(
        rx.received.every((m) => m.body === rx.received[0]!.body),
        "the same body",
      );
      worker.advance(DAY_MS);
      assert.equal(await worker.runOnce(), 0, "a failed delivery is not tried again");
      assert.equal((await endpointOf(ctx(), endpoint)).disabled_at, null);
      assert.deepEqual(worker.errors, []);
    });

    it("records a receiver that answers later than the timeout as an attempt with no answer", async () => {
      const rx = await receiver({ delayMs: 1500 });
      const endpoint = await ownerEndpoint(ctx(), rx.url);
      await sendTestEvent(ctx(), endpoint);
      const worker = controlledWorker(ctx(), { timeoutMs: 500 });
      await worker.runOnce();
      assert.equal(rx.received.length, 1, "the message was sent");
      const delivery = await onlyDelivery(ctx(), endpoint);
      assert.equal(delivery.status, "pending");
      assert.equal(delivery.attempt, 1);
      assert.equal(delivery.status_code, null);
      assert.match(delivery.error ?? "", /no answer/);
      assert.equal(delivery.next_attempt_at, iso(worker.now().getTime() + 5 * SECOND_MS));
    });

    it("honours Retry-After on a 429: the next attempt comes 120 s later, not 5 s", async () => {
      const rx = await receiver();
      rx.queue({ status: 429, headers: { "retry-after": "120" } });
      const endpoint = await ownerEndpoint(ctx(), rx.url);
      await sendTestEvent(ctx(), endpoint);
      const worker = controlledWorker(ctx());
      await worker.runOnce();
      const first = await onlyDelivery(ctx(), endpoint);
      assert.equal(first.status, "pending");
      assert.equal(first.status_code, 429);
      assert.match(first.error ?? "", /429/);
      const next = worker.now().getTime() + 120 * SECOND_MS;
      assert.equal(first.next_attempt_at, iso(next));

      worker.set(next - 1);
      assert.equal(await worker.runOnce(), 0, "not at 5 s, nor before 120 s");
      worker.set(next);
      assert.equal(await worker.runOnce(), 1);
      const second = await onlyDelivery(ctx(), endpoint);
      assert.equal(second.status, "succeeded");
      assert.equal(second.attempt, 2);
      assert.equal(second.status_code, 200);
      assert.equal(second.error, null);
    });

    it("honours Retry-After on a 503, in seconds or as a date, but not on a 500", async () => {
      const rx = await receiver({ status: 500, headers: { "retry-after": "120" } });
      rx.queue({ status: 503, headers: { "retry-after": "600" } });
      const endpoint = await ownerEndpoint(ctx(), rx.url);
      await sendTestEvent(ctx(), endpoint);
      const worker = controlledWorker(ctx());
      // A whole second, so an HTTP date (whole seconds) is an exact wait.
      worker.set(Math.ceil(worker.now().getTime() / SECOND_MS) * SECOND_MS);

      await worker.runOnce();
      let delivery = await onlyDelivery(ctx(), endpoint);
      assert.equal(delivery.status_code, 503);
      const afterSeconds = worker.now().getTime() + 600 * SECOND_MS;
      assert.equal(delivery.next_attempt_at, iso(afterSeconds));

      worker.set(afterSeconds);
      rx.queue({
        status: 503,
        headers: { "retry-after": new Date(afterSeconds + 45 * MINUTE_MS).toUTCString() },
      });
      await worker.runOnce();
      delivery = await onlyDelivery(ctx(), endpoint);
      assert.equal(delivery.attempt, 2);
      assert.equal(delivery.next_attempt_at, iso(afterSeconds + 45 * MINUTE_MS));

      worker.set(afterSeconds + 45 * MINUTE_MS);
      await worker.runOnce(); // the 500 with its Retry-After
      delivery = await onlyDelivery(ctx(), endpoint);
      assert.equal(delivery.attempt, 3);
      assert.equal(delivery.status_code, 500);
      assert.equal(
        delivery.next_attempt_at,
        iso(worker.now().getTime() + SCHEDULE_MS[2]!),
        "a 500 keeps the schedule",
      );
      assert.equal(rx.received.length, 3);
    });

    it("records a refused connection, saying so", async () => {
      const port = await closedPort();
      const endpoint = await ownerEndpoint(ctx(), `http://127.0.0.1:${port}/hook`);
      await sendTestEvent(ctx(), endpoint);
      const worker = controlledWorker(ctx());
      assert.equal(await worker.runOnce(), 1);
      const delivery = await onlyDelivery(ctx(), endpoint);
      assert.equal(delivery.status, "pending");
      assert.equal(delivery.attempt, 1);
      assert.equal(delivery.status_code, null);
      assert.match(delivery.error ?? "", /connection refused/);
      assert.equal(delivery.next_attempt_at, iso(worker.now().getTime() + 5 * SECOND_MS));
    });

    it("disables the endpoint at once on a 410, fails its pending deliveries and audits it as the service", async () => {
      const rx = await receiver({ status: 410 });
      const endpoint = await ownerEndpoint(ctx(), rx.url);
      const first = await sendTestEvent(ctx(), endpoint);
      const second = await sendTestEvent(ctx(), endpoint);
      // One send at a time, so the second is still pending when the first meets the 410.
      const worker = controlledWorker(ctx(), { perEndpoint: 1 });
      assert.equal(await worker.runOnce(), 1);
      assert.equal(rx.received.length, 1);

      const shown = await endpointOf(ctx(), endpoint);
      assert.equal(shown.disabled_at, iso(worker.now()));
      assert.match(shown.disabled_reason ?? "", /410/);
      const deliveries = await deliveriesOf(ctx(), endpoint);
      assert.equal(deliveries.length, 2);
      const sent = deliveries.find((d) => d.attempt === 1)!;
      const unsent = deliveries.find((d) => d.attempt === 0)!;
      assert.ok([first, second].includes(sent.event_id));
      assert.equal(sent.status, "failed");
      assert.equal(sent.status_code, 410);
      assert.equal(unsent.status, "failed", "the pending delivery fails with the endpoint");
      assert.match(unsent.error ?? "", /disabled/);

      worker.advance(DAY_MS);
      assert.equal(await worker.runOnce(), 0);
      assert.equal(rx.received.length, 1, "nothing more is sent");
      expectProblem(
        await webhookRoute(ctx(), endpoint.owner, "POST", `/${endpoint.id}/test`),
        409,
        "CONFLICT",
      );
      const audit = await disablings(ctx(), endpoint);
      assert.equal(audit.length, 1);
      assert.equal(audit[0]!.actor, "service");
      assert.equal(audit[0]!.target_type, "webhook");
      assert.match(audit[0]!.details.reason, /410/);
      assert.deepEqual(worker.errors, []);
    });

    it("treats a redirect as a failed attempt and does not follow it", async () => {
      const target = await receiver();
      const rx = await receiver({ status: 302, headers: { location: target.url } });
      const endpoint = await ownerEndpoint(ctx(), rx.url);
      await sendTestEvent(ctx(), endpoint);
      const worker = controlledWorker(ctx());
      await worker.runOnce();
      assert.equal(rx.received.length, 1);
      assert.equal(target.received.length, 0, "the Location target hears nothing");
      const delivery = await onlyDelivery(ctx(), endpoint);
      assert.equal(delivery.status, "pending");
      assert.equal(delivery.status_code, 302);
      assert.match(delivery.error ?? "", /redirect/);
      assert.equal(delivery.next_attempt_at, iso(worker.now().getTime() + 5 * SECOND_MS));
    });

    it("disables an endpoint after more than 5 days of nothing but failures, audited once", async () => {
      const rx = await receiver({ status: 500 });
      const endpoint = await ownerEndpoint(ctx(), rx.url);
      await sendTestEvent(ctx(), endpoint);
      const worker = controlledWorker(ctx());
      const start = worker.now().getTime();
      await worker.runOnce(); // the first failure

      worker.set(start + 4 * DAY_MS);
      assert.equal(await worker.runOnce(), 1, "the retry, four days on");
      assert.equal((await endpointOf(ctx(), endpoint)).disabled_at, null, "4 days: still enabled");

      // Two more failing deliveries and the first one's retry, all past 5 days.
      await sendTestEvent(ctx(), endpoint);
      await sendTestEvent(ctx(), endpoint);
      worker.set(start + 5 * DAY_MS + SECOND_MS);
      assert.equal(await worker.runOnce(), 3);
      assert.equal(rx.received.length, 5);

      const shown = await endpointOf(ctx(), endpoint);
      assert.equal(shown.disabled_at, iso(worker.now()));
      assert.match(shown.disabled_reason ?? "", /5 days/);
      const deliveries = await deliveriesOf(ctx(), endpoint);
      assert.deepEqual(
        deliveries.map((d) => d.status),
        ["failed", "failed", "failed"],
      );
      const audit = await disablings(ctx(), endpoint);
      assert.equal(audit.length, 1, "one disabling, one audit entry");
      assert.equal(audit[0]!.actor, "service");
      assert.match(audit[0]!.details.reason, /5 days/);
      assert.deepEqual(worker.errors, [], "every attempt was recorded");
    });

    it("keeps an endpoint with a success among its failures: the 5 days count from the last success", async () => {
      const rx = await receiver({ status: 500 });
      const endpoint = await ownerEndpoint(ctx(), rx.url);
      await sendTestEvent(ctx(), endpoint);
      const worker = controlledWorker(ctx());
      const start = worker.now().getTime();
      await worker.runOnce(); // fails

      rx.answer({ status: 200 });
      worker.set(start + 3 * DAY_MS);
      await worker.runOnce(); // the retry succeeds
      assert.equal((await onlyDelivery(ctx(), endpoint)).status, "succeeded");

      rx.answer({ status: 500 });
      await sendTestEvent(ctx(), endpoint);
      worker.set(start + 5 * DAY_MS + SECOND_MS);
      await worker.runOnce(); // fails, more than 5 days after the first failure
      let shown = await endpointOf(ctx(), endpoint);
      assert.equal(shown.disabled_at, null, "the success reset the streak");
      assert.equal(shown.disabled_reason, null);

      // The streak that began with that failure disables the endpoint 5 days later.
      await sendTestEvent(ctx(), endpoint);
      worker.set(start + 10 * DAY_MS + 2 * SECOND_MS);
      await worker.runOnce();
      shown = await endpointOf(ctx(), endpoint);
      assert.equal(shown.disabled_at, iso(worker.now()));
      assert.equal((await disablings(ctx(), endpoint)).length, 1);
      assert.deepEqual(worker.errors, []);
    });
  });
}
