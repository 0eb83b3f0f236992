/**
 * What an owner does and reads of a quest through the API with its key: `POST /quests/{id}`
 * (an allocation that must pay) and `GET /quests/{id}`.
 */
import { allocate, expectStatus, type QuestFixture, type TestContext } from "./app.js";

/** A payout as the API answers it (an allocation's, a batch item's, a quest's listing). */
export interface Payout {
  id: string;
  amount: number;
  created_at: string;
  account: { pass: string };
}

export interface QuestDetail {
  total_points: number;
  points_remaining: number;
  is_active: boolean;
  payouts: Payout[];
}

/** The quest as its owner reads it (asserted 200); `query` is the query string, if any. */
export async function questDetail(
  ctx: TestContext,
  owner: { apiKey: string; questId: number },
  query = "limit=100",
): Promise<QuestDetail> {
  const response = await ctx.inject({
    method: "GET",
    url: `/quests/${owner.questId}${query ? `?${query}` : ""}`,
    headers: { "x-api-key": owner.apiKey },
  });
  expectStatus(response, 200);
  return response.json() as QuestDetail;
}

/** The quest's `points_remaining`, read as `GET /quests/{id}` answers it with no query. */
export async function pointsRemaining(
  ctx: TestContext,
  owner: { apiKey: string; questId: number },
): Promise<number> {
  return (await questDetail(ctx, owner, "")).points_remaining;
}

/** Pays the fixture's player `points` (asserted 200); the payout. */
export async function payPlayer(
  ctx: TestContext,
  fixture: QuestFixture,
  points: number,
): Promise<Payout> {
  const response = await allocate(ctx, fixture, { points, address: fixture.playerPass });
  expectStatus(response, 200);
  return response.json().payout as Payout;
}
