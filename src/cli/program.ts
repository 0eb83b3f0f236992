/**
 * The `questpoints` program: every command, on the io it is given (io.ts). main.ts runs it on the
 * process's own; a test runs it in its process on buffers and an environment of its own, a fresh
 * program each time.
 */
import cluster from "node:cluster";
import { readFileSync } from "node:fs";
import { Command } from "commander";
import { type Config, ConfigError, loadConfig } from "../config.js";
import type { Db } from "../db/handle.js";
import { registerAdminCommands } from "./admin.js";
import { registerAllocateCommand } from "./allocate.js";
import { registerApplyCommand } from "./apply.js";
import { registerChainCommands } from "./chain.js";
import { registerCheckCommand } from "./check.js";
import type { CliIo, CliOutput, CommandIo } from "./io.js";
import { startProgress } from "./output.js";
import { registerRestoreCommand } from "./restore.js";

// The service's own modules (Fastify, the databases) load only for the commands that run it, so
// the HTTP clients (`admin`, `allocate`) start fast.

/** package.json's version: the same file from src/cli/ (tsx) and from dist/cli/ (built). */
function packageVersion(): string {
  const file = new URL("../../package.json", import.meta.url);
  return (JSON.parse(readFileSync(file, "utf8")) as { version: string }).version;
}

function baseUrl(cfg: Config): string {
  const host = cfg.host === "0.0.0.0" || cfg.host === "::" ? "127.0.0.1" : cfg.host;
  return `${cfg.tls ? "https" : "http"}://${host}:${cfg.port}`;
}

async function runDemo(cfg: Config, io: CliIo): Promise<void> {
  const { openDatabase } = await import("../runtime.js");
  const { migrate } = await import("../store/migrate.js");
  const { demoInstructions, seedDemo } = await import("../use-cases/seed-demo.js");
  const db = await openDatabase(cfg);
  try {
    await migrate(db);
    const demo = await seedDemo(db);
    if (demo) io.stdout.write(demoInstructions(demo, baseUrl(cfg), cfg.signIn.publicBaseUrl));
    else io.stdout.write("The database already holds quests; demo skipped.\n");
  } finally {
    await db.close();
  }
}

/** The positions backfill to its end, with a progress bar; busy quests are waited for. */
async function fillPositionsWithProgress(db: Db, io: CliIo): Promise<void> {
  const { payoutsWithoutPosition } = await import("../store/payout-positions.js");
  const { fillPayoutPositions, POSITIONS_RETRY_MS } = await import(
    "../machinery/payout-positions-backfill.js"
  );
  const total = await payoutsWithoutPosition(db);
  if (total === 0) return;
  let numbered = 0;
  const progress = startProgress(io.stderr, {
    title: `Numbering ${total} payouts made before migration 011 (positions for constant-cost pages)…`,
    label: "positions",
    unit: "payouts",
    total,
    decided: () => numbered,
    counts: () => `${numbered} numbered`,
  });
  try {
    for (;;) {
      const run = await fillPayoutPositions(db, {
        onProgress: (n) => {
          numbered += n;
          progress.update();
        },
      });
      if (run.complete) break;
      // Another process holds a quest, or an allocation held its lock past the lock timeout.
      await new Promise((resolve) => setTimeout(resolve, POSITIONS_RETRY_MS / 10));
    }
  } finally {
    progress.stop();
  }
  io.stdout.write(`Payout positions filled: ${numbered} payouts.\n`);
}

/**
 * Colours forced on or off by the environment, as commander decides it from process.env (NO_COLOR,
 * FORCE_COLOR, CLICOLOR_FORCE); undefined leaves it to the stream.
 */
function colourChoice(env: NodeJS.ProcessEnv): boolean | undefined {
  if (env.NO_COLOR || env.FORCE_COLOR === "0" || env.FORCE_COLOR === "false") return false;
  if (env.FORCE_COLOR || env.CLICOLOR_FORCE !== undefined) return true;
  return undefined;
}

const hasColours = (stream: CliOutput, env: NodeJS.ProcessEnv) =>
  colourChoice(env) ?? (stream.isTTY === true && stream.hasColors?.() === true);

/** Commander's help width where the stream is no terminal (a pipe, a file, a test's buffer). */
const HELP_WIDTH_DEFAULT = 80;
const helpWidth = (stream: CliOutput) => (stream.isTTY && stream.columns) || HELP_WIDTH_DEFAULT;

/** Commander's own end of a run (help, version, a usage error it has printed), with its code. */
class CommanderExit extends Error {
  constructor(readonly exitCode: number) {
    super(`commander exit ${exitCode}`);
  }
}

/** Every command of the CLI, printing to `io` and reading its settings from `io.env`. */
export function buildProgram(io: CommandIo): Command {
  const config = (): Config => loadConfig(io.env);
  const program = new Command()
    .name("questpoints")
    .description("Quest Points Allocation Service")
    // Help and usage errors go where the commands print, at the width of that stream, as
    // commander would do on the process's own; and a run ends by returning, not by exiting.
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      getOutHelpWidth: () => helpWidth(io.stdout),
      getErrHelpWidth: () => helpWidth(io.stderr),
      getOutHasColors: () => hasColours(io.stdout, io.env),
      getErrHasColors: () => hasColours(io.stderr, io.env),
    })
    .exitOverride((error) => {
      throw new CommanderExit(error.exitCode);
    })
    .version(packageVersion(), "-V, --version", "print the version")
    .showHelpAfterError();

  program
    .command("serve")
    .description("serve the HTTP API (PORT, HOST, DATABASE_URL, DATA_DIR, …)")
    .option("--demo-if-empty", "seed demo data first when the database holds no quests")
    .action(async (options: { demoIfEmpty?: boolean }) => {
      const cfg = config();
      if (cfg.workers > 1 && cluster.isPrimary) {
        await (await import("../workers.js")).serveWithWorkers(cfg);
      } else {
        await (await import("../server.js")).serve(cfg, {
          demoIfEmpty: options.demoIfEmpty ?? false,
        });
      }
    });

  program
    .command("migrate")
    .description(
      "apply pending schema migrations, fill the payout positions of payouts made before them " +
        "(a running service does this too, in the background), and exit",
    )
    .action(async () => {
      const { openDatabase } = await import("../runtime.js");
      const { migrate } = await import("../store/migrate.js");
      const db = await openDatabase(config());
      try {
        const { applied } = await migrate(db);
        io.stdout.write(
          applied.length ? `Applied: ${applied.join(", ")}\n` : "Schema is up to date.\n",
        );
        await fillPositionsWithProgress(db, io);
      } finally {
        await db.close();
      }
    });

  program
    .command("demo")
    .description(
      "on an empty database, create a demo quest, API key and operator and print how to try them",
    )
    .action(async () => runDemo(config(), io));

  registerRestoreCommand(program, io);

  registerCheckCommand(program, io);

  registerChainCommands(program, config, {
    out: (text) => io.stdout.write(text),
    err: (text) => io.stderr.write(text),
  });
  registerAdminCommands(program, io);
  registerAllocateCommand(program, io);
  registerApplyCommand(program, io);
  return program;
}

/**
 * Runs `questpoints ARGV` on `io`; resolves with the exit code once the command's action has
 * returned (`serve` goes on serving after that). An error is printed on stderr as
 * `questpoints: message` (no stack trace: the message says what to do) and gives 1; then, as
 * after commander's own end of a run, `io.exit` ends the process when there is one.
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  let exitCode = 0;
  const program = buildProgram({
    ...io,
    setExitCode: (code) => {
      exitCode = code;
    },
  });
  let failure: number;
  try {
    await program.parseAsync([...argv], { from: "user" });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderExit) {
      failure = error.exitCode;
    } else {
      const message =
        error instanceof ConfigError
          ? `Configuration error: ${error.message}`
          : String(error instanceof Error ? error.message : error);
      io.stderr.write(`questpoints: ${message}\n`);
      failure = 1;
    }
  }
  io.exit?.(failure);
  return failure;
}
