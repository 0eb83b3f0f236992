#!/usr/bin/env node
import cluster from "node:cluster";
import { readFileSync } from "node:fs";
import { Command } from "commander";
import { type Config, ConfigError, loadConfig } from "../config.js";
import type { Db } from "../store/db.js";
import { registerAdminCommands } from "./admin.js";
import { registerAllocateCommand } from "./allocate.js";
import { registerChainCommands } from "./chain.js";
import { startProgress } from "./output.js";

// The service's own modules (Fastify, the databases) load only for the commands that run it, so
// the HTTP clients (`admin`, `allocate`) start fast.

/** package.json's version: the same file from src/cli/ (tsx) and from dist/cli/ (built). */
function packageVersion(): string {
  const file = new URL("../../package.json", import.meta.url);
  return (JSON.parse(readFileSync(file, "utf8")) as { version: string }).version;
}

function config(): Config {
  return loadConfig(process.env);
}

function baseUrl(cfg: Config): string {
  const host = cfg.host === "0.0.0.0" || cfg.host === "::" ? "127.0.0.1" : cfg.host;
  return `${cfg.tls ? "https" : "http"}://${host}:${cfg.port}`;
}

async function runDemo(cfg: Config): Promise<void> {
  const { openDatabase } = await import("../runtime.js");
  const { migrate } = await import("../store/migrate.js");
  const { demoInstructions, seedDemo } = await import("../use-cases/seed-demo.js");
  const db = await openDatabase(cfg);
  try {
    await migrate(db);
    const demo = await seedDemo(db);
    if (demo) process.stdout.write(demoInstructions(demo, baseUrl(cfg)));
    else process.stdout.write("The database already holds quests; demo skipped.\n");
  } finally {
    await db.close();
  }
}

/** The positions backfill to its end, with a progress bar; busy quests are waited for. */
async function fillPositionsWithProgress(db: Db): Promise<void> {
  const { payoutsWithoutPosition } = await import("../store/payout-positions.js");
  const { fillPayoutPositions, POSITIONS_RETRY_MS } = await import(
    "../use-cases/payout-positions.js"
  );
  const total = await payoutsWithoutPosition(db);
  if (total === 0) return;
  let numbered = 0;
  const progress = startProgress(process.stderr, {
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
  process.stdout.write(`Payout positions filled: ${numbered} payouts.\n`);
}

const program = new Command()
  .name("questpoints")
  .description("Quest Points Allocation Service")
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
      process.stdout.write(
        applied.length ? `Applied: ${applied.join(", ")}\n` : "Schema is up to date.\n",
      );
      await fillPositionsWithProgress(db);
    } finally {
      await db.close();
    }
  });

program
  .command("demo")
  .description("on an empty database, create a demo quest and API key and print how to try them")
  .action(async () => runDemo(config()));

registerChainCommands(program, config);
registerAdminCommands(program);
registerAllocateCommand(program);

program.parseAsync().catch((error: unknown) => {
  const message =
    error instanceof ConfigError
      ? `Configuration error: ${error.message}`
      : String(error instanceof Error ? error.message : error);
  process.stderr.write(`questpoints: ${message}\n`);
  process.exit(1);
});
