/**
 * `src/client/schema.d.ts`: the `paths` and `components` types of the typed client, generated
 * from openapi.json with openapi-typescript. `npm run api:sync` writes it; the tests generate it
 * again and compare, so openapi.json, schema.d.ts and (through `tsc -p web` and `tsc`) the pages
 * and the CLI cannot disagree.
 *
 * openapi-typescript needs TypeScript 5's JS API, and this repository's TypeScript (7, native)
 * has none, so it cannot be a dependency here: it runs through `npm exec` in a temporary
 * directory of its own, with its own TypeScript 5, on absolute paths. Exact versions, so the
 * output is the same on every machine.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

const OPENAPI_TYPESCRIPT = "openapi-typescript@7.13.0";
const TYPESCRIPT = "typescript@5.9.3";
/** Longest wait for npm to fetch and run the generator (a first run downloads it). */
const GENERATE_TIMEOUT_MS = 180_000;

export const SCHEMA_TYPES_FILE = "src/client/schema.d.ts";

const HEADER = `/**
 * Generated from openapi.json by ${OPENAPI_TYPESCRIPT}: do not edit.
 * Regenerate with \`npm run api:sync\`.
 */

`;

/** The text of schema.d.ts generated from `openApiText`, the text of openapi.json. */
export async function generateSchemaTypes(openApiText: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), "qp-openapi-typescript-"));
  const input = join(dir, "openapi.json");
  const output = join(dir, "schema.d.ts");
  try {
    writeFileSync(input, openApiText);
    const npm = process.platform === "win32" ? "npm.cmd" : "npm";
    await promisify(execFile)(
      npm,
      [
        "exec",
        "--yes",
        `--package=${OPENAPI_TYPESCRIPT}`,
        `--package=${TYPESCRIPT}`,
        "--",
        "openapi-typescript",
        input,
        "-o",
        output,
      ],
      { cwd: dir, timeout: GENERATE_TIMEOUT_MS },
    ).catch((error: { stderr?: string }) => {
      throw new Error(`openapi-typescript failed: ${error.stderr || String(error)}`);
    });
    // openapi-typescript writes its own banner; ours says how to regenerate.
    return HEADER + readFileSync(output, "utf8").replace(/^\/\*\*[\s\S]*?\*\/\s*/, "");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
