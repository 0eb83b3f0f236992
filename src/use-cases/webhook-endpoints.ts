/**
 * Webhook endpoints, managed by owners (their key's account and mode) and by operators
 * (docs/webhooks.md): create with a secret shown once, list, read, change, delete, rotate the
 * secret, send a test event, list deliveries and redeliver an event. Each change is audited.
 */
import { lookup } from "node:dns/promises";
import { validate as isUuid, v7 as uuidv7 } from "uuid";
import type { Db, Queryable } from "../db/handle.js";
import type { AuditContext } from "../domain/audit.js";
import { AppError, badRequest } from "../domain/errors.js";
import {
  type DeliveryStatus,
  type EventType,
  eventTypesFor,
  generateWebhookSecret,
  HTTPS_ONLY_TARGET,
  isPublicAddress,
  NON_PUBLIC_TARGET,
  PRIVATE_TARGETS_SETTING,
  SECRET_ROTATION_OVERLAP_MS,
  SECRETS_PREVIOUS_MAX,
  WEBHOOK_ENDPOINTS_MAX,
  webhookUrlProblem,
} from "../domain/webhooks.js";
import { recordAudit } from "../store/audit.js";
import type { Page, PageRequest } from "../store/keyset.js";
import { type DeliveryView, listDeliveries } from "../store/webhook-deliveries.js";
import {
  countEndpoints,
  deleteEndpoint,
  type EndpointChange,
  type EndpointOwner,
  findEndpoint,
  insertEndpoint,
  listEndpoints,
  lockEndpointOwner,
  rotateEndpointSecret,
  updateEndpoint,
  type WebhookEndpoint,
} from "../store/webhook-endpoints.js";
import { queueDelivery, wasDeliveredTo } from "../store/webhook-outbox.js";
import { testEvent } from "./webhook-events.js";

export type { DeliveryView, EndpointOwner, WebhookEndpoint };

/** What checking a target needs: whether private targets are allowed, and how names resolve. */
export interface TargetPolicy {
  allowPrivateTargets: boolean;
  /** The addresses a host name resolves to (DNS by default; tests may pin it). */
  resolve?: (host: string) => Promise<string[]>;
}

export interface EndpointFields {
  url: string;
  events: readonly string[];
  description?: string | undefined;
}

const notFound = (id: string) => new AppError("NOT_FOUND", `No webhook endpoint ${id} is yours.`);

/** The endpoint as stored, or 404 for an id that is not `owner`'s (or is no UUID). */
async function ownEndpoint(
  db: Queryable,
  owner: EndpointOwner,
  id: string,
  options?: { lock: boolean },
): Promise<WebhookEndpoint> {
  if (!isUuid(id)) throw notFound(id);
  const endpoint = await findEndpoint(db, owner, id.toLowerCase(), options);
  if (!endpoint) throw notFound(id);
  return endpoint;
}

/** 400 naming `events` unless every type is one `owner` may subscribe to (at least one). */
function checkEvents(owner: EndpointOwner, events: readonly string[]): EventType[] {
  const allowed: readonly string[] = eventTypesFor("operators" in owner);
  const unknown = events.filter((type) => !allowed.includes(type));
  if (events.length === 0 || unknown.length > 0) {
    throw badRequest(
      events.length === 0
        ? "Subscribe the endpoint to at least one event type."
        : `Unknown event type ${unknown.map((t) => `"${t}"`).join(", ")} for this endpoint.`,
      [{ field: "events", message: `each must be one of ${allowed.join(", ")}` }],
    );
  }
  return [...new Set(events)] as EventType[];
}

/**
 * 400 naming `url` unless it is https (or private targets are allowed) and every address its host
 * resolves to now is public. Delivery checks the address again at each connection (DNS changes).
 */
async function checkUrl(url: string, policy: TargetPolicy): Promise<string> {
  const problem = webhookUrlProblem(url, policy.allowPrivateTargets);
  if (problem) {
    const lifted = problem === NON_PUBLIC_TARGET || problem === HTTPS_ONLY_TARGET;
    const detail = `The webhook URL ${problem}${lifted ? `; ${PRIVATE_TARGETS_SETTING}` : ""}.`;
    throw badRequest(detail, [{ field: "url", message: problem }]);
  }
  if (policy.allowPrivateTargets) return url;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  const resolve =
    policy.resolve ??
    (async (name: string) => (await lookup(name, { all: true })).map((a) => a.address));
  let addresses: string[];
  try {
    addresses = await resolve(host);
  } catch {
    throw badRequest(`The webhook URL's host ${host} does not resolve.`, [
      { field: "url", message: "the host name does not resolve" },
    ]);
  }
  const refused = addresses.find((address) => !isPublicAddress(address));
  if (refused !== undefined || addresses.length === 0) {
    const message = NON_PUBLIC_TARGET;
    throw badRequest(
      `The webhook URL ${message} (${host} resolves to ${refused}); ${PRIVATE_TARGETS_SETTING}.`,
      [{ field: "url", message }],
    );
  }
  return url;
}

/** Creates an endpoint; its secret is in this answer only. At most 20 per owner. */
export async function createEndpoint(
  db: Db,
  audit: AuditContext,
  owner: EndpointOwner,
  fields: EndpointFields,
  policy: TargetPolicy,
): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  const events = checkEvents(owner, fields.events);
  const url = await checkUrl(fields.url, policy);
  const secret = generateWebhookSecret();
  const endpoint = await db.transaction(async (tx) => {
    await lockEndpointOwner(tx, owner);
    if ((await countEndpoints(tx, owner)) >= WEBHOOK_ENDPOINTS_MAX) {
      throw new AppError(
        "CONFLICT",
        `At most ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints are allowed here; delete one first.`,
      );
    }
    const created = await insertEndpoint(tx, {
      id: uuidv7(),
      owner,
      url,
      events,
      description: fields.description ?? "",
      secret,
    });
    await recordAudit(tx, audit, {
      action: "webhook.create",
      targetType: "webhook",
      targetId: created.id,
      details: { url, events, mode: created.mode },
    });
    return created;
  });
  return { endpoint, secret };
}

export const listOwnEndpoints = (db: Queryable, owner: EndpointOwner, page: PageRequest) =>
  listEndpoints(db, owner, page);

export const readEndpoint = (db: Queryable, owner: EndpointOwner, id: string) =>
  ownEndpoint(db, owner, id);

/** Changes any of url, events, description, disabled (enabling forgets past failures). */
export async function changeEndpoint(
  db: Db,
  audit: AuditContext,
  owner: EndpointOwner,
  id: string,
  change: Partial<EndpointFields> & { disabled?: boolean | undefined },
  policy: TargetPolicy,
): Promise<WebhookEndpoint> {
  const events = change.events === undefined ? undefined : checkEvents(owner, change.events);
  const url = change.url === undefined ? undefined : await checkUrl(change.url, policy);
  return db.transaction(async (tx) => {
    const current = await ownEndpoint(tx, owner, id, { lock: true });
    const stored: EndpointChange = {
      url,
      events,
      description: change.description,
      disabled: change.disabled,
      disabledReason: change.disabled ? "Disabled on request." : undefined,
    };
    const changed = await updateEndpoint(tx, current.id, stored);
    await recordAudit(tx, audit, {
      action: "webhook.update",
      targetType: "webhook",
      targetId: current.id,
      details: Object.fromEntries(
        Object.entries({
          url,
          events,
          description: change.description,
          disabled: change.disabled,
        }).filter(([, value]) => value !== undefined),
      ),
    });
    return changed;
  });
}

/** Deletes an endpoint and its deliveries. */
export async function removeEndpoint(
  db: Db,
  audit: AuditContext,
  owner: EndpointOwner,
  id: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await ownEndpoint(tx, owner, id, { lock: true });
    await deleteEndpoint(tx, current.id);
    await recordAudit(tx, audit, {
      action: "webhook.delete",
      targetType: "webhook",
      targetId: current.id,
      details: { url: current.url },
    });
  });
}

/**
 * A new secret, shown once; the old one keeps signing beside it for 24 hours, as does each earlier
 * one for the 24 hours its own rotation promised. At most SECRETS_PREVIOUS_MAX previous secrets
 * sign at once (each adds a signature to every message): one more rotation meanwhile is 409.
 */
export async function rotateSecret(
  db: Db,
  audit: AuditContext,
  owner: EndpointOwner,
  id: string,
): Promise<{ secret: string; previousValidUntil: Date }> {
  const secret = generateWebhookSecret();
  const now = new Date();
  const previousValidUntil = new Date(now.getTime() + SECRET_ROTATION_OVERLAP_MS);
  await db.transaction(async (tx) => {
    const current = await ownEndpoint(tx, owner, id, { lock: true });
    const rotated = await rotateEndpointSecret(tx, current.id, {
      secret,
      now,
      previousUntil: previousValidUntil,
      previousMax: SECRETS_PREVIOUS_MAX,
    });
    if (!rotated.ok) {
      throw new AppError(
        "CONFLICT",
        `Endpoint ${current.id} already has ${SECRETS_PREVIOUS_MAX} previous secrets that still sign; each keeps the 24 hours its rotation promised. Rotate again after ${rotated.oldestUntil.toISOString()}, when the oldest stops.`,
      );
    }
    await recordAudit(tx, audit, {
      action: "webhook.rotate_secret",
      targetType: "webhook",
      targetId: current.id,
      details: { previous_valid_until: previousValidUntil.toISOString() },
    });
  });
  return { secret, previousValidUntil };
}

/** Queues a `webhook.test` event to this endpoint only; a disabled endpoint is 409. */
export async function sendTestEvent(
  db: Db,
  owner: EndpointOwner,
  id: string,
): Promise<{ eventId: string }> {
  return db.transaction(async (tx) => {
    const endpoint = await ownEndpoint(tx, owner, id, { lock: true });
    refuseDisabled(endpoint);
    const event = testEvent(endpoint, new Date());
    await queueDelivery(tx, endpoint.id, event);
    return { eventId: event.id };
  });
}

/** Delivers an event this endpoint was sent before again, with the same webhook-id. */
export async function redeliverEvent(
  db: Db,
  audit: AuditContext,
  owner: EndpointOwner,
  id: string,
  eventId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const endpoint = await ownEndpoint(tx, owner, id, { lock: true });
    refuseDisabled(endpoint);
    if (!(await wasDeliveredTo(tx, endpoint.id, eventId))) {
      throw new AppError(
        "NOT_FOUND",
        `Event ${eventId} was never sent to endpoint ${endpoint.id}.`,
      );
    }
    await queueDelivery(tx, endpoint.id, undefined, eventId);
    await recordAudit(tx, audit, {
      action: "webhook.redeliver",
      targetType: "webhook",
      targetId: endpoint.id,
      details: { event_id: eventId },
    });
  });
}

function refuseDisabled(endpoint: WebhookEndpoint): void {
  if (endpoint.disabledAt) {
    throw new AppError(
      "CONFLICT",
      `Endpoint ${endpoint.id} is disabled (${endpoint.disabledReason ?? "on request"}); enable it first (PATCH with disabled: false).`,
    );
  }
}

/** An endpoint's deliveries, newest first. */
export async function listEndpointDeliveries(
  db: Queryable,
  owner: EndpointOwner,
  id: string,
  status: DeliveryStatus | undefined,
  page: PageRequest,
): Promise<Page<DeliveryView>> {
  const endpoint = await ownEndpoint(db, owner, id);
  return listDeliveries(db, endpoint.id, status, page);
}
