/**
 * `admin operators create|update|rotate-token`: people who sign in with their own `op_` token
 * (as QP_ADMIN_TOKEN, in place of the service's ADMIN_TOKEN) and may do what their role allows.
 * A token is shown once, in the answer that makes it; the service keeps only its hash.
 */
import type { Command } from "commander";
import { unwrap } from "../../client/index.js";
import { ROLE_MEANING, ROLES, type Role } from "../../domain/operators.js";
import { nonEmpty, oneOf, trueFalse } from "../arguments.js";
import { show } from "../output.js";
import type { Act, AdminGroup } from "./context.js";

const ROLES_HELP = `
The roles, each including the one before:
${ROLES.map((role) => `  ${role}: ${ROLE_MEANING[role]}`).join("\n")}`;

function createCommand(group: Command, act: Act): void {
  group
    .command("create")
    .description("add an operator; its token is shown only in this answer")
    .requiredOption("--name <name>", "who it is (1..100 characters)")
    .requiredOption("--role <role>", `what it may do: ${ROLES.join(", ")}`, oneOf("--role", ROLES))
    .addHelpText("after", ROLES_HELP)
    .action(
      act(async (ctx, options: { name: string; role: Role }) => {
        const body = { name: options.name, role: options.role };
        show(
          ctx,
          unwrap(await ctx.api.POST("/admin/operators", { body })),
          "The token is shown only now: hand it to the operator, who exports it as QP_ADMIN_TOKEN.",
        );
      }),
    );
}

function updateCommand(group: Command, act: Act): void {
  group
    .command("update")
    .argument("<id>", "the operator's id")
    .description("change an operator's role, or disable it (its token answers 401 at once)")
    .option("--role <role>", `the new role: ${ROLES.join(", ")}`, oneOf("--role", ROLES))
    .option(
      "--disabled <true|false>",
      "true: its token stops working; false: it works again",
      trueFalse("--disabled"),
    )
    .addHelpText("after", ROLES_HELP)
    .action(
      act(async (ctx, id: string, options: { role?: Role; disabled?: boolean }) => {
        const body = nonEmpty({ role: options.role, disabled: options.disabled });
        const result = await ctx.api.PATCH("/admin/operators/{id}", {
          params: { path: { id } },
          body,
        });
        show(ctx, unwrap(result));
      }),
    );
}

function rotateTokenCommand(group: Command, act: Act): void {
  group
    .command("rotate-token")
    .argument("<id>", "the operator's id")
    .description("replace an operator's token; the old one stops working at once")
    .action(
      act(async (ctx, id: string) => {
        const result = await ctx.api.POST("/admin/operators/{id}/token", {
          params: { path: { id } },
        });
        show(
          ctx,
          unwrap(result),
          "The new token is shown only now; the old one has stopped working.",
        );
      }),
    );
}

export const OPERATORS: AdminGroup = {
  name: "operators",
  description: "operators: their names, roles and tokens",
  commands: [createCommand, updateCommand, rotateTokenCommand],
};
