/**
 * `npm run api:sync`: writes everything derived from the API, from one build of the service's
 * OpenAPI document (what `GET /openapi.json` serves; scripts/openapi.ts):
 *
 * - `openapi.json`: the document, keys sorted (scripts/openapi.ts);
 * - `docs/api.md`: the API reference (scripts/api-reference.ts);
 * - `docs/operator-api.md`: only its table of operator routes and roles, between its markers
 *   (scripts/role-table.ts);
 * - `web/generated/required-roles.ts`: the role each operator operation needs, which the operator
 *   console reads (scripts/required-roles.ts);
 * - `src/client/schema.d.ts`: the typed client's types, by openapi-typescript from openapi.json
 *   (scripts/generate-client.ts).
 *
 * The same API gives the same bytes, formatted as committed, so on an unchanged API it changes
 * nothing. test/client/openapi-snapshot.test.ts renders each file again and fails naming a stale
 * one. The README's error table is prose per code, so it is not written here: the same test, and
 * this script, check that its codes and statuses are the API's.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { ERROR_CODES } from "../src/domain/errors.js";
import { httpStatusOf } from "../src/http/error-status.js";
import { API_REFERENCE_FILE, renderApiReference } from "./api-reference.js";
import { generateSchemaTypes, SCHEMA_TYPES_FILE } from "./generate-client.js";
import { repoPath, staleness } from "./generated-files.js";
import { buildOpenApiDocument, OPENAPI_FILE, openApiText } from "./openapi.js";
import { REQUIRED_ROLES_FILE, renderRequiredRoles } from "./required-roles.js";
import { type Document, ROLE_TABLE_FILE, renderRoleTable, withRoleTable } from "./role-table.js";

/** Every file `npm run api:sync` writes, from the repository's root. */
export const API_OUTPUTS = [
  OPENAPI_FILE,
  API_REFERENCE_FILE,
  ROLE_TABLE_FILE,
  REQUIRED_ROLES_FILE,
  SCHEMA_TYPES_FILE,
] as const;
export type ApiOutput = (typeof API_OUTPUTS)[number];

const read = (file: string) => readFileSync(repoPath(file), "utf8");

/**
 * How to render each output from `document`, the OpenAPI document as the service builds it
 * (unsorted: the reference follows the routes' order).
 */
export function apiOutputs(
  document: Record<string, unknown>,
): Record<ApiOutput, () => Promise<string>> {
  const text = openApiText(document);
  return {
    [OPENAPI_FILE]: async () => text,
    [API_REFERENCE_FILE]: async () => renderApiReference(document),
    [ROLE_TABLE_FILE]: async () =>
      withRoleTable(read(ROLE_TABLE_FILE), renderRoleTable(document as Document)),
    [REQUIRED_ROLES_FILE]: () => renderRequiredRoles(document as Document),
    [SCHEMA_TYPES_FILE]: () => generateSchemaTypes(text),
  };
}

/**
 * What is wrong with README.md's table of error codes (hand-written: a row per code, with when
 * and what to do): a code the API lacks or has in addition, or a status other than the API's.
 */
export function readmeErrorTableProblems(readme = read("README.md")): string[] {
  const section = readme.split(/^## Error codes$/m)[1]?.split(/^#{1,2} /m)[0] ?? "";
  const rows = [...section.matchAll(/^\| `([A-Z_]+)` \| (\d{3}) \|/gm)].map((match) => ({
    code: match[1]!,
    status: Number(match[2]),
  }));
  const listed = new Set(rows.map((row) => row.code));
  const statusOf = new Map<string, number>(ERROR_CODES.map((code) => [code, httpStatusOf(code)]));
  return [
    ...ERROR_CODES.filter((code) => !listed.has(code)).map(
      (code) => `README.md's error table lacks ${code} (${statusOf.get(code)})`,
    ),
    ...rows.flatMap(({ code, status }, i) => {
      const apiStatus = statusOf.get(code);
      if (apiStatus === undefined)
        return [`README.md's error table lists ${code}, no code of the API`];
      if (rows.findIndex((other) => other.code === code) !== i) {
        return [`README.md's error table lists ${code} twice`];
      }
      return status === apiStatus
        ? []
        : [`README.md's error table gives ${code} status ${status}; the API answers ${apiStatus}`];
    }),
  ];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    const outputs = apiOutputs((await buildOpenApiDocument()) as Record<string, unknown>);
    const texts = await Promise.all(API_OUTPUTS.map((file) => outputs[file]()));
    API_OUTPUTS.forEach((file, i) => {
      const text = texts[i]!;
      if (staleness(file, text) === undefined) {
        process.stdout.write(`api:sync: ${file} unchanged\n`);
      } else {
        mkdirSync(dirname(repoPath(file)), { recursive: true });
        writeFileSync(repoPath(file), text);
        process.stdout.write(`api:sync: wrote ${file}\n`);
      }
    });
  } catch (error) {
    process.stderr.write(`api:sync failed: ${error instanceof Error ? error.message : error}\n`);
    process.exit(1);
  }
  const problems = readmeErrorTableProblems();
  if (problems.length > 0) {
    process.stderr.write(
      `api:sync: README.md's error table is written by hand; edit it:\n${problems.map((p) => `  ${p}\n`).join("")}`,
    );
    process.exit(1);
  }
}
