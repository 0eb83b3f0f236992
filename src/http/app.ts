import Fastify, { type FastifyError, type FastifyInstance, type FastifyRequest } from "fastify";
import type { Config } from "../config.js";
import { AppError, unavailable } from "../domain/errors.js";
import { BODY_BYTES_MAX } from "../domain/limits.js";
import { challengeUnauthorized } from "./auth.js";
import {
  answerNodeRefusalsInApp,
  handleClientError,
  handleFrameworkError,
  PATH_PARAM_LENGTH_MAX,
} from "./client-errors.js";
import { registerPublicCors, registerPublicPreflights } from "./cors.js";
import { registerJsonBodyParser } from "./json-body.js";
import { registerOpenApi } from "./openapi.js";
import { guardOperatorScope } from "./operator-guards.js";
import { appErrorOf, frameworkProblem, sendProblem } from "./problem.js";
import { registerPublicReadBound, registerRateLimits, trafficClass } from "./rate-limits.js";
import { registerRequestIds, requestIdOf } from "./request-ids.js";
import { adminRoutes } from "./routes/admin.js";
import { adminAccountRoutes } from "./routes/admin-accounts.js";
import { adminApplicationRoutes } from "./routes/admin-applications.js";
import { adminBackupRoutes } from "./routes/admin-backup.js";
import { adminKeyRoutes } from "./routes/admin-keys.js";
import { adminListRoutes } from "./routes/admin-lists.js";
import { adminOperatorRoutes } from "./routes/admin-operators.js";
import { adminPayoutRoutes } from "./routes/admin-payouts.js";
import { applicationRoutes } from "./routes/applications.js";
import { campaignRoutes } from "./routes/campaigns.js";
import { metricsRoutes, registerRequestMetrics } from "./routes/metrics.js";
import { opsRoutes } from "./routes/ops.js";
import { passRoutes } from "./routes/passes.js";
import { pointsRoutes } from "./routes/points.js";
import { questRoutes } from "./routes/quests.js";
import { signInRoutes } from "./routes/sign-in.js";
import { adminWebhookRoutes, ownerWebhookRoutes } from "./routes/webhooks.js";
import { CampaignQuest } from "./schemas/campaigns.js";
import { Problem } from "./schemas/common.js";
import { Reversal } from "./schemas/points.js";
import { Payout, QuestDetail, QuestPublic } from "./schemas/quests.js";
import type { Services } from "./services.js";
import { validatorCompiler } from "./validation.js";
import { webRoutes } from "./web.js";

export interface AppOptions {
  /**
   * false: no logs; else pino at `level`, to `stream` (stdout by default) as JSON lines, or, with
   * `pretty`, through pino-pretty for a person at a terminal.
   */
  logger: false | { level: string; stream?: NodeJS.WritableStream; pretty?: boolean };
  /** PEM certificate and key: serve HTTPS instead of HTTP. */
  https?: { cert: Buffer; key: Buffer } | undefined;
}

/** Redacted before any log line is written: keys and tokens never reach the logs. */
const LOG_REDACT = [
  'req.headers["x-api-key"]',
  'req.headers["x-application-token"]',
  "req.headers.authorization",
];
const SHUTDOWN_RETRY_AFTER_S = 1;

/**
 * Whether an answer goes to a credential, so no browser or proxy cache may keep it
 * (`Cache-Control: no-store`, docs/http.md#headers-of-every-answer), whatever its status, errors included: the
 * owner routes (`x-api-key`) and the operator routes, classed as the rate limits class them, and
 * the applicant routes, which take or hand out an `ap_` token and answer the claimed keys. The
 * public reads keep their own caching (`answer-cache.ts`).
 */
function answersACredential(request: FastifyRequest): boolean {
  const traffic = trafficClass(request);
  if (traffic === "owner" || traffic === "admin") return true;
  const route = request.routeOptions.url;
  return route === "/applications" || (route?.startsWith("/applications/") ?? false);
}

function loggerOptions(logger: AppOptions["logger"]) {
  if (logger === false) return false;
  const { pretty, ...rest } = logger;
  // Keys are redacted in this process, before a line reaches pino-pretty's worker thread.
  const transport = pretty
    ? {
        target: "pino-pretty",
        options: { translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname" },
      }
    : undefined;
  return { ...rest, redact: LOG_REDACT, ...(transport ? { transport } : {}) };
}

/**
 * Node's server options. Timeouts from HTTP_REQUEST_TIMEOUT_MS and HTTP_KEEP_ALIVE_TIMEOUT_MS:
 * Node cuts a request only when its periodic check runs (every 30 s by default) and applies
 * `requestTimeout` only if `headersTimeout` is not larger, so both are set and the check runs
 * often enough that a connection slow in any phase (sending nothing, trickling headers or a
 * body) is cut within the request timeout plus a fifth of it (at most a second).
 */
function serverOptions({ requestTimeoutMs, keepAliveTimeoutMs }: Config["http"]) {
  return {
    requestTimeout: requestTimeoutMs,
    headersTimeout: requestTimeoutMs,
    connectionsCheckingInterval: Math.min(1000, Math.max(10, Math.floor(requestTimeoutMs / 5))),
    keepAliveTimeout: keepAliveTimeoutMs,
    // A missing Host is answered by the app, as problem details (answerNodeRefusalsInApp).
    requireHostHeader: false,
  };
}

/** TRUST_PROXY as a hop count: the nearest `hops` proxies are trusted (proxy-addr's meaning). */
function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

export async function buildApp(services: Services, options: AppOptions): Promise<FastifyInstance> {
  const { config } = services;
  const server = serverOptions(config.http);
  // The HTTPS variant has another server type; the app's own code never touches the raw server.
  const app = Fastify({
    ...(options.https ? { https: { ...options.https, ...server } } : { http: server }),
    logger: loggerOptions(options.logger),
    bodyLimit: BODY_BYTES_MAX,
    requestTimeout: server.requestTimeout,
    keepAliveTimeout: server.keepAliveTimeout,
    // A socket with no traffic either way for twice the request timeout is cut, whatever the
    // phase: the last bound, for a client that stops reading its answer.
    connectionTimeout: 2 * server.requestTimeout,
    trustProxy:
      typeof config.trustProxy === "number" ? trustHops(config.trustProxy) : config.trustProxy,
    // Answered as problem details below, with Retry-After, instead of Fastify's own JSON.
    return503OnClosing: false,
    clientErrorHandler: handleClientError,
    frameworkErrors: handleFrameworkError,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: PATH_PARAM_LENGTH_MAX },
    genReqId: requestIdOf,
  }) as unknown as FastifyInstance;
  app.setValidatorCompiler(validatorCompiler());
  registerJsonBodyParser(app);
  // The replica's connections and probes are the app's; the primary's are its owner's to close.
  app.addHook("onClose", () => services.reads.close());

  registerRequestIds(app);
  registerPublicCors(app);
  // Requests that arrive on an open connection once closing began: 503, try another instance.
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  app.addHook("onRequest", async () => {
    if (closing) {
      throw unavailable("The service is shutting down; retry shortly.", SHUTDOWN_RETRY_AFTER_S);
    }
  });
  answerNodeRefusalsInApp(app);
  app.addHook("onSend", challengeUnauthorized);
  app.addHook("onSend", async (request, reply, payload) => {
    if (answersACredential(request)) reply.header("cache-control", "no-store");
    return payload;
  });
  registerRequestMetrics(app, services.metrics);

  for (const schema of [Problem, Payout, QuestDetail, QuestPublic, CampaignQuest, Reversal]) {
    app.addSchema(schema);
  }

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const known = appErrorOf(error) ?? frameworkProblem(error);
    if (known) return sendProblem(request, reply, known);
    request.log.error({ err: error }, "unhandled error");
    return sendProblem(request, reply, new AppError("INTERNAL", "An unexpected error occurred."));
  });
  app.setNotFoundHandler((request, reply) =>
    sendProblem(
      request,
      reply,
      new AppError("NOT_FOUND", `No route for ${request.method} ${request.url.split("?")[0]}.`),
    ),
  );

  // Budgets before anything else a request costs (authentication, the database).
  await registerRateLimits(app, services);
  registerPublicReadBound(app, config);

  await registerOpenApi(app, config);

  await app.register(async (scope) => opsRoutes(scope, services));
  await app.register(async (scope) => metricsRoutes(scope, services));
  await app.register(async (scope) => questRoutes(scope, services));
  await app.register(async (scope) => pointsRoutes(scope, services));
  await app.register(async (scope) => passRoutes(scope, services));
  await app.register(async (scope) => signInRoutes(scope, services));
  await app.register(async (scope) => campaignRoutes(scope, services));
  await app.register(async (scope) => applicationRoutes(scope, services));
  await app.register(async (scope) => ownerWebhookRoutes(scope, services));
  await app.register(async (scope) => {
    guardOperatorScope(scope, services);
    await adminRoutes(scope, services);
    await adminApplicationRoutes(scope, services);
    await adminListRoutes(scope, services);
    await adminAccountRoutes(scope, services);
    await adminKeyRoutes(scope, services);
    await adminPayoutRoutes(scope, services);
    await adminWebhookRoutes(scope, services);
    await adminOperatorRoutes(scope, services);
    await adminBackupRoutes(scope, services);
  });
  await app.register(async (scope) => webRoutes(scope, services));
  registerPublicPreflights(app);
  return app;
}
