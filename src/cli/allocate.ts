/**
 * `questpoints allocate --quest N --csv FILE`: awards the points of a CSV (`address,points`, a
 * header row) from quest N, one `POST /quests/{N}` per row, resumably: each row carries the
 * Idempotency-Key `qp-csv-<first 32 hex of the file's SHA-256>-q<N>-<row>`, so running the same
 * file again after a crash or Ctrl-C replays what was paid (`Idempotent-Replayed: true`) and pays
 * only the rest. The quest is part of the key because keys are scoped per account: the same file
 * run on the test quest and then on the live one must not collide. The file is read as a stream
 * (twice: once to hash and count it, once to send).
 *
 * Exit: 0 every row paid or replayed; 2 some rows refused (listed in `<FILE>.q<N>.refused.csv`);
 * 1 a fatal error (no key, unreadable file, an inactive quest, the quest refuses every row, the
 * service gone, the refused file unwritable); 130 interrupted (SIGINT: nothing more is sent, rows
 * in flight are awaited, then the summary).
 */
import { createHash } from "node:crypto";
import {
  accessSync,
  constants,
  createReadStream,
  createWriteStream,
  rmSync,
  statSync,
} from "node:fs";
import { dirname } from "node:path";
import { Transform, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import cliProgress from "cli-progress";
import type { Command } from "commander";
import { type Parser, parse } from "csv-parse";
import { type Stringifier, stringify } from "csv-stringify";
import {
  createQuestpointsClient,
  NetworkError,
  type QuestpointsClient,
  REQUEST_TIMEOUT_MS_DEFAULT,
  toApiError,
  unwrap,
} from "../client/index.js";
import { parsePassAddress } from "../domain/address.js";
import type { ErrorCode } from "../domain/errors.js";
import { IDEMPOTENCY_RETENTION_MS, POINTS_MAX } from "../domain/limits.js";
import { integerArgument, QP_URL_DEFAULT, urlArgument } from "./admin.js";

export const CONCURRENCY_DEFAULT = 8;
export const CONCURRENCY_MAX = 64;
/**
 * Attempts per row for answers that mean "try again": 429, 502, 503, 504, 409 in progress, no
 * answer. A 500 is not among them: the service answered, and it would answer the same again.
 */
export const ATTEMPTS_MAX = 8;
const RETRY_STATUSES = new Set([429, 502, 503, 504]);
const BACKOFF_MS_FIRST = 200;
const BACKOFF_MS_MAX = 10_000;
/** Retry-After beyond this is not waited for in full. */
const RETRY_AFTER_MS_MAX = 60_000;
const PROGRESS_LINE_INTERVAL_MS = 5_000;
const TIMEOUT_MS_MAX = 600_000;
const EXIT_REFUSED = 2;
const EXIT_INTERRUPTED = 130;
const HOUR_MS = 3_600_000;
const MISSING_HEADER = "missing header row address,points";

/**
 * Codes that every further row would get too (the key, the quest or the service's settings):
 * the run stops at the first, instead of sending the rest of the file for nothing.
 */
const QUEST_WIDE_CODES = new Set<string>([
  "INVALID_API_KEY",
  "KEY_MODE_MISMATCH",
  "NOT_QUEST_OWNER",
  "QUEST_NOT_FOUND",
  "QUESTS_DISABLED",
  "QUEST_NOT_ACTIVE",
  "ACTION_TYPE_INACTIVE",
  "NO_ACTIVE_EARNING_PERIOD",
] satisfies ErrorCode[]);

export interface AllocateIo {
  stdout: Writable;
  stderr: Writable & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
}

const STDIO: AllocateIo = { stdout: process.stdout, stderr: process.stderr, env: process.env };

interface AllocateOptions {
  quest: number;
  csv: string;
  url?: string;
  concurrency: number;
  json?: boolean;
  timeout?: number;
}

interface Row {
  /** 1 is the first data row after the header. */
  row: number;
  address: string;
  points: string;
}

type Outcome =
  | { kind: "paid" | "replayed"; points: number }
  | { kind: "refused"; code: string; detail: string; replayed: boolean }
  /** Not decided: the run stopped while the row waited to be retried. */
  | { kind: "abandoned" };

/** One attempt's answer: an outcome, or a reason to try again (after `response`'s Retry-After). */
type Attempt =
  | Outcome
  | { kind: "retry"; failure: string; code?: string; detail?: string; response?: Response };

export interface AllocateSummary {
  file: string;
  quest_id: number;
  rows: number;
  paid: { count: number; points: number };
  replayed: { count: number; points: number };
  /** `replayed`: refusals answered again from an earlier run of the same file. */
  refused: { count: number; replayed: number; by_code: Record<string, number> };
  /** Rows neither paid, replayed nor refused: the run stopped before deciding them. */
  not_done: number;
  refused_file: string | null;
  /** Why the run stopped early; null when every row was decided. */
  stopped: string | null;
}

/**
 * A row's Idempotency-Key. Keys are scoped per account, not per quest: the quest is in the key so
 * that one file paid on two quests of one owner (test, then live) gives each row two keys.
 */
export function rowKey(fileHash: string, questId: number, row: number): string {
  return `qp-csv-${fileHash.slice(0, 32)}-q${questId}-${row}`;
}

/** Where a run on `questId` lists its refused rows: one file per quest, none overwrites another. */
export function refusedPathOf(file: string, questId: number): string {
  return `${file}.q${questId}.refused.csv`;
}

const sleep = (ms: number, cancel: Promise<void>) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    void cancel.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * The header must name `address` and `points`, once each; other columns are carried but ignored.
 * `onHeader` is called when the header row is read: a file without one (empty) is caught by it.
 */
function csvParser(onHeader: () => void = () => {}): Parser {
  return parse({
    bom: true,
    trim: true,
    skip_empty_lines: true,
    relax_column_count: true,
    columns: (header: string[]) => {
      const names = header.map((name) => name.trim().toLowerCase());
      for (const required of ["address", "points"]) {
        const count = names.filter((name) => name === required).length;
        if (count === 0) {
          throw new Error(
            `${MISSING_HEADER}: the first row must name the columns address and points (found: ${header.join(",")})`,
          );
        }
        // Which of the two would be paid is a guess: refuse rather than guess.
        if (count > 1) throw new Error(`the header row names ${required} twice`);
      }
      onHeader();
      return names;
    },
  });
}

/** One pass over the file: its SHA-256 (the run's identity) and its number of data rows. */
async function hashAndCount(file: string): Promise<{ hash: string; rows: number }> {
  const hash = createHash("sha256");
  let rows = 0;
  let header = false;
  await pipeline(
    createReadStream(file),
    new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        hash.update(chunk);
        callback(null, chunk);
      },
    }),
    csvParser(() => {
      header = true;
    }),
    async (records: AsyncIterable<unknown>) => {
      for await (const _ of records) rows++;
    },
  );
  if (!header) throw new Error(`${MISSING_HEADER}: the file is empty`);
  return { hash: hash.digest("hex"), rows };
}

/** The file's records, numbered: one generator the workers share (its next() calls queue). */
async function* numberedRows(file: string): AsyncGenerator<Row> {
  const parser = createReadStream(file).pipe(csvParser());
  let row = 0;
  for await (const record of parser as AsyncIterable<Record<string, string | undefined>>) {
    row++;
    yield { row, address: record.address ?? "", points: record.points ?? "" };
  }
}

/** The body of a row, or why it is refused without a request. */
function validate(row: Row): { points: number; address: string } | { detail: string } {
  const address = parsePassAddress(row.address);
  const problems: string[] = [];
  if (!address) {
    problems.push(
      `address ${JSON.stringify(row.address)} must be 0x + 40 hex digits, with a valid EIP-55 checksum when in mixed case`,
    );
  }
  const points = Number(row.points);
  if (!/^[1-9]\d*$/.test(row.points) || points > POINTS_MAX) {
    problems.push(
      `points ${JSON.stringify(row.points)} must be a whole number from 1 to ${POINTS_MAX}`,
    );
  }
  if (problems.length > 0 || !address) return { detail: problems.join("; ") };
  return { points, address };
}

/** Milliseconds to wait before attempt `attempt + 1`: Retry-After when given, else backoff. */
function retryDelay(attempt: number, response: Response | undefined): number {
  const header = response?.headers.get("retry-after");
  if (header) {
    const seconds = Number(header);
    const ms = Number.isFinite(seconds) ? seconds * 1000 : new Date(header).getTime() - Date.now();
    if (Number.isFinite(ms) && ms >= 0) return Math.min(ms, RETRY_AFTER_MS_MAX);
  }
  const backoff = Math.min(BACKOFF_MS_MAX, BACKOFF_MS_FIRST * 2 ** (attempt - 1));
  return backoff / 2 + Math.random() * (backoff / 2);
}

/** One POST of a row, classified: paid, replayed, refused, or worth another attempt. */
async function attemptRow(
  api: QuestpointsClient,
  questId: number,
  idempotencyKey: string,
  body: { points: number; address: string },
): Promise<Attempt> {
  const result = await api
    .POST("/quests/{questId}", {
      params: { path: { questId }, header: { "idempotency-key": idempotencyKey } },
      body,
    })
    .catch((error: unknown) => {
      if (error instanceof NetworkError) return error;
      throw error;
    });
  // No answer: the request may or may not have been paid; the retry's replay tells which.
  if (result instanceof NetworkError) return { kind: "retry", failure: result.message };
  const { response } = result;
  const replayed = response.headers.get("idempotent-replayed") === "true";
  if (response.ok) return { kind: replayed ? "replayed" : "paid", points: body.points };
  const error = toApiError(result.error, response);
  if (RETRY_STATUSES.has(response.status) || error.code === "IDEMPOTENCY_IN_PROGRESS") {
    return {
      kind: "retry",
      failure: error.message,
      code: error.code,
      detail: error.detail,
      response,
    };
  }
  return { kind: "refused", code: error.code, detail: error.detail, replayed };
}

function emptySummary(file: string, questId: number, rows: number): AllocateSummary {
  return {
    file,
    quest_id: questId,
    rows,
    paid: { count: 0, points: 0 },
    replayed: { count: 0, points: 0 },
    refused: { count: 0, replayed: 0, by_code: {} },
    not_done: 0,
    refused_file: null,
    stopped: null,
  };
}

function formatSummary(summary: AllocateSummary): string {
  const lines = [
    `rows:      ${summary.rows} in ${summary.file}`,
    `paid:      ${summary.paid.count} rows, ${summary.paid.points} points`,
    `replayed:  ${summary.replayed.count} rows, ${summary.replayed.points} points (already paid before)`,
    `refused:   ${summary.refused.count} rows${summary.refused.replayed ? ` (${summary.refused.replayed} answered as in an earlier run)` : ""}`,
    ...Object.entries(summary.refused.by_code)
      .sort(([, a], [, b]) => b - a)
      .map(([code, count]) => `  ${code}: ${count}`),
  ];
  if (summary.not_done > 0) lines.push(`not done:  ${summary.not_done} rows (run again to finish)`);
  if (summary.refused_file) {
    lines.push(
      `refused rows of quest ${summary.quest_id} written to ${summary.refused_file} (run it to retry them)`,
    );
  }
  if (summary.stopped) lines.push(`stopped:   ${summary.stopped}`);
  return `${lines.join("\n")}\n`;
}

/**
 * The refused file must be writable before anything is paid: finding out after the rows were
 * sent would lose the list of what to retry. Checked, not created: a run with no refusal leaves
 * no file.
 */
function checkWritable(path: string): void {
  try {
    let exists = true;
    try {
      if (statSync(path).isDirectory()) throw new Error("it is a directory");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      exists = false;
    }
    accessSync(exists ? path : dirname(path), constants.W_OK);
  } catch (error) {
    throw new Error(`cannot write ${path}: ${(error as Error).message}`);
  }
}

/**
 * The refused rows file, opened at the first refusal, in the order rows were decided. A write
 * error is reported once to `onError` (the run then stops as on any fatal error); writes after it
 * are dropped, the rows still count in the summary.
 */
function refusedWriter(path: string, onError: (error: Error) => void) {
  let stringifier: Stringifier | undefined;
  let finished: Promise<void> | undefined;
  let failed = false;
  // One wait for "drain" shared by every worker: one listener per waiter would pile up (a
  // MaxListenersExceededWarning at 11 workers), and the file would not drain any sooner.
  let drained: Promise<void> | undefined;
  let wake: (() => void) | undefined;

  const open = (): Stringifier => {
    const out = stringify({
      header: true,
      columns: ["row", "address", "points", "code", "detail"],
    });
    finished = pipeline(out, createWriteStream(path)).catch((error: Error) => {
      failed = true;
      wake?.(); // No "drain" will come: release the waiting workers.
      onError(error);
    });
    return out;
  };
  const waitForDrain = (out: Stringifier): Promise<void> => {
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
    async write(row: Row, code: string, detail: string): Promise<void> {
      if (failed) return;
      stringifier ??= open();
      if (!stringifier.write([row.row, row.address, row.points, code, detail])) {
        await waitForDrain(stringifier);
      }
    },
    /**
     * Ends the file; true when it holds the run's refused rows. With no refusal in a run that
     * decided every row, a refused file left by an earlier run is removed: it no longer says
     * anything true.
     */
    async close(complete: boolean): Promise<boolean> {
      if (!stringifier) {
        try {
          if (complete) rmSync(path, { force: true });
        } catch (error) {
          onError(error as Error);
        }
        return false;
      }
      if (!failed) stringifier.end();
      await finished;
      return !failed;
    },
  };
}

/** The key, the file and the refused file, checked before anything is sent. */
function checkLocal(options: AllocateOptions, io: AllocateIo) {
  const apiKey = io.env.QP_API_KEY;
  if (!apiKey) {
    throw new Error(
      "QP_API_KEY is not set: export the quest owner's API key as QP_API_KEY. The key is never taken as an argument.",
    );
  }
  const file = options.csv;
  try {
    if (!statSync(file).isFile()) throw new Error("not a file");
  } catch (error) {
    throw new Error(`cannot read ${file}: ${(error as Error).message}`);
  }
  const refusedPath = refusedPathOf(file, options.quest);
  checkWritable(refusedPath);
  return { apiKey, file, refusedPath };
}

/**
 * The key, the quest and its owner, checked once before the file is read; and the quest must be
 * active. Every row sent to an inactive quest would be refused, and that refusal kept for 24 h
 * under the row's key: after the quest is fixed, a rerun would get it replayed.
 */
async function readActiveQuest(api: QuestpointsClient, questId: number) {
  const quest = unwrap(
    await api.GET("/quests/{questId}", { params: { path: { questId }, query: { limit: 1 } } }),
  );
  if (!quest.is_active) {
    const now = Date.now();
    const inWindow = Date.parse(quest.start) <= now && now < Date.parse(quest.end);
    const why = inWindow ? "it is switched off" : `now is outside ${quest.start} – ${quest.end}`;
    throw new Error(
      `quest ${questId} is not active (${why}): nothing was sent. Run again once it is active.`,
    );
  }
  return quest;
}

/** How a run stops early: the first reason wins, and wakes the rows waiting to be retried. */
interface RunControl {
  readonly stopping: boolean;
  readonly exitCode: number;
  /** Resolves at the first stop(). */
  readonly stopped: Promise<void>;
  stop(reason: string, exitCode: number): void;
}

function runControl(summary: AllocateSummary): RunControl {
  let stopping = false;
  let exitCode = 0;
  let wake!: () => void;
  const stopped = new Promise<void>((resolve) => {
    wake = resolve;
  });
  return {
    get stopping() {
      return stopping;
    },
    get exitCode() {
      return exitCode;
    },
    stopped,
    stop(reason, code) {
      if (stopping) return;
      stopping = true;
      summary.stopped = reason;
      exitCode = code;
      wake();
    },
  };
}

/** One row, sent until it is decided (or the run stops while it waits to be retried). */
async function sendRow(
  api: QuestpointsClient,
  questId: number,
  fileHash: string,
  row: Row,
  run: RunControl,
): Promise<Outcome> {
  const body = validate(row);
  if ("detail" in body) {
    return { kind: "refused", code: "BAD_REQUEST", detail: body.detail, replayed: false };
  }
  const idempotencyKey = rowKey(fileHash, questId, row.row);
  for (let attempt = 1; ; attempt++) {
    const answer = await attemptRow(api, questId, idempotencyKey, body);
    if (answer.kind !== "retry") {
      // A fresh quest-wide refusal stops the run. A replayed one was decided in an earlier run
      // and kept under this row's key; the quest may be fixed since, so the rows never sent go
      // on, and this one goes to the refused file, to be retried from there.
      if (answer.kind === "refused" && QUEST_WIDE_CODES.has(answer.code) && !answer.replayed) {
        run.stop(`every further row would be refused: ${answer.code}: ${answer.detail}`, 1);
      }
      return answer;
    }
    if (attempt >= ATTEMPTS_MAX) {
      // Another run of the same file holds this row: not ours to wait for forever.
      if (answer.code === "IDEMPOTENCY_IN_PROGRESS") {
        return { kind: "refused", code: answer.code, detail: answer.detail ?? "", replayed: false };
      }
      // The service is away: stop here; a later run replays whatever this one paid.
      run.stop(`no success after ${ATTEMPTS_MAX} attempts on row ${row.row}: ${answer.failure}`, 1);
      return { kind: "abandoned" };
    }
    if (run.stopping) return { kind: "abandoned" };
    await sleep(retryDelay(attempt, answer.response), run.stopped);
    if (run.stopping) return { kind: "abandoned" };
  }
}

async function allocate(options: AllocateOptions, io: AllocateIo): Promise<number> {
  const { apiKey, file, refusedPath } = checkLocal(options, io);
  const baseUrl = options.url ?? urlArgument("QP_URL")(io.env.QP_URL || QP_URL_DEFAULT);
  const questId = options.quest;
  const api = createQuestpointsClient({
    baseUrl,
    apiKey,
    timeoutMs: options.timeout ?? REQUEST_TIMEOUT_MS_DEFAULT,
  });
  const quest = await readActiveQuest(api, questId);
  let identity: { hash: string; rows: number };
  try {
    identity = await hashAndCount(file);
  } catch (error) {
    throw new Error(`${file}: ${(error as Error).message}`);
  }

  const summary = emptySummary(file, questId, identity.rows);
  let decided = 0;
  const run = runControl(summary);
  const refused = refusedWriter(refusedPath, (error) => {
    const reason = `cannot write ${refusedPath}: ${error.message}`;
    // Already stopping for another reason: that one stays the summary's, this one is said too.
    if (run.stopping) io.stderr.write(`questpoints: ${reason}\n`);
    else run.stop(reason, 1);
  });

  const progress = startProgress(io, summary, () => decided, quest.points_remaining);
  let interrupts = 0;
  const onSigint = () => {
    interrupts++;
    if (interrupts > 1) process.exit(EXIT_INTERRUPTED);
    run.stop("interrupted (SIGINT); run again to finish", EXIT_INTERRUPTED);
  };
  process.on("SIGINT", onSigint);

  const record = async (row: Row, outcome: Outcome) => {
    if (outcome.kind === "abandoned") return;
    decided++;
    if (outcome.kind === "refused") {
      summary.refused.count++;
      if (outcome.replayed) summary.refused.replayed++;
      summary.refused.by_code[outcome.code] = (summary.refused.by_code[outcome.code] ?? 0) + 1;
      await refused.write(row, outcome.code, outcome.detail);
    } else {
      summary[outcome.kind].count++;
      summary[outcome.kind].points += outcome.points;
    }
    progress.update();
  };

  const rows = numberedRows(file);
  const worker = async () => {
    try {
      while (!run.stopping) {
        const next = await rows.next();
        if (next.done) return;
        await record(next.value, await sendRow(api, questId, identity.hash, next.value, run));
      }
    } catch (error) {
      run.stop(`fatal: ${(error as Error).message}`, 1);
    }
  };
  try {
    await Promise.all(Array.from({ length: options.concurrency }, worker));
  } finally {
    await rows.return(undefined);
    process.off("SIGINT", onSigint);
    progress.stop();
  }

  summary.not_done = summary.rows - decided;
  if (await refused.close(summary.not_done === 0)) summary.refused_file = refusedPath;
  io.stdout.write(options.json ? `${JSON.stringify(summary, null, 2)}\n` : formatSummary(summary));
  if (run.exitCode === 1 && summary.stopped) {
    io.stderr.write(`questpoints: ${summary.stopped}\n`);
  }
  if (run.exitCode !== 0) return run.exitCode;
  return summary.refused.count > 0 ? EXIT_REFUSED : 0;
}

/** A bar on a terminal; elsewhere (a log, a pipe) one line every few seconds. */
function startProgress(
  io: AllocateIo,
  summary: AllocateSummary,
  decided: () => number,
  pointsRemaining: number,
) {
  const payload = () => ({
    paid: summary.paid.count,
    replayed: summary.replayed.count,
    refused: summary.refused.count,
  });
  io.stderr.write(
    `allocate: ${summary.rows} rows from ${summary.file} to quest ${summary.quest_id} (${pointsRemaining} points remaining)\n`,
  );
  if (io.stderr.isTTY) {
    const bar = new cliProgress.SingleBar(
      {
        stream: io.stderr as NodeJS.WritableStream,
        format:
          "{bar} {value}/{total} rows | paid {paid} | replayed {replayed} | refused {refused} | {eta_formatted}",
        hideCursor: true,
      },
      cliProgress.Presets.shades_classic,
    );
    bar.start(summary.rows, 0, payload());
    return {
      update: () => bar.update(decided(), payload()),
      stop: () => bar.stop(),
    };
  }
  const line = () => {
    const p = payload();
    io.stderr.write(
      `allocate: ${decided()}/${summary.rows} rows, paid ${p.paid}, replayed ${p.replayed}, refused ${p.refused}\n`,
    );
  };
  const timer = setInterval(line, PROGRESS_LINE_INTERVAL_MS);
  return {
    update: () => {},
    stop: () => clearInterval(timer),
  };
}

export function registerAllocateCommand(program: Command, io: AllocateIo = STDIO): void {
  program
    .command("allocate")
    .description(
      "award points from a CSV (header row; columns address,points) to passes, one row at a time; safe to run again after a crash: nothing is paid twice (API key from QP_API_KEY)",
    )
    .requiredOption("--quest <id>", "the quest to pay from", integerArgument("--quest", 1))
    .requiredOption(
      "--csv <file>",
      "the rows; refused ones are written to <file>.q<quest>.refused.csv",
    )
    .option(
      "--url <base>",
      `the service's address (default: QP_URL or ${QP_URL_DEFAULT})`,
      urlArgument("--url"),
    )
    .option(
      "--concurrency <n>",
      `rows in flight at once, 1..${CONCURRENCY_MAX}`,
      integerArgument("--concurrency", 1, CONCURRENCY_MAX),
      CONCURRENCY_DEFAULT,
    )
    .option(
      "--timeout <ms>",
      `longest wait for one answer (default: ${REQUEST_TIMEOUT_MS_DEFAULT})`,
      integerArgument("--timeout", 1, TIMEOUT_MS_MAX),
    )
    .option("--json", "print the summary as JSON")
    .addHelpText(
      "after",
      `
Row N is the Nth data row after the header; its Idempotency-Key is qp-csv-<file hash>-q<quest>-N,
so running the same file on the same quest again pays only the rows not paid yet and answers
refused rows as before, while the same file on another quest (the test quest, then the live one)
has keys of its own. Refused rows are written to <file>.q<quest>.refused.csv; to retry them
(after registering their passes or raising the budget), run that file itself: it has address and
points columns, and its own hash gives it new keys.
The service keeps each answer under its key for at least ${IDEMPOTENCY_RETENTION_MS / HOUR_MS} h, refusals too. Rows refused
while the quest was inactive (switched off, its action type off, no earning period) keep that
answer after the quest is fixed: a rerun lists them as refused again and goes on with the rows
never sent; run the refused file to retry them. An inactive quest is refused before any row is
sent.
429, 502, 503, 504, 409 IDEMPOTENCY_IN_PROGRESS and no answer are retried (up to ${ATTEMPTS_MAX} attempts);
a 500 is a refusal.
Exit codes: 0 all paid or replayed, 2 some rows refused, 1 fatal error, 130 interrupted.`,
    )
    .action(async (options: AllocateOptions) => {
      process.exitCode = await allocate(options, io);
    });
}
