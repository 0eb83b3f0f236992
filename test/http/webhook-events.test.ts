/**
 * Every webhook event type reaches an endpoint subscribed to it, as the contract's Standard
 * Webhooks message (docs/webhooks.md): `{ id, type, created_at, mode, data }`, `data`
 * the object as the API shows it, signed with the endpoint's secret (checked with the
 * `standardwebhooks` package), `webhook-id` the event id, and never a key or a secret in it.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { describe, it } from "node:test";
import {
  allocate,
  DATABASES,
  expectStatus,
  type QuestFixture,
  questFixture,
  type TestContext,
  withContext,
} from "../helpers/app.js";
import { applicationProof, newWallet, randomClient } from "../helpers/wallet.js";
import {
  addEndpoint,
  cleanUpAfterEach,
  controlledWorker,
  deliveriesOf,
  type Endpoint,
  messageOf,
  type Received,
  type Receiver,
  receiver,
  sendTestEvent,
  verifies,
  verify,
} from "../helpers/webhook-receiver.js";

const ENV = { WEBHOOK_ALLOW_PRIVATE_TARGETS: "true" };
const ISO_MS_Z = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
/** A whole API key (a display prefix such as `sk_AbC12` is shorter). */
const WHOLE_KEY = /sk_(test_)?[0-9A-Za-z]{32,}/;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** A secret of the right shape that no endpoint has. */
const strangerSecret = () => `whsec_${randomBytes(32).toString("base64")}`;

/** The one message `rx` got. */
function onlyMessage(rx: Receiver): Received {
  assert.equal(rx.received.length, 1, `one message: ${rx.received.map((m) => m.body).join("\n")}`);
  return rx.received[0]!;
}

/**
 * Checks a received message as the contract describes it, verified with the endpoint's secret
 * by `standardwebhooks` (and refused under any other secret); returns its parsed body.
 */
function signedMessage(message: Received, endpoint: Endpoint, type: string) {
  assert.equal(message.method, "POST");
  assert.match(message.headers["content-type"] ?? "", /^application\/json/);
  const verified = verify(endpoint.secret, message);
  assert.equal(verifies(strangerSecret(), message), false, "another secret does not verify it");
  const body = messageOf(message);
  assert.deepEqual(verified, body);
  assert.deepEqual(Object.keys(body).sort(), ["created_at", "data", "id", "mode", "type"]);
  assert.match(body.id, /^evt_[0-9a-f]{32}$/);
  assert.equal(message.headers["webhook-id"], body.id, "webhook-id is the event id");
  assert.match(message.headers["webhook-timestamp"] ?? "", /^\d+$/);
  assert.match(message.headers["webhook-signature"] ?? "", /^v1,[A-Za-z0-9+/]+=*$/);
  assert.equal(body.type, type);
  assert.match(body.created_at, ISO_MS_Z);
  assert.ok(!message.body.includes("whsec_"), "no secret in the body");
  assert.doesNotMatch(message.body, WHOLE_KEY, "no API key in the body");
  return body;
}

/** Sends what is due with a worker of the test's own, at about the real time. */
async function deliver(ctx: TestContext) {
  const worker = controlledWorker(ctx);
  await worker.runOnce();
  return worker;
}

async function pay(ctx: TestContext, fixture: QuestFixture, points: number) {
  const response = await allocate(ctx, fixture, { points, address: fixture.playerPass });
  expectStatus(response, 200);
  return response.json().payout as {
    id: string;
    amount: number;
    created_at: string;
    account: { pass: string };
  };
}

for (const kind of DATABASES) {
  describe(`webhook events reach their subscribers, signed [${kind}]`, () => {
    const ctx = withContext(kind, ENV);
    cleanUpAfterEach();

    it("sends payout.created with the payout as the allocation answered it, and its quest", async () => {
      const fixture = await questFixture(ctx());
      const rx = await receiver();
      const endpoint = await addEndpoint(ctx(), fixture, rx.url, ["payout.created"]);
      const payout = await pay(ctx(), fixture, 25);

      const worker = await deliver(ctx());
      const message = onlyMessage(rx);
      const body = signedMessage(message, endpoint, "payout.created");
      assert.equal(body.mode, "live");
      assert.deepEqual(body.data, { ...payout, quest_id: fixture.questId });
      assert.ok(!message.body.includes("sk_"), "no key, not even a key's prefix");
      assert.equal(
        message.headers["webhook-timestamp"],
        String(Math.floor(worker.now().getTime() / 1000)),
        "signed at the time it was sent",
      );
      const [delivery, ...more] = await deliveriesOf(ctx(), endpoint);
      assert.equal(more.length, 0);
      assert.equal(delivery!.event_id, body.id);
      assert.equal(delivery!.event_type, "payout.created");
      assert.equal(delivery!.status, "succeeded");
      assert.equal(delivery!.attempt, 1);
      assert.equal(delivery!.status_code, 200);
      assert.equal(delivery!.error, null);
      assert.equal(delivery!.next_attempt_at, null);
    });

    it("sends payout.reversed with the reversal as the owner's reversal answered it", async () => {
      const fixture = await questFixture(ctx());
      const rx = await receiver();
      const endpoint = await addEndpoint(ctx(), fixture, rx.url, ["payout.reversed"]);
      const payout = await pay(ctx(), fixture, 40);
      const reversed = await ctx().inject({
        method: "POST",
        url: `/quests/${fixture.questId}/payouts/${payout.id}/reversal`,
        headers: { "x-api-key": fixture.apiKey },
        payload: { reason: "Completed by mistake" },
      });
      expectStatus(reversed, 201);
      const reversal = reversed.json().reversal;

      await deliver(ctx());
      const message = onlyMessage(rx);
      const body = signedMessage(message, endpoint, "payout.reversed");
      assert.equal(body.mode, "live");
      assert.deepEqual(body.data, { ...reversal, quest_id: fixture.questId });
      assert.equal(body.data.payout_id, payout.id);
      assert.equal(body.data.amount, 40);
      assert.ok(!message.body.includes("sk_"));
    });

    it("sends quest.budget_low when the remainder falls below 10 % of total_points, not at it", async () => {
      const fixture = await questFixture(ctx(), {
        total_points: 1000,
        expected_points_per_completion: 10,
      });
      const rx = await receiver();
      const endpoint = await addEndpoint(ctx(), fixture, rx.url, ["quest.budget_low"]);
      await pay(ctx(), fixture, 900); // 100 left: exactly 10 %, not below
      await deliver(ctx());
      assert.equal(rx.received.length, 0, "nothing at 10 % exactly");

      await pay(ctx(), fixture, 1); // 99 left
      await deliver(ctx());
      const body = signedMessage(onlyMessage(rx), endpoint, "quest.budget_low");
      assert.equal(body.mode, "live");
      assert.deepEqual(body.data, {
        id: fixture.questId,
        name: "Quest",
        mode: "live",
        total_points: 1000,
        points_remaining: 99,
        expected_points_per_completion: 10,
      });
    });

    it("sends quest.budget_exhausted to the owner's endpoint and to an operator endpoint subscribed to it", async () => {
      const fixture = await questFixture(ctx(), {
        total_points: 100,
        expected_points_per_completion: 10,
      });
      const ownerRx = await receiver();
      const operatorRx = await receiver();
      const owner = await addEndpoint(ctx(), fixture, ownerRx.url, ["quest.budget_exhausted"]);
      const operator = await addEndpoint(ctx(), "operators", operatorRx.url, [
        "quest.budget_exhausted",
      ]);
      assert.equal(operator.mode, "live");
      await pay(ctx(), fixture, 90); // 10 left: one completion's worth, not below
      await deliver(ctx());
      assert.equal(ownerRx.received.length + operatorRx.received.length, 0);

      await pay(ctx(), fixture, 1); // 9 left
      await deliver(ctx());
      const toOwner = onlyMessage(ownerRx);
      const toOperator = onlyMessage(operatorRx);
      const ownerBody = signedMessage(toOwner, owner, "quest.budget_exhausted");
      const operatorBody = signedMessage(toOperator, operator, "quest.budget_exhausted");
      assert.equal(verifies(operator.secret, toOwner), false, "each signed with its own secret");
      assert.equal(verifies(owner.secret, toOperator), false);
      assert.deepEqual(operatorBody, ownerBody, "one event, heard by both");
      assert.deepEqual(ownerBody.data, {
        id: fixture.questId,
        name: "Quest",
        mode: "live",
        total_points: 100,
        points_remaining: 9,
        expected_points_per_completion: 10,
      });
    });

    it("sends webhook.test to that endpoint only, whatever it subscribed to", async () => {
      const fixture = await questFixture(ctx());
      const rx = await receiver();
      const otherRx = await receiver();
      const endpoint = await addEndpoint(ctx(), fixture, rx.url, ["payout.reversed"]);
      await addEndpoint(ctx(), fixture, otherRx.url, ["payout.reversed", "webhook.test"]);
      const eventId = await sendTestEvent(ctx(), endpoint);

      await deliver(ctx());
      const body = signedMessage(onlyMessage(rx), endpoint, "webhook.test");
      assert.equal(body.id, eventId);
      assert.equal(body.mode, "live");
      assert.equal(body.data.endpoint_id, endpoint.id);
      assert.equal(otherRx.received.length, 0, "the owner's other endpoint hears nothing");
    });

    it("sends application.submitted and application.decided to an operator endpoint", async () => {
      const rx = await receiver();
      const endpoint = await addEndpoint(ctx(), "operators", rx.url, [
        "application.submitted",
        "application.decided",
      ]);
      const wallet = newWallet();
      const now = Date.now();
      const submitted = await ctx().inject({
        method: "POST",
        url: "/applications",
        remoteAddress: randomClient(),
        payload: {
          project: "Hooked Quests",
          contact: "team@hooked.example",
          owner: wallet.address,
          proof: await applicationProof(ctx().inject, wallet),
          quest: {
            name: "Swap once",
            description: "Make your first swap",
            total_points: 1000,
            expected_points_per_completion: 10,
            start: new Date(now - HOUR_MS).toISOString(),
            end: new Date(now + 10 * DAY_MS).toISOString(),
          },
        },
      });
      expectStatus(submitted, 201);
      const { id, token } = submitted.json();
      await deliver(ctx());
      const submittedBody = signedMessage(onlyMessage(rx), endpoint, "application.submitted");
      assert.equal(submittedBody.mode, "live");
      assert.equal(submittedBody.data.id, id);
      assert.equal(submittedBody.data.status, "pending");
      assert.equal(submittedBody.data.owner, wallet.address);
      assert.equal(submittedBody.data.project, "Hooked Quests");
      assert.equal(submittedBody.data.decided_at, null);
      assert.ok(!rx.received[0]!.body.includes(token), "never the applicant's token");

      const approved = await ctx().admin("POST", `/admin/applications/${id}/approve`, {});
      expectStatus(approved, 200);
      const decision = approved.json();
      await deliver(ctx());
      assert.equal(rx.received.length, 2);
      const decidedBody = signedMessage(rx.received[1]!, endpoint, "application.decided");
      assert.notEqual(decidedBody.id, submittedBody.id);
      assert.equal(decidedBody.data.id, id);
      assert.equal(decidedBody.data.status, "approved");
      assert.equal(decidedBody.data.decided_at, decision.decided_at);
      assert.equal(decidedBody.data.quest_id, decision.quest_id);
      assert.equal(decidedBody.data.test_quest_id, decision.test_quest_id);
      assert.ok(!rx.received[1]!.body.includes(token));
    });

    it("sends key.revoked to an operator endpoint, naming the key by id and prefix only", async () => {
      const fixture = await questFixture(ctx());
      const rx = await receiver();
      const endpoint = await addEndpoint(ctx(), "operators", rx.url, ["key.revoked"]);
      expectStatus(await ctx().admin("DELETE", `/admin/keys/${fixture.keyId}`), 204);

      await deliver(ctx());
      const message = onlyMessage(rx);
      const body = signedMessage(message, endpoint, "key.revoked");
      assert.equal(body.mode, "live");
      assert.deepEqual(Object.keys(body.data).sort(), [
        "account_id",
        "id",
        "mode",
        "prefix",
        "revoked_at",
      ]);
      assert.equal(body.data.id, fixture.keyId);
      assert.equal(body.data.account_id, fixture.ownerId);
      assert.equal(body.data.mode, "live");
      assert.match(String(body.data.revoked_at), ISO_MS_Z);
      const prefix = String(body.data.prefix);
      assert.ok(fixture.apiKey.startsWith(prefix) && prefix.length < fixture.apiKey.length);
      assert.ok(!message.body.includes(fixture.apiKey), "never the key itself");
    });
  });
}
