/**
 * Everything `npm run api:sync` writes (scripts/api-sync.ts) is what the API gives: each file is
 * rendered again from the service's OpenAPI document (built once, as the script builds it) and
 * compared with the committed one, naming a stale file and the command that rewrites it.
 */
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { API_OUTPUTS, apiOutputs, readmeErrorTableProblems } from "../../scripts/api-sync.js";
import { repoPath, staleness } from "../../scripts/generated-files.js";
import { buildOpenApiDocument } from "../../scripts/openapi.js";

let built: Promise<Record<string, unknown>> | undefined;
/** The service's OpenAPI document, built once for every test of this file. */
const served = () => {
  built ??= buildOpenApiDocument() as Promise<Record<string, unknown>>;
  return built;
};

describe("the files npm run api:sync writes", () => {
  for (const file of API_OUTPUTS) {
    it(`${file} is what the service's OpenAPI document gives`, async () => {
      const rendered = await apiOutputs(await served())[file]();
      const stale = staleness(file, rendered);
      assert.ok(stale === undefined, stale);
    });
  }

  it("the pages type-check against that client, so a renamed answer field breaks them", async () => {
    const root = fileURLToPath(new URL("../..", import.meta.url));
    const tsc = fileURLToPath(new URL("../../node_modules/.bin/tsc", import.meta.url));
    const run = await promisify(execFile)(tsc, ["--noEmit", "-p", "web"], { cwd: root }).catch(
      (error: { stdout?: string; code?: number }) => error,
    );
    assert.ok(!("code" in run) || !run.code, `tsc -p web failed:\n${run.stdout}`);
  });

  it("docs/api.md has every operation and every error code", async () => {
    const document = await served();
    const committed = readFileSync(repoPath("docs/api.md"), "utf8");
    for (const [path, item] of Object.entries(document.paths as Record<string, object>)) {
      for (const method of Object.keys(item)) {
        assert.ok(committed.includes(`### ${method.toUpperCase()} ${path}\n`), `${method} ${path}`);
      }
    }
    assert.match(committed, /\| `PASS_POINTS_LIMIT` \| 400 \|/);
  });

  it("README.md's error table (hand-written) has exactly the API's codes, with their statuses", () => {
    assert.deepEqual(readmeErrorTableProblems(), []);
  });
});
