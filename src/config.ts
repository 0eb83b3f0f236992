/**
 * The service's configuration, read from the environment once and validated here; nothing else
 * reads process.env. A bad value stops start-up with a message naming the variable.
 */
export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  adminToken: string | undefined;
  features: { quests?: boolean; campaigns?: boolean };
  logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
  tls: { cert: string; key: string } | undefined;
  chainRpcUrl: string | undefined;
  chainWsUrl: string | undefined;
  /** With CHAIN_RPC_URL: `serve` refuses to start unless the node answers this chain id. */
  chainId: number | undefined;
  dbPoolSize: number;
  /** Requests a minute per client IP and process; 0 turns rate limiting off. */
  rateLimitPerMinute: number;
  /** Group commit of concurrent allocations per quest; off = one transaction per request. */
  allocationBatching: { enabled: boolean; sizeMax: number; waitMs: number };
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
  http: {
    /** A request's headers and body must arrive within this; a slower client is cut off (408). */
    requestTimeoutMs: number;
    /** An idle keep-alive connection is closed after this. */
    keepAliveTimeoutMs: number;
  };
}

export class ConfigError extends Error {}

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
const ADMIN_TOKEN_LENGTH_MIN = 16;

type Env = Record<string, string | undefined>;

function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === "" ? undefined : value;
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

export function loadConfig(env: Env): Config {
  const logLevel = (read(env, "LOG_LEVEL") ?? "info").toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}; got "${logLevel}".`);
  }
  const adminToken = read(env, "ADMIN_TOKEN");
  if (adminToken !== undefined && adminToken.length < ADMIN_TOKEN_LENGTH_MIN) {
    throw new ConfigError(`ADMIN_TOKEN must be at least ${ADMIN_TOKEN_LENGTH_MIN} characters.`);
  }
  const cert = read(env, "TLS_CERT");
  const key = read(env, "TLS_KEY");
  if ((cert === undefined) !== (key === undefined)) {
    throw new ConfigError("TLS_CERT and TLS_KEY must be set together.");
  }
  const features: Config["features"] = {};
  const quests = boolean(env, "QUESTS_ENABLED");
  const campaigns = boolean(env, "CAMPAIGNS_ENABLED");
  if (quests !== undefined) features.quests = quests;
  if (campaigns !== undefined) features.campaigns = campaigns;
  return {
    port: integer(env, "PORT", 8080, 0, 65535),
    host: read(env, "HOST") ?? "127.0.0.1",
    databaseUrl: url(env, "DATABASE_URL", ["postgres:", "postgresql:"]),
    dataDir: read(env, "DATA_DIR") ?? "./data",
    adminToken,
    features,
    logLevel: logLevel as Config["logLevel"],
    tls: cert !== undefined && key !== undefined ? { cert, key } : undefined,
    chainRpcUrl: url(env, "CHAIN_RPC_URL", ["http:", "https:"]),
    chainWsUrl: url(env, "CHAIN_WS_URL", ["ws:", "wss:"]),
    chainId:
      read(env, "CHAIN_ID") === undefined
        ? undefined
        : integer(env, "CHAIN_ID", 0, 1, Number.MAX_SAFE_INTEGER),
    dbPoolSize: integer(env, "DB_POOL_SIZE", 20, 1, 1000),
    rateLimitPerMinute: integer(env, "RATE_LIMIT_PER_MINUTE", 100_000, 0, 100_000_000),
    allocationBatching: {
      enabled: boolean(env, "ALLOCATION_BATCHING") ?? true,
      sizeMax: integer(env, "ALLOCATION_BATCH_MAX", 256, 1, 10_000),
      waitMs: integer(env, "ALLOCATION_BATCH_WAIT_MS", 0, 0, 100),
    },
    allocationQueueMax: integer(env, "ALLOCATION_QUEUE_MAX", 1000, 1, 1_000_000),
    dbTimeouts: {
      lockMs: integer(env, "DB_LOCK_TIMEOUT_MS", 2000, 1, 600_000),
      statementMs: integer(env, "DB_STATEMENT_TIMEOUT_MS", 5000, 1, 600_000),
      connectMs: integer(env, "DB_CONNECT_TIMEOUT_MS", 3000, 1, 600_000),
    },
    lookupCacheTtlMs: integer(env, "LOOKUP_CACHE_TTL_MS", 1000, 1, 3_600_000),
    http: {
      requestTimeoutMs: integer(env, "HTTP_REQUEST_TIMEOUT_MS", 10_000, 100, 600_000),
      keepAliveTimeoutMs: integer(env, "HTTP_KEEP_ALIVE_TIMEOUT_MS", 5_000, 100, 600_000),
    },
  };
}
