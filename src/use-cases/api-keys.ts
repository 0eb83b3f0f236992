import { apiKeyDisplayPrefix, generateApiKey, hashApiKey, type Mode } from "../domain/api-keys.js";
import type { AuditContext } from "../domain/audit.js";
import { AppError } from "../domain/errors.js";
import type { ApiKeyRecord } from "../domain/records.js";
import { insertApiKey, revokeApiKey } from "../store/api-keys.js";
import { recordAudit } from "../store/audit.js";
import type { Db, Tx } from "../store/db.js";
import { ownerIdOf } from "./quests.js";

/**
 * Creates a key for an account in `tx`; the plain key exists only in the answer, never in the
 * database or the audit entry (which names the key's id and prefix).
 */
export async function createApiKey(
  tx: Tx,
  audit: AuditContext,
  account: { accountId: string; mode: Mode },
): Promise<{ key: string; record: ApiKeyRecord }> {
  const key = generateApiKey(account.mode);
  const prefix = apiKeyDisplayPrefix(key);
  const record = await insertApiKey(tx, { hash: hashApiKey(key), prefix, ...account });
  await recordAudit(tx, audit, {
    action: "key.create",
    targetType: "key",
    targetId: record.id,
    details: { owner_id: account.accountId, mode: account.mode, prefix },
  });
  return { key, record };
}

/** Issues a key to a registered pass; the plain key exists only in this answer. */
export function issueApiKey(
  db: Db,
  audit: AuditContext,
  ownerPass: string,
  mode: Mode,
): Promise<{ key: string; record: ApiKeyRecord }> {
  return db.transaction(async (tx) =>
    createApiKey(tx, audit, { accountId: await ownerIdOf(tx, ownerPass), mode }),
  );
}

/**
 * Revokes a key. From its commit on, no allocation with it commits (the allocation re-checks the
 * key under lock) and every process drops it from its cache (the change is announced).
 */
export async function revokeApiKeyById(db: Db, audit: AuditContext, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await revokeApiKey(tx, id))) {
      // NOT_FOUND as before Part 2; KEY_NOT_FOUND is the answer to a revocation by value.
      throw new AppError("NOT_FOUND", `API key ${id} does not exist.`);
    }
    await recordAudit(tx, audit, { action: "key.revoke", targetType: "key", targetId: id });
  });
}
