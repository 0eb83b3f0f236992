import { createRequire } from "node:module";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config.js";
import { PAGE_CSP } from "./web.js";

interface Response {
  headers?: Record<string, unknown>;
}
interface Operation {
  parameters?: unknown[];
  responses?: Record<string, Response>;
}
interface Document {
  paths?: Record<string, Record<string, unknown>>;
}

const REQUEST_ID_HEADER = {
  description:
    "The request's id: the client's own `x-request-id` (1..128 printable ASCII characters) or " +
    "one the service made. Problem bodies repeat it as `request_id`; every log line has it.",
  schema: { type: "string" },
} as const;

const IDEMPOTENT_REPLAYED_HEADER = {
  description: "`true` when this answer replays the first one made with the same Idempotency-Key",
  schema: { type: "string", enum: ["true"] },
} as const;

/**
 * What every operation shares, added once here rather than in each route: the `x-request-id`
 * a client may send and every answer carries, and `Idempotent-Replayed` on the answers that
 * can be replays.
 */
function addSharedHeaders(document: Document): Document {
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, value] of Object.entries(item ?? {})) {
      if (typeof value !== "object" || value === null || !("responses" in value)) continue;
      const operation = value as Operation;
      operation.parameters = [
        ...(operation.parameters ?? []),
        { $ref: "#/components/parameters/RequestId" },
      ];
      const replayable = method === "post" && path.startsWith("/quests/{questId}");
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        if ("$ref" in response) continue;
        response.headers = {
          ...response.headers,
          "x-request-id": REQUEST_ID_HEADER,
          ...(replayable && /^[24]/.test(status)
            ? { "Idempotent-Replayed": IDEMPOTENT_REPLAYED_HEADER }
            : {}),
        };
      }
    }
  }
  return document;
}

/**
 * The document's version is the package's: one version, in package.json. Read at run time from
 * src/http/ and from dist/http/ alike (both two folders below the package).
 */
const PACKAGE_VERSION = (
  createRequire(import.meta.url)("../../package.json") as { version: string }
).version;

/** The OpenAPI 3.1 document at /openapi.json (every operation, operator ones included) and /docs. */
export async function registerOpenApi(app: FastifyInstance, config: Config): Promise<void> {
  const host = config.host === "0.0.0.0" || config.host === "::" ? "127.0.0.1" : config.host;
  await app.register(fastifySwagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Quest Points Allocation Service",
        version: PACKAGE_VERSION,
        description:
          "Allocate points from a quest's budget to pass addresses. Errors are RFC 9457 problem " +
          "details with a stable `code`; every answer carries `x-request-id`. The operator API " +
          "(`/admin`, tag `operator`) answers 404 unless the service runs with ADMIN_TOKEN or " +
          "has at least one operator.",
      },
      servers: [
        { url: "/", description: "The service serving this document" },
        {
          url: `${config.tls ? "https" : "http"}://${host}:${config.port}`,
          description: "The configured listening address",
        },
      ],
      tags: [
        { name: "quests", description: "The spec's quest endpoints" },
        { name: "campaigns", description: "Public campaign reads" },
        { name: "passes", description: "Players: join with a wallet, balances, leaderboards" },
        { name: "applications", description: "Apply for a quest; claim its keys once approved" },
        {
          name: "webhooks",
          description:
            "Owners' webhook endpoints (Standard Webhooks 1.0): events of their own quests, in their key's mode",
        },
        {
          name: "operator",
          description:
            "The operator API: `Authorization: Bearer` with ADMIN_TOKEN or an operator's token",
        },
        { name: "operations", description: "Health, readiness and metrics" },
      ],
      components: {
        securitySchemes: {
          apiKey: { type: "apiKey", in: "header", name: "x-api-key" },
          adminToken: { type: "http", scheme: "bearer" },
          applicationToken: { type: "apiKey", in: "header", name: "x-application-token" },
        },
        parameters: {
          RequestId: {
            name: "x-request-id",
            in: "header",
            required: false,
            description:
              "Optional: your own id for this request, adopted when 1..128 printable ASCII characters",
            schema: { type: "string", minLength: 1, maxLength: 128 },
          },
        },
      },
    },
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`),
    },
    // The document object is the OpenAPI one (`openapi` is set above), not Swagger 2's.
    transformObject: (document) =>
      addSharedHeaders((document as { openapiObject: Document }).openapiObject) as never,
  });
  // Same origin as the pages, whose tabs hold keys in sessionStorage: /docs gets the pages'
  // policy (swagger-ui's own allows any https: style and upgrade-insecure-requests). Without the
  // top bar, whose logo is an SVG with an inline <style>, the page needs nothing inline.
  await app.register(fastifySwaggerUi, {
    routePrefix: "/docs",
    staticCSP: PAGE_CSP,
    uiConfig: { layout: "BaseLayout" },
  });
  app.get("/openapi.json", { schema: { hide: true } }, async () => app.swagger());
}
