import type { Queryable } from "../db/handle.js";

export async function setActionType(
  db: Queryable,
  name: string,
  active: boolean,
): Promise<{ name: string; active: boolean }> {
  const { rows } = await db.query<{ name: string; active: boolean }>(
    `INSERT INTO action_types (name, active) VALUES ($1, $2)
     ON CONFLICT (name) DO UPDATE SET active = excluded.active
     RETURNING name, active`,
    [name, active],
  );
  return rows[0]!;
}

/** Quests may name a type before an operator configures it; such a type starts active. */
export async function ensureActionType(db: Queryable, name: string): Promise<void> {
  await db.query("INSERT INTO action_types (name) VALUES ($1) ON CONFLICT (name) DO NOTHING", [
    name,
  ]);
}

/** Every action type by name, with how many quests are of it (counted from an index). */
export async function listActionTypes(
  db: Queryable,
): Promise<{ name: string; active: boolean; quests: number }[]> {
  const { rows } = await db.query<{ name: string; active: boolean; quests: number }>(
    `SELECT a.name, a.active,
            (SELECT count(*) FROM quests q WHERE q.action_type = a.name)::int AS quests
     FROM action_types a
     ORDER BY a.name`,
  );
  return rows;
}
