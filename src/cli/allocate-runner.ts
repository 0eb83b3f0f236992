/**
 * What a paying run and a dry run of `allocate --csv` share: a bounded number of rows in flight,
 * requests tried again when the answer says "try again", a stop (Ctrl-C, a fatal error) that
 * every row waiting sees at once, and progress on stderr.
 */
import type { Writable } from "node:stream";
import { type ApiError, NetworkError } from "../client/index.js";
import type { CliIo, CommandIo } from "./io.js";
import { printFatal } from "./output.js";

/**
 * Attempts per request for answers that mean "try again" (the client's isWorthRetrying: 429, 502,
 * 503, 504, 409 in progress, no answer). A 500 is not among them: the service answered, and it
 * would answer the same again.
 */
export const ATTEMPTS_MAX = 8;
const BACKOFF_MS_FIRST = 200;
const BACKOFF_MS_MAX = 10_000;
/** Retry-After beyond this is not waited for in full. */
const RETRY_AFTER_MS_MAX = 60_000;
/** Exit code of a run (or a dry run) with refused rows. */
export const EXIT_REFUSED = 2;
export const EXIT_INTERRUPTED = 130;

export type AllocateIo = CommandIo;

/** Ctrl-C as a run hears it, and how a second one ends the process (see CliIo). */
export type Interrupts = Pick<CliIo, "onInterrupt" | "exit">;

/** How a run stops early: the first reason wins, and wakes the rows waiting to be retried. */
export interface RunControl {
  readonly stopping: boolean;
  readonly exitCode: number;
  /** Why the run stopped; null while it goes on. */
  readonly reason: string | null;
  /** Resolves at the first stop(). */
  readonly stopped: Promise<void>;
  stop(reason: string, exitCode: number): void;
}

export function runControl(): RunControl {
  let reason: string | null = null;
  let exitCode = 0;
  let wake!: () => void;
  const stopped = new Promise<void>((resolve) => {
    wake = resolve;
  });
  return {
    get stopping() {
      return reason !== null;
    },
    get exitCode() {
      return exitCode;
    },
    get reason() {
      return reason;
    },
    stopped,
    stop(why, code) {
      if (reason !== null) return;
      reason = why;
      exitCode = code;
      wake();
    },
  };
}

/**
 * The first Ctrl-C stops the run (rows in flight are awaited); a second one exits at once. Returns
 * what stops listening, called when the run's rows are done.
 */
function stopOnInterrupt(run: RunControl, interrupts: Interrupts): () => void {
  if (!interrupts.onInterrupt) return () => {};
  let count = 0;
  return interrupts.onInterrupt(() => {
    count++;
    if (count > 1) interrupts.exit?.(EXIT_INTERRUPTED);
    run.stop("interrupted (SIGINT); run again to finish", EXIT_INTERRUPTED);
  });
}

/** An answer that means "try again", after `response`'s Retry-After when it has one. */
export interface RetryLater {
  kind: "retry";
  failure: string;
  code?: string;
  detail?: string;
  response?: Response;
}

/** An answer that asks to be tried again, as its problem says. */
export function retryLater(error: ApiError, response: Response): RetryLater {
  return {
    kind: "retry",
    failure: error.message,
    code: error.code,
    detail: error.detail,
    response,
  };
}

export type Retried<T> =
  | { kind: "done"; value: T }
  /** Every attempt said "try again": the last one's answer. */
  | { kind: "exhausted"; last: RetryLater }
  /** The run stopped while the request waited to be tried again. */
  | { kind: "abandoned" };

const sleep = (ms: number, cancel: Promise<void>) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    void cancel.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });

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

/** Calls `attempt` until its answer is final, ATTEMPTS_MAX answers said "try again", or the run stops. */
export async function retrying<T extends { kind: string }>(
  run: RunControl,
  attempt: () => Promise<T | RetryLater>,
): Promise<Retried<T>> {
  for (let count = 1; ; count++) {
    const answer = await attempt();
    if (!isRetry(answer)) return { kind: "done", value: answer };
    if (count >= ATTEMPTS_MAX) return { kind: "exhausted", last: answer };
    if (run.stopping) return { kind: "abandoned" };
    await sleep(retryDelay(count, answer.response), run.stopped);
    if (run.stopping) return { kind: "abandoned" };
  }
}

function isRetry(answer: { kind: string }): answer is RetryLater {
  return answer.kind === "retry";
}

/** A request of the typed client, with "no answer" as a value (the request may have been served). */
export async function answerOf<R>(request: Promise<R>): Promise<R | NetworkError> {
  return request.catch((error: unknown) => {
    if (error instanceof NetworkError) return error;
    throw error;
  });
}

/**
 * Hands the rows to `concurrency` workers, until they run out or the run stops (Ctrl-C stops it:
 * see stopOnInterrupt). The generator is shared: its next() calls queue. A thrown error stops the
 * run as a fatal one.
 */
export async function forEachRow<R>(
  rows: AsyncGenerator<R>,
  concurrency: number,
  run: RunControl,
  interrupts: Interrupts,
  handle: (row: R) => Promise<void>,
): Promise<void> {
  const worker = async () => {
    try {
      while (!run.stopping) {
        const next = await rows.next();
        if (next.done) return;
        await handle(next.value);
      }
    } catch (error) {
      run.stop(`fatal: ${(error as Error).message}`, 1);
    }
  };
  const release = stopOnInterrupt(run, interrupts);
  try {
    await Promise.all(Array.from({ length: concurrency }, worker));
  } finally {
    release();
    await rows.return(undefined);
  }
}

/**
 * The exit code of a finished run (EXIT_REFUSED when it ended with `refused` rows), after saying
 * on stderr why it stopped when that was fatal: the summary on stdout has it too.
 */
export function endRun(run: RunControl, stderr: Writable, refused: boolean): number {
  if (run.exitCode === 1 && run.reason) printFatal(stderr, run.reason);
  if (run.exitCode !== 0) return run.exitCode;
  return refused ? EXIT_REFUSED : 0;
}
