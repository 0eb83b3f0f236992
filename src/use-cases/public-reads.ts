/**
 * The public reads (no key): the quest list, campaigns, earning periods, a pass's points and
 * payouts, and the leaderboards. Routes reach the store only through a use case; these are the
 * thin ones, each a read with the refusal its answer needs (an unknown id or pass).
 */
import { getAddress } from "viem";
import type { Queryable } from "../db/handle.js";
import type { EarningPeriod } from "../domain/earning-periods.js";
import { AppError } from "../domain/errors.js";
import { ID_MAX } from "../domain/limits.js";
import { EVERY, rankPage, type Standing, scopeKey } from "../domain/pass-totals.js";
import type { Campaign, PassBalance, PassPayout, Quest } from "../domain/records.js";
import { findCampaign } from "../store/campaigns.js";
import { listAllEarningPeriods } from "../store/earning-periods.js";
import type { Page, PageRequest } from "../store/keyset.js";
import { listCampaignQuests } from "../store/quests.js";
import { findPassBalance, listPassPayouts, readLeaderboardPage } from "../store/standings.js";

export { listActiveCampaigns } from "../store/campaigns.js";
export { listPublicQuests } from "../store/quests.js";

export const campaignNotFound = (id: number) =>
  new AppError("CAMPAIGN_NOT_FOUND", `Campaign ${id} does not exist.`);

/** A campaign with its public quests; CAMPAIGN_NOT_FOUND when there is none. */
export async function readCampaign(
  db: Queryable,
  id: number,
): Promise<{ campaign: Campaign; quests: Quest[] }> {
  const campaign = id > ID_MAX ? undefined : await findCampaign(db, id);
  if (!campaign) throw campaignNotFound(id);
  return { campaign, quests: await listCampaignQuests(db, id) };
}

/** Every earning period, oldest first: what a leaderboard's `earning_period_id` may name. */
export function listPublicEarningPeriods(db: Queryable): Promise<EarningPeriod[]> {
  return listAllEarningPeriods(db);
}

const passNotFound = (pass: string) =>
  new AppError("PASS_NOT_FOUND", `${pass} is not a registered pass.`);

/** A registered pass's live points; PASS_NOT_FOUND for an unregistered one. */
export async function readPassBalance(db: Queryable, pass: string): Promise<PassBalance> {
  const balance = await findPassBalance(db, pass);
  if (!balance) throw passNotFound(pass);
  return balance;
}

/** A page of a registered pass's live payouts; PASS_NOT_FOUND for an unregistered one. */
export async function readPassPayouts(
  db: Queryable,
  pass: string,
  page: PageRequest,
): Promise<Page<PassPayout>> {
  const payouts = await listPassPayouts(db, pass, page);
  if (!payouts) throw passNotFound(pass);
  return payouts;
}

/** A ranked page of a leaderboard: overall, or of a campaign, an earning period, or both. */
export async function readLeaderboard(
  db: Queryable,
  scope: { campaignId: number | undefined; periodId: number | undefined },
  page: { limit: number; offset: number },
): Promise<Standing[]> {
  const { campaignId, periodId } = scope;
  // Ids are 4-byte columns: a larger one names no campaign or period, whose board is empty.
  const unknown = [campaignId, periodId].some((id) => id !== undefined && id > ID_MAX);
  const { entries, before } = unknown
    ? { entries: [], before: 0 }
    : await readLeaderboardPage(
        db,
        {
          campaignKey: campaignId === undefined ? EVERY : scopeKey(campaignId),
          periodKey: periodId === undefined ? EVERY : scopeKey(periodId),
        },
        page,
      );
  const passes = entries.map((entry) => ({
    pass: getAddress(entry.passKey),
    points: entry.points,
  }));
  return rankPage(passes, page.offset, before);
}
