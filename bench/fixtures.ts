/**
 * Benchmark data. Small fixtures go through the operator API, as an operator would create them;
 * bulk data (a million payouts, a thousand quests) goes straight into the service's database
 * with generate_series, keeping the books balanced: points_remaining = total_points - payouts.
 */
import type { Db } from "../src/db/handle.js";
import { fillPayoutPositions } from "../src/machinery/payout-positions-backfill.js";
import type { Service } from "./service.js";

const DAY_MS = 24 * 60 * 60 * 1000;
const PARALLEL_ADMIN_REQUESTS = 32;
/** Large enough that no allocation run can exhaust it. */
export const BUDGET_UNLIMITED = 1_000_000_000_000;

/** FuturePass-style address 0xFFFFFFFF + index; the service stores it checksummed. */
export function passAddress(index: number): string {
  return `0xffffffff${index.toString(16).padStart(32, "0")}`;
}

/** An operator's POST, its 2xx answer's body; anything else throws. */
export async function admin<T>(service: Service, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${service.url}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${service.adminToken}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** Runs `task` for 0..count-1, a few at a time, keeping the order of the results. */
async function inParallel<T>(count: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < count; start += PARALLEL_ADMIN_REQUESTS) {
    const end = Math.min(count, start + PARALLEL_ADMIN_REQUESTS);
    const indexes = Array.from({ length: end - start }, (_, i) => start + i);
    results.push(...(await Promise.all(indexes.map(task))));
  }
  return results;
}

export interface Account {
  id: string;
  pass: string;
}

export function registerAccounts(service: Service, passes: string[]): Promise<Account[]> {
  return inParallel(passes.length, (i) =>
    admin<Account>(service, "/admin/accounts", { pass: passes[i] }),
  );
}

export async function issueKey(
  service: Service,
  ownerPass: string,
  mode: "live" | "test" = "live",
): Promise<string> {
  return (await admin<{ key: string }>(service, "/admin/keys", { owner: ownerPass, mode })).key;
}

/** What a quest may differ in: its campaign, and test mode (which is never public). */
export interface QuestOptions {
  campaignId?: number;
  mode?: "live" | "test";
}

/** A quest open from yesterday for a year, with a budget no run can exhaust. */
export async function createQuest(
  service: Service,
  ownerPass: string,
  name: string,
  options: QuestOptions = {},
): Promise<number> {
  const now = Date.now();
  const quest = await admin<{ id: number }>(service, "/admin/quests", {
    name,
    description: "Created by npm run bench",
    owner: ownerPass,
    total_points: BUDGET_UNLIMITED,
    expected_points_per_completion: 1,
    start: new Date(now - DAY_MS).toISOString(),
    end: new Date(now + 365 * DAY_MS).toISOString(),
    ...(options.campaignId === undefined ? {} : { campaign_id: options.campaignId }),
    ...(options.mode === "test" ? { mode: "test", is_public: false } : {}),
  });
  return quest.id;
}

export function createQuests(
  service: Service,
  ownerPass: string,
  count: number,
): Promise<number[]> {
  return inParallel(count, (i) => createQuest(service, ownerPass, `Bench quest ${i + 1}`));
}

/** An owner with an API key and registered players, ready to allocate. */
export interface Cast {
  owner: Account;
  apiKey: string;
  players: Account[];
}

export async function createCast(service: Service, playerCount: number): Promise<Cast> {
  const passes = Array.from({ length: playerCount + 1 }, (_, i) => passAddress(i + 1));
  const [owner, ...players] = await registerAccounts(service, passes);
  return { owner: owner!, apiKey: await issueKey(service, owner!.pass), players };
}

/**
 * A description of a realistic length: with it a quest in GET /quests is about 360 bytes, the
 * size the bench sizes the 1,000-quest default page by (~360 KB).
 */
const QUEST_DESCRIPTION =
  "of the read benchmark. Complete the listed actions before the end date to earn points " +
  "from this quest's budget; each payout goes to your pass address.";

/**
 * `questCount` public quests of `ownerId`; the first gets `payoutCount` payouts spread over the
 * players, one millisecond apart, and a budget that covers them. Returns that quest's id.
 */
export async function seedReadData(
  db: Db,
  cast: Cast,
  questCount: number,
  payoutCount: number,
): Promise<number> {
  await db.query(
    `INSERT INTO quests (name, description, owner_id, total_points, points_remaining,
       expected_points_per_completion, start_at, end_at)
     SELECT 'Bench quest ' || i, 'Quest ' || i || ' ' || $3, $1,
       1000000, 1000000, 10, now() - interval '1 day', now() + interval '365 days'
     FROM generate_series(1, $2::int) AS i`,
    [cast.owner.id, questCount, QUEST_DESCRIPTION],
  );
  const { rows } = await db.query<{ id: number }>("SELECT min(id) AS id FROM quests");
  const questId = rows[0]!.id;
  await db.query(
    `INSERT INTO payouts (id, quest_id, account_id, amount, created_at)
     SELECT gen_random_uuid(), $1, ($2::uuid[])[1 + i % cardinality($2::uuid[])], 1 + i % 100,
       now() - interval '1 day' + i * interval '1 millisecond'
     FROM generate_series(1, $3::int) AS i`,
    [questId, cast.players.map((p) => p.id), payoutCount],
  );
  await db.query(
    `UPDATE quests SET total_points = $2::bigint,
       points_remaining = $2::bigint
         - (SELECT COALESCE(sum(amount), 0) FROM payouts WHERE quest_id = $1)
     WHERE id = $1`,
    [questId, BUDGET_UNLIMITED],
  );
  await positionBulkLoad(db, [questId]);
  // Settle the bulk load (statistics, visibility map, dirty pages) before anything is measured.
  await db.query("VACUUM ANALYZE");
  await db.query("CHECKPOINT");
  return questId;
}

/** What the last `positionBulkLoad` measured, for the report's notes. */
export const backfills: { numbered: number; seconds: number }[] = [];

/**
 * Payouts bulk-loaded with SQL have no position (migration 011): their quests are handed to the
 * backfill the service runs after an upgrade, as if the payouts were made by the previous
 * version, and it numbers them here before anything is measured (its rate goes to `backfills`).
 */
export async function positionBulkLoad(db: Db, questIds: readonly number[]): Promise<void> {
  await db.query(
    "UPDATE quests SET payouts_made = NULL, last_payout_at = NULL WHERE id = ANY($1::int[])",
    [questIds],
  );
  const startedMs = performance.now();
  const { numbered, complete } = await fillPayoutPositions(db, { batchSize: 50_000 });
  if (!complete) throw new Error("the positions backfill left quests unnumbered");
  if (numbered > 0) backfills.push({ numbered, seconds: (performance.now() - startedMs) / 1000 });
}
