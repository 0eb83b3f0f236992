/**
 * `docs/api.md`: the API reference a reader of the repository alone can use, rendered from the
 * service's OpenAPI document (what `GET /openapi.json` serves) plus the closed set of error codes.
 * `npm run api:sync` writes it beside `openapi.json`; test/client/openapi-snapshot.test.ts keeps
 * both equal to what the service serves.
 */
import { ERROR_CODES } from "../src/domain/errors.js";
import { ERROR_TITLE, httpStatusOf } from "../src/http/error-status.js";

export const API_REFERENCE_FILE = "docs/api.md";

type Json = Record<string, unknown>;
const METHODS = ["get", "post", "put", "patch", "delete"] as const;

interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Json[];
  requestBody?: { content?: Record<string, { schema?: Json }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Json }> }>;
  security?: Record<string, unknown>[];
}

/** `#/components/…` references read through to what they name. */
function resolver(document: Json) {
  return (value: Json | undefined): Json | undefined => {
    let current = value;
    for (let i = 0; i < 10 && typeof current?.$ref === "string"; i++) {
      const path = (current.$ref as string).replace(/^#\//, "").split("/");
      current = path.reduce<unknown>((node, key) => (node as Json | undefined)?.[key], document) as
        | Json
        | undefined;
    }
    return current;
  };
}

/** A table cell: one line, pipes escaped. */
const cell = (text: unknown) =>
  String(text ?? "")
    .replaceAll("\n", " ")
    .replaceAll("|", "\\|");

/** A schema's type as a reader wants it: `integer (1..100)`, `string, date-time`, `A or B`. */
function typeOf(schema: Json | undefined, resolve: ReturnType<typeof resolver>): string {
  const s = resolve(schema);
  if (!s) return "";
  if (typeof schema?.$ref === "string") return String(schema.$ref).split("/").pop() ?? "object";
  for (const key of ["anyOf", "oneOf"]) {
    if (Array.isArray(s[key])) {
      return (s[key] as Json[]).map((part) => typeOf(part, resolve)).join(" or ");
    }
  }
  if (s.const !== undefined) return JSON.stringify(s.const);
  if (Array.isArray(s.enum)) return s.enum.map((v) => JSON.stringify(v)).join(" or ");
  if (s.type === "array") return `array of ${typeOf(s.items as Json, resolve) || "items"}`;
  const bounds =
    s.minimum !== undefined || s.maximum !== undefined
      ? ` (${s.minimum ?? ""}..${s.maximum ?? ""})`
      : s.maxLength !== undefined
        ? ` (≤ ${s.maxLength} characters)`
        : "";
  const format = typeof s.format === "string" ? `, ${s.format}` : "";
  return `${String(s.type ?? "object")}${format}${bounds}`;
}

/** The top-level fields of an object schema, as table rows. */
function fieldRows(schema: Json | undefined, resolve: ReturnType<typeof resolver>): string[] {
  const s = resolve(schema);
  const properties = (s?.properties ?? {}) as Record<string, Json>;
  const required = new Set((s?.required ?? []) as string[]);
  return Object.entries(properties).map(
    ([name, field]) =>
      `| \`${name}\` | ${cell(typeOf(field, resolve))} | ${required.has(name) ? "yes" : "no"} | ${cell(resolve(field)?.description)} |`,
  );
}

function renderOperation(
  method: string,
  path: string,
  op: Operation,
  resolve: ReturnType<typeof resolver>,
): string[] {
  const out = [
    `### ${method.toUpperCase()} ${path}`,
    "",
    `**${op.summary ?? ""}** (\`${op.operationId}\`)`,
    "",
  ];
  if (op.description) out.push(op.description, "");
  const auth = (op.security ?? []).flatMap((entry) => Object.keys(entry));
  out.push(
    `Credentials: ${auth.length > 0 ? auth.map((a) => `\`${a}\``).join(" or ") : "none"}.`,
    "",
  );
  const parameters = (op.parameters ?? [])
    .map((p) => resolve(p)!)
    .filter((p) => p.name !== "x-request-id");
  if (parameters.length > 0) {
    out.push("| Parameter | In | Type | Required | Notes |", "|---|---|---|---|---|");
    for (const p of parameters) {
      out.push(
        `| \`${p.name}\` | ${p.in} | ${cell(typeOf(p.schema as Json, resolve))} | ${p.required ? "yes" : "no"} | ${cell(p.description)} |`,
      );
    }
    out.push("");
  }
  const body = op.requestBody?.content?.["application/json"]?.schema;
  const bodyRows = fieldRows(body, resolve);
  if (bodyRows.length > 0) {
    out.push(
      "Body:",
      "",
      "| Field | Type | Required | Notes |",
      "|---|---|---|---|",
      ...bodyRows,
      "",
    );
  }
  out.push("| Status | Answer |", "|---|---|");
  for (const [status, response] of Object.entries(op.responses ?? {})) {
    const schema = Object.values(response.content ?? {})[0]?.schema;
    const shown = status.startsWith("2") && schema ? typeOf(schema, resolve) : "";
    const description = response.description === "Default Response" ? "" : response.description;
    out.push(`| ${status} | ${cell([shown, description].filter(Boolean).join(": "))} |`);
  }
  out.push("");
  return out;
}

/** The whole reference, Markdown. */
export function renderApiReference(document: Json): string {
  const resolve = resolver(document);
  const info = document.info as { title: string; version: string; description?: string };
  const tags = (document.tags ?? []) as { name: string; description?: string }[];
  const paths = document.paths as Record<string, Record<string, Operation>>;
  const out = [
    `# ${info.title} — API reference (version ${info.version})`,
    "",
    "Generated from the service's OpenAPI 3.1 document (`GET /openapi.json`, rendered at `/docs`)",
    "by `npm run api:sync`; a test keeps it equal to what the service serves. Every error answer is",
    "RFC 9457 problem details (`application/problem+json`) with a stable `code` (listed at the",
    "end), a `detail` for people, the request's `request_id`, and `errors` naming each bad field",
    "on `BAD_REQUEST`. Every answer carries `x-request-id`.",
    "",
    info.description ?? "",
    "",
  ];
  for (const tag of tags) {
    const ops = Object.entries(paths).flatMap(([path, item]) =>
      METHODS.filter((m) => item[m]?.tags?.includes(tag.name)).map(
        (m) => [m, path, item[m]!] as const,
      ),
    );
    if (ops.length === 0) continue;
    out.push(`## ${tag.name}`, "", tag.description ?? "", "");
    for (const [method, path, op] of ops) out.push(...renderOperation(method, path, op, resolve));
  }
  out.push("## Error codes", "", "| Code | Status | Title |", "|---|---|---|");
  for (const code of ERROR_CODES) {
    out.push(`| \`${code}\` | ${httpStatusOf(code)} | ${ERROR_TITLE[code]} |`);
  }
  return `${out
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trimEnd()}\n`;
}
