/**
 * Operators with names and roles : create one (its token shown once), list,
 * change role or disable, replace the token; and who a bearer token is. Every change is audited.
 */
import { validate as isUuid, v7 as uuidv7 } from "uuid";
import type { Db, Queryable, Tx } from "../db/handle.js";
import { hashApiKey } from "../domain/api-keys.js";
import type { AuditContext } from "../domain/audit.js";
import { AppError } from "../domain/errors.js";
import {
  generateOperatorToken,
  isWellFormedOperatorToken,
  type Role,
} from "../domain/operators.js";
import { recordAudit } from "../store/audit.js";
import type { PageRequest } from "../store/keyset.js";
import {
  findOperatorByTokenHash,
  insertOperator,
  listOperators,
  lockOperator,
  type Operator,
  replaceOperatorToken,
  touchOperator,
  updateOperator,
} from "../store/operators.js";

export type { Operator };

const notFound = (id: string) => new AppError("NOT_FOUND", `Operator ${id} does not exist.`);

/** Operator `id` (as typed, any case) locked for the transaction, or 404. */
async function lockExisting(tx: Tx, id: string): Promise<Operator> {
  const current = isUuid(id) ? await lockOperator(tx, id.toLowerCase()) : undefined;
  if (!current) throw notFound(id);
  return current;
}

export async function createOperator(
  db: Db,
  audit: AuditContext,
  fields: { name: string; role: Role },
): Promise<{ operator: Operator; token: string }> {
  return db.transaction((tx) => createOperatorIn(tx, audit, fields));
}

/** `createOperator` inside a transaction of the caller's (the demo seeds one with its data). */
export async function createOperatorIn(
  tx: Tx,
  audit: AuditContext,
  fields: { name: string; role: Role },
): Promise<{ operator: Operator; token: string }> {
  const token = generateOperatorToken();
  const operator = await insertOperator(tx, {
    id: uuidv7(),
    name: fields.name,
    role: fields.role,
    tokenHash: hashApiKey(token),
  });
  await recordAudit(tx, audit, {
    action: "operator.create",
    targetType: "operator",
    targetId: operator.id,
    details: { name: operator.name, role: operator.role },
  });
  return { operator, token };
}

export const listAllOperators = (db: Queryable, page: PageRequest) => listOperators(db, page);

/** Changes an operator's role or disables (or enables) it; a disabled token is 401 at once. */
export async function changeOperator(
  db: Db,
  audit: AuditContext,
  id: string,
  change: { role?: Role | undefined; disabled?: boolean | undefined },
): Promise<Operator> {
  return db.transaction(async (tx) => {
    const current = await lockExisting(tx, id);
    const changed = await updateOperator(tx, current.id, change);
    await recordAudit(tx, audit, {
      action: "operator.update",
      targetType: "operator",
      targetId: current.id,
      details: Object.fromEntries(
        Object.entries(change).filter(([, value]) => value !== undefined),
      ),
    });
    return changed;
  });
}

/** A new token for an operator; the old one answers 401 from this commit on, in every process. */
export async function rotateOperatorToken(
  db: Db,
  audit: AuditContext,
  id: string,
): Promise<{ token: string }> {
  const token = generateOperatorToken();
  await db.transaction(async (tx) => {
    const current = await lockExisting(tx, id);
    await replaceOperatorToken(tx, current.id, hashApiKey(token));
    await recordAudit(tx, audit, {
      action: "operator.rotate_token",
      targetType: "operator",
      targetId: current.id,
    });
  });
  return { token };
}

/**
 * The enabled operator a bearer token belongs to, read from the database on every request (no
 * cache), so a disabling or a new token takes effect for the next request in every process.
 */
export async function operatorOfToken(db: Db, token: string): Promise<Operator | undefined> {
  if (!isWellFormedOperatorToken(token)) return undefined;
  const operator = await findOperatorByTokenHash(db, hashApiKey(token));
  if (!operator || operator.disabledAt) return undefined;
  const minute = Math.floor(Date.now() / 60_000) * 60_000;
  if (!operator.lastUsedAt || operator.lastUsedAt.getTime() < minute) {
    await touchOperator(db, operator.id);
  }
  return operator;
}
