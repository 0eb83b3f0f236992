import { isIP } from "node:net";
import { availableParallelism } from "node:os";
import { resolve } from "node:path";
import { DB_TIMEOUTS_DEFAULT } from "./db/handle.js";
import { isReadableDomain } from "./domain/sign-in-layout.js";

/**
 * The service's configuration, read from the environment once and validated here; nothing else
 * reads process.env. A bad value stops start-up with a message naming the variable.
 */
export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /**
   * DATABASE_READ_URL: a streaming replica of DATABASE_URL that public reads, exports and
   * operator listings read from while it lags by at most `lagMaxMs` (READ_REPLICA_LAG_MAX_MS).
   */
  readReplica: { url: string; lagMaxMs: number } | undefined;
  dataDir: string;
  adminToken: string | undefined;
  /** Bearer token required by GET /metrics; unset: /metrics is open. */
  metricsToken: string | undefined;
  features: { quests?: boolean; campaigns?: boolean };
  logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
  tls: { cert: string; key: string } | undefined;
  chainRpcUrl: string | undefined;
  chainWsUrl: string | undefined;
  /** With CHAIN_RPC_URL: `serve` refuses to start unless the node answers this chain id. */
  chainId: number | undefined;
  /**
   * What a wallet sign-in message (EIP-4361) must name: the service's public address
   * (PUBLIC_BASE_URL, without a trailing slash; its host with port is the message's `domain`,
   * and the message's `uri` starts with it) and the chain (CHAIN_ID, default 7668).
   */
  signIn: { publicBaseUrl: string; domain: string; chainId: number };
  dbPoolSize: number;
  /** Service processes `serve` runs on one port (Node's cluster); more than 1 needs PostgreSQL. */
  workers: number;
  /**
   * Requests a minute per traffic class before 429 (0: that class is not limited): anonymous
   * public reads per client IP, owner traffic per API key, operator traffic per client IP.
   */
  rateLimits: { publicPerMinute: number; ownerPerMinute: number; adminPerMinute: number };
  /**
   * Quest applications (POST /applications) a client address may submit in a rolling hour,
   * counted in the database so every process shares the budget; beyond it, 429.
   */
  applicationsPerHour: number;
  /** Fastify's `trustProxy`: the client IP comes from X-Forwarded-For only behind these. */
  trustProxy: TrustProxy;
  /** redis:// or rediss://: rate-limit budgets shared by every process; unset: per process. */
  redisUrl: string | undefined;
  /** Where the bundled web pages are (`dist/web` of the package unless set). */
  webDir: string | undefined;
  /** Anonymous public reads running at once per process, and those waiting; beyond it, 503. */
  publicReads: { inFlightMax: number; queueMax: number; queueWaitMs: number };
  /**
   * Group commit of concurrent allocations, over many quests per transaction, with up to
   * `concurrency` transactions at once; off = one transaction per request.
   */
  allocationBatching: { enabled: boolean; sizeMax: number; waitMs: number; concurrency: number };
  /** Most allocations waiting or running per quest and process; beyond it, 503. */
  allocationQueueMax: number;
  /** Every database wait is bounded; past a bound the request is 503 and nothing is written. */
  dbTimeouts: {
    /** Longest wait for a row lock (PostgreSQL lock_timeout) or for PGlite's one connection. */
    lockMs: number;
    /** Longest a statement may run (PostgreSQL statement_timeout). */
    statementMs: number;
    /** Longest wait for a pooled connection, or to open a new one. */
    connectMs: number;
  };
  /** Fallback expiry of cached API keys, quest owners and switches if a change notice is missed. */
  lookupCacheTtlMs: number;
  /** Longest a ready public answer (GET /quests, GET /campaigns/{id}) is served; 0: never kept. */
  publicAnswerMaxAgeMs: number;
  webhooks: {
    /** WEBHOOK_ALLOW_PRIVATE_TARGETS: http:// and loopback or private targets (development). */
    allowPrivateTargets: boolean;
    /** WEBHOOK_PENDING_MAX: pending deliveries per endpoint; beyond it the oldest fail. */
    pendingMax: number;
  };
  http: {
    /** A request's headers and body must arrive within this; a slower client is cut off (408). */
    requestTimeoutMs: number;
    /** An idle keep-alive connection is closed after this. */
    keepAliveTimeoutMs: number;
  };
}

/** false: no proxy; true: any; a hop count; or the proxies' addresses and CIDR ranges. */
export type TrustProxy = boolean | number | string[];

export class ConfigError extends Error {}

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
/** The shortest ADMIN_TOKEN or METRICS_TOKEN accepted. */
const TOKEN_LENGTH_MIN = 16;

type Env = Record<string, string | undefined>;

function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === "" ? undefined : value;
}

/** WORKERS: a count from 1 to 64, or `auto` for one per core this process may use. */
function workerCount(env: Env): number {
  if (read(env, "WORKERS") === "auto") return Math.min(64, availableParallelism());
  return integer(env, "WORKERS", 1, 1, 64);
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}; got "${raw}".`);
  }
  return value;
}

/** A secret token: unset, or at least TOKEN_LENGTH_MIN characters (never echoed back). */
function token(env: Env, name: string): string | undefined {
  const value = read(env, name);
  if (value !== undefined && value.length < TOKEN_LENGTH_MIN) {
    throw new ConfigError(`${name} must be at least ${TOKEN_LENGTH_MIN} characters.`);
  }
  return value;
}

function boolean(env: Env, name: string): boolean | undefined {
  const raw = read(env, name)?.toLowerCase();
  if (raw === undefined) return undefined;
  if (["true", "1", "yes", "on"].includes(raw)) return true;
  if (["false", "0", "no", "off"].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false; got "${raw}".`);
}

function url(env: Env, name: string, protocols: string[]): string | undefined {
  const raw = read(env, name);
  if (raw === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name} is not a valid URL.`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(`${name} must start with ${protocols.join(" or ")}`);
  }
  return raw;
}

/** The main network's chain id: what sign-in messages name unless CHAIN_ID says otherwise. */
export const SIGN_IN_CHAIN_ID_DEFAULT = 7668;

/**
 * PUBLIC_BASE_URL, the address players and applicants reach the service at (default
 * `http://localhost:$PORT`): http or https, no path beyond `/`, no query, fragment or user
 * info, since the domain and uri of every sign-in message are checked against it. Its host must
 * be one a message can name as viem reads messages: not an IPv6 literal, or no one could join.
 */
function signIn(env: Env, port: number, chainId: number | undefined): Config["signIn"] {
  const raw = url(env, "PUBLIC_BASE_URL", ["http:", "https:"]) ?? `http://localhost:${port}`;
  const parsed = new URL(raw);
  if (parsed.pathname !== "/" || parsed.search || parsed.hash || parsed.username) {
    // Never echo the value: it may carry a password (user info).
    throw new ConfigError(
      "PUBLIC_BASE_URL must be a scheme and host only, such as https://quests.example.com (no path, query, fragment or user info).",
    );
  }
  if (!isReadableDomain(parsed.host)) {
    // The host carries no user info (refused above), so it can be shown.
    throw new ConfigError(
      `PUBLIC_BASE_URL's host ${parsed.host} cannot be the domain of an EIP-4361 sign-in message (viem reads a host name or an IPv4 address, with a port; not an IPv6 literal), so no wallet could sign in. Use a host name such as http://localhost:8080 or an IPv4 address such as http://127.0.0.1:8080.`,
    );
  }
  return {
    publicBaseUrl: parsed.origin,
    domain: parsed.host,
    chainId: chainId ?? SIGN_IN_CHAIN_ID_DEFAULT,
  };
}

/** Proxy presets proxy-addr (Fastify's trustProxy) knows by name. */
const TRUST_PROXY_NAMES = ["loopback", "linklocal", "uniquelocal"];

function isAddressOrRange(entry: string): boolean {
  if (TRUST_PROXY_NAMES.includes(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

function trustProxy(env: Env): TrustProxy {
  const raw = read(env, "TRUST_PROXY");
  if (raw === undefined) return false;
  const lower = raw.toLowerCase();
  if (lower === "false") return false;
  if (lower === "true") return true;
  if (/^\d+$/.test(raw)) return integer(env, "TRUST_PROXY", 0, 0, 100);
  const entries = raw.split(",").map((entry) => entry.trim());
  const bad = entries.find((entry) => !isAddressOrRange(entry));
  if (bad !== undefined) {
    throw new ConfigError(
      `TRUST_PROXY must be true, false, a hop count or a comma-separated list of IP addresses and CIDR ranges; "${bad}" is none of these.`,
    );
  }
  return entries;
}

export function loadConfig(env: Env): Config {
  if (read(env, "RATE_LIMIT_PER_MINUTE") !== undefined) {
    throw new ConfigError(
      "RATE_LIMIT_PER_MINUTE is no longer read: set RATE_LIMIT_PUBLIC_PER_MINUTE, RATE_LIMIT_OWNER_PER_MINUTE and RATE_LIMIT_ADMIN_PER_MINUTE instead (0 turns a class off).",
    );
  }
  const logLevel = (read(env, "LOG_LEVEL") ?? "info").toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}; got "${logLevel}".`);
  }
  const adminToken = token(env, "ADMIN_TOKEN");
  const metricsToken = token(env, "METRICS_TOKEN");
  const cert = read(env, "TLS_CERT");
  const key = read(env, "TLS_KEY");
  if ((cert === undefined) !== (key === undefined)) {
    throw new ConfigError("TLS_CERT and TLS_KEY must be set together.");
  }
  const databaseUrl = url(env, "DATABASE_URL", ["postgres:", "postgresql:"]);
  const workers = workerCount(env);
  if (workers > 1 && databaseUrl === undefined) {
    throw new ConfigError(
      "WORKERS above 1 needs DATABASE_URL: the embedded database belongs to one process.",
    );
  }
  const readUrl = url(env, "DATABASE_READ_URL", ["postgres:", "postgresql:"]);
  if (readUrl !== undefined && databaseUrl === undefined) {
    throw new ConfigError(
      "DATABASE_READ_URL needs DATABASE_URL: it names a replica of the PostgreSQL primary.",
    );
  }
  const lagMaxMs = integer(env, "READ_REPLICA_LAG_MAX_MS", 1000, 1, 3_600_000);
  const features: Config["features"] = {};
  const quests = boolean(env, "QUESTS_ENABLED");
  const campaigns = boolean(env, "CAMPAIGNS_ENABLED");
  if (quests !== undefined) features.quests = quests;
  if (campaigns !== undefined) features.campaigns = campaigns;
  const port = integer(env, "PORT", 8080, 0, 65535);
  const chainId =
    read(env, "CHAIN_ID") === undefined
      ? undefined
      : integer(env, "CHAIN_ID", 0, 1, Number.MAX_SAFE_INTEGER);
  return {
    port,
    host: read(env, "HOST") ?? "127.0.0.1",
    databaseUrl,
    readReplica: readUrl === undefined ? undefined : { url: readUrl, lagMaxMs },
    dataDir: read(env, "DATA_DIR") ?? "./data",
    adminToken,
    metricsToken,
    features,
    logLevel: logLevel as Config["logLevel"],
    tls: cert !== undefined && key !== undefined ? { cert, key } : undefined,
    chainRpcUrl: url(env, "CHAIN_RPC_URL", ["http:", "https:"]),
    chainWsUrl: url(env, "CHAIN_WS_URL", ["ws:", "wss:"]),
    chainId,
    signIn: signIn(env, port, chainId),
    dbPoolSize: integer(env, "DB_POOL_SIZE", 20, 1, 1000),
    workers,
    rateLimits: {
      publicPerMinute: integer(env, "RATE_LIMIT_PUBLIC_PER_MINUTE", 60_000, 0, 100_000_000),
      ownerPerMinute: integer(env, "RATE_LIMIT_OWNER_PER_MINUTE", 600_000, 0, 100_000_000),
      adminPerMinute: integer(env, "RATE_LIMIT_ADMIN_PER_MINUTE", 60_000, 0, 100_000_000),
    },
    applicationsPerHour: integer(env, "APPLICATIONS_PER_HOUR", 20, 1, 10_000),
    trustProxy: trustProxy(env),
    redisUrl: url(env, "REDIS_URL", ["redis:", "rediss:"]),
    // Resolved here: a relative WEB_DIR means the working directory's, as a user expects.
    webDir: env.WEB_DIR ? resolve(env.WEB_DIR) : undefined,
    webhooks: {
      allowPrivateTargets: boolean(env, "WEBHOOK_ALLOW_PRIVATE_TARGETS") ?? false,
      pendingMax: integer(env, "WEBHOOK_PENDING_MAX", 10_000, 1, 10_000_000),
    },
    publicReads: {
      inFlightMax: integer(env, "PUBLIC_READS_IN_FLIGHT_MAX", 16, 0, 10_000),
      queueMax: integer(env, "PUBLIC_READS_QUEUE_MAX", 256, 0, 100_000),
      queueWaitMs: integer(env, "PUBLIC_READS_QUEUE_WAIT_MS", 5_000, 1, 600_000),
    },
    allocationBatching: {
      enabled: boolean(env, "ALLOCATION_BATCHING") ?? true,
      sizeMax: integer(env, "ALLOCATION_BATCH_MAX", 256, 1, 10_000),
      waitMs: integer(env, "ALLOCATION_BATCH_WAIT_MS", 0, 0, 100),
      concurrency: integer(env, "ALLOCATION_BATCH_CONCURRENCY", 2, 1, 64),
    },
    allocationQueueMax: integer(env, "ALLOCATION_QUEUE_MAX", 1000, 1, 1_000_000),
    dbTimeouts: {
      lockMs: integer(env, "DB_LOCK_TIMEOUT_MS", DB_TIMEOUTS_DEFAULT.lockMs, 1, 600_000),
      statementMs: integer(
        env,
        "DB_STATEMENT_TIMEOUT_MS",
        DB_TIMEOUTS_DEFAULT.statementMs,
        1,
        600_000,
      ),
      connectMs: integer(env, "DB_CONNECT_TIMEOUT_MS", DB_TIMEOUTS_DEFAULT.connectMs, 1, 600_000),
    },
    lookupCacheTtlMs: integer(env, "LOOKUP_CACHE_TTL_MS", 1000, 1, 3_600_000),
    publicAnswerMaxAgeMs: integer(env, "PUBLIC_ANSWER_MAX_AGE_MS", 1000, 0, 60_000),
    http: {
      requestTimeoutMs: integer(env, "HTTP_REQUEST_TIMEOUT_MS", 10_000, 100, 600_000),
      keepAliveTimeoutMs: integer(env, "HTTP_KEEP_ALIVE_TIMEOUT_MS", 5_000, 100, 600_000),
    },
  };
}
