/**
 * Demo data for a first start: an owner, a player, a campaign, a quest and a live API key, seeded
 * once into an empty database (`questpoints demo`, and `serve --demo-if-empty` on PGlite).
 */
import { apiKeyDisplayPrefix, generateApiKey, hashApiKey } from "../domain/api-keys.js";
import { registerAccount } from "../store/accounts.js";
import { insertApiKey } from "../store/api-keys.js";
import { insertCampaign } from "../store/campaigns.js";
import type { Db } from "../store/db.js";
import { hasAnyQuest, insertQuest } from "../store/quests.js";

// FuturePass-style pass addresses (0xFFFFFFFF + index), as on the Root network.
export const DEMO_OWNER_PASS = "0xFfFFFFff00000000000000000000000000000001";
export const DEMO_PLAYER_PASS = "0xFFffffFf00000000000000000000000000000002";
const DAY_MS = 24 * 60 * 60 * 1000;

export interface DemoData {
  apiKey: string;
  questId: number;
  campaignId: number;
  playerPass: string;
}

/** Seeds a demo owner, player, campaign, quest and API key; undefined when data already exists. */
export async function seedDemo(db: Db, now = new Date()): Promise<DemoData | undefined> {
  return db.transaction(async (tx) => {
    if (await hasAnyQuest(tx)) return undefined;
    const owner = (await registerAccount(tx, DEMO_OWNER_PASS)).account;
    await registerAccount(tx, DEMO_PLAYER_PASS);
    const window = {
      start: new Date(now.getTime() - DAY_MS),
      end: new Date(now.getTime() + 30 * DAY_MS),
    };
    const campaign = await insertCampaign(tx, {
      name: "Welcome to questpoints",
      description: "A demo campaign created on first start.",
      ...window,
      isActive: true,
      externalAppId: null,
    });
    const quest = await insertQuest(tx, {
      name: "First steps",
      description: "Complete the tutorial to earn points.",
      ownerId: owner.id,
      campaignId: campaign.id,
      totalPoints: 10_000,
      expectedPointsPerCompletion: 100,
      ...window,
      isPublic: true,
      enabled: true,
      actionType: "default",
      mode: "live",
    });
    const apiKey = generateApiKey();
    await insertApiKey(tx, {
      hash: hashApiKey(apiKey),
      prefix: apiKeyDisplayPrefix(apiKey),
      accountId: owner.id,
      scope: "full",
      mode: "live",
    });
    return { apiKey, questId: quest.id, campaignId: campaign.id, playerPass: DEMO_PLAYER_PASS };
  });
}

export function demoInstructions(demo: DemoData, baseUrl: string): string {
  return [
    "Demo data created. The API key is shown only now:",
    "",
    `  API key: ${demo.apiKey}`,
    "",
    "Try it:",
    `  curl -s ${baseUrl}/quests/${demo.questId} -H 'x-api-key: ${demo.apiKey}'`,
    `  curl -s -X POST ${baseUrl}/quests/${demo.questId} -H 'x-api-key: ${demo.apiKey}' \\`,
    `       -H 'content-type: application/json' -d '{"points": 100, "address": "${demo.playerPass}"}'`,
    "",
    `Public: curl -s ${baseUrl}/quests   ·   curl -s ${baseUrl}/campaigns/${demo.campaignId}`,
    `The owner console at ${baseUrl}/app/console takes the key.`,
    "",
  ].join("\n");
}
