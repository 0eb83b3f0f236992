import type { Db, Tx } from "../db/handle.js";
import {
  apiKeyDisplayPrefix,
  apiKeyFromInput,
  generateApiKey,
  hashApiKey,
  type Mode,
} from "../domain/api-keys.js";
import type { AuditContext } from "../domain/audit.js";
import { AppError } from "../domain/errors.js";
import type { KeyScope } from "../domain/operators.js";
import type { ApiKeyRecord } from "../domain/records.js";
import { insertApiKey, lockApiKey, revokeApiKey, shortenApiKeyExpiry } from "../store/api-keys.js";
import { recordAudit } from "../store/audit.js";
import { recordEvents } from "../store/webhook-outbox.js";
import { ownerIdOf } from "./quests.js";
import { keyRevokedEvent } from "./webhook-events.js";

interface IssuedKey {
  key: string;
  record: ApiKeyRecord;
}

/** Whose key, in which mode, and what it may do (`full` unless said). */
export interface KeyHolder {
  accountId: string;
  mode: Mode;
  scope?: KeyScope | undefined;
}

/** Stores a new key's hash and display prefix; the plain key leaves only in the answer. */
async function mintApiKey(tx: Tx, account: KeyHolder): Promise<IssuedKey & { prefix: string }> {
  const key = generateApiKey(account.mode);
  const prefix = apiKeyDisplayPrefix(key);
  const record = await insertApiKey(tx, {
    hash: hashApiKey(key),
    prefix,
    accountId: account.accountId,
    mode: account.mode,
    scope: account.scope ?? "full",
  });
  return { key, record, prefix };
}

/**
 * Creates a key for an account in `tx`; the plain key exists only in the answer, never in the
 * database or the audit entry (which names the key's id and prefix).
 */
export async function createApiKey(
  tx: Tx,
  audit: AuditContext,
  account: KeyHolder,
): Promise<IssuedKey> {
  const { key, record, prefix } = await mintApiKey(tx, account);
  await recordAudit(tx, audit, {
    action: "key.create",
    targetType: "key",
    targetId: record.id,
    details: { owner_id: account.accountId, mode: account.mode, scope: record.scope, prefix },
  });
  return { key, record };
}

/** Issues a key to a registered pass; the plain key exists only in this answer. */
export function issueApiKey(
  db: Db,
  audit: AuditContext,
  ownerPass: string,
  mode: Mode,
  scope: KeyScope = "full",
): Promise<IssuedKey> {
  return db.transaction(async (tx) =>
    createApiKey(tx, audit, { accountId: await ownerIdOf(tx, ownerPass), mode, scope }),
  );
}

/**
 * Revokes a key. From its commit on, no allocation with it commits (the allocation re-checks the
 * key under lock) and every process drops it from its cache (the change is announced).
 */
export async function revokeApiKeyById(db: Db, audit: AuditContext, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const key = await lockApiKey(tx, { id });
    // NOT_FOUND, as it always was; KEY_NOT_FOUND is the answer to a revocation by value.
    if (!key) throw new AppError("NOT_FOUND", `API key ${id} does not exist.`);
    if (key.revokedAt) return; // revoked already: nothing changes, nothing to audit
    // The stored id, not the typed one (a UUID may be typed in capitals).
    const revokedAt = await revokeApiKey(tx, key.id);
    if (!revokedAt) throw new Error("invariant: a locked key vanished");
    await recordAudit(tx, audit, { action: "key.revoke", targetType: "key", targetId: key.id });
    await recordEvents(tx, [keyRevokedEvent({ ...key, revokedAt })]);
  });
}

const noKeyWithValue = () =>
  new AppError("KEY_NOT_FOUND", "No API key has this value (it may have been mistyped).");

/**
 * Revokes a key given its value (a leaked key reported by someone who never saw its id). The
 * value is only hashed: it is never stored, logged or audited. A key already revoked stays as it
 * was (its first revocation time, and no new audit entry: nothing changed).
 */
export async function revokeApiKeyByValue(
  db: Db,
  audit: AuditContext,
  value: string,
): Promise<{ id: string; revokedAt: Date }> {
  // Read as authentication reads it: a key that still works can always be revoked.
  const typed = apiKeyFromInput(value);
  if (!typed) throw noKeyWithValue();
  return db.transaction(async (tx) => {
    const key = await lockApiKey(tx, { hash: hashApiKey(typed) });
    if (!key) throw noKeyWithValue();
    if (key.revokedAt) return { id: key.id, revokedAt: key.revokedAt };
    const revokedAt = await revokeApiKey(tx, key.id);
    if (!revokedAt) throw new Error("invariant: a locked key vanished");
    await recordAudit(tx, audit, {
      action: "key.revoke",
      targetType: "key",
      targetId: key.id,
      details: { by: "value", prefix: key.prefix },
    });
    await recordEvents(tx, [keyRevokedEvent({ ...key, revokedAt })]);
    return { id: key.id, revokedAt };
  });
}

/**
 * Rotates a key in one transaction: a new key of the same account and mode, and the old key's
 * expiry brought to `graceSeconds` from now (an earlier expiry is kept). The old key's row is
 * locked first, so two rotations or a rotation and a revocation never interleave, and the change
 * is announced so every process drops its cached keys. One audit entry, `key.rotate` on the old
 * key, names the new key's id (never a key).
 */
export function rotateApiKey(
  db: Db,
  audit: AuditContext,
  id: string,
  graceSeconds: number,
): Promise<IssuedKey> {
  return db.transaction(async (tx) => {
    const old = await lockApiKey(tx, { id });
    if (!old) throw new AppError("KEY_NOT_FOUND", `API key ${id} does not exist.`);
    if (old.revokedAt) {
      throw new AppError(
        "CONFLICT",
        `API key ${id} was revoked at ${old.revokedAt.toISOString()}; a revoked key cannot be rotated (issue a new key instead).`,
      );
    }
    if (old.expired && old.expiresAt) {
      throw new AppError(
        "CONFLICT",
        `API key ${id} expired at ${old.expiresAt.toISOString()}; an expired key cannot be rotated (issue a new key instead).`,
      );
    }
    // The new key may do what the old one did.
    const { key, record, prefix } = await mintApiKey(tx, old);
    const expiresAt = await shortenApiKeyExpiry(tx, old.id, graceSeconds);
    await recordAudit(tx, audit, {
      action: "key.rotate",
      targetType: "key",
      targetId: old.id,
      details: {
        new_key_id: record.id,
        new_prefix: prefix,
        grace_seconds: graceSeconds,
        expires_at: expiresAt.toISOString(),
      },
    });
    return { key, record };
  });
}
