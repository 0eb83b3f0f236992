/**
 * What every `questpoints admin …` command runs with: the group's options (--url, --json,
 * --timeout), the typed client holding the operator token, and where to print. The token (the
 * service's ADMIN_TOKEN or an operator's `op_` token, both sent as a bearer token) comes from
 * QP_ADMIN_TOKEN only (an argument would show in `ps` and shell history) and is never printed.
 */
import type { Command } from "commander";
import {
  createQuestpointsClient,
  type QuestpointsClient,
  type QuestpointsClientOptions,
  REQUEST_TIMEOUT_MS_DEFAULT,
} from "../../client/index.js";
import { serviceUrl } from "../arguments.js";
import type { CommandIo } from "../io.js";
import { type Printer, withFieldErrors, withUrlHint } from "../output.js";

/** Where commands write, and what they read: the process's, or a test's. */
export type AdminIo = CommandIo;

export interface Context extends Printer {
  api: QuestpointsClient;
  client: QuestpointsClientOptions;
  io: AdminIo;
}

interface GroupOptions {
  url?: string;
  json?: boolean;
  timeout?: number;
}

/** The group's options and the token; refuses clearly when QP_ADMIN_TOKEN is unset. */
function context(command: Command, io: AdminIo): Context {
  const options = command.optsWithGlobals<GroupOptions>();
  const adminToken = io.env.QP_ADMIN_TOKEN;
  if (!adminToken) {
    throw new Error(
      "QP_ADMIN_TOKEN is not set: export the service's ADMIN_TOKEN or an operator's token (op_…) as QP_ADMIN_TOKEN. The token is never taken as an argument.",
    );
  }
  const baseUrl = serviceUrl(options.url, io.env);
  const client = { baseUrl, adminToken, timeoutMs: options.timeout ?? REQUEST_TIMEOUT_MS_DEFAULT };
  return { api: createQuestpointsClient(client), client, json: options.json ?? false, io };
}

/** Makes a command's action of `fn`, called with the context built from the command's options. */
export type Act = <A extends unknown[]>(
  fn: (ctx: Context, ...args: A) => Promise<void>,
) => (...args: unknown[]) => Promise<void>;

/** The admin commands' `Act`: errors leave with the bad fields and the address hint added. */
export function actWith(io: AdminIo): Act {
  return <A extends unknown[]>(fn: (ctx: Context, ...args: A) => Promise<void>) =>
    async (...args: unknown[]) => {
      const command = args[args.length - 1] as Command;
      try {
        await fn(context(command, io), ...(args.slice(0, -1) as A));
      } catch (error) {
        throw withUrlHint(withFieldErrors(error));
      }
    };
}

/** Adds one command to its group. */
export type AddCommand = (group: Command, act: Act) => void;

/** A group of admin commands (`admin quests …`) but its `list`, which admin/lists.ts adds. */
export interface AdminGroup {
  name: string;
  description: string;
  /** The group's commands after its `list`, in the order --help lists them. */
  commands?: readonly AddCommand[];
}
