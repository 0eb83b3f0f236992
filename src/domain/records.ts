/** The records the store hands to the rest of the service: camelCase, dates as Date, points as number. */
import type { Mode } from "./api-keys.js";

export interface Account {
  id: string;
  pass: string;
  createdAt: Date;
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
  createdAt: Date;
}

export interface Features {
  quests: boolean;
  campaigns: boolean;
}
