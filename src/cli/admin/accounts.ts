/** `admin accounts create|import`: registering pass addresses, one or a file of them. */
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

export const ACCOUNTS: AdminGroup = {
  name: "accounts",
  description: "registered pass addresses",
  commands: [createCommand, importCommand],
};
