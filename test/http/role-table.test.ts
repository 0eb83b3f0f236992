import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import {
  committedDocument,
  ROLE_TABLE_PATH,
  renderRoleTable,
  withRoleTable,
} from "../../scripts/role-table.js";

describe("the table of operator roles in docs/operator-api.md", () => {
  it("is the table openapi.json's x-required-role gives: run npx tsx scripts/role-table.ts", () => {
    const readme = readFileSync(ROLE_TABLE_PATH, "utf8");
    const table = renderRoleTable(committedDocument());
    assert.ok(!table.includes("**none**"), "every operator route declares a role");
    assert.equal(withRoleTable(readme, table), readme);
  });
});
