/**
 * What each operator role may do, for the operator console to show only that
 * (docs/operator-api.md). The rules are the service's: the role each operation needs
 * is its `x-required-role` in the OpenAPI document, which the page cannot read at run time
 * cheaply. test/web/operator-roles.test.ts checks this map against openapi.json, the role order
 * against ROLES of src/domain/operators.ts, and that every change the console makes is here.
 * No DOM and no Preact here: the test imports it in Node.
 */
import type { operations } from "../../src/client/schema.js";

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
    "reads everything; decides applications, registers passes, revokes keys, reverses payouts, redelivers webhooks",
  admin: "may do everything",
};

/**
 * The role each operation the console offers needs: its `x-required-role`. The keys are the
 * OpenAPI operationIds (a misspelt one fails `tsc -p web`).
 */
export const REQUIRED_ROLE = {
  // Applications
  approveApplication: "support",
  rejectApplication: "support",
  // Accounts
  registerAccount: "support",
  // Keys
  createKey: "admin",
  rotateKey: "admin",
  revokeKey: "support",
  revokeKeyByValue: "support",
  // Quests and campaigns
  updateQuest: "admin",
  createCampaign: "admin",
  updateCampaign: "admin",
  // Payouts
  adminReversePayout: "support",
  // Settings
  setFeatures: "admin",
  setActionType: "admin",
  createEarningPeriod: "admin",
  updateEarningPeriod: "admin",
  deleteEarningPeriod: "admin",
  // Operator webhooks
  createAdminWebhook: "admin",
  updateAdminWebhook: "admin",
  deleteAdminWebhook: "admin",
  rotateAdminWebhookSecret: "admin",
  sendAdminWebhookTest: "admin",
  redeliverAdminWebhookEvent: "support",
  // Operators
  createOperator: "admin",
  updateOperator: "admin",
  rotateOperatorToken: "admin",
} as const satisfies Partial<Record<keyof operations, Role>>;

export type Operation = keyof typeof REQUIRED_ROLE;

/** Whether an operator of role `held` may do what needs `needed`. */
export const roleAllows = (held: Role, needed: Role) =>
  ROLE_ORDER.indexOf(held) >= ROLE_ORDER.indexOf(needed);

/** Whether an operator of role `held` may do `operation`. */
export const mayDo = (held: Role, operation: Operation) =>
  roleAllows(held, REQUIRED_ROLE[operation]);
