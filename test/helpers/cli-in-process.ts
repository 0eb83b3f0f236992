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
type ProcessEvent = (typeof PROCESS_EVENTS)[number];
const ADDERS = ["on", "addListener", "once", "prependListener", "prependOnceListener"] as const;
const CLI_SOURCE = `${new URL("../../src/cli/", import.meta.url).pathname}`;

/**
 * Records the listeners the CLI's own code adds to `events` while `run` runs (a call with a frame
 * of src/cli/ on its stack): other code of this process (a service it runs, a library that
 * registers an exit hook when the garbage collector frees something) may add and remove its own
 * at any time, and is not the run's to clean up.
 */
async function listenersAddedBy<T>(
  run: () => Promise<T>,
): Promise<{ result: T; added: { event: ProcessEvent; listener: unknown }[] }> {
  const added: { event: ProcessEvent; listener: unknown }[] = [];
  const originals = ADDERS.map((name) => [name, process[name]] as const);
  for (const [name, original] of originals) {
    const patched = function (this: NodeJS.Process, event: string | symbol, listener: unknown) {
      if (
        (PROCESS_EVENTS as readonly unknown[]).includes(event) &&
        new Error().stack?.includes(CLI_SOURCE)
      ) {
        added.push({ event: event as ProcessEvent, listener });
      }
      return (original as (...args: unknown[]) => NodeJS.Process).call(this, event, listener);
    };
    process[name] = patched as (typeof process)[typeof name];
  }
  try {
    return { result: await run(), added };
  } finally {
    for (const [name, original] of originals) process[name] = original as never;
  }
}

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
  const exitCodeBefore = process.exitCode;
  // A copy: nothing the run does to its environment reaches this process's.
  const { result: code, added } = await listenersAddedBy(() =>
    runCli(args, { stdout, stderr, stdin: input, env: { ...env } }),
  );
  const left = added.filter(({ event, listener }) =>
    process.listeners(event as NodeJS.Signals).some((present) => present === listener),
  );
  if (left.length > 0 || process.exitCode !== exitCodeBefore) {
    throw new Error(
      `questpoints ${args.join(" ")} left behind in this process: ${[
        ...left.map(({ event }) => `a "${event}" listener`),
        ...(process.exitCode !== exitCodeBefore ? [`process.exitCode ${process.exitCode}`] : []),
      ].join(", ")}`,
    );
  }
  return { code, signal: null, stdout: stdout.text, stderr: stderr.text };
}
