/**
 * The files `npm run api:sync` writes, as the tests see them: where one is, and why the
 * committed one is stale. No import of the service, so a test of a generated file stays fast.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** A file of the repository, by its path from the root. */
export const repoPath = (file: string) => fileURLToPath(new URL(`../${file}`, import.meta.url));

/** Why the committed `file` is not `rendered` (its first differing line), or undefined. */
export function staleness(file: string, rendered: string): string | undefined {
  let committed: string;
  try {
    committed = readFileSync(repoPath(file), "utf8");
  } catch {
    return `${file} is missing: run npm run api:sync`;
  }
  if (committed === rendered) return undefined;
  // One line of each, not a diff of a 600 kB document.
  const renderedLines = rendered.split("\n");
  const committedLines = committed.split("\n");
  const lines = Math.max(renderedLines.length, committedLines.length);
  const line = Array.from({ length: lines }, (_, i) => i).find(
    (i) => renderedLines[i] !== committedLines[i],
  )!;
  return (
    `${file} is stale: it is not what the API gives (first difference at line ${line + 1}: ` +
    `committed ${JSON.stringify(committedLines[line])}, rendered ${JSON.stringify(renderedLines[line])}): ` +
    "run npm run api:sync"
  );
}
