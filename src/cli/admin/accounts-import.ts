/**
 * `questpoints admin accounts import --csv FILE`: registers the pass addresses of a file, as an
 * operator moving a community over does, through `POST /admin/accounts`, CONCURRENCY_DEFAULT at
 * once (the file, the sending and the summary's common lines: accounts-file.ts). The service
 * answers 201 for a new account and 200 for one already registered, so a run again after a
 * crash, Ctrl-C or a refusal registers only the rest: nothing twice.
 *
 * Exit: 0 every address registered (now or before); 2 some rows refused; 1 a fatal error (an
 * unreadable file, a bad header, the token refused, the service gone); 130 interrupted.
 */
import { NetworkError, type QuestpointsClient } from "../../client/index.js";
import { ATTEMPTS_MAX, answerOf, type RetryLater } from "../allocate-runner.js";
import {
  CONCURRENCY_DEFAULT,
  CONCURRENCY_MAX,
  failedAnswer,
  PASS_FILE_HELP,
  type PassFileIo,
  type PassFileSummary,
  type Refusal,
  recordRefusal,
  runPassFile,
  summaryLine,
} from "./accounts-file.js";

export const IMPORT_CONCURRENCY_DEFAULT = CONCURRENCY_DEFAULT;
export const IMPORT_CONCURRENCY_MAX = CONCURRENCY_MAX;

/** `accounts import --help`'s text after the options. */
export const IMPORT_HELP = `
${PASS_FILE_HELP}

Each address is sent to POST /admin/accounts, which answers 201 when it registers it and 200 when
it was registered before: running the file again after a crash, Ctrl-C or a fix registers only
what is left. 429, 502, 503, 504 and no answer are tried again with backoff (up to ${ATTEMPTS_MAX}
attempts); then the run stops.

The summary goes to stdout (--json: for scripts, with every registered row's account id):
created, already registered, duplicates, and refused rows with their line and reason.
Exit codes: 0 all registered (now or before), 2 some rows refused, 1 fatal error, 130 interrupted.`;

export type ImportIo = PassFileIo;

export interface ImportOptions {
  csv: string;
  concurrency: number;
  json: boolean;
}

export interface ImportSummary extends PassFileSummary {
  created: number;
  already_registered: number;
  /** Every row registered, with its account: `created` false when it was registered before. */
  accounts: { line: number; pass: string; id: string; created: boolean }[];
}

type Answer = { kind: "registered"; id: string; pass: string; created: boolean } | Refusal;

/** One POST /admin/accounts, classified: registered, refused, or worth another attempt. */
async function attempt(api: QuestpointsClient, pass: string): Promise<Answer | RetryLater> {
  const result = await answerOf(api.POST("/admin/accounts", { body: { pass } }));
  if (!(result instanceof NetworkError) && result.response.ok && result.data) {
    const { id } = result.data;
    const created = result.response.status === 201;
    return { kind: "registered", id, pass: result.data.pass, created };
  }
  return failedAnswer(result);
}

/** Reads, checks and registers the file's addresses; the exit code. */
export async function importAccounts(
  api: QuestpointsClient,
  options: ImportOptions,
  io: ImportIo,
): Promise<number> {
  const summary: ImportSummary = {
    file: options.csv,
    rows: 0,
    created: 0,
    already_registered: 0,
    duplicates: [],
    refused: [],
    not_done: 0,
    stopped: null,
    accounts: [],
  };
  return runPassFile(
    options.csv,
    summary,
    {
      label: "accounts import",
      title: "accounts import",
      concurrency: options.concurrency,
      json: options.json,
      counts: () =>
        `created ${summary.created}, already ${summary.already_registered}, refused ${summary.refused.length}`,
      attempt: (pass) => attempt(api, pass),
      record: (row, answer, run) => {
        if (answer.kind === "refused") return recordRefusal(summary, row, answer, run);
        if (answer.created) summary.created++;
        else summary.already_registered++;
        const { id, created } = answer;
        summary.accounts.push({ line: row.line, pass: answer.pass, id, created });
      },
      countLines: () => [
        summaryLine("created", summary.created),
        summaryLine("already registered", summary.already_registered),
      ],
    },
    io,
    (done) => done.accounts.sort((a, b) => a.line - b.line),
  );
}
