/** `admin earning-periods create|update|delete`: the periods payouts are stamped with. */
import type { Command } from "commander";
import { unwrap } from "../../client/index.js";
import { idArgument, nonEmpty } from "../arguments.js";
import { done, show } from "../output.js";
import type { Act, AdminGroup } from "./context.js";

function createCommand(group: Command, act: Act): void {
  group
    .command("create")
    .description("define an earning period [start, end)")
    .requiredOption("--start <time>", "ISO 8601 with an offset")
    .requiredOption("--end <time>", "ISO 8601 with an offset")
    .action(
      act(async (ctx, options: { start: string; end: string }) => {
        const body = { start: options.start, end: options.end };
        show(ctx, unwrap(await ctx.api.POST("/admin/earning-periods", { body })));
      }),
    );
}

function updateCommand(group: Command, act: Act): void {
  group
    .command("update")
    .argument("<id>", "the period's id", idArgument("<id>"))
    .description("move a period's start or end")
    .option("--start <time>")
    .option("--end <time>")
    .action(
      act(async (ctx, id: number, options: { start?: string; end?: string }) => {
        const body = nonEmpty({ start: options.start, end: options.end });
        const result = await ctx.api.PATCH("/admin/earning-periods/{id}", {
          params: { path: { id } },
          body,
        });
        show(ctx, unwrap(result));
      }),
    );
}

function deleteCommand(group: Command, act: Act): void {
  group
    .command("delete")
    .argument("<id>", "the period's id", idArgument("<id>"))
    .description("delete a period no payout is stamped with")
    .action(
      act(async (ctx, id: number) => {
        unwrap(await ctx.api.DELETE("/admin/earning-periods/{id}", { params: { path: { id } } }));
        done(ctx, `Earning period ${id} deleted.`, { id, deleted: true });
      }),
    );
}

export const EARNING_PERIODS: AdminGroup = {
  name: "earning-periods",
  description: "earning periods (never overlapping)",
  commands: [createCommand, updateCommand, deleteCommand],
};
