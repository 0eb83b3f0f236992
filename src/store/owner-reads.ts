import type { Queryable } from "../db/handle.js";
import type { Mode } from "../domain/api-keys.js";
import type { KeyScope } from "../domain/operators.js";
import type { OwnerView, StatsRow } from "../domain/records.js";
import { QUEST_COLUMNS, type QuestRow, toQuest } from "./quests.js";

/** A key's account, the key, and every quest the account owns in the key's mode (id order). */
export async function readOwnerView(db: Queryable, keyId: string): Promise<OwnerView | undefined> {
  const { rows } = await db.query<{
    account_id: string;
    pass: string;
    key_prefix: string;
    scope: KeyScope;
    mode: Mode;
    expires_at: Date | null;
    now: Date;
  }>(
    `SELECT k.account_id, a.pass, k.key_prefix, k.mode, k.scope, k.expires_at, now() AS now
     FROM api_keys k JOIN accounts a ON a.id = k.account_id WHERE k.id = $1`,
    [keyId],
  );
  const key = rows[0];
  if (!key) return undefined;
  const { rows: quests } = await db.query<QuestRow>(
    `SELECT ${QUEST_COLUMNS} FROM quests q WHERE q.owner_id = $1 AND q.mode = $2 ORDER BY q.id`,
    [key.account_id, key.mode],
  );
  return {
    account: { id: key.account_id, pass: key.pass },
    key: {
      id: keyId,
      prefix: key.key_prefix,
      mode: key.mode,
      scope: key.scope,
      expiresAt: key.expires_at,
    },
    quests: quests.map(toQuest),
    now: key.now,
  };
}

/** A quest's payouts per UTC hour or day in [since, until), oldest first, only buckets with any. */
export async function readQuestStats(
  db: Queryable,
  questId: number,
  range: { bucket: "hour" | "day"; since: Date; until: Date },
): Promise<StatsRow[]> {
  const { rows } = await db.query<{ at: Date; payouts: number; points: string }>(
    `SELECT date_trunc($2, created_at, 'UTC') AS at, count(*)::int AS payouts,
            sum(amount) AS points
     FROM payouts
     WHERE quest_id = $1 AND created_at >= $3 AND created_at < $4
     GROUP BY 1 ORDER BY 1`,
    [questId, range.bucket, range.since, range.until],
  );
  return rows.map((row) => ({ at: row.at, payouts: row.payouts, points: Number(row.points) }));
}

/** The quest's window, for the default range of its stats. */
export async function findQuestStart(db: Queryable, questId: number): Promise<Date | undefined> {
  const { rows } = await db.query<{ start_at: Date }>("SELECT start_at FROM quests WHERE id = $1", [
    questId,
  ]);
  return rows[0]?.start_at;
}
