/**
 * `questpoints admin …`: the operator API (docs/operator-api.md) over HTTP,
 * through the typed client, one module per group of commands under admin/, every group's `list`
 * a row of admin/lists.ts. Answers go to stdout, as a table for people or as the service's JSON
 * with --json; the next page's cursor and errors go to stderr, and an error exits 1 (main.ts
 * prints it as `questpoints: CODE: detail (request ID)`, a 403 FORBIDDEN naming the role needed
 * as any other). The token is ADMIN_TOKEN or an operator's: a bearer token.
 */
import type { Command } from "commander";
import { REQUEST_TIMEOUT_MS_DEFAULT } from "../client/index.js";
import { ACCOUNTS } from "./admin/accounts.js";
import { APPLICATIONS } from "./admin/applications.js";
import { backupCommand } from "./admin/backup.js";
import { CAMPAIGNS } from "./admin/campaigns.js";
import { type AdminGroup, type AdminIo, actWith } from "./admin/context.js";
import { EARNING_PERIODS } from "./admin/earning-periods.js";
import { KEYS } from "./admin/keys.js";
import { ADMIN_LISTS, addListCommand } from "./admin/lists.js";
import { OPERATORS } from "./admin/operators.js";
import { PAYOUTS } from "./admin/payouts.js";
import { QUESTS } from "./admin/quests.js";
import { ACTION_TYPES, FEATURES } from "./admin/switches.js";
import { baseUrlArgument, QP_URL_DEFAULT, timeoutArgument } from "./arguments.js";
import { TABLE_WIDTH_MAX } from "./tables.js";

export type { AdminIo } from "./admin/context.js";

/** The groups, in the order `admin --help` lists them. */
const GROUPS: readonly AdminGroup[] = [
  ACCOUNTS,
  CAMPAIGNS,
  QUESTS,
  KEYS,
  FEATURES,
  ACTION_TYPES,
  EARNING_PERIODS,
  APPLICATIONS,
  PAYOUTS,
  OPERATORS,
  { name: "audit", description: "the append-only audit log" },
];

const ADMIN_HELP_AFTER = `
QP_ADMIN_TOKEN holds the service's ADMIN_TOKEN or an operator's token (op_…, from
\`admin operators create\`): an operator may do what its role allows (viewer, support, admin), and
a command beyond it exits 1 with FORBIDDEN and the role it needs.
Tables fit in ${TABLE_WIDTH_MAX} columns: long names are cut (…), times are UTC to the minute or the day,
addresses and ids of other things are shortened (0xFfFf…0001). --json prints the whole answer.`;

export function registerAdminCommands(program: Command, io: AdminIo): void {
  const admin = program
    .command("admin")
    .description(
      "the operator API over HTTP (token from QP_ADMIN_TOKEN: ADMIN_TOKEN or an operator's token)",
    )
    .option(
      "--url <base>",
      `the service's address (default: QP_URL or ${QP_URL_DEFAULT})`,
      baseUrlArgument("--url"),
    )
    .option("--json", "print the service's JSON answer (for scripts) instead of a table")
    .option(
      "--timeout <ms>",
      `longest wait for an answer (default: ${REQUEST_TIMEOUT_MS_DEFAULT})`,
      timeoutArgument,
    )
    .addHelpText("after", ADMIN_HELP_AFTER);
  const act = actWith(io);
  for (const { name, description, commands } of GROUPS) {
    const group = admin.command(name).description(description);
    const listing = ADMIN_LISTS.find((row) => row.group === name);
    if (listing) addListCommand(group, listing, act);
    for (const add of commands ?? []) add(group, act);
  }
  backupCommand(admin, act);
}
