/**
 * The table of which role each operator route needs (docs/operator-api.md), rendered from
 * openapi.json's `x-required-role` (declared next to each route by `operatorMeta`).
 * `npx tsx scripts/role-table.ts` rewrites it; test/http/role-table.test.ts keeps the two equal.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const ROLE_TABLE_PATH = fileURLToPath(new URL("../docs/operator-api.md", import.meta.url));
const OPENAPI_PATH = fileURLToPath(new URL("../openapi.json", import.meta.url));
export const TABLE_START = "<!-- role-table:start (scripts/role-table.ts) -->";
export const TABLE_END = "<!-- role-table:end -->";
const METHODS = ["get", "post", "put", "patch", "delete"];

type Document = {
  paths: Record<string, Record<string, { summary?: string; "x-required-role"?: string }>>;
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
  if (start < 0 || end < start) throw new Error("docs/operator-api.md has no role table markers");
  return `${readme.slice(0, start + TABLE_START.length)}\n${table}\n${readme.slice(end)}`;
}

export const committedDocument = (): Document => JSON.parse(readFileSync(OPENAPI_PATH, "utf8"));

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const doc = readFileSync(ROLE_TABLE_PATH, "utf8");
  writeFileSync(ROLE_TABLE_PATH, withRoleTable(doc, renderRoleTable(committedDocument())));
  console.log(`Wrote the role table in ${ROLE_TABLE_PATH}`);
}
