/**
 * An owner's reads besides the quest detail (`quest-details.ts`, batched) and the stats
 * (`quest-stats.ts`): the key's own view (`GET /me`) and a quest's reversals. Routes reach the
 * store only through a use case; these are the thin ones.
 */

import type { Queryable } from "../db/handle.js";
import type { OwnerView } from "../domain/records.js";
import { readOwnerView } from "../store/owner-reads.js";

export { listReversals } from "../store/reversals.js";

/** The key's account, the key, and every quest the account owns in the key's mode. */
export async function readMe(db: Queryable, keyId: string): Promise<OwnerView> {
  const view = await readOwnerView(db, keyId);
  if (!view) throw new Error("invariant: a live key without its row");
  return view;
}
