/**
 * The webhook events each change writes in its own transaction (docs/webhooks.md):
 * their types, audiences and `data`, the object as the API shows it. The outbox SQL is in
 * `store/webhook-outbox.ts`; which endpoints hear an event is decided there, at write time.
 */
import type { Mode } from "../domain/api-keys.js";
import type { Application } from "../domain/applications.js";
import type { Account, Payout, Reversal } from "../domain/records.js";
import {
  type Audience,
  type BudgetAlerts,
  budgetCrossings,
  type EventType,
  eventBody,
  newEventId,
} from "../domain/webhooks.js";
import {
  presentAccount,
  presentApplication,
  presentPayout,
  presentReversal,
} from "../domain/wire.js";
import type { PayoutToWrite } from "../store/allocation-write.js";
import type { LockedQuest } from "../store/allocations.js";
import { audienceKey, type EventToWrite, type Subscriptions } from "../store/webhook-outbox.js";

const OPERATORS: Audience = { operators: true };

function event(
  type: EventType,
  mode: Mode,
  data: unknown,
  createdAt: Date,
  audiences: readonly Audience[],
): EventToWrite {
  const id = newEventId();
  return { id, type, body: eventBody({ id, type, createdAt, mode, data }), createdAt, audiences };
}

/** A quest as budget events show it, with the remainder after the change. */
const questData = (quest: LockedQuest, pointsRemaining: number) => ({
  id: quest.id,
  name: quest.name,
  mode: quest.mode,
  total_points: quest.totalPoints,
  points_remaining: pointsRemaining,
  expected_points_per_completion: quest.expectedPointsPerCompletion,
});

/**
 * An allocation batch's events: `payout.created` per payout, and the budget crossings its debits
 * make (`alerts`, kept on the quests whoever listens, so each crossing fires once). Only events
 * someone subscribed to are built: a batch nobody listens to pays nothing for webhooks.
 */
export function allocationEvents(
  payouts: readonly PayoutToWrite[],
  quests: ReadonlyMap<number, LockedQuest>,
  context: { now: Date; subscriptions: Subscriptions },
): { events: EventToWrite[]; alerts: Map<number, BudgetAlerts> } {
  const hears = (audience: Audience, type: EventType) =>
    context.subscriptions.get(audienceKey(audience))?.has(type) === true;
  const events: EventToWrite[] = [];
  const spent = new Map<number, number>();
  for (const { payout } of payouts) {
    spent.set(payout.questId, (spent.get(payout.questId) ?? 0) + payout.amount);
    const quest = quests.get(payout.questId)!;
    const owner: Audience = { accountId: quest.ownerId, mode: quest.mode };
    if (hears(owner, "payout.created")) {
      events.push(
        event("payout.created", quest.mode, payoutData(payout), payout.createdAt, [owner]),
      );
    }
  }
  const alerts = new Map<number, BudgetAlerts>();
  for (const [questId, total] of spent) {
    const quest = quests.get(questId)!;
    const after = quest.pointsRemaining - total;
    const crossed = budgetCrossings(quest, after);
    if (!crossed.low && !crossed.exhausted) continue;
    alerts.set(questId, crossed);
    const owner: Audience = { accountId: quest.ownerId, mode: quest.mode };
    if (crossed.low && hears(owner, "quest.budget_low")) {
      events.push(
        event("quest.budget_low", quest.mode, questData(quest, after), context.now, [owner]),
      );
    }
    const exhaustedAudiences = [
      ...(crossed.exhausted && hears(owner, "quest.budget_exhausted") ? [owner] : []),
      // Operators hear of every live quest's budget running out; test quests are the owners'.
      ...(crossed.exhausted && quest.mode === "live" && hears(OPERATORS, "quest.budget_exhausted")
        ? [OPERATORS]
        : []),
    ];
    if (exhaustedAudiences.length > 0) {
      events.push(
        event(
          "quest.budget_exhausted",
          quest.mode,
          questData(quest, after),
          context.now,
          exhaustedAudiences,
        ),
      );
    }
  }
  return { events, alerts };
}

/** A payout as the API shows it, with its quest (an event is read without its URL). */
const payoutData = (payout: Payout) => ({ ...presentPayout(payout), quest_id: payout.questId });

/** `payout.reversed`, to the quest owner's endpoints of the quest's mode. */
export const reversalEvent = (
  reversal: Reversal,
  quest: { id: number; ownerId: string; mode: Mode },
) =>
  event(
    "payout.reversed",
    quest.mode,
    { ...presentReversal(reversal), quest_id: quest.id },
    reversal.createdAt,
    [{ accountId: quest.ownerId, mode: quest.mode }],
  );

/** `application.submitted` or `application.decided`, to the operators' endpoints. */
export const applicationEvent = (
  type: "application.submitted" | "application.decided",
  application: Application,
  at: Date,
) => event(type, "live", presentApplication(application), at, [OPERATORS]);

/** `key.revoked`, to the operators' endpoints: the key by id and display prefix, never its value. */
export const keyRevokedEvent = (key: {
  id: string;
  prefix: string;
  accountId: string;
  mode: Mode;
  revokedAt: Date;
}) =>
  event(
    "key.revoked",
    "live",
    {
      id: key.id,
      prefix: key.prefix,
      account_id: key.accountId,
      mode: key.mode,
      revoked_at: key.revokedAt.toISOString(),
    },
    key.revokedAt,
    [OPERATORS],
  );

/** `account.suspended` or `account.reinstated`, to the operators' endpoints: the account as listed. */
export const accountEvent = (
  type: "account.suspended" | "account.reinstated",
  account: Account,
  at: Date,
) => event(type, "live", presentAccount(account), at, [OPERATORS]);

/** `webhook.test`, for one endpoint only. */
export const testEvent = (endpoint: { id: string; mode: Mode }, at: Date) =>
  event(
    "webhook.test",
    endpoint.mode,
    { endpoint_id: endpoint.id, message: "A test event sent on request." },
    at,
    [],
  );
