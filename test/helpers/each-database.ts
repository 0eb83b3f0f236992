import { describe } from "node:test";
import { DATABASES, type DatabaseKind, type TestContext, withContext } from "./app.js";

/**
 * A `describe` on each database of the run (`DATABASES`), titled `title [kind]`, whose tests
 * share a service on a fresh database of that kind (built with `env`): what `body` is given.
 * With `bracket: "("`, the title ends `(kind)` instead.
 */
export function describeEachDatabase(
  title: string,
  body: (ctx: () => TestContext, kind: DatabaseKind) => void,
  options: { env?: Record<string, string>; bracket?: "[" | "(" } = {},
): void {
  for (const kind of DATABASES) {
    const tag = options.bracket === "(" ? `(${kind})` : `[${kind}]`;
    describe(`${title} ${tag}`, () => body(withContext(kind, options.env), kind));
  }
}
