/**
 * Suspending and reinstating a pass (docs/operator-api.md#suspended-passes). One transaction
 * each, in the order the allocations rely on: the account locked `FOR UPDATE` first (waiting for
 * the allocations in flight that pay it, which hold it `FOR KEY SHARE`), then the account, then
 * its kept totals (which the leaderboards read), the audit entry and the operators' event.
 */
import type { Db } from "../db/handle.js";
import type { AuditContext } from "../domain/audit.js";
import { AppError } from "../domain/errors.js";
import type { Account } from "../domain/records.js";
import { suspensionChange } from "../domain/suspensions.js";
import { lockAccount, writeSuspension } from "../store/accounts.js";
import { recordAudit } from "../store/audit.js";
import { markTotalsSuspended } from "../store/pass-totals.js";
import { recordEvents } from "../store/webhook-outbox.js";
import { accountEvent } from "./webhook-events.js";

const accountNotFound = (id: string) => new AppError("NOT_FOUND", `Account ${id} does not exist.`);

/**
 * Suspends an account: refused every allocation from the commit on, and on no leaderboard.
 * Suspending it again with another reason changes only the reason (audited, announced again as
 * `account.suspended`; `suspended_at` stays); with the same reason nothing changes, and nothing is
 * audited. NOT_FOUND when there is no such account.
 */
export function suspendAccount(
  db: Db,
  audit: AuditContext,
  id: string,
  reason: string,
): Promise<Account> {
  return db.transaction(async (tx) => {
    const current = await lockAccount(tx, id);
    if (!current) throw accountNotFound(id);
    const change = suspensionChange(current, reason);
    if (change === "none") return current;
    const { account, at } = await writeSuspension(tx, current.id, reason);
    await markTotalsSuspended(tx, account.id, true);
    await recordAudit(tx, audit, {
      action: "account.suspend",
      targetType: "account",
      targetId: account.id,
      details: {
        pass: account.pass,
        reason,
        ...(change === "reason" ? { previous_reason: current.suspensionReason } : {}),
      },
    });
    await recordEvents(tx, [accountEvent("account.suspended", account, at)]);
    return account;
  });
}

/**
 * Reinstates a suspended account: paid again, and back on the leaderboards with its points. An
 * account that is not suspended is answered as it is (nothing audited). NOT_FOUND when there is
 * no such account.
 */
export function reinstateAccount(db: Db, audit: AuditContext, id: string): Promise<Account> {
  return db.transaction(async (tx) => {
    const current = await lockAccount(tx, id);
    if (!current) throw accountNotFound(id);
    if (current.suspendedAt === null) return current;
    const { account, at } = await writeSuspension(tx, current.id, null);
    await markTotalsSuspended(tx, account.id, false);
    await recordAudit(tx, audit, {
      action: "account.reinstate",
      targetType: "account",
      targetId: account.id,
      details: { pass: account.pass, suspension_reason: current.suspensionReason },
    });
    await recordEvents(tx, [accountEvent("account.reinstated", account, at)]);
    return account;
  });
}
