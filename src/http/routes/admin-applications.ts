import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { approveApplication, rejectApplication } from "../../use-cases/decide-application.js";
import { listApplicationsForReview } from "../../use-cases/operator-lists.js";
import { asOperator } from "../actors.js";
import { listAnswer, pageRequest } from "../listing.js";
import { OPERATOR_CODES, operatorRole } from "../operator-guards.js";
import { presentReviewedApplication } from "../present.js";
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

/** What approving and rejecting can answer besides the decided application. */
const DECISION_ERRORS = errorResponses(
  "BAD_REQUEST",
  "PAYLOAD_TOO_LARGE",
  ...OPERATOR_CODES,
  "APPLICATION_NOT_FOUND",
  "APPLICATION_ALREADY_DECIDED",
);

/** The operator's side of quest applications: review, approve (creating the quests), reject. */
export async function adminApplicationRoutes(app: FastifyInstance, services: Services) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = services;

  api.get(
    "/admin/applications",
    {
      schema: {
        operationId: "listApplications",
        summary: "List quest applications",
        description:
          "Applications, optionally of one status, newest first; with `status=pending`, oldest first (the review queue). Paged by `cursor`.",
        ...operatorRole("viewer"),
        querystring: ApplicationListQuery,
        response: {
          200: ApplicationList,
          ...errorResponses("BAD_REQUEST", ...OPERATOR_CODES),
        },
      },
    },
    async (request) => {
      const page = await listApplicationsForReview(
        services.reads,
        { status: request.query.status },
        pageRequest(request.query, "int"),
      );
      return listAnswer(page, presentReviewedApplication);
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
        ...operatorRole("support"),
        params: ApplicationIdParams,
        body: ApproveBody,
        response: {
          200: OperatorApplicationView,
          ...DECISION_ERRORS,
        },
      },
    },
    async (request) => {
      const body = request.body;
      const reviewed = await approveApplication(db, asOperator(request), request.params.id, {
        totalPoints: body.total_points,
        expectedPointsPerCompletion: body.expected_points_per_completion,
        start: body.start === undefined ? undefined : new Date(body.start),
        end: body.end === undefined ? undefined : new Date(body.end),
        campaignId: body.campaign_id,
        isPublic: body.is_public,
        actionType: body.action_type,
        passPointsMax: body.pass_points_max,
        passPayoutsMax: body.pass_payouts_max,
        passWindow: body.pass_window,
        url: body.url,
      });
      return presentReviewedApplication(reviewed);
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
        ...operatorRole("support"),
        params: ApplicationIdParams,
        body: RejectBody,
        response: {
          200: OperatorApplicationView,
          ...DECISION_ERRORS,
        },
      },
    },
    async (request) => {
      const reviewed = await rejectApplication(
        db,
        asOperator(request),
        request.params.id,
        request.body.reason,
      );
      return presentReviewedApplication(reviewed);
    },
  );
}
