import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from "fastify";
import { Type } from "typebox";
import type { AuditContext } from "../../domain/audit.js";
import type { ErrorCode } from "../../domain/errors.js";
import type { Role } from "../../domain/operators.js";
import {
  changeEndpoint,
  createEndpoint,
  type EndpointOwner,
  listEndpointDeliveries,
  listOwnEndpoints,
  readEndpoint,
  redeliverEvent,
  removeEndpoint,
  rotateSecret,
  sendTestEvent,
} from "../../use-cases/webhook-endpoints.js";
import { asAccount, asOperator } from "../actors.js";
import { keyOf, requireApiKey } from "../auth.js";
import { ListOf, listAnswer, pageRequest } from "../listing.js";
import { OPERATOR_CODES, operatorMeta } from "../operator-guards.js";
import { OWNER_SECURITY, requireQuestsEnabled } from "../owner-guards.js";
import { presentDelivery, presentWebhookEndpoint } from "../present.js";
import { errorResponses } from "../schemas/common.js";
import {
  CreatedWebhookEndpoint,
  DeliveryListQuery,
  WebhookAccepted,
  WebhookCreateBody,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEventParams,
  WebhookIdParams,
  WebhookListQuery,
  WebhookPatchBody,
  WebhookSecret,
  WebhookSettings,
} from "../schemas/webhooks.js";
import type { Services } from "../services.js";

/** Who manages the endpoints under a prefix, and how their routes are described. */
interface WebhookScope {
  prefix: "/webhooks" | "/admin/webhooks";
  /** The operationId of each route is this + a verb: `createWebhook`, `createAdminWebhook`. */
  name: "Webhook" | "AdminWebhook";
  ownerOf(request: FastifyRequest): EndpointOwner;
  audit(request: FastifyRequest): AuditContext;
  /** What any route of the scope can answer before its own work. */
  codes: readonly ErrorCode[];
  /** The route's OpenAPI description; an operator route's names the role it needs. */
  meta(
    role: Role,
    operationId: string,
    summary: string,
    description?: string,
  ): Record<string, unknown>;
  /** The owner's checks (quest switch, key); none for operators (their scope checks the token). */
  onRequest?: onRequestHookHandler[] | undefined;
}

const PAGING =
  "Paged by `limit` (1..500, default 100) and `cursor` (the previous page's `next_cursor`).";

/**
 * Webhook endpoints (docs/webhooks.md): owners' under `/webhooks` with their API key
 * (the key's account and mode), operators' under `/admin/webhooks`.
 */
export async function ownerWebhookRoutes(app: FastifyInstance, services: Services) {
  await webhookRoutes(app, services, {
    prefix: "/webhooks",
    name: "Webhook",
    ownerOf: (request) => ({ accountId: keyOf(request).accountId, mode: keyOf(request).mode }),
    audit: asAccount,
    codes: ["QUESTS_DISABLED", "INVALID_API_KEY", "FORBIDDEN", "BAD_REQUEST", "NOT_FOUND"],
    meta: (_role, operationId, summary, description) => ({
      operationId,
      summary,
      ...(description ? { description } : {}),
      tags: ["webhooks"],
      security: OWNER_SECURITY,
    }),
    // As every owner route: off with the quest feature, then the key.
    onRequest: [requireQuestsEnabled(services), requireApiKey(services)],
  });
}

/** The operators' endpoints; registered inside the operator scope (its token guard). */
export async function adminWebhookRoutes(app: FastifyInstance, services: Services) {
  await webhookRoutes(app, services, {
    prefix: "/admin/webhooks",
    name: "AdminWebhook",
    ownerOf: () => ({ operators: true }),
    audit: asOperator,
    codes: OPERATOR_CODES,
    meta: operatorMeta,
  });
}

async function webhookRoutes(app: FastifyInstance, services: Services, scope: WebhookScope) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = services;
  const policy = { allowPrivateTargets: services.config.webhooks.allowPrivateTargets };
  const hooks = scope.onRequest ? { onRequest: scope.onRequest } : {};
  const errors = (...more: ErrorCode[]) => errorResponses(...scope.codes, ...more);
  const { prefix, name } = scope;

  api.post(
    prefix,
    {
      ...hooks,
      schema: {
        ...scope.meta(
          "admin",
          `create${name}`,
          "Add a webhook endpoint",
          "Subscribes an https URL to event types. The answer carries the signing `secret`, shown only here. At most 20 endpoints; beyond, 409 CONFLICT.",
        ),
        body: WebhookCreateBody,
        response: {
          201: CreatedWebhookEndpoint,
          ...errors("PAYLOAD_TOO_LARGE", "CONFLICT"),
        },
      },
    },
    async (request, reply) => {
      const { endpoint, secret } = await createEndpoint(
        db,
        scope.audit(request),
        scope.ownerOf(request),
        request.body,
        policy,
      );
      return reply.code(201).send({ ...presentWebhookEndpoint(endpoint), secret });
    },
  );

  api.get(
    prefix,
    {
      ...hooks,
      schema: {
        ...scope.meta(
          "viewer",
          `list${name}s`,
          "List webhook endpoints",
          `Newest first. ${PAGING}`,
        ),
        querystring: WebhookListQuery,
        response: { 200: ListOf(WebhookEndpoint), ...errors() },
      },
    },
    async (request) =>
      listAnswer(
        await listOwnEndpoints(db, scope.ownerOf(request), pageRequest(request.query, "uuid")),
        presentWebhookEndpoint,
      ),
  );

  api.get(
    `${prefix}/settings`,
    {
      ...hooks,
      schema: {
        ...scope.meta(
          "viewer",
          `get${name}Settings`,
          "What webhook targets the service takes",
          "Whether `http://` and loopback or private targets are taken (WEBHOOK_ALLOW_PRIVATE_TARGETS), so that a form can say so before an endpoint is added.",
        ),
        response: { 200: WebhookSettings, ...errors() },
      },
    },
    async () => ({ allow_private_targets: policy.allowPrivateTargets }),
  );

  api.get(
    `${prefix}/:id`,
    {
      ...hooks,
      schema: {
        ...scope.meta("viewer", `get${name}`, "Read a webhook endpoint (never its secret)"),
        params: WebhookIdParams,
        response: { 200: WebhookEndpoint, ...errors() },
      },
    },
    async (request) =>
      presentWebhookEndpoint(await readEndpoint(db, scope.ownerOf(request), request.params.id)),
  );

  api.patch(
    `${prefix}/:id`,
    {
      ...hooks,
      schema: {
        ...scope.meta(
          "admin",
          `update${name}`,
          "Change a webhook endpoint",
          "Any of `url`, `events`, `description`, `disabled`. Enabling a disabled endpoint forgets its past failures; deliveries that failed while it was disabled can be redelivered.",
        ),
        params: WebhookIdParams,
        body: WebhookPatchBody,
        response: { 200: WebhookEndpoint, ...errors("PAYLOAD_TOO_LARGE") },
      },
    },
    async (request) =>
      presentWebhookEndpoint(
        await changeEndpoint(
          db,
          scope.audit(request),
          scope.ownerOf(request),
          request.params.id,
          request.body,
          policy,
        ),
      ),
  );

  api.delete(
    `${prefix}/:id`,
    {
      ...hooks,
      schema: {
        ...scope.meta("admin", `delete${name}`, "Delete a webhook endpoint and its deliveries"),
        params: WebhookIdParams,
        response: { 204: Type.Null({ description: "Deleted" }), ...errors() },
      },
    },
    async (request, reply) => {
      await removeEndpoint(db, scope.audit(request), scope.ownerOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  api.post(
    `${prefix}/:id/secret`,
    {
      ...hooks,
      schema: {
        ...scope.meta(
          "admin",
          `rotate${name}Secret`,
          "Rotate a webhook endpoint's signing secret",
          "The new secret is shown only here. For 24 hours every message carries signatures by both secrets (space-separated in `webhook-signature`), so the receiver can switch without losing one. A secret replaced earlier keeps its own 24 hours: each live secret signs. At most 5 replaced secrets sign at once; one more rotation meanwhile is 409 CONFLICT, naming when the oldest stops.",
        ),
        params: WebhookIdParams,
        response: { 201: WebhookSecret, ...errors("CONFLICT") },
      },
    },
    async (request, reply) => {
      const rotated = await rotateSecret(
        db,
        scope.audit(request),
        scope.ownerOf(request),
        request.params.id,
      );
      return reply.code(201).send({
        secret: rotated.secret,
        previous_secret_valid_until: rotated.previousValidUntil.toISOString(),
      });
    },
  );

  api.post(
    `${prefix}/:id/test`,
    {
      ...hooks,
      schema: {
        ...scope.meta(
          "admin",
          `send${name}Test`,
          "Send a test event to one endpoint",
          "Queues a `webhook.test` event for this endpoint only, whatever it subscribed to. A disabled endpoint is 409.",
        ),
        params: WebhookIdParams,
        response: { 202: WebhookAccepted, ...errors("CONFLICT") },
      },
    },
    async (request, reply) => {
      const { eventId } = await sendTestEvent(db, scope.ownerOf(request), request.params.id);
      services.webhooks.poke();
      return reply.code(202).send({ event_id: eventId });
    },
  );

  api.get(
    `${prefix}/:id/deliveries`,
    {
      ...hooks,
      schema: {
        ...scope.meta(
          "viewer",
          `list${name}Deliveries`,
          "List an endpoint's deliveries",
          `One item per delivery of an event (a redelivery is another), newest first, with its last attempt. ${PAGING}`,
        ),
        params: WebhookIdParams,
        querystring: DeliveryListQuery,
        response: { 200: ListOf(WebhookDelivery), ...errors() },
      },
    },
    async (request) => {
      const { status, ...paging } = request.query;
      return listAnswer(
        await listEndpointDeliveries(
          db,
          scope.ownerOf(request),
          request.params.id,
          status,
          pageRequest(paging, "uuid"),
        ),
        presentDelivery,
      );
    },
  );

  api.post(
    `${prefix}/:id/events/:eventId/redeliver`,
    {
      ...hooks,
      schema: {
        ...scope.meta(
          "support",
          `redeliver${name}Event`,
          "Deliver an event to an endpoint again",
          "Sends an event this endpoint was sent before once more, with the same `webhook-id` (the receiver's idempotency key). A disabled endpoint is 409.",
        ),
        params: WebhookEventParams,
        response: { 202: WebhookAccepted, ...errors("CONFLICT") },
      },
    },
    async (request, reply) => {
      await redeliverEvent(
        db,
        scope.audit(request),
        scope.ownerOf(request),
        request.params.id,
        request.params.eventId,
      );
      services.webhooks.poke();
      return reply.code(202).send({ event_id: request.params.eventId });
    },
  );
}
