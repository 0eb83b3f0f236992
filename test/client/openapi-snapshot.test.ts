import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { API_REFERENCE_PATH, renderApiReference } from "../../scripts/api-reference.js";
import { generateSchemaTypes, SCHEMA_TYPES_PATH } from "../../scripts/generate-client.js";
import { buildOpenApiDocument, OPENAPI_PATH, openApiText } from "../../scripts/openapi.js";

describe("openapi.json", () => {
  it("is the document the service serves, so the typed client matches the service", async () => {
    const served = openApiText(await buildOpenApiDocument());
    const committed = readFileSync(OPENAPI_PATH, "utf8");
    // Compared as text (sorted keys): a one-line answer, not a diff of a 600 kB document.
    if (served !== committed) {
      const servedLines = served.split("\n");
      const committedLines = committed.split("\n");
      const line = servedLines.findIndex((text, i) => text !== committedLines[i]);
      assert.fail(
        `openapi.json is not the service's document (first difference at line ${line + 1}: ` +
          `served ${JSON.stringify(servedLines[line])}, committed ${JSON.stringify(committedLines[line])}): run npm run client:generate`,
      );
    }
  });

  it("src/client/schema.d.ts is the typed client generated from openapi.json", async () => {
    const generated = await generateSchemaTypes();
    assert.ok(
      generated === readFileSync(SCHEMA_TYPES_PATH, "utf8"),
      "src/client/schema.d.ts is not generated from openapi.json: run npm run client:generate",
    );
  });

  it("the pages type-check against that client, so a renamed answer field breaks them", async () => {
    const root = fileURLToPath(new URL("../..", import.meta.url));
    const tsc = fileURLToPath(new URL("../../node_modules/.bin/tsc", import.meta.url));
    const run = await promisify(execFile)(tsc, ["--noEmit", "-p", "web"], { cwd: root }).catch(
      (error: { stdout?: string; code?: number }) => error,
    );
    assert.ok(!("code" in run) || !run.code, `tsc -p web failed:\n${run.stdout}`);
  });

  it("docs/api.md is the reference rendered from that document, with every error code", async () => {
    const document = (await buildOpenApiDocument()) as Record<string, unknown>;
    const committed = readFileSync(API_REFERENCE_PATH, "utf8");
    assert.ok(
      committed === renderApiReference(document),
      "docs/api.md is not the service's reference: run npm run openapi",
    );
    // Every operation and every error code is in it.
    for (const [path, item] of Object.entries(document.paths as Record<string, object>)) {
      for (const method of Object.keys(item)) {
        assert.ok(committed.includes(`### ${method.toUpperCase()} ${path}\n`), `${method} ${path}`);
      }
    }
    assert.match(committed, /\| `PASS_POINTS_LIMIT` \| 400 \|/);
  });
});
