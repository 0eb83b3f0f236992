/**
 * The operator's earning periods: create, move, delete. Periods never overlap (the exclusion
 * constraint), and a payout never ends up outside the period it is stamped with.
 */

import type { Db, Tx } from "../db/handle.js";
import type { AuditContext } from "../domain/audit.js";
import type { EarningPeriod } from "../domain/earning-periods.js";
import { AppError } from "../domain/errors.js";
import { ID_MAX } from "../domain/limits.js";
import { checkWindow } from "../domain/quests.js";
import { recordAudit } from "../store/audit.js";
import {
  deleteEarningPeriod,
  hasPayoutsOutside,
  insertEarningPeriod,
  inUse,
  isEarningPeriodUsed,
  lockEarningPeriod,
  writeEarningPeriod,
} from "../store/earning-periods.js";

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

/** The period, locked for the transaction; 404 NOT_FOUND when there is none. */
async function lockedPeriod(tx: Tx, id: number): Promise<EarningPeriod> {
  const period = id <= ID_MAX ? await lockEarningPeriod(tx, id) : undefined;
  if (!period) throw new AppError("NOT_FOUND", `Earning period ${id} does not exist.`);
  return period;
}

/**
 * Moves a period's start, end or both under its row lock; the exclusion constraint refuses an
 * overlap with another period (409 CONFLICT), even one created at the same moment, and a move
 * that would leave a payout outside the period it is stamped with is 409 EARNING_PERIOD_IN_USE.
 */
export function editEarningPeriod(
  db: Db,
  audit: AuditContext,
  id: number,
  patch: { start?: Date | undefined; end?: Date | undefined },
): Promise<EarningPeriod> {
  return db.transaction(async (tx) => {
    const current = await lockedPeriod(tx, id);
    const next = { start: patch.start ?? current.start, end: patch.end ?? current.end };
    checkWindow(next);
    // The row lock waited for allocations stamping this period (they hold it FOR KEY SHARE), so
    // every payout it will ever have inside the old window is visible here.
    if (await hasPayoutsOutside(tx, id, next)) {
      throw new AppError(
        "EARNING_PERIOD_IN_USE",
        `Earning period ${id} has payouts stamped with it outside ${next.start.toISOString()} – ` +
          `${next.end.toISOString()}; it can only move so that it still covers them.`,
      );
    }
    const period = await writeEarningPeriod(tx, id, next);
    await recordAudit(tx, audit, {
      action: "earning_period.update",
      targetType: "earning_period",
      targetId: id,
      details: {
        ...(patch.start === undefined ? {} : { start: patch.start.toISOString() }),
        ...(patch.end === undefined ? {} : { end: patch.end.toISOString() }),
      },
    });
    return period;
  });
}

/**
 * Deletes a period no payout is stamped with. The row lock makes a payout being stamped with it
 * wait for this transaction; one stamped meanwhile is caught by the foreign key (also IN_USE).
 */
export function removeEarningPeriod(db: Db, audit: AuditContext, id: number): Promise<void> {
  return db.transaction(async (tx) => {
    const period = await lockedPeriod(tx, id);
    if (await isEarningPeriodUsed(tx, id)) throw inUse(id);
    await deleteEarningPeriod(tx, id);
    await recordAudit(tx, audit, {
      action: "earning_period.delete",
      targetType: "earning_period",
      targetId: id,
      details: { start: period.start.toISOString(), end: period.end.toISOString() },
    });
  });
}
