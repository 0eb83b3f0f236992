import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { checksummed } from "../../domain/address.js";
import { LEADERBOARD_LIMIT_MAX } from "../../domain/limits.js";
import {
  listPublicEarningPeriods,
  readLeaderboard,
  readPassBalance,
  readPassPayouts,
} from "../../use-cases/public-reads.js";
import { listAnswer, pageRequest } from "../listing.js";
import { requireQuestsEnabled } from "../owner-guards.js";
import {
  presentEarningPeriod,
  presentLeaderboard,
  presentPassBalance,
  presentPassPayout,
} from "../present.js";
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

/**
 * Players' balances and the leaderboards: public, no key, readable from any web page. Read from
 * the kept totals, so they cost the same at ten payouts or ten million. Test-mode payouts never
 * count.
 */
export async function passRoutes(app: FastifyInstance, services: Services) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  // Public reads: the read replica while it keeps up.
  const db = services.reads;
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
    async () => (await listPublicEarningPeriods(db)).map(presentEarningPeriod),
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
      return presentPassBalance(await readPassBalance(db, pass));
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
      const page = await readPassPayouts(db, pass, pageRequest(request.query, "uuid"));
      return listAnswer(page, presentPassPayout);
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
      const scope = {
        campaignId: request.query.campaign_id,
        periodId: request.query.earning_period_id,
      };
      const page = {
        limit: request.query.limit ?? LEADERBOARD_LIMIT_MAX,
        offset: request.query.offset ?? 0,
      };
      return presentLeaderboard(scope, await readLeaderboard(db, scope, page));
    },
  );
}
