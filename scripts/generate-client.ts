/**
 * `npm run client:generate` (after `npm run openapi`): generates src/client/schema.d.ts, the
 * `paths` and `components` types of the typed client, from openapi.json with openapi-typescript.
 * test/client/openapi-snapshot.test.ts generates them again and compares, so openapi.json,
 * schema.d.ts and (through `tsc -p web` and `tsc`) the pages and the CLI cannot disagree.
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
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const OPENAPI_TYPESCRIPT = "openapi-typescript@7.13.0";
const TYPESCRIPT = "typescript@5.9.3";
/** Longest wait for npm to fetch and run the generator (a first run downloads it). */
const GENERATE_TIMEOUT_MS = 180_000;

export const OPENAPI_INPUT = fileURLToPath(new URL("../openapi.json", import.meta.url));
export const SCHEMA_TYPES_PATH = fileURLToPath(
  new URL("../src/client/schema.d.ts", import.meta.url),
);

const HEADER = `/**
 * Generated from openapi.json by ${OPENAPI_TYPESCRIPT}: do not edit.
 * Regenerate with \`npm run client:generate\` (it runs \`npm run openapi\` first).
 */

`;

/** The text of schema.d.ts generated from the OpenAPI document at `input`. */
export async function generateSchemaTypes(input = OPENAPI_INPUT): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), "qp-openapi-typescript-"));
  const output = join(dir, "schema.d.ts");
  try {
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
    );
    // openapi-typescript writes its own banner; ours says how to regenerate.
    return HEADER + readFileSync(output, "utf8").replace(/^\/\*\*[\s\S]*?\*\/\s*/, "");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    writeFileSync(SCHEMA_TYPES_PATH, await generateSchemaTypes());
    process.stdout.write(`Wrote ${SCHEMA_TYPES_PATH}\n`);
  } catch (error) {
    const { stderr } = error as { stderr?: string };
    process.stderr.write(`openapi-typescript failed: ${stderr || String(error)}\n`);
    process.exit(1);
  }
}
