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

export interface QuestModel {
  id: number;
  total: number;
  passPointsMax: number | null;
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
  ownerPass = "";
  apiKey = "";
  apiKeyId = "";
  revokedKeys: string[] = [];

  quest(id: number): QuestModel {
    const quest = this.quests.find((q) => q.id === id);
    if (!quest) throw new Error(`no quest ${id} in the model`);
    return quest;
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

  /** What an allocation of `points` to `address` on `questId` must come to now. */
  decide(questId: number, address: string, points: number): Decision {
    const pass = this.pass(address);
    if (!pass) return "ACCOUNT_NOT_FOUND";
    if (pass.suspended) return "ACCOUNT_SUSPENDED";
    // contract Part 4, limits per pass: after the account's checks, before the budget's.
    const max = this.quest(questId).passPointsMax;
    if (max !== null && this.passPoints(questId, address) + points > max) {
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
