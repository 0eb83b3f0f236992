/**
 * The service's OpenAPI document (what `GET /openapi.json` serves) and the text of `openapi.json`,
 * its snapshot at the repository root that `npm run api:sync` (scripts/api-sync.ts) writes. The
 * app is built as the tests build it: default settings, an empty PGlite database in memory.
 * Keys are sorted at every level so the file changes only when the API does.
 */
import { loadConfig } from "../src/config.js";
import { openPglite } from "../src/db/pglite.js";
import { buildApp } from "../src/http/app.js";
import { prepareServices } from "../src/runtime.js";

export const OPENAPI_FILE = "openapi.json";

/** The OpenAPI document of a freshly built app. */
export async function buildOpenApiDocument(): Promise<unknown> {
  const config = loadConfig({ LOG_LEVEL: "silent" });
  const db = await openPglite(undefined, {});
  try {
    const app = await buildApp(await prepareServices(config, db), { logger: false });
    try {
      await app.ready();
      return app.swagger();
    } finally {
      await app.close();
    }
  } finally {
    await db.close();
  }
}

/** Objects' keys sorted (arrays keep their order): the same document always gives the same text. */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return Object.fromEntries(entries.map(([key, item]) => [key, sortKeys(item)]));
  }
  return value;
}

/** The text of `openapi.json`: sorted keys, 2-space indentation, a final newline. */
export function openApiText(document: unknown): string {
  return `${JSON.stringify(sortKeys(document), null, 2)}\n`;
}
