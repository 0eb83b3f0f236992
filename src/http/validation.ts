import { Ajv, type Options as AjvOptions, type ErrorObject, type ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";
import { fullFormats } from "ajv-formats/dist/formats.js";
import { isLosslessNumber } from "lossless-json";
import { parsePassAddress } from "../domain/address.js";
import { TIMESTAMP_INPUT_MS_MAX, TIMESTAMP_INPUT_MS_MIN } from "../domain/limits.js";

// ajv-formats is CommonJS; its callable export sits on `default` under NodeNext.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;
const isRfc3339DateTime = (fullFormats["date-time"] as { validate: (text: string) => boolean })
  .validate;

/** A pass address as `parsePassAddress` takes it: mixed case must be a valid EIP-55 checksum. */
export const PASS_ADDRESS_FORMAT = "pass-address";
/** An RFC 3339 date-time with an offset that JavaScript reads, from 1970 to 9999. */
export const TIMESTAMP_FORMAT = "timestamp";
/**
 * Text without U+0000, which PostgreSQL refuses in a text column, nor an unpaired UTF-16
 * surrogate (query strings; bodies are checked whole by the body parser).
 */
export const TEXT_FORMAT = "text";

export const TIMESTAMP_INPUT_MIN = new Date(TIMESTAMP_INPUT_MS_MIN).toISOString();
export const TIMESTAMP_INPUT_MAX = new Date(TIMESTAMP_INPUT_MS_MAX).toISOString();

/** Plain decimal integers: no sign on zero, no leading zeros, fraction, exponent or spaces. */
export const DECIMAL_INTEGER = /^(0|-?[1-9]\d*)$/;

/**
 * The app's own formats, each with the message its failure gets (Ajv's own would only say
 * `must match format "timestamp"`). Being formats, their errors come back together with the
 * other fields' errors instead of one at a time from the handler.
 */
const FORMATS: Record<string, { validate: (text: string) => boolean; message: string }> = {
  [PASS_ADDRESS_FORMAT]: {
    validate: (text) => parsePassAddress(text) !== undefined,
    message: "must be 0x + 40 hex digits, with a valid EIP-55 checksum when in mixed case",
  },
  [TIMESTAMP_FORMAT]: {
    // ajv-formats' date-time alone also passes what Date cannot read (a leap second, `+01`).
    validate: (text) => {
      if (!isRfc3339DateTime(text)) return false;
      const ms = new Date(text).getTime();
      return ms >= TIMESTAMP_INPUT_MS_MIN && ms <= TIMESTAMP_INPUT_MS_MAX;
    },
    message: `must be an ISO 8601 date-time with an offset, from ${TIMESTAMP_INPUT_MIN} to ${TIMESTAMP_INPUT_MAX}`,
  },
  [TEXT_FORMAT]: {
    // An unpaired surrogate is no character: `jsonb` refuses it, `text` stores U+FFFD instead.
    validate: (text) => !text.includes("\u0000") && !/\p{Cs}/u.test(text),
    message: "must be Unicode text without the character U+0000 or an unpaired UTF-16 surrogate",
  },
};

function withAppFormats(ajv: Ajv): Ajv {
  for (const [name, { validate }] of Object.entries(FORMATS)) {
    ajv.addFormat(name, { type: "string", validate });
  }
  return ajv;
}

/**
 * Two validators: bodies are strict (no type coercion, no silent removal of unknown fields, so
 * `"points": "5"` and `"point": 5` are both 400); query strings and paths coerce, being text.
 * Both know the app's formats.
 */
export function validatorCompiler() {
  const base: AjvOptions = {
    allErrors: true,
    removeAdditional: false,
    useDefaults: true,
    strict: false,
  };
  const strict = withAppFormats(addFormats(new Ajv({ ...base, coerceTypes: false })));
  const coercing = withAppFormats(addFormats(new Ajv({ ...base, coerceTypes: true })));
  return ({ schema, httpPart }: { schema: object; httpPart?: string }) =>
    withClearMessages(
      httpPart === "body"
        ? strict.compile(schema)
        : decimalIntegersOnly(schema, coercing.compile(schema)),
    );
}

/**
 * Replaces Ajv's message for the app's formats by one saying what is accepted, and says why
 * `1.0` is not an integer (the body parser keeps such literals as LosslessNumber).
 */
function withClearMessages(validate: ValidateFunction): ValidateFunction {
  const wrapped = ((data: unknown) => {
    const valid = validate(data);
    for (const error of validate.errors ?? []) {
      const format = error.keyword === "format" ? FORMATS[String(error.params.format)] : undefined;
      if (format) error.message = format.message;
      if (
        error.keyword === "type" &&
        error.params.type === "integer" &&
        isLosslessNumber(valueAt(data, error.instancePath))
      ) {
        error.message = "must be an integer written without a fraction or exponent";
      }
    }
    wrapped.errors = validate.errors;
    return valid;
  }) as ValidateFunction;
  return wrapped;
}

/** The value a JSON pointer (RFC 6901) such as Ajv's `instancePath` names. */
function valueAt(data: unknown, pointer: string): unknown {
  let value = data;
  for (const token of pointer.split("/").slice(1)) {
    if (typeof value !== "object" || value === null) return undefined;
    const key = token.replaceAll("~1", "/").replaceAll("~0", "~");
    value = Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : undefined;
  }
  return value;
}

/**
 * Ajv coerces text to numbers the way `Number()` does, so `0x10`, `1e3` and ` 1` would pass as
 * 16, 1000 and 1. Integers in paths and query strings must be written in plain decimal.
 */
function decimalIntegersOnly(schema: object, validate: ValidateFunction): ValidateFunction {
  const properties =
    (schema as { properties?: Record<string, { type?: unknown }> }).properties ?? {};
  const integers = Object.keys(properties).filter((name) => properties[name]?.type === "integer");
  if (integers.length === 0) return validate;
  const wrapped = ((data: Record<string, unknown> | undefined) => {
    const notDecimal: ErrorObject[] = integers
      .filter((name) => typeof data?.[name] === "string" && !DECIMAL_INTEGER.test(data[name]))
      .map((name) => ({
        instancePath: `/${name}`,
        schemaPath: `#/properties/${name}/type`,
        keyword: "type",
        params: { type: "integer" },
        message: "must be an integer in plain decimal",
      }));
    const valid = validate(data);
    const others = (validate.errors ?? []).filter(
      (error) => !notDecimal.some((bad) => bad.instancePath === error.instancePath),
    );
    const errors = [...notDecimal, ...others];
    wrapped.errors = errors.length > 0 ? errors : null;
    return valid && notDecimal.length === 0;
  }) as ValidateFunction;
  return wrapped;
}
