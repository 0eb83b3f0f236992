/**
 * `questpoints check`: the books check (src/use-cases/books-check.ts, docs/operations.md#books-check)
 * on a stopped embedded database (`--data-dir`, a restored backup too) or on PostgreSQL
 * (`--database-url` or DATABASE_URL), read in one snapshot while the service runs. It prints what
 * it checked and exits 0, or prints each mismatch and exits 1; --json prints the report.
 */
import { statSync } from "node:fs";
import { resolve } from "node:path";
import type { Command } from "commander";
import type { Db } from "../db/handle.js";
import type { BooksReport } from "../use-cases/books-check.js";
import { urlArgument } from "./arguments.js";
import type { CommandIo } from "./io.js";
import { jsonText, startProgress } from "./output.js";

interface CheckOptions {
  dataDir?: string;
  databaseUrl?: string;
  json?: boolean;
}

const POSTGRES_PROTOCOLS = ["postgres:", "postgresql:"] as const;
const POSTGRES_EXAMPLE = "postgres://user@host:5432/questpoints";
/** One connection: the check is one transaction. */
const CHECK_POOL_SIZE = 1;

/** A PostgreSQL URL as it may be printed: without its user and password. */
function shownUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
}

/** Where the check reads: the flags first, then DATABASE_URL, then DATA_DIR. */
function chosenDatabase(
  options: CheckOptions,
  env: NodeJS.ProcessEnv,
): { dataDir: string } | { url: string } {
  if (options.dataDir !== undefined && options.databaseUrl !== undefined) {
    throw new Error("Give --data-dir or --database-url, not both.");
  }
  if (options.dataDir !== undefined) return { dataDir: options.dataDir };
  if (options.databaseUrl !== undefined) return { url: options.databaseUrl };
  if (env.DATABASE_URL) {
    return {
      url: urlArgument("DATABASE_URL", POSTGRES_PROTOCOLS, POSTGRES_EXAMPLE)(env.DATABASE_URL),
    };
  }
  if (env.DATA_DIR) return { dataDir: env.DATA_DIR };
  throw new Error(
    "Which database? Give --data-dir DIR (a stopped embedded database or a restored backup), " +
      "or --database-url URL / DATABASE_URL (PostgreSQL).",
  );
}

/** The embedded database in `dir`, refused unless it is there and no process holds it. */
async function openDataDir(dir: string): Promise<Db> {
  const path = resolve(dir);
  let isDirectory: boolean;
  try {
    isDirectory = statSync(path).isDirectory();
  } catch {
    throw new Error(`The data directory ${path} does not exist.`);
  }
  if (!isDirectory) throw new Error(`${path} is not a directory.`);
  // A PostgreSQL cluster's directory names its version here; PGlite's is one too.
  if (!statSync(resolve(path, "PG_VERSION"), { throwIfNoEntry: false })?.isFile()) {
    throw new Error(`${path} holds no database (no PG_VERSION file): nothing to check.`);
  }
  const { openPglite } = await import("../db/pglite.js");
  try {
    return await openPglite(path);
  } catch (error) {
    throw new Error(
      `${error instanceof Error ? error.message : String(error)} questpoints check reads a ` +
        "stopped embedded database: stop the service first, or check a backup of it " +
        "(questpoints admin backup, then questpoints restore, which checks the books).",
    );
  }
}

async function openChosen(target: { dataDir: string } | { url: string }): Promise<Db> {
  if ("dataDir" in target) return openDataDir(target.dataDir);
  const { openPostgres } = await import("../db/postgres.js");
  return openPostgres({ url: target.url, poolSize: CHECK_POOL_SIZE });
}

/**
 * The report for people, as `questpoints check` prints it (and `restore` after unpacking): each
 * mismatch, then one line of what was checked.
 */
export function booksReportText(report: BooksReport): string {
  const { quests, passes, payouts } = report.checked;
  const read = `Checked ${quests} quests, ${passes} passes and ${payouts} payouts`;
  const count = report.mismatches.length + report.unlisted;
  if (count === 0) return `${read}: the books hold.\n`;
  const lines = report.mismatches.map((mismatch) => `${mismatch.detail}\n`);
  if (report.unlisted > 0) lines.push(`… and ${report.unlisted} more not listed.\n`);
  return `${lines.join("")}${read}: ${count} ${count === 1 ? "mismatch" : "mismatches"}.\n`;
}

async function runCheck(options: CheckOptions, io: CommandIo): Promise<void> {
  const target = chosenDatabase(options, io.env);
  const { BOOKS_CHECK_COUNT, checkBooks } = await import("../use-cases/books-check.js");
  const db = await openChosen(target);
  let done = 0;
  let current = "";
  const progress = io.stderr.isTTY
    ? startProgress(io.stderr, {
        title: "Checking the books…",
        label: "check",
        unit: "checks",
        total: BOOKS_CHECK_COUNT,
        decided: () => done,
        counts: () => current,
      })
    : undefined;
  let report: BooksReport;
  try {
    report = await checkBooks(db, {
      onProgress: ({ check, name }) => {
        done = check - 1;
        current = name;
        progress?.update();
      },
    });
    done = BOOKS_CHECK_COUNT;
    current = "";
    progress?.update();
  } catch (error) {
    const where = "url" in target ? `PostgreSQL at ${shownUrl(target.url)}` : target.dataDir;
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`Could not check the books of ${where}: ${message}`, { cause: error });
  } finally {
    progress?.stop();
    await db.close();
  }
  io.stdout.write(
    options.json
      ? jsonText({ ok: report.mismatches.length + report.unlisted === 0, ...report })
      : booksReportText(report),
  );
  if (report.mismatches.length + report.unlisted > 0) io.setExitCode(1);
}

export function registerCheckCommand(program: Command, io: CommandIo): void {
  program
    .command("check")
    .description(
      "check the books: every quest's budget, the kept totals, payout positions and counts per " +
        "pass against the payouts; exits 1 on a mismatch",
    )
    .option(
      "--data-dir <dir>",
      "a stopped embedded database, or a restored backup (default: DATA_DIR when no DATABASE_URL)",
    )
    .option(
      "--database-url <url>",
      "PostgreSQL, read in one snapshot while the service runs (default: DATABASE_URL)",
      urlArgument("--database-url", POSTGRES_PROTOCOLS, POSTGRES_EXAMPLE),
    )
    .option("--json", "print the report as JSON")
    .action((options: CheckOptions) => runCheck(options, io));
}
