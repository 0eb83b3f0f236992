import type { ChainProbe } from "../chain/probe.js";
import type { Config } from "../config.js";
import type { Db } from "../db/handle.js";
import type { ReadRouter } from "../db/read-routing.js";
import type { ActiveApiKey, QuestOwnership } from "../domain/records.js";
import type { FeatureCache } from "../machinery/feature-cache.js";
import type { TtlCache } from "../machinery/ttl-cache.js";
import type { WebhookDelivery } from "../machinery/webhook-delivery.js";
import type { Metrics } from "../observability/metrics.js";
import type { Allocate } from "../use-cases/allocate.js";
import type { ReadQuestDetail } from "../use-cases/quest-details.js";
import type { SignIn } from "../use-cases/sign-in.js";
import type { AnswerCache } from "./answer-cache.js";

/** What the routes are given: the database and the services built on it. */
export interface Services {
  config: Config;
  db: Db;
  /**
   * The public reads, exports and operator listings: the read replica while it keeps up, else
   * the primary. Owner reads, writes and transactions use `db`, so an owner reads their writes.
   */
  reads: ReadRouter;
  features: FeatureCache;
  allocate: Allocate;
  /** Owner detail views, read in batches. */
  readQuestDetail: ReadQuestDetail;
  /** Hot lookups of every owner request, dropped in every process when what they hold changes. */
  caches: {
    apiKeys: TtlCache<string, ActiveApiKey>;
    questOwners: TtlCache<number, QuestOwnership>;
  };
  /** Ready answers of the public reads, dropped on every change to what they show. */
  publicAnswers: AnswerCache;
  /** This app's Prometheus metrics, scraped at GET /metrics. */
  metrics: Metrics;
  /** Wallet sign-in: the database, what messages must name, and the chain for FuturePasses. */
  signIn: SignIn;
  /** The webhook delivery worker of this process (started by `serve`). */
  webhooks: WebhookDelivery;
  /** The chain node's status for /readyz; only when CHAIN_RPC_URL is set. */
  chain?: ChainProbe | undefined;
}
