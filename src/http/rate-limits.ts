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
import { hashApiKey } from "../domain/api-keys.js";
import { AppError, unavailable } from "../domain/errors.js";

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
  // The owner API: everything under /quests/{questId} and the key's own /me.
  if (route.startsWith("/quests/:") || route === "/me" || route.startsWith("/me/")) return "owner";
  return "public";
}

/**
 * The bucket of a request: owner traffic by the SHA-256 of its API key (never the key itself,
 * which must not reach Redis or memory dumps), without a key by client IP; the rest by IP.
 */
function bucketKey(request: FastifyRequest, trafficClass: TrafficClass): string {
  const header = request.headers["x-api-key"];
  const apiKey = typeof header === "string" ? header.trim() : "";
  if (trafficClass === "owner" && apiKey !== "") return `owner:key:${hashApiKey(apiKey)}`;
  return `${trafficClass}:ip:${normalizeIP(request.ip)}`;
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
export async function registerRateLimits(app: FastifyInstance, config: Config): Promise<void> {
  const budgets: Record<TrafficClass, number> = {
    public: config.rateLimits.publicPerMinute,
    owner: config.rateLimits.ownerPerMinute,
    admin: config.rateLimits.adminPerMinute,
    probe: 0,
  };
  if (budgets.public === 0 && budgets.owner === 0 && budgets.admin === 0) return;
  const redis = config.redisUrl ? connectRedis(config.redisUrl, app.log) : undefined;
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
    keyGenerator: (request) => bucketKey(request, trafficClass(request)),
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
      return "owner requests with this API key";
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
