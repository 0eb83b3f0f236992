/**
 * `npm run client:generate` (after `npm run openapi`): generates src/client/schema.d.ts, the
 * `paths` types of the typed client, from openapi.json with openapi-typescript 7.
 *
 * openapi-typescript needs TypeScript 5's JS API, and this repository's TypeScript (7, native)
 * has none, so it cannot be a dependency here: it runs through `npm exec` in a temporary
 * directory of its own, with its own TypeScript 5, on absolute paths.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const OPENAPI_TYPESCRIPT = "openapi-typescript@7";
const TYPESCRIPT = "typescript@5";
const input = fileURLToPath(new URL("../openapi.json", import.meta.url));
const output = fileURLToPath(new URL("../src/client/schema.d.ts", import.meta.url));

const HEADER = `/**
 * Generated from openapi.json by ${OPENAPI_TYPESCRIPT}: do not edit.
 * Regenerate with \`npm run client:generate\` (it runs \`npm run openapi\` first).
 */

`;

const dir = mkdtempSync(join(tmpdir(), "qp-openapi-typescript-"));
try {
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const run = spawnSync(
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
    { cwd: dir, stdio: "inherit" },
  );
  if (run.status !== 0) {
    process.stderr.write(`openapi-typescript failed (exit ${run.status ?? run.signal})\n`);
    process.exit(1);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

// openapi-typescript writes its own banner; ours says how to regenerate.
const generated = readFileSync(output, "utf8").replace(/^\/\*\*[\s\S]*?\*\/\s*/, "");
writeFileSync(output, HEADER + generated);
process.stdout.write(`Wrote ${output}\n`);
