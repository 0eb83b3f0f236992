/**
 * Accounts as the operator registers them, owners with their API keys and quests of each mode:
 * what the owner-route tests set up before they call the API; and an owner's payouts and
 * reversals, asserted to succeed, for the tests that only need them made.
 */
import {
  allocate,
  createAccount,
  createQuest,
  expectStatus,
  issueKey,
  type QuestOptions,
  randomPass,
  type TestContext,
} from "./app.js";
import type { Payout } from "./owner-api.js";

export interface IssuedKey {
  key: string;
  id: string;
}

/** A newly registered account (an owner's or a player's): its pass. */
export async function newAccount(ctx: TestContext, pass = randomPass()): Promise<string> {
  await createAccount(ctx, pass);
  return pass;
}

/** A newly registered owner with a key of `mode` (live unless given). */
export async function newOwner(
  ctx: TestContext,
  mode?: "live" | "test",
): Promise<{ pass: string; id: string; key: string; keyId: string }> {
  const pass = randomPass();
  const id = await createAccount(ctx, pass);
  const { key, id: keyId } = await issueKey(ctx, pass, mode);
  return { pass, id, key, keyId };
}

/** A newly registered owner with a live and a test key. */
export async function ownerWithBothKeys(
  ctx: TestContext,
): Promise<{ pass: string; id: string; live: IssuedKey; test: IssuedKey }> {
  const pass = randomPass();
  const id = await createAccount(ctx, pass);
  return { pass, id, live: await issueKey(ctx, pass), test: await issueKey(ctx, pass, "test") };
}

/** A quest as `allocate` and the owner reads take it: its id and its owner's key. */
export interface KeyedQuest {
  apiKey: string;
  questId: number;
}

/** A new test key of the owner and a test quest of theirs, made with `quest`. */
export async function testQuestOf(
  ctx: TestContext,
  ownerPass: string,
  quest: QuestOptions = {},
): Promise<KeyedQuest> {
  const { key } = await issueKey(ctx, ownerPass, "test");
  return { apiKey: key, questId: await createQuest(ctx, ownerPass, { ...quest, mode: "test" }) };
}

/**
 * An owner with a live and a test key, a live and a test quest (both made with `quest`, the
 * test one in mode test), and a registered player.
 */
export async function twoModes(ctx: TestContext, quest: QuestOptions = {}) {
  const owner = await ownerWithBothKeys(ctx);
  const liveQuest: KeyedQuest = {
    apiKey: owner.live.key,
    questId: await createQuest(ctx, owner.pass, quest),
  };
  const testQuest: KeyedQuest = {
    apiKey: owner.test.key,
    questId: await createQuest(ctx, owner.pass, { ...quest, mode: "test" }),
  };
  const playerPass = await newAccount(ctx);
  return {
    ownerPass: owner.pass,
    live: owner.live,
    test: owner.test,
    liveQuest,
    testQuest,
    playerPass,
  };
}

/** Pays `points` to `address` on the quest (asserted 200); the payout. */
export async function payTo(
  ctx: TestContext,
  quest: KeyedQuest,
  points: number,
  address: string,
): Promise<Payout> {
  const response = await allocate(ctx, quest, { points, address });
  expectStatus(response, 200);
  return response.json().payout as Payout;
}

/** Pays as `payTo` does, then waits for the clock to pass the payout's time: the next is newer. */
export async function payInOrder(
  ctx: TestContext,
  quest: KeyedQuest,
  points: number,
  address: string,
) {
  const payout = await payTo(ctx, quest, points, address);
  const createdMs = Date.parse(payout.created_at);
  while (Date.now() <= createdMs) await new Promise((resolve) => setTimeout(resolve, 1));
  return payout;
}

/** Reverses a payout through its owner's route (asserted 201); the reversal. */
export async function reverseAsOwner(
  ctx: TestContext,
  quest: KeyedQuest,
  payoutId: string,
  reason = "Paid by mistake",
) {
  const response = await ctx.inject({
    method: "POST",
    url: `/quests/${quest.questId}/payouts/${payoutId}/reversal`,
    headers: { "x-api-key": quest.apiKey },
    payload: { reason },
  });
  expectStatus(response, 201);
  return response.json().reversal as { id: string; created_at: string };
}
