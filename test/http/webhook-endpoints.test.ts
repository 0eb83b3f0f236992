import assert from "node:assert/strict";
import { lookup } from "node:dns/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { hostname } from "node:os";
import { it } from "node:test";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { expectProblem, expectStatus, issueKey, type TestContext } from "../helpers/app.js";
import { describeEachDatabase } from "../helpers/each-database.js";
import { newOwner } from "../helpers/owners.js";
import type { DeliveryItem } from "../helpers/webhook-receiver.js";

const ALLOW_PRIVATE = { WEBHOOK_ALLOW_PRIVATE_TARGETS: "true" };
const DAY_MS = 24 * 60 * 60 * 1000;
const ISO_MS_Z = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SECRET_SHAPE = /^whsec_[A-Za-z0-9+/]{40,}={0,2}$/;
const ENDPOINT_KEYS = [
  "created_at",
  "description",
  "disabled_at",
  "disabled_reason",
  "events",
  "id",
  "mode",
  "url",
];
const OWNER_EVENTS = ["payout.created", "quest.budget_low"];
const OPERATOR_EVENTS = ["application.submitted", "key.revoked"];
/** A receiver nobody listens on: creating and listing never send to it. */
const QUIET_URL = "http://127.0.0.1:9/hook";

interface Endpoint {
  id: string;
  url: string;
  events: string[];
  description: string;
  mode: "live" | "test";
  created_at: string;
  disabled_at: string | null;
  disabled_reason: string | null;
}
interface AuditEntry {
  actor: string;
  action: string;
  target_type: string;
  target_id: string;
  details: Record<string, unknown>;
}

/** An owner's request with its API key. */
function asKey(
  ctx: TestContext,
  key: string,
  method: InjectOptions["method"],
  url: string,
  body?: unknown,
): Promise<LightMyRequestResponse> {
  return ctx.inject({
    method,
    url,
    headers: { "x-api-key": key },
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

/** Creates an endpoint with a key and answers it (secret included). */
async function addEndpoint(
  ctx: TestContext,
  key: string,
  body: Record<string, unknown> = { url: QUIET_URL, events: OWNER_EVENTS },
): Promise<Endpoint & { secret: string }> {
  const response = await asKey(ctx, key, "POST", "/webhooks", body);
  expectStatus(response, 201);
  return response.json();
}

async function addOperatorEndpoint(
  ctx: TestContext,
  body: Record<string, unknown> = { url: QUIET_URL, events: OPERATOR_EVENTS },
): Promise<Endpoint & { secret: string }> {
  const response = await ctx.admin("POST", "/admin/webhooks", body);
  expectStatus(response, 201);
  return response.json();
}

function assertNoSecret(response: LightMyRequestResponse, what: string) {
  assert.doesNotMatch(response.body, /whsec_/, `${what} must not carry a secret`);
  const body = response.json();
  const items: unknown[] = Array.isArray(body?.items) ? body.items : [body];
  for (const item of items) {
    assert.ok(
      item !== null && typeof item === "object" && !("secret" in item),
      `${what}: ${JSON.stringify(item)}`,
    );
  }
}

function decodedSecretBytes(secret: string): number {
  return Buffer.from(secret.slice("whsec_".length), "base64").length;
}

async function listed(ctx: TestContext, key: string): Promise<Endpoint[]> {
  const response = await asKey(ctx, key, "GET", "/webhooks?limit=500");
  expectStatus(response, 200);
  return response.json().items;
}

async function deliveries(
  ctx: TestContext,
  key: string,
  id: string,
  query = "",
): Promise<DeliveryItem[]> {
  const response = await asKey(ctx, key, "GET", `/webhooks/${id}/deliveries${query}`);
  expectStatus(response, 200);
  assert.deepEqual(Object.keys(response.json()).sort(), ["items", "next_cursor"]);
  return response.json().items;
}

/** The audit entries of one action on one endpoint, through the operator's listing. */
async function auditOf(ctx: TestContext, action: string, endpointId: string) {
  const response = await ctx.admin(
    "GET",
    `/admin/audit?action=${action}&target_type=webhook&target_id=${endpointId}&limit=500`,
  );
  expectStatus(response, 200);
  return { entries: response.json().items as AuditEntry[], body: response.body };
}

/** A receiver on 127.0.0.1 answering every request with `status`. */
async function receiver(status: number) {
  const server = createServer((request, response) => {
    request.resume();
    request.on("end", () => response.writeHead(status).end());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describeEachDatabase(
  "webhook endpoints over HTTP",
  (ctx) => {
    it("shows an endpoint's signing secret once, in the creation answer, and never after", async () => {
      const owner = await newOwner(ctx());
      const created = await asKey(ctx(), owner.key, "POST", "/webhooks", {
        url: QUIET_URL,
        events: OWNER_EVENTS,
        description: "Payouts to the ledger",
      });
      expectStatus(created, 201);
      const body = created.json();
      assert.deepEqual(Object.keys(body).sort(), [...ENDPOINT_KEYS, "secret"].sort());
      assert.match(body.id, UUID);
      assert.equal(body.url, QUIET_URL);
      assert.deepEqual(body.events, OWNER_EVENTS);
      assert.equal(body.description, "Payouts to the ledger");
      assert.equal(body.mode, "live");
      assert.match(body.created_at, ISO_MS_Z);
      assert.equal(body.disabled_at, null);
      assert.equal(body.disabled_reason, null);
      assert.match(body.secret, SECRET_SHAPE);
      assert.ok(decodedSecretBytes(body.secret) >= 24, "at least 24 random bytes");

      const other = await addEndpoint(ctx(), owner.key);
      assert.notEqual(other.secret, body.secret, "each endpoint has its own secret");
      assert.equal(other.description, "", "the description is optional");

      const read = await asKey(ctx(), owner.key, "GET", `/webhooks/${body.id}`);
      expectStatus(read, 200);
      assert.deepEqual(Object.keys(read.json()).sort(), ENDPOINT_KEYS);
      const { secret: _secret, ...shown } = body;
      assert.deepEqual(read.json(), shown);
      assertNoSecret(read, "GET /webhooks/{id}");

      const list = await asKey(ctx(), owner.key, "GET", "/webhooks");
      expectStatus(list, 200);
      assert.deepEqual(
        list
          .json()
          .items.map((e: Endpoint) => e.id)
          .sort(),
        [body.id, other.id].sort(),
      );
      assertNoSecret(list, "GET /webhooks");

      const patched = await asKey(ctx(), owner.key, "PATCH", `/webhooks/${body.id}`, {
        description: "renamed",
      });
      expectStatus(patched, 200);
      assert.deepEqual(Object.keys(patched.json()).sort(), ENDPOINT_KEYS);
      assertNoSecret(patched, "PATCH /webhooks/{id}");
    });

    it("hides an owner's endpoints from every other account's key", async () => {
      const owner = await newOwner(ctx());
      const stranger = await newOwner(ctx());
      const endpoint = await addEndpoint(ctx(), owner.key);
      const test = await asKey(ctx(), owner.key, "POST", `/webhooks/${endpoint.id}/test`);
      expectStatus(test, 202);
      const eventId = test.json().event_id as string;

      const attempts: Array<[InjectOptions["method"], string, unknown?]> = [
        ["GET", `/webhooks/${endpoint.id}`],
        ["PATCH", `/webhooks/${endpoint.id}`, { description: "mine now" }],
        ["DELETE", `/webhooks/${endpoint.id}`],
        ["POST", `/webhooks/${endpoint.id}/test`],
        ["GET", `/webhooks/${endpoint.id}/deliveries`],
        ["POST", `/webhooks/${endpoint.id}/secret`],
        ["POST", `/webhooks/${endpoint.id}/events/${eventId}/redeliver`],
      ];
      for (const [method, url, body] of attempts) {
        expectProblem(await asKey(ctx(), stranger.key, method, url, body), 404, "NOT_FOUND");
      }
      assert.deepEqual(await listed(ctx(), stranger.key), []);

      // Nothing the stranger tried changed it.
      const read = await asKey(ctx(), owner.key, "GET", `/webhooks/${endpoint.id}`);
      expectStatus(read, 200);
      assert.equal(read.json().description, "");
      assert.equal((await deliveries(ctx(), owner.key, endpoint.id)).length, 1);
    });

    it("keeps a test key's endpoints apart from the live key's of the same account", async () => {
      const owner = await newOwner(ctx());
      const testKey = (await issueKey(ctx(), owner.pass, "test")).key;
      const live = await addEndpoint(ctx(), owner.key);

      assert.deepEqual(await listed(ctx(), testKey), []);
      expectProblem(await asKey(ctx(), testKey, "GET", `/webhooks/${live.id}`), 404, "NOT_FOUND");
      expectProblem(
        await asKey(ctx(), testKey, "DELETE", `/webhooks/${live.id}`),
        404,
        "NOT_FOUND",
      );

      const test = await addEndpoint(ctx(), testKey);
      assert.equal(test.mode, "test");
      assert.deepEqual(
        (await listed(ctx(), testKey)).map((e) => [e.id, e.mode]),
        [[test.id, "test"]],
      );
      assert.deepEqual(
        (await listed(ctx(), owner.key)).map((e) => [e.id, e.mode]),
        [[live.id, "live"]],
      );
      expectProblem(await asKey(ctx(), owner.key, "GET", `/webhooks/${test.id}`), 404, "NOT_FOUND");
    });

    it("lists operator endpoints and owner endpoints apart", async () => {
      const owner = await newOwner(ctx());
      const mine = await addEndpoint(ctx(), owner.key);
      const operators = await addOperatorEndpoint(ctx());
      assert.equal(operators.mode, "live");

      const adminList = await ctx().admin("GET", "/admin/webhooks?limit=500");
      expectStatus(adminList, 200);
      const adminIds = adminList.json().items.map((e: Endpoint) => e.id);
      assert.ok(adminIds.includes(operators.id));
      assert.ok(!adminIds.includes(mine.id), "the operators do not list an owner's endpoint");
      expectProblem(await ctx().admin("GET", `/admin/webhooks/${mine.id}`), 404, "NOT_FOUND");

      assert.deepEqual(
        (await listed(ctx(), owner.key)).map((e) => e.id),
        [mine.id],
      );
      expectProblem(
        await asKey(ctx(), owner.key, "GET", `/webhooks/${operators.id}`),
        404,
        "NOT_FOUND",
      );
      expectProblem(
        await asKey(ctx(), owner.key, "PATCH", `/webhooks/${operators.id}`, { disabled: true }),
        404,
        "NOT_FOUND",
      );
    });

    it("refuses bad events, urls, extra fields and empty changes, naming the field", async () => {
      const owner = await newOwner(ctx());
      const create = (body: unknown) => asKey(ctx(), owner.key, "POST", "/webhooks", body);
      expectProblem(await create({ url: QUIET_URL, events: [] }), 400, "BAD_REQUEST", "events");
      expectProblem(
        await create({ url: QUIET_URL, events: ["payout.exploded"] }),
        400,
        "BAD_REQUEST",
        "events",
      );
      expectProblem(
        await create({ url: QUIET_URL, events: ["payout.created", "key.revoked"] }),
        400,
        "BAD_REQUEST",
        "events",
      );
      expectProblem(
        await ctx().admin("POST", "/admin/webhooks", {
          url: QUIET_URL,
          events: ["payout.created"],
        }),
        400,
        "BAD_REQUEST",
        "events",
      );
      expectProblem(
        await create({ url: "not a url", events: OWNER_EVENTS }),
        400,
        "BAD_REQUEST",
        "url",
      );
      expectProblem(await create({ events: OWNER_EVENTS }), 400, "BAD_REQUEST", "url");
      expectProblem(
        await create({ url: QUIET_URL, events: OWNER_EVENTS, mode: "test" }),
        400,
        "BAD_REQUEST",
        "mode",
      );
      expectProblem(
        await create({ url: QUIET_URL, events: OWNER_EVENTS, secret: "whsec_chosen" }),
        400,
        "BAD_REQUEST",
        "secret",
      );
      assert.deepEqual(await listed(ctx(), owner.key), [], "no refused endpoint was created");

      const endpoint = await addEndpoint(ctx(), owner.key);
      const patch = (body: unknown) =>
        asKey(ctx(), owner.key, "PATCH", `/webhooks/${endpoint.id}`, body);
      expectProblem(await patch({}), 400, "BAD_REQUEST");
      expectProblem(await patch({ events: [] }), 400, "BAD_REQUEST", "events");
      expectProblem(await patch({ events: ["key.revoked"] }), 400, "BAD_REQUEST", "events");
      expectProblem(await patch({ url: "nowhere" }), 400, "BAD_REQUEST", "url");
      expectProblem(await patch({ secret: "whsec_chosen" }), 400, "BAD_REQUEST", "secret");
      const unchanged = await asKey(ctx(), owner.key, "GET", `/webhooks/${endpoint.id}`);
      const { secret: _secret, ...shown } = endpoint;
      assert.deepEqual(unchanged.json(), shown, "no refused change was applied");

      for (const [method, url] of [
        ["GET", "/webhooks/not-a-uuid"],
        ["PATCH", "/webhooks/not-a-uuid"],
        ["DELETE", "/webhooks/not-a-uuid"],
        ["POST", "/webhooks/not-a-uuid/test"],
        ["POST", "/webhooks/not-a-uuid/secret"],
        ["GET", "/webhooks/not-a-uuid/deliveries"],
      ] as const) {
        const body = method === "PATCH" ? { description: "x" } : undefined;
        expectProblem(await asKey(ctx(), owner.key, method, url, body), 404, "NOT_FOUND");
      }
    });

    it("holds at most 20 endpoints per account and mode, and makes room when one is deleted", async () => {
      const owner = await newOwner(ctx());
      const ids: string[] = [];
      for (let i = 0; i < 20; i++) ids.push((await addEndpoint(ctx(), owner.key)).id);
      assert.deepEqual((await listed(ctx(), owner.key)).map((e) => e.id).sort(), [...ids].sort());

      const over = await asKey(ctx(), owner.key, "POST", "/webhooks", {
        url: QUIET_URL,
        events: OWNER_EVENTS,
      });
      expectProblem(over, 409, "CONFLICT");
      assert.equal((await listed(ctx(), owner.key)).length, 20);

      const testKey = (await issueKey(ctx(), owner.pass, "test")).key;
      const test = await addEndpoint(ctx(), testKey);
      assert.equal(test.mode, "test", "the bound is per mode");

      expectStatus(await asKey(ctx(), owner.key, "DELETE", `/webhooks/${ids[0]}`), 204);
      const again = await addEndpoint(ctx(), owner.key);
      assert.equal((await listed(ctx(), owner.key)).length, 20);
      assert.ok((await listed(ctx(), owner.key)).some((e) => e.id === again.id));
      expectProblem(
        await asKey(ctx(), owner.key, "POST", "/webhooks", {
          url: QUIET_URL,
          events: OWNER_EVENTS,
        }),
        409,
        "CONFLICT",
      );
    });

    it("shows changes on reading; a disabled endpoint takes no test event until enabled again", async () => {
      const owner = await newOwner(ctx());
      const endpoint = await addEndpoint(ctx(), owner.key);
      const path = `/webhooks/${endpoint.id}`;
      const changed = await asKey(ctx(), owner.key, "PATCH", path, {
        url: "http://127.0.0.1:10/other",
        events: ["payout.reversed", "quest.budget_exhausted"],
        description: "reversals only",
      });
      expectStatus(changed, 200);
      const read = await asKey(ctx(), owner.key, "GET", path);
      expectStatus(read, 200);
      assert.deepEqual(read.json(), changed.json());
      assert.equal(read.json().url, "http://127.0.0.1:10/other");
      assert.deepEqual(read.json().events, ["payout.reversed", "quest.budget_exhausted"]);
      assert.equal(read.json().description, "reversals only");
      assert.equal(read.json().created_at, endpoint.created_at);

      const disabled = await asKey(ctx(), owner.key, "PATCH", path, { disabled: true });
      expectStatus(disabled, 200);
      const disabledRead = (await asKey(ctx(), owner.key, "GET", path)).json();
      assert.match(disabledRead.disabled_at, ISO_MS_Z);
      assert.equal(typeof disabledRead.disabled_reason, "string");
      assert.ok(disabledRead.disabled_reason.length > 0);
      assert.equal(disabledRead.url, "http://127.0.0.1:10/other", "disabling keeps the rest");
      expectProblem(await asKey(ctx(), owner.key, "POST", `${path}/test`), 409, "CONFLICT");
      assert.deepEqual(await deliveries(ctx(), owner.key, endpoint.id), []);

      const enabled = await asKey(ctx(), owner.key, "PATCH", path, { disabled: false });
      expectStatus(enabled, 200);
      const enabledRead = (await asKey(ctx(), owner.key, "GET", path)).json();
      assert.equal(enabledRead.disabled_at, null);
      assert.equal(enabledRead.disabled_reason, null);
      expectStatus(await asKey(ctx(), owner.key, "POST", `${path}/test`), 202);
    });

    it("deletes an endpoint with its deliveries", async () => {
      const owner = await newOwner(ctx());
      const endpoint = await addEndpoint(ctx(), owner.key);
      const keep = await addEndpoint(ctx(), owner.key);
      const path = `/webhooks/${endpoint.id}`;
      expectStatus(await asKey(ctx(), owner.key, "POST", `${path}/test`), 202);
      expectStatus(await asKey(ctx(), owner.key, "POST", `/webhooks/${keep.id}/test`), 202);
      assert.equal((await deliveries(ctx(), owner.key, endpoint.id)).length, 1);

      const deleted = await asKey(ctx(), owner.key, "DELETE", path);
      expectStatus(deleted, 204);
      assert.equal(deleted.body, "");
      expectProblem(await asKey(ctx(), owner.key, "GET", path), 404, "NOT_FOUND");
      expectProblem(await asKey(ctx(), owner.key, "GET", `${path}/deliveries`), 404, "NOT_FOUND");
      expectProblem(await asKey(ctx(), owner.key, "DELETE", path), 404, "NOT_FOUND");
      const { rows } = await ctx().db.query<{ count: number }>(
        "SELECT count(*)::int AS count FROM webhook_deliveries WHERE endpoint_id = $1",
        [endpoint.id],
      );
      assert.equal(rows[0]!.count, 0, "its deliveries are gone");
      assert.deepEqual(
        (await listed(ctx(), owner.key)).map((e) => e.id),
        [keep.id],
      );
      assert.equal(
        (await deliveries(ctx(), owner.key, keep.id)).length,
        1,
        "another endpoint's deliveries stay",
      );
    });

    it("rotates the secret: a new one, and the time the old one stops signing", async () => {
      const owner = await newOwner(ctx());
      const endpoint = await addEndpoint(ctx(), owner.key);
      const before = Date.now();
      const rotated = await asKey(ctx(), owner.key, "POST", `/webhooks/${endpoint.id}/secret`);
      const after = Date.now();
      expectStatus(rotated, 201);
      const body = rotated.json();
      assert.deepEqual(Object.keys(body).sort(), ["previous_secret_valid_until", "secret"]);
      assert.match(body.secret, SECRET_SHAPE);
      assert.ok(decodedSecretBytes(body.secret) >= 24);
      assert.notEqual(body.secret, endpoint.secret);
      assert.match(body.previous_secret_valid_until, ISO_MS_Z);
      const until = Date.parse(body.previous_secret_valid_until);
      assert.ok(
        until >= before + DAY_MS - 1000 && until <= after + DAY_MS + 1000,
        `about 24 h ahead: ${body.previous_secret_valid_until}`,
      );

      const again = await asKey(ctx(), owner.key, "POST", `/webhooks/${endpoint.id}/secret`);
      expectStatus(again, 201);
      assert.notEqual(again.json().secret, body.secret);
      assertNoSecret(
        await asKey(ctx(), owner.key, "GET", `/webhooks/${endpoint.id}`),
        "GET after rotating",
      );
    });

    it("queues a test event as one pending delivery to that endpoint only", async () => {
      const owner = await newOwner(ctx());
      const endpoint = await addEndpoint(ctx(), owner.key, {
        url: QUIET_URL,
        events: ["payout.created"],
      });
      const other = await addEndpoint(ctx(), owner.key, {
        url: QUIET_URL,
        events: ["webhook.test"],
      });
      const sent = await asKey(ctx(), owner.key, "POST", `/webhooks/${endpoint.id}/test`);
      expectStatus(sent, 202);
      assert.deepEqual(Object.keys(sent.json()), ["event_id"]);
      const eventId = sent.json().event_id as string;
      assert.match(eventId, /^evt_/);

      const items = await deliveries(ctx(), owner.key, endpoint.id);
      assert.equal(items.length, 1);
      const [delivery] = items;
      assert.deepEqual(Object.keys(delivery!).sort(), [
        "at",
        "attempt",
        "duration_ms",
        "error",
        "event_id",
        "event_type",
        "id",
        "next_attempt_at",
        "status",
        "status_code",
      ]);
      assert.match(delivery!.id, UUID);
      assert.equal(delivery!.event_id, eventId);
      assert.equal(delivery!.event_type, "webhook.test");
      assert.equal(delivery!.status, "pending");
      assert.equal(delivery!.attempt, 0);
      assert.equal(delivery!.status_code, null);
      assert.match(delivery!.at, ISO_MS_Z);
      assert.match(String(delivery!.next_attempt_at), ISO_MS_Z);
      assert.deepEqual(
        (await deliveries(ctx(), owner.key, endpoint.id, "?status=pending")).map((d) => d.id),
        [delivery!.id],
      );
      assert.deepEqual(await deliveries(ctx(), owner.key, endpoint.id, "?status=succeeded"), []);
      assert.deepEqual(await deliveries(ctx(), owner.key, endpoint.id, "?status=failed"), []);
      assert.deepEqual(
        await deliveries(ctx(), owner.key, other.id),
        [],
        "the endpoint subscribed to webhook.test was not sent another's test",
      );
      expectProblem(
        await asKey(ctx(), owner.key, "GET", `/webhooks/${endpoint.id}/deliveries?status=lost`),
        400,
        "BAD_REQUEST",
        "status",
      );
    });

    it("redelivers an event an endpoint was sent, and only such an event", async () => {
      const owner = await newOwner(ctx());
      const endpoint = await addEndpoint(ctx(), owner.key);
      const other = await addEndpoint(ctx(), owner.key);
      const sent = await asKey(ctx(), owner.key, "POST", `/webhooks/${endpoint.id}/test`);
      expectStatus(sent, 202);
      const eventId = sent.json().event_id as string;

      const redelivered = await asKey(
        ctx(),
        owner.key,
        "POST",
        `/webhooks/${endpoint.id}/events/${eventId}/redeliver`,
      );
      expectStatus(redelivered, 202);
      assert.deepEqual(redelivered.json(), { event_id: eventId });
      const items = await deliveries(ctx(), owner.key, endpoint.id);
      assert.equal(items.length, 2);
      assert.notEqual(items[0]!.id, items[1]!.id);
      for (const item of items) {
        assert.equal(item.event_id, eventId);
        assert.equal(item.event_type, "webhook.test");
        assert.equal(item.status, "pending");
      }

      expectProblem(
        await asKey(ctx(), owner.key, "POST", `/webhooks/${other.id}/events/${eventId}/redeliver`),
        404,
        "NOT_FOUND",
      );
      expectProblem(
        await asKey(
          ctx(),
          owner.key,
          "POST",
          `/webhooks/${endpoint.id}/events/evt_0000000000000000000000000000dead/redeliver`,
        ),
        404,
        "NOT_FOUND",
      );
      assert.deepEqual(await deliveries(ctx(), owner.key, other.id), []);
      assert.equal((await deliveries(ctx(), owner.key, endpoint.id)).length, 2);

      expectStatus(
        await asKey(ctx(), owner.key, "PATCH", `/webhooks/${endpoint.id}`, { disabled: true }),
        200,
      );
      expectProblem(
        await asKey(
          ctx(),
          owner.key,
          "POST",
          `/webhooks/${endpoint.id}/events/${eventId}/redeliver`,
        ),
        409,
        "CONFLICT",
      );
    });

    it("lists a delivered test event under succeeded once a receiver took it", async () => {
      const target = await receiver(204);
      try {
        const owner = await newOwner(ctx());
        const endpoint = await addEndpoint(ctx(), owner.key, {
          url: target.url,
          events: ["payout.created"],
        });
        const sent = await asKey(ctx(), owner.key, "POST", `/webhooks/${endpoint.id}/test`);
        expectStatus(sent, 202);
        await ctx().services.webhooks.runOnce();
        const succeeded = await deliveries(ctx(), owner.key, endpoint.id, "?status=succeeded");
        assert.equal(succeeded.length, 1);
        assert.equal(succeeded[0]!.event_id, sent.json().event_id);
        assert.equal(succeeded[0]!.attempt, 1);
        assert.equal(succeeded[0]!.status_code, 204);
        assert.equal(succeeded[0]!.next_attempt_at, null);
        assert.deepEqual(await deliveries(ctx(), owner.key, endpoint.id, "?status=pending"), []);
      } finally {
        await target.close();
      }
    });

    it("audits every change by who made it, and never the secret", async () => {
      const owner = await newOwner(ctx());
      const created = await addEndpoint(ctx(), owner.key);
      const path = `/webhooks/${created.id}`;
      expectStatus(await asKey(ctx(), owner.key, "PATCH", path, { description: "audited" }), 200);
      const rotated = await asKey(ctx(), owner.key, "POST", `${path}/secret`);
      expectStatus(rotated, 201);
      const sent = await asKey(ctx(), owner.key, "POST", `${path}/test`);
      expectStatus(sent, 202);
      const eventId = sent.json().event_id as string;
      expectStatus(
        await asKey(ctx(), owner.key, "POST", `${path}/events/${eventId}/redeliver`),
        202,
      );
      expectStatus(await asKey(ctx(), owner.key, "DELETE", path), 204);

      const secrets = [created.secret, rotated.json().secret as string];
      for (const action of [
        "webhook.create",
        "webhook.update",
        "webhook.rotate_secret",
        "webhook.redeliver",
        "webhook.delete",
      ]) {
        const { entries, body } = await auditOf(ctx(), action, created.id);
        assert.equal(entries.length, 1, `${action}: ${body}`);
        assert.equal(entries[0]!.actor, `account:${owner.id}`, action);
        assert.equal(entries[0]!.target_type, "webhook");
        assert.equal(entries[0]!.target_id, created.id);
        assert.doesNotMatch(body, /whsec_/, `${action} carries no secret`);
        for (const secret of secrets) assert.ok(!body.includes(secret.slice(6)), action);
      }
      const updated = await auditOf(ctx(), "webhook.update", created.id);
      assert.equal(updated.entries[0]!.details.description, "audited");
      const redelivered = await auditOf(ctx(), "webhook.redeliver", created.id);
      assert.equal(redelivered.entries[0]!.details.event_id, eventId);

      const operators = await addOperatorEndpoint(ctx());
      const opPath = `/admin/webhooks/${operators.id}`;
      expectStatus(await ctx().admin("PATCH", opPath, { description: "ops" }), 200);
      expectStatus(await ctx().admin("POST", `${opPath}/secret`), 201);
      const opSent = await ctx().admin("POST", `${opPath}/test`);
      expectStatus(opSent, 202);
      expectStatus(
        await ctx().admin("POST", `${opPath}/events/${opSent.json().event_id}/redeliver`),
        202,
      );
      expectStatus(await ctx().admin("DELETE", opPath), 204);
      for (const action of [
        "webhook.create",
        "webhook.update",
        "webhook.rotate_secret",
        "webhook.redeliver",
        "webhook.delete",
      ]) {
        const { entries, body } = await auditOf(ctx(), action, operators.id);
        assert.equal(entries.length, 1, `${action}: ${body}`);
        assert.equal(entries[0]!.actor, "operator:bootstrap", action);
      }

      const all = await ctx().admin("GET", "/admin/audit?target_type=webhook&limit=500");
      expectStatus(all, 200);
      assert.ok(all.json().items.length >= 10);
      assert.doesNotMatch(all.body, /whsec_/, "no audit entry carries a secret");
      const { rows } = await ctx().db.query<{ details: string }>(
        "SELECT details::text AS details FROM audit_log",
      );
      for (const row of rows) assert.doesNotMatch(row.details, /whsec_/);
    });

    it("lets the operator run an endpoint's whole life under /admin/webhooks, and nobody without the token", async () => {
      const created = await ctx().admin("POST", "/admin/webhooks", {
        url: QUIET_URL,
        events: OPERATOR_EVENTS,
        description: "ops pager",
      });
      expectStatus(created, 201);
      const endpoint = created.json();
      assert.deepEqual(Object.keys(endpoint).sort(), [...ENDPOINT_KEYS, "secret"].sort());
      assert.match(endpoint.secret, SECRET_SHAPE);
      assert.deepEqual(endpoint.events, OPERATOR_EVENTS);
      assert.equal(endpoint.mode, "live");
      const path = `/admin/webhooks/${endpoint.id}`;

      const list = await ctx().admin("GET", "/admin/webhooks?limit=500");
      expectStatus(list, 200);
      assert.ok(list.json().items.some((e: Endpoint) => e.id === endpoint.id));
      assertNoSecret(list, "GET /admin/webhooks");

      const read = await ctx().admin("GET", path);
      expectStatus(read, 200);
      assert.equal(read.json().description, "ops pager");
      assertNoSecret(read, "GET /admin/webhooks/{id}");

      const patched = await ctx().admin("PATCH", path, {
        events: ["application.decided", "quest.budget_exhausted"],
      });
      expectStatus(patched, 200);
      assertNoSecret(patched, "PATCH /admin/webhooks/{id}");
      assert.deepEqual((await ctx().admin("GET", path)).json().events, [
        "application.decided",
        "quest.budget_exhausted",
      ]);

      const sent = await ctx().admin("POST", `${path}/test`);
      expectStatus(sent, 202);
      assert.match(sent.json().event_id, /^evt_/);
      const listedDeliveries = await ctx().admin("GET", `${path}/deliveries`);
      expectStatus(listedDeliveries, 200);
      assert.deepEqual(
        listedDeliveries
          .json()
          .items.map((d: DeliveryItem) => [d.event_id, d.event_type, d.status]),
        [[sent.json().event_id, "webhook.test", "pending"]],
      );

      for (const [method, url] of [
        ["POST", "/admin/webhooks"],
        ["GET", "/admin/webhooks"],
        ["GET", path],
        ["PATCH", path],
        ["DELETE", path],
        ["POST", `${path}/test`],
        ["POST", `${path}/secret`],
        ["GET", `${path}/deliveries`],
      ] as const) {
        const body =
          method === "POST" && url === "/admin/webhooks"
            ? { url: QUIET_URL, events: OPERATOR_EVENTS }
            : method === "PATCH"
              ? { disabled: true }
              : undefined;
        const bare = await ctx().inject({
          method,
          url,
          ...(body === undefined ? {} : { payload: body }),
        });
        expectProblem(bare, 401, "UNAUTHORIZED");
        const wrong = await ctx().inject({
          method,
          url,
          headers: { authorization: "Bearer not-the-token-0123456789" },
          ...(body === undefined ? {} : { payload: body }),
        });
        expectProblem(wrong, 401, "UNAUTHORIZED");
      }
      assert.equal((await ctx().admin("GET", path)).json().disabled_at, null, "nothing changed");

      expectStatus(await ctx().admin("DELETE", path), 204);
      expectProblem(await ctx().admin("GET", path), 404, "NOT_FOUND");
    });

    it("answers Cache-Control: no-store to owners and operators, errors included", async () => {
      const owner = await newOwner(ctx());
      const created = await asKey(ctx(), owner.key, "POST", "/webhooks", {
        url: QUIET_URL,
        events: OWNER_EVENTS,
      });
      const id = created.json().id as string;
      const opCreated = await ctx().admin("POST", "/admin/webhooks", {
        url: QUIET_URL,
        events: OPERATOR_EVENTS,
      });
      const opId = opCreated.json().id as string;
      const answers: Array<[string, LightMyRequestResponse]> = [
        ["owner create", created],
        ["owner list", await asKey(ctx(), owner.key, "GET", "/webhooks")],
        ["owner read", await asKey(ctx(), owner.key, "GET", `/webhooks/${id}`)],
        ["owner rotate", await asKey(ctx(), owner.key, "POST", `/webhooks/${id}/secret`)],
        ["owner test", await asKey(ctx(), owner.key, "POST", `/webhooks/${id}/test`)],
        ["owner deliveries", await asKey(ctx(), owner.key, "GET", `/webhooks/${id}/deliveries`)],
        [
          "owner bad body",
          await asKey(ctx(), owner.key, "POST", "/webhooks", { url: "x", events: [] }),
        ],
        ["owner unknown id", await asKey(ctx(), owner.key, "GET", "/webhooks/not-a-uuid")],
        ["owner no key", await ctx().inject({ method: "GET", url: "/webhooks" })],
        ["owner delete", await asKey(ctx(), owner.key, "DELETE", `/webhooks/${id}`)],
        ["operator create", opCreated],
        ["operator list", await ctx().admin("GET", "/admin/webhooks")],
        ["operator read", await ctx().admin("GET", `/admin/webhooks/${opId}`)],
        ["operator rotate", await ctx().admin("POST", `/admin/webhooks/${opId}/secret`)],
        ["operator no token", await ctx().inject({ method: "GET", url: "/admin/webhooks" })],
        ["operator delete", await ctx().admin("DELETE", `/admin/webhooks/${opId}`)],
      ];
      assert.equal(created.statusCode, 201);
      assert.equal(opCreated.statusCode, 201);
      for (const [what, response] of answers) {
        assert.equal(response.headers["cache-control"], "no-store", what);
      }
    });
  },
  { env: ALLOW_PRIVATE },
);

describeEachDatabase("webhook targets without WEBHOOK_ALLOW_PRIVATE_TARGETS", (ctx, kind) => {
  /** Every target a message must not go to; the whole list on PGlite, a few on PostgreSQL. */
  const refused =
    kind === "pglite"
      ? [
          "http://example.com/hook",
          "https://127.0.0.1/",
          "https://10.0.0.5/",
          "https://192.168.1.1/",
          "https://169.254.169.254/latest",
          "https://[::1]/",
          "https://[::ffff:127.0.0.1]/",
          "https://[fe80::1]/",
          "https://[fc00::1]/",
          "https://2130706433/",
          "https://0x7f.1/",
          "https://localhost/",
          "https://127.0.0.1.nip.io.localhost/",
        ]
      : ["http://example.com/hook", "https://127.0.0.1/", "https://[::ffff:127.0.0.1]/"];

  it("refuses plain http and loopback, private and link-local targets, naming url", async () => {
    const owner = await newOwner(ctx());
    const endpoint = await addEndpoint(ctx(), owner.key, {
      url: "https://93.184.215.14/hook",
      events: OWNER_EVENTS,
    });
    for (const url of refused) {
      const created = await asKey(ctx(), owner.key, "POST", "/webhooks", {
        url,
        events: OWNER_EVENTS,
      });
      expectProblem(created, 400, "BAD_REQUEST", "url");
      const changed = await asKey(ctx(), owner.key, "PATCH", `/webhooks/${endpoint.id}`, {
        url,
      });
      expectProblem(changed, 400, "BAD_REQUEST", "url");
      const operators = await ctx().admin("POST", "/admin/webhooks", {
        url,
        events: OPERATOR_EVENTS,
      });
      expectProblem(operators, 400, "BAD_REQUEST", "url");
    }
    assert.deepEqual(
      (await listed(ctx(), owner.key)).map((e) => [e.id, e.url]),
      [[endpoint.id, "https://93.184.215.14/hook"]],
      "only the public https target was kept",
    );
  });

  it("refuses a host name that resolves to a loopback address", async () => {
    const name = hostname();
    const addresses = (await lookup(name, { all: true })).map((a) => a.address);
    assert.ok(
      addresses.length > 0 && addresses.every((a) => a.startsWith("127.") || a === "::1"),
      `this test needs the machine's name ${name} to resolve to loopback: ${addresses}`,
    );
    const owner = await newOwner(ctx());
    expectProblem(
      await asKey(ctx(), owner.key, "POST", "/webhooks", {
        url: `https://${name}/hook`,
        events: OWNER_EVENTS,
      }),
      400,
      "BAD_REQUEST",
      "url",
    );
    assert.deepEqual(await listed(ctx(), owner.key), []);
  });
});
