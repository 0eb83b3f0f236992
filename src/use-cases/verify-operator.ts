/**
 * Who an operator request is: `Authorization: Bearer` with ADMIN_TOKEN (compared in constant
 * time) or an enabled operator's own token, read from the database for every request, so a
 * disabling or a replaced token is refused from its commit on, in every process. And whether the
 * operator API is on at all: with ADMIN_TOKEN, or once an operator exists.
 */

import type { Db } from "../db/handle.js";
import { constantTimeEqual } from "../domain/api-keys.js";
import { BOOTSTRAP_OPERATOR_ID, type Role } from "../domain/operators.js";
import { anyOperatorExists } from "../store/operators.js";
import { operatorOfToken } from "./operators.js";

/** Who is calling the operator API, and what their role allows. */
export interface SignedInOperator {
  /** The operator's id, or `bootstrap` for ADMIN_TOKEN. */
  id: string;
  name: string;
  role: Role;
}

/** ADMIN_TOKEN: the bootstrap credential, an admin, audited as `operator:bootstrap`. */
export const BOOTSTRAP_OPERATOR: SignedInOperator = {
  id: BOOTSTRAP_OPERATOR_ID,
  name: "bootstrap (ADMIN_TOKEN)",
  role: "admin",
};

export type OperatorVerification =
  | { ok: true; operator: SignedInOperator }
  | { ok: false; code: "UNAUTHORIZED" };

/**
 * Verifies a bearer token (undefined when none was sent) against `adminToken`, when the service
 * has one, and the operators.
 */
export function createOperatorVerifier(db: Db, adminToken: string | undefined) {
  return async (token: string | undefined): Promise<OperatorVerification> => {
    if (token !== undefined && adminToken && constantTimeEqual(token, adminToken)) {
      return { ok: true, operator: BOOTSTRAP_OPERATOR };
    }
    const operator = token === undefined ? undefined : await operatorOfToken(db, token);
    if (!operator) return { ok: false, code: "UNAUTHORIZED" };
    return { ok: true, operator: { id: operator.id, name: operator.name, role: operator.role } };
  };
}

/**
 * Whether `/admin` is on, and why: `admin-token` (ADMIN_TOKEN is set), `operators` (at least one
 * operator exists, enabled or not), else `off` (every operator route answers 404).
 */
export type OperatorApiState = "admin-token" | "operators" | "off";

/**
 * The operator API's state, asked per request. Without ADMIN_TOKEN the database is asked until
 * it holds an operator; from then on the answer is kept, as operators are never deleted. So an
 * operator created by any process turns the API on at the next request of every process.
 */
export function createOperatorApiSwitch(
  db: Db,
  adminToken: string | undefined,
): () => Promise<OperatorApiState> {
  if (adminToken) return async () => "admin-token";
  let operatorsExist = false;
  return async () => {
    if (!operatorsExist) operatorsExist = await anyOperatorExists(db);
    return operatorsExist ? "operators" : "off";
  };
}
