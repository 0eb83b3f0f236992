import { validate as isUuid, v7 as uuidv7 } from "uuid";
import type { Db } from "../db/handle.js";
import type { AuditContext } from "../domain/audit.js";
import { AppError } from "../domain/errors.js";
import { ID_MAX } from "../domain/limits.js";
import type { Reversal } from "../domain/records.js";
import { isApiKeyLive } from "../store/api-keys.js";
import { recordAudit } from "../store/audit.js";
import { applyPointsChanges } from "../store/pass-totals.js";
import { lockQuest } from "../store/quests.js";
import { findPayoutQuestId, findPayoutToReverse, writeReversal } from "../store/reversals.js";
import { recordEvents } from "../store/webhook-outbox.js";
import { reversalEvent } from "./webhook-events.js";

export interface ReversalRequest {
  /** As the client typed it: any case (a UUID's hex digits are case-insensitive). */
  payoutId: string;
  reason: string;
  audit: AuditContext;
  /** The owner's way in: the quest of the URL, and the key that asked (re-checked under lock). */
  owner?: { questId: number; keyId: string; accountId: string } | undefined;
}

const payoutNotFound = (payoutId: string, questId?: number) =>
  new AppError(
    "PAYOUT_NOT_FOUND",
    questId === undefined
      ? `Payout ${payoutId} does not exist.`
      : `Quest ${questId} has no payout ${payoutId}.`,
  );

/**
 * A payout id in the one form the service writes (a UUID in lower case, as PostgreSQL prints
 * it), so what is stored, audited and answered is found by the id as the API wrote it; an id
 * that is no UUID is left as typed (it names no payout).
 */
const canonicalPayoutId = (typed: string) => (isUuid(typed) ? typed.toLowerCase() : typed);

/**
 * Puts a payout's amount back into its quest's budget, once. Under the quest's row lock, so it is
 * serialised with the quest's allocations and edits: the budget, the reversal, the pass's kept
 * totals and the audit entry change in one transaction. Allowed whatever the quest's window.
 */
export async function reversePayout(db: Db, request: ReversalRequest): Promise<Reversal> {
  const { owner } = request;
  const payoutId = canonicalPayoutId(request.payoutId);
  // A payout never changes quest, so the quest found before the lock is the one to lock.
  const questId = owner?.questId ?? (await findPayoutQuestId(db, payoutId));
  if (questId === undefined || questId > ID_MAX) throw payoutNotFound(payoutId);
  return db.transaction(async (tx) => {
    const quest = await lockQuest(tx, questId);
    if (!quest) throw new AppError("QUEST_NOT_FOUND", `Quest ${questId} does not exist.`);
    if (owner) {
      if (!(await isApiKeyLive(tx, owner.keyId))) {
        throw new AppError(
          "INVALID_API_KEY",
          "The x-api-key header is missing, unknown or revoked.",
        );
      }
      if (quest.ownerId !== owner.accountId) {
        throw new AppError(
          "NOT_QUEST_OWNER",
          `This API key's account does not own quest ${questId}.`,
        );
      }
    }
    const payout = await findPayoutToReverse(tx, questId, payoutId);
    if (!payout) throw payoutNotFound(payoutId, owner ? questId : undefined);
    const reversal = await writeReversal(tx, {
      id: uuidv7(),
      payout,
      reason: request.reason,
      actor: request.audit.actor,
    });
    if (!reversal) {
      throw new AppError("PAYOUT_ALREADY_REVERSED", `Payout ${payout.id} was already reversed.`);
    }
    if (quest.mode === "live") {
      await applyPointsChanges(tx, [
        {
          accountId: payout.accountId,
          pass: payout.pass,
          campaignId: quest.campaignId,
          periodId: payout.earningPeriodId,
          points: -payout.amount,
          payouts: 0,
        },
      ]);
    }
    await recordEvents(tx, [reversalEvent(reversal, { ...quest, id: questId })]);
    await recordAudit(tx, request.audit, {
      action: "payout.reverse",
      targetType: "payout",
      // The stored id, never the typed one: a search by the id the API wrote finds the entry.
      targetId: payout.id,
      details: {
        quest_id: questId,
        amount: payout.amount,
        reason: request.reason,
        reversal_id: reversal.id,
      },
    });
    return reversal;
  });
}
