/**
 * Who hears what, and what a delivery carries (docs/webhooks.md): test-mode events go
 * to the test key's endpoints only, subscriptions filter, budget alerts fire once per crossing,
 * a change that rolls back writes no event, a secret rotation signs with both secrets for 24 h,
 * the pending work per endpoint is bounded, non-public targets are refused when sending, and a
 * redelivery keeps its webhook-id. Delivery runs on a worker whose clock the test moves.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { describe, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import {
  allocate,
  expectProblem,
  expectStatus,
  type QuestFixture,
  questFixture,
  type TestContext,
} from "../helpers/app.js";
import { batch, itemsTo } from "../helpers/batch-allocations.js";
import { describeEachDatabase } from "../helpers/each-database.js";
import { pointsRemaining } from "../helpers/owner-api.js";
import { payTo, reverseAsOwner, twoModes } from "../helpers/owners.js";
import {
  addEndpoint,
  cleanUpAfterEach,
  closedPort,
  controlledWorker,
  deliveriesOf,
  messageOf,
  type Receiver,
  receiver,
  sendTestEvent,
  verifies,
  webhookRoute,
} from "../helpers/webhook-receiver.js";

const ENV = { WEBHOOK_ALLOW_PRIVATE_TARGETS: "true" };
const DAY_MS = 24 * 60 * 60 * 1000;
const ALL_OWNER_EVENTS = [
  "payout.created",
  "payout.reversed",
  "quest.budget_low",
  "quest.budget_exhausted",
];

/** The types of the messages `rx` got, in the order they came. */
const typesOf = (rx: Receiver) => rx.received.map((m) => messageOf(m).type);

async function eventCount(ctx: TestContext): Promise<number> {
  const { rows } = await ctx.db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM webhook_events",
  );
  return rows[0]!.n;
}

/** A quest of 100 points whose owner's endpoint hears every owner event; the events so far. */
async function listenedQuest(ctx: TestContext) {
  const fixture = await questFixture(ctx, {
    total_points: 100,
    expected_points_per_completion: 10,
  });
  const rx = await receiver();
  const endpoint = await addEndpoint(ctx, fixture, rx.url, ALL_OWNER_EVENTS);
  return { fixture, rx, endpoint, events: await eventCount(ctx) };
}

/** One sample of `GET /metrics` (the sum over its labels that match). */
async function metric(ctx: TestContext, name: string, labels = ""): Promise<number> {
  const response = await ctx.inject({ url: "/metrics" });
  expectStatus(response, 200);
  const line = response.body
    .split("\n")
    .find((l) => l.startsWith(`${name}${labels ? `{${labels}}` : ""} `));
  return line === undefined ? 0 : Number(line.split(" ").at(-1));
}

describeEachDatabase(
  "webhook delivery",
  (ctx) => {
    cleanUpAfterEach();

    describe("test mode", () => {
      it("sends a test quest's payout to the test key's endpoint only, and a live payout to the live key's only", async () => {
        const f = await twoModes(ctx());
        const liveRx = await receiver();
        const testRx = await receiver();
        const liveEndpoint = await addEndpoint(ctx(), f.liveQuest, liveRx.url, ["payout.created"]);
        const testEndpoint = await addEndpoint(ctx(), f.testQuest, testRx.url, ["payout.created"]);
        assert.equal(liveEndpoint.mode, "live");
        assert.equal(testEndpoint.mode, "test");

        await payTo(ctx(), f.testQuest, 5, f.playerPass);
        await controlledWorker(ctx()).runOnce();
        assert.equal(liveRx.received.length, 0, "the live endpoint hears no test payout");
        assert.equal(testRx.received.length, 1);
        const test = messageOf(testRx.received[0]!);
        assert.equal(test.mode, "test");
        assert.equal(test.data.quest_id, f.testQuest.questId);
        assert.ok(verifies(testEndpoint.secret, testRx.received[0]!));

        await payTo(ctx(), f.liveQuest, 7, f.playerPass);
        await controlledWorker(ctx()).runOnce();
        assert.equal(testRx.received.length, 1, "the test endpoint hears no live payout");
        assert.equal(liveRx.received.length, 1);
        const live = messageOf(liveRx.received[0]!);
        assert.equal(live.mode, "live");
        assert.equal(live.data.quest_id, f.liveQuest.questId);
        assert.equal(live.data.amount, 7);
      });

      it("tells the operators nothing of a test quest's exhausted budget, which its owner hears", async () => {
        const f = await twoModes(ctx(), { total_points: 100, expected_points_per_completion: 10 });
        const ownerRx = await receiver();
        const operatorRx = await receiver();
        await addEndpoint(ctx(), f.testQuest, ownerRx.url, ["quest.budget_exhausted"]);
        await addEndpoint(ctx(), "operators", operatorRx.url, ["quest.budget_exhausted"]);
        await payTo(ctx(), f.testQuest, 95, f.playerPass);
        await controlledWorker(ctx()).runOnce();
        assert.deepEqual(typesOf(ownerRx), ["quest.budget_exhausted"]);
        assert.equal(messageOf(ownerRx.received[0]!).mode, "test");
        assert.equal(operatorRx.received.length, 0);
      });
    });

    describe("subscriptions", () => {
      it("delivers only the types an endpoint subscribed to, nothing to a disabled endpoint or another owner's", async () => {
        const fixture = await questFixture(ctx());
        const other = await questFixture(ctx());
        const bothRx = await receiver();
        const reversedRx = await receiver();
        const disabledRx = await receiver();
        const otherRx = await receiver();
        const reversedOnly = await addEndpoint(ctx(), fixture, reversedRx.url, ["payout.reversed"]);
        const disabled = await addEndpoint(ctx(), fixture, disabledRx.url, ALL_OWNER_EVENTS);
        const patched = await webhookRoute(ctx(), fixture, "PATCH", `/${disabled.id}`, {
          disabled: true,
        });
        expectStatus(patched, 200);
        assert.notEqual(patched.json().disabled_at, null);
        const othersEndpoint = await addEndpoint(ctx(), other, otherRx.url, ALL_OWNER_EVENTS);

        const events = await eventCount(ctx());
        await payTo(ctx(), fixture, 10, fixture.playerPass);
        assert.equal(await eventCount(ctx()), events, "no event that no enabled endpoint wants");

        // Another endpoint of the owner hears payouts: the event is written, for it alone.
        const both = await addEndpoint(ctx(), fixture, bothRx.url, [
          "payout.created",
          "payout.reversed",
        ]);
        const payout = await payTo(ctx(), fixture, 20, fixture.playerPass);
        await reverseAsOwner(ctx(), fixture, payout.id);
        assert.equal(await eventCount(ctx()), events + 2, "payout.created and payout.reversed");
        assert.deepEqual((await deliveriesOf(ctx(), both)).map((d) => d.event_type).sort(), [
          "payout.created",
          "payout.reversed",
        ]);
        assert.deepEqual(
          (await deliveriesOf(ctx(), reversedOnly)).map((d) => d.event_type),
          ["payout.reversed"],
        );
        assert.deepEqual(await deliveriesOf(ctx(), disabled), [], "nothing queued while disabled");
        assert.deepEqual(await deliveriesOf(ctx(), othersEndpoint), []);

        await controlledWorker(ctx()).runOnce();
        assert.deepEqual(typesOf(bothRx).sort(), ["payout.created", "payout.reversed"]);
        assert.deepEqual(typesOf(reversedRx), ["payout.reversed"]);
        const reversed = bothRx.received.find((m) => messageOf(m).type === "payout.reversed");
        assert.equal(reversedRx.received[0]!.body, reversed!.body, "one event, heard by both");
        assert.equal(disabledRx.received.length, 0);
        assert.equal(otherRx.received.length, 0);
      });
    });

    describe("budget alerts", () => {
      it("sends quest.budget_low once per crossing, again after a reversal or a bigger budget raised the remainder", async () => {
        const fixture = await questFixture(ctx(), {
          total_points: 1000,
          expected_points_per_completion: 10,
        });
        const rx = await receiver();
        const endpoint = await addEndpoint(ctx(), fixture, rx.url, ["quest.budget_low"]);
        const lowAlerts = async () =>
          (await deliveriesOf(ctx(), endpoint)).filter((d) => d.event_type === "quest.budget_low")
            .length;

        await payTo(ctx(), fixture, 850, fixture.playerPass); // 150 left
        const crossing = await payTo(ctx(), fixture, 60, fixture.playerPass); // 90 left
        assert.equal(await lowAlerts(), 1);
        await payTo(ctx(), fixture, 10, fixture.playerPass); // 80 left: still below
        assert.equal(await lowAlerts(), 1, "no second alert below the threshold");

        await reverseAsOwner(ctx(), fixture, crossing.id); // 140 left: above again
        assert.equal(await lowAlerts(), 1, "raising the remainder sends nothing");
        await payTo(ctx(), fixture, 50, fixture.playerPass); // 90 left
        assert.equal(await lowAlerts(), 2, "the next crossing fires again");

        const raised = await ctx().admin("PATCH", `/admin/quests/${fixture.questId}`, {
          total_points: 2000,
        }); // 1090 left of 2000
        expectStatus(raised, 200);
        assert.equal(await lowAlerts(), 2);
        await payTo(ctx(), fixture, 850, fixture.playerPass); // 240 left: not below 200
        assert.equal(await lowAlerts(), 2);
        await payTo(ctx(), fixture, 50, fixture.playerPass); // 190 left
        assert.equal(await lowAlerts(), 3);

        await controlledWorker(ctx()).runOnce();
        const alerts = rx.received.map((m) => messageOf(m).data);
        assert.deepEqual(
          alerts
            .map((d) => [d.total_points, d.points_remaining])
            .sort((a, b) => Number(a[0]) - Number(b[0]) || Number(a[1]) - Number(b[1])),
          [
            [1000, 90],
            [1000, 90],
            [2000, 190],
          ],
        );
        assert.ok(rx.received.every((m) => verifies(endpoint.secret, m)));
      });
    });

    describe("changes that roll back", () => {
      it("writes no event for a refused atomic batch nor for an allocation refused with INSUFFICIENT_POINTS", async () => {
        const { fixture, rx, endpoint, events } = await listenedQuest(ctx());

        const atomic = await batch(ctx(), fixture, {
          atomic: true,
          allocations: itemsTo(fixture.playerPass, 95, 10),
        });
        expectProblem(atomic, 400, "BATCH_REJECTED");
        expectProblem(
          await allocate(ctx(), fixture, { points: 101, address: fixture.playerPass }),
          400,
          "INSUFFICIENT_POINTS",
        );
        assert.equal(await eventCount(ctx()), events, "no event written");
        assert.deepEqual(await deliveriesOf(ctx(), endpoint), [], "no delivery queued");
        assert.equal(await controlledWorker(ctx()).runOnce(), 0);
        assert.equal(rx.received.length, 0);

        // The same points paid for real are three events: the endpoint was listening.
        await payTo(ctx(), fixture, 95, fixture.playerPass);
        await controlledWorker(ctx()).runOnce();
        assert.deepEqual(typesOf(rx).sort(), [
          "payout.created",
          "quest.budget_exhausted",
          "quest.budget_low",
        ]);
      });

      it("writes no event for an allocation whose transaction fails at COMMIT, after its write", async () => {
        const { fixture, rx, endpoint, events } = await listenedQuest(ctx());
        // A deferred check on this quest's payouts: the write succeeds, its COMMIT fails.
        const name = `refuse_commit_${randomBytes(4).toString("hex")}`;
        await ctx().db.query(
          `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN RAISE EXCEPTION 'refused at commit by the test'; END $$`,
        );
        await ctx().db.query(
          `CREATE CONSTRAINT TRIGGER ${name} AFTER INSERT ON payouts
         DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
         WHEN (NEW.quest_id = ${Number(fixture.questId)}) EXECUTE FUNCTION ${name}()`,
        );
        try {
          const refused = await allocate(ctx(), fixture, {
            points: 95,
            address: fixture.playerPass,
          });
          assert.equal(refused.statusCode, 500, refused.body);
        } finally {
          await ctx().db.query(`DROP TRIGGER ${name} ON payouts`);
          await ctx().db.query(`DROP FUNCTION ${name}()`);
        }
        assert.equal(await eventCount(ctx()), events, "the events rolled back with the payout");
        assert.deepEqual(await deliveriesOf(ctx(), endpoint), []);
        assert.equal(await pointsRemaining(ctx(), fixture), 100, "nothing was paid");
        assert.equal(await controlledWorker(ctx()).runOnce(), 0);
        assert.equal(rx.received.length, 0);
      });
    });

    describe("secret rotation", () => {
      it("signs with the old and the new secret for 24 h after a rotation, then with the new one only", async () => {
        const fixture = await questFixture(ctx());
        const rx = await receiver();
        const endpoint = await addEndpoint(ctx(), fixture, rx.url, ["payout.created"]);
        const rotated = await webhookRoute(ctx(), fixture, "POST", `/${endpoint.id}/secret`);
        expectStatus(rotated, 201);
        const { secret, previous_secret_valid_until } = rotated.json();
        assert.match(secret, /^whsec_/);
        assert.notEqual(secret, endpoint.secret);
        const until = Date.parse(previous_secret_valid_until);
        assert.ok(Math.abs(until - (Date.now() + DAY_MS)) < 60_000, previous_secret_valid_until);

        await payTo(ctx(), fixture, 1, fixture.playerPass);
        const worker = controlledWorker(ctx());
        await worker.runOnce();
        const during = rx.received[0]!;
        assert.equal(during.headers["webhook-signature"]!.split(" ").length, 2);
        assert.ok(verifies(endpoint.secret, during), "the old secret verifies it");
        assert.ok(verifies(secret, during), "the new secret verifies it");
        assert.equal(verifies(`whsec_${randomBytes(32).toString("base64")}`, during), false);

        await sendTestEvent(ctx(), endpoint);
        worker.set(until - 1000);
        await worker.runOnce();
        const lastSecond = rx.received[1]!;
        assert.equal(lastSecond.headers["webhook-signature"]!.split(" ").length, 2);
        assert.ok(verifies(endpoint.secret, lastSecond, until - 1000));

        await sendTestEvent(ctx(), endpoint);
        worker.set(until + 1000);
        await worker.runOnce();
        const after = rx.received[2]!;
        assert.equal(after.headers["webhook-signature"]!.split(" ").length, 1);
        assert.ok(verifies(secret, after, until + 1000), "the new secret verifies it");
        assert.equal(verifies(endpoint.secret, after, until + 1000), false, "the old one no more");
      });
    });

    describe("bounded pending work", () => {
      it("fails the oldest deliveries beyond WEBHOOK_PENDING_MAX, saying so, and counts them on /metrics", async () => {
        const fixture = await questFixture(ctx());
        const port = await closedPort(); // the receiver is down
        const endpoint = await addEndpoint(ctx(), fixture, `http://127.0.0.1:${port}/hook`, [
          "payout.created",
        ]);
        const sent: string[] = [];
        for (let i = 0; i < 5; i++) {
          sent.push(await sendTestEvent(ctx(), endpoint));
          await sleep(5); // distinct creation times: "oldest" is unambiguous
        }
        const droppedBefore = await metric(ctx(), "questpoints_webhook_deliveries_dropped_total");
        const worker = controlledWorker(ctx(), {
          pendingMax: 3,
          onDropped: (count) => ctx().services.metrics.webhookDropped(count),
        });
        assert.equal(await worker.runOnce(), 3, "the 3 kept are sent");

        const failed = await deliveriesOf(ctx(), endpoint, "failed");
        assert.deepEqual(failed.map((d) => d.event_id).sort(), sent.slice(0, 2).sort());
        for (const delivery of failed) {
          assert.equal(delivery.attempt, 0, "never sent");
          assert.match(delivery.error ?? "", /WEBHOOK_PENDING_MAX/);
        }
        const pending = await deliveriesOf(ctx(), endpoint, "pending");
        assert.deepEqual(pending.map((d) => d.event_id).sort(), sent.slice(2).sort());
        for (const delivery of pending) {
          assert.equal(delivery.attempt, 1);
          assert.match(delivery.error ?? "", /connection refused/);
        }
        assert.equal(
          (await metric(ctx(), "questpoints_webhook_deliveries_dropped_total")) - droppedBefore,
          2,
        );
      });
    });

    describe("targets checked when sending", () => {
      it("refuses to send to a loopback endpoint when private targets are not allowed", async () => {
        const rx = await receiver();
        const fixture = await questFixture(ctx());
        // Stored while private targets were allowed; sent by a worker that does not allow them.
        const byName = await addEndpoint(ctx(), fixture, `http://localhost:${rx.port}/hook`, [
          "payout.created",
        ]);
        const byAddress = await addEndpoint(ctx(), fixture, rx.url, ["payout.created"]);
        await sendTestEvent(ctx(), byName);
        await sendTestEvent(ctx(), byAddress);
        const strict = controlledWorker(ctx(), { allowPrivateTargets: false });
        assert.equal(await strict.runOnce(), 2);
        assert.equal(rx.received.length, 0, "the receiver got nothing");
        for (const endpoint of [byName, byAddress]) {
          const [delivery] = await deliveriesOf(ctx(), endpoint);
          assert.equal(delivery!.status, "pending");
          assert.equal(delivery!.attempt, 1);
          assert.equal(delivery!.status_code, null);
          assert.match(delivery!.error ?? "", /not a public address/);
        }

        // The receiver is there: a worker allowing private targets reaches it.
        const lenient = controlledWorker(ctx());
        lenient.set(strict.now().getTime() + 5000);
        await lenient.runOnce();
        assert.equal((await deliveriesOf(ctx(), byAddress))[0]!.status, "succeeded");
      });
    });

    describe("redelivery", () => {
      it("redelivers an event with the same webhook-id and the same body", async () => {
        const fixture: QuestFixture = await questFixture(ctx());
        const rx = await receiver();
        const endpoint = await addEndpoint(ctx(), fixture, rx.url, ["payout.created"]);
        await payTo(ctx(), fixture, 3, fixture.playerPass);
        await controlledWorker(ctx()).runOnce();
        assert.equal(rx.received.length, 1);
        const eventId = messageOf(rx.received[0]!).id;

        const again = await webhookRoute(
          ctx(),
          fixture,
          "POST",
          `/${endpoint.id}/events/${eventId}/redeliver`,
        );
        expectStatus(again, 202);
        const deliveries = await deliveriesOf(ctx(), endpoint);
        assert.equal(deliveries.length, 2, "a redelivery is another delivery");
        assert.ok(deliveries.every((d) => d.event_id === eventId));

        await controlledWorker(ctx()).runOnce();
        assert.equal(rx.received.length, 2);
        const [first, second] = rx.received;
        assert.equal(second!.headers["webhook-id"], eventId);
        assert.equal(second!.headers["webhook-id"], first!.headers["webhook-id"]);
        assert.equal(second!.body, first!.body, "the same bytes");
        assert.ok(verifies(endpoint.secret, second!));
        assert.deepEqual(
          (await deliveriesOf(ctx(), endpoint)).map((d) => d.status),
          ["succeeded", "succeeded"],
        );
      });
    });
  },
  { env: ENV },
);
