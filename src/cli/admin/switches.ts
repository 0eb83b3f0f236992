/** `admin features get|set` and `admin action-types set`: what the service lets through. */
import type { Command } from "commander";
import { unwrap } from "../../client/index.js";
import { nonEmpty, onOff } from "../arguments.js";
import { show } from "../output.js";
import type { Act, AdminGroup } from "./context.js";

function featuresGet(group: Command, act: Act): void {
  group
    .command("get")
    .description("read the switches")
    .action(act(async (ctx) => show(ctx, unwrap(await ctx.api.GET("/admin/features")))));
}

function featuresSet(group: Command, act: Act): void {
  group
    .command("set")
    .description("switch features on or off; every process follows within a second")
    .option("--quests <on|off>", "the quest endpoints", onOff("--quests"))
    .option("--campaigns <on|off>", "the campaign endpoints", onOff("--campaigns"))
    .action(
      act(async (ctx, options: { quests?: boolean; campaigns?: boolean }) => {
        const body = nonEmpty({ quests: options.quests, campaigns: options.campaigns });
        show(ctx, unwrap(await ctx.api.PUT("/admin/features", { body })));
      }),
    );
}

export const FEATURES: AdminGroup = {
  name: "features",
  description: "the quests and campaigns switches",
  commands: [featuresGet, featuresSet],
};

function actionTypesSet(group: Command, act: Act): void {
  group
    .command("set")
    .argument("<name>", "the action type's slug")
    .description("activate or deactivate an action type")
    .requiredOption("--active <on|off>", "off refuses allocations on its quests", onOff("--active"))
    .action(
      act(async (ctx, name: string, options: { active: boolean }) => {
        const result = await ctx.api.PUT("/admin/action-types/{name}", {
          params: { path: { name } },
          body: { active: options.active },
        });
        show(ctx, unwrap(result));
      }),
    );
}

export const ACTION_TYPES: AdminGroup = {
  name: "action-types",
  description: "quests' action types",
  commands: [actionTypesSet],
};
