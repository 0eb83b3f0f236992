import type { Config } from "../config.js";
import type { Allocator } from "../store/allocations.js";
import type { Db } from "../store/db.js";
import type { FeatureCache } from "../store/feature-cache.js";

/** What the routes are given: the database and the services built on it. */
export interface Services {
  config: Config;
  db: Db;
  features: FeatureCache;
  allocate: Allocator;
}
