#!/usr/bin/env node
/**
 * The `questpoints` command: the program (program.ts) on this process's streams, environment and
 * signals. A command that returns sets the exit code and the process ends once its work is done
 * (`serve` keeps listening); an error, or commander's own end of a run, exits at once.
 */
import type { CliIo } from "./io.js";
import { runCli } from "./program.js";

const PROCESS_IO: CliIo = {
  stdout: process.stdout,
  stderr: process.stderr,
  // Only the commands that read stdin open it.
  get stdin() {
    return process.stdin;
  },
  env: process.env,
  onInterrupt(handler) {
    process.on("SIGINT", handler);
    return () => process.off("SIGINT", handler);
  },
  exit: (code) => process.exit(code),
};

void runCli(process.argv.slice(2), PROCESS_IO).then((code) => {
  process.exitCode = code;
});
