import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { LightMyRequestResponse } from "fastify";
import {
  ADMIN_TOKEN,
  allocate,
  DATABASES,
  expectProblem,
  expectStatus,
  issueKey,
  questFixture,
  type TestContext,
  withContext,
} from "../helpers/app.js";

const METRICS_TOKEN = "test-metrics-token-0123456789";
const METRICS_CHALLENGE = 'Bearer realm="questpoints-metrics"';
const PROMETHEUS_TEXT = "text/plain; version=0.0.4; charset=utf-8";

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const SAMPLE_LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)(?: -?\d+)?$/;
const LABEL_PAIR = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(,|$)/y;
const HISTOGRAM_SUFFIX = /_(bucket|sum|count)$/;

/** A value as Go's ParseFloat reads it, which Prometheus uses (NaN and Inf in any case). */
function parseValue(raw: string): number {
  const lower = raw.toLowerCase();
  if (lower === "nan") return Number.NaN;
  if (lower === "+inf" || lower === "inf") return Number.POSITIVE_INFINITY;
  if (lower === "-inf") return Number.NEGATIVE_INFINITY;
  const value = Number(raw);
  assert.ok(raw !== "" && !Number.isNaN(value), `not a sample value: ${raw}`);
  return value;
}

function parseLabels(raw: string, line: string): Record<string, string> {
  const labels: Record<string, string> = {};
  LABEL_PAIR.lastIndex = 0;
  while (LABEL_PAIR.lastIndex < raw.length) {
    const pair = LABEL_PAIR.exec(raw);
    assert.ok(pair, `malformed labels in: ${line}`);
    labels[pair[1]!] = pair[2]!.replace(/\\(.)/g, (_, c: string) => (c === "n" ? "\n" : c));
  }
  return labels;
}

/**
 * Parses the Prometheus text format strictly enough to catch a broken exposition: every line a
 * HELP, a TYPE or a sample, and every sample's family declared with a TYPE before it.
 */
function parseExposition(text: string): { samples: Sample[]; types: Map<string, string> } {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  for (const line of text.split("\n")) {
    if (line === "") continue;
    const comment = /^# (HELP|TYPE) (\S+) (.*)$/.exec(line);
    if (comment) {
      assert.match(comment[2]!, METRIC_NAME);
      if (comment[1] === "TYPE") types.set(comment[2]!, comment[3]!);
      continue;
    }
    const sample = SAMPLE_LINE.exec(line);
    assert.ok(sample, `not a sample line: ${line}`);
    const name = sample[1]!;
    const family = types.has(name) ? name : name.replace(HISTOGRAM_SUFFIX, "");
    assert.ok(types.has(family), `no # TYPE before ${line}`);
    samples.push({
      name,
      labels: parseLabels(sample[2] ?? "", line),
      value: parseValue(sample[3]!),
    });
  }
  return { samples, types };
}

interface Scrape {
  types: Map<string, string>;
  /** Sum of the samples named `name` whose labels include `labels`; undefined when there is none. */
  find(name: string, labels?: Record<string, string>): number | undefined;
  /** As `find`, 0 when there is none (a counter not incremented yet). */
  value(name: string, labels?: Record<string, string>): number;
  samples: Sample[];
}

async function scrape(ctx: TestContext, headers: Record<string, string> = {}): Promise<Scrape> {
  const response = await ctx.inject({ url: "/metrics", headers });
  expectStatus(response, 200);
  assert.equal(response.headers["content-type"], PROMETHEUS_TEXT);
  const { samples, types } = parseExposition(response.body);
  const find = (name: string, labels: Record<string, string> = {}) => {
    const matching = samples.filter(
      (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
    );
    return matching.length === 0 ? undefined : matching.reduce((sum, s) => sum + s.value, 0);
  };
  return { types, samples, find, value: (name, labels) => find(name, labels) ?? 0 };
}

function expectUnauthorized(response: LightMyRequestResponse, challenge: string) {
  expectProblem(response, 401, "UNAUTHORIZED");
  assert.equal(response.headers["www-authenticate"], challenge);
}

for (const kind of DATABASES) {
  describe(`GET /metrics without METRICS_TOKEN [${kind}]`, () => {
    // Cached lookups last a minute here, not the default second: on a loaded machine two reads a
    // scrape apart can be more than a second apart, and the repeat would miss (a change notice
    // still clears them at once).
    const ctx = withContext(kind, { LOOKUP_CACHE_TTL_MS: "60000" });

    it("is open and answers the Prometheus text format, every name prefixed", async () => {
      const metrics = await scrape(ctx());
      for (const [name, type] of [
        ["questpoints_http_requests_total", "counter"],
        ["questpoints_http_request_duration_seconds", "histogram"],
        ["questpoints_payouts_total", "counter"],
        ["questpoints_points_paid_total", "counter"],
        ["questpoints_allocation_batch_size", "histogram"],
        ["questpoints_allocation_batch_quests", "histogram"],
        ["questpoints_allocation_batch_seconds", "histogram"],
        ["questpoints_allocation_batches_total", "counter"],
        ["questpoints_allocation_queue_depth", "gauge"],
        ["questpoints_db_pool_connections", "gauge"],
        ["questpoints_db_pool_wait_seconds", "histogram"],
        ["questpoints_cache_lookups_total", "counter"],
        ["questpoints_process_cpu_user_seconds_total", "counter"],
        ["questpoints_nodejs_heap_size_used_bytes", "gauge"],
      ]) {
        assert.equal(metrics.types.get(name!), type, `# TYPE ${name} ${type}`);
      }
      for (const name of metrics.types.keys()) assert.match(name, /^questpoints_/);
      assert.equal(metrics.find("questpoints_allocation_queue_depth"), 0);
    });

    it("counts payouts and the points they paid, and the batches that committed them", async () => {
      const fixture = await questFixture(ctx(), { total_points: 100 });
      const before = await scrape(ctx());
      for (const points of [10, 20, 30]) {
        expectStatus(await allocate(ctx(), fixture, { points, address: fixture.playerPass }), 200);
      }
      // A refusal pays nothing.
      const refused = await allocate(ctx(), fixture, { points: 41, address: fixture.playerPass });
      expectProblem(refused, 400, "INSUFFICIENT_POINTS");
      const after = await scrape(ctx());

      const delta = (name: string, labels?: Record<string, string>) =>
        after.value(name, labels) - before.value(name, labels);
      assert.equal(delta("questpoints_payouts_total"), 3);
      assert.equal(delta("questpoints_points_paid_total"), 60);
      assert.equal(delta("questpoints_payouts_total", { mode: "live" }), 3);
      assert.equal(delta("questpoints_points_paid_total", { mode: "live" }), 60);
      assert.ok(delta("questpoints_allocation_batch_size_count") >= 1);
      assert.ok(delta("questpoints_allocation_batch_seconds_count") >= 1);
      assert.ok(
        delta("questpoints_allocation_batches_total", { result: "committed" }) >= 1,
        "committed batches",
      );
      assert.equal(after.find("questpoints_allocation_batches_total", { result: "failed" }), 0);
      assert.equal(after.find("questpoints_allocation_queue_depth"), 0);
      if (kind === "postgres") assert.ok(delta("questpoints_db_pool_wait_seconds_count") >= 1);
    });

    it('counts a test-mode payout under mode="test" only, apart from live ones', async () => {
      const fixture = await questFixture(ctx(), { total_points: 100, mode: "test" });
      const { key } = await issueKey(ctx(), fixture.ownerPass, "test");
      const before = await scrape(ctx());
      for (const mode of ["live", "test"]) {
        for (const name of ["questpoints_payouts_total", "questpoints_points_paid_total"]) {
          assert.notEqual(before.find(name, { mode }), undefined, `${name}{mode="${mode}"}`);
        }
      }
      const response = await allocate(
        ctx(),
        { apiKey: key, questId: fixture.questId },
        { points: 7, address: fixture.playerPass },
      );
      expectStatus(response, 200);
      const after = await scrape(ctx());

      const delta = (name: string, mode: string) =>
        after.value(name, { mode }) - before.value(name, { mode });
      assert.equal(delta("questpoints_payouts_total", "test"), 1);
      assert.equal(delta("questpoints_points_paid_total", "test"), 7);
      assert.equal(delta("questpoints_payouts_total", "live"), 0);
      assert.equal(delta("questpoints_points_paid_total", "live"), 0);
    });

    it("counts requests by route pattern and status, unknown paths as one route", async () => {
      const fixture = await questFixture(ctx());
      const before = await scrape(ctx());
      expectProblem(await ctx().inject({ url: "/no/such/path" }), 404, "NOT_FOUND");
      const read = await ctx().inject({
        url: `/quests/${fixture.questId}`,
        headers: { "x-api-key": fixture.apiKey },
      });
      expectStatus(read, 200);
      const after = await scrape(ctx());

      const requests = "questpoints_http_requests_total";
      const notFound = { route: "unmatched", method: "GET", status: "404" };
      const quest = { route: "/quests/:questId", method: "GET", status: "200" };
      assert.equal(after.value(requests, notFound) - before.value(requests, notFound), 1);
      assert.equal(after.value(requests, quest) - before.value(requests, quest), 1);
      const latency = "questpoints_http_request_duration_seconds_count";
      const questLatency = { route: "/quests/:questId", method: "GET" };
      assert.equal(after.value(latency, questLatency) - before.value(latency, questLatency), 1);
      // Paths never become label values: one series per route pattern, whatever the id.
      for (const sample of after.samples) {
        assert.ok(!sample.labels.route?.includes(String(fixture.questId)), sample.labels.route);
        assert.ok(!sample.labels.route?.startsWith("/no/"), sample.labels.route);
      }
    });

    it("counts cache hits when an owner repeats a request", async () => {
      const fixture = await questFixture(ctx());
      const read = () =>
        ctx().inject({
          url: `/quests/${fixture.questId}`,
          headers: { "x-api-key": fixture.apiKey },
        });
      expectStatus(await read(), 200); // loads the key and the owner into the caches
      const before = await scrape(ctx());
      expectStatus(await read(), 200);
      const after = await scrape(ctx());

      const lookups = "questpoints_cache_lookups_total";
      for (const cache of ["api_keys", "quest_owners", "features"]) {
        const hit = { cache, result: "hit" };
        assert.ok(after.value(lookups, hit) - before.value(lookups, hit) >= 1, `${cache} hit`);
      }
      const keyMiss = { cache: "api_keys", result: "miss" };
      assert.equal(after.value(lookups, keyMiss) - before.value(lookups, keyMiss), 0);
    });

    it("reports the database's connections", async () => {
      const metrics = await scrape(ctx());
      const pool = (state: string) => metrics.find("questpoints_db_pool_connections", { state });
      const total = pool("total");
      const idle = pool("idle");
      assert.ok(total !== undefined && idle !== undefined && pool("waiting") !== undefined);
      if (kind === "pglite") {
        assert.equal(total, 1);
        assert.equal(pool("waiting"), 0);
      } else {
        assert.ok(total >= 1, `total ${total}`);
        assert.ok(idle <= total, `idle ${idle} of ${total}`);
      }
    });

    it("is described in the OpenAPI document as text, with its 401", async () => {
      const doc = (await ctx().inject({ url: "/openapi.json" })).json();
      const operation = doc.paths["/metrics"].get;
      assert.equal(operation.operationId, "getMetrics");
      assert.ok(operation.responses["200"].content["text/plain"]);
      assert.match(operation.responses["401"].description, /UNAUTHORIZED/);
    });
  });

  describe(`GET /metrics with METRICS_TOKEN [${kind}]`, () => {
    const ctx = withContext(kind, { METRICS_TOKEN });

    it("refuses a scrape without the token, challenging for it", async () => {
      expectUnauthorized(await ctx().inject({ url: "/metrics" }), METRICS_CHALLENGE);
    });

    it("refuses a wrong token, and the operator's token, as invalid_token", async () => {
      for (const token of [`${METRICS_TOKEN}x`, ADMIN_TOKEN]) {
        const response = await ctx().inject({
          url: "/metrics",
          headers: { authorization: `Bearer ${token}` },
        });
        expectUnauthorized(response, `${METRICS_CHALLENGE}, error="invalid_token"`);
      }
    });

    it("answers the right token, whatever the case of Bearer", async () => {
      for (const scheme of ["Bearer", "bearer"]) {
        const metrics = await scrape(ctx(), { authorization: `${scheme} ${METRICS_TOKEN}` });
        assert.equal(metrics.types.get("questpoints_payouts_total"), "counter");
      }
    });
  });
}

describe("GET /metrics is outside the rate limits [pglite]", () => {
  const ctx = withContext("pglite", { RATE_LIMIT_PUBLIC_PER_MINUTE: "2" });

  it("answers every scrape while public requests are limited", async () => {
    for (let i = 0; i < 3; i++) await ctx().inject({ url: "/quests" });
    expectProblem(await ctx().inject({ url: "/quests" }), 429, "RATE_LIMITED");
    for (let i = 0; i < 5; i++) await scrape(ctx());
  });
});
