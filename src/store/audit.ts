import type { Queryable, Tx } from "../db/handle.js";
import type { Actor, AuditChange, AuditContext, AuditEntry } from "../domain/audit.js";
import { keyset, type Page, type PageRequest, param, toPage } from "./keyset.js";

/** A UUID in the 8-4-4-4-12 form, any case. */
const UUID_TEXT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A target id as the log keeps it and a filter compares it: a UUID in lower case, the form
 * PostgreSQL and the API write (payouts, keys, accounts), whatever case a client typed it in; any
 * other id as it is (numbers, and action types, which are lower-case slugs already). A change
 * typed `/admin/keys/0A1B…` is thus logged, and found by `target_id=` in either case, under the
 * id the API answers.
 */
const canonicalTargetId = (id: string) => (UUID_TEXT.test(id) ? id.toLowerCase() : id);

/**
 * Writes one audit entry in the change's own transaction: the entry exists if and only if the
 * change committed. The table refuses updates and deletes (a trigger), so the log only grows.
 */
export async function recordAudit(
  tx: Tx,
  context: AuditContext,
  change: AuditChange,
): Promise<void> {
  await tx.query(
    `INSERT INTO audit_log (actor, action, target_type, target_id, request_id, details)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [
      context.actor,
      change.action,
      change.targetType,
      canonicalTargetId(String(change.targetId)),
      context.requestId,
      JSON.stringify(change.details ?? {}),
    ],
  );
}

interface AuditRow {
  id: string;
  at: Date;
  actor: Actor;
  action: string;
  target_type: string;
  target_id: string;
  request_id: string | null;
  details: Record<string, unknown>;
}

export interface AuditFilter {
  action?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  /** Who made the change, as the log names them (`operator:<id>`, `account:<id>`, …). */
  actor?: string | undefined;
}

/** Audit entries, newest first, optionally of one action, one target and one actor. */
export async function listAudit(
  db: Queryable,
  filter: AuditFilter,
  page: PageRequest,
): Promise<Page<AuditEntry>> {
  const params: unknown[] = [];
  const conditions: string[] = [];
  if (filter.action) conditions.push(`action = ${param(params, filter.action)}`);
  if (filter.actor) conditions.push(`actor = ${param(params, filter.actor)}`);
  if (filter.targetType) conditions.push(`target_type = ${param(params, filter.targetType)}`);
  if (filter.targetId) {
    conditions.push(`target_id = ${param(params, canonicalTargetId(filter.targetId))}`);
  }
  const { where, orderBy, limit } = keyset(
    { at: "at", id: "id", idType: "bigint" },
    "newest",
    page,
    params,
  );
  const { rows } = await db.query<AuditRow>(
    `SELECT id::text, at, actor, action, target_type, target_id, request_id, details
     FROM audit_log
     WHERE ${[...conditions, where].join(" AND ")}
     ${orderBy} ${limit}`,
    params,
  );
  const entries = rows.map(
    (row): AuditEntry => ({
      id: row.id,
      at: row.at,
      actor: row.actor,
      action: row.action,
      targetType: row.target_type,
      targetId: row.target_id,
      requestId: row.request_id,
      details: row.details,
    }),
  );
  return toPage(entries, page.limit, (entry) => ({ at: entry.at, id: entry.id }));
}
