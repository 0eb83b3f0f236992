import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const DOCS = [
  "README.md",
  ...readdirSync(join(ROOT, "docs"))
    .filter((f) => f.endsWith(".md"))
    .map((f) => `docs/${f}`),
];

/** Relative Markdown link targets of a file (web addresses and page anchors left out). */
function relativeLinks(text: string): string[] {
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1]!)
    .filter((target) => !/^[a-z]+:/i.test(target) && !target.startsWith("#"));
}

describe("the repository's documentation", () => {
  it("links only to files inside the repository that exist", () => {
    for (const doc of DOCS) {
      const text = readFileSync(join(ROOT, doc), "utf8");
      for (const link of relativeLinks(text)) {
        const target = resolve(dirname(join(ROOT, doc)), link.split("#")[0]!);
        assert.ok(!relative(ROOT, target).startsWith(".."), `${doc} links outside: ${link}`);
        assert.ok(existsSync(target), `${doc} links to a missing file: ${link}`);
      }
    }
  });
});
