import type { Db, Tx } from "../db/handle.js";
import type { AuditChange, AuditContext } from "../domain/audit.js";
import type { Account } from "../domain/records.js";
import { registerAccount } from "../store/accounts.js";
import { recordAudit } from "../store/audit.js";

/** Registers a pass (the operator's POST /admin/accounts); only a new registration is audited. */
export function registerPass(
  db: Db,
  audit: AuditContext,
  pass: string,
): Promise<{ account: Account; created: boolean }> {
  return db.transaction((tx) =>
    registerAudited(tx, audit, pass, { action: "account.create", details: { pass } }),
  );
}

/**
 * Registers a pass in the caller's transaction (the operator's, an approval's, a wallet's join);
 * a new account is audited as `entry` says, an existing one is not.
 */
export async function registerAudited(
  tx: Tx,
  audit: AuditContext,
  pass: string,
  entry: Pick<AuditChange, "action" | "details">,
): Promise<{ account: Account; created: boolean }> {
  const registered = await registerAccount(tx, pass);
  if (registered.created) {
    await recordAudit(tx, audit, {
      ...entry,
      targetType: "account",
      targetId: registered.account.id,
    });
  }
  return registered;
}
