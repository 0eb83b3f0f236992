/** `admin applications approve|reject`: deciding the quests owners apply for. */
import type { Command } from "commander";
import { unwrap } from "../../client/index.js";
import { idArgument, integerArgument, yesOrNo } from "../arguments.js";
import { show } from "../output.js";
import type { Act, AdminGroup } from "./context.js";

interface ApproveOptions {
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
  group
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
    .option("--action-type <slug>", "override the action type")
    .action(
      act(async (ctx, id: number, options: ApproveOptions) => {
        const body = {
          total_points: options.totalPoints,
          expected_points_per_completion: options.expectedPoints,
          start: options.start,
          end: options.end,
          campaign_id: options.campaign,
          is_public: yesOrNo(options.public, options.private, "--public and --private"),
          action_type: options.actionType,
        };
        const result = await ctx.api.POST("/admin/applications/{id}/approve", {
          params: { path: { id } },
          body,
        });
        show(ctx, unwrap(result));
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
