import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { AppError } from "../../domain/errors.js";
import { ID_MAX } from "../../domain/limits.js";
import {
  campaignNotFound,
  listActiveCampaigns,
  readCampaign,
} from "../../use-cases/public-reads.js";
import { listAnswer, pageRequest } from "../listing.js";
import { presentCampaign, presentCampaignFields } from "../present.js";
import {
  Campaign,
  CampaignIdParams,
  CampaignList,
  CampaignListQuery,
} from "../schemas/campaigns.js";
import { errorResponses } from "../schemas/common.js";
import type { Services } from "../services.js";

export async function campaignRoutes(app: FastifyInstance, services: Services) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  // Public reads: the read replica while it keeps up.
  const db = services.reads;

  const requireCampaignsEnabled = async () => {
    if (!(await services.features.isOn("campaigns"))) {
      throw new AppError("CAMPAIGNS_DISABLED", "The campaign feature is switched off.");
    }
  };

  api.get(
    "/campaigns",
    {
      onRequest: requireCampaignsEnabled,
      schema: {
        operationId: "listCampaigns",
        summary: "List the active campaigns",
        description:
          "Active campaigns, oldest first, paged by cursor; the fields of `GET /campaigns/{id}` " +
          "without its quests. No key needed; readable from any web page (CORS `*`).",
        tags: ["campaigns"],
        querystring: CampaignListQuery,
        response: {
          200: CampaignList,
          ...errorResponses("CAMPAIGNS_DISABLED", "BAD_REQUEST"),
        },
      },
    },
    async (request, reply) => {
      const page = pageRequest(request.query, "int");
      const key = `campaigns:${page.limit}:${request.query.cursor ?? ""}`;
      return services.publicAnswers.send(request, reply, key, async () =>
        listAnswer(await listActiveCampaigns(db, page), presentCampaignFields),
      );
    },
  );

  api.get(
    "/campaigns/:id",
    {
      onRequest: requireCampaignsEnabled,
      schema: {
        operationId: "getCampaign",
        summary: "Campaign details with its public quests",
        description: "No key needed; readable from any web page (CORS `*`).",
        tags: ["campaigns"],
        params: CampaignIdParams,
        response: {
          200: Campaign,
          ...errorResponses("CAMPAIGNS_DISABLED", "BAD_REQUEST", "CAMPAIGN_NOT_FOUND"),
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      // An id beyond the column names no campaign: answered before the cache is asked.
      if (id > ID_MAX) throw campaignNotFound(id);
      return services.publicAnswers.send(request, reply, `campaign:${id}`, async () => {
        const { campaign, quests } = await readCampaign(db, id);
        return presentCampaign(campaign, quests);
      });
    },
  );
}
