/**
 * Runs several test files in one Node process, one after the other (scripts/run-tests.ts starts
 * it): loading the service's modules, tsx and PGlite's WebAssembly costs seconds of CPU per
 * process, which a process per file would pay again for every file. Each file's suites run in
 * the order the files are given, and report as usual.
 */
import { pathToFileURL } from "node:url";

for (const file of process.argv.slice(2)) {
  await import(pathToFileURL(file).href);
}
