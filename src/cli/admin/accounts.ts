/**
 * `admin accounts create|import|suspend|reinstate`: registering pass addresses, one or a file of
 * them, and suspending passes (one or a file of them) or reinstating one.
 */
import type { Command } from "commander";
import { unwrap } from "../../client/index.js";
import { integerArgument } from "../arguments.js";
import { show } from "../output.js";
import {
  IMPORT_CONCURRENCY_DEFAULT,
  IMPORT_CONCURRENCY_MAX,
  IMPORT_HELP,
  importAccounts,
} from "./accounts-import.js";
import { accountOfPass, SUSPEND_HELP, suspendAccounts } from "./accounts-suspend.js";
import type { Act, AdminGroup } from "./context.js";

function createCommand(group: Command, act: Act): void {
  group
    .command("create")
    .argument("<pass>", "the pass address to register")
    .description("register a pass address (an existing one is answered as it is)")
    .action(
      act(async (ctx, pass: string) => {
        const result = await ctx.api.POST("/admin/accounts", { body: { pass } });
        show(ctx, unwrap(result), result.response.status === 200 ? "(already registered)" : "");
      }),
    );
}

function importCommand(group: Command, act: Act): void {
  group
    .command("import")
    .description(
      `register every pass address of a CSV, ${IMPORT_CONCURRENCY_DEFAULT} at once (--concurrency); safe to run again: nothing is registered twice`,
    )
    .requiredOption(
      "--csv <file>",
      "a header row naming an address (or pass) column, or one address a line without a header",
    )
    .option(
      "--concurrency <n>",
      `requests in flight at once, 1..${IMPORT_CONCURRENCY_MAX}`,
      integerArgument("--concurrency", 1, IMPORT_CONCURRENCY_MAX),
      IMPORT_CONCURRENCY_DEFAULT,
    )
    .addHelpText("after", IMPORT_HELP)
    .action(
      act(async (ctx, options: { csv: string; concurrency: number }) => {
        const { csv, concurrency } = options;
        ctx.io.setExitCode(
          await importAccounts(ctx.api, { csv, concurrency, json: ctx.json }, ctx.io),
        );
      }),
    );
}

function suspendCommand(group: Command, act: Act): void {
  group
    .command("suspend")
    .argument("[pass]", "the pass address to suspend (or --csv)")
    .description(
      "suspend a pass, or every pass of a CSV (--csv): refused every allocation, on no leaderboard; safe to run again",
    )
    .requiredOption("--reason <text>", "why (1..500 characters): for the audit log and operators")
    .option("--csv <file>", "a header row naming a pass (or address) column, or one pass a line")
    .option(
      "--concurrency <n>",
      `with --csv: requests in flight at once, 1..${IMPORT_CONCURRENCY_MAX}`,
      integerArgument("--concurrency", 1, IMPORT_CONCURRENCY_MAX),
      IMPORT_CONCURRENCY_DEFAULT,
    )
    .addHelpText("after", SUSPEND_HELP)
    .action(
      act(
        async (
          ctx,
          pass: string | undefined,
          options: { reason: string; csv?: string; concurrency: number },
        ) => {
          const { reason, csv, concurrency } = options;
          if ((pass === undefined) === (csv === undefined)) {
            throw new Error("give either one pass address or --csv FILE");
          }
          if (csv !== undefined) {
            const run = { csv, reason, concurrency, json: ctx.json };
            ctx.io.setExitCode(await suspendAccounts(ctx.api, run, ctx.io));
            return;
          }
          const { id } = await accountOfPass(ctx.api, pass!);
          const result = await ctx.api.POST("/admin/accounts/{id}/suspension", {
            params: { path: { id } },
            body: { reason },
          });
          show(ctx, unwrap(result));
        },
      ),
    );
}

function reinstateCommand(group: Command, act: Act): void {
  group
    .command("reinstate")
    .argument("<pass>", "the suspended pass address")
    .description("lift a pass's suspension: paid again, back on the leaderboards")
    .action(
      act(async (ctx, pass: string) => {
        const { id } = await accountOfPass(ctx.api, pass);
        const result = await ctx.api.DELETE("/admin/accounts/{id}/suspension", {
          params: { path: { id } },
        });
        show(ctx, unwrap(result));
      }),
    );
}

export const ACCOUNTS: AdminGroup = {
  name: "accounts",
  description: "registered pass addresses",
  commands: [createCommand, importCommand, suspendCommand, reinstateCommand],
};
