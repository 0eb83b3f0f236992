/**
 * The role matrix of the operator API (docs/operator-api.md),
 * generated from the route table: every operation under /admin in openapi.json, each called by a
 * viewer, a support, an admin operator and ADMIN_TOKEN. A caller whose role reaches the route's
 * declared role gets past authorization (any 2xx, 400, 404 or 409: the dummy ids and the empty
 * body are the route's own business); any other gets 403 FORBIDDEN naming the role needed,
 * before the request is validated. A route added without a declared role fails the first test.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { before, describe, it } from "node:test";
import type { InjectOptions } from "fastify";
import {
  ADMIN_TOKEN,
  DATABASES,
  expectProblem,
  expectStatus,
  withContext,
} from "../helpers/app.js";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
type Role = "viewer" | "support" | "admin";

/** The roles, each including the ones before it (the test's own copy of the contract). */
const ROLE_ORDER: readonly Role[] = ["viewer", "support", "admin"];
const reaches = (held: Role, needed: Role) =>
  ROLE_ORDER.indexOf(held) >= ROLE_ORDER.indexOf(needed);

interface Parameter {
  name: string;
  in: string;
  schema?: { type?: string; format?: string };
}
interface Operation {
  operationId?: string;
  parameters?: Parameter[];
  "x-required-role"?: unknown;
}

const OPENAPI = JSON.parse(
  readFileSync(new URL("../../openapi.json", import.meta.url), "utf8"),
) as { paths: Record<string, Record<string, Operation>> };

const HTTP_METHODS = new Set(["get", "post", "put", "patch", "delete"]);

interface AdminOperation {
  method: Method;
  path: string;
  name: string;
  operationId: string;
  declared: unknown;
  parameters: Parameter[];
}

/** Every operation under /admin of the committed OpenAPI document. */
const ADMIN_OPERATIONS: AdminOperation[] = Object.entries(OPENAPI.paths)
  .filter(([path]) => path === "/admin" || path.startsWith("/admin/"))
  .flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([method]) => HTTP_METHODS.has(method))
      .map(([method, operation]) => ({
        method: method.toUpperCase() as Method,
        path,
        name: `${method.toUpperCase()} ${path}`,
        operationId: operation.operationId ?? "",
        declared: operation["x-required-role"],
        parameters: operation.parameters ?? [],
      })),
  );

/**
 * The contract's support operations (decide applications, create, suspend and reinstate accounts,
 * revoke keys, reverse payouts, redeliver webhooks); every other GET is viewer, everything else
 * admin.
 */
const SUPPORT_OPERATIONS = new Set([
  "registerAccount",
  "suspendAccount",
  "reinstateAccount",
  "approveApplication",
  "rejectApplication",
  "revokeKey",
  "revokeKeyByValue",
  "adminReversePayout",
  "redeliverAdminWebhookEvent",
]);

/** The reads only an admin may make: a backup (GET /admin/backup) is the whole database. */
const ADMIN_READS = new Set(["getBackup"]);

function contractRole(operation: AdminOperation): Role {
  if (SUPPORT_OPERATIONS.has(operation.operationId)) return "support";
  if (ADMIN_READS.has(operation.operationId)) return "admin";
  return operation.method === "GET" ? "viewer" : "admin";
}

/** The callers of the matrix: three operators (made per database) and the bootstrap token. */
const CALLERS: { name: string; role: Role }[] = [
  { name: "viewer operator", role: "viewer" },
  { name: "support operator", role: "support" },
  { name: "admin operator", role: "admin" },
  { name: "ADMIN_TOKEN", role: "admin" },
];

/** 45 operations under /admin when this was written; the test prints the number it finds. */
const EXPECTED_OPERATION_COUNT = 45;
const MATRIX_SIZE = ADMIN_OPERATIONS.length * CALLERS.length;

const UNKNOWN_UUID = "00000000-0000-4000-8000-00000000f00d";
const UNKNOWN_NUMBER = "999999999";
const UNKNOWN_EVENT = "evt_00000000000000000000000000000000";

/** A dummy value of a path parameter: an unknown number, UUID or event id. */
function dummyParameter(operation: AdminOperation, name: string): string {
  if (name === "eventId") return UNKNOWN_EVENT;
  const schema = operation.parameters.find((p) => p.in === "path" && p.name === name)?.schema;
  return schema?.type === "integer" || schema?.type === "number" ? UNKNOWN_NUMBER : UNKNOWN_UUID;
}

function dummyUrl(operation: AdminOperation): string {
  return operation.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(dummyParameter(operation, name)),
  );
}

/** The answers of a caller allowed in: past authorization, whatever the dummy input made of it. */
const ALLOWED_STATUS = (status: number) =>
  (status >= 200 && status < 300) || status === 400 || status === 404 || status === 409;

describe("the role of every /admin operation (openapi.json)", () => {
  it(`lists ${EXPECTED_OPERATION_COUNT} operations under /admin: a matrix of ${EXPECTED_OPERATION_COUNT} × ${CALLERS.length} = ${EXPECTED_OPERATION_COUNT * CALLERS.length} calls`, (t) => {
    t.diagnostic(
      `role matrix: ${ADMIN_OPERATIONS.length} /admin operations × ${CALLERS.length} callers = ${MATRIX_SIZE} calls per database`,
    );
    assert.equal(ADMIN_OPERATIONS.length, EXPECTED_OPERATION_COUNT);
    assert.equal(MATRIX_SIZE, EXPECTED_OPERATION_COUNT * CALLERS.length);
    const operationIds = new Set(ADMIN_OPERATIONS.map((operation) => operation.operationId));
    assert.equal(operationIds.size, ADMIN_OPERATIONS.length, "each has an operationId of its own");
  });

  it("declares x-required-role viewer, support or admin on every one of them", () => {
    const undeclared = ADMIN_OPERATIONS.filter(
      (operation) => !ROLE_ORDER.includes(operation.declared as Role),
    ).map((operation) => `${operation.name}: ${JSON.stringify(operation.declared)}`);
    assert.deepEqual(undeclared, [], "every /admin operation declares its role");
  });

  it("declares the contract's role: support for the listed operations, viewer for every other GET, admin for the rest", () => {
    const known = new Set(ADMIN_OPERATIONS.map((operation) => operation.operationId));
    for (const operationId of SUPPORT_OPERATIONS) {
      assert.ok(known.has(operationId), `${operationId} is an /admin operation of openapi.json`);
    }
    const wrong = ADMIN_OPERATIONS.filter(
      (operation) => operation.declared !== contractRole(operation),
    ).map(
      (operation) =>
        `${operation.name} (${operation.operationId}): declares ${String(operation.declared)}, the contract says ${contractRole(operation)}`,
    );
    assert.deepEqual(wrong, []);
    // The contract's admin-only areas, by path.
    for (const prefix of [
      "/admin/quests",
      "/admin/campaigns",
      "/admin/features",
      "/admin/action-types",
      "/admin/earning-periods",
      "/admin/operators",
    ]) {
      const writes = ADMIN_OPERATIONS.filter(
        (operation) => operation.path.startsWith(prefix) && operation.method !== "GET",
      );
      assert.ok(writes.length > 0, `${prefix} has writes`);
      for (const operation of writes) assert.equal(operation.declared, "admin", operation.name);
    }
    const createKey = ADMIN_OPERATIONS.find((o) => o.name === "POST /admin/keys");
    assert.equal(createKey?.declared, "admin", "issuing keys is admin");
  });
});

for (const kind of DATABASES) {
  describe(`the role matrix [${kind}]`, () => {
    const ctx = withContext(kind);
    const tokens = new Map<string, string>();

    before(async () => {
      tokens.set("ADMIN_TOKEN", ADMIN_TOKEN);
      for (const caller of CALLERS.filter((c) => c.name !== "ADMIN_TOKEN")) {
        const created = await ctx().admin("POST", "/admin/operators", {
          name: `Matrix ${caller.role}`,
          role: caller.role,
        });
        expectStatus(created, 201);
        assert.equal(created.json().role, caller.role);
        tokens.set(caller.name, created.json().token);
      }
    });

    it("serves the same /admin operations and roles as openapi.json", async () => {
      const served = (await ctx().inject({ url: "/openapi.json" })).json() as typeof OPENAPI;
      const roles = (paths: typeof OPENAPI.paths) =>
        Object.entries(paths)
          .filter(([path]) => path.startsWith("/admin"))
          .flatMap(([path, operations]) =>
            Object.entries(operations)
              .filter(([method]) => HTTP_METHODS.has(method))
              .map(([method, op]) => `${method} ${path} ${String(op["x-required-role"])}`),
          )
          .sort();
      assert.deepEqual(roles(served.paths), roles(OPENAPI.paths));
    });

    it(`answers all ${MATRIX_SIZE} calls (${ADMIN_OPERATIONS.length} operations × ${CALLERS.length} callers) as each caller's role allows`, async (t) => {
      let calls = 0;
      let allowed = 0;
      let refused = 0;
      const failures: string[] = [];
      for (const operation of ADMIN_OPERATIONS) {
        const needed = operation.declared as Role;
        assert.ok(ROLE_ORDER.includes(needed), `${operation.name} declares a role`);
        for (const caller of CALLERS) {
          const request: InjectOptions = {
            method: operation.method,
            url: dummyUrl(operation),
            headers: { authorization: `Bearer ${tokens.get(caller.name)}` },
          };
          if (operation.method !== "GET") request.payload = {};
          const response = await ctx().inject(request);
          calls++;
          const where = `${caller.name} (${caller.role}) → ${operation.name} [${needed}]`;
          try {
            if (reaches(caller.role, needed)) {
              assert.ok(
                ALLOWED_STATUS(response.statusCode),
                `${where}: expected 2xx/400/404/409, got ${response.statusCode}: ${response.body.slice(0, 300)}`,
              );
              allowed++;
            } else {
              const body = expectProblem(response, 403, "FORBIDDEN");
              assert.match(
                body.detail,
                new RegExp(`\\b${needed}\\b`),
                `${where}: the detail names the role needed: ${body.detail}`,
              );
              refused++;
            }
          } catch (error) {
            failures.push(`${where}: ${(error as Error).message}`);
          }
        }
      }
      t.diagnostic(
        `${kind}: ${calls} calls (${ADMIN_OPERATIONS.length} × ${CALLERS.length}): ${allowed} let in, ${refused} refused with 403`,
      );
      assert.deepEqual(failures, []);
      assert.equal(calls, MATRIX_SIZE);
      assert.equal(allowed + refused, MATRIX_SIZE);
      // viewer: every operation but the non-viewer ones; support: all but the admin ones.
      const count = (role: Role) => ADMIN_OPERATIONS.filter((o) => o.declared === role).length;
      assert.equal(refused, count("support") + count("admin") + count("admin"));
    });

    it("still knows each operator's role afterwards (nothing in the matrix changed them)", async () => {
      for (const caller of CALLERS) {
        const me = await ctx().inject({
          url: "/admin/me",
          headers: { authorization: `Bearer ${tokens.get(caller.name)}` },
        });
        expectStatus(me, 200);
        assert.equal(me.json().role, caller.role);
      }
    });
  });
}
