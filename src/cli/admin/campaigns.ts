/** `admin campaigns create|update`. */
import type { Command } from "commander";
import { unwrap } from "../../client/index.js";
import { idArgument, nonEmpty, orNone, orNull, yesOrNo } from "../arguments.js";
import { show } from "../output.js";
import type { Act, AdminGroup } from "./context.js";

interface CreateOptions {
  name: string;
  description: string;
  start: string;
  end: string;
  inactive?: boolean;
  externalAppId?: string;
}

interface UpdateOptions {
  name?: string;
  description?: string;
  start?: string;
  end?: string;
  active?: boolean;
  inactive?: boolean;
  externalAppId?: string | null;
}

function createCommand(group: Command, act: Act): void {
  group
    .command("create")
    .description("create a campaign")
    .requiredOption("--name <text>", "the campaign's name")
    .requiredOption("--description <text>", "what it is about")
    .requiredOption("--start <time>", "ISO 8601 with an offset, e.g. 2026-01-31T12:00:00Z")
    .requiredOption("--end <time>", "ISO 8601 with an offset")
    .option("--inactive", "create it switched off")
    .option("--external-app-id <id>", "the id of the campaign in another application")
    .action(
      act(async (ctx, options: CreateOptions) => {
        const { name, description, start, end } = options;
        const body = {
          name,
          description,
          start,
          end,
          // Left out when not given: the service's defaults apply.
          is_active: options.inactive ? false : undefined,
          external_app_id: orNull(options.externalAppId),
        };
        show(ctx, unwrap(await ctx.api.POST("/admin/campaigns", { body })));
      }),
    );
}

function updateCommand(group: Command, act: Act): void {
  group
    .command("update")
    .argument("<id>", "the campaign's id", idArgument("<id>"))
    .description("change a campaign's fields")
    .option("--name <text>")
    .option("--description <text>")
    .option("--start <time>")
    .option("--end <time>")
    .option("--active", "switch it on")
    .option("--inactive", "switch it off")
    .option("--external-app-id <id|none>", "another application's id, or none", orNone(String))
    .action(
      act(async (ctx, id: number, options: UpdateOptions) => {
        const body = nonEmpty({
          name: options.name,
          description: options.description,
          start: options.start,
          end: options.end,
          is_active: yesOrNo(options.active, options.inactive, "--active and --inactive"),
          external_app_id: orNull(options.externalAppId),
        });
        const result = await ctx.api.PATCH("/admin/campaigns/{id}", {
          params: { path: { id } },
          body,
        });
        show(ctx, unwrap(result));
      }),
    );
}

export const CAMPAIGNS: AdminGroup = {
  name: "campaigns",
  description: "campaigns",
  commands: [createCommand, updateCommand],
};
