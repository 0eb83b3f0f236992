/**
 * `questpoints allocate --csv FILE --dry-run`: every check a run would meet that can be made
 * without paying: each row's fields and address checksum, its pass registered
 * (`GET /passes/{address}`, 404 PASS_NOT_FOUND when not), the quest active, and the points of the
 * rows that pass against the quest's points_remaining. No allocation is sent. It cannot know
 * which rows an earlier run of the file already paid: it counts every row.
 */

import { isWorthRetrying } from "../client/allocation-retry.js";
import { NetworkError, type QuestpointsClient, toApiError } from "../client/index.js";
import { accountSuspendedDetail } from "../domain/allocation.js";
import { type Row, readRows, validate } from "./allocate-rows.js";
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
import { codeCountLines, countCode, printSummary, startProgress } from "./output.js";

/** Refused rows listed in the summary (by line); the counts cover all of them. */
export const PROBLEMS_LISTED_MAX = 1000;

interface Problem {
  line: number;
  address: string;
  points: string;
  code: string;
  detail: string;
}

export interface DryRunSummary {
  file: string;
  quest_id: number;
  dry_run: true;
  rows: number;
  /** Why a run would refuse to start; null when the quest is active. */
  quest_inactive: string | null;
  /** Rows that pass every check: a run would send them. */
  ok: { count: number; points: number };
  points_remaining: number;
  /** Points the ok rows ask beyond points_remaining: rows worth that much would be refused. */
  points_short: number;
  refused: { count: number; by_code: Record<string, number> };
  /** The refused rows in line order, the first PROBLEMS_LISTED_MAX of them. */
  problems: Problem[];
  /** Rows not checked: the run stopped first. */
  not_done: number;
  stopped: string | null;
}

type Check =
  | { kind: "ok"; points: number }
  | { kind: "refused"; code: string; detail: string }
  | { kind: "abandoned" };

type Lookup =
  | { kind: "registered" }
  | { kind: "suspended" }
  | { kind: "unregistered"; detail: string };

/**
 * Is the pass registered, and not suspended? PASS_NOT_FOUND says unregistered; any answer but
 * "try again" is final.
 */
async function lookupPass(api: QuestpointsClient, address: string): Promise<Lookup | RetryLater> {
  const result = await answerOf(api.GET("/passes/{address}", { params: { path: { address } } }));
  if (result instanceof NetworkError) return { kind: "retry", failure: result.message };
  const { response } = result;
  if (response.ok) return { kind: result.data?.suspended ? "suspended" : "registered" };
  const error = toApiError(result.error, response);
  if (error.code === "PASS_NOT_FOUND") return { kind: "unregistered", detail: error.detail };
  if (isWorthRetrying({ status: response.status, code: error.code })) {
    return retryLater(error, response);
  }
  throw error; // QUESTS_DISABLED and the like: every further lookup would fail the same way.
}

async function checkRow(api: QuestpointsClient, row: Row, run: RunControl): Promise<Check> {
  const body = validate(row);
  if ("detail" in body) return { kind: "refused", code: "BAD_REQUEST", detail: body.detail };
  const lookup = await retrying(run, () => lookupPass(api, body.address));
  if (lookup.kind === "abandoned") return lookup;
  if (lookup.kind === "exhausted") {
    run.stop(
      `no answer after ${ATTEMPTS_MAX} attempts on line ${row.line}: ${lookup.last.failure}`,
      1,
    );
    return { kind: "abandoned" };
  }
  if (lookup.value.kind === "registered") return { kind: "ok", points: body.points };
  if (lookup.value.kind === "suspended") {
    return {
      kind: "refused",
      code: "ACCOUNT_SUSPENDED",
      detail: accountSuspendedDetail(body.address),
    };
  }
  return { kind: "refused", code: "ACCOUNT_NOT_FOUND", detail: accountNotFound(body.address) };
}

/**
 * What a live run is told for a pass without an account (the service's ACCOUNT_NOT_FOUND detail,
 * src/domain/allocation.ts): the player joins at /app/join. Registering a pass for them is an
 * operator's command, which the builder running this cannot run.
 */
export const accountNotFound = (pass: string) =>
  `${pass} is not a registered account; the pass must be registered first: its holder joins by signing in with their wallet at /app/join.`;

/** The refused rows kept for the summary: the first PROBLEMS_LISTED_MAX by line. */
function problemList() {
  let problems: Problem[] = [];
  const trim = () => {
    problems.sort((a, b) => a.line - b.line);
    problems = problems.slice(0, PROBLEMS_LISTED_MAX);
  };
  return {
    add(problem: Problem) {
      problems.push(problem);
      if (problems.length >= 2 * PROBLEMS_LISTED_MAX) trim();
    },
    list(): Problem[] {
      trim();
      return problems;
    },
  };
}

function formatDryRun(summary: DryRunSummary): string {
  const lines = [
    `dry run:   nothing was sent to quest ${summary.quest_id}`,
    `rows:      ${summary.rows} in ${summary.file}`,
    `ok:        ${summary.ok.count} rows, ${summary.ok.points} points would be sent`,
    `refused:   ${summary.refused.count} rows would be refused`,
    ...codeCountLines(summary.refused.by_code),
    summary.points_short > 0
      ? `budget:    ${summary.points_remaining} points remaining, ${summary.points_short} short: rows worth ${summary.points_short} points would be refused INSUFFICIENT_POINTS (raise the budget first)`
      : `budget:    ${summary.points_remaining} points remaining: enough`,
  ];
  if (summary.quest_inactive) lines.push(`quest:     ${summary.quest_inactive}`);
  for (const p of summary.problems) lines.push(`line ${p.line}: ${p.code}: ${p.detail}`);
  const unlisted = summary.refused.count - summary.problems.length;
  if (unlisted > 0) lines.push(`… and ${unlisted} more refused rows`);
  if (summary.not_done > 0) lines.push(`not done:  ${summary.not_done} rows not checked`);
  if (summary.stopped) lines.push(`stopped:   ${summary.stopped}`);
  return `${lines.join("\n")}\n`;
}

export interface DryRunInput {
  api: QuestpointsClient;
  file: string;
  questId: number;
  rows: number;
  concurrency: number;
  json: boolean;
  /** Why a run would refuse to start; null when the quest is active. */
  inactive: string | null;
  pointsRemaining: number;
}

function emptySummary(input: DryRunInput): DryRunSummary {
  return {
    file: input.file,
    quest_id: input.questId,
    dry_run: true,
    rows: input.rows,
    quest_inactive: input.inactive,
    ok: { count: 0, points: 0 },
    points_remaining: input.pointsRemaining,
    points_short: 0,
    refused: { count: 0, by_code: {} },
    problems: [],
    not_done: 0,
    stopped: null,
  };
}

export async function dryRun(input: DryRunInput, io: AllocateIo): Promise<number> {
  const summary = emptySummary(input);
  const problems = problemList();
  const run = runControl();
  const checked = () => summary.ok.count + summary.refused.count;
  const progress = startProgress(io.stderr, {
    title: `allocate --dry-run: ${input.rows} rows from ${input.file} for quest ${input.questId} (${input.pointsRemaining} points remaining); nothing is sent`,
    label: "allocate",
    unit: "rows",
    total: input.rows,
    decided: checked,
    counts: () => `ok ${summary.ok.count}, refused ${summary.refused.count}`,
  });
  try {
    await forEachRow(readRows(input.file), input.concurrency, run, io, async (row) => {
      const check = await checkRow(input.api, row, run);
      if (check.kind === "abandoned") return;
      if (check.kind === "ok") {
        summary.ok.count++;
        summary.ok.points += check.points;
      } else {
        summary.refused.count++;
        countCode(summary.refused.by_code, check.code);
        const { line, address, points } = row;
        problems.add({ line, address, points, code: check.code, detail: check.detail });
      }
      progress.update();
    });
  } finally {
    progress.stop();
  }
  summary.problems = problems.list();
  summary.points_short = Math.max(0, summary.ok.points - summary.points_remaining);
  summary.not_done = summary.rows - checked();
  summary.stopped = run.reason;
  printSummary({ json: input.json, io }, summary, formatDryRun);
  const clean = summary.refused.count === 0 && summary.points_short === 0 && !input.inactive;
  return endRun(run, io.stderr, !clean);
}
