/** `admin applications approve|reject`: deciding the quests owners apply for. */
import type { Command } from "commander";
import { unwrap } from "../../client/index.js";
import { idArgument, integerArgument, yesOrNo } from "../arguments.js";
import { show } from "../output.js";
import { changedTerms, type ItemOf, requestedQuest } from "../tables.js";
import type { Act, AdminGroup, Context } from "./context.js";
import { addPlayOptions, type PlayOptions, playFields } from "./quests.js";

type Application = ItemOf<"/admin/applications">;

/** The owner's quests read to find the one granted: newest first, so it is among the first. */
const GRANTED_LOOKUP_LIMIT = 100;

/** The live quest an approval created, as the service holds it; undefined if not found. */
async function grantedQuest(ctx: Context, application: Application) {
  const questId = application.quest_id;
  if (questId === null) return undefined;
  const page = unwrap(
    await ctx.api.GET("/admin/quests", {
      params: { query: { owner: application.owner, mode: "live", limit: GRANTED_LOOKUP_LIMIT } },
    }),
  );
  return page.items.find((quest) => quest.id === questId);
}

/**
 * An approved application for people: its `quest` as granted (the live quest's terms, which the
 * overrides made), and under it what was `asked` where the approval changed it. The answer
 * itself holds the quest as it was asked for; --json prints it whole.
 */
async function showApproved(ctx: Context, application: Application): Promise<void> {
  if (ctx.json) return show(ctx, application);
  const granted = await grantedQuest(ctx, application);
  if (!granted) {
    return show(
      ctx,
      application,
      `The granted quest ${application.quest_id} is not among the owner's latest quests: its terms are in admin quests list --owner ${application.owner}; the quest above is the one asked for.`,
    );
  }
  const asked = changedTerms(granted, application.quest);
  const view: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(application)) {
    if (key !== "quest") {
      view[key] = value;
      continue;
    }
    view.quest = `${requestedQuest(granted)} (granted)`;
    if (asked) view.asked = asked;
  }
  show(ctx, view);
}

interface ApproveOptions extends PlayOptions {
  totalPoints?: number;
  expectedPoints?: number;
  start?: string;
  end?: string;
  campaign?: number;
  public?: boolean;
  private?: boolean;
  actionType?: string;
}

function approveCommand(group: Command, act: Act): void {
  const command = group
    .command("approve")
    .argument("<id>", "the application's id", idArgument("<id>"))
    .description("approve: registers the owner and creates the live quest and its test twin")
    .option("--total-points <n>", "override the budget", integerArgument("--total-points", 0))
    .option(
      "--expected-points <n>",
      "override the expected points per completion",
      integerArgument("--expected-points", 0),
    )
    .option("--start <time>", "override the start")
    .option("--end <time>", "override the end")
    .option("--campaign <id>", "put the quest in a campaign", idArgument("--campaign"))
    .option("--public", "show the quest in the public list")
    .option("--private", "leave the quest out of the public list")
    .option("--action-type <slug>", "override the action type");
  addPlayOptions(command).action(
    act(async (ctx, id: number, options: ApproveOptions) => {
      const body = {
        total_points: options.totalPoints,
        expected_points_per_completion: options.expectedPoints,
        start: options.start,
        end: options.end,
        campaign_id: options.campaign,
        is_public: yesOrNo(options.public, options.private, "--public and --private"),
        action_type: options.actionType,
        ...playFields(options),
      };
      const result = await ctx.api.POST("/admin/applications/{id}/approve", {
        params: { path: { id } },
        body,
      });
      await showApproved(ctx, unwrap(result));
    }),
  );
}

function rejectCommand(group: Command, act: Act): void {
  group
    .command("reject")
    .argument("<id>", "the application's id", idArgument("<id>"))
    .description("reject an application")
    .requiredOption("--reason <text>", "why (1..1000 characters; the applicant sees it)")
    .action(
      act(async (ctx, id: number, options: { reason: string }) => {
        const result = await ctx.api.POST("/admin/applications/{id}/reject", {
          params: { path: { id } },
          body: { reason: options.reason },
        });
        show(ctx, unwrap(result));
      }),
    );
}

export const APPLICATIONS: AdminGroup = {
  name: "applications",
  description: "quest applications",
  commands: [approveCommand, rejectCommand],
};
