/**
 * Webhook endpoints (migration 009): an owner account's per mode, or the operators'. The outbox
 * (events and deliveries) is `webhook-outbox.ts` and `webhook-deliveries.ts`.
 */

import type { Queryable, Tx } from "../db/handle.js";
import type { Mode } from "../domain/api-keys.js";
import type { EventType } from "../domain/webhooks.js";
import { keyset, type Page, type PageRequest, param, toPage } from "./keyset.js";

/** Whose endpoints: an owner account's in one mode, or the operators'. */
export type EndpointOwner = { accountId: string; mode: Mode } | { operators: true };

export interface WebhookEndpoint {
  id: string;
  /** Null for an operator endpoint. */
  accountId: string | null;
  mode: Mode;
  url: string;
  events: EventType[];
  description: string;
  createdAt: Date;
  disabledAt: Date | null;
  disabledReason: string | null;
}

interface EndpointRow {
  id: string;
  account_id: string | null;
  mode: Mode;
  url: string;
  events: EventType[];
  description: string;
  created_at: Date;
  disabled_at: Date | null;
  disabled_reason: string | null;
}

const ENDPOINT_COLUMNS =
  "id, account_id, mode, url, events, description, created_at, disabled_at, disabled_reason";

const toEndpoint = (row: EndpointRow): WebhookEndpoint => ({
  id: row.id,
  accountId: row.account_id,
  mode: row.mode,
  url: row.url,
  events: row.events,
  description: row.description,
  createdAt: row.created_at,
  disabledAt: row.disabled_at,
  disabledReason: row.disabled_reason,
});

/** The SQL condition selecting `owner`'s endpoints (alias-free), its parameters appended. */
function ownedBy(owner: EndpointOwner, params: unknown[]): string {
  if ("operators" in owner) return "account_id IS NULL";
  return `account_id = ${param(params, owner.accountId)}::uuid AND mode = ${param(params, owner.mode)}`;
}

/**
 * Serialises the endpoint changes of one owner until the transaction ends, so two creations at
 * once cannot both see room under the bound.
 */
export async function lockEndpointOwner(tx: Tx, owner: EndpointOwner): Promise<void> {
  const key = "operators" in owner ? "operators" : `${owner.accountId}:${owner.mode}`;
  await tx.query("SELECT pg_advisory_xact_lock($1, hashtext($2))", [ENDPOINT_LOCK_CLASS, key]);
}
/** Any fixed 32-bit number: the advisory-lock namespace of endpoint owners. */
const ENDPOINT_LOCK_CLASS = 0x77686b73; // "whks"

export async function countEndpoints(db: Queryable, owner: EndpointOwner): Promise<number> {
  const params: unknown[] = [];
  const { rows } = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM webhook_endpoints WHERE ${ownedBy(owner, params)}`,
    params,
  );
  return rows[0]!.count;
}

export async function insertEndpoint(
  tx: Tx,
  endpoint: {
    id: string;
    owner: EndpointOwner;
    url: string;
    events: readonly EventType[];
    description: string;
    secret: string;
  },
): Promise<WebhookEndpoint> {
  const { owner } = endpoint;
  const { rows } = await tx.query<EndpointRow>(
    `INSERT INTO webhook_endpoints (id, account_id, mode, url, events, description, secret)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     RETURNING ${ENDPOINT_COLUMNS}`,
    [
      endpoint.id,
      "operators" in owner ? null : owner.accountId,
      "operators" in owner ? "live" : owner.mode,
      endpoint.url,
      endpoint.events,
      endpoint.description,
      endpoint.secret,
    ],
  );
  return toEndpoint(rows[0]!);
}

/** `owner`'s endpoint `id`; undefined when it has none of that id (another's is not seen). */
export async function findEndpoint(
  db: Queryable,
  owner: EndpointOwner,
  id: string,
  { lock = false } = {},
): Promise<WebhookEndpoint | undefined> {
  const params: unknown[] = [id];
  const { rows } = await db.query<EndpointRow>(
    `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints
     WHERE id = $1::uuid AND ${ownedBy(owner, params)}${lock ? " FOR UPDATE" : ""}`,
    params,
  );
  return rows[0] && toEndpoint(rows[0]);
}

export async function listEndpoints(
  db: Queryable,
  owner: EndpointOwner,
  page: PageRequest,
): Promise<Page<WebhookEndpoint>> {
  const params: unknown[] = [];
  const owned = ownedBy(owner, params);
  const { where, orderBy, limit } = keyset(
    { at: "created_at", id: "id", idType: "uuid" },
    "newest",
    page,
    params,
  );
  const { rows } = await db.query<EndpointRow>(
    `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE ${owned} AND ${where}
     ${orderBy} ${limit}`,
    params,
  );
  return toPage(rows.map(toEndpoint), page.limit, (e) => ({ at: e.createdAt, id: e.id }));
}

export interface EndpointChange {
  url?: string | undefined;
  events?: readonly EventType[] | undefined;
  description?: string | undefined;
  /** true: disabled now with `disabledReason`; false: enabled again (failures forgotten). */
  disabled?: boolean | undefined;
  disabledReason?: string | undefined;
}

/** Changes an endpoint locked by `findEndpoint(…, { lock: true })`. */
export async function updateEndpoint(
  tx: Tx,
  id: string,
  change: EndpointChange,
): Promise<WebhookEndpoint> {
  const params: unknown[] = [id];
  const sets: string[] = [];
  if (change.url !== undefined) sets.push(`url = ${param(params, change.url)}`);
  if (change.events !== undefined) sets.push(`events = ${param(params, change.events)}`);
  if (change.description !== undefined) {
    sets.push(`description = ${param(params, change.description)}`);
  }
  if (change.disabled === true) {
    sets.push(
      "disabled_at = COALESCE(disabled_at, now())",
      `disabled_reason = COALESCE(disabled_reason, ${param(params, change.disabledReason ?? null)})`,
    );
  } else if (change.disabled === false) {
    sets.push("disabled_at = NULL", "disabled_reason = NULL", "failing_since = NULL");
  }
  const { rows } = await tx.query<EndpointRow>(
    `UPDATE webhook_endpoints SET ${sets.length > 0 ? sets.join(", ") : "id = id"}
     WHERE id = $1::uuid RETURNING ${ENDPOINT_COLUMNS}`,
    params,
  );
  return toEndpoint(rows[0]!);
}

export async function deleteEndpoint(tx: Tx, id: string): Promise<void> {
  await tx.query("DELETE FROM webhook_endpoints WHERE id = $1::uuid", [id]);
}

/**
 * A new secret. The current one keeps signing beside it until `previousUntil`, and so does every
 * earlier one until the end its own rotation promised; those whose end has passed are dropped.
 * Refused (false, nothing changed) when `previousMax` previous secrets still sign.
 */
export async function rotateEndpointSecret(
  tx: Tx,
  id: string,
  rotation: { secret: string; now: Date; previousUntil: Date; previousMax: number },
): Promise<{ ok: true } | { ok: false; oldestUntil: Date }> {
  const { rows } = await tx.query<{ rotated: boolean; oldest_until: Date | null }>(
    `WITH live AS (
       SELECT array_agg(s ORDER BY t) FILTER (WHERE t > $3) AS secrets,
              array_agg(t ORDER BY t) FILTER (WHERE t > $3) AS untils
       FROM webhook_endpoints e, unnest(e.previous_secrets, e.previous_secrets_until) AS p(s, t)
       WHERE e.id = $1::uuid
     ), rotated AS (
       UPDATE webhook_endpoints e
       SET previous_secrets = COALESCE(live.secrets, '{}') || e.secret,
           previous_secrets_until = COALESCE(live.untils, '{}') || $4::timestamptz,
           secret = $2
       FROM live
       WHERE e.id = $1::uuid AND COALESCE(cardinality(live.secrets), 0) < $5
       RETURNING 1
     )
     SELECT EXISTS (SELECT 1 FROM rotated) AS rotated, (SELECT untils[1] FROM live) AS oldest_until`,
    [id, rotation.secret, rotation.now, rotation.previousUntil, rotation.previousMax],
  );
  const { rotated, oldest_until } = rows[0]!;
  return rotated ? { ok: true } : { ok: false, oldestUntil: oldest_until! };
}

/**
 * Disables an endpoint (once: undefined when it was disabled already) and fails its pending
 * deliveries, saying why: those no process holds at `at`, and `unsentIds`, claimed by the caller
 * but never sent. One on the wire is left: its answer is recorded when it comes.
 */
export async function disableEndpoint(
  tx: Tx,
  endpointId: string,
  reason: string,
  at: Date,
  unsentIds: readonly string[] = [],
): Promise<WebhookEndpoint | undefined> {
  const { rows } = await tx.query<EndpointRow>(
    `UPDATE webhook_endpoints SET disabled_at = $3, disabled_reason = $2
     WHERE id = $1::uuid AND disabled_at IS NULL RETURNING ${ENDPOINT_COLUMNS}`,
    [endpointId, reason, at],
  );
  if (!rows[0]) return undefined;
  await tx.query(
    `UPDATE webhook_deliveries SET status = 'failed', claimed_until = NULL,
       error = COALESCE(error || '; ', '') || 'not sent: the endpoint was disabled'
     WHERE endpoint_id = $1::uuid AND status = 'pending'
       AND (claimed_until IS NULL OR claimed_until <= $2 OR id = ANY($3::uuid[]))`,
    [endpointId, at, unsentIds],
  );
  return toEndpoint(rows[0]);
}
