/**
 * `questpoints ARGS` run in this process (runCli of src/cli/program.ts): a fresh program each run,
 * the environment given and nothing else, and stdout and stderr kept as a child process's pipes
 * would carry them: not a terminal (no progress bar, no colours, the default help width). No
 * signal reaches the run and it never ends the process; its exit code is what it resolves with.
 * Starting a process costs a second of CPU or more; this costs next to nothing.
 */
import { Readable, Writable } from "node:stream";
import { runCli } from "../../src/cli/program.js";

export interface InProcessRun {
  code: number;
  /** Always null: no signal reaches an in-process run (the shape of a child process's run). */
  signal: null;
  stdout: string;
  stderr: string;
}

/** A pipe's end as the CLI sees it: `isTTY` and `columns` unset. */
class TextSink extends Writable {
  text = "";
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: () => void): void {
    this.text += typeof chunk === "string" ? chunk : chunk.toString("utf8");
    done();
  }
}

/** Process events a run may listen to while it runs, never after: the next run would hear them. */
const PROCESS_EVENTS = ["SIGINT", "SIGTERM", "exit"] as const;

const listenerCounts = () => PROCESS_EVENTS.map((event) => process.listenerCount(event));

/**
 * Runs the CLI with `env` as its whole environment; `stdin` is its input, then end of file. Throws
 * when the run leaves a listener on the process or sets its exit code (the test runner would take
 * that for a failure of the file).
 */
export async function runInProcess(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  stdin = "",
): Promise<InProcessRun> {
  const stdout = new TextSink();
  const stderr = new TextSink();
  const input = Readable.from(stdin ? [Buffer.from(stdin)] : []);
  const listenersBefore = listenerCounts();
  const exitCodeBefore = process.exitCode;
  // A copy: nothing the run does to its environment reaches this process's.
  const code = await runCli(args, { stdout, stderr, stdin: input, env: { ...env } });
  const listenersAfter = listenerCounts();
  const left = PROCESS_EVENTS.filter((_, i) => listenersAfter[i]! > listenersBefore[i]!);
  if (left.length > 0 || process.exitCode !== exitCodeBefore) {
    throw new Error(
      `questpoints ${args.join(" ")} left behind in this process: ${[
        ...left.map((event) => `a "${event}" listener`),
        ...(process.exitCode !== exitCodeBefore ? [`process.exitCode ${process.exitCode}`] : []),
      ].join(", ")}`,
    );
  }
  return { code, signal: null, stdout: stdout.text, stderr: stderr.text };
}
