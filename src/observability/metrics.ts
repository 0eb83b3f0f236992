/**
 * The service's Prometheus metrics (https://prometheus.io/docs/instrumenting/exposition_formats/).
 * Each app has a registry of its own, never prom-client's global one, so that several apps in
 * one process (the tests) count apart. Every name starts with `questpoints_`. Labels take only
 * bounded values: route patterns (not paths), methods, status codes, fixed words.
 */
import {
  Counter,
  collectDefaultMetrics,
  exponentialBuckets,
  Gauge,
  Histogram,
  Registry,
} from "prom-client";
import type { DbPoolStats } from "../db/handle.js";
import { MODES } from "../domain/api-keys.js";
import type { AttemptReport } from "../machinery/webhook-delivery.js";
import type { BatchReport } from "../use-cases/allocate.js";

export const METRIC_PREFIX = "questpoints_";

/** The route label of a request no route matched (a 404 of an unknown path). */
export const UNMATCHED_ROUTE = "unmatched";

/** From 1 ms to 10 s: request latencies, batch transactions, connection waits. */
const SECONDS_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** How long one read of the webhook backlog serves the gauges: the span of one scrape. */
const BACKLOG_READ_REUSE_MS = 1000;
/** 1, 2, 4, … 1024: requests or quests in a batch. */
const COUNT_BUCKETS = exponentialBuckets(1, 2, 11);

/** Where the gauges read their values at each scrape. */
export interface MetricsSources {
  /** Allocation requests of this process waiting for a batch or in a running one. */
  queueDepth(): number;
  /** The database's connections; absent: no pool gauge. */
  poolStats?: (() => DbPoolStats) | undefined;
  /** Webhook deliveries pending in the database, and how long the oldest due one has waited. */
  webhookBacklog?: (() => Promise<{ pending: number; oldestDueS: number }>) | undefined;
  /**
   * The read replica: its lag in ms at the last probe (undefined: it did not answer), and whether
   * reads go to it now; absent: no replica.
   */
  readReplica?: (() => { lagMs: number | undefined; inUse: boolean }) | undefined;
}

export interface Metrics {
  /** The Content-Type of `scrape()`: `text/plain; version=0.0.4; charset=utf-8`. */
  readonly contentType: string;
  /** Every metric of this app and of the process, in the Prometheus text format. */
  scrape(): Promise<string>;
  /** One answered request; `route` is the matched pattern or UNMATCHED_ROUTE. */
  observeRequest(route: string, method: string, status: number, seconds: number): void;
  observeBatch(report: BatchReport): void;
  /** One lookup in the cache named `cache` (`api_keys`, `quest_owners`, `features`, …). */
  cacheLookup(cache: string, hit: boolean): void;
  /** One wait for a pooled database connection. */
  observeConnectWait(seconds: number): void;
  /** One webhook delivery attempt made by this process. */
  observeWebhookAttempt(report: AttemptReport): void;
  /** Pending deliveries failed for being beyond WEBHOOK_PENDING_MAX. */
  webhookDropped(count: number): void;
  /** One read of the public reads, exports or operator listings, by where it was answered. */
  observeRead(target: "replica" | "primary"): void;
}

/**
 * Node's process metrics (CPU, memory, event loop lag, GC) describe the process, not an app,
 * and each collection installs observers that are never removed, so they are collected once per
 * process into a registry of their own and merged into every app's scrape.
 */
let processRegistry: Registry | undefined;

function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, prefix: METRIC_PREFIX });
  }
  return processRegistry;
}

export function createMetrics(sources: MetricsSources): Metrics {
  const registry = new Registry();
  const registers = [registry];
  const name = (suffix: string) => `${METRIC_PREFIX}${suffix}`;
  // Every metric of the app: its prefixed name, its help and the app's registry.
  const counter = <L extends string>(suffix: string, help: string, labelNames: readonly L[] = []) =>
    new Counter<L>({ name: name(suffix), help, labelNames, registers });
  const histogram = <L extends string>(
    suffix: string,
    help: string,
    buckets: number[],
    labelNames: readonly L[] = [],
  ) => new Histogram<L>({ name: name(suffix), help, buckets, labelNames, registers });

  const requests = counter(
    "http_requests_total",
    "HTTP requests answered, by route pattern, method and status code.",
    ["route", "method", "status"] as const,
  );
  const requestSeconds = histogram(
    "http_request_duration_seconds",
    "Time from a request's arrival to its answer, by route pattern and method.",
    SECONDS_BUCKETS,
    ["route", "method"] as const,
  );

  const batchSize = histogram(
    "allocation_batch_size",
    "Allocation requests per batch (one transaction).",
    COUNT_BUCKETS,
  );
  const batchQuests = histogram(
    "allocation_batch_quests",
    "Distinct quests per allocation batch.",
    COUNT_BUCKETS,
  );
  const batchSeconds = histogram(
    "allocation_batch_seconds",
    "Wall time of an allocation batch's transaction.",
    SECONDS_BUCKETS,
  );
  const batches = counter(
    "allocation_batches_total",
    "Allocation batches, by whether their transaction committed or failed.",
    ["result"] as const,
  );
  // By the quest's mode: test-mode payouts are an owner's rehearsal, not points paid out.
  const payouts = counter(
    "payouts_total",
    "Payouts committed by this process, by the quest's mode (live or test).",
    ["mode"] as const,
  );
  const pointsPaid = counter(
    "points_paid_total",
    "Points paid by the payouts this process committed, by the quest's mode (live or test).",
    ["mode"] as const,
  );
  new Gauge({
    name: name("allocation_queue_depth"),
    help: "Allocation requests of this process waiting for a batch or in a running one.",
    registers,
    collect() {
      this.set(sources.queueDepth());
    },
  });
  // Every label value is shown from the start, so a rate over it exists before its first event.
  batches.inc({ result: "committed" }, 0);
  batches.inc({ result: "failed" }, 0);
  for (const mode of MODES) {
    payouts.inc({ mode }, 0);
    pointsPaid.inc({ mode }, 0);
  }

  const { poolStats } = sources;
  if (poolStats) {
    new Gauge({
      name: name("db_pool_connections"),
      help: "Database connections: total open, idle, and operations waiting for one.",
      labelNames: ["state"] as const,
      registers,
      collect() {
        const stats = poolStats();
        this.set({ state: "total" }, stats.total);
        this.set({ state: "idle" }, stats.idle);
        this.set({ state: "waiting" }, stats.waiting);
      },
    });
  }
  const connectWaits = histogram(
    "db_pool_wait_seconds",
    "Wait for a pooled database connection at the start of a transaction (PostgreSQL).",
    SECONDS_BUCKETS,
  );

  const cacheLookups = counter(
    "cache_lookups_total",
    "Lookups in the in-process caches, by cache and hit or miss.",
    ["cache", "result"] as const,
  );

  const webhookAttempts = counter(
    "webhook_attempts_total",
    "Webhook delivery attempts by this process: delivered (2xx), retried (will be tried again), failed (no more tries, or the endpoint disabled).",
    ["outcome"] as const,
  );
  const webhookDropped = counter(
    "webhook_deliveries_dropped_total",
    "Pending webhook deliveries failed unsent because their endpoint had more than WEBHOOK_PENDING_MAX pending.",
  );
  const webhookLag = histogram(
    "webhook_delivery_lag_seconds",
    "From an event's commit to its successful delivery.",
    [...SECONDS_BUCKETS, 30, 60, 300, 1800, 3600],
  );
  for (const outcome of ["delivered", "retried", "failed"] as const) {
    webhookAttempts.inc({ outcome }, 0);
  }
  const { webhookBacklog } = sources;
  if (webhookBacklog) {
    // Both gauges come from one query: a scrape reads it once, not once per gauge.
    let read: { atMs: number; backlog: ReturnType<typeof webhookBacklog> } | undefined;
    const backlog = () => {
      if (!read || Date.now() - read.atMs > BACKLOG_READ_REUSE_MS) {
        read = { atMs: Date.now(), backlog: webhookBacklog() };
      }
      return read.backlog;
    };
    new Gauge({
      name: name("webhook_deliveries_pending"),
      help: "Webhook deliveries pending in the database (every process's).",
      registers,
      async collect() {
        this.set((await backlog()).pending);
      },
    });
    new Gauge({
      name: name("webhook_oldest_due_seconds"),
      help: "How long the oldest due webhook delivery has waited past its due time (0: none).",
      registers,
      async collect() {
        this.set((await backlog()).oldestDueS);
      },
    });
  }

  const reads = counter(
    "db_reads_total",
    "Queries of the public reads, exports and operator listings, by the server that answered them (replica or primary).",
    ["target"] as const,
  );
  reads.inc({ target: "replica" }, 0);
  reads.inc({ target: "primary" }, 0);
  const { readReplica } = sources;
  if (readReplica) {
    new Gauge({
      name: name("read_replica_lag_seconds"),
      help: "How far the read replica's replay is behind the primary, at its last probe (NaN: the replica does not answer).",
      registers,
      collect() {
        const ms = readReplica().lagMs;
        this.set(ms === undefined ? Number.NaN : ms / 1000);
      },
    });
    new Gauge({
      name: name("read_replica_up"),
      help: "1 while reads go to the read replica (it answers and lags within READ_REPLICA_LAG_MAX_MS), else 0.",
      registers,
      collect() {
        this.set(readReplica().inUse ? 1 : 0);
      },
    });
  }

  return {
    contentType: registry.contentType,
    scrape: () => Registry.merge([processMetrics(), registry]).metrics(),
    observeRequest(route, method, status, seconds) {
      requests.inc({ route, method, status: String(status) });
      requestSeconds.observe({ route, method }, seconds);
    },
    observeBatch(report) {
      batchSize.observe(report.requests);
      batchQuests.observe(report.quests);
      batchSeconds.observe(report.seconds);
      batches.inc({ result: report.committed ? "committed" : "failed" });
      for (const mode of MODES) {
        const paid = report.byMode[mode];
        if (paid.payouts > 0) payouts.inc({ mode }, paid.payouts);
        if (paid.points > 0) pointsPaid.inc({ mode }, paid.points);
      }
    },
    cacheLookup(cache, hit) {
      cacheLookups.inc({ cache, result: hit ? "hit" : "miss" });
    },
    observeConnectWait(seconds) {
      connectWaits.observe(seconds);
    },
    observeWebhookAttempt(report) {
      webhookAttempts.inc({ outcome: report.outcome });
      if (report.lagS !== undefined) webhookLag.observe(report.lagS);
    },
    webhookDropped(count) {
      webhookDropped.inc(count);
    },
    observeRead(target) {
      reads.inc({ target });
    },
  };
}
