import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { after, before } from "node:test";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { getAddress } from "viem";
import { type Config, loadConfig } from "../../src/config.js";
import type { Db, DbTimeouts } from "../../src/db/handle.js";
import { openPglite, snapshotPglite } from "../../src/db/pglite.js";
import { openPostgres } from "../../src/db/postgres.js";
import { type AppOptions, buildApp } from "../../src/http/app.js";
import type { Services } from "../../src/http/services.js";
import { prepareServices } from "../../src/runtime.js";
import { migrate } from "../../src/store/migrate.js";
import { startPostgres } from "./postgres.js";

const ALL_DATABASES = ["pglite", "postgres"] as const;
export type DatabaseKind = (typeof ALL_DATABASES)[number];

/**
 * The databases the database-bound tests run on: both, or the one QP_TEST_DB names (to iterate
 * quickly on one; `npm test` runs both).
 */
export const DATABASES: readonly DatabaseKind[] = (() => {
  const only = process.env.QP_TEST_DB;
  if (!only) return ALL_DATABASES;
  if (!(ALL_DATABASES as readonly string[]).includes(only)) {
    throw new Error(`QP_TEST_DB must be one of ${ALL_DATABASES.join(", ")}; it is ${only}`);
  }
  return [only as DatabaseKind];
})();

export const ADMIN_TOKEN = "test-admin-token-0123456789";
const DAY_MS = 24 * 60 * 60 * 1000;

/** The test run's PostgreSQL server: the runner's, or one started for this file alone. */
async function postgresAdminUrl(): Promise<string> {
  if (process.env.QP_TEST_PG_URL) return process.env.QP_TEST_PG_URL;
  const server = await startPostgres();
  process.env.QP_TEST_PG_URL = server.url;
  process.once("beforeExit", () => void server.stop());
  return server.url;
}

const pgliteTemplates: { empty?: Promise<Blob>; migrated?: Promise<Blob> } = {};

/** A template file of the test runner (scripts/test-fixtures.ts), when it is there. */
function runnerTemplate(variable: string): Blob | undefined {
  const file = process.env[variable];
  return file && existsSync(file) ? new Blob([readFileSync(file)]) : undefined;
}

/**
 * A PGlite cluster's files, new or `migrated`: the test runner's (made once per run), else made
 * once in this process. Creating a PGlite cluster costs seconds of CPU; loading one, a fraction
 * of that.
 */
function pgliteTemplate(migrated: boolean): Promise<Blob> {
  const which = migrated ? "migrated" : "empty";
  pgliteTemplates[which] ??= (async () => {
    const shared = runnerTemplate(migrated ? "QP_TEST_PGLITE_TEMPLATE" : "QP_TEST_PGLITE_EMPTY");
    if (shared) return shared;
    const db = await openPglite(undefined);
    try {
      if (migrated) await migrate(db);
      return await snapshotPglite(db);
    } finally {
      await db.close();
    }
  })();
  return pgliteTemplates[which];
}

/**
 * Database timeouts for tests about the money under races: on a loaded machine a batch may wait
 * for another's lock, a statement or a pooled connection longer than production's timeouts,
 * which test/http/bounded-waits.test.ts covers.
 */
export const PATIENT_DB = {
  DB_LOCK_TIMEOUT_MS: "60000",
  DB_STATEMENT_TIMEOUT_MS: "60000",
  DB_CONNECT_TIMEOUT_MS: "60000",
};

/**
 * A fresh database of the given kind (a new database on the server, or PGlite in memory): empty,
 * or with `migrated`, at the latest migration (what `prepareServices` would bring it to).
 */
export async function openTestDb(
  kind: DatabaseKind,
  timeouts?: DbTimeouts,
  { migrated = false }: { migrated?: boolean } = {},
): Promise<{ db: Db; url?: string }> {
  if (kind === "pglite") {
    return { db: await openPglite(undefined, { timeouts, from: await pgliteTemplate(migrated) }) };
  }
  const adminUrl = await postgresAdminUrl();
  const name = `qp_test_${randomBytes(6).toString("hex")}`;
  // The run's migrated template (scripts/test-fixtures.ts): a copy costs milliseconds, a
  // migration seconds. A template is copied only while nobody is connected to it, hence a retry.
  const template = migrated ? process.env.QP_TEST_PG_TEMPLATE : undefined;
  const admin = openPostgres({ url: adminUrl, poolSize: 1 });
  try {
    await createDatabase(admin, name, template);
  } finally {
    await admin.close();
  }
  const url = adminUrl.replace(/\/[^/]*$/, `/${name}`);
  return { db: openPostgres({ url, poolSize: 20, timeouts }), url };
}

async function createDatabase(admin: Db, name: string, template: string | undefined) {
  if (!template) {
    await admin.query(`CREATE DATABASE ${name}`);
    return;
  }
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
      return;
    } catch (error) {
      // 55006: another CREATE DATABASE is copying the template right now.
      if ((error as { code?: string }).code !== "55006" || attempt === 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
    }
  }
}

export interface TestContext {
  kind: DatabaseKind;
  app: FastifyInstance;
  db: Db;
  services: Services;
  config: Config;
  /** The database URL on PostgreSQL (to start more service instances on it). */
  url: string | undefined;
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  admin(
    method: InjectOptions["method"],
    url: string,
    body?: unknown,
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * A service on a fresh database. `wrapDb` wraps the database handle the service is given (to
 * watch what it sends, e.g. count statements); `ctx.db` stays the unwrapped handle.
 */
export async function buildTestContext(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  logger: AppOptions["logger"] = false,
  wrapDb: (db: Db) => Db = (db) => db,
): Promise<TestContext> {
  const config = loadConfig({ ADMIN_TOKEN, LOG_LEVEL: "silent", ...env });
  const { db, url } = await openTestDb(kind, config.dbTimeouts, { migrated: true });
  const services = await prepareServices(config, wrapDb(db));
  const app = await buildApp(services, { logger });
  await app.ready();
  return contextOf({ kind, app, db, services, config, url });
}

/** A context around a built and ready app; `close` closes the app, then `db`. */
export function contextOf(
  parts: Pick<TestContext, "kind" | "app" | "db" | "services" | "config" | "url">,
): TestContext {
  const { app, db } = parts;
  return {
    ...parts,
    inject: (options) => app.inject(options),
    admin: (method, path, body) =>
      app.inject({
        method,
        url: path,
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        ...(body === undefined ? {} : { payload: body as object }),
      }),
    async close() {
      await app.close();
      await db.close();
    },
  };
}

/**
 * Inside a `describe`: builds a context before its tests and closes it after them.
 * Usage: `for (const kind of DATABASES) describe(kind, () => { const ctx = withContext(kind); … })`.
 */
export function withContext(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  wrapDb?: (db: Db) => Db,
): () => TestContext {
  let context: TestContext | undefined;
  before(async () => {
    context = await buildTestContext(kind, env, false, wrapDb);
  });
  after(async () => {
    await context?.close();
  });
  return () => {
    if (!context) throw new Error("test context used before `before` ran");
    return context;
  };
}

/** A second service instance on the same PostgreSQL database, built as `serve` builds it. */
export async function secondInstance(
  ctx: TestContext,
): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  if (!ctx.url) throw new Error("a second instance needs a PostgreSQL context");
  const db = openPostgres({ url: ctx.url, poolSize: 20, timeouts: ctx.config.dbTimeouts });
  const app = await buildApp(await prepareServices(ctx.config, db), { logger: false });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await db.close();
    },
  };
}

export function randomPass(): string {
  return getAddress(`0x${randomBytes(20).toString("hex")}`);
}

/** What the assertions read of an answer: `inject`'s, or one built from a fetch answer. */
export type AnswerLike = Pick<LightMyRequestResponse, "statusCode" | "headers" | "body" | "json">;

export function expectStatus(response: AnswerLike, status: number): void {
  if (response.statusCode !== status) {
    throw new Error(
      `expected HTTP ${status}, got ${response.statusCode}: ${response.body.slice(0, 2000)}`,
    );
  }
}

/** Asserts an RFC 9457 problem answer with the contract's `code` (and a named field on 400). */
export function expectProblem(response: AnswerLike, status: number, code: string, field?: string) {
  expectStatus(response, status);
  assert.match(String(response.headers["content-type"]), /^application\/problem\+json/);
  const body = response.json();
  assert.equal(body.type, "about:blank");
  assert.equal(body.status, status);
  assert.equal(body.code, code);
  assert.equal(typeof body.title, "string");
  assert.equal(typeof body.detail, "string");
  if (code === "BAD_REQUEST") assert.ok(Array.isArray(body.errors), "BAD_REQUEST carries errors");
  if (field !== undefined) {
    assert.ok(
      Array.isArray(body.errors) &&
        body.errors.some((error: { field: string }) => error.field === field),
      `errors should name ${field}: ${JSON.stringify(body.errors)}`,
    );
  }
  return body;
}

/** A registered owner with a key and a running quest; the common fixture of owner routes. */
export interface QuestFixture {
  ownerPass: string;
  ownerId: string;
  apiKey: string;
  keyId: string;
  questId: number;
  playerPass: string;
}

export interface QuestOptions {
  total_points?: number;
  start?: string;
  end?: string;
  is_public?: boolean;
  is_active?: boolean;
  campaign_id?: number | null;
  action_type?: string;
  expected_points_per_completion?: number;
  name?: string;
  description?: string;
  mode?: "live" | "test";
  pass_points_max?: number | null;
  pass_payouts_max?: number | null;
  pass_window?: "day" | "week" | "earning_period" | "quest";
  url?: string | null;
}

export async function createAccount(ctx: TestContext, pass = randomPass()): Promise<string> {
  const response = await ctx.admin("POST", "/admin/accounts", { pass });
  if (response.statusCode !== 201 && response.statusCode !== 200) expectStatus(response, 201);
  return response.json().id as string;
}

export async function issueKey(
  ctx: TestContext,
  ownerPass: string,
  mode?: "live" | "test",
): Promise<{ key: string; id: string }> {
  const response = await ctx.admin("POST", "/admin/keys", {
    owner: ownerPass,
    ...(mode ? { mode } : {}),
  });
  expectStatus(response, 201);
  const body = response.json();
  return { key: body.key, id: body.id };
}

export async function createQuest(
  ctx: TestContext,
  ownerPass: string,
  options: QuestOptions = {},
): Promise<number> {
  const now = Date.now();
  const response = await ctx.admin("POST", "/admin/quests", {
    name: "Quest",
    description: "A test quest",
    owner: ownerPass,
    total_points: 1000,
    expected_points_per_completion: 10,
    start: new Date(now - DAY_MS).toISOString(),
    end: new Date(now + DAY_MS).toISOString(),
    ...options,
  });
  expectStatus(response, 201);
  return response.json().id as number;
}

export async function questFixture(
  ctx: TestContext,
  options: QuestOptions = {},
): Promise<QuestFixture> {
  const ownerPass = randomPass();
  const ownerId = await createAccount(ctx, ownerPass);
  const { key, id } = await issueKey(ctx, ownerPass);
  const questId = await createQuest(ctx, ownerPass, options);
  const playerPass = randomPass();
  await createAccount(ctx, playerPass);
  return { ownerPass, ownerId, apiKey: key, keyId: id, questId, playerPass };
}

export function allocate(
  ctx: TestContext,
  fixture: { apiKey: string; questId: number },
  body: unknown,
  headers: Record<string, string> = {},
) {
  return ctx.inject({
    method: "POST",
    url: `/quests/${fixture.questId}`,
    headers: { "x-api-key": fixture.apiKey, ...headers },
    payload: body as object,
  });
}

/** One allocation sent to `app` (a context's, or a second instance's) with an Idempotency-Key. */
export function allocateKeyed(
  app: FastifyInstance,
  fixture: { apiKey: string; questId: number },
  body: unknown,
  key: string,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: "POST",
    url: `/quests/${fixture.questId}`,
    headers: { "x-api-key": fixture.apiKey, "idempotency-key": key },
    payload: body as object,
  });
}

/**
 * Holds what an allocation of `questId` must wait for until `release()`: on PostgreSQL the quest
 * row (another transaction's FOR UPDATE), on PGlite its one connection (a transaction left open).
 */
export async function holdQuest(ctx: TestContext, questId: number) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held!: () => void;
  const holding = new Promise<void>((resolve) => {
    held = resolve;
  });
  const other = ctx.kind === "postgres" ? openPostgres({ url: ctx.url!, poolSize: 1 }) : ctx.db;
  const done = other.transaction(async (tx) => {
    await tx.query("SELECT id FROM quests WHERE id = $1 FOR UPDATE", [questId]);
    held();
    await released;
  });
  await holding;
  // Safe to call again (a test may release early and again in its `finally`).
  let ended: Promise<void> | undefined;
  return () => {
    release();
    ended ??= done.then(async () => {
      if (other !== ctx.db) await other.close();
    });
    return ended;
  };
}
