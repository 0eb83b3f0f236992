import type { FastifyInstance } from "fastify";
import { isLosslessNumber, LosslessNumber, parse } from "lossless-json";
import { badRequest, type FieldError } from "../domain/errors.js";
import { BODY_JSON_DEPTH_MAX } from "../domain/limits.js";
import { fieldOfPointer } from "./problem.js";
import { DECIMAL_INTEGER } from "./validation.js";

/**
 * The JSON body parser of every route, in place of Fastify's. It reads the body as written:
 * - a number literal with a fraction or an exponent (`1.0`, `1e3`, `0.99999999999999999`) is
 *   not an integer even when JavaScript would round it to one, so it stays a LosslessNumber
 *   (an object), which no schema type but `object` accepts: the schema names the field;
 * - a key written twice is refused, even with equal values (a proxy that keeps the first and a
 *   service that keeps the last must never disagree on what was asked);
 * - `__proto__` and `constructor` keys are refused (prototype poisoning);
 * - the body must be UTF-8 (RFC 8259 §8.1), declared so or not at all, and nest at most
 *   BODY_JSON_DEPTH_MAX deep.
 * Fastify keeps enforcing the body limit; every refusal is a 400 BAD_REQUEST with `errors`.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (request, body, done) => {
    let value: unknown;
    try {
      value = parseJsonBody(request.headers["content-type"], body as Buffer);
    } catch (error) {
      done(error as Error, undefined);
      return;
    }
    done(null, value);
  });
}

const utf8 = new TextDecoder("utf-8", { fatal: true });
const FORBIDDEN_KEYS = new Set(["__proto__", "constructor"]);

function parseJsonBody(contentType: string | undefined, bytes: Buffer): unknown {
  const charset = charsetOf(contentType ?? "");
  if (charset !== undefined && charset.toLowerCase() !== "utf-8") {
    const message = "must be application/json with charset=utf-8 or no charset";
    throw badRequest(`Unsupported charset ${charset}; send UTF-8 JSON.`, [
      { field: "content-type", message },
    ]);
  }
  if (bytes.length === 0) {
    throw badRequest("The body is empty; send a JSON object.", [
      { field: "body", message: "is empty" },
    ]);
  }
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw badRequest("The body is not valid UTF-8.", [
      { field: "body", message: "is not valid UTF-8" },
    ]);
  }
  const { depthExceeded, keyErrors } = scanStructure(text);
  if (depthExceeded) {
    const message = `nests deeper than ${BODY_JSON_DEPTH_MAX} levels`;
    throw badRequest(`The body ${message}.`, [{ field: "body", message }]);
  }
  let value: unknown;
  try {
    value = parse(text, null, {
      parseNumber: (literal) =>
        DECIMAL_INTEGER.test(literal) ? Number(literal) : new LosslessNumber(literal),
      // Every repeated key is refused below, equal values included (which this never sees).
      onDuplicateKey: ({ oldValue }) => oldValue,
    });
  } catch (error) {
    const reason = error instanceof SyntaxError ? `: ${error.message}` : "";
    throw badRequest(`The body is not valid JSON${reason}.`, [
      { field: "body", message: "is not valid JSON" },
    ]);
  }
  const errors = [...keyErrors, ...unpairedSurrogates(value, "")];
  if (errors.length > 0) {
    const summary = errors.map((error) => `${error.field} ${error.message}`).join("; ");
    throw badRequest(`Invalid body: ${summary}.`, errors);
  }
  return value;
}

/** A UTF-16 surrogate that is not half of a pair: no Unicode character at all. */
const UNPAIRED_SURROGATE = /\p{Cs}/u;
const UNPAIRED_MESSAGE =
  "contains an unpaired UTF-16 surrogate (such as \\ud800), which is not text; send valid Unicode";

/**
 * Every string of the body, values and keys, that holds an unpaired surrogate (JSON's `"\ud800"`
 * escape is the only way to send one in UTF-8). PostgreSQL refuses such text in `jsonb` and
 * silently turns it into U+FFFD in `text`, so no field may carry one. `pointer` is where `value`
 * sits (RFC 6901); the errors name fields as validation errors do.
 */
function unpairedSurrogates(value: unknown, pointer: string): FieldError[] {
  if (typeof value === "string") {
    return UNPAIRED_SURROGATE.test(value)
      ? [{ field: fieldOfPointer(pointer).path || "body", message: UNPAIRED_MESSAGE }]
      : [];
  }
  if (typeof value !== "object" || value === null || isLosslessNumber(value)) return [];
  return Object.entries(value).flatMap(([key, child]) => {
    const at = `${pointer}/${key}`;
    const inKey = UNPAIRED_SURROGATE.test(key)
      ? [
          {
            field: fieldOfPointer(pointer).path || "body",
            message: `has a key that ${UNPAIRED_MESSAGE}`,
          },
        ]
      : [];
    return [...inKey, ...unpairedSurrogates(child, at)];
  });
}

/** The `charset` parameter of a Content-Type, if any; `charset` given twice is never UTF-8. */
function charsetOf(contentType: string): string | undefined {
  const charsets = contentType
    .split(";")
    .slice(1)
    .map((parameter) => parameter.split("="))
    .filter(([name]) => name?.trim().toLowerCase() === "charset")
    .map(([, value = ""]) => value.trim().replace(/^"(.*)"$/, "$1"));
  if (charsets.length > 1) return charsets.join(", ");
  return charsets[0];
}

interface Scope {
  /** The keys seen so far (objects), or undefined (arrays). */
  keys: Set<string> | undefined;
  /** Where this scope sits, as `fieldErrors` names fields: `a.0.b`. */
  path: string;
  /** The last key read (objects) or the index of the current item (arrays). */
  at: string | number;
}

/**
 * One pass over the text, before the (recursive) parser sees it: refuses nesting deeper than
 * BODY_JSON_DEPTH_MAX, and lists keys written twice in one object or named `__proto__` or
 * `constructor`. Safe on text that is not JSON: the parser then refuses it.
 */
function scanStructure(text: string): { depthExceeded: boolean; keyErrors: FieldError[] } {
  const keyErrors: FieldError[] = [];
  const scopes: Scope[] = [];
  let expectingKey = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    const scope = scopes.at(-1);
    if (char === '"') {
      let end = i + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === "\\" ? 2 : 1;
      if (expectingKey && scope?.keys) {
        const key = decodeKey(text.slice(i + 1, end));
        const field = scope.path ? `${scope.path}.${key}` : key;
        if (FORBIDDEN_KEYS.has(key)) keyErrors.push({ field, message: "is not allowed" });
        else if (scope.keys.has(key)) keyErrors.push({ field, message: "appears more than once" });
        scope.keys.add(key);
        scope.at = key;
        expectingKey = false;
      }
      i = end;
    } else if (char === "{" || char === "[") {
      if (scopes.length === BODY_JSON_DEPTH_MAX) return { depthExceeded: true, keyErrors };
      const name = scope === undefined ? "" : String(scope.at);
      const path = scope?.path ? `${scope.path}.${name}` : name;
      scopes.push({ keys: char === "{" ? new Set() : undefined, path, at: 0 });
      expectingKey = char === "{";
    } else if (char === "}" || char === "]") {
      scopes.pop();
      expectingKey = false;
    } else if (char === "," && scope) {
      if (typeof scope.at === "number") scope.at++;
      expectingKey = scope.keys !== undefined;
    }
  }
  return { depthExceeded: false, keyErrors };
}

/** A key's characters between its quotes, with escapes such as `\u0073` read. */
function decodeKey(raw: string): string {
  if (!raw.includes("\\")) return raw;
  try {
    return JSON.parse(`"${raw}"`) as string;
  } catch {
    return raw; // not JSON: the parser refuses the body
  }
}
