import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { ERROR_CODES } from "../src/domain/errors.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const DOCS = [
  "README.md",
  ...readdirSync(join(ROOT, "docs"))
    .filter((f) => f.endsWith(".md"))
    .map((f) => `docs/${f}`),
];

/** The text outside fenced code blocks: a `#` or `](` in code is neither a heading nor a link. */
function prose(text: string): string {
  let fenced = false;
  return text
    .split("\n")
    .filter((line) => {
      if (/^\s*```/.test(line)) {
        fenced = !fenced;
        return false;
      }
      return !fenced;
    })
    .join("\n");
}

/** Markdown link targets of a file, outside code (inline code spans dropped too). */
function linkTargets(text: string): string[] {
  const withoutCode = prose(text).replace(/`[^`\n]*`/g, "code");
  return [...withoutCode.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!);
}

/**
 * A heading's anchor as GitHub makes it (github-slugger): the heading's text without its inline
 * markup, lower-cased, every character but letters, digits, `-`, `_` and spaces dropped, each
 * space turned into `-`; a repeated anchor gets `-1`, `-2`, ….
 */
function githubAnchors(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading] of prose(text).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const plain = heading!
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/<[^>]+>/g, "")
      .replace(/[`*]/g, "");
    const slug = plain
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M}\- _]/gu, "")
      .replace(/ /g, "-");
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

const anchorsOf = new Map<string, Set<string>>();
function anchorsOfFile(path: string): Set<string> {
  let anchors = anchorsOf.get(path);
  if (!anchors) {
    anchors = githubAnchors(readFileSync(path, "utf8"));
    anchorsOf.set(path, anchors);
  }
  return anchors;
}

describe("the repository's documentation", () => {
  it("checks README.md and every Markdown file of docs/", () => {
    assert.ok(DOCS.includes("README.md"));
    assert.ok(DOCS.length > 2, `docs/ should hold Markdown files: ${DOCS.join(", ")}`);
  });

  it("links only to files inside the repository that exist", () => {
    for (const doc of DOCS) {
      const text = readFileSync(join(ROOT, doc), "utf8");
      for (const link of linkTargets(text)) {
        if (/^[a-z]+:/i.test(link) || link.startsWith("#")) continue;
        const target = resolve(dirname(join(ROOT, doc)), link.split("#")[0]!);
        assert.ok(!relative(ROOT, target).startsWith(".."), `${doc} links outside: ${link}`);
        assert.ok(existsSync(target), `${doc} links to a missing file: ${link}`);
      }
    }
  });

  it("links to #anchors that are headings of the page linked to", () => {
    const broken: string[] = [];
    for (const doc of DOCS) {
      const path = join(ROOT, doc);
      for (const link of linkTargets(readFileSync(path, "utf8"))) {
        if (/^[a-z]+:/i.test(link) || !link.includes("#")) continue;
        const [file = "", anchor = ""] = link.split("#");
        const target = file === "" ? path : resolve(dirname(path), file);
        if (!target.endsWith(".md") || !existsSync(target)) continue;
        if (!anchorsOfFile(target).has(anchor)) {
          const known = [...anchorsOfFile(target)].join(", ");
          broken.push(`${doc}: ${link} (headings there: ${known})`);
        }
      }
    }
    assert.deepEqual(broken, [], `links to missing headings:\n${broken.join("\n")}`);
  });

  it("reads anchors as GitHub makes them", () => {
    const anchors = githubAnchors(
      [
        "# Operations: how to run it",
        "## `/readyz` and the chain",
        "## `CHAIN_ID`",
        "## The bench's environment",
        "## Rate limits",
        "## Rate limits",
        "```sh",
        "# a comment, not a heading",
        "```",
      ].join("\n"),
    );
    assert.deepEqual(
      [...anchors],
      [
        "operations-how-to-run-it",
        "readyz-and-the-chain",
        "chain_id",
        "the-benchs-environment",
        "rate-limits",
        "rate-limits-1",
      ],
    );
  });

  it("lists every error code in the README's table", () => {
    const readme = readFileSync(join(ROOT, "README.md"), "utf8");
    const missing = ERROR_CODES.filter((code) => !readme.includes(`| \`${code}\` |`));
    assert.deepEqual(missing, [], "README.md's error table lacks these codes");
  });
});
