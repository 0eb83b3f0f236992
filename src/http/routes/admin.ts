import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { apiKeyDisplayPrefix, generateApiKey, hashApiKey } from "../../domain/api-keys.js";
import { AppError, badRequest } from "../../domain/errors.js";
import { ID_MAX } from "../../domain/limits.js";
import type { Campaign, Quest } from "../../domain/records.js";
import { findAccountByPass, registerAccount } from "../../store/accounts.js";
import { ensureActionType, setActionType } from "../../store/action-types.js";
import { insertApiKey, revokeApiKey } from "../../store/api-keys.js";
import { findCampaign, insertCampaign, updateCampaign } from "../../store/campaigns.js";
import type { Queryable } from "../../store/db.js";
import { insertEarningPeriod } from "../../store/earning-periods.js";
import { readFeatures, writeFeatures } from "../../store/features.js";
import { findQuest, insertQuest, type QuestInput, updateQuest } from "../../store/quests.js";
import { requireAdminToken } from "../auth.js";
import { presentAccount, presentAdminQuest, presentCampaignFields } from "../present.js";
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
import { ERROR_RESPONSES } from "../schemas/common.js";
import { QuestIdParams } from "../schemas/quests.js";
import type { Services } from "../services.js";
import { checksummedOrFail } from "./quests.js";

/** The operator API: only registered when ADMIN_TOKEN is set, so it is 404 otherwise. */
export async function adminRoutes(
  app: FastifyInstance,
  services: Services & { adminToken: string },
) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = services;
  api.addHook("onRequest", requireAdminToken(services.adminToken));
  const meta = (summary: string) => ({
    summary,
    tags: ["operator"],
    security: [{ adminToken: [] }],
  });

  api.post(
    "/admin/accounts",
    {
      schema: {
        ...meta("Register a pass address as an account"),
        body: AccountBody,
        response: { 200: Account, 201: Account, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const pass = checksummedOrFail("pass", request.body.pass);
      const { account, created } = await registerAccount(db, pass);
      return reply.code(created ? 201 : 200).send(presentAccount(account));
    },
  );

  api.post(
    "/admin/campaigns",
    {
      schema: {
        ...meta("Create a campaign"),
        body: CampaignCreateBody,
        response: { 201: AdminCampaign, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const window = parseWindow(body.start, body.end);
      const campaign = await insertCampaign(db, {
        name: body.name,
        description: body.description,
        ...window,
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
        ...meta("Change a campaign"),
        params: CampaignIdParams,
        body: CampaignPatchBody,
        response: { 200: AdminCampaign, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { id } = request.params;
      const body = request.body;
      const current = id <= ID_MAX ? await findCampaign(db, id) : undefined;
      if (!current) throw new AppError("CAMPAIGN_NOT_FOUND", `Campaign ${id} does not exist.`);
      const next: Campaign = {
        ...current,
        name: body.name ?? current.name,
        description: body.description ?? current.description,
        ...parseWindow(body.start ?? current.start, body.end ?? current.end),
        isActive: body.is_active ?? current.isActive,
        externalAppId:
          body.external_app_id === undefined ? current.externalAppId : body.external_app_id,
      };
      return presentCampaignFields(await updateCampaign(db, next));
    },
  );

  api.post(
    "/admin/quests",
    {
      schema: {
        ...meta("Create a quest"),
        body: QuestCreateBody,
        response: { 201: AdminQuest, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const input: QuestInput = {
        name: body.name,
        description: body.description,
        ownerId: await ownerIdOf(db, body.owner),
        campaignId: await campaignIdOrFail(db, body.campaign_id ?? null),
        totalPoints: body.total_points,
        expectedPointsPerCompletion: body.expected_points_per_completion,
        ...parseWindow(body.start, body.end),
        isPublic: body.is_public ?? true,
        enabled: body.is_active ?? true,
        actionType: body.action_type ?? "default",
      };
      const quest = await db.transaction(async (tx) => {
        await ensureActionType(tx, input.actionType);
        return insertQuest(tx, input);
      });
      return reply.code(201).send(presentAdminQuest(quest));
    },
  );

  api.patch(
    "/admin/quests/:questId",
    {
      schema: {
        ...meta("Change a quest; total_points moves points_remaining by the same amount"),
        params: QuestIdParams,
        body: QuestPatchBody,
        response: { 200: AdminQuest, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { questId } = request.params;
      const body = request.body;
      if (questId > ID_MAX || !(await findQuest(db, questId))) {
        throw new AppError("QUEST_NOT_FOUND", `Quest ${questId} does not exist.`);
      }
      const ownerId = body.owner === undefined ? undefined : await ownerIdOf(db, body.owner);
      const campaignId =
        body.campaign_id === undefined ? undefined : await campaignIdOrFail(db, body.campaign_id);
      const quest = await db.transaction(async (tx) => {
        if (body.action_type !== undefined) await ensureActionType(tx, body.action_type);
        return updateQuest(tx, questId, (current: Quest) => ({
          name: body.name ?? current.name,
          description: body.description ?? current.description,
          ownerId: ownerId ?? current.ownerId,
          campaignId: campaignId === undefined ? current.campaignId : campaignId,
          totalPoints: body.total_points ?? current.totalPoints,
          expectedPointsPerCompletion:
            body.expected_points_per_completion ?? current.expectedPointsPerCompletion,
          ...parseWindow(body.start ?? current.start, body.end ?? current.end),
          isPublic: body.is_public ?? current.isPublic,
          enabled: body.is_active ?? current.enabled,
          actionType: body.action_type ?? current.actionType,
        }));
      });
      services.caches.questOwners.clear(); // the owner may have changed
      return presentAdminQuest(quest!);
    },
  );

  api.post(
    "/admin/keys",
    {
      schema: {
        ...meta("Issue an API key to an account; the key is shown only in this answer"),
        body: KeyBody,
        response: { 201: IssuedKey, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const accountId = await ownerIdOf(db, request.body.owner);
      const key = generateApiKey();
      const record = await insertApiKey(db, {
        hash: hashApiKey(key),
        prefix: apiKeyDisplayPrefix(key),
        accountId,
      });
      return reply.code(201).send({
        id: record.id,
        key,
        owner_id: record.accountId,
        created_at: record.createdAt.toISOString(),
      });
    },
  );

  api.delete(
    "/admin/keys/:id",
    {
      schema: {
        ...meta("Revoke an API key"),
        params: KeyIdParams,
        response: { 204: { type: "null" }, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      if (!(await revokeApiKey(db, request.params.id))) {
        throw new AppError("NOT_FOUND", `API key ${request.params.id} does not exist.`);
      }
      services.caches.apiKeys.clear(); // this process stops accepting the key at once
      return reply.code(204).send(null);
    },
  );

  api.get(
    "/admin/features",
    {
      schema: {
        ...meta("Read the feature switches"),
        response: { 200: Features, ...ERROR_RESPONSES },
      },
    },
    async () => readFeatures(db),
  );

  api.put(
    "/admin/features",
    {
      schema: {
        ...meta("Switch features on or off; every process follows within one second"),
        body: FeaturesBody,
        response: { 200: Features, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const features = await writeFeatures(db, request.body);
      services.features.invalidate();
      return features;
    },
  );

  api.put(
    "/admin/action-types/:name",
    {
      schema: {
        ...meta("Activate or deactivate an action type"),
        params: ActionTypeParams,
        body: ActionTypeBody,
        response: { 200: ActionType, ...ERROR_RESPONSES },
      },
    },
    async (request) => setActionType(db, request.params.name, request.body.active),
  );

  api.post(
    "/admin/earning-periods",
    {
      schema: {
        ...meta("Define an earning period; periods never overlap"),
        body: EarningPeriodBody,
        response: { 201: EarningPeriod, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const period = await insertEarningPeriod(
        db,
        parseWindow(request.body.start, request.body.end),
      );
      return reply.code(201).send({
        id: period.id,
        start: period.start.toISOString(),
        end: period.end.toISOString(),
      });
    },
  );
}

/** A `[start, end)` window from inputs (already format-checked by the schema): end after start. */
function parseWindow(start: string | Date, end: string | Date): { start: Date; end: Date } {
  const window = { start: new Date(start), end: new Date(end) };
  if (!(window.end.getTime() > window.start.getTime())) {
    throw badRequest("end must be after start.", [
      { field: "end", message: "must be after start" },
    ]);
  }
  return window;
}

async function ownerIdOf(db: Queryable, raw: string): Promise<string> {
  const pass = checksummedOrFail("owner", raw);
  const account = await findAccountByPass(db, pass);
  if (!account) {
    throw new AppError("ACCOUNT_NOT_FOUND", `${pass} is not a registered account.`, [
      { field: "owner", message: "is not a registered account" },
    ]);
  }
  return account.id;
}

async function campaignIdOrFail(db: Queryable, id: number | null): Promise<number | null> {
  if (id === null) return null;
  if (id > ID_MAX || !(await findCampaign(db, id))) {
    throw badRequest(`Campaign ${id} does not exist.`, [
      { field: "campaign_id", message: "no such campaign" },
    ]);
  }
  return id;
}
