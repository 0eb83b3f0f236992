/**
 * What `npm run api:sync` derives from the operators' `x-required-role`, checked against the
 * committed openapi.json without building the app (test/client/openapi-snapshot.test.ts keeps
 * openapi.json equal to what the service serves).
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { repoPath, staleness } from "../../scripts/generated-files.js";
import { REQUIRED_ROLES_FILE, renderRequiredRoles } from "../../scripts/required-roles.js";
import {
  committedDocument,
  ROLE_TABLE_FILE,
  renderRoleTable,
  withRoleTable,
} from "../../scripts/role-table.js";

describe("the operator roles of openapi.json, where the docs and the pages copy them", () => {
  it("docs/operator-api.md's table is the one openapi.json's x-required-role gives", () => {
    const readme = readFileSync(repoPath(ROLE_TABLE_FILE), "utf8");
    const table = renderRoleTable(committedDocument());
    assert.ok(!table.includes("**none**"), "every operator route declares a role");
    const stale = staleness(ROLE_TABLE_FILE, withRoleTable(readme, table));
    assert.ok(stale === undefined, stale);
  });

  it("web/generated/required-roles.ts, the console's map, is the one openapi.json gives", async () => {
    const stale = staleness(REQUIRED_ROLES_FILE, await renderRequiredRoles(committedDocument()));
    assert.ok(stale === undefined, stale);
  });
});
