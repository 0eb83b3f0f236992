/** `admin quests create|update`: any quest, private and test ones too. */
import type { Command } from "commander";
import { unwrap } from "../../client/index.js";
import { PASS_WINDOWS, type PassWindow } from "../../domain/pass-limits.js";
import {
  idArgument,
  integerArgument,
  type Mode,
  modeArgument,
  nonEmpty,
  type OrNone,
  oneOf,
  orNone,
  orNull,
  urlArgument,
  yesOrNo,
} from "../arguments.js";
import { show } from "../output.js";
import type { Act, AdminGroup } from "./context.js";

/**
 * `--quest-url`: where a player does the quest, or `none`. Not `--url`, which names the service
 * for every admin command (commander reads it wherever it stands on the line).
 */
const QUEST_URL_FLAG = "--quest-url";

/** The flags of a quest's limits per pass and its link, alike on create, update and approve. */
export interface PlayOptions {
  passPointsMax?: OrNone<number>;
  passPayoutsMax?: OrNone<number>;
  passWindow?: PassWindow;
  questUrl?: OrNone<string>;
}

export function addPlayOptions(command: Command): Command {
  return command
    .option(
      "--pass-points-max <n|none>",
      "the most points one pass may hold from the quest, or none",
      orNone(integerArgument("--pass-points-max", 1)),
    )
    .option(
      "--pass-payouts-max <n|none>",
      "the most payouts one pass may receive in each --pass-window, or none",
      orNone(integerArgument("--pass-payouts-max", 1)),
    )
    .option(
      `--pass-window <${PASS_WINDOWS.join("|")}>`,
      "the window --pass-payouts-max counts in (quest: the quest's whole life)",
      oneOf("--pass-window", PASS_WINDOWS),
    )
    .option(
      `${QUEST_URL_FLAG} <url|none>`,
      "where a player does the quest (https://), or none",
      orNone(urlArgument(QUEST_URL_FLAG, ["https:"], "https://example.com/quest")),
    );
}

/** The play flags as the API names them; those not given are left out. */
export const playFields = (options: PlayOptions) => ({
  pass_points_max: orNull(options.passPointsMax),
  pass_payouts_max: orNull(options.passPayoutsMax),
  pass_window: options.passWindow,
  url: orNull(options.questUrl),
});

interface CreateOptions extends PlayOptions {
  name: string;
  description: string;
  owner: string;
  totalPoints: number;
  expectedPoints: number;
  start: string;
  end: string;
  private?: boolean;
  inactive?: boolean;
  campaign?: number;
  actionType?: string;
  mode?: Mode;
}

interface UpdateOptions extends PlayOptions {
  name?: string;
  description?: string;
  owner?: string;
  totalPoints?: number;
  expectedPoints?: number;
  start?: string;
  end?: string;
  public?: boolean;
  private?: boolean;
  active?: boolean;
  inactive?: boolean;
  campaign?: OrNone<number>;
  actionType?: string;
}

/** The fields both commands take alike, as the API names them (required when `O`'s are). */
function questFields<O extends UpdateOptions>(
  options: O,
): {
  name: O["name"];
  description: O["description"];
  owner: O["owner"];
  total_points: O["totalPoints"];
  expected_points_per_completion: O["expectedPoints"];
  start: O["start"];
  end: O["end"];
} {
  return {
    name: options.name,
    description: options.description,
    owner: options.owner,
    total_points: options.totalPoints,
    expected_points_per_completion: options.expectedPoints,
    start: options.start,
    end: options.end,
  };
}

function createCommand(group: Command, act: Act): void {
  const command = group
    .command("create")
    .description("create a quest")
    .requiredOption("--name <text>", "the quest's name")
    .requiredOption("--description <text>", "what to do")
    .requiredOption("--owner <address>", "the owner's pass (a registered account)")
    .requiredOption("--total-points <n>", "the budget", integerArgument("--total-points", 0))
    .requiredOption(
      "--expected-points <n>",
      "expected points per completion",
      integerArgument("--expected-points", 0),
    )
    .requiredOption("--start <time>", "ISO 8601 with an offset")
    .requiredOption("--end <time>", "ISO 8601 with an offset")
    .option("--private", "leave it out of the public list")
    .option("--inactive", "create it switched off")
    .option("--campaign <id>", "the campaign it belongs to", idArgument("--campaign"))
    .option("--action-type <slug>", "its action type (default: default)")
    .option("--mode <mode>", "live (default) or test", modeArgument);
  addPlayOptions(command).action(
    act(async (ctx, options: CreateOptions) => {
      const body = {
        ...questFields(options),
        // Left out when not given: the service's defaults apply.
        is_public: options.private ? false : undefined,
        is_active: options.inactive ? false : undefined,
        campaign_id: options.campaign,
        action_type: options.actionType,
        mode: options.mode,
        ...playFields(options),
      };
      show(ctx, unwrap(await ctx.api.POST("/admin/quests", { body })));
    }),
  );
}

function updateCommand(group: Command, act: Act): void {
  const command = group
    .command("update")
    .argument("<id>", "the quest's id", idArgument("<id>"))
    .description("change a quest; --total-points moves points_remaining by the same amount")
    .option("--name <text>")
    .option("--description <text>")
    .option("--owner <address>")
    .option("--total-points <n>", "the new budget", integerArgument("--total-points", 0))
    .option("--expected-points <n>", "", integerArgument("--expected-points", 0))
    .option("--start <time>")
    .option("--end <time>")
    .option("--public", "show it in the public list")
    .option("--private", "leave it out of the public list")
    .option("--active", "switch it on")
    .option("--inactive", "switch it off")
    .option(
      "--campaign <id|none>",
      "move it to a campaign, or out of any",
      orNone(idArgument("--campaign")),
    )
    .option("--action-type <slug>");
  addPlayOptions(command).action(
    act(async (ctx, id: number, options: UpdateOptions) => {
      const body = nonEmpty({
        ...questFields(options),
        is_public: yesOrNo(options.public, options.private, "--public and --private"),
        is_active: yesOrNo(options.active, options.inactive, "--active and --inactive"),
        campaign_id: orNull(options.campaign),
        action_type: options.actionType,
        ...playFields(options),
      });
      const result = await ctx.api.PATCH("/admin/quests/{questId}", {
        params: { path: { questId: id } },
        body,
      });
      show(ctx, unwrap(result));
    }),
  );
}

export const QUESTS: AdminGroup = {
  name: "quests",
  description: "quests, private and test ones too",
  commands: [createCommand, updateCommand],
};
