/**
 * The layers' rules, read from the source's imports (README, "Architecture"): dependencies point
 * one way, routes reach the database only through a use case, the pages only through the typed
 * client, and no hand-written file grows past what a reader takes in at once.
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
/** Most lines of a hand-written file in src/ or web/ (generated files are exempt). */
const FILE_LINES_MAX = 400;
const GENERATED = new Set(["src/client/schema.d.ts"]);

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: "utf8" })
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => join(dir, name).replaceAll("\\", "/"));
}

/** The repository paths a file imports (relative imports only, `.js` read as the source file). */
function importsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), "utf8");
  const specifiers = [
    ...text.matchAll(/(?:^|\n)\s*(?:(?:import|export)[^"';]*?from\s+|import\s+)["']([^"']+)["']/g),
  ];
  return specifiers
    .map((match) => match[1]!)
    .filter((specifier) => specifier.startsWith("."))
    .map((specifier) =>
      relative(ROOT, resolve(ROOT, dirname(file), specifier)).replaceAll("\\", "/"),
    );
}

/** Every import of a file under `from` that lands under one of `forbidden`, as "file → target". */
function crossings(
  from: string,
  forbidden: string[],
  except: (target: string) => boolean = () => false,
) {
  return sourceFiles(from).flatMap((file) =>
    importsOf(file)
      .filter((target) => forbidden.some((dir) => target.startsWith(`${dir}/`)) && !except(target))
      .map((target) => `${file} → ${target}`),
  );
}

describe("architecture", () => {
  it("keeps the domain pure: it imports no other layer", () => {
    assert.deepEqual(
      crossings("src/domain", [
        "src/db",
        "src/store",
        "src/machinery",
        "src/use-cases",
        "src/http",
        "src/cli",
        "src/chain",
      ]),
      [],
    );
  });

  it("keeps the database handles below the SQL, the machinery and the use cases", () => {
    const above = ["src/store", "src/machinery", "src/use-cases", "src/http", "src/cli"];
    assert.deepEqual(crossings("src/db", above), []);
  });

  it("keeps the store free of the machinery, the use cases, HTTP and the CLI", () => {
    const above = ["src/machinery", "src/use-cases", "src/http", "src/cli"];
    assert.deepEqual(crossings("src/store", above), []);
  });

  it("keeps the machinery free of the use cases, HTTP and the CLI", () => {
    assert.deepEqual(crossings("src/machinery", ["src/use-cases", "src/http", "src/cli"]), []);
  });

  it("keeps the use cases free of HTTP and of the CLI", () => {
    assert.deepEqual(crossings("src/use-cases", ["src/http", "src/cli"]), []);
  });

  it("has HTTP reach the database only through a use case, and no route import another", () => {
    assert.deepEqual(crossings("src/http", ["src/store"]), []);
    assert.deepEqual(crossings("src/http/routes", ["src/http/routes"]), []);
  });

  it("has nothing outside the CLI import it", () => {
    const outside = [
      "src/domain",
      "src/db",
      "src/store",
      "src/machinery",
      "src/use-cases",
      "src/http",
      "src/chain",
      "web",
    ];
    assert.deepEqual(
      outside.flatMap((dir) => crossings(dir, ["src/cli"])),
      [],
    );
    const entries = ["src/server.ts", "src/runtime.ts", "src/workers.ts"];
    const fromEntries = entries.flatMap((file) =>
      importsOf(file).filter((target) => target.startsWith("src/cli/")),
    );
    assert.deepEqual(fromEntries, []);
  });

  it("has the pages reach the service only through the typed client", () => {
    const allowed = (target: string) =>
      target.startsWith("src/client/") || target.startsWith("src/domain/");
    assert.deepEqual(crossings("web", ["src"], allowed), []);
  });

  it(`keeps every hand-written file in src/ and web/ at ${FILE_LINES_MAX} lines or fewer`, () => {
    const long = [...sourceFiles("src"), ...sourceFiles("web")]
      .filter((file) => !GENERATED.has(file))
      .map((file) => ({ file, lines: readFileSync(join(ROOT, file), "utf8").split("\n").length }))
      .filter(({ lines }) => lines > FILE_LINES_MAX)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    assert.deepEqual(long, []);
  });
});
