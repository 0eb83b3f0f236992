/**
 * What the CLI touches of the world, passed in rather than read from `process`: where it prints,
 * what it reads, the environment its settings come from, Ctrl-C, and how the process ends. main.ts
 * gives the process's own; a test gives buffers and an environment of its own, and runs the CLI
 * in its process.
 */
import type { Writable } from "node:stream";

/** An output stream as the CLI looks at it: a terminal (progress bars, help width) or not. */
export type CliOutput = Writable & {
  isTTY?: boolean;
  columns?: number;
  hasColors?: () => boolean;
};

export interface CliIo {
  stdout: CliOutput;
  stderr: CliOutput;
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  /** Every setting the commands read (QP_*, PORT, DATABASE_URL, …) comes from here. */
  env: NodeJS.ProcessEnv;
  /**
   * Calls `handler` at each Ctrl-C (SIGINT) until the function it returns is called. Absent where
   * no signal can come (a test's run): nothing is listened for.
   */
  onInterrupt?(handler: () => void): () => void;
  /**
   * Ends the process at once with `code`: after an error (a service left half started must not
   * keep it alive) or at a second Ctrl-C. Absent in a test's run, whose promise has the code.
   */
  exit?(code: number): void;
}

/** What a command runs with: the CLI's io, and where it sets the code of a run that returned. */
export interface CommandIo extends CliIo {
  setExitCode(code: number): void;
}
