/**
 * The webhook outbox (migration 009): events are written by the transaction of the change they
 * report, with one delivery per subscribed endpoint, and the service processes claim due
 * deliveries with FOR UPDATE SKIP LOCKED (`machinery/webhook-claims.ts`).
 */

import type { Queryable, Tx } from "../db/handle.js";
import type { Mode } from "../domain/api-keys.js";
import type { Audience, EventType } from "../domain/webhooks.js";
import { param } from "./keyset.js";

/** An event to record, with whose endpoints hear it (subscribed, not disabled). */
export interface EventToWrite {
  id: string;
  type: EventType;
  /** The message body, as `eventBody` wrote it. */
  body: string;
  createdAt: Date;
  audiences: readonly Audience[];
}

/**
 * The CTEs that record `events` inside a bigger statement (the allocation's one write), their
 * parameters appended to `params`: each event is stored only if some endpoint of its audiences
 * subscribed to its type, with one pending delivery per such endpoint, due at once.
 */
export function eventsCte(params: unknown[], events: readonly EventToWrite[]): string {
  const audiences = events.flatMap((event) =>
    event.audiences.map((audience) => ({ event, audience })),
  );
  const eventIds = param(
    params,
    audiences.map((a) => a.event.id),
  );
  const accounts = param(
    params,
    audiences.map((a) => ("operators" in a.audience ? null : a.audience.accountId)),
  );
  const modes = param(
    params,
    audiences.map((a) => ("operators" in a.audience ? "live" : a.audience.mode)),
  );
  const types = param(
    params,
    audiences.map((a) => a.event.type),
  );
  const ids = param(
    params,
    events.map((e) => e.id),
  );
  const typesOfEvents = param(
    params,
    events.map((e) => e.type),
  );
  const bodies = param(
    params,
    events.map((e) => e.body),
  );
  const times = param(
    params,
    events.map((e) => e.createdAt),
  );
  return `webhook_targets AS (
       SELECT DISTINCT a.event_id, e.id AS endpoint_id
       FROM unnest(${eventIds}::text[], ${accounts}::uuid[], ${modes}::text[], ${types}::text[])
         AS a(event_id, account_id, mode, type)
       JOIN webhook_endpoints e ON e.account_id IS NOT DISTINCT FROM a.account_id
         AND e.mode = a.mode AND a.type = ANY(e.events) AND e.disabled_at IS NULL
     ), webhook_events_written AS (
       INSERT INTO webhook_events (id, type, body, created_at)
       SELECT u.id, u.type, u.body, u.created_at
       FROM unnest(${ids}::text[], ${typesOfEvents}::text[], ${bodies}::text[],
         ${times}::timestamptz[]) AS u(id, type, body, created_at)
       WHERE u.id IN (SELECT event_id FROM webhook_targets)
       RETURNING id
     ), webhook_deliveries_written AS (
       INSERT INTO webhook_deliveries (id, endpoint_id, event_id, next_at, created_at)
       SELECT gen_random_uuid(), t.endpoint_id, t.event_id, now(), now()
       FROM webhook_targets t JOIN webhook_events_written w ON w.id = t.event_id
       RETURNING 1
     )`;
}

/** Records events in the caller's transaction; returns how many deliveries they made. */
export async function recordEvents(tx: Tx, events: readonly EventToWrite[]): Promise<number> {
  if (events.length === 0) return 0;
  const params: unknown[] = [];
  const { rows } = await tx.query<{ deliveries: number }>(
    `WITH ${eventsCte(params, events)}
     SELECT (SELECT count(*) FROM webhook_deliveries_written)::int AS deliveries`,
    params,
  );
  return rows[0]!.deliveries;
}

/** Which event types each audience's enabled endpoints subscribed to, for the batch to build. */
export type Subscriptions = Map<string, Set<EventType>>;

/** The key of an audience in `Subscriptions`. */
export const audienceKey = (audience: Audience) =>
  "operators" in audience ? "operators" : `${audience.accountId}:${audience.mode}`;

/** The subscriptions of the given owner accounts (both modes) and of the operators. */
export async function readSubscriptions(
  db: Queryable,
  accountIds: readonly string[],
): Promise<Subscriptions> {
  const { rows } = await db.query<{ account_id: string | null; mode: Mode; events: EventType[] }>(
    `SELECT account_id, mode, events FROM webhook_endpoints
     WHERE disabled_at IS NULL AND (account_id = ANY($1::uuid[]) OR account_id IS NULL)`,
    [accountIds],
  );
  return subscriptionsOf(rows);
}

/** `Subscriptions` from endpoint rows (`account_id`, `mode`, `events`). */
export function subscriptionsOf(
  rows: readonly { account_id: string | null; mode: Mode; events: EventType[] }[],
): Subscriptions {
  const subscriptions: Subscriptions = new Map();
  for (const row of rows) {
    const key = audienceKey(
      row.account_id === null ? { operators: true } : { accountId: row.account_id, mode: row.mode },
    );
    const types = subscriptions.get(key) ?? new Set<EventType>();
    for (const type of row.events) types.add(type);
    subscriptions.set(key, types);
  }
  return subscriptions;
}

/** A delivery due to one endpoint now, whatever its subscriptions (a test event, a redelivery). */
export async function queueDelivery(
  tx: Tx,
  endpointId: string,
  event?: Pick<EventToWrite, "id" | "type" | "body" | "createdAt">,
  eventId = event?.id,
): Promise<void> {
  if (event) {
    await tx.query(
      "INSERT INTO webhook_events (id, type, body, created_at) VALUES ($1, $2, $3, $4)",
      [event.id, event.type, event.body, event.createdAt],
    );
  }
  await tx.query(
    `INSERT INTO webhook_deliveries (id, endpoint_id, event_id, next_at, created_at)
     VALUES (gen_random_uuid(), $1, $2, now(), now())`,
    [endpointId, eventId],
  );
}

/** Whether `eventId` was ever meant for endpoint `endpointId` (so it may be redelivered). */
export async function wasDeliveredTo(
  db: Queryable,
  endpointId: string,
  eventId: string,
): Promise<boolean> {
  const { rows } = await db.query(
    "SELECT 1 FROM webhook_deliveries WHERE endpoint_id = $1::uuid AND event_id = $2 LIMIT 1",
    [endpointId, eventId],
  );
  return rows.length > 0;
}
