// A node:test reporter for scripts/run-tests.ts: per test file, its tests, failures and the time
// its top-level suites took; and the process's CPU seconds. One JSON document at the end.
async function* statsReporter(source) {
  const files = {};
  // A suite declared by a helper (test/helpers/each-database.ts) reports the helper's file: its
  // time belongs to the test file its tests were written in, whose events come before its own.
  let lastTestFile;
  for await (const event of source) {
    if (event.type !== "test:pass" && event.type !== "test:fail") continue;
    const { nesting, details } = event.data;
    let { file } = event.data;
    if (file?.endsWith(".test.ts")) lastTestFile = file;
    else if (nesting === 0 && lastTestFile) file = lastTestFile;
    if (!file) continue;
    files[file] ??= { tests: 0, failed: 0, ms: 0 };
    const stats = files[file];
    if (nesting === 0) stats.ms += details?.duration_ms ?? 0;
    if (details?.type === "suite") continue;
    stats.tests += 1;
    if (event.type === "test:fail") stats.failed += 1;
  }
  const { user, system } = process.cpuUsage();
  yield `${JSON.stringify({ files, cpuS: (user + system) / 1e6 })}\n`;
}

// node:test loads a reporter module's default export.
// biome-ignore lint/style/noDefaultExport: the reporter interface requires it
export default statsReporter;
