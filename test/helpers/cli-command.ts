/**
 * How tests start the CLI (and the service through it): the build the test runner made once for
 * the run (QP_TEST_CLI_JS, scripts/run-tests.ts), which starts in a fraction of the time tsx
 * takes to compile the sources, or the sources through tsx when a test file runs on its own.
 */
export const CLI_ARGS: readonly string[] = process.env.QP_TEST_CLI_JS
  ? [process.env.QP_TEST_CLI_JS]
  : ["--import", "tsx", "src/cli/main.ts"];
