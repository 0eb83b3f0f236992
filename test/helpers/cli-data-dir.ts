/**
 * Data directories for tests that run the service or the CLI on embedded PGlite (DATA_DIR).
 * Creating a PGlite cluster costs seconds of CPU at every first start on a new directory; a
 * directory given the files of the test run's migrated cluster (QP_TEST_PGLITE_TEMPLATE, made once
 * per run by the test runner) starts in a fraction of that, at the latest migration and holding
 * no quest. A test about the first start on a new directory leaves its directory empty.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";

/**
 * Puts the migrated cluster's files into `dir` (which must be empty) when the test run has one;
 * without it (a test file run on its own) `dir` stays empty and the first start creates a cluster.
 */
export function seedDataDir(dir: string): void {
  const template = process.env.QP_TEST_PGLITE_TEMPLATE;
  if (!template || !existsSync(template)) return;
  if (readdirSync(dir).length > 0) throw new Error(`seedDataDir: ${dir} is not empty`);
  // The template is PGlite's dump of its data directory: a tar of the directory's own layout
  // (paths from its root, with a leading slash that tar strips and warns about).
  execFileSync("tar", ["-xf", template, "-C", dir], { stdio: ["ignore", "ignore", "pipe"] });
}
