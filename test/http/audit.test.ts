import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { describe, it } from "node:test";
import type { InjectOptions } from "fastify";
import {
  ADMIN_TOKEN,
  createAccount,
  DATABASES,
  expectProblem,
  expectStatus,
  randomPass,
  type TestContext,
  withContext,
} from "../helpers/app.js";

const DAY_MS = 24 * 60 * 60 * 1000;
const iso = (ms: number) => new Date(ms).toISOString();
const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
/** A whole key's shape (a display prefix such as `sk_AbC12` is shorter). */
const KEY_SHAPE = /sk_(test_)?[0-9A-Za-z]{32,}/;

interface Entry {
  id: string;
  at: string;
  actor: string;
  action: string;
  target_type: string;
  target_id: string;
  request_id: string | null;
  details: Record<string, unknown>;
}

/** An operator request carrying our own x-request-id. */
async function operator(
  ctx: TestContext,
  method: InjectOptions["method"],
  url: string,
  body?: unknown,
) {
  const requestId = `audit-${randomUUID()}`;
  const response = await ctx.inject({
    method,
    url,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, "x-request-id": requestId },
    ...(body === undefined ? {} : { payload: body as object }),
  });
  assert.equal(response.headers["x-request-id"], requestId, "the request id is adopted");
  return { response, requestId };
}

/** Every audit entry written under a request id (straight from the table). */
async function entriesOf(ctx: TestContext, requestId: string) {
  const { rows } = await ctx.db.query<{
    actor: string;
    action: string;
    target_type: string;
    target_id: string;
    details: Record<string, unknown>;
  }>(
    `SELECT actor, action, target_type, target_id, details FROM audit_log
     WHERE request_id = $1 ORDER BY id`,
    [requestId],
  );
  return rows;
}

/** Asserts the request wrote exactly one entry, by the operator, of this action and target. */
async function expectOneEntry(
  ctx: TestContext,
  requestId: string,
  expected: { action: string; targetType: string; targetId: string | number },
) {
  const rows = await entriesOf(ctx, requestId);
  assert.equal(rows.length, 1, `${expected.action}: ${JSON.stringify(rows)}`);
  const row = rows[0]!;
  assert.equal(row.actor, "operator:bootstrap");
  assert.equal(row.action, expected.action);
  assert.equal(row.target_type, expected.targetType);
  assert.equal(row.target_id, String(expected.targetId));
  // The same entry through the listing, found by its target.
  const listed = await ctx.admin(
    "GET",
    `/admin/audit?target_type=${expected.targetType}&target_id=${encodeURIComponent(String(expected.targetId))}&limit=500`,
  );
  expectStatus(listed, 200);
  const entry = (listed.json().items as Entry[]).find((item) => item.request_id === requestId);
  assert.ok(entry, `${expected.action} is not listed under its target`);
  assert.deepEqual(Object.keys(entry).sort(), [
    "action",
    "actor",
    "at",
    "details",
    "id",
    "request_id",
    "target_id",
    "target_type",
  ]);
  assert.match(entry.at, TIMESTAMP);
  assert.match(entry.id, /^[1-9]\d*$/);
  assert.equal(entry.action, expected.action);
  assert.deepEqual(entry.details, row.details);
  return entry;
}

async function walk(ctx: TestContext, path: string, limit: number): Promise<Entry[]> {
  const items: Entry[] = [];
  let cursor: string | null = null;
  do {
    const sep = path.includes("?") ? "&" : "?";
    const url = `${path}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
    const response = await ctx.admin("GET", url);
    expectStatus(response, 200);
    const body = response.json() as { items: Entry[]; next_cursor: string | null };
    assert.ok(body.items.length <= limit);
    if (body.next_cursor !== null) assert.equal(body.items.length, limit);
    items.push(...body.items);
    cursor = body.next_cursor;
  } while (cursor !== null);
  return items;
}

for (const kind of DATABASES) {
  describe(`audit log [${kind}]`, () => {
    const ctx = withContext(kind);
    /** Every plain key this file was shown, to make sure none reached the log. */
    const plainKeys: string[] = [];

    it("writes exactly one entry per operator change, with actor, action, target and x-request-id", async () => {
      const now = Date.now();
      const pass = randomPass();
      const account = await operator(ctx(), "POST", "/admin/accounts", { pass });
      expectStatus(account.response, 201);
      const accountEntry = await expectOneEntry(ctx(), account.requestId, {
        action: "account.create",
        targetType: "account",
        targetId: account.response.json().id,
      });
      assert.equal(accountEntry.details.pass, pass);

      // Registering the same pass again changes nothing, and writes nothing.
      const again = await operator(ctx(), "POST", "/admin/accounts", { pass });
      expectStatus(again.response, 200);
      assert.equal((await entriesOf(ctx(), again.requestId)).length, 0);

      const campaign = await operator(ctx(), "POST", "/admin/campaigns", {
        name: "Audited",
        description: "",
        start: iso(now - DAY_MS),
        end: iso(now + DAY_MS),
      });
      expectStatus(campaign.response, 201);
      const campaignId = campaign.response.json().id as number;
      await expectOneEntry(ctx(), campaign.requestId, {
        action: "campaign.create",
        targetType: "campaign",
        targetId: campaignId,
      });
      const campaignEdit = await operator(ctx(), "PATCH", `/admin/campaigns/${campaignId}`, {
        name: "Audited, renamed",
      });
      expectStatus(campaignEdit.response, 200);
      const campaignEntry = await expectOneEntry(ctx(), campaignEdit.requestId, {
        action: "campaign.update",
        targetType: "campaign",
        targetId: campaignId,
      });
      assert.deepEqual(campaignEntry.details, { name: "Audited, renamed" });

      const quest = await operator(ctx(), "POST", "/admin/quests", {
        name: "Audited quest",
        description: "",
        owner: pass,
        total_points: 100,
        expected_points_per_completion: 1,
        start: iso(now - DAY_MS),
        end: iso(now + DAY_MS),
        action_type: "audited-type",
      });
      expectStatus(quest.response, 201);
      const questId = quest.response.json().id as number;
      await expectOneEntry(ctx(), quest.requestId, {
        action: "quest.create",
        targetType: "quest",
        targetId: questId,
      });
      const questEdit = await operator(ctx(), "PATCH", `/admin/quests/${questId}`, {
        total_points: 150,
      });
      expectStatus(questEdit.response, 200);
      const questEntry = await expectOneEntry(ctx(), questEdit.requestId, {
        action: "quest.update",
        targetType: "quest",
        targetId: questId,
      });
      assert.deepEqual(questEntry.details, { total_points: 150 });

      const key = await operator(ctx(), "POST", "/admin/keys", { owner: pass });
      expectStatus(key.response, 201);
      const keyId = key.response.json().id as string;
      plainKeys.push(key.response.json().key);
      await expectOneEntry(ctx(), key.requestId, {
        action: "key.create",
        targetType: "key",
        targetId: keyId,
      });

      const rotation = await operator(ctx(), "POST", `/admin/keys/${keyId}/rotate`, {
        grace_seconds: 60,
      });
      expectStatus(rotation.response, 201);
      const rotated = rotation.response.json();
      plainKeys.push(rotated.key);
      const rotationEntry = await expectOneEntry(ctx(), rotation.requestId, {
        action: "key.rotate",
        targetType: "key",
        targetId: keyId,
      });
      assert.equal(rotationEntry.details.new_key_id, rotated.id);
      assert.equal(rotationEntry.details.grace_seconds, 60);
      assert.match(String(rotationEntry.details.expires_at), TIMESTAMP);

      const revocation = await operator(ctx(), "DELETE", `/admin/keys/${keyId}`);
      expectStatus(revocation.response, 204);
      await expectOneEntry(ctx(), revocation.requestId, {
        action: "key.revoke",
        targetType: "key",
        targetId: keyId,
      });

      const byValue = await operator(ctx(), "POST", "/admin/keys/revoke", { key: rotated.key });
      expectStatus(byValue.response, 200);
      const byValueEntry = await expectOneEntry(ctx(), byValue.requestId, {
        action: "key.revoke",
        targetType: "key",
        targetId: rotated.id,
      });
      assert.equal(byValueEntry.details.by, "value");
      assert.ok(rotated.key.startsWith(String(byValueEntry.details.prefix)));
      // Revoking it again changes nothing, and writes nothing.
      const byValueAgain = await operator(ctx(), "POST", "/admin/keys/revoke", {
        key: rotated.key,
      });
      expectStatus(byValueAgain.response, 200);
      assert.equal((await entriesOf(ctx(), byValueAgain.requestId)).length, 0);

      const features = await operator(ctx(), "PUT", "/admin/features", { campaigns: true });
      expectStatus(features.response, 200);
      await expectOneEntry(ctx(), features.requestId, {
        action: "features.update",
        targetType: "features",
        targetId: "features",
      });

      const actionType = await operator(ctx(), "PUT", "/admin/action-types/audited-type", {
        active: false,
      });
      expectStatus(actionType.response, 200);
      const actionTypeEntry = await expectOneEntry(ctx(), actionType.requestId, {
        action: "action_type.update",
        targetType: "action_type",
        targetId: "audited-type",
      });
      assert.deepEqual(actionTypeEntry.details, { active: false });

      // Far in the future: no allocation in this file depends on periods.
      const window = { start: "2150-01-01T00:00:00.000Z", end: "2150-02-01T00:00:00.000Z" };
      const period = await operator(ctx(), "POST", "/admin/earning-periods", window);
      expectStatus(period.response, 201);
      const periodId = period.response.json().id as number;
      await expectOneEntry(ctx(), period.requestId, {
        action: "earning_period.create",
        targetType: "earning_period",
        targetId: periodId,
      });
      const periodEdit = await operator(ctx(), "PATCH", `/admin/earning-periods/${periodId}`, {
        end: "2150-03-01T00:00:00.000Z",
      });
      expectStatus(periodEdit.response, 200);
      const periodEntry = await expectOneEntry(ctx(), periodEdit.requestId, {
        action: "earning_period.update",
        targetType: "earning_period",
        targetId: periodId,
      });
      assert.deepEqual(periodEntry.details, { end: "2150-03-01T00:00:00.000Z" });
      const periodDelete = await operator(ctx(), "DELETE", `/admin/earning-periods/${periodId}`);
      expectStatus(periodDelete.response, 204);
      await expectOneEntry(ctx(), periodDelete.requestId, {
        action: "earning_period.delete",
        targetType: "earning_period",
        targetId: periodId,
      });
    });

    it("records the request id the service made when the request brought none", async () => {
      const response = await ctx().admin("POST", "/admin/accounts", { pass: randomPass() });
      expectStatus(response, 201);
      const requestId = String(response.headers["x-request-id"]);
      assert.ok(requestId.length > 0);
      const rows = await entriesOf(ctx(), requestId);
      assert.equal(rows.length, 1);
      assert.equal(rows[0]!.target_id, response.json().id);
    });

    it("keeps no key in any entry", async () => {
      const owner = randomPass();
      await createAccount(ctx(), owner);
      const test = await ctx().admin("POST", "/admin/keys", { owner, mode: "test" });
      expectStatus(test, 201);
      plainKeys.push(test.json().key);
      const rotated = await ctx().admin("POST", `/admin/keys/${test.json().id}/rotate`, {});
      expectStatus(rotated, 201);
      plainKeys.push(rotated.json().key);
      expectStatus(
        await ctx().admin("POST", "/admin/keys/revoke", { key: rotated.json().key }),
        200,
      );
      assert.ok(plainKeys.length >= 4);
      const { rows } = await ctx().db.query<{ text: string }>(
        "SELECT details::text || ' ' || target_id || ' ' || coalesce(request_id, '') AS text FROM audit_log",
      );
      assert.ok(rows.length > 0);
      for (const { text } of rows) {
        assert.doesNotMatch(text, KEY_SHAPE);
        for (const key of plainKeys) assert.ok(!text.includes(key), "an entry holds a key");
      }
    });

    it("filters by action, target_type and target_id", async () => {
      const owner = randomPass();
      await createAccount(ctx(), owner);
      const keys: string[] = [];
      for (let i = 0; i < 3; i++) {
        const response = await ctx().admin("POST", "/admin/keys", { owner });
        expectStatus(response, 201);
        plainKeys.push(response.json().key);
        keys.push(response.json().id);
      }
      expectStatus(await ctx().admin("DELETE", `/admin/keys/${keys[0]}`), 204);

      const creates = await walk(ctx(), "/admin/audit?action=key.create", 500);
      assert.ok(creates.length >= 3);
      assert.ok(creates.every((entry) => entry.action === "key.create"));
      for (const id of keys) assert.ok(creates.some((entry) => entry.target_id === id));

      const ofKeys = await walk(ctx(), "/admin/audit?target_type=key", 500);
      assert.ok(ofKeys.every((entry) => entry.target_type === "key"));
      assert.ok(ofKeys.some((entry) => entry.action === "key.revoke"));

      const ofFirst = await walk(ctx(), `/admin/audit?target_id=${keys[0]}`, 500);
      assert.deepEqual(
        ofFirst.map((entry) => entry.action),
        ["key.revoke", "key.create"],
      );
      const exact = await walk(
        ctx(),
        `/admin/audit?action=key.revoke&target_type=key&target_id=${keys[0]}`,
        500,
      );
      assert.equal(exact.length, 1);
      const none = await ctx().admin("GET", "/admin/audit?action=nothing.happened");
      assert.deepEqual(none.json(), { items: [], next_cursor: null });
      expectProblem(await ctx().admin("GET", "/admin/audit?action="), 400, "BAD_REQUEST", "action");
      expectProblem(await ctx().admin("GET", "/admin/audit?who=me"), 400, "BAD_REQUEST", "who");
    });

    it("pages newest first by cursor without gaps or repeats", async () => {
      for (let i = 0; i < 7; i++) await createAccount(ctx());
      const all = await walk(ctx(), "/admin/audit", 500);
      const paged = await walk(ctx(), "/admin/audit", 2);
      assert.ok(paged.length >= 7);
      assert.deepEqual(paged, all);
      const ids = paged.map((entry) => BigInt(entry.id));
      assert.equal(new Set(ids).size, ids.length);
      for (let i = 1; i < paged.length; i++) {
        const previous = paged[i - 1]!;
        const entry = paged[i]!;
        const byTime = Date.parse(previous.at) - Date.parse(entry.at);
        assert.ok(byTime > 0 || (byTime === 0 && ids[i - 1]! > ids[i]!), `entry ${i} out of order`);
      }
      const { rows } = await ctx().db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM audit_log",
      );
      assert.equal(paged.length, rows[0]!.n);
      for (const limit of ["0", "501"]) {
        expectProblem(
          await ctx().admin("GET", `/admin/audit?limit=${limit}`),
          400,
          "BAD_REQUEST",
          "limit",
        );
      }
      for (const cursor of [
        "garbage",
        Buffer.from(JSON.stringify(["2026-01-01T00:00:00.000Z", "not-an-id"])).toString(
          "base64url",
        ),
      ]) {
        expectProblem(
          await ctx().admin("GET", `/admin/audit?cursor=${cursor}`),
          400,
          "BAD_REQUEST",
          "cursor",
        );
      }
    });

    it("is append-only: the database refuses to update or delete an entry", async () => {
      const before = await ctx().db.query<{ n: number; actors: string }>(
        "SELECT count(*)::int AS n, string_agg(DISTINCT actor, ',') AS actors FROM audit_log",
      );
      assert.ok(before.rows[0]!.n > 0);
      await assert.rejects(
        ctx().db.query("UPDATE audit_log SET actor = 'someone else'"),
        /append-only/,
      );
      await assert.rejects(ctx().db.query("DELETE FROM audit_log"), /append-only/);
      const after = await ctx().db.query<{ n: number; actors: string }>(
        "SELECT count(*)::int AS n, string_agg(DISTINCT actor, ',') AS actors FROM audit_log",
      );
      assert.deepEqual(after.rows[0], before.rows[0]);
      // And no route edits or deletes it.
      for (const method of ["POST", "PUT", "PATCH", "DELETE"] as const) {
        expectProblem(await ctx().admin(method, "/admin/audit", {}), 404, "NOT_FOUND");
        expectProblem(await ctx().admin(method, "/admin/audit/1", {}), 404, "NOT_FOUND");
      }
    });

    it("writes no second key.revoke for a key revoked again (nothing changed)", async () => {
      const owner = randomPass();
      expectStatus(await ctx().admin("POST", "/admin/accounts", { pass: owner }), 201);
      const key = await ctx().admin("POST", "/admin/keys", { owner });
      expectStatus(key, 201);
      const first = await operator(ctx(), "DELETE", `/admin/keys/${key.json().id}`);
      expectStatus(first.response, 204);
      await expectOneEntry(ctx(), first.requestId, {
        action: "key.revoke",
        targetType: "key",
        targetId: key.json().id,
      });
      const again = await operator(ctx(), "DELETE", `/admin/keys/${key.json().id}`);
      expectStatus(again.response, 204);
      assert.deepEqual(await entriesOf(ctx(), again.requestId), []);
    });

    it("logs a key revoked or rotated by an id typed in capitals under its canonical id, found by target_id in either case", async () => {
      const owner = randomPass();
      expectStatus(await ctx().admin("POST", "/admin/accounts", { pass: owner }), 201);
      for (const action of ["key.rotate", "key.revoke"] as const) {
        const key = await ctx().admin("POST", "/admin/keys", { owner });
        expectStatus(key, 201);
        const id = key.json().id as string;
        assert.match(id, /^[0-9a-f-]{36}$/, "the API writes a key id in lower case");
        const typed = id.toUpperCase();
        const { response, requestId } =
          action === "key.rotate"
            ? await operator(ctx(), "POST", `/admin/keys/${typed}/rotate`, { grace_seconds: 0 })
            : await operator(ctx(), "DELETE", `/admin/keys/${typed}`);
        expectStatus(response, action === "key.rotate" ? 201 : 204);
        const entry = await expectOneEntry(ctx(), requestId, {
          action,
          targetType: "key",
          targetId: id,
        });
        assert.equal(entry.target_id, id);
        const found = await walk(ctx(), `/admin/audit?target_id=${typed}&action=${action}`, 100);
        assert.deepEqual(
          found.map((item) => item.request_id),
          [requestId],
          "a filter typed in capitals finds it",
        );
      }
    });

    it("finds an entry by target_id typed in capitals", async () => {
      const pass = randomPass();
      const { response, requestId } = await operator(ctx(), "POST", "/admin/accounts", { pass });
      expectStatus(response, 201);
      const id = response.json().id as string;
      for (const typed of [id, id.toUpperCase()]) {
        const found = await walk(ctx(), `/admin/audit?target_type=account&target_id=${typed}`, 100);
        assert.deepEqual(
          found.map((item) => [item.request_id, item.target_id]),
          [[requestId, id]],
          typed,
        );
      }
    });

    it("writes nothing for a change that fails", async () => {
      const now = Date.now();
      const failures: [InjectOptions["method"], string, unknown, number][] = [
        ["PATCH", "/admin/quests/999999", { name: "nobody" }, 404],
        ["PATCH", "/admin/campaigns/999999", { name: "nobody" }, 404],
        ["POST", "/admin/keys", { owner: randomPass() }, 400],
        ["POST", "/admin/keys/00000000-0000-4000-8000-000000000000/rotate", {}, 404],
        ["POST", "/admin/keys/revoke", { key: "sk_unknownunknownunknownunknownunknown" }, 404],
        ["DELETE", "/admin/earning-periods/999999", undefined, 404],
        [
          "POST",
          "/admin/quests",
          {
            name: "Backwards",
            description: "",
            owner: randomPass(),
            total_points: 1,
            expected_points_per_completion: 1,
            start: iso(now),
            end: iso(now - DAY_MS),
          },
          400,
        ],
      ];
      // An overlap refused by the database, after the lock and the check passed.
      const window = { start: "2160-01-01T00:00:00.000Z", end: "2160-02-01T00:00:00.000Z" };
      expectStatus(await ctx().admin("POST", "/admin/earning-periods", window), 201);
      const other = await ctx().admin("POST", "/admin/earning-periods", {
        start: "2160-03-01T00:00:00.000Z",
        end: "2160-04-01T00:00:00.000Z",
      });
      expectStatus(other, 201);
      failures.push([
        "PATCH",
        `/admin/earning-periods/${other.json().id}`,
        { start: "2160-01-15T00:00:00.000Z" },
        409,
      ]);
      failures.push(["POST", "/admin/earning-periods", window, 409]);
      const { rows: countBefore } = await ctx().db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM audit_log",
      );
      for (const [method, url, body, status] of failures) {
        const { response, requestId } = await operator(ctx(), method, url, body);
        expectStatus(response, status);
        assert.deepEqual(await entriesOf(ctx(), requestId), [], `${method} ${url} left an entry`);
      }
      const { rows: countAfter } = await ctx().db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM audit_log",
      );
      assert.equal(countAfter[0]!.n, countBefore[0]!.n);
    });
  });
}
