import type { Db, Queryable, Tx } from "../db/handle.js";
import type { Features } from "../domain/records.js";
import { announce } from "./change-notices.js";

type FeatureName = keyof Features;
const FEATURE_NAMES: readonly FeatureName[] = ["quests", "campaigns"];

/**
 * Seeds the switches at start-up. A value set in the environment wins (the operator asked for it
 * explicitly); an unset one leaves what the database holds, or turns the feature on.
 */
export async function seedFeatures(db: Db, fromEnv: Partial<Features>): Promise<void> {
  for (const name of FEATURE_NAMES) {
    if (fromEnv[name] !== undefined) continue;
    await db.query(
      "INSERT INTO features (name, enabled) VALUES ($1, true) ON CONFLICT (name) DO NOTHING",
      [name],
    );
  }
  await db.transaction((tx) => writeFeatures(tx, fromEnv));
}

export async function readFeatures(db: Queryable): Promise<Features> {
  const { rows } = await db.query<{ name: string; enabled: boolean }>(
    "SELECT name, enabled FROM features",
  );
  const features: Features = { quests: true, campaigns: true };
  for (const row of rows) {
    if (row.name === "quests" || row.name === "campaigns") features[row.name] = row.enabled;
  }
  return features;
}

/** Sets the switches in `tx` and announces the change to every process. */
export async function writeFeatures(tx: Tx, change: Partial<Features>): Promise<Features> {
  for (const name of FEATURE_NAMES) {
    const value = change[name];
    if (value === undefined) continue;
    await tx.query(
      `INSERT INTO features (name, enabled) VALUES ($1, $2)
       ON CONFLICT (name) DO UPDATE SET enabled = excluded.enabled`,
      [name, value],
    );
  }
  await announce(tx, { kind: "features" });
  return readFeatures(tx);
}
