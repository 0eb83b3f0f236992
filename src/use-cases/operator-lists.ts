/**
 * The operator's reads: every listing (keyset pages), the feature switches, the payouts' list
 * and export, and the applications with what each owner already holds here. Routes reach the
 * store only through a use case; a listing that needs nothing beyond its SQL is re-exported as
 * the store writes it.
 */

import type { Queryable } from "../db/handle.js";
import type { Application, ApplicationStatus } from "../domain/applications.js";
import type { OwnerFootprint } from "../domain/records.js";
import { ownerFootprints } from "../store/accounts.js";
import { listApplications } from "../store/applications.js";
import type { Page, PageRequest } from "../store/keyset.js";

export { listAccounts } from "../store/accounts.js";
export { listActionTypes } from "../store/action-types.js";
export { listApiKeys } from "../store/api-keys.js";
export { listAudit } from "../store/audit.js";
export { listCampaigns } from "../store/campaigns.js";
export { listEarningPeriods } from "../store/earning-periods.js";
export { readFeatures } from "../store/features.js";
export { listPayouts, payoutExport } from "../store/payouts.js";
export { listQuests } from "../store/quests.js";

/** An application as the operator sees it: with its owner pass's account here, if it has one. */
export interface ReviewedApplication {
  application: Application;
  owner: OwnerFootprint | null;
}

/** Each application with its owner's footprint, read in one statement. */
export async function withOwners(
  db: Queryable,
  applications: readonly Application[],
): Promise<ReviewedApplication[]> {
  const owners = await ownerFootprints(
    db,
    applications.map((application) => application.ownerPass),
  );
  return applications.map((application) => ({
    application,
    owner: owners.get(application.ownerPass) ?? null,
  }));
}

/** The review queue: applications, optionally of one status, each with its owner's footprint. */
export async function listApplicationsForReview(
  db: Queryable,
  filter: { status?: ApplicationStatus | undefined },
  page: PageRequest,
): Promise<Page<ReviewedApplication>> {
  const found = await listApplications(db, filter, page);
  return { items: await withOwners(db, found.items), next: found.next };
}
