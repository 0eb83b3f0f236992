/**
 * `questpoints admin accounts suspend` and `reinstate`: one pass, or (suspend) every pass of a
 * file, as an operator removing a sybil ring does. Each pass is looked up by address
 * (`GET /admin/accounts?pass=`), then suspended by its account's id
 * (`POST /admin/accounts/{id}/suspension`); one already suspended with the same reason is not
 * sent again, so a run of the same file after a crash, Ctrl-C or a refusal suspends only the rest
 * (the file, the sending and the summary's common lines: accounts-file.ts).
 *
 * Exit: 0 every pass suspended (now or before); 2 some rows refused (an unregistered pass among
 * them); 1 a fatal error; 130 interrupted.
 */
import { NetworkError, type QuestpointsClient, unwrap } from "../../client/index.js";
import { ATTEMPTS_MAX, answerOf, type RetryLater } from "../allocate-runner.js";
import {
  failedAnswer,
  PASS_FILE_HELP,
  type PassFileIo,
  type PassFileSummary,
  type Refusal,
  recordRefusal,
  runPassFile,
  summaryLine,
} from "./accounts-file.js";

/** `accounts suspend --help`'s text after the options. */
export const SUSPEND_HELP = `
Either one pass (suspend 0x… --reason …) or a file of them (--csv FILE --reason …).

${PASS_FILE_HELP}

Each pass is looked up (GET /admin/accounts?pass=) and suspended (POST
/admin/accounts/{id}/suspension) with the reason; a pass already suspended with that reason is
not sent again, so running the file again after a crash, Ctrl-C or a fix suspends only what is
left. A suspended pass is refused every allocation and is on no leaderboard; its payouts stay.
429, 502, 503, 504 and no answer are tried again with backoff (up to ${ATTEMPTS_MAX} attempts);
then the run stops.

The summary goes to stdout (--json: for scripts, with every suspended row's account id):
suspended, reason changed, already suspended, duplicates, and refused rows with their line and
reason (ACCOUNT_NOT_FOUND: the pass is not registered).
Exit codes: 0 all suspended (now or before), 2 some rows refused, 1 fatal error, 130 interrupted.`;

type AccountAnswer = {
  id: string;
  pass: string;
  suspended_at: string | null;
  suspension_reason: string | null;
};

/** What a suspension did to a pass: suspended it, changed only its reason, or nothing. */
type Outcome = "suspended" | "reason_changed" | "already_suspended";

export interface SuspendSummary extends PassFileSummary {
  reason: string;
  suspended: number;
  reason_changed: number;
  already_suspended: number;
  /** Every row now suspended, with its account and what this run did to it. */
  accounts: { line: number; pass: string; id: string; outcome: Outcome }[];
}

export interface SuspendOptions {
  csv: string;
  reason: string;
  concurrency: number;
  json: boolean;
}

const notRegistered = (pass: string): Refusal => ({
  kind: "refused",
  code: "ACCOUNT_NOT_FOUND",
  detail: `${pass} is not a registered pass.`,
  status: 404,
});

/** The account of `pass`, undefined when it is not registered; or why that is not known. */
async function findAccount(
  api: QuestpointsClient,
  pass: string,
): Promise<{ account: AccountAnswer | undefined } | Refusal | RetryLater> {
  const query = { pass, limit: 1 };
  const result = await answerOf(api.GET("/admin/accounts", { params: { query } }));
  if (result instanceof NetworkError || !result.response.ok || !result.data) {
    return failedAnswer(result);
  }
  return { account: result.data.items[0] };
}

type Answer = { kind: "done"; id: string; pass: string; outcome: Outcome } | Refusal;

/** One pass looked up and, unless already suspended with `reason`, suspended. */
async function suspendOne(
  api: QuestpointsClient,
  pass: string,
  reason: string,
): Promise<Answer | RetryLater> {
  const found = await findAccount(api, pass);
  if ("kind" in found) return found;
  const { account } = found;
  if (!account) return notRegistered(pass);
  const done = (outcome: Outcome): Answer => ({ kind: "done", id: account.id, pass, outcome });
  if (account.suspended_at !== null && account.suspension_reason === reason) {
    return done("already_suspended");
  }
  const result = await answerOf(
    api.POST("/admin/accounts/{id}/suspension", {
      params: { path: { id: account.id } },
      body: { reason },
    }),
  );
  if (result instanceof NetworkError || !result.response.ok || !result.data) {
    return failedAnswer(result);
  }
  return done(account.suspended_at === null ? "suspended" : "reason_changed");
}

/** Reads, checks and suspends the file's passes; the exit code. */
export async function suspendAccounts(
  api: QuestpointsClient,
  options: SuspendOptions,
  io: PassFileIo,
): Promise<number> {
  const summary: SuspendSummary = {
    file: options.csv,
    reason: options.reason,
    rows: 0,
    suspended: 0,
    reason_changed: 0,
    already_suspended: 0,
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
      label: "accounts suspend",
      title: "accounts suspend",
      concurrency: options.concurrency,
      json: options.json,
      counts: () =>
        `suspended ${summary.suspended}, already ${summary.already_suspended}, refused ${summary.refused.length}`,
      attempt: (pass) => suspendOne(api, pass, options.reason),
      record: (row, answer, run) => {
        if (answer.kind === "refused") return recordRefusal(summary, row, answer, run);
        summary[answer.outcome]++;
        const { id, pass, outcome } = answer;
        summary.accounts.push({ line: row.line, pass, id, outcome });
      },
      countLines: () => [
        summaryLine("suspended", summary.suspended),
        summaryLine("reason changed", summary.reason_changed),
        summaryLine("already suspended", summary.already_suspended),
      ],
    },
    io,
    (done) => done.accounts.sort((a, b) => a.line - b.line),
  );
}

/** The account of one pass given on the command line; an error when it is not registered. */
export async function accountOfPass(api: QuestpointsClient, pass: string): Promise<AccountAnswer> {
  const page = unwrap(await api.GET("/admin/accounts", { params: { query: { pass, limit: 1 } } }));
  const account = page.items[0];
  if (!account) {
    throw new Error(`ACCOUNT_NOT_FOUND: ${pass} is not a registered pass.`);
  }
  return account;
}
