/**
 * Runs `questpoints chain …` two ways: in this process (fast, for the many output and error
 * cases) and as the real CLI in a child process (for the wiring: exit codes, stderr, signals).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { CLI_ARGS } from "./cli-command.js";
import { runInProcess } from "./cli-in-process.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const CLI = CLI_ARGS;
const CHAIN_ENV = ["CHAIN_RPC_URL", "CHAIN_WS_URL", "CHAIN_ID"];

export interface CliRun {
  /** The exit code the real CLI would have: 0, or 1 after an error. */
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `questpoints chain ARGS` in-process (the whole program), with `env` as the whole environment. */
export function chainCli(args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  return runInProcess(["chain", ...args], env);
}

/** The real CLI as a child process; the chain variables of this environment are not passed on. */
export function spawnCli(args: string[], env: Record<string, string> = {}): ChildProcess {
  const inherited = { ...process.env };
  for (const name of CHAIN_ENV) delete inherited[name];
  return spawn(process.execPath, [...CLI, ...args], {
    cwd: ROOT,
    env: { ...inherited, LOG_LEVEL: "silent", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
}

/** Runs the real CLI to its end. */
export function runCli(args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawnCli(args, env);
    let stdout = "";
    let stderr = "";
    child.stdout?.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr?.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}
