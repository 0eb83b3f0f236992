/**
 * The operator API without ADMIN_TOKEN (contract, "Operator access out of the box"): `/admin`
 * answers 404 while no operator exists, and is on from the commit of the first operator, at the
 * next request, in every process; a token that is no operator's is then 401, never the bootstrap.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { FastifyInstance } from "fastify";
import type { AuditContext } from "../../src/domain/audit.js";
import { changeOperator, createOperator } from "../../src/use-cases/operators.js";
import {
  ADMIN_TOKEN,
  DATABASES,
  expectProblem,
  expectStatus,
  secondInstance,
  withContext,
} from "../helpers/app.js";

const SEEDER: AuditContext = { actor: "service", requestId: "operator-access-test" };

const get = (app: FastifyInstance, url: string, token?: string) =>
  app.inject({
    method: "GET",
    url,
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
  });

for (const kind of DATABASES) {
  describe(`/admin without ADMIN_TOKEN [${kind}]`, () => {
    const ctx = withContext(kind, { ADMIN_TOKEN: "" });

    it("answers 404 until an operator exists, then admits its token at the next request of every process", async () => {
      assert.equal(ctx().config.adminToken, undefined);
      // On PostgreSQL a second process, started (and asked) before the operator exists.
      const other = kind === "postgres" ? await secondInstance(ctx()) : undefined;
      const apps = [ctx().app, ...(other ? [other.app] : [])];
      try {
        for (const app of apps) {
          for (const token of [undefined, ADMIN_TOKEN, "op_not-an-operator-token"]) {
            expectProblem(await get(app, "/admin/me", token), 404, "NOT_FOUND");
            expectProblem(await get(app, "/admin/features", token), 404, "NOT_FOUND");
          }
        }

        const { token, operator } = await createOperator(ctx().db, SEEDER, {
          name: "first",
          role: "viewer",
        });
        for (const app of apps) {
          const me = await get(app, "/admin/me", token);
          expectStatus(me, 200);
          assert.deepEqual(me.json(), { id: operator.id, name: "first", role: "viewer" });
          expectStatus(await get(app, "/admin/features", token), 200);
          // The role still counts: a viewer may not add operators.
          const create = await app.inject({
            method: "POST",
            url: "/admin/operators",
            headers: { authorization: `Bearer ${token}` },
            payload: { name: "second", role: "admin" },
          });
          expectProblem(create, 403, "FORBIDDEN");
          // On, and no bootstrap credential: no token, a blank one, the test's ADMIN_TOKEN or
          // a made-up operator token are refused with the operator API's challenge.
          for (const header of [undefined, "Bearer ", "Bearer   ", `Bearer ${ADMIN_TOKEN}`]) {
            const refused = await app.inject({
              method: "GET",
              url: "/admin/me",
              headers: header === undefined ? {} : { authorization: header },
            });
            expectProblem(refused, 401, "UNAUTHORIZED");
            assert.match(String(refused.headers["www-authenticate"]), /questpoints-admin/);
          }
        }
      } finally {
        await other?.close();
      }
    });

    it("refuses a disabled operator's token with 401, not 404", async () => {
      const { token, operator } = await createOperator(ctx().db, SEEDER, {
        name: "leaving",
        role: "admin",
      });
      expectStatus(await get(ctx().app, "/admin/me", token), 200);
      await changeOperator(ctx().db, SEEDER, operator.id, { disabled: true });
      expectProblem(await get(ctx().app, "/admin/me", token), 401, "UNAUTHORIZED");
      expectProblem(await get(ctx().app, "/admin/me"), 401, "UNAUTHORIZED");
    });
  });
}
