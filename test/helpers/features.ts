/** The feature switches the operator flips at run time (`PUT /admin/features`). */
import { expectStatus, type TestContext } from "./app.js";

export interface Features {
  quests: boolean;
  campaigns: boolean;
}

/** Switches features as the operator (asserted 200); the switches as they are after. */
export async function setFeatures(ctx: TestContext, change: Partial<Features>): Promise<Features> {
  const response = await ctx.admin("PUT", "/admin/features", change);
  expectStatus(response, 200);
  return response.json() as Features;
}
