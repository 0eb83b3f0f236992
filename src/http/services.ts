import type { ChainProbe } from "../chain/probe.js";
import type { Config } from "../config.js";
import type { ApiKeyRecord } from "../domain/records.js";
import type { Allocator } from "../store/allocations.js";
import type { Db } from "../store/db.js";
import type { FeatureCache } from "../store/feature-cache.js";
import type { TtlCache } from "../store/ttl-cache.js";

/** What the routes are given: the database and the services built on it. */
export interface Services {
  config: Config;
  db: Db;
  features: FeatureCache;
  allocate: Allocator;
  /** Hot lookups of every owner request, cleared in this process by the changes that move them. */
  caches: {
    apiKeys: TtlCache<string, ApiKeyRecord>;
    questOwners: TtlCache<number, string>;
  };
  /** The chain node's status for /readyz; only when CHAIN_RPC_URL is set. */
  chain?: ChainProbe | undefined;
}
