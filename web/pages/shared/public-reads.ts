/**
 * The public API's answers the public pages, the pass page and the application page read, named
 * from the generated schema, and the reads that walk a paged list to its end.
 */
import { LIST_LIMIT_MAX, QUEST_LIST_LIMIT_MAX } from "../../../src/domain/limits.js";
import { type Answer, api, call, type Item, type Schema } from "../../client.js";

/** `GET /quests?with=progress,details`: one public live quest. */
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
/**
 * What the public pages read of each quest: its budget left and state (`progress`), and where a
 * player does it and its limits per pass (`details`).
 */
const QUEST_WITH = "progress,details";

/** Every public live quest with its progress and details, page after page. */
export async function loadAllQuests(signal: AbortSignal): Promise<PublicQuest[]> {
  const quests: PublicQuest[] = [];
  for (let page = 0; page < PAGES_MAX; page++) {
    const batch = await call(
      api.GET("/quests", {
        params: { query: { with: QUEST_WITH, limit: QUEST_PAGE, offset: page * QUEST_PAGE } },
        signal,
      }),
    );
    quests.push(...batch);
    if (batch.length < QUEST_PAGE) break;
  }
  return quests;
}

/**
 * One public live quest with its progress and details (`GET /quests?ids=7`), or undefined when
 * `id` is no public live quest (private, test, unknown: the answer leaves it out).
 */
export async function loadPublicQuest(
  id: number,
  signal: AbortSignal,
): Promise<PublicQuest | undefined> {
  const quests = await call(
    api.GET("/quests", { params: { query: { ids: String(id), with: QUEST_WITH } }, signal }),
  );
  return quests.find((quest) => quest.id === id);
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
