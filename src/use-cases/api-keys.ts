import { apiKeyDisplayPrefix, generateApiKey, hashApiKey } from "../domain/api-keys.js";
import { AppError } from "../domain/errors.js";
import type { ApiKeyRecord } from "../domain/records.js";
import { insertApiKey, revokeApiKey } from "../store/api-keys.js";
import type { Db } from "../store/db.js";
import { ownerIdOf } from "./quests.js";

/** Issues a key to a registered pass; the plain key exists only in this answer. */
export async function issueApiKey(
  db: Db,
  ownerPass: string,
): Promise<{ key: string; record: ApiKeyRecord }> {
  const accountId = await ownerIdOf(db, ownerPass);
  const key = generateApiKey();
  const record = await insertApiKey(db, {
    hash: hashApiKey(key),
    prefix: apiKeyDisplayPrefix(key),
    accountId,
  });
  return { key, record };
}

/**
 * Revokes a key. From its commit on, no allocation with it commits (the allocation re-checks the
 * key under lock) and every process drops it from its cache (the change is announced).
 */
export async function revokeApiKeyById(db: Db, id: string): Promise<void> {
  const found = await db.transaction((tx) => revokeApiKey(tx, id));
  if (!found) throw new AppError("NOT_FOUND", `API key ${id} does not exist.`);
}
