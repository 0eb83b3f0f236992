import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import type { Application } from "../../domain/applications.js";
import { type OwnerFootprint, ownerFootprints } from "../../store/accounts.js";
import { listApplications } from "../../store/applications.js";
import { approveApplication, rejectApplication } from "../../use-cases/decide-application.js";
import { asOperator } from "../actors.js";
import { listAnswer, pageRequest } from "../listing.js";
import {
  ApplicationIdParams,
  ApplicationList,
  ApplicationListQuery,
  ApproveBody,
  OperatorApplicationView,
  RejectBody,
} from "../schemas/applications.js";
import { errorResponses } from "../schemas/common.js";
import type { Services } from "../services.js";
import { OPERATOR_CODES } from "./admin.js";
import { presentApplication } from "./applications.js";

/** An application as the operator sees it: with what its owner pass already holds here. */
const presentForOperator = (application: Application, owners: Map<string, OwnerFootprint>) => ({
  ...presentApplication(application),
  owner_account: owners.get(application.ownerPass) ?? null,
});

/** The operator's side of quest applications: review, approve (creating the quests), reject. */
export async function adminApplicationRoutes(app: FastifyInstance, services: Services) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = services;
  const tags = ["operator"];
  const security = [{ adminToken: [] }];

  api.get(
    "/admin/applications",
    {
      schema: {
        operationId: "listApplications",
        summary: "List quest applications",
        description:
          "Applications, optionally of one status, newest first; with `status=pending`, oldest first (the review queue). Paged by `cursor`.",
        tags,
        security,
        querystring: ApplicationListQuery,
        response: {
          200: ApplicationList,
          ...errorResponses("BAD_REQUEST", ...OPERATOR_CODES),
        },
      },
    },
    async (request) => {
      const page = await listApplications(
        db,
        { status: request.query.status },
        pageRequest(request.query, "int"),
      );
      const owners = await ownerFootprints(
        db,
        page.items.map((application) => application.ownerPass),
      );
      return listAnswer(page, (application) => presentForOperator(application, owners));
    },
  );

  api.post(
    "/admin/applications/:id/approve",
    {
      // Every override is optional: a POST without a body approves the request as it is.
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: {
        operationId: "approveApplication",
        summary: "Approve a pending application, creating its live quest and test twin",
        description:
          "In one transaction: registers the owner's pass if needed, creates the live quest (the request with any overrides; public unless `is_public: false`) and its test twin (same fields, `mode: test`, never public), and records both ids on the application. A decided application is 409 APPLICATION_ALREADY_DECIDED.",
        tags,
        security,
        params: ApplicationIdParams,
        body: ApproveBody,
        response: {
          200: OperatorApplicationView,
          ...errorResponses(
            "BAD_REQUEST",
            "PAYLOAD_TOO_LARGE",
            ...OPERATOR_CODES,
            "APPLICATION_NOT_FOUND",
            "APPLICATION_ALREADY_DECIDED",
          ),
        },
      },
    },
    async (request) => {
      const body = request.body;
      const application = await approveApplication(db, asOperator(request), request.params.id, {
        totalPoints: body.total_points,
        expectedPointsPerCompletion: body.expected_points_per_completion,
        start: body.start === undefined ? undefined : new Date(body.start),
        end: body.end === undefined ? undefined : new Date(body.end),
        campaignId: body.campaign_id,
        isPublic: body.is_public,
        actionType: body.action_type,
      });
      return presentForOperator(application, await ownerFootprints(db, [application.ownerPass]));
    },
  );

  api.post(
    "/admin/applications/:id/reject",
    {
      schema: {
        operationId: "rejectApplication",
        summary: "Reject a pending application",
        description:
          "Records the decision and its reason, which the applicant reads. A decided application is 409 APPLICATION_ALREADY_DECIDED.",
        tags,
        security,
        params: ApplicationIdParams,
        body: RejectBody,
        response: {
          200: OperatorApplicationView,
          ...errorResponses(
            "BAD_REQUEST",
            "PAYLOAD_TOO_LARGE",
            ...OPERATOR_CODES,
            "APPLICATION_NOT_FOUND",
            "APPLICATION_ALREADY_DECIDED",
          ),
        },
      },
    },
    async (request) => {
      const application = await rejectApplication(
        db,
        asOperator(request),
        request.params.id,
        request.body.reason,
      );
      return presentForOperator(application, await ownerFootprints(db, [application.ownerPass]));
    },
  );
}
