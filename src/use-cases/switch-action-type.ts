import type { Db } from "../db/handle.js";
import type { AuditContext } from "../domain/audit.js";
import { setActionType } from "../store/action-types.js";
import { recordAudit } from "../store/audit.js";

/** Activates or deactivates an action type; allocations on its quests follow under their lock. */
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
