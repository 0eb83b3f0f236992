/**
 * Webhook deliveries (migration 009): an endpoint's list, the claims with which the service
 * processes share the due ones (FOR UPDATE SKIP LOCKED), the attempts they record, the pending
 * bound and the purge of old history. Events and their deliveries are written by
 * `webhook-outbox.ts`.
 */

import type { Queryable, Tx } from "../db/handle.js";
import type { DeliveryStatus, EventType } from "../domain/webhooks.js";
import { keyset, type Page, type PageRequest, param, toPage } from "./keyset.js";

export interface DeliveryView {
  id: string;
  eventId: string;
  eventType: EventType;
  status: DeliveryStatus;
  /** Attempts made so far. */
  attempt: number;
  statusCode: number | null;
  error: string | null;
  durationMs: number | null;
  /** The last attempt's time; when none was made yet, when the delivery was queued. */
  at: Date;
  /** When the next attempt is due (pending only). */
  nextAttemptAt: Date | null;
  createdAt: Date;
}

interface DeliveryRow {
  id: string;
  event_id: string;
  event_type: EventType;
  status: DeliveryStatus;
  attempt: number;
  status_code: number | null;
  error: string | null;
  duration_ms: number | null;
  attempted_at: Date | null;
  next_at: Date;
  created_at: Date;
}

/** An endpoint's deliveries, newest first, of one status or all. */
export async function listDeliveries(
  db: Queryable,
  endpointId: string,
  status: DeliveryStatus | undefined,
  page: PageRequest,
): Promise<Page<DeliveryView>> {
  const params: unknown[] = [endpointId];
  const conditions = ["d.endpoint_id = $1::uuid"];
  if (status) conditions.push(`d.status = ${param(params, status)}`);
  const { where, orderBy, limit } = keyset(
    { at: "d.created_at", id: "d.id", idType: "uuid" },
    "newest",
    page,
    params,
  );
  const { rows } = await db.query<DeliveryRow>(
    `SELECT d.id, d.event_id, ev.type AS event_type, d.status, d.attempt, d.status_code, d.error,
            d.duration_ms, d.attempted_at, d.next_at, d.created_at
     FROM webhook_deliveries d JOIN webhook_events ev ON ev.id = d.event_id
     WHERE ${[...conditions, where].join(" AND ")}
     ${orderBy} ${limit}`,
    params,
  );
  return toPage(
    rows.map((row) => ({
      id: row.id,
      eventId: row.event_id,
      eventType: row.event_type,
      status: row.status,
      attempt: row.attempt,
      statusCode: row.status_code,
      error: row.error,
      durationMs: row.duration_ms,
      at: row.attempted_at ?? row.created_at,
      nextAttemptAt: row.status === "pending" ? row.next_at : null,
      createdAt: row.created_at,
    })),
    page.limit,
    (d) => ({ at: d.createdAt, id: d.id }),
  );
}

/** A delivery claimed by this process, with what sending it needs. */
export interface ClaimedDelivery {
  id: string;
  endpointId: string;
  /** Whose endpoint it is: the owner account's id, or null for the operators'. */
  accountId: string | null;
  eventId: string;
  eventType: EventType;
  body: string;
  url: string;
  /** The secrets that sign it: the current one, and each replaced one still in its overlap. */
  secrets: string[];
  /** Attempts made before this one. */
  attempt: number;
  createdAt: Date;
}

/**
 * Claims up to `limit` due deliveries of enabled endpoints, at most `perEndpoint` per endpoint and
 * `perAccount` per owner account (the operators count as one), none of `busyEndpoints` or
 * `busyAccounts` (this process's already at their share, `null` in it for the operators), so no
 * endpoint and no owner ever takes every slot. Claiming moves `next_at` and `claimed_until` to
 * `leaseUntil`: if this process dies mid-send, the delivery is due again then and another process
 * sends it (same event id).
 */
export async function claimDueDeliveries(
  db: Queryable,
  claim: {
    now: Date;
    leaseUntil: Date;
    limit: number;
    perEndpoint: number;
    perAccount: number;
    busyEndpoints: readonly string[];
    busyAccounts: readonly (string | null)[];
  },
): Promise<ClaimedDelivery[]> {
  const busyAccounts = claim.busyAccounts.filter((id): id is string => id !== null);
  const { rows } = await db.query<{
    id: string;
    endpoint_id: string;
    account_id: string | null;
    event_id: string;
    event_type: EventType;
    body: string;
    url: string;
    secret: string;
    previous_secrets: string[];
    previous_secrets_until: Date[];
    attempt: number;
    created_at: Date;
  }>(
    `WITH candidates AS (
       SELECT id, endpoint_id, next_at FROM webhook_deliveries
       WHERE status = 'pending' AND next_at <= $1
         AND NOT (endpoint_id = ANY($5::uuid[]))
       ORDER BY next_at LIMIT $3 * 4
     ), due AS (
       SELECT c.id, c.next_at,
              row_number() OVER (PARTITION BY c.endpoint_id ORDER BY c.next_at) AS place,
              row_number() OVER (PARTITION BY e.account_id ORDER BY c.next_at) AS account_place
       FROM candidates c JOIN webhook_endpoints e ON e.id = c.endpoint_id
       WHERE e.disabled_at IS NULL
         AND NOT (e.account_id IS NULL AND $8)
         AND NOT (e.account_id = ANY($7::uuid[]) AND e.account_id IS NOT NULL)
     ), picked AS (
       -- By id from an array: a join to \`due\` may be planned as a nested loop over it (a table
       -- just filled has no statistics), costing seconds at a few thousand due.
       SELECT d.id FROM webhook_deliveries d
       WHERE d.id = ANY(ARRAY(SELECT id FROM due WHERE place <= $4 AND account_place <= $6))
         AND d.status = 'pending' AND d.next_at <= $1
       ORDER BY d.next_at
       LIMIT $3
       FOR UPDATE OF d SKIP LOCKED
     )
     UPDATE webhook_deliveries d SET next_at = $2, claimed_until = $2
     FROM picked, webhook_endpoints e, webhook_events ev
     WHERE d.id = picked.id AND e.id = d.endpoint_id AND ev.id = d.event_id
     RETURNING d.id, d.endpoint_id, e.account_id, d.event_id, ev.type AS event_type, ev.body,
               e.url, e.secret, e.previous_secrets, e.previous_secrets_until, d.attempt,
               d.created_at`,
    [
      claim.now,
      claim.leaseUntil,
      claim.limit,
      claim.perEndpoint,
      claim.busyEndpoints,
      claim.perAccount,
      busyAccounts,
      claim.busyAccounts.includes(null),
    ],
  );
  return rows.map((row) => ({
    id: row.id,
    endpointId: row.endpoint_id,
    accountId: row.account_id,
    eventId: row.event_id,
    eventType: row.event_type,
    body: row.body,
    url: row.url,
    secrets: [
      row.secret,
      ...row.previous_secrets.filter((_, i) => row.previous_secrets_until[i]! > claim.now),
    ],
    attempt: row.attempt,
    createdAt: row.created_at,
  }));
}

/** One attempt's outcome as it is kept on the delivery. */
export interface AttemptRecord {
  deliveryId: string;
  endpointId: string;
  at: Date;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  /** pending with the next attempt's time, or final. */
  status: DeliveryStatus;
  nextAt: Date | null;
}

/**
 * Stores the attempts of many deliveries at once (two statements, whatever their number). A
 * success ends its endpoint's failing streak; a failure starts one (or continues it). Returns,
 * per endpoint, when its streak began (null: none), so the caller can tell when only failures
 * have lasted long enough to disable it.
 */
export async function recordAttempts(
  tx: Tx,
  attempts: readonly AttemptRecord[],
): Promise<Map<string, Date | null>> {
  if (attempts.length === 0) return new Map();
  // An attempt that ends after its endpoint was disabled is recorded as it came, but not retried:
  // the disabling failed what was waiting, and this one was on the wire then.
  await tx.query(
    `UPDATE webhook_deliveries d
     SET attempt = d.attempt + 1,
         status = CASE WHEN a.status = 'pending' AND e.disabled_at IS NOT NULL THEN 'failed'
                  ELSE a.status END,
         status_code = a.status_code,
         error = CASE WHEN a.status = 'pending' AND e.disabled_at IS NOT NULL
                 THEN COALESCE(a.error || '; ', '') || 'not retried: the endpoint was disabled'
                 ELSE a.error END,
         duration_ms = a.duration_ms, attempted_at = a.at, next_at = COALESCE(a.next_at, d.next_at),
         claimed_until = NULL
     FROM unnest($1::uuid[], $2::text[], $3::int[], $4::text[], $5::int[], $6::timestamptz[],
       $7::timestamptz[]) AS a(id, status, status_code, error, duration_ms, at, next_at),
       webhook_endpoints e
     WHERE d.id = a.id AND d.status = 'pending' AND e.id = d.endpoint_id`,
    [
      attempts.map((a) => a.deliveryId),
      attempts.map((a) => a.status),
      attempts.map((a) => a.statusCode),
      attempts.map((a) => a.error),
      attempts.map((a) => a.durationMs),
      attempts.map((a) => a.at),
      attempts.map((a) => a.nextAt),
    ],
  );
  const streaks = [...streaksOf(attempts)];
  const { rows } = await tx.query<{ id: string; failing_since: Date | null }>(
    `UPDATE webhook_endpoints e
     SET failing_since = CASE WHEN u.reset THEN u.since ELSE COALESCE(e.failing_since, u.since) END
     FROM unnest($1::uuid[], $2::boolean[], $3::timestamptz[]) AS u(id, reset, since)
     WHERE e.id = u.id
     RETURNING e.id, e.failing_since`,
    [streaks.map(([id]) => id), streaks.map(([, s]) => s.reset), streaks.map(([, s]) => s.since)],
  );
  return new Map(rows.map((row) => [row.id, row.failing_since]));
}

/**
 * Each endpoint's streak after these attempts, in time order: `reset` when one succeeded (the
 * streak is then `since` the first failure after the last success, or none), else the streak
 * goes on (it began `since` the first failure here, if it had not begun before).
 */
function streaksOf(
  attempts: readonly AttemptRecord[],
): Map<string, { reset: boolean; since: Date | null }> {
  const streaks = new Map<string, { reset: boolean; since: Date | null }>();
  for (const attempt of [...attempts].sort((a, b) => a.at.getTime() - b.at.getTime())) {
    const streak = streaks.get(attempt.endpointId) ?? { reset: false, since: null };
    if (attempt.status === "succeeded")
      streaks.set(attempt.endpointId, { reset: true, since: null });
    else streaks.set(attempt.endpointId, { ...streak, since: streak.since ?? attempt.at });
  }
  return streaks;
}

/**
 * Fails the oldest deliveries waiting for every endpoint that has more than `max` waiting, saying
 * so; returns how many failed. One on the wire at `now` is not waiting: its answer is recorded.
 */
export async function failPendingBeyond(db: Queryable, max: number, now: Date): Promise<number> {
  const { rows } = await db.query<{ failed: number }>(
    `WITH over AS (
       SELECT endpoint_id, count(*) - $1 AS excess FROM webhook_deliveries
       WHERE status = 'pending' AND (claimed_until IS NULL OR claimed_until <= $2)
       GROUP BY endpoint_id HAVING count(*) > $1
     ), oldest AS (
       SELECT d.id FROM over
       CROSS JOIN LATERAL (
         SELECT id FROM webhook_deliveries
         WHERE endpoint_id = over.endpoint_id AND status = 'pending'
           AND (claimed_until IS NULL OR claimed_until <= $2)
         ORDER BY created_at, id LIMIT over.excess
       ) d
     ), failed AS (
       UPDATE webhook_deliveries d SET status = 'failed',
         error = 'not sent: more than ' || $1 || ' deliveries were pending for this endpoint (WEBHOOK_PENDING_MAX)'
       FROM oldest WHERE d.id = oldest.id AND d.status = 'pending'
         AND (d.claimed_until IS NULL OR d.claimed_until <= $2)
       RETURNING 1
     )
     SELECT count(*)::int AS failed FROM failed`,
    [max, now],
  );
  return rows[0]!.failed;
}

/** Deliveries pending, and the age of the oldest one due (the lag), for /metrics. */
export async function pendingStats(
  db: Queryable,
  now: Date,
): Promise<{ pending: number; oldestDueS: number }> {
  const { rows } = await db.query<{ pending: number; oldest: Date | null }>(
    `SELECT count(*)::int AS pending,
            min(next_at) FILTER (WHERE next_at <= $1) AS oldest
     FROM webhook_deliveries WHERE status = 'pending'`,
    [now],
  );
  const { pending, oldest } = rows[0]!;
  return {
    pending,
    oldestDueS: oldest ? Math.max(0, (now.getTime() - oldest.getTime()) / 1000) : 0,
  };
}

/**
 * Deletes up to `limit` finished deliveries queued before `before`, and the events left with no
 * delivery; returns how many deliveries went. Bounded, so a purge never holds locks for long.
 */
export async function purgeWebhookHistory(
  db: Queryable,
  before: Date,
  limit: number,
): Promise<number> {
  const { rows } = await db.query<{ deleted: number }>(
    `WITH old AS (
       SELECT id, event_id FROM webhook_deliveries
       WHERE status <> 'pending' AND created_at < $1 LIMIT $2
     ), gone AS (
       DELETE FROM webhook_deliveries d USING old WHERE d.id = old.id RETURNING d.event_id
     ), orphans AS (
       DELETE FROM webhook_events ev
       WHERE ev.id IN (SELECT event_id FROM gone)
         AND NOT EXISTS (
           SELECT 1 FROM webhook_deliveries d
           WHERE d.event_id = ev.id AND d.id NOT IN (SELECT id FROM old)
         )
     )
     SELECT count(*)::int AS deleted FROM gone`,
    [before, limit],
  );
  return rows[0]!.deleted;
}
