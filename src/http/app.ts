import fastifyRateLimit from "@fastify/rate-limit";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import { Ajv, type Options as AjvOptions, type ErrorObject, type ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";
import Fastify, { type FastifyError, type FastifyInstance } from "fastify";
import { AppError } from "../domain/errors.js";
import { BODY_BYTES_MAX } from "../domain/limits.js";
import { frameworkProblem, sendProblem } from "./problem.js";
import { adminRoutes } from "./routes/admin.js";
import { campaignRoutes } from "./routes/campaigns.js";
import { opsRoutes } from "./routes/ops.js";
import { questRoutes } from "./routes/quests.js";
import { CampaignQuest } from "./schemas/campaigns.js";
import { Problem } from "./schemas/common.js";
import { Payout, QuestDetail, QuestPublic } from "./schemas/quests.js";
import type { Services } from "./services.js";

// ajv-formats is CommonJS; its callable export sits on `default` under NodeNext.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

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

/**
 * Two validators: bodies are strict (no type coercion, no silent removal of unknown fields, so
 * `"points": "5"` and `"point": 5` are both 400); query strings and paths coerce, being text.
 */
function validatorCompiler() {
  const base: AjvOptions = {
    allErrors: true,
    removeAdditional: false,
    useDefaults: true,
    strict: false,
  };
  const strict = addFormats(new Ajv({ ...base, coerceTypes: false }));
  const coercing = addFormats(new Ajv({ ...base, coerceTypes: true }));
  return ({ schema, httpPart }: { schema: object; httpPart?: string }) =>
    httpPart === "body"
      ? strict.compile(schema)
      : decimalIntegersOnly(schema, coercing.compile(schema));
}

const DECIMAL_INTEGER = /^(0|-?[1-9]\d*)$/;

/**
 * Ajv coerces text to numbers the way `Number()` does, so `0x10`, `1e3` and ` 1` would pass as
 * 16, 1000 and 1. Integers in paths and query strings must be written in plain decimal.
 */
function decimalIntegersOnly(schema: object, validate: ValidateFunction): ValidateFunction {
  const properties =
    (schema as { properties?: Record<string, { type?: unknown }> }).properties ?? {};
  const integers = Object.keys(properties).filter((name) => properties[name]?.type === "integer");
  if (integers.length === 0) return validate;
  const wrapped = ((data: Record<string, unknown> | undefined) => {
    const notDecimal: ErrorObject[] = integers
      .filter((name) => typeof data?.[name] === "string" && !DECIMAL_INTEGER.test(data[name]))
      .map((name) => ({
        instancePath: `/${name}`,
        schemaPath: `#/properties/${name}/type`,
        keyword: "type",
        params: { type: "integer" },
        message: "must be an integer in plain decimal",
      }));
    const valid = validate(data);
    const others = (validate.errors ?? []).filter(
      (error) => !notDecimal.some((bad) => bad.instancePath === error.instancePath),
    );
    const errors = [...notDecimal, ...others];
    wrapped.errors = errors.length > 0 ? errors : null;
    return valid && notDecimal.length === 0;
  }) as ValidateFunction;
  return wrapped;
}

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
