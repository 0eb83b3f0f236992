/**
 * Operators with names and roles (docs/operator-api.md): the roles and what each includes, operator tokens, and owner key scopes.
 */
import { randomToken } from "./api-keys.js";

/** Each role includes the one before it. */
export const ROLES = ["viewer", "support", "admin"] as const;
export type Role = (typeof ROLES)[number];

/** Whether an operator of role `held` may do what needs `needed`. */
export function roleAllows(held: Role, needed: Role): boolean {
  return ROLES.indexOf(held) >= ROLES.indexOf(needed);
}

/** What each role is for, as docs/operator-api.md and the OpenAPI document say it. */
export const ROLE_MEANING: Record<Role, string> = {
  viewer: "every GET under /admin, exports included",
  support:
    "viewer, and decide applications, create accounts, revoke keys, reverse payouts, redeliver webhooks",
  admin:
    "everything: quests, campaigns, keys, features, action types, earning periods, operators, operator webhooks",
};

export const OPERATOR_TOKEN_PREFIX = "op_";
const OPERATOR_TOKEN_SHAPE = /^op_[0-9A-Za-z]{32,128}$/;

/** A new operator token: `op_` + 40 base62 characters (≈ 238 bits). */
export function generateOperatorToken(): string {
  return randomToken(OPERATOR_TOKEN_PREFIX);
}

export function isWellFormedOperatorToken(token: string): boolean {
  return OPERATOR_TOKEN_SHAPE.test(token);
}

/** The actor the bootstrap credential (ADMIN_TOKEN) is audited as. */
export const BOOTSTRAP_OPERATOR_ID = "bootstrap";

/** An operator's name: 1 to 100 characters. */
export const OPERATOR_NAME_LENGTH_MAX = 100;

/** Owner keys: `full` (default) may do anything the owner may; `read` only GET. */
export const KEY_SCOPES = ["full", "read"] as const;
export type KeyScope = (typeof KEY_SCOPES)[number];

/** Whether a key of `scope` may make a request of `method`. */
export function scopeAllows(scope: KeyScope, method: string): boolean {
  return scope === "full" || method === "GET" || method === "HEAD";
}
