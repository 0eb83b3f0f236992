/**
 * Operators with names and roles (docs/operator-api.md): an operator's lifecycle (its token shown once and stored hashed, role changes,
 * disabling, a new token), who did what in the audit, two processes seeing a change at once,
 * and the key claim of an application giving read-only keys.
 */
import assert from "node:assert/strict";
import { createHash, randomBytes } from "node:crypto";
import { after, before, describe, it } from "node:test";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import {
  ADMIN_TOKEN,
  type AnswerLike,
  DATABASES,
  expectProblem,
  expectStatus,
  randomPass,
  secondInstance,
  type TestContext,
  withContext,
} from "../helpers/app.js";
import { type ServiceProcess, startService } from "../helpers/service-process.js";
import { applicationProof, newWallet } from "../helpers/wallet.js";

const OPERATOR_TOKEN = /^op_[0-9A-Za-z]{32,}$/;
/** Any operator token, anywhere in a text. */
const ANY_OPERATOR_TOKEN = /op_[0-9A-Za-z]{32,}/;
const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const UNKNOWN_ID = "00000000-0000-4000-8000-00000000beef";
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

type Role = "viewer" | "support" | "admin";
type Method = NonNullable<InjectOptions["method"]>;

interface CreatedOperator {
  id: string;
  name: string;
  role: Role;
  created_at: string;
  token: string;
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** A request with `Authorization: Bearer <token>`, on `app` (the context's unless given). */
function as(
  target: TestContext | { app: TestContext["app"] },
  token: string,
  method: Method,
  url: string,
  body?: unknown,
): Promise<LightMyRequestResponse> {
  return target.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

async function createOperator(
  ctx: TestContext,
  role: Role,
  name = `Operator ${randomBytes(3).toString("hex")}`,
  token = ADMIN_TOKEN,
): Promise<CreatedOperator> {
  const response = await as(ctx, token, "POST", "/admin/operators", { name, role });
  expectStatus(response, 201);
  return response.json();
}

/** Every operator of the listing, page by page. */
async function listOperators(ctx: TestContext) {
  const items: Record<string, unknown>[] = [];
  const bodies: string[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 1000; pages++) {
    const url: string = `/admin/operators?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
    const response = await ctx.admin("GET", url);
    expectStatus(response, 200);
    bodies.push(response.body);
    items.push(...response.json().items);
    cursor = response.json().next_cursor;
    if (cursor === null) return { items, text: bodies.join("\n") };
  }
  throw new Error("the cursor walk did not end");
}

interface AuditItem {
  id: string;
  actor: string;
  action: string;
  target_type: string;
  target_id: string;
}

/** Every audit entry of the listing (optionally of one actor), and the JSON it came in. */
async function listAudit(ctx: TestContext, actor?: string) {
  const items: AuditItem[] = [];
  const bodies: string[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 1000; pages++) {
    const query = [
      "limit=50",
      ...(actor ? [`actor=${encodeURIComponent(actor)}`] : []),
      ...(cursor ? [`cursor=${encodeURIComponent(cursor)}`] : []),
    ].join("&");
    const response = await ctx.admin("GET", `/admin/audit?${query}`);
    expectStatus(response, 200);
    bodies.push(response.body);
    items.push(...response.json().items);
    cursor = response.json().next_cursor;
    if (cursor === null) return { items, text: bodies.join("\n") };
  }
  throw new Error("the cursor walk did not end");
}

async function operatorRow(ctx: TestContext, id: string) {
  const { rows } = await ctx.db.query<{ token_hash: string; row: string }>(
    "SELECT token_hash, o::text AS row FROM operators o WHERE id = $1",
    [id],
  );
  assert.equal(rows.length, 1);
  return rows[0]!;
}

/** A request only an account-creating role (support) may make; 201 when let in. */
const registerAccount = (ctx: TestContext | { app: TestContext["app"] }, token: string) =>
  as(ctx, token, "POST", "/admin/accounts", { pass: randomPass() });

/** A client address of its own for each submission (the hourly limit counts per address). */
const randomClient = () => `10.${[...randomBytes(3)].join(".")}`;

/** An application by a fresh wallet (its owner, proven by a signed message), approved. */
async function approvedApplication(ctx: TestContext) {
  const wallet = newWallet();
  const now = Date.now();
  const submitted = await ctx.inject({
    method: "POST",
    url: "/applications",
    remoteAddress: randomClient(),
    payload: {
      project: "Dashboard Co",
      contact: "team@dashboard.example",
      owner: wallet.address,
      proof: await applicationProof(ctx.inject, wallet),
      quest: {
        name: "Read the docs",
        description: "A quest watched from a dashboard",
        total_points: 1000,
        expected_points_per_completion: 10,
        start: new Date(now - HOUR_MS).toISOString(),
        end: new Date(now + 10 * DAY_MS).toISOString(),
      },
    },
  });
  expectStatus(submitted, 201);
  const { id, token } = submitted.json() as { id: number; token: string };
  expectStatus(await ctx.admin("POST", `/admin/applications/${id}/approve`, {}), 200);
  return { id, token, owner: wallet.address as string };
}

const claimKeys = (ctx: TestContext, id: number, token: string, body?: unknown) =>
  ctx.inject({
    method: "POST",
    url: `/applications/${id}/keys`,
    headers: { "x-application-token": token },
    ...(body === undefined ? {} : { payload: body as object }),
  });

/** A request with `Authorization: Bearer <token>` to a service process, read into an answer. */
async function fetchAs(
  baseUrl: string,
  token: string,
  method: "GET" | "POST" | "PATCH",
  path: string,
  body?: unknown,
): Promise<AnswerLike> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  return {
    statusCode: response.status,
    headers: Object.fromEntries(response.headers),
    body: text,
    json: () => JSON.parse(text),
  } as AnswerLike;
}

const getMe = (ctx: TestContext, key: string) =>
  ctx.inject({ url: "/me", headers: { "x-api-key": key } });

for (const kind of DATABASES) {
  describe(`operators [${kind}]`, () => {
    const ctx = withContext(kind);
    // A service process of its own on the same PostgreSQL database (the last test's), started
    // now so its start overlaps the other tests.
    let service: Promise<ServiceProcess> | undefined;
    if (kind === "postgres") {
      before(() => {
        service = startService({ DATABASE_URL: ctx().url! });
        service.catch(() => undefined);
      });
      after(async () => {
        await (await service?.catch(() => undefined))?.kill();
      });
    }

    it("answers a new operator's token once, keeps only its SHA-256, and never lists it", async () => {
      const response = await ctx().admin("POST", "/admin/operators", {
        name: "Vera",
        role: "viewer",
      });
      expectStatus(response, 201);
      const created = response.json() as CreatedOperator;
      assert.deepEqual(Object.keys(created).sort(), ["created_at", "id", "name", "role", "token"]);
      assert.equal(created.name, "Vera");
      assert.equal(created.role, "viewer");
      assert.match(created.created_at, TIMESTAMP);
      assert.match(created.token, OPERATOR_TOKEN);

      const row = await operatorRow(ctx(), created.id);
      assert.equal(row.token_hash, sha256(created.token));
      assert.ok(!row.row.includes(created.token), "no column holds the token");
      assert.ok(!row.row.includes(created.token.slice(3)), "nor its random part");

      const listing = await listOperators(ctx());
      assert.ok(!listing.text.includes(created.token), "the listing never shows the token");
      assert.doesNotMatch(listing.text, ANY_OPERATOR_TOKEN);
      const listed = listing.items.find((item) => item.id === created.id);
      assert.deepEqual(listed, {
        id: created.id,
        name: "Vera",
        role: "viewer",
        created_at: created.created_at,
        last_used_at: null,
        disabled_at: null,
      });

      // A second operator's token is another one.
      const other = await createOperator(ctx(), "viewer");
      assert.notEqual(other.token, created.token);
    });

    it("refuses a bad role or an empty name with 400 naming the field", async () => {
      for (const [body, field] of [
        [{ name: "Bo", role: "superuser" }, "role"],
        [{ name: "Bo", role: "" }, "role"],
        [{ name: "Bo" }, "role"],
        [{ name: "", role: "viewer" }, "name"],
        [{ role: "viewer" }, "name"],
      ] as const) {
        expectProblem(
          await ctx().admin("POST", "/admin/operators", body),
          400,
          "BAD_REQUEST",
          field,
        );
      }
      const op = await createOperator(ctx(), "viewer");
      expectProblem(
        await ctx().admin("PATCH", `/admin/operators/${op.id}`, { role: "root" }),
        400,
        "BAD_REQUEST",
        "role",
      );
      expectProblem(
        await ctx().admin("PATCH", `/admin/operators/${op.id}`, { disabled: "yes" }),
        400,
        "BAD_REQUEST",
        "disabled",
      );
    });

    it("answers GET /admin/me with who the token belongs to, for each role and ADMIN_TOKEN", async () => {
      for (const role of ["viewer", "support", "admin"] as const) {
        const op = await createOperator(ctx(), role, `Me ${role}`);
        const me = await as(ctx(), op.token, "GET", "/admin/me");
        expectStatus(me, 200);
        assert.deepEqual(me.json(), { id: op.id, name: `Me ${role}`, role });
      }
      const bootstrap = await ctx().admin("GET", "/admin/me");
      expectStatus(bootstrap, 200);
      assert.equal(bootstrap.json().id, "bootstrap");
      assert.equal(bootstrap.json().role, "admin");
      for (const token of [undefined, "op_nope", `op_${"A".repeat(40)}`, `${ADMIN_TOKEN}x`]) {
        const response = await ctx().inject({
          url: "/admin/me",
          headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
        });
        expectProblem(response, 401, "UNAUTHORIZED");
      }
    });

    it("lets a role change take effect on the token's very next request", async () => {
      const op = await createOperator(ctx(), "viewer", "Promoted");
      expectProblem(await registerAccount(ctx(), op.token), 403, "FORBIDDEN");

      const promoted = await ctx().admin("PATCH", `/admin/operators/${op.id}`, { role: "support" });
      expectStatus(promoted, 200);
      assert.equal(promoted.json().role, "support");
      assert.equal(promoted.json().disabled_at, null);
      expectStatus(await registerAccount(ctx(), op.token), 201);
      assert.equal((await as(ctx(), op.token, "GET", "/admin/me")).json().role, "support");
      const quest = await as(ctx(), op.token, "POST", "/admin/operators", {
        name: "Nope",
        role: "viewer",
      });
      const refused = expectProblem(quest, 403, "FORBIDDEN");
      assert.match(refused.detail, /\badmin\b/);

      expectStatus(await ctx().admin("PATCH", `/admin/operators/${op.id}`, { role: "admin" }), 200);
      expectStatus(
        await as(ctx(), op.token, "POST", "/admin/operators", { name: "Yes", role: "viewer" }),
        201,
      );

      expectStatus(
        await ctx().admin("PATCH", `/admin/operators/${op.id}`, { role: "viewer" }),
        200,
      );
      const demoted = expectProblem(await registerAccount(ctx(), op.token), 403, "FORBIDDEN");
      assert.match(demoted.detail, /\bsupport\b/);
      expectStatus(await as(ctx(), op.token, "GET", "/admin/accounts"), 200);
    });

    it("refuses a disabled operator's token with 401 from the next request, and takes it back when enabled", async () => {
      const op = await createOperator(ctx(), "support", "Sam");
      expectStatus(await as(ctx(), op.token, "GET", "/admin/me"), 200);

      const disabled = await ctx().admin("PATCH", `/admin/operators/${op.id}`, { disabled: true });
      expectStatus(disabled, 200);
      assert.match(disabled.json().disabled_at, TIMESTAMP);
      assert.equal(disabled.json().role, "support", "disabling keeps the role");
      for (const [method, url] of [
        ["GET", "/admin/me"],
        ["GET", "/admin/accounts"],
      ] as const) {
        expectProblem(await as(ctx(), op.token, method, url), 401, "UNAUTHORIZED");
      }
      expectProblem(await registerAccount(ctx(), op.token), 401, "UNAUTHORIZED");
      const listed = (await listOperators(ctx())).items.find((item) => item.id === op.id);
      assert.equal(listed?.disabled_at, disabled.json().disabled_at);

      const enabled = await ctx().admin("PATCH", `/admin/operators/${op.id}`, { disabled: false });
      expectStatus(enabled, 200);
      assert.equal(enabled.json().disabled_at, null);
      expectStatus(await as(ctx(), op.token, "GET", "/admin/me"), 200);
      expectStatus(await registerAccount(ctx(), op.token), 201);
    });

    it("replaces a token: the old one answers 401 at once, the new one works", async () => {
      const op = await createOperator(ctx(), "admin", "Ada");
      expectStatus(await as(ctx(), op.token, "GET", "/admin/me"), 200);

      const rotated = await ctx().admin("POST", `/admin/operators/${op.id}/token`);
      expectStatus(rotated, 201);
      assert.deepEqual(Object.keys(rotated.json()), ["token"]);
      const { token } = rotated.json() as { token: string };
      assert.match(token, OPERATOR_TOKEN);
      assert.notEqual(token, op.token);

      expectProblem(await as(ctx(), op.token, "GET", "/admin/me"), 401, "UNAUTHORIZED");
      const me = await as(ctx(), token, "GET", "/admin/me");
      expectStatus(me, 200);
      assert.deepEqual(me.json(), { id: op.id, name: "Ada", role: "admin" });
      assert.equal((await operatorRow(ctx(), op.id)).token_hash, sha256(token));

      // An operator may replace its own token; its current one then stops at once too.
      const own = await as(ctx(), token, "POST", `/admin/operators/${op.id}/token`);
      expectStatus(own, 201);
      expectProblem(await as(ctx(), token, "GET", "/admin/me"), 401, "UNAUTHORIZED");
      expectStatus(await as(ctx(), own.json().token, "GET", "/admin/me"), 200);
    });

    it("answers an unknown operator id with 404", async () => {
      for (const id of [UNKNOWN_ID, "not-a-uuid", "999999999"]) {
        expectProblem(
          await ctx().admin("PATCH", `/admin/operators/${id}`, { role: "admin" }),
          404,
          "NOT_FOUND",
        );
        expectProblem(await ctx().admin("POST", `/admin/operators/${id}/token`), 404, "NOT_FOUND");
      }
    });

    it("records the last use to the whole minute", async () => {
      const op = await createOperator(ctx(), "viewer");
      const before = (await listOperators(ctx())).items.find((item) => item.id === op.id);
      assert.equal(before?.last_used_at, null, "never used yet");

      const startedAt = Date.now();
      expectStatus(await as(ctx(), op.token, "GET", "/admin/me"), 200);
      expectStatus(await as(ctx(), op.token, "GET", "/admin/operators"), 200);
      const after = (await listOperators(ctx())).items.find((item) => item.id === op.id);
      const lastUsedAt = after?.last_used_at;
      assert.equal(typeof lastUsedAt, "string");
      assert.match(lastUsedAt as string, TIMESTAMP);
      const at = new Date(lastUsedAt as string);
      assert.equal(at.getUTCSeconds(), 0, "seconds are zero");
      assert.equal(at.getUTCMilliseconds(), 0, "milliseconds are zero");
      // The minute of the use: not later than now, not earlier than the minute the test began.
      assert.ok(at.getTime() <= Date.now());
      assert.ok(at.getTime() >= Math.floor(startedAt / 60_000) * 60_000);
      const { rows } = await ctx().db.query<{ seconds: number }>(
        "SELECT extract(second FROM last_used_at)::float8 AS seconds FROM operators WHERE id = $1",
        [op.id],
      );
      assert.equal(rows[0]!.seconds, 0);
    });

    it("lets only an admin create operators: a viewer and a support get 403", async () => {
      for (const role of ["viewer", "support"] as const) {
        const op = await createOperator(ctx(), role);
        const response = await as(ctx(), op.token, "POST", "/admin/operators", {
          name: "By a lesser role",
          role: "viewer",
        });
        const body = expectProblem(response, 403, "FORBIDDEN");
        assert.match(body.detail, /\badmin\b/, "the detail names the role needed");
        // Nor change or re-key one, even itself.
        expectProblem(
          await as(ctx(), op.token, "PATCH", `/admin/operators/${op.id}`, { role: "admin" }),
          403,
          "FORBIDDEN",
        );
        expectProblem(
          await as(ctx(), op.token, "POST", `/admin/operators/${op.id}/token`),
          403,
          "FORBIDDEN",
        );
        assert.equal((await as(ctx(), op.token, "GET", "/admin/me")).json().role, role);
      }
      const listedBefore = (await listOperators(ctx())).items.length;
      const admin = await createOperator(ctx(), "admin");
      const made = await createOperator(ctx(), "support", "Made by an admin", admin.token);
      assert.equal(made.role, "support");
      expectStatus(await as(ctx(), made.token, "GET", "/admin/me"), 200);
      assert.equal((await listOperators(ctx())).items.length, listedBefore + 2);
    });

    it("audits an operator's actions as operator:<id>, ADMIN_TOKEN's as operator:bootstrap, and filters by actor", async () => {
      const admin = await createOperator(ctx(), "admin", "Auditor admin");
      const support = await createOperator(ctx(), "support", "Auditor support");

      const byAdmin = await registerAccount(ctx(), admin.token);
      expectStatus(byAdmin, 201);
      const made = await createOperator(ctx(), "viewer", "Made in audit", admin.token);
      expectStatus(
        await as(ctx(), admin.token, "PATCH", `/admin/operators/${made.id}`, { role: "support" }),
        200,
      );
      expectStatus(await as(ctx(), admin.token, "POST", `/admin/operators/${made.id}/token`), 201);
      const bySupport = await registerAccount(ctx(), support.token);
      expectStatus(bySupport, 201);
      const byBootstrap = await registerAccount(ctx(), ADMIN_TOKEN);
      expectStatus(byBootstrap, 201);

      const summary = (items: AuditItem[]) =>
        items.map((e) => `${e.actor} ${e.action} ${e.target_type}:${e.target_id}`).reverse();

      const adminEntries = await listAudit(ctx(), `operator:${admin.id}`);
      assert.deepEqual(summary(adminEntries.items), [
        `operator:${admin.id} account.create account:${byAdmin.json().id}`,
        `operator:${admin.id} operator.create operator:${made.id}`,
        `operator:${admin.id} operator.update operator:${made.id}`,
        `operator:${admin.id} operator.rotate_token operator:${made.id}`,
      ]);

      const supportEntries = await listAudit(ctx(), `operator:${support.id}`);
      assert.deepEqual(summary(supportEntries.items), [
        `operator:${support.id} account.create account:${bySupport.json().id}`,
      ]);

      const bootstrapEntries = await listAudit(ctx(), "operator:bootstrap");
      assert.ok(bootstrapEntries.items.every((e) => e.actor === "operator:bootstrap"));
      const bootstrapSummary = summary(bootstrapEntries.items);
      for (const line of [
        `operator:bootstrap operator.create operator:${admin.id}`,
        `operator:bootstrap operator.create operator:${support.id}`,
        `operator:bootstrap account.create account:${byBootstrap.json().id}`,
      ]) {
        assert.ok(bootstrapSummary.includes(line), `${line} is among ADMIN_TOKEN's entries`);
      }
      for (const id of [byAdmin.json().id, bySupport.json().id, made.id]) {
        assert.ok(
          !bootstrapEntries.items.some((e) => e.target_id === id && e.action !== "operator.create"),
          `${id} was not ADMIN_TOKEN's doing`,
        );
      }
      assert.ok(
        !bootstrapEntries.items.some((e) => e.target_id === made.id),
        "the admin operator created that one",
      );

      // An actor with no entries lists none; every listed entry has the filtered actor.
      assert.deepEqual((await listAudit(ctx(), `operator:${UNKNOWN_ID}`)).items, []);
      const all = await listAudit(ctx());
      const actors = new Set(all.items.map((e) => e.actor));
      assert.ok(actors.has(`operator:${admin.id}`) && actors.has(`operator:${support.id}`));
      for (const actor of actors) {
        if (!actor.startsWith("operator:")) continue;
        const only = await listAudit(ctx(), actor);
        assert.ok(only.items.length > 0);
        assert.ok(
          only.items.every((e) => e.actor === actor),
          `only ${actor}'s entries`,
        );
        assert.equal(
          only.items.length,
          all.items.filter((e) => e.actor === actor).length,
          `all of ${actor}'s entries`,
        );
      }
    });

    it("never puts an operator token in an audit entry or a listing", async () => {
      const op = await createOperator(ctx(), "admin", "Secretive");
      const rotated = await ctx().admin("POST", `/admin/operators/${op.id}/token`);
      expectStatus(rotated, 201);
      const other = await createOperator(ctx(), "viewer", "Other", rotated.json().token);
      const again = await as(
        ctx(),
        rotated.json().token,
        "POST",
        `/admin/operators/${other.id}/token`,
      );
      expectStatus(again, 201);
      expectStatus(
        await as(ctx(), rotated.json().token, "PATCH", `/admin/operators/${other.id}`, {
          disabled: true,
        }),
        200,
      );
      const tokens = [op.token, rotated.json().token, other.token, again.json().token];

      const audit = await listAudit(ctx());
      const operators = await listOperators(ctx());
      const { rows } = await ctx().db.query<{ row: string }>(
        "SELECT a::text AS row FROM audit_log a UNION ALL SELECT o::text FROM operators o",
      );
      const stored = rows.map((row) => row.row).join("\n");
      for (const [where, text] of [
        ["the audit listing", audit.text],
        ["the operator listing", operators.text],
        ["the audit and operator tables", stored],
      ] as const) {
        assert.doesNotMatch(text, ANY_OPERATOR_TOKEN, `${where} holds no op_ token`);
        for (const token of tokens) {
          assert.ok(!text.includes(token.slice(3)), `${where} holds no token's random part`);
        }
      }
      assert.ok(audit.items.some((e) => e.action === "operator.rotate_token"));
    });

    it("gives read-only keys for a key claim with scope read, full ones by default", async () => {
      const application = await approvedApplication(ctx());
      expectProblem(
        await claimKeys(ctx(), application.id, application.token, { scope: "write" }),
        400,
        "BAD_REQUEST",
        "scope",
      );
      const claimed = await claimKeys(ctx(), application.id, application.token, { scope: "read" });
      expectStatus(claimed, 201);
      const bundle = claimed.json();
      for (const [key, questId] of [
        [bundle.api_key, bundle.quest_id],
        [bundle.test_api_key, bundle.test_quest_id],
      ] as [string, number][]) {
        const me = await getMe(ctx(), key);
        expectStatus(me, 200);
        assert.equal(me.json().key.scope, "read");
        expectStatus(
          await ctx().inject({ url: `/quests/${questId}`, headers: { "x-api-key": key } }),
          200,
        );
        const refused = await ctx().inject({
          method: "POST",
          url: `/quests/${questId}`,
          headers: { "x-api-key": key },
          payload: { points: 1, address: application.owner },
        });
        expectProblem(refused, 403, "FORBIDDEN");
      }
      const listed = await ctx().admin("GET", `/admin/keys?owner=${application.owner}`);
      expectStatus(listed, 200);
      const scopes = listed.json().items.map((item: { mode: string; scope: string }) => item.scope);
      assert.deepEqual(scopes, ["read", "read"]);

      const byDefault = await approvedApplication(ctx());
      const full = await claimKeys(ctx(), byDefault.id, byDefault.token);
      expectStatus(full, 201);
      assert.equal((await getMe(ctx(), full.json().api_key)).json().key.scope, "full");
      assert.equal((await getMe(ctx(), full.json().test_api_key)).json().key.scope, "full");
    });

    if (kind === "postgres") {
      it("refuses a token disabled or replaced in another process on the very next request", async () => {
        const other = await secondInstance(ctx());
        try {
          const op = await createOperator(ctx(), "support", "Two processes");
          // Both processes know the token before it changes.
          expectStatus(await as(ctx(), op.token, "GET", "/admin/me"), 200);
          expectStatus(await as(other, op.token, "GET", "/admin/me"), 200);

          // Disabled through A: B refuses it on the very next request.
          expectStatus(
            await ctx().admin("PATCH", `/admin/operators/${op.id}`, { disabled: true }),
            200,
          );
          expectProblem(await as(other, op.token, "GET", "/admin/me"), 401, "UNAUTHORIZED");
          expectProblem(await registerAccount(other, op.token), 401, "UNAUTHORIZED");
          expectStatus(
            await as(other, ADMIN_TOKEN, "PATCH", `/admin/operators/${op.id}`, { disabled: false }),
            200,
          );
          expectStatus(await as(ctx(), op.token, "GET", "/admin/me"), 200);
          expectStatus(await as(other, op.token, "GET", "/admin/me"), 200);

          // Replaced through B: A refuses the old token at once and takes the new one.
          const rotated = await as(other, ADMIN_TOKEN, "POST", `/admin/operators/${op.id}/token`);
          expectStatus(rotated, 201);
          expectProblem(await as(ctx(), op.token, "GET", "/admin/me"), 401, "UNAUTHORIZED");
          expectProblem(await registerAccount(ctx(), op.token), 401, "UNAUTHORIZED");
          const me = await as(ctx(), rotated.json().token, "GET", "/admin/me");
          expectStatus(me, 200);
          assert.equal(me.json().id, op.id);
          expectStatus(await registerAccount(ctx(), rotated.json().token), 201);

          // A role change through A is what B enforces next.
          expectStatus(
            await ctx().admin("PATCH", `/admin/operators/${op.id}`, { role: "viewer" }),
            200,
          );
          expectProblem(await registerAccount(other, rotated.json().token), 403, "FORBIDDEN");
        } finally {
          await other.close();
        }
      });

      it("refuses a changed token on the very next request in a separate service process too", async () => {
        // A process of its own shares no module state with this one: nothing remembered here
        // (or there) can answer for the database.
        const { baseUrl } = await service!;
        const admin = await createOperator(ctx(), "admin", "Process admin");
        const op = await createOperator(ctx(), "support", "Process support");
        const me = (token: string) => fetchAs(baseUrl, token, "GET", "/admin/me");
        expectStatus(await me(op.token), 200);
        expectStatus(await as(ctx(), op.token, "GET", "/admin/me"), 200);

        // Disabled here: the other process refuses it on its very next request.
        expectStatus(
          await ctx().admin("PATCH", `/admin/operators/${op.id}`, { disabled: true }),
          200,
        );
        expectProblem(await me(op.token), 401, "UNAUTHORIZED");
        const enabled = await fetchAs(baseUrl, admin.token, "PATCH", `/admin/operators/${op.id}`, {
          disabled: false,
        });
        expectStatus(enabled, 200);
        expectStatus(await as(ctx(), op.token, "GET", "/admin/me"), 200);
        expectStatus(await me(op.token), 200);

        // Replaced there (by an admin operator): refused here at once, the new one works here.
        const rotated = await fetchAs(
          baseUrl,
          admin.token,
          "POST",
          `/admin/operators/${op.id}/token`,
        );
        expectStatus(rotated, 201);
        const { token } = rotated.json() as { token: string };
        expectProblem(await as(ctx(), op.token, "GET", "/admin/me"), 401, "UNAUTHORIZED");
        expectStatus(await as(ctx(), token, "GET", "/admin/me"), 200);
        expectProblem(await me(op.token), 401, "UNAUTHORIZED");
        expectStatus(await me(token), 200);

        // A role lowered here is enforced there on the next request.
        expectStatus(
          await ctx().admin("PATCH", `/admin/operators/${op.id}`, { role: "viewer" }),
          200,
        );
        const refused = await fetchAs(baseUrl, token, "POST", "/admin/accounts", {
          pass: randomPass(),
        });
        expectProblem(refused, 403, "FORBIDDEN");
      });
    }
  });
}
