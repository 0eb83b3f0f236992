/**
 * Traffic classes and their budgets. Each request is classed by its route: operator traffic
 * (`/admin…`, per client IP), owner traffic (the API-key routes, per key), anonymous public
 * traffic (everything else, per client IP); the health probes and /metrics are never limited.
 * Each class has a bucket of its own, so a flood of public reads never locks an owner or the
 * operator out.
 * With REDIS_URL the buckets live in Redis and every process shares them.
 */
import fastifyRateLimit, { normalizeIP } from "@fastify/rate-limit";
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { Redis } from "ioredis";
import type { Config } from "../config.js";
import { AppError, unavailable } from "../domain/errors.js";
import { apiKeyOfRequest } from "./auth.js";
import type { Services } from "./services.js";

export type TrafficClass = "public" | "owner" | "admin" | "probe";

const RATE_WINDOW_MS = 60_000;
/** Buckets kept per process without Redis (least recently used dropped first). */
const LOCAL_BUCKETS_MAX = 100_000;
const REDIS_KEY_PREFIX = "questpoints:rate-limit:";
/** Every Redis wait is bounded: a slow or absent Redis costs a request at most this much. */
const REDIS_CONNECT_TIMEOUT_MS = 2_000;
const REDIS_COMMAND_TIMEOUT_MS = 500;
const REDIS_WARNING_INTERVAL_MS = 10_000;

const PROBE_ROUTES = new Set(["/healthz", "/readyz", "/metrics"]);

/** The class of a request, from the route it matched (`undefined`: no route, the 404 handler). */
export function trafficClass(request: FastifyRequest): TrafficClass {
  const route = request.routeOptions.url;
  if (route === undefined) return "public";
  if (PROBE_ROUTES.has(route)) return "probe";
  if (route === "/admin" || route.startsWith("/admin/")) return "admin";
  // The owner API: everything under /quests/{questId}, the key's own /me and its webhooks.
  if (
    route.startsWith("/quests/:") ||
    route === "/me" ||
    route.startsWith("/me/") ||
    route === "/webhooks" ||
    route.startsWith("/webhooks/")
  ) {
    return "owner";
  }
  return "public";
}

/**
 * The client a request counts against, for every budget kept per client: the rate limits, the
 * nonces a client holds, the applications an hour (docs/promises.md#limits). An IPv4 address is a
 * client; an IPv6 address counts as its /64, since one host is usually given a whole /64 and
 * could otherwise take a new budget per address; an IPv4-mapped one as its IPv4 address.
 */
export function clientOf(request: FastifyRequest): string {
  return normalizeIP(request.ip);
}

const OWNER_IP_BUCKET = "owner:ip:";

/**
 * The bucket of a request: owner traffic with a usable key by the SHA-256 of that key (never the
 * key itself, which must not reach Redis or memory dumps); owner traffic without one (no key, a
 * malformed, unknown, revoked or expired one) by client IP, so inventing a key per request buys
 * no budget; the rest by IP. While an address is over its owner budget, its keys that this
 * process does not already know are not looked up (they count by address, and are refused): a
 * flood of made-up keys costs no database work. A key this process knows keeps its own budget.
 */
function createBucketKeys(services: Pick<Services, "db" | "caches">) {
  const overBudgetUntilMs = new Map<string, number>();
  const overBudget = (ip: string) => (overBudgetUntilMs.get(ip) ?? 0) > Date.now();
  return {
    async of(request: FastifyRequest, trafficClass: TrafficClass): Promise<string> {
      const ip = clientOf(request);
      if (trafficClass === "owner") {
        // A failed lookup (the database away) counts by address; authentication answers it.
        const usable = await apiKeyOfRequest(services, request, {
          cachedOnly: overBudget(ip),
        }).catch(() => undefined);
        if (usable) return `owner:key:${usable.hash}`;
      }
      return `${trafficClass}:ip:${ip}`;
    },
    /** Told of every refused request: an address over its owner budget stops key lookups. */
    exceeded(bucket: string): void {
      if (!bucket.startsWith(OWNER_IP_BUCKET)) return;
      if (overBudgetUntilMs.size >= LOCAL_BUCKETS_MAX) overBudgetUntilMs.clear();
      overBudgetUntilMs.set(bucket.slice(OWNER_IP_BUCKET.length), Date.now() + RATE_WINDOW_MS);
    },
  };
}

/** An ioredis client whose every wait is bounded and whose outages are logged, not thrown. */
function connectRedis(url: string, log: FastifyBaseLogger): Redis {
  const redis = new Redis(url, {
    connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 1,
    // Fail at once while disconnected instead of queueing requests behind a reconnect.
    enableOfflineQueue: false,
  });
  let failing = false;
  let warnedAtMs = 0;
  redis.on("error", (err: Error) => {
    failing = true;
    if (Date.now() - warnedAtMs < REDIS_WARNING_INTERVAL_MS) return;
    warnedAtMs = Date.now();
    log.warn(
      { err },
      "Redis is unreachable: rate limits are not enforced until it is back (requests are served)",
    );
  });
  redis.on("ready", () => {
    if (failing) log.info("Redis is reachable again: rate limits are enforced again");
    failing = false;
  });
  return redis;
}

/** Registers the per-class rate limits as the app's first budget check (an onRequest hook). */
export async function registerRateLimits(app: FastifyInstance, services: Services): Promise<void> {
  const { config } = services;
  const budgets: Record<TrafficClass, number> = {
    public: config.rateLimits.publicPerMinute,
    owner: config.rateLimits.ownerPerMinute,
    admin: config.rateLimits.adminPerMinute,
    probe: 0,
  };
  if (budgets.public === 0 && budgets.owner === 0 && budgets.admin === 0) return;
  const redis = config.redisUrl ? connectRedis(config.redisUrl, app.log) : undefined;
  const buckets = createBucketKeys(services);
  if (redis) {
    app.addHook("onClose", async () => {
      redis.disconnect();
    });
  }
  await app.register(fastifyRateLimit, {
    // Applied below as one app-wide hook, ahead of every route's own authentication hooks, so a
    // flood of bad keys or tokens is limited too.
    global: false,
    timeWindow: RATE_WINDOW_MS,
    keyGenerator: (request) => buckets.of(request, trafficClass(request)),
    onExceeded: (_request, bucket) => buckets.exceeded(bucket),
    allowList: (request) => budgets[trafficClass(request)] === 0,
    max: (request) => budgets[trafficClass(request)],
    cache: LOCAL_BUCKETS_MAX,
    ...(redis ? { redis, nameSpace: REDIS_KEY_PREFIX } : {}),
    // A Redis outage must not take the service down: the request is served unlimited.
    skipOnError: true,
    errorResponseBuilder: (request, context) =>
      new AppError(
        "RATE_LIMITED",
        `Too many requests: at most ${context.max} a minute for ${describeClass(trafficClass(request))}; retry in ${context.after}.`,
      ),
  });
  app.addHook("onRequest", app.rateLimit());
}

function describeClass(trafficClass: TrafficClass): string {
  switch (trafficClass) {
    case "owner":
      return "owner requests with this API key (or, without a usable key, from this address)";
    case "admin":
      return "operator requests from this address";
    default:
      return "public requests from this address";
  }
}

/**
 * At most `inFlightMax` holders at once; up to `queueMax` more wait, each at most `waitMs`.
 * `enter` resolves false when the queue is full or the wait ran out.
 */
export function createInFlightGate(inFlightMax: number, queueMax: number, waitMs: number) {
  let inFlight = 0;
  const waiting: Array<() => void> = [];
  return {
    enter(): Promise<boolean> {
      if (inFlight < inFlightMax) {
        inFlight++;
        return Promise.resolve(true);
      }
      if (waiting.length >= queueMax) return Promise.resolve(false);
      return new Promise<boolean>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          resolve(true);
        };
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(wake), 1);
          resolve(false);
        }, waitMs);
        waiting.push(wake);
      });
    },
    leave(): void {
      // The slot passes straight to the longest waiter, if any.
      const next = waiting.shift();
      if (next) next();
      else inFlight--;
    },
  };
}

/**
 * Bounds the anonymous public reads (GET and HEAD of the public class) running at once in this
 * process, so they never take the database connections allocations need: beyond the bound a
 * read waits in a short queue, and beyond that it is 503 with Retry-After.
 */
export function registerPublicReadBound(app: FastifyInstance, config: Config): void {
  const { inFlightMax, queueMax, queueWaitMs } = config.publicReads;
  if (inFlightMax === 0) return;
  const gate = createInFlightGate(inFlightMax, queueMax, queueWaitMs);
  app.addHook("onRequest", async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== "GET" && request.method !== "HEAD") return;
    if (trafficClass(request) !== "public") return;
    // The response's `close` comes once, whether it was sent or the client went away.
    let state = "waiting" as "waiting" | "holding" | "done";
    reply.raw.once("close", () => {
      if (state === "holding") gate.leave();
      state = "done";
    });
    const entered = await gate.enter();
    if (state === "done") {
      if (entered) gate.leave();
      throw unavailable("The client went away while waiting.");
    }
    if (!entered) {
      state = "done";
      throw unavailable("Too many public reads at once; retry shortly.");
    }
    state = "holding";
  });
}
