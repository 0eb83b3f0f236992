/**
 * Every `questpoints admin <group> list`, as rows of one table: the path it reads, the columns
 * a person sees, and the filters it takes (each an option that sets one query parameter). A paged
 * listing takes --limit, --cursor and --all; one that answers a single array takes none.
 */
import { type Command, Option } from "commander";
import { type paths, type QueryValue, unwrap } from "../../client/index.js";
import { LIST_LIMIT_MAX } from "../../domain/limits.js";
import {
  AUDIT_ACTIONS,
  auditActionArgument,
  auditActorArgument,
  idArgument,
  integerArgument,
  modeArgument,
  oneOf,
  trueFalse,
} from "../arguments.js";
import { showItems, writeInTurn } from "../output.js";
import { type Column, type ItemOf, table } from "../tables.js";
import {
  ACCOUNT_COLUMNS,
  ACTION_TYPE_COLUMNS,
  APPLICATION_COLUMNS,
  AUDIT_COLUMNS,
  CAMPAIGN_COLUMNS,
  keyColumns,
  OPERATOR_COLUMNS,
  PAYOUT_COLUMNS,
  PERIOD_COLUMNS,
  QUEST_COLUMNS,
} from "./columns.js";
import type { Act, Context } from "./context.js";

// ---------------------------------------------------------------- the table

type ListPath =
  | "/admin/accounts"
  | "/admin/campaigns"
  | "/admin/quests"
  | "/admin/keys"
  | "/admin/action-types"
  | "/admin/earning-periods"
  | "/admin/applications"
  | "/admin/payouts"
  | "/admin/audit"
  | "/admin/operators";
type QueryOf<P extends ListPath> = NonNullable<paths[P]["get"]["parameters"]["query"]>;

/** An option of a listing that sets one query parameter to its (parsed) value. */
interface AnyFilter {
  /** commander's flags: `--pass <address>`. */
  flags: string;
  description: string;
  parse?: (value: string) => QueryValue;
  param: string;
}

/** A filter of the listing at `P`, whose parameter `P` takes. */
export interface Filter<P extends ListPath> extends AnyFilter {
  param: keyof QueryOf<P> & string;
}

interface Listing<P extends ListPath> {
  /** `admin <group> list`. */
  group: string;
  path: P;
  description: string;
  /** A function when the cells depend on the time of the listing. */
  columns: readonly Column<ItemOf<P>>[] | (() => readonly Column<ItemOf<P>>[]);
  filters?: readonly Filter<P>[];
  /** False for an answer that is one array: no --limit, --cursor or --all. */
  paged?: boolean;
  /** --help lists the filters before --limit, --cursor and --all (as payouts' always has). */
  filtersFirst?: boolean;
  /** Text after the options in --help. */
  help?: string;
}

type AnyListing = { [P in ListPath]: Listing<P> }[ListPath];

const APPLICATION_STATUSES = ["pending", "approved", "rejected"] as const;

/** `payouts list`'s filters, which `payouts export` takes too. */
export const PAYOUT_FILTERS: readonly Filter<"/admin/payouts">[] = [
  {
    flags: "--quest <id>",
    description: "only this quest's",
    parse: idArgument("--quest"),
    param: "quest_id",
  },
  { flags: "--pass <address>", description: "only this pass's", param: "pass" },
  {
    flags: "--period <id>",
    description: "only this earning period's",
    parse: idArgument("--period"),
    param: "earning_period_id",
  },
  { flags: "--since <time>", description: "created at or after (ISO 8601)", param: "since" },
  { flags: "--until <time>", description: "created before (ISO 8601)", param: "until" },
  {
    flags: "--reversed <true|false>",
    description: "only reversed payouts (true), or only those not reversed (false)",
    parse: trueFalse("--reversed"),
    param: "reversed",
  },
];

export const ADMIN_LISTS: readonly AnyListing[] = [
  {
    group: "accounts",
    path: "/admin/accounts",
    description: "list accounts, newest first",
    columns: ACCOUNT_COLUMNS,
    filters: [{ flags: "--pass <address>", description: "only this pass", param: "pass" }],
  },
  {
    group: "campaigns",
    path: "/admin/campaigns",
    description: "list campaigns",
    columns: CAMPAIGN_COLUMNS,
  },
  {
    group: "quests",
    path: "/admin/quests",
    description: "list quests, newest first",
    columns: QUEST_COLUMNS,
    filters: [
      {
        flags: "--owner <address>",
        description: "only quests of this owner's pass",
        param: "owner",
      },
      {
        flags: "--campaign <id>",
        description: "only quests of this campaign",
        parse: idArgument("--campaign"),
        param: "campaign_id",
      },
      { flags: "--mode <mode>", description: "live or test", parse: modeArgument, param: "mode" },
    ],
  },
  {
    group: "keys",
    path: "/admin/keys",
    description: "list keys (never the key itself)",
    columns: () => keyColumns(Date.now()),
    filters: [
      { flags: "--owner <address>", description: "only keys of this owner's pass", param: "owner" },
    ],
  },
  {
    group: "action-types",
    path: "/admin/action-types",
    description: "every action type, with its quest count",
    columns: ACTION_TYPE_COLUMNS,
    paged: false,
  },
  {
    group: "earning-periods",
    path: "/admin/earning-periods",
    description: "list earning periods, oldest first",
    columns: PERIOD_COLUMNS,
  },
  {
    group: "applications",
    path: "/admin/applications",
    description: "list applications (oldest pending first with --status pending)",
    columns: APPLICATION_COLUMNS,
    filters: [
      {
        flags: "--status <status>",
        description: "pending, approved or rejected",
        parse: oneOf("--status", APPLICATION_STATUSES),
        param: "status",
      },
    ],
  },
  {
    group: "payouts",
    path: "/admin/payouts",
    description: "list payouts, newest first",
    columns: PAYOUT_COLUMNS,
    filters: PAYOUT_FILTERS,
    filtersFirst: true,
  },
  {
    group: "audit",
    path: "/admin/audit",
    description: "list audit entries, newest first",
    columns: AUDIT_COLUMNS,
    filters: [
      {
        flags: "--action <name>",
        description: "only this action, e.g. quest.update (see --help for them all)",
        parse: auditActionArgument,
        param: "action",
      },
      {
        flags: "--target-type <type>",
        description: "only entries about this kind of thing, e.g. quest",
        param: "target_type",
      },
      {
        flags: "--target-id <id>",
        description: "only entries about this thing",
        param: "target_id",
      },
      {
        flags: "--actor <actor>",
        description:
          "only changes made by operator:<id> (operator:bootstrap: ADMIN_TOKEN), account:<id>, pass:<address>, applicant or service",
        parse: auditActorArgument,
        param: "actor",
      },
    ],
    help: `\nThe actions: ${AUDIT_ACTIONS.join(", ")}.\nThe details column sums up what changed; --json has it whole.`,
  },
  {
    group: "operators",
    path: "/admin/operators",
    description: "list operators, newest first (never a token)",
    columns: OPERATOR_COLUMNS,
  },
];

// ---------------------------------------------------------------- filters

/** Adds an option for each filter to `command`. */
export function addFilters(command: Command, filters: readonly AnyFilter[]): Command {
  for (const filter of filters) {
    const option = new Option(filter.flags, filter.description);
    command.addOption(filter.parse ? option.argParser(filter.parse) : option);
  }
  return command;
}

/** The query parameters the filters' options ask for (undefined where an option is not given). */
export function filterQuery(
  filters: readonly AnyFilter[],
  options: Record<string, unknown>,
): Record<string, QueryValue> {
  const optionValue = (filter: AnyFilter) =>
    options[new Option(filter.flags).attributeName()] as QueryValue;
  return Object.fromEntries(filters.map((filter) => [filter.param, optionValue(filter)]));
}

// ---------------------------------------------------------------- pages

interface PageOptions {
  limit?: number;
  cursor?: string;
  all?: boolean;
}

interface Page<T> {
  items: T[];
  next_cursor: string | null;
}

type PageQuery = { limit?: number; cursor?: string };

function addPageOptions(command: Command): Command {
  return command
    .option(
      "--limit <n>",
      `items per page, 1..${LIST_LIMIT_MAX}`,
      integerArgument("--limit", 1, LIST_LIMIT_MAX),
    )
    .option("--cursor <cursor>", "start at this page (the cursor a previous page printed)")
    .option("--all", "follow next_cursor until the last page");
}

function pageQuery(options: PageOptions, cursor: string | undefined): PageQuery {
  return {
    ...(options.limit === undefined ? {} : { limit: options.limit }),
    ...(cursor === undefined ? {} : { cursor }),
  };
}

type GetAnswer = (
  path: ListPath,
  init: { params: { query: Record<string, unknown> } },
) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

/**
 * GET `path` with `query`: the answer's JSON (the service answers a listing as JSON by default).
 * One function serves every listing, so the typed client's GET, which takes one literal path, is
 * called through a wider type.
 */
async function readAnswer(ctx: Context, path: ListPath, query: Record<string, unknown>) {
  const get = ctx.api.GET.bind(ctx.api) as unknown as GetAnswer;
  const data = unwrap(await get(path, { params: { query } }));
  if (typeof data === "string") throw new Error("the service answered text, not a JSON page");
  return data;
}

/** Every page from `first` on, following next_cursor. */
async function* pagesFrom<T>(
  first: Page<T>,
  options: PageOptions,
  readPage: (page: PageQuery) => Promise<Page<T>>,
): AsyncGenerator<Page<T>> {
  yield first;
  const seen = new Set<string>();
  let cursor = first.next_cursor;
  while (cursor !== null) {
    // A service that handed out the same cursor twice would loop forever.
    if (seen.has(cursor)) throw new Error(`the service repeated the cursor ${cursor}`);
    seen.add(cursor);
    const page = await readPage(pageQuery(options, cursor));
    yield page;
    cursor = page.next_cursor;
  }
}

/**
 * --all: the pages' items in one table, or for scripts written as they arrive, as one
 * `{items, next_cursor: null}` document (any length in bounded memory).
 */
async function printAll<T>(
  ctx: Context,
  pages: AsyncIterable<Page<T>>,
  columns: readonly Column<T>[],
): Promise<void> {
  const out = ctx.io.stdout;
  if (!ctx.json) {
    const items: T[] = [];
    for await (const page of pages) items.push(...page.items);
    out.write(table(items, columns));
    return;
  }
  out.write('{"items":[\n');
  let count = 0;
  for await (const page of pages) {
    for (const item of page.items) {
      await writeInTurn(out, `${count === 0 ? "" : ",\n"}${JSON.stringify(item)}`);
      count++;
    }
  }
  out.write(`${count === 0 ? "" : "\n"}],"next_cursor":null}\n`);
}

/**
 * Reads one page, or with --all every page, and prints it (see printAll). Without --all, the
 * next page's cursor goes to stderr.
 */
async function printPages<T>(
  ctx: Context,
  options: PageOptions,
  readPage: (page: PageQuery) => Promise<Page<T>>,
  columns: readonly Column<T>[],
): Promise<void> {
  const first = await readPage(pageQuery(options, options.cursor));
  if (options.all) return printAll(ctx, pagesFrom(first, options, readPage), columns);
  showItems(ctx, first, first.items, columns);
  if (first.next_cursor !== null) ctx.io.stderr.write(`next page: --cursor ${first.next_cursor}\n`);
}

// ---------------------------------------------------------------- the command

/** `admin <group> list` of `listing`, added to `group`. */
export function addListCommand(group: Command, listing: AnyListing, act: Act): void {
  const filters: readonly AnyFilter[] = listing.filters ?? [];
  const paged = listing.paged ?? true;
  const command = group.command("list").description(listing.description);
  if (listing.filtersFirst) addFilters(command, filters);
  if (paged) addPageOptions(command);
  if (!listing.filtersFirst) addFilters(command, filters);
  if (listing.help) command.addHelpText("after", listing.help);
  command.action(
    act(async (ctx, options: PageOptions & Record<string, unknown>) => {
      const columns = (
        typeof listing.columns === "function" ? listing.columns() : listing.columns
      ) as readonly Column<unknown>[];
      const query = filterQuery(filters, options);
      const read = (page: PageQuery) => readAnswer(ctx, listing.path, { ...query, ...page });
      if (!paged) {
        const items = (await read({})) as unknown[];
        return showItems(ctx, items, items, columns);
      }
      await printPages(ctx, options, async (page) => (await read(page)) as Page<unknown>, columns);
    }),
  );
}
