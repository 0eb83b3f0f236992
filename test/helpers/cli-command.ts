import { type ChildProcess, spawn } from "node:child_process";
/**
 * How tests start the CLI (and the service through it): the build the test runner made once for
 * the run (QP_TEST_CLI_JS, scripts/run-tests.ts), which starts in a fraction of the time tsx
 * takes to compile the sources, or the sources through tsx when a test file runs on its own.
 */
export const CLI_ARGS: readonly string[] = process.env.QP_TEST_CLI_JS
  ? [process.env.QP_TEST_CLI_JS]
  : ["--import", "tsx", "src/cli/main.ts"];

/**
 * `serve --demo-if-empty` in a child process on `env`, resolved once it has printed `marker`,
 * with everything printed so far; refused if it exits first or takes over two minutes.
 */
export function startServe(
  env: Record<string, string>,
  marker: RegExp,
): Promise<{ child: ChildProcess; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...CLI_ARGS, "serve", "--demo-if-empty"], {
      env: { ...process.env, ...env },
    });
    let output = "";
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`serve did not print ${marker} in time:\n${output}`));
    }, 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (marker.test(output)) {
        clearTimeout(timer);
        child.removeAllListeners("exit");
        resolve({ child, output });
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited with ${code} before ready:\n${output}`));
    });
  });
}
