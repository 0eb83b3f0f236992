import type { ChainProbe } from "../chain/probe.js";
import type { Config } from "../config.js";
import type { ApiKeyRecord } from "../domain/records.js";
import type { Db } from "../store/db.js";
import type { FeatureCache } from "../store/feature-cache.js";
import type { TtlCache } from "../store/ttl-cache.js";
import type { Allocate } from "../use-cases/allocate.js";

/** What the routes are given: the database and the services built on it. */
export interface Services {
  config: Config;
  db: Db;
  features: FeatureCache;
  allocate: Allocate;
  /** Hot lookups of every owner request, dropped in every process when what they hold changes. */
  caches: {
    apiKeys: TtlCache<string, ApiKeyRecord>;
    questOwners: TtlCache<number, string>;
  };
  /** The chain node's status for /readyz; only when CHAIN_RPC_URL is set. */
  chain?: ChainProbe | undefined;
}
