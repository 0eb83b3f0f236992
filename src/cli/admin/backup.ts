/**
 * `admin backup --out FILE`: the embedded database's backup (GET /admin/backup) saved to a new
 * file. The answer is written to a temporary file beside FILE as it arrives and becomes FILE only
 * when complete and on disk; a failure or Ctrl-C removes it. FILE is never overwritten.
 */
import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { link, lstat, open, rename, rm } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import type { Command } from "commander";
import { streamGet } from "../../client/index.js";
import { EXIT_INTERRUPTED } from "../allocate-runner.js";
import { jsonText } from "../output.js";
import type { Act, Context } from "./context.js";

const PROGRESS_INTERVAL_MS = 250;

/** `4.9 MB`: bytes for people, in the unit that keeps the number short. */
export function byteSize(bytes: number): string {
  const units = ["bytes", "KB", "MB", "GB", "TB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return unit === 0 ? `${bytes} bytes` : `${value.toFixed(1)} ${units[unit]}`;
}

async function exists(path: string): Promise<boolean> {
  return lstat(path).then(
    () => true,
    (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return false;
      throw error;
    },
  );
}

/** `temp` becomes `target` unless `target` exists by now (a hard link refuses to replace it). */
async function moveWithoutOverwrite(temp: string, target: string): Promise<void> {
  try {
    await link(temp, target);
    await rm(temp);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // A file system without hard links: check, then rename (a narrow race, accepted).
    if (code === "EEXIST" || (await exists(target))) {
      throw new Error(`${target} appeared while the backup was saved; it was left as it is.`);
    }
    await rename(temp, target);
  }
}

/** A progress line on a terminal: the bytes received so far, rewritten in place. */
function progressLine(ctx: Context) {
  const stderr = ctx.io.stderr;
  if (!stderr.isTTY) return { update: (_bytes: number) => {}, stop: () => {} };
  let last = 0;
  return {
    update(bytes: number) {
      const now = performance.now();
      if (now - last < PROGRESS_INTERVAL_MS) return;
      last = now;
      stderr.write(`\rbackup: ${byteSize(bytes)} received`);
    },
    stop: () => stderr.write("\r\x1b[K"),
  };
}

async function saveBackup(ctx: Context, out: string): Promise<void> {
  const target = resolve(out);
  if (await exists(target)) {
    throw new Error(`${out} exists: a backup never overwrites a file; give --out a new name.`);
  }
  const interrupt = new AbortController();
  let interrupts = 0;
  const stopListening =
    ctx.io.onInterrupt?.(() => {
      if (++interrupts > 1) ctx.io.exit?.(EXIT_INTERRUPTED);
      interrupt.abort();
    }) ?? (() => {});
  const temp = join(dirname(target), `.${basename(target)}.${randomBytes(4).toString("hex")}.part`);
  const progress = progressLine(ctx);
  let bytes = 0;
  try {
    const { body } = await streamGet(ctx.client, "/admin/backup");
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        progress.update(bytes);
        done(null, chunk);
      },
    });
    await pipeline(
      Readable.fromWeb(body as WebReadableStream<Uint8Array>),
      counted,
      createWriteStream(temp, { flags: "wx", mode: 0o600 }),
      { signal: interrupt.signal },
    );
    // On disk before it is called a backup.
    const written = await open(temp, "r");
    await written.sync().finally(() => written.close());
    await moveWithoutOverwrite(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    if (interrupt.signal.aborted) {
      ctx.io.stderr.write(`questpoints: interrupted; nothing was saved to ${out}\n`);
      ctx.io.setExitCode(EXIT_INTERRUPTED);
      return;
    }
    if (bytes === 0) throw error;
    throw new Error(
      `the backup was cut short after ${byteSize(bytes)}; nothing was saved to ${out} (${
        error instanceof Error ? error.message : String(error)
      })`,
    );
  } finally {
    progress.stop();
    stopListening();
  }
  ctx.io.stdout.write(
    ctx.json
      ? jsonText({ file: target, bytes })
      : `Saved a backup of ${byteSize(bytes)} (${bytes} bytes) to ${out}.\n` +
          `Restore it with: questpoints restore ${out} --data-dir DIR\n`,
  );
}

export function backupCommand(admin: Command, act: Act): void {
  admin
    .command("backup")
    .description(
      "save a backup of the embedded database (GET /admin/backup) to a new file; restore it with `questpoints restore`",
    )
    .requiredOption("--out <file>", "the file to write; an existing file is never overwritten")
    .action(act(async (ctx, options: { out: string }) => saveBackup(ctx, options.out)));
}
