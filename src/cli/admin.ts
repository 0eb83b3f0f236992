/**
 * `questpoints admin …`: the operator API (contract Part 1 "Operator API", Part 2) over HTTP,
 * through the typed client. The token comes from QP_ADMIN_TOKEN only (an argument would show in
 * `ps` and shell history) and is never printed. Answers go to stdout, as a table for people or
 * as the service's JSON with --json; the next page's cursor and errors go to stderr, and an
 * error exits 1 (main.ts prints it as `questpoints: CODE: detail (request ID)`).
 */
import { once } from "node:events";
import { Readable, Transform, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { type Command, InvalidArgumentError } from "commander";
import {
  ApiError,
  createQuestpointsClient,
  NetworkError,
  type paths,
  type QuestpointsClient,
  type QuestpointsClientOptions,
  REQUEST_TIMEOUT_MS_DEFAULT,
  streamGet,
  unwrap,
} from "../client/index.js";
import { LIST_LIMIT_MAX } from "../domain/limits.js";
import { AUDIT_ACTIONS, auditActionArgument } from "./admin-audit.js";
import {
  IMPORT_CONCURRENCY_DEFAULT,
  IMPORT_CONCURRENCY_MAX,
  IMPORT_HELP,
  importAccounts,
} from "./admin-import.js";
import {
  ACCOUNT_COLUMNS,
  ACTION_TYPE_COLUMNS,
  APPLICATION_COLUMNS,
  AUDIT_COLUMNS,
  CAMPAIGN_COLUMNS,
  type Column,
  keyColumns,
  PAYOUT_COLUMNS,
  PERIOD_COLUMNS,
  QUEST_COLUMNS,
  record,
  TABLE_WIDTH_MAX,
  table,
} from "./admin-tables.js";

export const QP_URL_DEFAULT = "http://127.0.0.1:$PORT (8080 when PORT is unset)";

/**
 * The service's address for a command: `--url`, else QP_URL, else the local service on the port
 * `serve` would use (PORT, as the service reads it; 8080 when unset or not a port).
 */
export function serviceUrl(flag: string | undefined, env: NodeJS.ProcessEnv): string {
  if (flag !== undefined) return flag;
  if (env.QP_URL) return urlArgument("QP_URL")(env.QP_URL);
  const port = /^\d{1,5}$/.test(env.PORT?.trim() ?? "") ? Number(env.PORT) : 0;
  return `http://127.0.0.1:${port > 0 && port <= 65535 ? port : 8080}`;
}

/** A NetworkError's message, with how to point the CLI at the service when it was not reached. */
export function withUrlHint(error: unknown): unknown {
  if (error instanceof NetworkError && error.kind === "unreachable") {
    error.message += "; is the service running there? Give its address with --url or QP_URL";
  }
  return error;
}
const GRACE_SECONDS_MAX = 604_800;
const TIMEOUT_MS_MAX = 600_000;

/** Where commands write, and what they read: the process's, or a test's. */
export interface AdminIo {
  stdout: Writable;
  stderr: Writable;
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
}

const STDIO: AdminIo = {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  env: process.env,
};

interface GroupOptions {
  url?: string;
  json?: boolean;
  timeout?: number;
}

interface Context {
  api: QuestpointsClient;
  client: QuestpointsClientOptions;
  json: boolean;
  io: AdminIo;
}

type Json = Record<string, unknown>;
interface Page<T> {
  items: T[];
  next_cursor: string | null;
}

// ---------------------------------------------------------------- argument parsers

export function urlArgument(flag: string) {
  return (value: string): string => {
    let parsed: URL;
    try {
      parsed = new URL(value);
    } catch {
      throw new InvalidArgumentError(`${flag} needs a URL such as http://127.0.0.1:8080.`);
    }
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
      throw new InvalidArgumentError(`${flag} must start with http: or https:.`);
    }
    return value.replace(/\/+$/, "");
  };
}

export function integerArgument(flag: string, min: number, max = Number.MAX_SAFE_INTEGER) {
  return (value: string): number => {
    const n = Number(value);
    if (!/^-?\d+$/.test(value) || !Number.isSafeInteger(n) || n < min || n > max) {
      throw new InvalidArgumentError(`${flag} is a whole number from ${min} to ${max}.`);
    }
    return n;
  };
}

function onOff(flag: string) {
  return (value: string): boolean => {
    if (value === "on" || value === "true") return true;
    if (value === "off" || value === "false") return false;
    throw new InvalidArgumentError(`${flag} is on or off.`);
  };
}

function oneOf<T extends string>(flag: string, values: readonly T[]) {
  return (value: string): T => {
    if ((values as readonly string[]).includes(value)) return value as T;
    throw new InvalidArgumentError(`${flag} is one of ${values.join(", ")}.`);
  };
}

/** A campaign id, or `none` for no campaign (null). */
function campaignArgument(value: string): number | null {
  if (value === "none") return null;
  return integerArgument("--campaign", 1)(value);
}

/** A text value, or `none` for null. */
function textOrNone(value: string): string | null {
  return value === "none" ? null : value;
}

const MODES = ["live", "test"] as const;
const APPLICATION_STATUSES = ["pending", "approved", "rejected"] as const;
type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
type PayoutQuery = NonNullable<paths["/admin/payouts"]["get"]["parameters"]["query"]>;

// ---------------------------------------------------------------- context and output

/** The group's options and the token; refuses clearly when QP_ADMIN_TOKEN is unset. */
function context(command: Command, io: AdminIo): Context {
  const options = command.optsWithGlobals<GroupOptions>();
  const adminToken = io.env.QP_ADMIN_TOKEN;
  if (!adminToken) {
    throw new Error(
      "QP_ADMIN_TOKEN is not set: export the service's operator token (its ADMIN_TOKEN) as QP_ADMIN_TOKEN. The token is never taken as an argument.",
    );
  }
  const baseUrl = serviceUrl(options.url, io.env);
  const client = { baseUrl, adminToken, timeoutMs: options.timeout ?? REQUEST_TIMEOUT_MS_DEFAULT };
  return { api: createQuestpointsClient(client), client, json: options.json ?? false, io };
}

function write(stream: Writable, text: string): void {
  stream.write(text);
}

/** Writes, then waits while the reader is behind: output of any length in bounded memory. */
async function writeInTurn(stream: Writable, text: string): Promise<void> {
  if (!stream.write(text)) await once(stream, "drain");
}

/** One answer: its JSON for scripts, else a two-column table. */
function show(ctx: Context, data: unknown, note?: string): void {
  if (ctx.json) {
    write(ctx.io.stdout, `${JSON.stringify(data, null, 2)}\n`);
    return;
  }
  write(ctx.io.stdout, record(data as Json));
  if (note) write(ctx.io.stderr, `${note}\n`);
}

/** An answer that is an array (not paged): JSON, or a table. */
function showArray<T>(ctx: Context, data: T[], columns: readonly Column<T>[]): void {
  if (ctx.json) write(ctx.io.stdout, `${JSON.stringify(data, null, 2)}\n`);
  else write(ctx.io.stdout, table(data, columns));
}

/**
 * An answer with no body (204): a line for people, or for scripts a JSON object saying what was
 * done, so that `--json` always prints one document.
 */
function done(ctx: Context, message: string, data: Json): void {
  if (ctx.json) write(ctx.io.stdout, `${JSON.stringify(data, null, 2)}\n`);
  else write(ctx.io.stdout, `${message}\n`);
}

/** Why a transfer stopped, in a few words: the idle deadline, or the connection's error. */
function cutShortReason(error: unknown, ctx: Context): string {
  const timeoutMs = ctx.client.timeoutMs ?? REQUEST_TIMEOUT_MS_DEFAULT;
  const name = (error as { name?: string } | undefined)?.name;
  if (name === "TimeoutError" || name === "AbortError") return `no data for ${timeoutMs} ms`;
  const cause = (error as { cause?: { code?: string; message?: string } } | undefined)?.cause;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}

// ---------------------------------------------------------------- listings

interface ListOptions {
  limit?: number;
  cursor?: string;
  all?: boolean;
}

function listOptions(command: Command): Command {
  return command
    .option(
      "--limit <n>",
      `items per page, 1..${LIST_LIMIT_MAX}`,
      integerArgument("--limit", 1, LIST_LIMIT_MAX),
    )
    .option("--cursor <cursor>", "start at this page (the cursor a previous page printed)")
    .option("--all", "follow next_cursor until the last page");
}

/**
 * Reads one page, or with --all every page, and prints it: a table (all pages in one), or the
 * JSON answer; with --all the pages' items are written as they arrive, as one `{items,
 * next_cursor: null}` document. Without --all, the next page's cursor goes to stderr.
 */
async function list<T>(
  ctx: Context,
  options: ListOptions,
  readPage: (page: { limit?: number; cursor?: string }) => Promise<Page<T>>,
  columns: readonly Column<T>[],
): Promise<void> {
  const first = await readPage(pageQuery(options, options.cursor));
  if (!options.all) {
    if (ctx.json) write(ctx.io.stdout, `${JSON.stringify(first, null, 2)}\n`);
    else write(ctx.io.stdout, table(first.items, columns));
    if (first.next_cursor !== null) {
      write(ctx.io.stderr, `next page: --cursor ${first.next_cursor}\n`);
    }
    return;
  }
  const items: T[] = [];
  let count = 0;
  const emit = async (page: Page<T>) => {
    for (const item of page.items) {
      if (ctx.json) {
        await writeInTurn(ctx.io.stdout, `${count === 0 ? "" : ",\n"}${JSON.stringify(item)}`);
      } else {
        items.push(item);
      }
      count++;
    }
  };
  if (ctx.json) write(ctx.io.stdout, '{"items":[\n');
  await emit(first);
  const seen = new Set<string>();
  let cursor = first.next_cursor;
  while (cursor !== null) {
    // A service that handed out the same cursor twice would loop forever.
    if (seen.has(cursor)) throw new Error(`the service repeated the cursor ${cursor}`);
    seen.add(cursor);
    const page = await readPage(pageQuery(options, cursor));
    await emit(page);
    cursor = page.next_cursor;
  }
  if (ctx.json) write(ctx.io.stdout, `${count === 0 ? "" : "\n"}],"next_cursor":null}\n`);
  else write(ctx.io.stdout, table(items, columns));
}

/** GET /admin/payouts answers JSON pages by default; csv and ndjson are `export`'s. */
function jsonPage<T extends Page<unknown>>(data: T | string): T {
  if (typeof data === "string") throw new Error("the service answered text, not a JSON page");
  return data;
}

function pageQuery(options: ListOptions, cursor: string | undefined) {
  return {
    ...(options.limit === undefined ? {} : { limit: options.limit }),
    ...(cursor === undefined ? {} : { cursor }),
  };
}

// ---------------------------------------------------------------- the commands

/** A PATCH body must change something. */
function nonEmpty<T extends object>(body: T): T {
  if (Object.values(body).every((value) => value === undefined)) {
    throw new Error("nothing to change: pass at least one field option (see --help).");
  }
  return body;
}

function exclusive(
  a: boolean | undefined,
  b: boolean | undefined,
  names: string,
): boolean | undefined {
  if (a && b) throw new Error(`${names} are each other's opposite: pass one.`);
  return a ? true : b ? false : undefined;
}

/** The key to revoke, from stdin (never argv): a pipe's whole text, or one typed line. */
async function readKey(io: AdminIo): Promise<string> {
  if (io.stdin.isTTY) write(io.stderr, "Paste the key to revoke, then Enter: ");
  let text = "";
  for await (const chunk of io.stdin) {
    text += typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
    if (io.stdin.isTTY && text.includes("\n")) break;
    if (text.length > 4096) throw new Error("stdin holds more than one key.");
  }
  const key = text.trim();
  if (!key)
    throw new Error(
      "no key on stdin: pipe the key in, e.g. `questpoints admin keys revoke-value < key.txt`.",
    );
  if (/\s/.test(key)) throw new Error("stdin holds more than one line: give one key.");
  return key;
}

const ADMIN_HELP_AFTER = `
Tables fit in ${TABLE_WIDTH_MAX} columns: long names are cut (…), times are UTC to the minute or the day,
addresses and ids of other things are shortened (0xFfFf…0001). --json prints the whole answer.`;

export function registerAdminCommands(program: Command, io: AdminIo = STDIO): void {
  const admin = program
    .command("admin")
    .description("the operator API over HTTP (token from QP_ADMIN_TOKEN)")
    .option(
      "--url <base>",
      `the service's address (default: QP_URL or ${QP_URL_DEFAULT})`,
      urlArgument("--url"),
    )
    .option("--json", "print the service's JSON answer (for scripts) instead of a table")
    .option(
      "--timeout <ms>",
      `longest wait for an answer (default: ${REQUEST_TIMEOUT_MS_DEFAULT})`,
      integerArgument("--timeout", 1, TIMEOUT_MS_MAX),
    )
    .addHelpText("after", ADMIN_HELP_AFTER);
  /** An action with the context built from its command's options. */
  const act =
    <A extends unknown[]>(fn: (ctx: Context, ...args: A) => Promise<void>) =>
    async (...args: unknown[]) => {
      const command = args[args.length - 1] as Command;
      try {
        await fn(context(command, io), ...(args.slice(0, -1) as A));
      } catch (error) {
        // BAD_REQUEST names each bad field: one line each, under the main line.
        if (error instanceof ApiError && error.errors.length > 0) {
          error.message += error.errors.map((e) => `\n  ${e.field}: ${e.message}`).join("");
        }
        throw withUrlHint(error);
      }
    };

  // accounts
  const accounts = admin.command("accounts").description("registered pass addresses");
  listOptions(accounts.command("list"))
    .description("list accounts, newest first")
    .option("--pass <address>", "only this pass")
    .action(
      act(async (ctx, options: ListOptions & { pass?: string }) =>
        list(
          ctx,
          options,
          async (page) =>
            unwrap(
              await ctx.api.GET("/admin/accounts", {
                params: { query: { pass: options.pass, ...page } },
              }),
            ),
          ACCOUNT_COLUMNS,
        ),
      ),
    );
  accounts
    .command("create")
    .argument("<pass>", "the pass address to register")
    .description("register a pass address (an existing one is answered as it is)")
    .action(
      act(async (ctx, pass: string) => {
        const result = await ctx.api.POST("/admin/accounts", { body: { pass } });
        show(ctx, unwrap(result), result.response.status === 200 ? "(already registered)" : "");
      }),
    );
  accounts
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
        process.exitCode = await importAccounts(
          ctx.api,
          { csv, concurrency, json: ctx.json },
          ctx.io,
        );
      }),
    );

  // campaigns
  const campaigns = admin.command("campaigns").description("campaigns");
  listOptions(campaigns.command("list"))
    .description("list campaigns")
    .action(
      act(async (ctx, options: ListOptions) =>
        list(
          ctx,
          options,
          async (page) =>
            unwrap(await ctx.api.GET("/admin/campaigns", { params: { query: page } })),
          CAMPAIGN_COLUMNS,
        ),
      ),
    );
  campaigns
    .command("create")
    .description("create a campaign")
    .requiredOption("--name <text>", "the campaign's name")
    .requiredOption("--description <text>", "what it is about")
    .requiredOption("--start <time>", "ISO 8601 with an offset, e.g. 2026-01-31T12:00:00Z")
    .requiredOption("--end <time>", "ISO 8601 with an offset")
    .option("--inactive", "create it switched off")
    .option("--external-app-id <id>", "the id of the campaign in another application")
    .action(
      act(
        async (
          ctx,
          options: {
            name: string;
            description: string;
            start: string;
            end: string;
            inactive?: boolean;
            externalAppId?: string;
          },
        ) => {
          const result = await ctx.api.POST("/admin/campaigns", {
            body: {
              name: options.name,
              description: options.description,
              start: options.start,
              end: options.end,
              ...(options.inactive ? { is_active: false } : {}),
              ...(options.externalAppId === undefined
                ? {}
                : { external_app_id: options.externalAppId }),
            },
          });
          show(ctx, unwrap(result));
        },
      ),
    );
  campaigns
    .command("update")
    .argument("<id>", "the campaign's id", integerArgument("<id>", 1))
    .description("change a campaign's fields")
    .option("--name <text>")
    .option("--description <text>")
    .option("--start <time>")
    .option("--end <time>")
    .option("--active", "switch it on")
    .option("--inactive", "switch it off")
    .option("--external-app-id <id|none>", "another application's id, or none", textOrNone)
    .action(
      act(
        async (
          ctx,
          id: number,
          options: {
            name?: string;
            description?: string;
            start?: string;
            end?: string;
            active?: boolean;
            inactive?: boolean;
            externalAppId?: string | null;
          },
        ) => {
          const body = nonEmpty({
            name: options.name,
            description: options.description,
            start: options.start,
            end: options.end,
            is_active: exclusive(options.active, options.inactive, "--active and --inactive"),
            external_app_id: options.externalAppId,
          });
          const result = await ctx.api.PATCH("/admin/campaigns/{id}", {
            params: { path: { id } },
            body,
          });
          show(ctx, unwrap(result));
        },
      ),
    );

  // quests
  const quests = admin.command("quests").description("quests, private and test ones too");
  listOptions(quests.command("list"))
    .description("list quests, newest first")
    .option("--owner <address>", "only quests of this owner's pass")
    .option("--campaign <id>", "only quests of this campaign", integerArgument("--campaign", 1))
    .option("--mode <mode>", "live or test", oneOf("--mode", MODES))
    .action(
      act(
        async (
          ctx,
          options: ListOptions & { owner?: string; campaign?: number; mode?: "live" | "test" },
        ) =>
          list(
            ctx,
            options,
            async (page) =>
              unwrap(
                await ctx.api.GET("/admin/quests", {
                  params: {
                    query: {
                      owner: options.owner,
                      campaign_id: options.campaign,
                      mode: options.mode,
                      ...page,
                    },
                  },
                }),
              ),
            QUEST_COLUMNS,
          ),
      ),
    );
  quests
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
    .option("--campaign <id>", "the campaign it belongs to", integerArgument("--campaign", 1))
    .option("--action-type <slug>", "its action type (default: default)")
    .option("--mode <mode>", "live (default) or test", oneOf("--mode", MODES))
    .action(
      act(
        async (
          ctx,
          options: {
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
            mode?: "live" | "test";
          },
        ) => {
          const result = await ctx.api.POST("/admin/quests", {
            body: {
              name: options.name,
              description: options.description,
              owner: options.owner,
              total_points: options.totalPoints,
              expected_points_per_completion: options.expectedPoints,
              start: options.start,
              end: options.end,
              ...(options.private ? { is_public: false } : {}),
              ...(options.inactive ? { is_active: false } : {}),
              ...(options.campaign === undefined ? {} : { campaign_id: options.campaign }),
              ...(options.actionType === undefined ? {} : { action_type: options.actionType }),
              ...(options.mode === undefined ? {} : { mode: options.mode }),
            },
          });
          show(ctx, unwrap(result));
        },
      ),
    );
  quests
    .command("update")
    .argument("<id>", "the quest's id", integerArgument("<id>", 1))
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
    .option("--campaign <id|none>", "move it to a campaign, or out of any", campaignArgument)
    .option("--action-type <slug>")
    .action(
      act(
        async (
          ctx,
          id: number,
          options: {
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
            campaign?: number | null;
            actionType?: string;
          },
        ) => {
          const body = nonEmpty({
            name: options.name,
            description: options.description,
            owner: options.owner,
            total_points: options.totalPoints,
            expected_points_per_completion: options.expectedPoints,
            start: options.start,
            end: options.end,
            is_public: exclusive(options.public, options.private, "--public and --private"),
            is_active: exclusive(options.active, options.inactive, "--active and --inactive"),
            campaign_id: options.campaign,
            action_type: options.actionType,
          });
          const result = await ctx.api.PATCH("/admin/quests/{questId}", {
            params: { path: { questId: id } },
            body,
          });
          show(ctx, unwrap(result));
        },
      ),
    );

  // keys
  const keys = admin.command("keys").description("owners' API keys");
  listOptions(keys.command("list"))
    .description("list keys (never the key itself)")
    .option("--owner <address>", "only keys of this owner's pass")
    .action(
      act(async (ctx, options: ListOptions & { owner?: string }) =>
        list(
          ctx,
          options,
          async (page) =>
            unwrap(
              await ctx.api.GET("/admin/keys", {
                params: { query: { owner: options.owner, ...page } },
              }),
            ),
          keyColumns(Date.now()),
        ),
      ),
    );
  keys
    .command("create")
    .argument("<owner>", "the owner's pass (a registered account)")
    .description("issue a key; it is shown only in this answer")
    .option("--mode <mode>", "live (default) or test", oneOf("--mode", MODES))
    .action(
      act(async (ctx, owner: string, options: { mode?: "live" | "test" }) => {
        const result = await ctx.api.POST("/admin/keys", {
          body: { owner, ...(options.mode === undefined ? {} : { mode: options.mode }) },
        });
        show(ctx, unwrap(result), "The key is shown only now: hand it to its owner.");
      }),
    );
  keys
    .command("revoke")
    .argument("<id>", "the key's id")
    .description("revoke a key by id; it answers 401 from then on")
    .action(
      act(async (ctx, id: string) => {
        unwrap(await ctx.api.DELETE("/admin/keys/{id}", { params: { path: { id } } }));
        done(ctx, `Key ${id} revoked.`, { id, revoked: true });
      }),
    );
  keys
    .command("revoke-value")
    .description("revoke a key given its value, read from stdin (never an argument)")
    .action(
      act(async (ctx) => {
        const key = await readKey(ctx.io);
        show(ctx, unwrap(await ctx.api.POST("/admin/keys/revoke", { body: { key } })));
      }),
    );
  keys
    .command("rotate")
    .argument("<id>", "the key's id")
    .description(
      "issue a new key of the same account and mode; the old one expires after the grace",
    )
    .option(
      "--grace-seconds <n>",
      "how long the old key keeps working (default 86400)",
      integerArgument("--grace-seconds", 0, GRACE_SECONDS_MAX),
    )
    .action(
      act(async (ctx, id: string, options: { graceSeconds?: number }) => {
        const answer = unwrap(
          await ctx.api.POST("/admin/keys/{id}/rotate", {
            params: { path: { id } },
            body: options.graceSeconds === undefined ? {} : { grace_seconds: options.graceSeconds },
          }),
        );
        show(ctx, answer, "The new key is shown only now: hand it to its owner.");
      }),
    );

  // features
  const features = admin.command("features").description("the quests and campaigns switches");
  features
    .command("get")
    .description("read the switches")
    .action(act(async (ctx) => show(ctx, unwrap(await ctx.api.GET("/admin/features")))));
  features
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

  // action types
  const actionTypes = admin.command("action-types").description("quests' action types");
  actionTypes
    .command("list")
    .description("every action type, with its quest count")
    .action(
      act(async (ctx) =>
        showArray(ctx, unwrap(await ctx.api.GET("/admin/action-types")), ACTION_TYPE_COLUMNS),
      ),
    );
  actionTypes
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

  // earning periods
  const periods = admin
    .command("earning-periods")
    .description("earning periods (never overlapping)");
  listOptions(periods.command("list"))
    .description("list earning periods, oldest first")
    .action(
      act(async (ctx, options: ListOptions) =>
        list(
          ctx,
          options,
          async (page) =>
            unwrap(await ctx.api.GET("/admin/earning-periods", { params: { query: page } })),
          PERIOD_COLUMNS,
        ),
      ),
    );
  periods
    .command("create")
    .description("define an earning period [start, end)")
    .requiredOption("--start <time>", "ISO 8601 with an offset")
    .requiredOption("--end <time>", "ISO 8601 with an offset")
    .action(
      act(async (ctx, options: { start: string; end: string }) => {
        const result = await ctx.api.POST("/admin/earning-periods", {
          body: { start: options.start, end: options.end },
        });
        show(ctx, unwrap(result));
      }),
    );
  periods
    .command("update")
    .argument("<id>", "the period's id", integerArgument("<id>", 1))
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
  periods
    .command("delete")
    .argument("<id>", "the period's id", integerArgument("<id>", 1))
    .description("delete a period no payout is stamped with")
    .action(
      act(async (ctx, id: number) => {
        unwrap(await ctx.api.DELETE("/admin/earning-periods/{id}", { params: { path: { id } } }));
        done(ctx, `Earning period ${id} deleted.`, { id, deleted: true });
      }),
    );

  // applications
  const applications = admin.command("applications").description("quest applications");
  listOptions(applications.command("list"))
    .description("list applications (oldest pending first with --status pending)")
    .option(
      "--status <status>",
      "pending, approved or rejected",
      oneOf("--status", APPLICATION_STATUSES),
    )
    .action(
      act(async (ctx, options: ListOptions & { status?: ApplicationStatus }) =>
        list(
          ctx,
          options,
          async (page) =>
            unwrap(
              await ctx.api.GET("/admin/applications", {
                params: { query: { status: options.status, ...page } },
              }),
            ),
          APPLICATION_COLUMNS,
        ),
      ),
    );
  applications
    .command("approve")
    .argument("<id>", "the application's id", integerArgument("<id>", 1))
    .description("approve: registers the owner and creates the live quest and its test twin")
    .option("--total-points <n>", "override the budget", integerArgument("--total-points", 0))
    .option(
      "--expected-points <n>",
      "override the expected points per completion",
      integerArgument("--expected-points", 0),
    )
    .option("--start <time>", "override the start")
    .option("--end <time>", "override the end")
    .option("--campaign <id>", "put the quest in a campaign", integerArgument("--campaign", 1))
    .option("--public", "show the quest in the public list")
    .option("--private", "leave the quest out of the public list")
    .option("--action-type <slug>", "override the action type")
    .action(
      act(
        async (
          ctx,
          id: number,
          options: {
            totalPoints?: number;
            expectedPoints?: number;
            start?: string;
            end?: string;
            campaign?: number;
            public?: boolean;
            private?: boolean;
            actionType?: string;
          },
        ) => {
          const body = {
            total_points: options.totalPoints,
            expected_points_per_completion: options.expectedPoints,
            start: options.start,
            end: options.end,
            campaign_id: options.campaign,
            is_public: exclusive(options.public, options.private, "--public and --private"),
            action_type: options.actionType,
          };
          const result = await ctx.api.POST("/admin/applications/{id}/approve", {
            params: { path: { id } },
            body,
          });
          show(ctx, unwrap(result));
        },
      ),
    );
  applications
    .command("reject")
    .argument("<id>", "the application's id", integerArgument("<id>", 1))
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

  // payouts
  const payouts = admin.command("payouts").description("payouts of every quest");
  const payoutFilters = (command: Command) =>
    command
      .option("--quest <id>", "only this quest's", integerArgument("--quest", 1))
      .option("--pass <address>", "only this pass's")
      .option("--period <id>", "only this earning period's", integerArgument("--period", 1))
      .option("--since <time>", "created at or after (ISO 8601)")
      .option("--until <time>", "created before (ISO 8601)")
      .option(
        "--reversed <true|false>",
        "only reversed payouts (true), or only those not reversed (false)",
        oneOf("--reversed", ["true", "false"] as const),
      );
  type PayoutFilters = {
    quest?: number;
    pass?: string;
    period?: number;
    since?: string;
    until?: string;
    reversed?: "true" | "false";
  };
  const payoutQuery = (options: PayoutFilters): PayoutQuery => ({
    quest_id: options.quest,
    pass: options.pass,
    earning_period_id: options.period,
    since: options.since,
    until: options.until,
    reversed: options.reversed === undefined ? undefined : options.reversed === "true",
  });
  listOptions(payoutFilters(payouts.command("list")))
    .description("list payouts, newest first")
    .action(
      act(async (ctx, options: ListOptions & PayoutFilters) =>
        list(
          ctx,
          options,
          async (page) =>
            jsonPage(
              unwrap(
                await ctx.api.GET("/admin/payouts", {
                  params: { query: { ...payoutQuery(options), ...page } },
                }),
              ),
            ),
          PAYOUT_COLUMNS,
        ),
      ),
    );
  payoutFilters(payouts.command("export"))
    .description("stream every matching payout to stdout, in constant memory")
    .option(
      "--format <format>",
      "csv (default) or ndjson",
      oneOf("--format", ["csv", "ndjson"] as const),
      "csv",
    )
    .action(
      act(async (ctx, options: PayoutFilters & { format: "csv" | "ndjson" }) => {
        const query: PayoutQuery = { ...payoutQuery(options), format: options.format };
        const { body } = await streamGet(ctx.client, "/admin/payouts", query);
        let bytes = 0;
        const counted = new Transform({
          transform(chunk: Buffer, _encoding, callback) {
            bytes += chunk.length;
            callback(null, chunk);
          },
        });
        try {
          await pipeline(
            Readable.fromWeb(body as WebReadableStream<Uint8Array>),
            counted,
            ctx.io.stdout,
            { end: false },
          );
        } catch (error) {
          // A reader that stops early (`| head`) is not an error of the export.
          if ((error as NodeJS.ErrnoException).code === "EPIPE") return;
          // The answer had begun: the service was reached, and what was printed is a part.
          throw new Error(
            `export cut short after ${bytes} bytes; the output is incomplete (${cutShortReason(error, ctx)})`,
          );
        }
      }),
    );

  payouts
    .command("reverse")
    .argument("<id>", "the payout's id")
    .description("put a payout's amount back into its quest's budget (once; audited)")
    .requiredOption("--reason <text>", "why (1..500 characters)")
    .action(
      act(async (ctx, id: string, options: { reason: string }) => {
        const result = await ctx.api.POST("/admin/payouts/{payoutId}/reversal", {
          params: { path: { payoutId: id } },
          body: { reason: options.reason },
        });
        show(ctx, unwrap(result).reversal);
      }),
    );

  // audit
  const audit = admin.command("audit").description("the append-only audit log");
  listOptions(audit.command("list"))
    .description("list audit entries, newest first")
    .option(
      "--action <name>",
      "only this action, e.g. quest.update (see --help for them all)",
      auditActionArgument,
    )
    .addHelpText(
      "after",
      `\nThe actions: ${AUDIT_ACTIONS.join(", ")}.\nThe details column sums up what changed; --json has it whole.`,
    )
    .option("--target-type <type>", "only entries about this kind of thing, e.g. quest")
    .option("--target-id <id>", "only entries about this thing")
    .action(
      act(
        async (
          ctx,
          options: ListOptions & { action?: string; targetType?: string; targetId?: string },
        ) =>
          list(
            ctx,
            options,
            async (page) =>
              unwrap(
                await ctx.api.GET("/admin/audit", {
                  params: {
                    query: {
                      action: options.action,
                      target_type: options.targetType,
                      target_id: options.targetId,
                      ...page,
                    },
                  },
                }),
              ),
            AUDIT_COLUMNS,
          ),
      ),
    );
}
