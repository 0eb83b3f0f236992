import { createChainClient } from "./chain/client.js";
import { createChainProbe } from "./chain/probe.js";
import type { Config } from "./config.js";
import type { Db } from "./db/handle.js";
import { openPglite } from "./db/pglite.js";
import { openPostgres } from "./db/postgres.js";
import { primaryReads, type ReadRouter, replicaReads } from "./db/read-routing.js";
import {
  LOOKUP_CACHE_ENTRIES_MAX,
  PUBLIC_ANSWERS_BYTES_MAX,
  PUBLIC_ANSWERS_ENTRIES_MAX,
  UNKNOWN_API_KEY_TTL_MS,
} from "./domain/limits.js";
import { SIGN_IN_CHAIN_TIMEOUT_MS } from "./domain/sign-in.js";
import { createAnswerCache } from "./http/answer-cache.js";
import type { Services } from "./http/services.js";
import { listenForChanges } from "./machinery/change-listener.js";
import { createFeatureCache } from "./machinery/feature-cache.js";
import { createTtlCache } from "./machinery/ttl-cache.js";
import { createWebhookDelivery } from "./machinery/webhook-delivery.js";
import { createWebhookDeliveryThread } from "./machinery/webhook-delivery-thread.js";
import { createMetrics } from "./observability/metrics.js";
import { seedFeatures } from "./store/features.js";
import { migrate } from "./store/migrate.js";
import { pendingStats } from "./store/webhook-deliveries.js";
import { createAllocate } from "./use-cases/allocate.js";
import { createQuestDetailReader } from "./use-cases/quest-details.js";

/** Opens the configured database: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR. */
export function openDatabase(config: Config): Promise<Db> {
  return config.databaseUrl
    ? Promise.resolve(
        openPostgres({
          url: config.databaseUrl,
          poolSize: config.dbPoolSize,
          timeouts: config.dbTimeouts,
        }),
      )
    : openPglite(config.dataDir, { timeouts: config.dbTimeouts });
}

/**
 * Where the public reads, exports and operator listings read: DATABASE_READ_URL's replica while
 * it keeps up (its own pool, with the primary's bounds), else the primary.
 */
function openReads(config: Config, db: Db, onRead: (target: "replica" | "primary") => void) {
  const replica = config.readReplica;
  if (!replica || db.kind !== "postgres") return primaryReads(db, onRead);
  const replicaDb = openPostgres({
    url: replica.url,
    poolSize: config.dbPoolSize,
    timeouts: config.dbTimeouts,
  });
  return replicaReads(db, replicaDb, { lagMaxMs: replica.lagMaxMs, onRead });
}

/**
 * Connections of the webhook delivery thread's own pool (a claim and a record at once), taken
 * out of DB_POOL_SIZE: a process holds no more connections than before.
 */
const WEBHOOK_THREAD_CONNECTIONS = 2;

/**
 * How many of DB_POOL_SIZE the delivery thread takes when `serve` runs it: on PostgreSQL with a
 * pool of at least 4; else 0, and the worker runs in the main thread on the main pool.
 */
export function webhookThreadConnections(config: Config): number {
  return config.databaseUrl && config.dbPoolSize >= 2 * WEBHOOK_THREAD_CONNECTIONS
    ? WEBHOOK_THREAD_CONNECTIONS
    : 0;
}

export interface PrepareOptions {
  /**
   * Runs the webhook delivery worker on a thread of its own with a pool of this many
   * connections (PostgreSQL only; `serve` asks for it, `webhookThreadConnections`), so
   * deliveries never take the allocations' event loop. Unset or 0, it runs in this thread on
   * `db` (the tests drive it there).
   */
  webhookThreadPoolSize?: number;
}

/** Migrates and seeds `db`, then builds the services the routes use. */
export async function prepareServices(
  config: Config,
  db: Db,
  options: PrepareOptions = {},
): Promise<Services> {
  await migrate(db);
  await seedFeatures(db, config.features);
  // The gauges read the allocation queue and the replica only when scraped, after both exist.
  const metrics = createMetrics({
    queueDepth: () => allocate.queued(),
    poolStats: db.stats?.bind(db),
    webhookBacklog: () => pendingStats(db, new Date()),
    readReplica: config.readReplica
      ? () => ({ lagMs: reads.lagMs(), inUse: reads.replicaInUse() })
      : undefined,
  });
  const reads: ReadRouter = openReads(config, db, (target) => metrics.observeRead(target));
  db.observeConnectWaits?.(metrics.observeConnectWait);
  const allocate = createAllocate(db, {
    batching: config.allocationBatching,
    queueMax: config.allocationQueueMax,
    onBatch: (report) => {
      metrics.observeBatch(report);
      // Called before the batch's requests are answered: this process's next read shows them.
      if (report.payouts > 0) publicAnswers.pointsChanged();
      if (report.webhookDeliveries > 0) webhooks.poke();
    },
  });
  const lookups = (cache: string) => (hit: boolean) => metrics.cacheLookup(cache, hit);
  const ttlMs = config.lookupCacheTtlMs;
  const features = createFeatureCache(db, ttlMs, lookups("features"));
  const caches: Services["caches"] = {
    apiKeys: createTtlCache(ttlMs, LOOKUP_CACHE_ENTRIES_MAX, {
      onLookup: lookups("api_keys"),
      missTtlMs: UNKNOWN_API_KEY_TTL_MS,
    }),
    questOwners: createTtlCache(ttlMs, LOOKUP_CACHE_ENTRIES_MAX, {
      onLookup: lookups("quest_owners"),
    }),
  };
  const publicAnswers = createAnswerCache({
    maxAgeMs: config.publicAnswerMaxAgeMs,
    entriesMax: PUBLIC_ANSWERS_ENTRIES_MAX,
    bytesMax: PUBLIC_ANSWERS_BYTES_MAX,
    onLookup: lookups("public_answers"),
  });
  // Every process drops a cached entry as soon as any process commits a change to it; the TTL
  // only covers a notice that never came. The listener stops when the database closes.
  await listenForChanges(db, (change) => {
    if (!change || change.kind === "quest" || change.kind === "campaign") publicAnswers.clear();
    if (!change || change.kind === "api-key") caches.apiKeys.clear();
    if (!change) caches.questOwners.clear();
    else if (change.kind === "quest") caches.questOwners.delete(change.id);
    if (!change || change.kind === "features") features.invalidate();
  });
  const webhookSettings = {
    pendingMax: config.webhooks.pendingMax,
    allowPrivateTargets: config.webhooks.allowPrivateTargets,
    onAttempt: metrics.observeWebhookAttempt,
    onDropped: metrics.webhookDropped,
  };
  const webhooks =
    options.webhookThreadPoolSize && db.kind === "postgres" && config.databaseUrl
      ? createWebhookDeliveryThread(
          {
            databaseUrl: config.databaseUrl,
            poolSize: options.webhookThreadPoolSize,
            timeouts: config.dbTimeouts,
            pendingMax: webhookSettings.pendingMax,
            allowPrivateTargets: webhookSettings.allowPrivateTargets,
          },
          webhookSettings,
        )
      : createWebhookDelivery(db, webhookSettings);
  return {
    config,
    db,
    reads,
    webhooks,
    features,
    allocate,
    readQuestDetail: createQuestDetailReader(db),
    caches,
    publicAnswers,
    metrics,
    signIn: {
      db,
      settings: config.signIn,
      // One attempt of at most 5 s: a sign-in waits no longer for the chain (then 503).
      chain: config.chainRpcUrl
        ? createChainClient({
            url: config.chainRpcUrl,
            attemptsMax: 1,
            timeoutMs: SIGN_IN_CHAIN_TIMEOUT_MS,
          })
        : undefined,
    },
    chain: config.chainRpcUrl ? createChainProbe(config.chainRpcUrl) : undefined,
  };
}
