import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { checksummed } from "../../domain/address.js";
import { APPLICATION_TOKEN_HEADER } from "../../domain/applications.js";
import { AppError } from "../../domain/errors.js";
import { claimKeys, readOwnApplication } from "../../use-cases/claim-keys.js";
import { submitApplication } from "../../use-cases/submit-application.js";
import { asApplicant } from "../actors.js";
import {
  presentApplication,
  presentOnboardingBundle,
  presentSubmittedApplication,
} from "../present.js";
import { clientOf } from "../rate-limits.js";
import {
  ApplicantHeaders,
  ApplicationBody,
  ApplicationIdParams,
  ApplicationView,
  ClaimKeysBody,
  OnboardingBundle,
  SubmittedApplication,
} from "../schemas/applications.js";
import { errorResponses } from "../schemas/common.js";
import { WALLET_PROOF_CODES } from "../schemas/sign-in.js";
import type { Services } from "../services.js";

/**
 * The challenge of a 401 on the applicant routes (RFC 9110 §11.6.1): the application token, not
 * the x-api-key challenge `challengeUnauthorized` gives every other 401.
 */
const APPLICATION_TOKEN_CHALLENGE = `ApplicationToken realm="questpoints-applications", header="${APPLICATION_TOKEN_HEADER}"`;

/** The token header as sent; repeated, it is no token at all. */
function applicationToken(request: FastifyRequest): string | undefined {
  const header = request.headers[APPLICATION_TOKEN_HEADER];
  return typeof header === "string" ? header : undefined;
}

/**
 * The service's own address as this request reached it. Behind a proxy it is right only when
 * TRUST_PROXY lets X-Forwarded-Proto and X-Forwarded-Host through; it is good enough for the
 * instructions, which the applicant reads in the same answer.
 */
const baseUrlOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** The public application routes (docs/onboarding.md): no API key. */
export async function applicationRoutes(app: FastifyInstance, services: Services) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = services;

  // Runs before the error handler, so the problem answer leaves with this challenge and
  // `challengeUnauthorized` leaves it alone.
  app.addHook(
    "onError",
    async (_request: FastifyRequest, reply: FastifyReply, error: FastifyError) => {
      if (error instanceof AppError && error.code === "INVALID_APPLICATION_TOKEN") {
        reply.header("www-authenticate", APPLICATION_TOKEN_CHALLENGE);
      }
    },
  );

  const tags = ["applications"];
  const security = [{ applicationToken: [] }];

  api.post(
    "/applications",
    {
      schema: {
        operationId: "submitApplication",
        summary: "Apply for a quest and its API keys",
        description:
          "Submits a quest application for the operator to review. `proof` is an EIP-4361 message signed by `owner` (from its own nonce, checked as `POST /passes` checks it; the pass it proves must be `owner`), since the claimed keys reach every quest of the owner's account. The answer's `token` is shown only once: keep it to read the application and, once approved, to claim the keys. At most APPLICATIONS_PER_HOUR (default 20) applications an hour may come from one client address; beyond it, 429 with Retry-After.",
        tags,
        body: ApplicationBody,
        response: {
          201: SubmittedApplication,
          ...errorResponses(
            "BAD_REQUEST",
            ...WALLET_PROOF_CODES,
            "PAYLOAD_TOO_LARGE",
            "RATE_LIMITED",
          ),
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const { application, token } = await submitApplication(
        services.signIn,
        asApplicant(request),
        {
          project: body.project,
          contact: body.contact,
          ownerPass: checksummed(body.owner),
          quest: {
            name: body.quest.name,
            description: body.quest.description ?? "",
            totalPoints: body.quest.total_points,
            expectedPointsPerCompletion: body.quest.expected_points_per_completion,
            start: new Date(body.quest.start),
            end: new Date(body.quest.end),
            actionType: body.quest.action_type,
            passPointsMax: body.quest.pass_points_max,
            passPayoutsMax: body.quest.pass_payouts_max,
            passWindow: body.quest.pass_window,
            url: body.quest.url,
          },
          campaignId: body.campaign_id ?? null,
          message: body.message ?? null,
          proof: body.proof,
          clientAddress: clientOf(request),
        },
        { perHour: services.config.applicationsPerHour },
      );
      // The token is a credential: the app's no-store hook keeps it out of every cache.
      return reply.code(201).send(presentSubmittedApplication(application, token));
    },
  );

  api.get(
    "/applications/:id",
    {
      schema: {
        operationId: "getApplication",
        summary: "Read an application (its applicant, with the token)",
        description:
          "The application with its status and, once decided, the decision: the quest ids when approved, the reason when rejected. An unknown id is 404 whatever the token; a missing or wrong token is 401.",
        tags,
        security,
        params: ApplicationIdParams,
        headers: ApplicantHeaders,
        response: {
          200: ApplicationView,
          ...errorResponses("BAD_REQUEST", "APPLICATION_NOT_FOUND", "INVALID_APPLICATION_TOKEN"),
        },
      },
    },
    async (request) => {
      const application = await readOwnApplication(db, {
        id: request.params.id,
        token: applicationToken(request),
      });
      return presentApplication(application);
    },
  );

  api.post(
    "/applications/:id/keys",
    {
      // Every body field is optional, so no body at all means the defaults.
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: {
        operationId: "claimApplicationKeys",
        summary: "Claim the API keys of an approved application, once",
        description:
          'Creates one live and one test API key for the owner account and answers them with ready-to-use instructions (Markdown). The keys are shown only in this answer: a second call is 409 KEYS_ALREADY_CLAIMED. `base_url` is the service\'s address as this request reached it. `scope: "read"` makes both keys read-only (GET only), for a dashboard.',
        tags,
        security,
        params: ApplicationIdParams,
        headers: ApplicantHeaders,
        body: ClaimKeysBody,
        response: {
          201: OnboardingBundle,
          ...errorResponses(
            "BAD_REQUEST",
            "PAYLOAD_TOO_LARGE",
            "APPLICATION_NOT_FOUND",
            "INVALID_APPLICATION_TOKEN",
            "APPLICATION_NOT_APPROVED",
            "APPLICATION_REJECTED",
            "KEYS_ALREADY_CLAIMED",
          ),
        },
      },
    },
    async (request, reply) => {
      const bundle = await claimKeys(db, asApplicant(request), {
        id: request.params.id,
        token: applicationToken(request),
        baseUrl: baseUrlOf(request),
        scope: request.body.scope,
      });
      return reply.code(201).send(presentOnboardingBundle(bundle));
    },
  );
}
