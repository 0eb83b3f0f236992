import { createChainProbe } from "./chain/probe.js";
import type { Config } from "./config.js";
import {
  FEATURE_CACHE_TTL_MS,
  LOOKUP_CACHE_ENTRIES_MAX,
  LOOKUP_CACHE_TTL_MS,
} from "./domain/limits.js";
import type { Services } from "./http/services.js";
import { createAllocator } from "./store/allocations.js";
import type { Db } from "./store/db.js";
import { createFeatureCache } from "./store/feature-cache.js";
import { seedFeatures } from "./store/features.js";
import { migrate } from "./store/migrate.js";
import { openPglite } from "./store/pglite.js";
import { openPostgres } from "./store/postgres.js";
import { createTtlCache } from "./store/ttl-cache.js";

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

/** Migrates and seeds `db`, then builds the services the routes use. */
export async function prepareServices(config: Config, db: Db): Promise<Services> {
  await migrate(db);
  await seedFeatures(db, config.features);
  return {
    config,
    db,
    features: createFeatureCache(db, FEATURE_CACHE_TTL_MS),
    allocate: createAllocator(db, config.allocationBatching),
    caches: {
      apiKeys: createTtlCache(LOOKUP_CACHE_TTL_MS, LOOKUP_CACHE_ENTRIES_MAX),
      questOwners: createTtlCache(LOOKUP_CACHE_TTL_MS, LOOKUP_CACHE_ENTRIES_MAX),
    },
    chain: config.chainRpcUrl ? createChainProbe(config.chainRpcUrl) : undefined,
  };
}
