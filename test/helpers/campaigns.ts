/** Campaigns as the operator creates them (`POST /admin/campaigns`). */
import { expectStatus, type TestContext } from "./app.js";

const DAY_MS = 24 * 60 * 60 * 1000;

export interface CampaignInput {
  name?: string;
  description?: string;
  start?: string;
  end?: string;
  is_active?: boolean;
  external_app_id?: string | null;
}

/** What the creation answers, of what the tests read. */
export interface CreatedCampaign {
  id: number;
  created_at: string;
  updated_at: string;
}

/**
 * Creates a campaign (asserted 201): "Campaign", running from a day ago to a week ahead, unless
 * `input` says otherwise.
 */
export async function createCampaign(
  ctx: TestContext,
  input: CampaignInput = {},
): Promise<CreatedCampaign> {
  const response = await ctx.admin("POST", "/admin/campaigns", {
    name: "Campaign",
    description: "A test campaign",
    start: new Date(Date.now() - DAY_MS).toISOString(),
    end: new Date(Date.now() + 7 * DAY_MS).toISOString(),
    ...input,
  });
  expectStatus(response, 201);
  return response.json() as CreatedCampaign;
}

/** Creates a campaign as `createCampaign` does; its id. */
export async function newCampaign(ctx: TestContext, input: CampaignInput = {}): Promise<number> {
  return (await createCampaign(ctx, input)).id;
}
