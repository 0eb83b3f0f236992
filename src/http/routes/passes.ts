import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { getAddress } from "viem";
import { AppError } from "../../domain/errors.js";
import { ID_MAX, LEADERBOARD_LIMIT_MAX } from "../../domain/limits.js";
import { EVERY, rankPage, scopeKey } from "../../domain/pass-totals.js";
import { listAllEarningPeriods } from "../../store/earning-periods.js";
import { findPassBalance, listPassPayouts, readLeaderboardPage } from "../../store/standings.js";
import { listAnswer, pageRequest } from "../listing.js";
import { requireQuestsEnabled } from "../owner-guards.js";
import { errorResponses, NoFields } from "../schemas/common.js";
import {
  Leaderboard,
  LeaderboardQuery,
  PassBalance,
  PassParams,
  PassPayoutList,
  PassPayoutQuery,
  PublicEarningPeriods,
} from "../schemas/points.js";
import type { Services } from "../services.js";
import { checksummed } from "./quests.js";

const passNotFound = (pass: string) =>
  new AppError("PASS_NOT_FOUND", `${pass} is not a registered pass.`);

/**
 * Players' balances and the leaderboards: public, no key, readable from any web page. Read from
 * the kept totals, so they cost the same at ten payouts or ten million. Test-mode payouts never
 * count.
 */
export async function passRoutes(app: FastifyInstance, services: Services) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = services;
  const onRequest = requireQuestsEnabled(services);

  api.get(
    "/earning-periods",
    {
      onRequest,
      schema: {
        operationId: "listPublicEarningPeriods",
        summary: "Earning periods, oldest first",
        description:
          "Every earning period `[start, end)`, oldest first: what a leaderboard's `earning_period_id` may name.",
        tags: ["passes"],
        querystring: NoFields,
        response: {
          200: PublicEarningPeriods,
          ...errorResponses("QUESTS_DISABLED", "BAD_REQUEST"),
        },
      },
    },
    async () =>
      (await listAllEarningPeriods(db)).map((period) => ({
        id: period.id,
        start: period.start.toISOString(),
        end: period.end.toISOString(),
      })),
  );

  api.get(
    "/passes/:address",
    {
      onRequest,
      schema: {
        operationId: "getPass",
        summary: "A pass's live points",
        description:
          "Points of live payouts net of reversals, in all and per campaign and earning period " +
          "(`null`: outside any), scopes with no points left out; `payouts_count` counts the " +
          "pass's live payouts, reversed ones included.",
        tags: ["passes"],
        params: PassParams,
        response: {
          200: PassBalance,
          ...errorResponses("QUESTS_DISABLED", "BAD_REQUEST", "PASS_NOT_FOUND"),
        },
      },
    },
    async (request) => {
      const pass = checksummed(request.params.address);
      const balance = await findPassBalance(db, pass);
      if (!balance) throw passNotFound(pass);
      return {
        pass: balance.pass,
        points: balance.points,
        rank: balance.rank,
        payouts_count: balance.payoutsCount,
        by_campaign: balance.byCampaign.map((entry) => ({
          campaign_id: entry.campaignId,
          points: entry.points,
        })),
        by_earning_period: balance.byEarningPeriod.map((entry) => ({
          earning_period_id: entry.earningPeriodId,
          points: entry.points,
        })),
      };
    },
  );

  api.get(
    "/passes/:address/payouts",
    {
      onRequest,
      schema: {
        operationId: "listPassPayouts",
        summary: "A pass's live payouts, newest first",
        description: "Cursor-paged; `reversed` is true once the payout was reversed.",
        tags: ["passes"],
        params: PassParams,
        querystring: PassPayoutQuery,
        response: {
          200: PassPayoutList,
          ...errorResponses("QUESTS_DISABLED", "BAD_REQUEST", "PASS_NOT_FOUND"),
        },
      },
    },
    async (request) => {
      const pass = checksummed(request.params.address);
      const page = await listPassPayouts(db, pass, pageRequest(request.query, "uuid"));
      if (!page) throw passNotFound(pass);
      return listAnswer(page, (payout) => ({
        id: payout.id,
        quest_id: payout.questId,
        quest_name: payout.questName,
        amount: payout.amount,
        created_at: payout.createdAt.toISOString(),
        reversed: payout.reversed,
      }));
    },
  );

  api.get(
    "/leaderboard",
    {
      onRequest,
      schema: {
        operationId: "getLeaderboard",
        summary: "Passes ranked by live points",
        description:
          "Overall, or within a campaign, an earning period, or both. Points descending, ties " +
          "by address ascending (its numeric value); `rank` is 1 + the number of passes with " +
          "strictly more points; passes with 0 points are left out.",
        tags: ["passes"],
        querystring: LeaderboardQuery,
        response: { 200: Leaderboard, ...errorResponses("QUESTS_DISABLED", "BAD_REQUEST") },
      },
    },
    async (request) => {
      const { campaign_id: campaignId, earning_period_id: periodId } = request.query;
      const limit = request.query.limit ?? LEADERBOARD_LIMIT_MAX;
      const offset = request.query.offset ?? 0;
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
            { limit, offset },
          );
      const page = entries.map((entry) => ({
        pass: getAddress(entry.passKey),
        points: entry.points,
      }));
      return {
        earning_period_id: periodId ?? null,
        campaign_id: campaignId ?? null,
        items: rankPage(page, offset, before),
      };
    },
  );
}
