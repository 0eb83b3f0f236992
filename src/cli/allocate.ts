/**
 * `questpoints allocate --quest N --csv FILE`: awards the points of a CSV (`address,points`, a
 * header row) from quest N, one `POST /quests/{N}` per row, CONCURRENCY_DEFAULT rows in flight,
 * resumably: each row carries the Idempotency-Key `qp-csv-<first 32 hex of the file's
 * SHA-256>-q<N>-<n>` (n: its position among the data rows), so running the same file again after
 * a crash or Ctrl-C replays what was paid (`Idempotent-Replayed: true`) and pays only the rest.
 * The quest is part of the key because keys are scoped per account: the same file run on the test
 * quest and then on the live one must not collide. The file is read as a stream (twice: once to
 * hash and count it, once to send). Rows are named by their line in the file.
 *
 * Refused rows go to `<FILE>.q<N>.retry.csv` (the row can be paid as it is once the cause is
 * gone) or `<FILE>.q<N>.fix.csv` (correct it first), with their original line and the key to
 * retry them under: the key they were sent under, as a refusal keeps nothing under it
 * (allocate-outputs.ts); the summary at the end is allocate-summary.ts's.
 * `--dry-run` checks without paying (allocate-dry-run.ts).
 *
 * Exit: 0 every row paid or replayed; 2 some rows refused; 1 a fatal error (no key, unreadable
 * file, an inactive quest, the quest refuses every row, the service gone, an output unwritable);
 * 130 interrupted (SIGINT: nothing more is sent, rows in flight are awaited, then the summary).
 */
import type { Command } from "commander";
import { isWorthRetrying } from "../client/allocation-retry.js";
import {
  createQuestpointsClient,
  NetworkError,
  type QuestpointsClient,
  REQUEST_TIMEOUT_MS_DEFAULT,
  toApiError,
  unwrap,
} from "../client/index.js";
import type { ErrorCode } from "../domain/errors.js";
import { IDEMPOTENCY_RETENTION_MS } from "../domain/limits.js";
import { dryRun } from "./allocate-dry-run.js";
import { checkWritable, outputFiles, outputPathsOf, pileOf } from "./allocate-outputs.js";
import { type FileScan, keyOf, type Row, readRows, scanFile, validate } from "./allocate-rows.js";
import {
  type AllocateIo,
  ATTEMPTS_MAX,
  answerOf,
  endRun,
  forEachRow,
  type RetryLater,
  type RunControl,
  retrying,
  retryLater,
  runControl,
} from "./allocate-runner.js";
import { type AllocateSummary, emptySummary, formatSummary } from "./allocate-summary.js";
import {
  baseUrlArgument,
  idArgument,
  integerArgument,
  QP_URL_DEFAULT,
  serviceUrl,
  timeoutArgument,
} from "./arguments.js";
import { checkInputFile } from "./csv-input.js";
import { countCode, printSummary, startProgress, withUrlHint } from "./output.js";

export type { AllocateIo } from "./allocate-runner.js";

/** Rows in flight at once unless --concurrency says otherwise. */
export const CONCURRENCY_DEFAULT = 8;
export const CONCURRENCY_MAX = 64;
const HOUR_MS = 3_600_000;

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

interface AllocateOptions {
  quest: number;
  csv: string;
  url?: string;
  concurrency: number;
  json?: boolean;
  timeout?: number;
  dryRun?: boolean;
}

type Outcome =
  | { kind: "paid" | "replayed"; points: number }
  /** `status`: the answer's HTTP status; none when refused before sending. */
  | { kind: "refused"; code: string; detail: string; replayed: boolean; status?: number }
  /** Not decided: the run stopped while the row waited to be retried. */
  | { kind: "abandoned" };

/** One POST of a row, classified: paid, replayed, refused, or worth another attempt. */
async function attemptRow(
  api: QuestpointsClient,
  questId: number,
  idempotencyKey: string,
  body: { points: number; address: string },
): Promise<Outcome | RetryLater> {
  const result = await answerOf(
    api.POST("/quests/{questId}", {
      params: { path: { questId }, header: { "idempotency-key": idempotencyKey } },
      body,
    }),
  );
  // No answer: the request may or may not have been paid; the retry's replay tells which.
  if (result instanceof NetworkError) return { kind: "retry", failure: result.message };
  const { response } = result;
  const replayed = response.headers.get("idempotent-replayed") === "true";
  if (response.ok) return { kind: replayed ? "replayed" : "paid", points: body.points };
  const error = toApiError(result.error, response);
  if (isWorthRetrying({ status: response.status, code: error.code })) {
    return retryLater(error, response);
  }
  const { code, detail } = error;
  return { kind: "refused", code, detail, replayed, status: response.status };
}

/** One row, sent until it is decided (or the run stops while it waits to be retried). */
async function sendRow(
  api: QuestpointsClient,
  questId: number,
  key: string,
  row: Row,
  run: RunControl,
): Promise<Outcome> {
  const body = validate(row);
  if ("detail" in body) {
    return { kind: "refused", code: "BAD_REQUEST", detail: body.detail, replayed: false };
  }
  const answer = await retrying(run, () => attemptRow(api, questId, key, body));
  if (answer.kind === "done") {
    const outcome = answer.value;
    // A fresh quest-wide refusal stops the run. A replayed one (from an older service, which
    // kept refusals under their keys) was decided in an earlier run; the quest may be fixed
    // since, so the rows never sent go on, and this one goes to the retry file.
    if (outcome.kind === "refused" && QUEST_WIDE_CODES.has(outcome.code) && !outcome.replayed) {
      run.stop(`every further row would be refused: ${outcome.code}: ${outcome.detail}`, 1);
    }
    return outcome;
  }
  if (answer.kind === "abandoned") return answer;
  const { last } = answer;
  // Another run of the same file holds this row: not ours to wait for forever.
  if (last.code === "IDEMPOTENCY_IN_PROGRESS") {
    const { code, detail = "", response } = last;
    return { kind: "refused", code, detail, replayed: false, status: response?.status };
  }
  // The service is away: stop here; a later run replays whatever this one paid.
  run.stop(`no success after ${ATTEMPTS_MAX} attempts on line ${row.line}: ${last.failure}`, 1);
  return { kind: "abandoned" };
}

/** The key, the file and the output files, checked before anything is sent. */
function checkLocal(options: AllocateOptions, io: AllocateIo) {
  const apiKey = io.env.QP_API_KEY;
  if (!apiKey) {
    throw new Error(
      "QP_API_KEY is not set: export the quest owner's API key as QP_API_KEY. The key is never taken as an argument.",
    );
  }
  const file = options.csv;
  checkInputFile(file);
  const outputPaths = outputPathsOf(file, options.quest);
  if (!options.dryRun) for (const path of Object.values(outputPaths)) checkWritable(path);
  return { apiKey, file, outputPaths };
}

/** GET /quests/{id} checks the key, the quest and its owner once, before the file is read. */
async function readQuest(api: QuestpointsClient, questId: number) {
  return unwrap(
    await api.GET("/quests/{questId}", { params: { path: { questId }, query: { limit: 1 } } }),
  );
}

/** Why a run would refuse to start on the quest; null when it is active. */
function inactiveReason(quest: { is_active: boolean; start: string; end: string }, id: number) {
  if (quest.is_active) return null;
  const now = Date.now();
  const inWindow = Date.parse(quest.start) <= now && now < Date.parse(quest.end);
  const why = inWindow ? "it is switched off" : `now is outside ${quest.start} – ${quest.end}`;
  return `quest ${id} is not active (${why})`;
}

async function scan(file: string) {
  try {
    return await scanFile(file);
  } catch (error) {
    throw new Error(`${file}: ${(error as Error).message}`);
  }
}

/** Sends every row of the file; the summary is complete but for what `finish` adds. */
async function sendFile(
  api: QuestpointsClient,
  file: FileScan & { path: string; questId: number; pointsRemaining: number },
  options: AllocateOptions,
  io: AllocateIo,
  outputs: ReturnType<typeof outputFiles>,
  run: RunControl,
): Promise<AllocateSummary> {
  const { questId } = file;
  const summary = emptySummary(file.path, questId, file.rows);
  let decided = 0;
  const progress = startProgress(io.stderr, {
    title: `allocate: ${file.rows} rows from ${file.path} to quest ${questId} (${file.pointsRemaining} points remaining)`,
    label: "allocate",
    unit: "rows",
    total: file.rows,
    decided: () => decided,
    counts: () =>
      `paid ${summary.paid.count}, replayed ${summary.replayed.count}, refused ${summary.refused.count}`,
  });
  const record = async (row: Row, key: string, outcome: Outcome) => {
    if (outcome.kind === "abandoned") return;
    decided++;
    if (outcome.kind === "refused") {
      const { code, detail } = outcome;
      summary.refused.count++;
      if (outcome.replayed) summary.refused.replayed++;
      countCode(summary.refused.by_code, code);
      const { line, address, points } = row;
      // Retried under the key it was sent under, whatever the refusal: a refusal keeps nothing
      // under it (its retry is decided afresh), and when the row's fate is unknown (a 5xx after
      // the service paid, another request holding the key) only that key can tell: a retry is
      // replayed if it was paid. The original file and the retry file then send the same key,
      // so a row is paid once, from whichever it is retried.
      const written = { line, address, points, code, detail, idempotency_key: key };
      await outputs.write(pileOf(code, outcome.status), written);
    } else {
      summary[outcome.kind].count++;
      summary[outcome.kind].points += outcome.points;
    }
    progress.update();
  };
  try {
    await forEachRow(readRows(file.path), options.concurrency, run, io, async (row) => {
      const key = keyOf(row, file.hash, questId);
      await record(row, key, await sendRow(api, questId, key, row, run));
    });
  } finally {
    progress.stop();
  }
  summary.not_done = summary.rows - decided;
  return summary;
}

async function allocate(options: AllocateOptions, io: AllocateIo): Promise<number> {
  const { apiKey, file, outputPaths } = checkLocal(options, io);
  const baseUrl = serviceUrl(options.url, io.env);
  const questId = options.quest;
  const api = createQuestpointsClient({
    baseUrl,
    apiKey,
    timeoutMs: options.timeout ?? REQUEST_TIMEOUT_MS_DEFAULT,
  });
  const quest = await readQuest(api, questId);
  const inactive = inactiveReason(quest, questId);
  const pointsRemaining = quest.points_remaining;
  if (options.dryRun) {
    const { rows } = await scan(file);
    const { concurrency, json = false } = options;
    return dryRun({ api, file, questId, rows, concurrency, json, inactive, pointsRemaining }, io);
  }
  // Every row sent to an inactive quest would be refused: nothing is sent for nothing.
  if (inactive) throw new Error(`${inactive}: nothing was sent. Run again once it is active.`);
  const scanned = { ...(await scan(file)), path: file, questId, pointsRemaining };

  const run = runControl();
  const outputs = outputFiles(outputPaths, (error) => {
    // Already stopping for another reason: that one stays the summary's, this one is said too.
    if (run.stopping) io.stderr.write(`questpoints: ${error.message}\n`);
    else run.stop(error.message, 1);
  });
  const summary = await sendFile(api, scanned, options, io, outputs, run).catch(async (error) => {
    // Leaves the earlier files as they were, and no temporary file or exit listener behind.
    await outputs.finish(false, undefined);
    throw error;
  });
  Object.assign(summary, await outputs.finish(summary.not_done === 0, scanned.carriedLines));
  summary.stopped = run.reason;
  printSummary({ json: options.json ?? false, io }, summary, formatSummary);
  return endRun(run, io.stderr, summary.refused.count > 0);
}

const HELP_AFTER = `
Rows are named by their line in the file: the header is line 1, and blank lines are skipped but
counted. Columns other than address and points (a note, a name) are ignored, but a row with more
fields than the header names is refused: an unquoted 1,000 would otherwise pay 1.

Each row's Idempotency-Key is qp-csv-<file hash>-q<quest>-<n>, n its position among the data rows,
so running the same file on the same quest again pays only the rows not paid yet, while the same
file on another quest (the test quest, then the live one) has keys of its own. The service keeps
a payout under its key for at least ${IDEMPOTENCY_RETENTION_MS / HOUR_MS} h, and nothing for a refusal: a refused row
sent again under its key is decided afresh.

Refused rows are written to two files named after the file (after the original one, when the file
is one of them: retries never stack names), with the columns line (the row's line in the original
file), address, points, code, detail and idempotency_key:
  <file>.q<quest>.retry.csv  rows that can be paid as they are once the cause is gone: the budget
                             raised (INSUFFICIENT_POINTS), the pass registered (ACCOUNT_NOT_FOUND),
                             its next window of the quest's limits per pass (PASS_LIMIT_REACHED),
                             the quest, its action type or an earning period active again, another
                             run of the file done (IDEMPOTENCY_IN_PROGRESS), a 5xx answer
  <file>.q<quest>.fix.csv    rows to correct first (BAD_REQUEST, PASS_POINTS_LIMIT, a suspended
                             pass: ACCOUNT_SUSPENDED, any other code)
Run either file to retry its rows. Each row is sent under the idempotency_key it carries: the
key it was refused under, the same as in the original file, so a row is never paid twice, from
whichever file it is retried (a row paid meanwhile is replayed). A rerun of a file decides its
refused rows afresh; those refused again go to the retry or fix file again. A row refused with
IDEMPOTENCY_KEY_REUSED was paid under its key with other points or another address: empty its
idempotency_key to pay it once more, under a new key. A retry file of an earlier version carries
the next key instead (ending -r1, -r2, …): once it has paid a row, a run of the original file
would pay that row again, so run one or the other, not both. The files are replaced once a run has
decided every row: a run of the retry file replaces the retry file and adds its new fix rows to
the fix file (and the other way round); a run of the original file replaces both. A run that
stops early (Ctrl-C, the service gone) leaves them as they were: run the same file again to finish.
An inactive quest is refused before any row is sent.

--dry-run sends no allocation: it checks every row (its fields, the address checksum, the pass
registered: GET /passes/{address}), the quest active, and the points of the rows that pass
against the quest's points_remaining, then prints what a run would refuse. It cannot know which
rows an earlier run already paid.

429, 502, 503, 504, 409 IDEMPOTENCY_IN_PROGRESS and no answer are retried (up to ${ATTEMPTS_MAX} attempts);
a 500 is a refusal (to the retry file, with its key).
Exit codes: 0 all paid or replayed (dry run: all would be), 2 some rows refused, 1 fatal error,
130 interrupted.`;

export function registerAllocateCommand(program: Command, io: AllocateIo): void {
  program
    .command("allocate")
    .description(
      `award points from a CSV (header row; columns address,points) to passes, ${CONCURRENCY_DEFAULT} rows in flight at once (--concurrency); safe to run again after a crash: nothing is paid twice (API key from QP_API_KEY)`,
    )
    .requiredOption("--quest <id>", "the quest to pay from", idArgument("--quest"))
    .requiredOption(
      "--csv <file>",
      "the rows; refused ones are written to <file>.q<quest>.retry.csv and <file>.q<quest>.fix.csv",
    )
    .option(
      "--url <base>",
      `the service's address (default: QP_URL or ${QP_URL_DEFAULT})`,
      baseUrlArgument("--url"),
    )
    .option(
      "--concurrency <n>",
      `rows in flight at once (lookups with --dry-run), 1..${CONCURRENCY_MAX}`,
      integerArgument("--concurrency", 1, CONCURRENCY_MAX),
      CONCURRENCY_DEFAULT,
    )
    .option(
      "--timeout <ms>",
      `longest wait for one answer (default: ${REQUEST_TIMEOUT_MS_DEFAULT})`,
      timeoutArgument,
    )
    .option("--dry-run", "check every row and the budget, print the summary, pay nothing")
    .option("--json", "print the summary as JSON")
    .addHelpText("after", HELP_AFTER)
    .action(async (options: AllocateOptions) => {
      try {
        io.setExitCode(await allocate(options, io));
      } catch (error) {
        throw withUrlHint(error);
      }
    });
}
