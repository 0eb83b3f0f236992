import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import { checksummed } from "../../domain/address.js";
import { editEarningPeriod, removeEarningPeriod } from "../../use-cases/earning-periods.js";
import {
  listAccounts,
  listActionTypes,
  listApiKeys,
  listAudit,
  listCampaigns,
  listEarningPeriods,
  listQuests,
} from "../../use-cases/operator-lists.js";
import { asOperator } from "../actors.js";
import { ListOf, listAnswer, pageRequest } from "../listing.js";
import { OPERATOR_CODES, operatorMeta } from "../operator-guards.js";
import {
  presentAccount,
  presentAdminQuest,
  presentAuditEntry,
  presentCampaignFields,
  presentEarningPeriod,
  presentKeyState,
} from "../present.js";
import { AdminCampaign, AdminQuest, EarningPeriod } from "../schemas/admin.js";
import {
  AccountItem,
  AccountListQuery,
  ActionTypeItem,
  ActionTypeQuery,
  AdminQuestListQuery,
  AuditItem,
  AuditListQuery,
  EarningPeriodParams,
  EarningPeriodPatchBody,
  KeyItem,
  KeyListQuery,
  PageQuery,
} from "../schemas/admin-lists.js";
import { errorResponses } from "../schemas/common.js";
import type { Services } from "../services.js";

const PAGING =
  "Paged by `limit` (1..500, default 100) and `cursor` (the previous page's `next_cursor`).";

/** The operator's listings (docs/operator-api.md), and earning period edits. */
export async function adminListRoutes(app: FastifyInstance, services: Services) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = services;
  // Operator listings: the read replica while it keeps up.
  const { reads } = services;
  const optionalPass = (text: string | undefined) =>
    text === undefined ? undefined : checksummed(text);

  api.get(
    "/admin/accounts",
    {
      schema: {
        ...operatorMeta(
          "viewer",
          "listAccounts",
          "List accounts",
          `Registered passes, newest first; \`pass\` narrows the list to that pass (an unregistered one matches nothing). ${PAGING}`,
        ),
        querystring: AccountListQuery,
        response: {
          200: ListOf(AccountItem, "AccountList"),
          ...errorResponses("BAD_REQUEST", ...OPERATOR_CODES),
        },
      },
    },
    async (request) => {
      const { pass, ...query } = request.query;
      const page = await listAccounts(
        reads,
        { pass: optionalPass(pass) },
        pageRequest(query, "uuid"),
      );
      return listAnswer(page, presentAccount);
    },
  );

  api.get(
    "/admin/quests",
    {
      schema: {
        ...operatorMeta(
          "viewer",
          "listQuestsAdmin",
          "List quests",
          `Every quest, private and test ones too, newest first; filtered by \`owner\` (a pass), \`campaign_id\` and \`mode\`. ${PAGING}`,
        ),
        querystring: AdminQuestListQuery,
        response: {
          200: ListOf(AdminQuest, "AdminQuestList"),
          ...errorResponses("BAD_REQUEST", ...OPERATOR_CODES),
        },
      },
    },
    async (request) => {
      const { owner, campaign_id, mode, ...query } = request.query;
      const page = await listQuests(
        reads,
        { ownerPass: optionalPass(owner), campaignId: campaign_id, mode },
        pageRequest(query, "int"),
      );
      return listAnswer(page, presentAdminQuest);
    },
  );

  api.get(
    "/admin/campaigns",
    {
      schema: {
        ...operatorMeta(
          "viewer",
          "listCampaignsAdmin",
          "List campaigns",
          `Every campaign, active or not, newest first. ${PAGING}`,
        ),
        querystring: PageQuery,
        response: {
          200: ListOf(AdminCampaign, "AdminCampaignList"),
          ...errorResponses("BAD_REQUEST", ...OPERATOR_CODES),
        },
      },
    },
    async (request) => {
      const page = await listCampaigns(reads, pageRequest(request.query, "int"));
      return listAnswer(page, presentCampaignFields);
    },
  );

  api.get(
    "/admin/keys",
    {
      schema: {
        ...operatorMeta(
          "viewer",
          "listKeys",
          "List API keys",
          `Keys, newest first, with when each was last used (to the minute), expires and was revoked; never a key's value. \`owner\` narrows them to one pass's keys. ${PAGING}`,
        ),
        querystring: KeyListQuery,
        response: {
          200: ListOf(KeyItem, "KeyList"),
          ...errorResponses("BAD_REQUEST", ...OPERATOR_CODES),
        },
      },
    },
    async (request) => {
      const { owner, ...query } = request.query;
      const page = await listApiKeys(
        reads,
        { ownerPass: optionalPass(owner) },
        pageRequest(query, "uuid"),
      );
      return listAnswer(page, presentKeyState);
    },
  );

  api.get(
    "/admin/audit",
    {
      schema: {
        ...operatorMeta(
          "viewer",
          "listAuditEntries",
          "List audit entries",
          `The append-only audit log, newest first: one entry per change, with who made it, the request's \`x-request-id\` and the changed fields (never a key or token). Filtered by \`action\`, \`target_type\` and \`target_id\`. ${PAGING}`,
        ),
        querystring: AuditListQuery,
        response: {
          200: ListOf(AuditItem, "AuditList"),
          ...errorResponses("BAD_REQUEST", ...OPERATOR_CODES),
        },
      },
    },
    async (request) => {
      const { action, target_type, target_id, actor, ...query } = request.query;
      const page = await listAudit(
        reads,
        { action, targetType: target_type, targetId: target_id, actor },
        pageRequest(query, "bigint"),
      );
      return listAnswer(page, presentAuditEntry);
    },
  );

  api.get(
    "/admin/earning-periods",
    {
      schema: {
        ...operatorMeta(
          "viewer",
          "listEarningPeriods",
          "List earning periods",
          `Every earning period, oldest first by start. ${PAGING}`,
        ),
        querystring: PageQuery,
        response: {
          200: ListOf(EarningPeriod, "EarningPeriodList"),
          ...errorResponses("BAD_REQUEST", ...OPERATOR_CODES),
        },
      },
    },
    async (request) => {
      const page = await listEarningPeriods(reads, pageRequest(request.query, "int"));
      return listAnswer(page, presentEarningPeriod);
    },
  );

  api.patch(
    "/admin/earning-periods/:id",
    {
      schema: {
        ...operatorMeta(
          "admin",
          "updateEarningPeriod",
          "Move an earning period",
          "Changes the period's start, end or both; periods never overlap (409 CONFLICT), and end must be after start.",
        ),
        params: EarningPeriodParams,
        body: EarningPeriodPatchBody,
        response: {
          200: EarningPeriod,
          ...errorResponses("BAD_REQUEST", "PAYLOAD_TOO_LARGE", "CONFLICT", ...OPERATOR_CODES),
        },
      },
    },
    async (request) => {
      const { start, end } = request.body;
      const period = await editEarningPeriod(db, asOperator(request), request.params.id, {
        start: start === undefined ? undefined : new Date(start),
        end: end === undefined ? undefined : new Date(end),
      });
      return presentEarningPeriod(period);
    },
  );

  api.delete(
    "/admin/earning-periods/:id",
    {
      schema: {
        ...operatorMeta(
          "admin",
          "deleteEarningPeriod",
          "Delete an earning period",
          "Deletes a period no payout is stamped with; one with payouts answers 409 EARNING_PERIOD_IN_USE.",
        ),
        params: EarningPeriodParams,
        response: {
          204: Type.Null({ description: "Deleted" }),
          ...errorResponses("BAD_REQUEST", "EARNING_PERIOD_IN_USE", ...OPERATOR_CODES),
        },
      },
    },
    async (request, reply) => {
      await removeEarningPeriod(db, asOperator(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  api.get(
    "/admin/action-types",
    {
      schema: {
        ...operatorMeta(
          "viewer",
          "listActionTypes",
          "List action types",
          "Every action type by name, whether it is active, and how many quests are of it (not paged).",
        ),
        querystring: ActionTypeQuery,
        response: {
          200: Type.Array(ActionTypeItem),
          ...errorResponses("BAD_REQUEST", ...OPERATOR_CODES),
        },
      },
    },
    async () => listActionTypes(reads),
  );
}
