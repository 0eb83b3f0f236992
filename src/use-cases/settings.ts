import type { AuditContext } from "../domain/audit.js";
import type { EarningPeriod } from "../domain/earning-periods.js";
import { checkWindow } from "../domain/quests.js";
import type { Account, Features } from "../domain/records.js";
import { registerAccount } from "../store/accounts.js";
import { setActionType } from "../store/action-types.js";
import { recordAudit } from "../store/audit.js";
import type { Db } from "../store/db.js";
import { insertEarningPeriod } from "../store/earning-periods.js";
import { writeFeatures } from "../store/features.js";

/** Registers a pass (the operator's POST /admin/accounts); only a new registration is audited. */
export function registerPass(
  db: Db,
  audit: AuditContext,
  pass: string,
): Promise<{ account: Account; created: boolean }> {
  return db.transaction(async (tx) => {
    const registered = await registerAccount(tx, pass);
    if (registered.created) {
      await recordAudit(tx, audit, {
        action: "account.create",
        targetType: "account",
        targetId: registered.account.id,
        details: { pass },
      });
    }
    return registered;
  });
}

export function switchFeatures(
  db: Db,
  audit: AuditContext,
  change: Partial<Features>,
): Promise<Features> {
  return db.transaction(async (tx) => {
    const features = await writeFeatures(tx, change);
    await recordAudit(tx, audit, {
      action: "features.update",
      targetType: "features",
      targetId: "features",
      details: change,
    });
    return features;
  });
}

export function switchActionType(
  db: Db,
  audit: AuditContext,
  name: string,
  active: boolean,
): Promise<{ name: string; active: boolean }> {
  return db.transaction(async (tx) => {
    const actionType = await setActionType(tx, name, active);
    await recordAudit(tx, audit, {
      action: "action_type.update",
      targetType: "action_type",
      targetId: name,
      details: { active },
    });
    return actionType;
  });
}

export function createEarningPeriod(
  db: Db,
  audit: AuditContext,
  window: { start: Date; end: Date },
): Promise<EarningPeriod> {
  checkWindow(window);
  return db.transaction(async (tx) => {
    const period = await insertEarningPeriod(tx, window);
    await recordAudit(tx, audit, {
      action: "earning_period.create",
      targetType: "earning_period",
      targetId: period.id,
      details: { start: period.start.toISOString(), end: period.end.toISOString() },
    });
    return period;
  });
}
