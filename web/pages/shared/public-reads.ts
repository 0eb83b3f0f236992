/**
 * The public API's answers the public pages, the pass page and the application page read, named
 * from the generated schema, and the reads that walk a paged list to its end.
 */
import { LIST_LIMIT_MAX, QUEST_LIST_LIMIT_MAX } from "../../../src/domain/limits.js";
import { type Answer, api, call, type Item, type Schema } from "../../client.js";

/** `GET /quests?with=progress`: one public live quest. */
export type PublicQuest = Schema<"QuestPublic">;
export type CampaignSummary = NonNullable<PublicQuest["campaign"]>;
/** `GET /campaigns` items: an active campaign. */
export type Campaign = Item<"/campaigns">;
/** `GET /campaigns/{id}`: a campaign with its public quests. */
export type CampaignDetail = Answer<"/campaigns/{id}", "get">;
/** `GET /earning-periods`: one period, `[start, end)`. */
export type EarningPeriod = Answer<"/earning-periods", "get">[number];

/** `GET /quests` answers at most this many quests a request. */
const QUEST_PAGE = QUEST_LIST_LIMIT_MAX;
/** A bound on the pages walked, so a misbehaving answer cannot loop for ever. */
const PAGES_MAX = 100;

/** Every public live quest with its progress: `GET /quests?with=progress`, page after page. */
export async function loadAllQuests(signal: AbortSignal): Promise<PublicQuest[]> {
  const quests: PublicQuest[] = [];
  for (let page = 0; page < PAGES_MAX; page++) {
    const batch = await call(
      api.GET("/quests", {
        params: { query: { with: "progress", limit: QUEST_PAGE, offset: page * QUEST_PAGE } },
        signal,
      }),
    );
    quests.push(...batch);
    if (batch.length < QUEST_PAGE) break;
  }
  return quests;
}

/** Every active campaign: `GET /campaigns`, following `next_cursor`. */
export async function loadActiveCampaigns(signal: AbortSignal): Promise<Campaign[]> {
  const campaigns: Campaign[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < PAGES_MAX; page++) {
    const answer = await call(
      api.GET("/campaigns", { params: { query: { limit: LIST_LIMIT_MAX, cursor } }, signal }),
    );
    campaigns.push(...answer.items);
    cursor = answer.next_cursor ?? undefined;
    if (cursor === undefined) break;
  }
  return campaigns;
}

/** Every earning period, oldest first: `GET /earning-periods`. */
export const loadEarningPeriods = (signal: AbortSignal) =>
  call(api.GET("/earning-periods", { signal }));
