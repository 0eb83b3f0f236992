import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { checksummed } from "../../domain/address.js";
import { issueApiKey, revokeApiKeyById } from "../../use-cases/api-keys.js";
import { createEarningPeriod } from "../../use-cases/earning-periods.js";
import { readFeatures } from "../../use-cases/operator-lists.js";
import { createCampaign, createQuest, editCampaign, editQuest } from "../../use-cases/quests.js";
import { registerPass } from "../../use-cases/register-pass.js";
import { switchActionType } from "../../use-cases/switch-action-type.js";
import { switchFeatures } from "../../use-cases/switch-features.js";
import { asOperator } from "../actors.js";
import { OPERATOR_CODES, operatorMeta } from "../operator-guards.js";
import {
  presentAccount,
  presentAdminQuest,
  presentCampaignFields,
  presentEarningPeriod,
  presentIssuedKey,
} from "../present.js";
import {
  Account,
  AccountBody,
  ActionType,
  ActionTypeBody,
  ActionTypeParams,
  AdminCampaign,
  AdminQuest,
  CampaignCreateBody,
  CampaignPatchBody,
  EarningPeriod,
  EarningPeriodBody,
  Features,
  FeaturesBody,
  IssuedKey,
  KeyBody,
  KeyIdParams,
  QuestCreateBody,
  QuestPatchBody,
} from "../schemas/admin.js";
import { CampaignIdParams } from "../schemas/campaigns.js";
import { errorResponses } from "../schemas/common.js";
import { QuestIdParams } from "../schemas/quests.js";
import type { Services } from "../services.js";

/** The operator API's first routes (docs/operator-api.md), plus modes. */
export async function adminRoutes(app: FastifyInstance, services: Services) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = services;

  api.post(
    "/admin/accounts",
    {
      schema: {
        ...operatorMeta(
          "support",
          "registerAccount",
          "Register a pass address as an account",
          "201 when it is new; 200 with the existing account when the pass is already registered.",
        ),
        body: AccountBody,
        response: { 200: Account, 201: Account, ...errorResponses(...OPERATOR_CODES) },
      },
    },
    async (request, reply) => {
      const pass = checksummed(request.body.pass);
      const { account, created } = await registerPass(db, asOperator(request), pass);
      return reply.code(created ? 201 : 200).send(presentAccount(account));
    },
  );

  api.post(
    "/admin/campaigns",
    {
      schema: {
        ...operatorMeta(
          "admin",
          "createCampaign",
          "Create a campaign",
          "Campaigns group quests; a campaign is active unless `is_active` is false.",
        ),
        body: CampaignCreateBody,
        response: { 201: AdminCampaign, ...errorResponses(...OPERATOR_CODES) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const campaign = await createCampaign(db, asOperator(request), {
        name: body.name,
        description: body.description,
        start: new Date(body.start),
        end: new Date(body.end),
        isActive: body.is_active,
        externalAppId: body.external_app_id,
      });
      return reply.code(201).send(presentCampaignFields(campaign));
    },
  );

  api.patch(
    "/admin/campaigns/:id",
    {
      schema: {
        ...operatorMeta(
          "admin",
          "updateCampaign",
          "Change a campaign",
          "Unset fields keep their value; the window must stay `end > start`.",
        ),
        params: CampaignIdParams,
        body: CampaignPatchBody,
        response: {
          200: AdminCampaign,
          ...errorResponses(...OPERATOR_CODES, "CAMPAIGN_NOT_FOUND"),
        },
      },
    },
    async (request) => {
      const body = request.body;
      const campaign = await editCampaign(db, asOperator(request), request.params.id, {
        name: body.name,
        description: body.description,
        start: dateOrUndefined(body.start),
        end: dateOrUndefined(body.end),
        isActive: body.is_active,
        externalAppId: body.external_app_id,
      });
      return presentCampaignFields(campaign);
    },
  );

  api.post(
    "/admin/quests",
    {
      schema: {
        ...operatorMeta(
          "admin",
          "createQuest",
          "Create a quest",
          'The owner must be a registered pass. `mode: "test"` makes a test quest, private and reachable only with test keys.',
        ),
        body: QuestCreateBody,
        response: { 201: AdminQuest, ...errorResponses(...OPERATOR_CODES, "ACCOUNT_NOT_FOUND") },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const quest = await createQuest(db, asOperator(request), {
        name: body.name,
        description: body.description,
        ownerPass: checksummed(body.owner),
        campaignId: body.campaign_id ?? null,
        totalPoints: body.total_points,
        expectedPointsPerCompletion: body.expected_points_per_completion,
        start: new Date(body.start),
        end: new Date(body.end),
        isPublic: body.is_public,
        enabled: body.is_active,
        actionType: body.action_type,
        mode: body.mode,
        passPointsMax: body.pass_points_max,
        passPayoutsMax: body.pass_payouts_max,
        passWindow: body.pass_window,
        url: body.url,
      });
      return reply.code(201).send(presentAdminQuest(quest));
    },
  );

  api.patch(
    "/admin/quests/:questId",
    {
      schema: {
        ...operatorMeta(
          "admin",
          "updateQuest",
          "Change a quest",
          "Unset fields keep their value; `null` clears a limit per pass or the `url`. Raising `total_points` raises `points_remaining` by the same amount; it can never go below what was paid. A changed limit or `pass_window` applies to later allocations only. The mode cannot change.",
        ),
        params: QuestIdParams,
        body: QuestPatchBody,
        response: {
          200: AdminQuest,
          ...errorResponses(...OPERATOR_CODES, "ACCOUNT_NOT_FOUND", "QUEST_NOT_FOUND"),
        },
      },
    },
    async (request) => {
      const { questId } = request.params;
      const body = request.body;
      const quest = await editQuest(db, asOperator(request), questId, {
        name: body.name,
        description: body.description,
        ownerPass: body.owner === undefined ? undefined : checksummed(body.owner),
        campaignId: body.campaign_id,
        totalPoints: body.total_points,
        expectedPointsPerCompletion: body.expected_points_per_completion,
        start: dateOrUndefined(body.start),
        end: dateOrUndefined(body.end),
        isPublic: body.is_public,
        enabled: body.is_active,
        actionType: body.action_type,
        passPointsMax: body.pass_points_max,
        passPayoutsMax: body.pass_payouts_max,
        passWindow: body.pass_window,
        url: body.url,
      });
      services.caches.questOwners.delete(questId); // at once here; other processes on the notice
      return presentAdminQuest(quest);
    },
  );

  api.post(
    "/admin/keys",
    {
      schema: {
        ...operatorMeta(
          "admin",
          "createKey",
          "Issue an API key to an account",
          'The plain key is shown only in this answer; only its hash is stored. `mode: "test"` issues an `sk_test_` key that reaches only test quests.',
        ),
        body: KeyBody,
        response: { 201: IssuedKey, ...errorResponses(...OPERATOR_CODES, "ACCOUNT_NOT_FOUND") },
      },
    },
    async (request, reply) => {
      const { owner, mode = "live", scope = "full" } = request.body;
      const { key, record } = await issueApiKey(
        db,
        asOperator(request),
        checksummed(owner),
        mode,
        scope,
      );
      return reply.code(201).send(presentIssuedKey(key, record));
    },
  );

  api.delete(
    "/admin/keys/:id",
    {
      schema: {
        ...operatorMeta(
          "support",
          "revokeKey",
          "Revoke an API key",
          "Every process refuses the key from the revocation's commit on; no allocation with it commits after that.",
        ),
        params: KeyIdParams,
        response: { 204: { type: "null" }, ...errorResponses(...OPERATOR_CODES) },
      },
    },
    async (request, reply) => {
      await revokeApiKeyById(db, asOperator(request), request.params.id);
      services.caches.apiKeys.clear(); // at once here; other processes on the notice
      return reply.code(204).send(null);
    },
  );

  api.get(
    "/admin/features",
    {
      schema: {
        ...operatorMeta("viewer", "getFeatures", "Read the feature switches"),
        response: { 200: Features, ...errorResponses(...OPERATOR_CODES) },
      },
    },
    async () => readFeatures(db),
  );

  api.put(
    "/admin/features",
    {
      schema: {
        ...operatorMeta(
          "admin",
          "setFeatures",
          "Switch features on or off",
          "Every process follows within one second.",
        ),
        body: FeaturesBody,
        response: { 200: Features, ...errorResponses(...OPERATOR_CODES) },
      },
    },
    async (request) => {
      const features = await switchFeatures(db, asOperator(request), request.body);
      services.features.invalidate();
      return features;
    },
  );

  api.put(
    "/admin/action-types/:name",
    {
      schema: {
        ...operatorMeta(
          "admin",
          "setActionType",
          "Activate or deactivate an action type",
          "Allocations on quests of an inactive type are refused with ACTION_TYPE_INACTIVE.",
        ),
        params: ActionTypeParams,
        body: ActionTypeBody,
        response: { 200: ActionType, ...errorResponses(...OPERATOR_CODES) },
      },
    },
    async (request) =>
      switchActionType(db, asOperator(request), request.params.name, request.body.active),
  );

  api.post(
    "/admin/earning-periods",
    {
      schema: {
        ...operatorMeta(
          "admin",
          "createEarningPeriod",
          "Define an earning period",
          "A `[start, end)` window; periods never overlap (409 CONFLICT). Once any period exists, allocations need one covering now.",
        ),
        body: EarningPeriodBody,
        response: { 201: EarningPeriod, ...errorResponses(...OPERATOR_CODES, "CONFLICT") },
      },
    },
    async (request, reply) => {
      const window = { start: new Date(request.body.start), end: new Date(request.body.end) };
      const period = await createEarningPeriod(db, asOperator(request), window);
      return reply.code(201).send(presentEarningPeriod(period));
    },
  );
}

const dateOrUndefined = (text: string | undefined) =>
  text === undefined ? undefined : new Date(text);
