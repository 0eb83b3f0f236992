import type { Queryable, Tx } from "../db/handle.js";
import type {
  Application,
  ApplicationStatus,
  ApplicationTerms,
  RequestedQuest,
} from "../domain/applications.js";
import type { PassWindow } from "../domain/pass-limits.js";
import { keyset, type Page, type PageRequest, param, toPage } from "./keyset.js";

/** The requested quest as the `quest` jsonb column keeps it: the wire's names, ISO dates. */
interface StoredQuest {
  name: string;
  description: string;
  total_points: number;
  expected_points_per_completion: number;
  start: string;
  end: string;
  action_type?: string;
  pass_points_max?: number | null;
  pass_payouts_max?: number | null;
  pass_window?: PassWindow;
  url?: string | null;
}

interface ApplicationRow {
  id: number;
  status: ApplicationStatus;
  project: string;
  contact: string;
  owner_pass: string;
  quest: StoredQuest;
  campaign_id: number | null;
  message: string | null;
  created_at: Date;
  decided_at: Date | null;
  reason: string | null;
  quest_id: number | null;
  test_quest_id: number | null;
  keys_claimed_at: Date | null;
}

const COLUMNS = `id, status, project, contact, owner_pass, quest, campaign_id, message, created_at,
  decided_at, reason, quest_id, test_quest_id, keys_claimed_at`;

const toStoredQuest = (quest: RequestedQuest): StoredQuest => ({
  name: quest.name,
  description: quest.description,
  total_points: quest.totalPoints,
  expected_points_per_completion: quest.expectedPointsPerCompletion,
  start: quest.start.toISOString(),
  end: quest.end.toISOString(),
  ...(quest.actionType === undefined ? {} : { action_type: quest.actionType }),
  ...(quest.passPointsMax === undefined ? {} : { pass_points_max: quest.passPointsMax }),
  ...(quest.passPayoutsMax === undefined ? {} : { pass_payouts_max: quest.passPayoutsMax }),
  ...(quest.passWindow === undefined ? {} : { pass_window: quest.passWindow }),
  ...(quest.url === undefined ? {} : { url: quest.url }),
});

const toRequestedQuest = (quest: StoredQuest): RequestedQuest => ({
  name: quest.name,
  description: quest.description,
  totalPoints: Number(quest.total_points),
  expectedPointsPerCompletion: Number(quest.expected_points_per_completion),
  start: new Date(quest.start),
  end: new Date(quest.end),
  ...(quest.action_type === undefined ? {} : { actionType: quest.action_type }),
  ...(quest.pass_points_max === undefined ? {} : { passPointsMax: quest.pass_points_max }),
  ...(quest.pass_payouts_max === undefined ? {} : { passPayoutsMax: quest.pass_payouts_max }),
  ...(quest.pass_window === undefined ? {} : { passWindow: quest.pass_window }),
  ...(quest.url === undefined ? {} : { url: quest.url }),
});

const toApplication = (row: ApplicationRow): Application => ({
  id: row.id,
  status: row.status,
  project: row.project,
  contact: row.contact,
  ownerPass: row.owner_pass,
  quest: toRequestedQuest(row.quest),
  campaignId: row.campaign_id,
  message: row.message,
  createdAt: row.created_at,
  decidedAt: row.decided_at,
  reason: row.reason,
  questId: row.quest_id,
  testQuestId: row.test_quest_id,
  keysClaimedAt: row.keys_claimed_at,
});

/** An application with the hash of its token, which only the applicant check reads. */
export interface StoredApplication {
  application: Application;
  tokenHash: string;
}

export interface NewApplication extends ApplicationTerms {
  /** SHA-256 of the applicant's token; the token itself is never stored. */
  tokenHash: string;
  /** SHA-256 of the client address, for the hourly limit. */
  clientHash: string;
}

/** Any fixed 32-bit number: the advisory-lock namespace of the per-client hourly budget. */
const CLIENT_LOCK_CLASS = 0x61706c73; // "apls"

/**
 * Serialises the applications of one client until the transaction ends, in every process: two
 * submissions from one address can never both see room for one more. The two-key form keeps
 * these locks apart from every single-key advisory lock of the service.
 */
export async function lockClientApplications(tx: Tx, clientHash: string): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock($1, hashtext($2))", [CLIENT_LOCK_CLASS, clientHash]);
}

/**
 * The database's now, and the creation times of the client's newest applications inside the
 * window before it (newest first, at most `limit`): one index range of `limit` rows at most,
 * whatever the client sent before.
 */
export async function recentClientApplications(
  db: Queryable,
  clientHash: string,
  window: { ms: number; limit: number },
): Promise<{ now: Date; recent: Date[] }> {
  const { rows } = await db.query<{ now: Date; created_at: Date | null }>(
    `SELECT now() AS now, recent.created_at
     FROM (SELECT 1) AS one
     LEFT JOIN LATERAL (
       SELECT created_at FROM applications
       WHERE client_hash = $1 AND created_at > now() - make_interval(secs => $2)
       ORDER BY created_at DESC
       LIMIT $3
     ) AS recent ON TRUE
     ORDER BY recent.created_at DESC`,
    [clientHash, window.ms / 1000, window.limit],
  );
  return {
    now: rows[0]!.now,
    recent: rows.flatMap((row) => (row.created_at === null ? [] : [row.created_at])),
  };
}

export async function insertApplication(tx: Tx, input: NewApplication): Promise<Application> {
  const { rows } = await tx.query<ApplicationRow>(
    `INSERT INTO applications
       (project, contact, owner_pass, quest, campaign_id, message, token_hash, client_hash)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     RETURNING ${COLUMNS}`,
    [
      input.project,
      input.contact,
      input.ownerPass,
      JSON.stringify(toStoredQuest(input.quest)),
      input.campaignId,
      input.message,
      input.tokenHash,
      input.clientHash,
    ],
  );
  return toApplication(rows[0]!);
}

async function selectApplication(
  db: Queryable,
  id: number,
  lock: "" | "FOR UPDATE",
): Promise<StoredApplication | undefined> {
  const { rows } = await db.query<ApplicationRow & { token_hash: string }>(
    `SELECT ${COLUMNS}, token_hash FROM applications WHERE id = $1 ${lock}`,
    [id],
  );
  const row = rows[0];
  return row && { application: toApplication(row), tokenHash: row.token_hash };
}

export function findApplication(db: Queryable, id: number): Promise<StoredApplication | undefined> {
  return selectApplication(db, id, "");
}

/** Reads the application under its row lock: decisions and key claims never interleave. */
export function lockApplication(tx: Tx, id: number): Promise<StoredApplication | undefined> {
  return selectApplication(tx, id, "FOR UPDATE");
}

export async function markApproved(
  tx: Tx,
  id: number,
  quests: { questId: number; testQuestId: number },
): Promise<Application> {
  const { rows } = await tx.query<ApplicationRow>(
    `UPDATE applications
     SET status = 'approved', decided_at = now(), quest_id = $2, test_quest_id = $3
     WHERE id = $1
     RETURNING ${COLUMNS}`,
    [id, quests.questId, quests.testQuestId],
  );
  return toApplication(rows[0]!);
}

export async function markRejected(tx: Tx, id: number, reason: string): Promise<Application> {
  const { rows } = await tx.query<ApplicationRow>(
    `UPDATE applications SET status = 'rejected', decided_at = now(), reason = $2
     WHERE id = $1
     RETURNING ${COLUMNS}`,
    [id, reason],
  );
  return toApplication(rows[0]!);
}

export async function markKeysClaimed(tx: Tx, id: number): Promise<Application> {
  const { rows } = await tx.query<ApplicationRow>(
    `UPDATE applications SET keys_claimed_at = now() WHERE id = $1 RETURNING ${COLUMNS}`,
    [id],
  );
  return toApplication(rows[0]!);
}

/**
 * Applications, optionally of one status: newest first, except pending ones, which the operator
 * works through oldest first.
 */
export async function listApplications(
  db: Queryable,
  filter: { status?: ApplicationStatus | undefined },
  page: PageRequest,
): Promise<Page<Application>> {
  const params: unknown[] = [];
  const conditions: string[] = [];
  if (filter.status) conditions.push(`status = ${param(params, filter.status)}`);
  const { where, orderBy, limit } = keyset(
    { at: "created_at", id: "id", idType: "int" },
    filter.status === "pending" ? "oldest" : "newest",
    page,
    params,
  );
  const { rows } = await db.query<ApplicationRow>(
    `SELECT ${COLUMNS} FROM applications
     WHERE ${[...conditions, where].join(" AND ")}
     ${orderBy} ${limit}`,
    params,
  );
  return toPage(rows.map(toApplication), page.limit, (application) => ({
    at: application.createdAt,
    id: String(application.id),
  }));
}

/**
 * The window of an application's quest as it is now (the request with the operator's overrides,
 * and any later edit), for the onboarding instructions.
 */
export async function findQuestWindow(
  db: Queryable,
  questId: number,
): Promise<{ start: Date; end: Date } | undefined> {
  const { rows } = await db.query<{ start_at: Date; end_at: Date }>(
    "SELECT start_at, end_at FROM quests WHERE id = $1",
    [questId],
  );
  const row = rows[0];
  return row && { start: row.start_at, end: row.end_at };
}

/** A secret of this deployment, made by a migration (`service_secrets`). */
/** The `service_secrets` entry client addresses are kept under (as an HMAC, never in plain). */
export const CLIENT_ADDRESS_SECRET = "client_address_key";

export async function readServiceSecret(db: Queryable, name: string): Promise<string> {
  const { rows } = await db.query<{ value: string }>(
    "SELECT value FROM service_secrets WHERE name = $1",
    [name],
  );
  if (!rows[0]) throw new Error(`invariant: the migrations made no ${name}`);
  return rows[0].value;
}
