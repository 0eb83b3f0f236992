/**
 * Demo data for a first start: an owner, a player, a campaign, a quest, a live API key and an
 * operator `demo` (role admin, so the operator console works without ADMIN_TOKEN), seeded once
 * into an empty database (`questpoints demo`, and `serve --demo-if-empty` on PGlite).
 */

import { randomUUID } from "node:crypto";
import type { Db } from "../db/handle.js";
import { apiKeyDisplayPrefix, generateApiKey, hashApiKey } from "../domain/api-keys.js";
import { registerAccount } from "../store/accounts.js";
import { insertApiKey } from "../store/api-keys.js";
import { insertCampaign } from "../store/campaigns.js";
import { hasAnyQuest, insertQuest } from "../store/quests.js";
import { createOperatorIn } from "./operators.js";

// FuturePass-style pass addresses (0xFFFFFFFF + index), as on the Root network.
export const DEMO_OWNER_PASS = "0xFfFFFFff00000000000000000000000000000001";
export const DEMO_PLAYER_PASS = "0xFFffffFf00000000000000000000000000000002";
const DAY_MS = 24 * 60 * 60 * 1000;
/** The demo operator's name; its role is admin. */
export const DEMO_OPERATOR = "demo";

export interface DemoData {
  apiKey: string;
  /** The demo operator's token (`op_…`): shown once, only its hash is kept. */
  operatorToken: string;
  questId: number;
  campaignId: number;
  playerPass: string;
}

/**
 * Seeds a demo owner, player, campaign, quest, API key and operator, in one transaction;
 * undefined when data already exists.
 */
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
    const operator = await createOperatorIn(
      tx,
      { actor: "service", requestId: randomUUID() },
      { name: DEMO_OPERATOR, role: "admin" },
    );
    return {
      apiKey,
      operatorToken: operator.token,
      questId: quest.id,
      campaignId: campaign.id,
      playerPass: DEMO_PLAYER_PASS,
    };
  });
}

/**
 * What to do with the demo, printed once: the key and the operator token, curl commands on
 * `baseUrl` (where the service listens), and the consoles on `pagesUrl` (PUBLIC_BASE_URL, the
 * host wallet sign-in expects).
 */
export function demoInstructions(demo: DemoData, baseUrl: string, pagesUrl = baseUrl): string {
  return [
    "Demo data created. The API key and the operator token are shown only now:",
    "",
    `  API key: ${demo.apiKey}`,
    `  Operator token: ${demo.operatorToken}  (operator "${DEMO_OPERATOR}", role admin)`,
    "",
    "Try it:",
    `  curl -s ${baseUrl}/quests/${demo.questId} -H 'x-api-key: ${demo.apiKey}'`,
    `  curl -s -X POST ${baseUrl}/quests/${demo.questId} -H 'x-api-key: ${demo.apiKey}' \\`,
    `       -H 'content-type: application/json' -d '{"points": 100, "address": "${demo.playerPass}"}'`,
    "",
    `Public: curl -s ${baseUrl}/quests   ·   curl -s ${baseUrl}/campaigns/${demo.campaignId}`,
    `The owner console at ${pagesUrl}/app/console takes the key.`,
    `The operator console at ${pagesUrl}/app/operator takes the operator token (as does`,
    "`questpoints admin …` from QP_ADMIN_TOKEN).",
    "",
  ].join("\n");
}
