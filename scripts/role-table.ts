/**
 * The table of which role each operator route needs (docs/operator-api.md, between its markers),
 * rendered from the OpenAPI document's `x-required-role` (declared next to each route by
 * `operatorMeta`). `npm run api:sync` rewrites it; test/http/role-table.test.ts keeps it equal to
 * openapi.json.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const ROLE_TABLE_FILE = "docs/operator-api.md";
const OPENAPI_PATH = fileURLToPath(new URL("../openapi.json", import.meta.url));
export const TABLE_START = "<!-- role-table:start (scripts/role-table.ts) -->";
export const TABLE_END = "<!-- role-table:end -->";
const METHODS = ["get", "post", "put", "patch", "delete"];

export type Document = {
  paths: Record<
    string,
    Record<string, { operationId?: string; summary?: string; "x-required-role"?: string }>
  >;
};

export function renderRoleTable(doc: Document): string {
  const rows = Object.entries(doc.paths)
    .filter(([path]) => path === "/admin" || path.startsWith("/admin/"))
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([path, operations]) =>
      Object.entries(operations)
        .sort(([a], [b]) => METHODS.indexOf(a) - METHODS.indexOf(b))
        .map(
          ([method, op]) =>
            `| \`${method.toUpperCase()} ${path}\` | ${op["x-required-role"] ?? "**none**"} | ${op.summary ?? ""} |`,
        ),
    );
  return ["| Route | Role | What |", "|---|---|---|", ...rows].join("\n");
}

/** The document with its table replaced by `table`. */
export function withRoleTable(readme: string, table: string): string {
  const start = readme.indexOf(TABLE_START);
  const end = readme.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`${ROLE_TABLE_FILE} has no role table markers`);
  return `${readme.slice(0, start + TABLE_START.length)}\n${table}\n${readme.slice(end)}`;
}

/** The committed openapi.json. */
export const committedDocument = (): Document => JSON.parse(readFileSync(OPENAPI_PATH, "utf8"));
