/** The records the store hands to the rest of the service: camelCase, dates as Date, points as number. */

import type { Mode } from "./api-keys.js";
import type { KeyScope } from "./operators.js";
import type { PassWindow } from "./pass-limits.js";

export interface Account {
  id: string;
  pass: string;
  createdAt: Date;
  /** When an operator suspended the pass (docs/operator-api.md#suspended-passes); null: not. */
  suspendedAt: Date | null;
  /** Why, while suspended; null otherwise. */
  suspensionReason: string | null;
}

export interface Campaign {
  id: number;
  name: string;
  description: string;
  start: Date;
  end: Date;
  isActive: boolean;
  externalAppId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface Quest {
  id: number;
  name: string;
  description: string;
  ownerId: string;
  campaignId: number | null;
  totalPoints: number;
  pointsRemaining: number;
  expectedPointsPerCompletion: number;
  start: Date;
  end: Date;
  isPublic: boolean;
  enabled: boolean;
  actionType: string;
  /** `test` quests follow every rule of live ones but never show in public or live data. */
  mode: Mode;
  /** The most points one pass may hold from the quest; null: no limit. */
  passPointsMax: number | null;
  /** The most payouts one pass may receive in each `passWindow`; null: no limit. */
  passPayoutsMax: number | null;
  passWindow: PassWindow;
  /** Where a player does the quest (https://): shown, never fetched; null: none. */
  url: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface QuestWithCampaign extends Quest {
  campaign: { id: number; name: string; description: string } | null;
}

export interface Payout {
  id: string;
  questId: number;
  amount: number;
  createdAt: Date;
  pass: string;
  earningPeriodId: number | null;
}

export interface ApiKeyRecord {
  id: string;
  accountId: string;
  mode: Mode;
  /** `read`: GET only; `full`: whatever the owner may do. */
  scope: KeyScope;
  createdAt: Date;
}

export interface Features {
  quests: boolean;
  campaigns: boolean;
}

/** What an account already holds, for an operator reviewing an application naming its pass. */
export interface OwnerFootprint {
  id: string;
  /** Quests it owns, of both modes. */
  quests: number;
  /** API keys it holds that still work (neither revoked nor expired). */
  keys: number;
}

/** A key that can be used now, and when it stops being usable (a rotated key's grace end). */
export type ActiveApiKey = ApiKeyRecord & { expiresAt: Date | null };

/** A key as the operator sees it: never its value or hash. */
export interface ApiKeyState extends ApiKeyRecord {
  prefix: string;
  lastUsedAt: Date | null;
  expiresAt: Date | null;
  revokedAt: Date | null;
}

/** A payout's reversal: its amount went back into the quest's budget. */
export interface Reversal {
  id: string;
  payoutId: string;
  questId: number;
  amount: number;
  reason: string;
  createdAt: Date;
}

/** What the owner routes check before anything else: whose the quest is, and its mode. */
export interface QuestOwnership {
  ownerId: string;
  mode: Mode;
}

/** A quest's detail view as of one moment: the quest, one page of its payouts, the clock. */
export interface QuestDetailRead {
  quest: Quest;
  payouts: Payout[];
  now: Date;
}

/** A payout as the operator's list and export show it: with when it was reversed, if it was. */
export interface AdminPayout extends Payout {
  reversedAt: Date | null;
}

/** A pass's live points from the kept totals: a few rows, whatever its number of payouts. */
export interface PassBalance {
  pass: string;
  points: number;
  /** As on the overall leaderboard: 1 + the passes with strictly more points; null with 0. */
  rank: number | null;
  /** Suspended by an operator: on no leaderboard, so `rank` is null. */
  suspended: boolean;
  payoutsCount: number;
  byCampaign: { campaignId: number | null; points: number }[];
  byEarningPeriod: { earningPeriodId: number | null; points: number }[];
}

/** A pass's live payout as the pass's public list shows it. */
export interface PassPayout {
  id: string;
  questId: number;
  questName: string;
  amount: number;
  createdAt: Date;
  reversed: boolean;
}

/** `GET /me`: a key's account, the key, and the quests it reaches, as of `now`. */
export interface OwnerView {
  account: { id: string; pass: string };
  key: { id: string; prefix: string; mode: Mode; scope: KeyScope; expiresAt: Date | null };
  quests: Quest[];
  now: Date;
}

/** One UTC hour or day of a quest's payouts. */
export interface StatsRow {
  at: Date;
  payouts: number;
  points: number;
}
