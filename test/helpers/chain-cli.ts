/**
 * Runs `questpoints chain …` two ways: in this process (fast, for the many output and error
 * cases) and as the real CLI in a child process (for the wiring: exit codes, stderr, signals).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { Command } from "commander";
import { registerChainCommands } from "../../src/cli/chain.js";
import { loadConfig } from "../../src/config.js";
import { CLI_ARGS } from "./cli-command.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const CLI = CLI_ARGS;
const CHAIN_ENV = ["CHAIN_RPC_URL", "CHAIN_WS_URL", "CHAIN_ID"];

export interface CliRun {
  /** The exit code the real CLI would have: 0, or 1 after an error. */
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `questpoints chain ARGS` in-process, with `env` as the whole environment. */
export async function chainCli(args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  let stdout = "";
  let stderr = "";
  const program = new Command()
    .name("questpoints")
    .exitOverride()
    .configureOutput({
      writeOut: (text) => {
        stdout += text;
      },
      writeErr: (text) => {
        stderr += text;
      },
    });
  registerChainCommands(program, () => loadConfig(env), {
    out: (text) => {
      stdout += text;
    },
    err: (text) => {
      stderr += text;
    },
  });
  try {
    await program.parseAsync(["chain", ...args], { from: "user" });
    return { code: 0, stdout, stderr };
  } catch (error) {
    // Commander's own errors are already written to stderr; ours are printed as main.ts does.
    if ((error as { code?: string }).code?.startsWith("commander.")) {
      return { code: 1, stdout, stderr };
    }
    return { code: 1, stdout, stderr: `${stderr}questpoints: ${(error as Error).message}\n` };
  }
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
