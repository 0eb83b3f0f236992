import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { DATABASES, expectStatus, withContext } from "../helpers/app.js";

interface Operation {
  security?: Array<Record<string, string[]>>;
  responses?: Record<string, unknown>;
}
type PathItem = Record<string, Operation>;
interface SecurityScheme {
  type: string;
  in?: string;
  name?: string;
  scheme?: string;
}
interface OpenApiDocument {
  security?: Array<Record<string, string[]>>;
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, PathItem>;
  components?: { securitySchemes?: Record<string, SecurityScheme> };
}

/** The path item documenting `path`, whatever the name of its `{parameter}`s. */
function pathItem(doc: OpenApiDocument, path: string): PathItem | undefined {
  const shape = new RegExp(`^${path.replace(/\{[^}]+\}/g, "\\{[^}]+\\}")}$`);
  const found = Object.keys(doc.paths).find((documented) => shape.test(documented));
  return found === undefined ? undefined : doc.paths[found];
}

const PUBLIC_OPERATIONS: Array<[string, string]> = [
  ["get", "/quests"],
  ["get", "/quests/{questId}"],
  ["post", "/quests/{questId}"],
  ["get", "/campaigns/{id}"],
];
const OWNER_OPERATIONS: Array<[string, string]> = [
  ["get", "/quests/{questId}"],
  ["post", "/quests/{questId}"],
];
const OPERATOR_OPERATIONS: Array<[string, string]> = [
  ["post", "/admin/accounts"],
  ["post", "/admin/campaigns"],
  ["patch", "/admin/campaigns/{id}"],
  ["post", "/admin/quests"],
  ["patch", "/admin/quests/{id}"],
  ["post", "/admin/keys"],
  ["delete", "/admin/keys/{id}"],
  ["get", "/admin/features"],
  ["put", "/admin/features"],
  ["put", "/admin/action-types/{name}"],
  ["post", "/admin/earning-periods"],
];
const OPS_OPERATIONS: Array<[string, string]> = [
  ["get", "/healthz"],
  ["get", "/readyz"],
];

for (const kind of DATABASES) {
  describe(`operations endpoints [${kind}]`, () => {
    const ctx = withContext(kind);

    it("answers GET /healthz with 200", async () => {
      const response = await ctx().inject({ method: "GET", url: "/healthz" });
      expectStatus(response, 200);
      assert.match(String(response.headers["content-type"]), /^application\/json/);
    });

    it("answers GET /readyz with 200 when the database is reachable", async () => {
      const response = await ctx().inject({ method: "GET", url: "/readyz" });
      expectStatus(response, 200);
      assert.match(String(response.headers["content-type"]), /^application\/json/);
    });

    it("serves an OpenAPI 3.1 document at /openapi.json", async () => {
      const response = await ctx().inject({ method: "GET", url: "/openapi.json" });
      expectStatus(response, 200);
      assert.match(String(response.headers["content-type"]), /^application\/json/);
      const doc = response.json() as OpenApiDocument;
      assert.match(doc.openapi, /^3\.1\.\d+$/);
      assert.equal(typeof doc.info.title, "string");
      assert.equal(typeof doc.info.version, "string");
      assert.equal(typeof doc.paths, "object");
    });

    it("documents every public, operator and operations endpoint", async () => {
      const doc: OpenApiDocument = (
        await ctx().inject({ method: "GET", url: "/openapi.json" })
      ).json();
      const missing = [...PUBLIC_OPERATIONS, ...OPERATOR_OPERATIONS, ...OPS_OPERATIONS]
        .filter(([method, path]) => pathItem(doc, path)?.[method] === undefined)
        .map(([method, path]) => `${method.toUpperCase()} ${path}`);
      assert.deepEqual(missing, [], `undocumented: ${missing.join(", ")}`);
    });

    it("documents the x-api-key header scheme on the owner endpoints", async () => {
      const doc: OpenApiDocument = (
        await ctx().inject({ method: "GET", url: "/openapi.json" })
      ).json();
      const schemes = doc.components?.securitySchemes ?? {};
      const apiKeySchemes = Object.entries(schemes)
        .filter(([, s]) => s.type === "apiKey" && s.in === "header" && s.name === "x-api-key")
        .map(([name]) => name);
      assert.ok(apiKeySchemes.length > 0, `no x-api-key scheme in ${JSON.stringify(schemes)}`);
      for (const [method, path] of OWNER_OPERATIONS) {
        const security = pathItem(doc, path)?.[method]?.security ?? doc.security ?? [];
        assert.ok(
          security.some((requirement: Record<string, string[]>) =>
            apiKeySchemes.some((name) => name in requirement),
          ),
          `${method.toUpperCase()} ${path} should require x-api-key`,
        );
      }
    });

    it("documents the bearer scheme on the operator endpoints", async () => {
      const doc: OpenApiDocument = (
        await ctx().inject({ method: "GET", url: "/openapi.json" })
      ).json();
      const schemes = doc.components?.securitySchemes ?? {};
      const bearer = Object.entries(schemes)
        .filter(([, s]) => s.type === "http" && String(s.scheme).toLowerCase() === "bearer")
        .map(([name]) => name);
      assert.ok(bearer.length > 0, `no bearer scheme in ${JSON.stringify(schemes)}`);
      for (const [method, path] of OPERATOR_OPERATIONS) {
        const security = pathItem(doc, path)?.[method]?.security ?? [];
        assert.ok(
          security.some((requirement: Record<string, string[]>) =>
            bearer.some((name) => name in requirement),
          ),
          `${method.toUpperCase()} ${path} should require the operator token`,
        );
      }
    });

    it("serves the API documentation as HTML at /docs", async () => {
      let url = "/docs";
      let response = await ctx().inject({ method: "GET", url });
      for (
        let hops = 0;
        hops < 3 && [301, 302, 303, 307, 308].includes(response.statusCode);
        hops++
      ) {
        url = new URL(String(response.headers.location), `http://localhost${url}`).pathname;
        response = await ctx().inject({ method: "GET", url });
      }
      expectStatus(response, 200);
      assert.match(String(response.headers["content-type"]), /^text\/html/);
      assert.match(response.body, /<html/i);
    });
  });
}
