import type { Db } from "../db/handle.js";
import { unavailable } from "../domain/errors.js";

/** `GET /readyz`: the database answers a query (else 503, retry in 5 s); which database it is. */
export async function checkDatabase(db: Db): Promise<{ database: Db["kind"] }> {
  try {
    await db.query("SELECT 1");
  } catch {
    throw unavailable("The database is not reachable.", 5);
  }
  return { database: db.kind };
}
