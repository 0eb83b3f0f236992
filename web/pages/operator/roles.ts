/**
 * What each operator role may do, for the operator console to show only that
 * (docs/operator-api.md). The rules are the service's: the role each operation needs is its
 * `x-required-role` in the OpenAPI document, which the page cannot read at run time cheaply, so
 * it reads web/generated/required-roles.ts, which `npm run api:sync` writes from openapi.json
 * (a test fails while it is stale). test/web/operator-roles.test.ts checks the role order
 * against ROLES of src/domain/operators.ts, and that every change the console makes is here.
 * No DOM and no Preact here: the test imports it in Node.
 */
import type { operations } from "../../../src/client/schema.js";
import { REQUIRED_ROLE as GENERATED_REQUIRED_ROLE } from "../../generated/required-roles.js";

type Json<R> = R extends { content: { "application/json": infer Body } } ? Body : never;

/** `GET /admin/me`: who is signed in (`bootstrap` for ADMIN_TOKEN) and the role. */
export type SignedIn = Json<operations["getOperatorMe"]["responses"][200]>;
export type Role = SignedIn["role"];

/** Each role includes the one before it. */
export const ROLE_ORDER = ["viewer", "support", "admin"] as const satisfies readonly Role[];

/** What a role is for, in a few words (the header's hint). */
export const ROLE_HINT: Record<Role, string> = {
  viewer: "reads every list and export; changes nothing",
  support:
    "reads everything; decides applications, registers, suspends and reinstates passes, revokes keys, reverses payouts, redelivers webhooks",
  admin: "may do everything",
};

/**
 * The role each operator operation needs: its `x-required-role`, by operationId, as
 * `npm run api:sync` writes it from openapi.json. A key that is no operation of the typed client,
 * or a role that is none, fails `tsc -p web`.
 */
export const REQUIRED_ROLE = GENERATED_REQUIRED_ROLE satisfies Partial<
  Record<keyof operations, Role>
>;

export type Operation = keyof typeof REQUIRED_ROLE;

/** Whether an operator of role `held` may do what needs `needed`. */
export const roleAllows = (held: Role, needed: Role) =>
  ROLE_ORDER.indexOf(held) >= ROLE_ORDER.indexOf(needed);

/** Whether an operator of role `held` may do `operation`. */
export const mayDo = (held: Role, operation: Operation) =>
  roleAllows(held, REQUIRED_ROLE[operation]);
