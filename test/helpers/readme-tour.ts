/**
 * The README's tour as data, and its example answers as patterns. A tour is the first `sh` code
 * block under a heading: shell assignments (`KEY=…`), commands (a line ending in `\` goes on on
 * the next), comments, and under each command its example answer, a line starting `# →`
 * (continued by lines starting `#` and two spaces). An example is JSON in which `…` stands for
 * anything: a whole value (`"id":…`), part of a string (`"…Z"`), further members of an object
 * (`{"id":1,…}`) or further items of an array (`[{…},…]`). Without `…`, an object must have exactly
 * the members shown and an array exactly the items shown, so a renamed or added field fails.
 */

export interface TourStep {
  /** The command as written, continuation lines joined. */
  command: string;
  /** The text after `# →`, continuation lines joined; undefined when the README shows none. */
  example: string | undefined;
}

export interface Tour {
  /** Lines that set shell variables for every command (`KEY=sk_…`). */
  assignments: string[];
  steps: TourStep[];
}

const ARROW = "# →";

/** The tour of `markdown`: the first ```sh block after the line `heading`. */
export function readTour(markdown: string, heading: string): Tour {
  const lines = markdown.split("\n");
  const headingAt = lines.findIndex((line) => line.trim() === heading);
  if (headingAt < 0) throw new Error(`no heading "${heading}"`);
  const open = lines.findIndex((line, i) => i > headingAt && line.trim() === "```sh");
  const close = lines.findIndex((line, i) => i > open && line.trim() === "```");
  if (open < 0 || close < 0) throw new Error(`no \`\`\`sh block under "${heading}"`);
  const tour: Tour = { assignments: [], steps: [] };
  const block = lines.slice(open + 1, close);
  for (let i = 0; i < block.length; i++) {
    const line = block[i]!;
    const last = tour.steps.at(-1);
    if (line.startsWith(ARROW)) {
      if (!last) throw new Error(`an example before any command: ${line}`);
      const parts = [line.slice(ARROW.length)];
      while (/^# {2}/.test(block[i + 1] ?? "")) parts.push(block[++i]!.slice(1));
      last.example = parts.join(" ").trim();
    } else if (line.trim() === "" || line.startsWith("#")) {
      // A blank line or a comment for the reader.
    } else if (/^[A-Z_][A-Z0-9_]*=/.test(line)) {
      tour.assignments.push(line);
    } else {
      const parts = [line];
      while (parts.at(-1)!.trimEnd().endsWith("\\") && i + 1 < block.length)
        parts.push(block[++i]!);
      tour.steps.push({ command: parts.join("\n"), example: undefined });
    }
  }
  return tour;
}

/** An example answer, parsed: JSON values, plus `…` wherever it stands. */
export type Pattern =
  | { kind: "any" }
  | { kind: "literal"; value: string | number | boolean | null }
  | { kind: "text"; regex: RegExp; shown: string }
  | { kind: "object"; members: [string, Pattern][]; more: boolean }
  | { kind: "array"; items: Pattern[]; more: boolean };

const ELLIPSIS = "…";

/** Parses an example such as `{"payout":{"id":"…","amount":100,…}}`. */
export function parseExample(text: string): Pattern {
  let at = 0;
  const fail = (what: string): never => {
    throw new Error(`example, at character ${at}: ${what}\n  ${text}`);
  };
  const skipSpaces = () => {
    while (/\s/.test(text[at] ?? "")) at++;
  };
  const ellipsisNext = () => {
    skipSpaces();
    if (text.startsWith(ELLIPSIS, at)) {
      at += ELLIPSIS.length;
      return true;
    }
    return false;
  };
  const expect = (char: string) => {
    skipSpaces();
    if (text[at] !== char) fail(`expected "${char}"`);
    at++;
  };
  const readString = (): string => {
    skipSpaces();
    const match = /^"(?:[^"\\]|\\.)*"/.exec(text.slice(at));
    if (!match) return fail("expected a string");
    at += match[0].length;
    return JSON.parse(match[0]) as string;
  };
  const stringPattern = (value: string): Pattern => {
    if (!value.includes(ELLIPSIS)) return { kind: "literal", value };
    const parts = value.split(ELLIPSIS).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
    return { kind: "text", regex: new RegExp(`^${parts.join(".*")}$`, "s"), shown: value };
  };
  // Members or items up to `end`, each read by `item`; a `…` among them means "and more".
  const sequence = <T>(end: string, item: () => T): { items: T[]; more: boolean } => {
    const items: T[] = [];
    let more = false;
    skipSpaces();
    if (text[at] === end) {
      at++;
      return { items, more };
    }
    for (;;) {
      if (ellipsisNext()) more = true;
      else items.push(item());
      skipSpaces();
      if (text[at] === end) {
        at++;
        return { items, more };
      }
      expect(",");
    }
  };
  const value = (): Pattern => {
    if (ellipsisNext()) return { kind: "any" };
    skipSpaces();
    const char = text[at];
    if (char === "{") {
      at++;
      const { items, more } = sequence("}", (): [string, Pattern] => {
        const key = readString();
        expect(":");
        return [key, value()];
      });
      return { kind: "object", members: items, more };
    }
    if (char === "[") {
      at++;
      const { items, more } = sequence("]", value);
      return { kind: "array", items, more };
    }
    if (char === '"') return stringPattern(readString());
    const match = /^(?:-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(text.slice(at));
    if (!match) return fail("expected a value");
    at += match[0].length;
    return { kind: "literal", value: JSON.parse(match[0]) as number | boolean | null };
  };
  const pattern = value();
  skipSpaces();
  if (at !== text.length) fail("unexpected text after the example");
  return pattern;
}

const show = (value: unknown) => JSON.stringify(value);

/** Where `actual` differs from `pattern`, one line per difference (none: it matches). */
export function differences(pattern: Pattern, actual: unknown, path = "$"): string[] {
  switch (pattern.kind) {
    case "any":
      return [];
    case "literal":
      return actual === pattern.value
        ? []
        : [`${path}: expected ${show(pattern.value)}, got ${show(actual)}`];
    case "text":
      return typeof actual === "string" && pattern.regex.test(actual)
        ? []
        : [`${path}: expected a string like ${show(pattern.shown)}, got ${show(actual)}`];
    case "object": {
      if (typeof actual !== "object" || actual === null || Array.isArray(actual)) {
        return [`${path}: expected an object, got ${show(actual)}`];
      }
      const record = actual as Record<string, unknown>;
      const shown = new Set(pattern.members.map(([key]) => key));
      return [
        ...pattern.members.flatMap(([key, member]) =>
          key in record
            ? differences(member, record[key], `${path}.${key}`)
            : [`${path}: no member "${key}" (members: ${Object.keys(record).join(", ")})`],
        ),
        ...(pattern.more
          ? []
          : Object.keys(record)
              .filter((key) => !shown.has(key))
              .map((key) => `${path}: member "${key}" is not in the example`)),
      ];
    }
    case "array": {
      if (!Array.isArray(actual)) return [`${path}: expected an array, got ${show(actual)}`];
      const count = pattern.items.length;
      const length =
        actual.length < count || (!pattern.more && actual.length !== count)
          ? [
              `${path}: expected ${pattern.more ? "at least " : ""}${count} items, got ${actual.length}`,
            ]
          : [];
      return [
        ...length,
        ...pattern.items.flatMap((item, i) =>
          i < actual.length ? differences(item, actual[i], `${path}[${i}]`) : [],
        ),
      ];
    }
  }
}
