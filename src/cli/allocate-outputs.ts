/**
 * Where `allocate --csv` lists its refused rows: two files per input and quest, named after the
 * input (after the file it came from, when the input is one of them, so retries never stack
 * names): `.retry.csv` for rows the service may pay as they are once the cause is gone,
 * `.fix.csv` for rows to correct first. Each run writes temporary files beside them and puts them
 * in place only once it has decided every row: a run stopped early leaves the files, and so its
 * own input, as they were, to be run again. (A run killed outright leaves its temporary files,
 * `<file>.<pid>.tmp`, behind: they hold nothing the next run needs.)
 */
import {
  accessSync,
  constants,
  createReadStream,
  createWriteStream,
  existsSync,
  renameSync,
  rmSync,
  statSync,
} from "node:fs";
import { dirname } from "node:path";
import { pipeline } from "node:stream/promises";
import { parse } from "csv-parse";
import { type Stringifier, stringify } from "csv-stringify";
import type { ErrorCode } from "../domain/errors.js";

export type Pile = "retry" | "fix";
export const PILES: readonly Pile[] = ["retry", "fix"];

export const OUTPUT_COLUMNS = ["line", "address", "points", "code", "detail", "idempotency_key"];

/** One refused row as written: the line of the original file, and the key to retry it under. */
export interface OutputRow {
  line: number | string;
  address: string;
  points: string;
  code: string;
  detail: string;
  idempotency_key: string;
}

/**
 * Refusals the row is not to blame for: the same row can be paid once the budget is raised, the
 * pass registered, the quest (its action type, an earning period, the feature) active again, the
 * key or quest of the run corrected, or another run of the file done with it. Any other refusal
 * (BAD_REQUEST, PASS_POINTS_LIMIT, IDEMPOTENCY_KEY_REUSED, …) would come back as it is: the row
 * must be corrected first. A 5xx answer is retried too. Either way the row keeps its key (see
 * `sendFile` in allocate.ts).
 */
const RETRY_CODES = new Set<string>([
  "INSUFFICIENT_POINTS",
  "ACCOUNT_NOT_FOUND",
  // The pass's next day, week or earning period, or a limit raised.
  "PASS_LIMIT_REACHED",
  "QUEST_NOT_ACTIVE",
  "ACTION_TYPE_INACTIVE",
  "NO_ACTIVE_EARNING_PERIOD",
  "QUESTS_DISABLED",
  "INVALID_API_KEY",
  "KEY_MODE_MISMATCH",
  "NOT_QUEST_OWNER",
  "QUEST_NOT_FOUND",
  "IDEMPOTENCY_IN_PROGRESS",
  "REQUEST_TIMEOUT",
  "RATE_LIMITED",
  "SERVICE_UNAVAILABLE",
  "INTERNAL",
] satisfies ErrorCode[]);

export function pileOf(code: string, status: number | undefined): Pile {
  return RETRY_CODES.has(code) || (status !== undefined && status >= 500) ? "retry" : "fix";
}

/** The two files of a run of `input` on `questId`, named after the original input. */
export function outputPathsOf(input: string, questId: number): Record<Pile, string> {
  const origin = input.replace(/\.q\d+\.(?:retry|fix)\.csv$/, "");
  return { retry: `${origin}.q${questId}.retry.csv`, fix: `${origin}.q${questId}.fix.csv` };
}

/**
 * The files must be replaceable before anything is paid: finding out after the rows were sent
 * would lose the list of what to retry. Checked, not created: a run with no refusal writes none.
 */
export function checkWritable(path: string): void {
  try {
    if (existsSync(path) && statSync(path).isDirectory()) throw new Error("it is a directory");
    // The file is replaced by a rename: its folder must take a new entry.
    accessSync(dirname(path), constants.W_OK);
  } catch (error) {
    throw new Error(`cannot write ${path}: ${(error as Error).message}`);
  }
}

/**
 * A CSV written as a stream to `path`. A write error is reported once to `onError`; writes after
 * it are dropped.
 */
function csvWriter(path: string, onError: (error: Error) => void) {
  const out: Stringifier = stringify({ header: true, columns: OUTPUT_COLUMNS });
  let failed = false;
  // One wait for "drain" shared by every worker: one listener per waiter would pile up (a
  // MaxListenersExceededWarning at 11 workers), and the file would not drain any sooner.
  let drained: Promise<void> | undefined;
  let wake: (() => void) | undefined;
  let ending: Promise<boolean> | undefined;
  const finished = pipeline(out, createWriteStream(path)).catch((error: Error) => {
    failed = true;
    wake?.(); // No "drain" will come: release the waiting workers.
    onError(error);
  });
  const waitForDrain = (): Promise<void> => {
    drained ??= new Promise<void>((resolve) => {
      wake = resolve;
      out.once("drain", resolve);
    }).then(() => {
      drained = undefined;
      wake = undefined;
    });
    return drained;
  };
  return {
    /** Resolves when the row is buffered below the stream's mark (memory stays bounded). */
    async write(row: OutputRow): Promise<void> {
      if (failed) return;
      if (!out.write(row)) await waitForDrain();
    },
    /** Ends the file (once, whoever asks again); true when every row reached it. */
    end(): Promise<boolean> {
      ending ??= (async () => {
        if (!failed) out.end();
        await finished;
        return !failed;
      })();
      return ending;
    },
  };
}

/** Rows of an earlier run's file; none when there is no such file. */
async function* rowsOfFile(path: string): AsyncGenerator<OutputRow> {
  if (!existsSync(path)) return;
  const parser = parse({ bom: true, columns: true, relax_column_count: true });
  pipeline(createReadStream(path), parser).catch(() => {});
  yield* parser as AsyncIterable<OutputRow>;
}

export interface PileResult {
  /** This run's refused rows in the file. */
  count: number;
  /** Rows of an earlier run kept: lines this run's input did not hold. */
  kept: number;
  /** The file once the run ended; null when it holds nothing (removed) or was not written. */
  file: string | null;
}

/**
 * The run's two files. Rows are written as they are decided to temporary files beside the
 * real ones; `finish` puts them in place.
 */
export function outputFiles(paths: Record<Pile, string>, onError: (error: Error) => void) {
  const temporary = (pile: Pile) => `${paths[pile]}.${process.pid}.tmp`;
  const writers = new Map<Pile, ReturnType<typeof csvWriter>>();
  const counts: Record<Pile, number> = { retry: 0, fix: 0 };
  let failed = false;
  const writerOf = (pile: Pile) => {
    let writer = writers.get(pile);
    if (!writer) {
      writer = csvWriter(temporary(pile), (error) => {
        failed = true;
        onError(new Error(`cannot write ${paths[pile]}: ${error.message}`));
      });
      writers.set(pile, writer);
    }
    return writer;
  };
  // A second Ctrl-C exits at once: leave no temporary file behind.
  const removeTemporaries = () => {
    for (const pile of PILES) rmSync(temporary(pile), { force: true });
  };
  process.on("exit", removeTemporaries);

  /**
   * Adds to a file the earlier rows to keep: when the input is a retry or fix file, those of
   * lines it did not hold (running the retry file keeps the fix file's rows, and the other way
   * round). An original input replaces both files: every row of it was decided again.
   */
  const keepEarlierRows = async (pile: Pile, carriedLines: Set<number> | undefined) => {
    let kept = 0;
    if (!carriedLines) return kept;
    try {
      for await (const row of rowsOfFile(paths[pile])) {
        if (carriedLines.has(Number(row.line))) continue;
        kept++;
        await writerOf(pile).write(row);
      }
    } catch (error) {
      throw new Error(`cannot read ${paths[pile]}: ${(error as Error).message}`);
    }
    return kept;
  };

  /** Both files complete, then both in place: never one replaced and the other lost. */
  const replaceFiles = async (carriedLines: Set<number> | undefined) => {
    const kept: Record<Pile, number> = { retry: 0, fix: 0 };
    for (const pile of PILES) kept[pile] = await keepEarlierRows(pile, carriedLines);
    for (const pile of PILES) await writers.get(pile)?.end();
    if (failed) return undefined;
    const results = {} as Record<Pile, PileResult>;
    for (const pile of PILES) {
      const path = paths[pile];
      // No row: an earlier file would say something untrue.
      if (!writers.has(pile)) rmSync(path, { force: true });
      else renameSync(temporary(pile), path);
      results[pile] = {
        count: counts[pile],
        kept: kept[pile],
        file: writers.has(pile) ? path : null,
      };
    }
    return results;
  };

  return {
    async write(pile: Pile, row: OutputRow): Promise<void> {
      counts[pile]++;
      await writerOf(pile).write(row);
    },
    /**
     * Puts the files in place when `complete` (every row decided) and every row was written,
     * else leaves the earlier ones as they were.
     */
    async finish(
      complete: boolean,
      carriedLines: Set<number> | undefined,
    ): Promise<Record<Pile, PileResult>> {
      let results: Record<Pile, PileResult> | undefined;
      try {
        if (complete && !failed) results = await replaceFiles(carriedLines);
      } catch (error) {
        onError(error as Error);
      } finally {
        for (const pile of PILES) await writers.get(pile)?.end();
        removeTemporaries();
        process.off("exit", removeTemporaries);
      }
      const notWritten = (pile: Pile): PileResult => ({ count: counts[pile], kept: 0, file: null });
      return results ?? { retry: notWritten("retry"), fix: notWritten("fix") };
    },
  };
}
