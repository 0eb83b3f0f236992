/**
 * What the service must hold, kept by the fuzzer as it goes: the quests' budgets and limits, the
 * passes and their suspensions, every payout and whether it is reversed, what each Idempotency-Key
 * paid, and the API key in use and those revoked. `decide` says what an allocation must come to
 * (the contract's order of checks, docs/points.md); an answer that differs is a failure.
 */

export class FuzzFailure extends Error {
  override readonly name = "FuzzFailure";
}

export interface PassModel {
  address: string;
  id: string;
  suspended: boolean;
}

export interface PayoutModel {
  id: string;
  questId: number;
  pass: string;
  amount: number;
  reversed: boolean;
}

/** A quest owner: its API key in use and those ended, its webhook endpoint's path and secret. */
export interface OwnerModel {
  pass: string;
  apiKey: string;
  apiKeyId: string;
  revokedKeys: string[];
  /** The receiver's path its endpoint posts to: whose secret signs a message. */
  hook: string;
  secret: string;
}

export interface QuestModel {
  id: number;
  /** Index in `owners`. */
  owner: number;
  total: number;
  /** `is_active`: an inactive quest refuses allocations (QUEST_NOT_ACTIVE). */
  active: boolean;
  actionType: string;
  passPointsMax: number | null;
  /** Payouts one pass may receive over the quest's life (`pass_window` "quest"). */
  passPayoutsMax: number | null;
}

/** An earning period: while any exist, allocations need one covering now. */
export interface PeriodModel {
  id: number;
  startMs: number;
  endMs: number;
}

/** An allocation under an Idempotency-Key: what it asked, and what it paid once it is known. */
export interface KeyedModel {
  key: string;
  questId: number;
  pass: string;
  points: number;
  /** The payout it made; undefined while none (refused, or in doubt). */
  payoutId: string | undefined;
  /** Its last answer was none or a 5xx: a retry under the key tells. */
  doubt: boolean;
}

/** An allocation without a key whose answer never came (or was a 5xx). */
export interface DoubtfulModel {
  questId: number;
  pass: string;
  points: number;
}

export type Decision = "pay" | string;

export class Model {
  passes: PassModel[] = [];
  /** Addresses that were never an account: ACCOUNT_NOT_FOUND. */
  strangers: string[] = [];
  quests: QuestModel[] = [];
  payouts = new Map<string, PayoutModel>();
  keyed = new Map<string, KeyedModel>();
  doubtful: DoubtfulModel[] = [];
  owners: OwnerModel[] = [];
  /** Receiver paths of endpoints made by a request whose answer was lost. */
  orphanHooks: string[] = [];
  /** The quests switch (`PUT /admin/features`). */
  questsOn = true;
  inactiveActionTypes = new Set<string>();
  periods: PeriodModel[] = [];

  quest(id: number): QuestModel {
    const quest = this.quests.find((q) => q.id === id);
    if (!quest) throw new Error(`no quest ${id} in the model`);
    return quest;
  }

  ownerOf(questId: number): OwnerModel {
    return this.owners[this.quest(questId).owner]!;
  }

  keyOf(questId: number): string {
    return this.ownerOf(questId).apiKey;
  }

  pass(address: string): PassModel | undefined {
    return this.passes.find((p) => p.address === address);
  }

  livePayouts(questId: number): PayoutModel[] {
    return [...this.payouts.values()].filter((p) => p.questId === questId && !p.reversed);
  }

  paid(questId: number): number {
    return this.livePayouts(questId).reduce((sum, p) => sum + p.amount, 0);
  }

  remaining(questId: number): number {
    return this.quest(questId).total - this.paid(questId);
  }

  passPoints(questId: number, pass: string): number {
    return this.livePayouts(questId)
      .filter((p) => p.pass === pass)
      .reduce((sum, p) => sum + p.amount, 0);
  }

  /** Points a pass holds over every quest (its balance). */
  balance(pass: string): number {
    return [...this.payouts.values()]
      .filter((p) => p.pass === pass && !p.reversed)
      .reduce((sum, p) => sum + p.amount, 0);
  }

  /**
   * Why the quest refuses any allocation now (a whole batch with it), in the contract's order
   * (Part 1, order of checks, step 7); undefined when it takes them.
   */
  questRefusal(questId: number, nowMs = Date.now()): string | undefined {
    const quest = this.quest(questId);
    if (!this.questsOn) return "QUESTS_DISABLED";
    if (this.inactiveActionTypes.has(quest.actionType)) return "ACTION_TYPE_INACTIVE";
    if (!quest.active) return "QUEST_NOT_ACTIVE";
    const covered = this.periods.some((p) => p.startMs <= nowMs && nowMs < p.endMs);
    if (this.periods.length > 0 && !covered) return "NO_ACTIVE_EARNING_PERIOD";
    return undefined;
  }

  /** What an allocation of `points` to `address` on `questId` must come to now. */
  decide(questId: number, address: string, points: number): Decision {
    const refused = this.questRefusal(questId);
    if (refused) return refused;
    const pass = this.pass(address);
    if (!pass) return "ACCOUNT_NOT_FOUND";
    if (pass.suspended) return "ACCOUNT_SUSPENDED";
    // contract Part 4, limits per pass: after the account's checks, before the budget's.
    const quest = this.quest(questId);
    const mine = this.livePayouts(questId).filter((p) => p.pass === address);
    if (quest.passPayoutsMax !== null && mine.length + 1 > quest.passPayoutsMax) {
      return "PASS_LIMIT_REACHED";
    }
    if (
      quest.passPointsMax !== null &&
      this.passPoints(questId, address) + points > quest.passPointsMax
    ) {
      return "PASS_LIMIT_REACHED";
    }
    if (this.remaining(questId) < points) return "INSUFFICIENT_POINTS";
    return "pay";
  }

  /** Records a payout the service answered; a second answer of one id must agree with it. */
  recordPayout(payout: PayoutModel): void {
    const known = this.payouts.get(payout.id);
    if (known) {
      if (known.amount !== payout.amount || known.pass !== payout.pass) {
        throw new FuzzFailure(`payout ${payout.id} answered twice with different contents`);
      }
      return;
    }
    this.payouts.set(payout.id, payout);
  }
}
