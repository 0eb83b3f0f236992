/**
 * `questpoints restore FILE --data-dir DIR`: a backup of the embedded database (`admin backup`,
 * GET /admin/backup) made into a data directory, checked before it is put in place
 * (src/use-cases/backup.ts): unpacked beside DIR, opened and migrated as the service would, its
 * books checked (src/use-cases/books-check.ts), then renamed to DIR. Exits 1 when the books do
 * not hold (the directory stays, for a look), and prints how to start the service on it.
 */
import { resolve } from "node:path";
import type { Command } from "commander";
import type { BooksReport } from "../use-cases/books-check.js";
import { byteSize } from "./admin/backup.js";
import { EXIT_INTERRUPTED } from "./allocate-runner.js";
import { booksReportText } from "./check.js";
import type { CommandIo } from "./io.js";
import { jsonText } from "./output.js";

const PROGRESS_INTERVAL_MS = 250;

/** `path` as one shell word: as it is when it is plain, else single-quoted. */
function shellWord(path: string): string {
  return /^[\w./@%+=:,-]+$/.test(path) ? path : `'${path.replaceAll("'", "'\\''")}'`;
}

/** On a terminal, the share of the file unpacked, rewritten in place; elsewhere nothing. */
function unpackProgress(io: CommandIo) {
  if (!io.stderr.isTTY) return { update: (_read: number, _of: number) => {}, stop: () => {} };
  let last = 0;
  return {
    update(read: number, of: number) {
      const now = performance.now();
      if (now - last < PROGRESS_INTERVAL_MS) return;
      last = now;
      const share = of > 0 ? Math.floor((100 * read) / of) : 100;
      io.stderr.write(`\rrestore: unpacking ${share}% of ${byteSize(of)}`);
    },
    stop: () => io.stderr.write("\r\x1b[K"),
  };
}

async function runRestore(
  file: string,
  options: { dataDir: string; json?: boolean },
  io: CommandIo,
): Promise<void> {
  const { restoreBackup } = await import("../use-cases/backup.js");
  const { checkBooks } = await import("../use-cases/books-check.js");
  const say = (text: string) => {
    if (!options.json) io.stdout.write(text);
  };
  const interrupt = new AbortController();
  let interrupts = 0;
  const stopListening =
    io.onInterrupt?.(() => {
      if (++interrupts > 1) io.exit?.(EXIT_INTERRUPTED);
      interrupt.abort();
    }) ?? (() => {});
  const progress = unpackProgress(io);
  let result: Awaited<ReturnType<typeof restoreBackup<BooksReport>>>;
  try {
    result = await restoreBackup({
      file,
      dataDir: options.dataDir,
      signal: interrupt.signal,
      onRead: progress.update,
      onStep(step) {
        if (step.step === "unpacked") {
          progress.stop();
          say(`Unpacked ${step.files} files (${byteSize(step.bytes)}).\n`);
        } else {
          const applied = step.migrationsApplied;
          say(
            applied.length === 0
              ? "The database opens, at this release's schema.\n"
              : `The database opens; applied the migrations it lacked: ${applied.join(", ")}.\n`,
          );
        }
      },
      check: (db) => checkBooks(db),
    });
  } catch (error) {
    if (!interrupt.signal.aborted) throw error;
    io.stderr.write(`questpoints: ${(error as Error).message}\n`);
    io.setExitCode(EXIT_INTERRUPTED);
    return;
  } finally {
    progress.stop();
    stopListening();
  }
  const books = result.checked;
  const holds = books.mismatches.length + books.unlisted === 0;
  const serve = `DATA_DIR=${shellWord(result.dataDir)} questpoints serve`;
  if (options.json) {
    io.stdout.write(jsonText({ data_dir: result.dataDir, books_hold: holds, books, serve }));
  } else {
    say(booksReportText(books));
    say(
      holds
        ? `Restored into ${result.dataDir}. Start the service on it with:\n  ${serve}\n`
        : `Restored into ${result.dataDir}, but its books do not hold: look into them ` +
            `(questpoints check --data-dir ${shellWord(result.dataDir)}) before serving it.\n`,
    );
  }
  if (!holds) io.setExitCode(1);
}

export function registerRestoreCommand(program: Command, io: CommandIo): void {
  program
    .command("restore")
    .description(
      "make a data directory of a backup (`admin backup`), check its books, and say how to serve it",
    )
    .argument("<file>", "the backup file")
    .requiredOption(
      "--data-dir <dir>",
      "where the data directory goes: a new or empty directory (anything else is refused)",
      (dir: string) => resolve(dir),
    )
    .option("--json", "print what was restored and the books check's report as JSON")
    .action((file: string, options: { dataDir: string; json?: boolean }) =>
      runRestore(file, options, io),
    );
}
