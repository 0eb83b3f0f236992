/**
 * The webhooks section's calls, owner or operator: the same operations under `/webhooks` with the
 * API key, or under `/admin/webhooks` with the operator token. The shapes are the schema's (the
 * owner routes'; the operator routes answer the same, which `tsc -p web` checks below).
 */
import type { paths } from "../../../../src/client/schema.js";
import { adminHeaders, api, call, type Item, ownerHeaders } from "../../../client.js";
import type { CursorPage } from "../../../ui/cursor-pages.js";

export type Endpoint = Item<"/webhooks">;
export type Delivery = Item<"/webhooks/{id}/deliveries">;
type Json<R> = R extends { content: { "application/json": infer Body } } ? Body : never;
export type CreatedEndpoint = Json<paths["/webhooks"]["post"]["responses"][201]>;
export type RotatedSecret = Json<paths["/webhooks/{id}/secret"]["post"]["responses"][201]>;
/** A test event or a redelivery queued: the `webhook-id` the receiver will see. */
export type Accepted = Json<paths["/webhooks/{id}/test"]["post"]["responses"][202]>;
export type NewEndpoint = Json<paths["/webhooks"]["post"]["requestBody"]>;
/** What targets the service takes (WEBHOOK_ALLOW_PRIVATE_TARGETS): the add form says so. */
export type WebhookSettings = Json<paths["/webhooks/settings"]["get"]["responses"][200]>;
export type EndpointChange = Json<paths["/webhooks/{id}"]["patch"]["requestBody"]>;
export type DeliveryStatus = NonNullable<
  NonNullable<paths["/webhooks/{id}/deliveries"]["get"]["parameters"]["query"]>["status"]
>;

/** Every endpoint in one page: an owner (per mode) and the operators have at most 20. */
const ENDPOINTS_PAGE = 100;
/** Deliveries a page ("Load more" reads the next). */
export const DELIVERIES_PAGE = 20;

/**
 * Which changes the credential may make: an owner key every one; an operator what the role
 * allows (web/pages/operator/roles.ts). The section does not show the others at all.
 */
export interface WebhookPermissions {
  create: boolean;
  update: boolean;
  remove: boolean;
  rotate: boolean;
  test: boolean;
  redeliver: boolean;
}

/** The section's operations, bound to one console's credential. */
export interface WebhookApi {
  /** "owner" or "operator": which events the endpoints may subscribe to. */
  audience: "owner" | "operator";
  may: WebhookPermissions;
  list(signal: AbortSignal): Promise<Endpoint[]>;
  settings(signal: AbortSignal): Promise<WebhookSettings>;
  create(body: NewEndpoint): Promise<CreatedEndpoint>;
  update(id: string, body: EndpointChange): Promise<Endpoint>;
  remove(id: string): Promise<void>;
  rotate(id: string): Promise<RotatedSecret>;
  test(id: string): Promise<Accepted>;
  deliveries(
    id: string,
    query: { status: DeliveryStatus | undefined; cursor: string | undefined },
    signal?: AbortSignal,
  ): Promise<CursorPage<Delivery>>;
  redeliver(id: string, eventId: string): Promise<Accepted>;
}

/** The owner's endpoints: the key's account, in the key's mode; a read-only key changes none. */
export function ownerWebhooks(apiKey: string, readOnly = false): WebhookApi {
  const headers = ownerHeaders(apiKey);
  const path = (id: string) => ({ params: { path: { id } }, headers });
  const may = !readOnly;
  return {
    audience: "owner",
    may: { create: may, update: may, remove: may, rotate: may, test: may, redeliver: may },
    list: async (signal) =>
      (
        await call(
          api.GET("/webhooks", { params: { query: { limit: ENDPOINTS_PAGE } }, headers, signal }),
        )
      ).items,
    settings: (signal) => call(api.GET("/webhooks/settings", { headers, signal })),
    create: (body) => call(api.POST("/webhooks", { body, headers })),
    update: (id, body) => call(api.PATCH("/webhooks/{id}", { ...path(id), body })),
    remove: async (id) => {
      await call(api.DELETE("/webhooks/{id}", path(id)));
    },
    rotate: (id) => call(api.POST("/webhooks/{id}/secret", path(id))),
    test: (id) => call(api.POST("/webhooks/{id}/test", path(id))),
    deliveries: (id, query, signal) =>
      call(
        api.GET("/webhooks/{id}/deliveries", {
          params: { path: { id }, query: { ...query, limit: DELIVERIES_PAGE } },
          headers,
          signal,
        }),
      ),
    redeliver: (id, eventId) =>
      call(
        api.POST("/webhooks/{id}/events/{eventId}/redeliver", {
          params: { path: { id, eventId } },
          headers,
        }),
      ),
  };
}

/** The operators' endpoints (`/admin/webhooks`), with what the operator's role may change. */
export function adminWebhooks(token: string, may: WebhookPermissions): WebhookApi {
  const headers = adminHeaders(token);
  const path = (id: string) => ({ params: { path: { id } }, headers });
  return {
    audience: "operator",
    may,
    list: async (signal) =>
      (
        await call(
          api.GET("/admin/webhooks", {
            params: { query: { limit: ENDPOINTS_PAGE } },
            headers,
            signal,
          }),
        )
      ).items,
    settings: (signal) => call(api.GET("/admin/webhooks/settings", { headers, signal })),
    create: (body) => call(api.POST("/admin/webhooks", { body, headers })),
    update: (id, body) => call(api.PATCH("/admin/webhooks/{id}", { ...path(id), body })),
    remove: async (id) => {
      await call(api.DELETE("/admin/webhooks/{id}", path(id)));
    },
    rotate: (id) => call(api.POST("/admin/webhooks/{id}/secret", path(id))),
    test: (id) => call(api.POST("/admin/webhooks/{id}/test", path(id))),
    deliveries: (id, query, signal) =>
      call(
        api.GET("/admin/webhooks/{id}/deliveries", {
          params: { path: { id }, query: { ...query, limit: DELIVERIES_PAGE } },
          headers,
          signal,
        }),
      ),
    redeliver: (id, eventId) =>
      call(
        api.POST("/admin/webhooks/{id}/events/{eventId}/redeliver", {
          params: { path: { id, eventId } },
          headers,
        }),
      ),
  };
}

/**
 * The events each console offers, with what they report. The lists are the service's
 * (OWNER_EVENT_TYPES and OPERATOR_EVENT_TYPES of src/domain/webhooks.ts, which the page cannot
 * import: that module uses node:crypto); test/web/webhooks-console.test.ts checks the page offers
 * exactly those.
 */
export const EVENT_CHOICES: Record<WebhookApi["audience"], { type: string; about: string }[]> = {
  owner: [
    { type: "payout.created", about: "a payout was made on one of your quests" },
    { type: "payout.reversed", about: "a payout was reversed" },
    { type: "quest.budget_low", about: "a quest's remainder fell below 10% of its total" },
    {
      type: "quest.budget_exhausted",
      about: "a quest's remainder fell below one expected completion",
    },
    { type: "webhook.test", about: "a test event sent from here" },
  ],
  operator: [
    { type: "account.suspended", about: "a pass was suspended (or its reason changed)" },
    { type: "account.reinstated", about: "a suspended pass was reinstated" },
    { type: "application.submitted", about: "an application was submitted" },
    { type: "application.decided", about: "an application was approved or rejected" },
    { type: "key.revoked", about: "an owner's API key was revoked" },
    {
      type: "quest.budget_exhausted",
      about: "any live quest's remainder fell below one expected completion",
    },
    { type: "webhook.test", about: "a test event sent from here" },
  ],
};
