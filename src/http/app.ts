import fastifyRateLimit from "@fastify/rate-limit";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyError, type FastifyInstance } from "fastify";
import { AppError } from "../domain/errors.js";
import { BODY_BYTES_MAX } from "../domain/limits.js";
import { registerJsonBodyParser } from "./json-body.js";
import { frameworkProblem, sendProblem } from "./problem.js";
import { adminRoutes } from "./routes/admin.js";
import { campaignRoutes } from "./routes/campaigns.js";
import { opsRoutes } from "./routes/ops.js";
import { questRoutes } from "./routes/quests.js";
import { CampaignQuest } from "./schemas/campaigns.js";
import { Problem } from "./schemas/common.js";
import { Payout, QuestDetail, QuestPublic } from "./schemas/quests.js";
import type { Services } from "./services.js";
import { validatorCompiler } from "./validation.js";

export interface AppOptions {
  /** false: no logs; else pino at `level`, to `stream` (stdout by default). */
  logger: false | { level: string; stream?: NodeJS.WritableStream };
  /** Milliseconds a client has to send a request before it is cut off. */
  requestTimeoutMs?: number;
  /** PEM certificate and key: serve HTTPS instead of HTTP. */
  https?: { cert: Buffer; key: Buffer } | undefined;
}

/** Redacted before any log line is written: keys and tokens never reach the logs. */
const LOG_REDACT = ['req.headers["x-api-key"]', "req.headers.authorization"];

export async function buildApp(services: Services, options: AppOptions): Promise<FastifyInstance> {
  // The HTTPS variant has another server type; the app's own code never touches the raw server.
  const app = Fastify({
    ...(options.https ? { https: options.https } : {}),
    logger: options.logger === false ? false : { ...options.logger, redact: LOG_REDACT },
    bodyLimit: BODY_BYTES_MAX,
    requestTimeout: options.requestTimeoutMs ?? 30_000,
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  }) as unknown as FastifyInstance;
  app.setValidatorCompiler(validatorCompiler());
  registerJsonBodyParser(app);

  for (const schema of [Problem, Payout, QuestDetail, QuestPublic, CampaignQuest]) {
    app.addSchema(schema);
  }

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return sendProblem(request, reply, error);
    const known = frameworkProblem(error);
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

  const rateLimit = services.config.rateLimitPerMinute;
  if (rateLimit > 0) {
    // Per client IP and per process: a runaway client is slowed before it reaches the database.
    await app.register(fastifyRateLimit, {
      max: rateLimit,
      timeWindow: 60_000,
      allowList: (request) => request.url === "/healthz" || request.url === "/readyz",
      errorResponseBuilder: (_request, context) =>
        new AppError(
          "RATE_LIMITED",
          `Too many requests: at most ${context.max} a minute; retry in ${context.after}.`,
        ),
    });
  }

  await app.register(fastifySwagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Quest Points Allocation Service",
        version: "1.0.0",
        description:
          "Allocate points from a quest's budget to pass addresses. Errors are RFC 9457 problem details with a stable `code`.",
      },
      components: {
        securitySchemes: {
          apiKey: { type: "apiKey", in: "header", name: "x-api-key" },
          adminToken: { type: "http", scheme: "bearer" },
        },
      },
    },
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`),
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: "/docs" });
  app.get("/openapi.json", { schema: { hide: true } }, async () => app.swagger());

  await app.register(async (scope) => opsRoutes(scope, services));
  await app.register(async (scope) => questRoutes(scope, services));
  await app.register(async (scope) => campaignRoutes(scope, services));
  const adminToken = services.config.adminToken;
  if (adminToken)
    await app.register(async (scope) => adminRoutes(scope, { ...services, adminToken }));
  return app;
}
