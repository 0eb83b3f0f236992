import type { Db } from "../db/handle.js";
import type { AuditContext } from "../domain/audit.js";
import type { Features } from "../domain/records.js";
import { recordAudit } from "../store/audit.js";
import { writeFeatures } from "../store/features.js";

/** Switches features on or off (PUT /admin/features); every process follows its feature cache. */
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
