import { Ajv, type Options as AjvOptions, type ErrorObject, type ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";

// ajv-formats is CommonJS; its callable export sits on `default` under NodeNext.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

/**
 * Two validators: bodies are strict (no type coercion, no silent removal of unknown fields, so
 * `"points": "5"` and `"point": 5` are both 400); query strings and paths coerce, being text.
 */
export function validatorCompiler() {
  const base: AjvOptions = {
    allErrors: true,
    removeAdditional: false,
    useDefaults: true,
    strict: false,
  };
  const strict = addFormats(new Ajv({ ...base, coerceTypes: false }));
  const coercing = addFormats(new Ajv({ ...base, coerceTypes: true }));
  return ({ schema, httpPart }: { schema: object; httpPart?: string }) =>
    httpPart === "body"
      ? strict.compile(schema)
      : decimalIntegersOnly(schema, coercing.compile(schema));
}

const DECIMAL_INTEGER = /^(0|-?[1-9]\d*)$/;

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
