/**
 * Every option parser of the CLI, each defined once: commander calls them on an option's text and
 * prints their InvalidArgumentError's message under the command's usage. The limits they enforce
 * are named here too.
 */
import { InvalidArgumentError } from "commander";
import { BLOCK_TAGS, type BlockTag } from "../chain/client.js";

/** The longest a command waits for one answer (the service's or the chain node's). */
export const TIMEOUT_MS_MAX = 600_000;
/** The longest `keys rotate` lets an old key keep working: a week. */
export const GRACE_SECONDS_MAX = 604_800;

/**
 * A whole number from `min` to `max`; `what` says so in the refusal (by default "a whole number
 * from min to max").
 */
export function integerArgument(
  flag: string,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
  what = `a whole number from ${min} to ${max}`,
) {
  return (value: string): number => {
    const n = Number(value);
    if (!/^-?\d+$/.test(value) || !Number.isSafeInteger(n) || n < min || n > max) {
      throw new InvalidArgumentError(`${flag} is ${what}.`);
    }
    return n;
  };
}

/** An id of the service's numbered things (quests, campaigns, periods, applications). */
export const idArgument = (flag: string) => integerArgument(flag, 1);

/** `--timeout <ms>` of the commands that call the service. */
export const timeoutArgument = integerArgument("--timeout", 1, TIMEOUT_MS_MAX);

/** `--timeout <ms>` of the chain commands: the same range, in their words. */
export const nodeTimeoutArgument = integerArgument(
  "--timeout",
  1,
  TIMEOUT_MS_MAX,
  `milliseconds, 1 to ${TIMEOUT_MS_MAX}`,
);

/** A URL of one of `protocols`, as written; `example` shows one in the refusal of a non-URL. */
export function urlArgument(flag: string, protocols: readonly string[], example?: string) {
  return (value: string): string => {
    let parsed: URL;
    try {
      parsed = new URL(value);
    } catch {
      throw new InvalidArgumentError(
        `${flag} needs a URL${example === undefined ? "" : ` such as ${example}`}.`,
      );
    }
    if (!protocols.includes(parsed.protocol)) {
      throw new InvalidArgumentError(`${flag} must start with ${protocols.join(" or ")}.`);
    }
    return value;
  };
}

/** The service's address: an http(s) URL without trailing slashes (paths are appended to it). */
export function baseUrlArgument(flag: string) {
  const url = urlArgument(flag, ["http:", "https:"], "http://127.0.0.1:8080");
  return (value: string): string => url(value).replace(/\/+$/, "");
}

export const QP_URL_DEFAULT = "http://127.0.0.1:$PORT (8080 when PORT is unset)";

/**
 * The service's address for a command: `--url`, else QP_URL, else the local service on the port
 * `serve` would use (PORT, as the service reads it; 8080 when unset or not a port).
 */
export function serviceUrl(flag: string | undefined, env: NodeJS.ProcessEnv): string {
  if (flag !== undefined) return flag;
  if (env.QP_URL) return baseUrlArgument("QP_URL")(env.QP_URL);
  const port = /^\d{1,5}$/.test(env.PORT?.trim() ?? "") ? Number(env.PORT) : 0;
  return `http://127.0.0.1:${port > 0 && port <= 65535 ? port : 8080}`;
}

export function onOff(flag: string) {
  return (value: string): boolean => {
    if (value === "on" || value === "true") return true;
    if (value === "off" || value === "false") return false;
    throw new InvalidArgumentError(`${flag} is on or off.`);
  };
}

export function oneOf<T extends string>(flag: string, values: readonly T[]) {
  return (value: string): T => {
    if ((values as readonly string[]).includes(value)) return value as T;
    throw new InvalidArgumentError(`${flag} is one of ${values.join(", ")}.`);
  };
}

/** `true` or `false`, as a boolean. */
export function trueFalse(flag: string) {
  const parse = oneOf(flag, ["true", "false"] as const);
  return (value: string): boolean => parse(value) === "true";
}

export const MODES = ["live", "test"] as const;
export type Mode = (typeof MODES)[number];
export const modeArgument = oneOf("--mode", MODES);

/**
 * What a flag's `none` parses to: kept as the word until the body is built, since commander
 * stores an option parser's null as "" (`orNull` turns it into the API's null).
 */
export const NONE = "none";
export type OrNone<T> = T | typeof NONE;
export const orNull = <T>(value: OrNone<T> | undefined): T | null | undefined =>
  value === NONE ? null : value;

/** A flag taking `none` or what `parse` takes. */
export const orNone =
  <T>(parse: (value: string) => T) =>
  (value: string): OrNone<T> =>
    value === NONE ? NONE : parse(value);

/** `--block`: a block tag, or a block number (up to 16 digits). */
export function blockArgument(value: string): BlockTag | bigint {
  if ((BLOCK_TAGS as readonly string[]).includes(value)) return value as BlockTag;
  if (/^(0|[1-9]\d{0,15})$/.test(value)) return BigInt(value);
  throw new InvalidArgumentError(`--block is ${BLOCK_TAGS.join(", ")} or a block number.`);
}

/**
 * Every action the audit log holds (`action: "…"` in src/use-cases), as `admin audit list
 * --action` takes them. The service filters by whatever text it is given, so a mistyped name
 * would answer an empty list that reads as "nothing happened"; the CLI refuses a name the service
 * never writes instead. A test reads the source and fails when an action is written that is not
 * listed here, or listed and no longer written.
 */
export const AUDIT_ACTIONS = [
  "account.create",
  "account.join",
  "account.reinstate",
  "account.suspend",
  "action_type.update",
  "application.approve",
  "application.claim_keys",
  "application.reject",
  "application.submit",
  "campaign.create",
  "campaign.update",
  "earning_period.create",
  "earning_period.delete",
  "earning_period.update",
  "features.update",
  "key.create",
  "key.revoke",
  "key.rotate",
  "operator.create",
  "operator.rotate_token",
  "operator.update",
  "payout.reverse",
  "quest.create",
  "quest.update",
  "webhook.create",
  "webhook.delete",
  "webhook.disable",
  "webhook.redeliver",
  "webhook.rotate_secret",
  "webhook.update",
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** `--action`'s parser: a known action, else an error naming the known ones (of its kind first). */
export function auditActionArgument(value: string): AuditAction {
  const known = AUDIT_ACTIONS.find((action) => action === value);
  if (known) return known;
  const kind = value.split(".")[0];
  const sameKind = AUDIT_ACTIONS.filter((action) => action.split(".")[0] === kind);
  throw new InvalidArgumentError(
    sameKind.length > 0
      ? `--action: ${value} is not an action the service writes; ${kind} has ${sameKind.join(", ")}.`
      : `--action: ${value} is not an action the service writes; the actions are ${AUDIT_ACTIONS.join(", ")}.`,
  );
}

const AUDIT_ACTOR = /^(operator|account|pass):(\S+)$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `--actor`'s parser: who made a change, as the audit log writes it (the service matches it
 * exactly, so a UUID is lowered as the log holds it, and a bare id is refused, not answered as
 * an empty list).
 */
export function auditActorArgument(value: string): string {
  if (value === "applicant" || value === "service") return value;
  const match = AUDIT_ACTOR.exec(value);
  if (!match) {
    throw new InvalidArgumentError(
      `--actor is operator:<id>, operator:bootstrap, account:<id>, pass:<address>, applicant or service${UUID.test(value) ? ` (an operator? operator:${value.toLowerCase()})` : ""}.`,
    );
  }
  return UUID.test(match[2]!) ? `${match[1]}:${match[2]!.toLowerCase()}` : value;
}

// ---------------------------------------------------------------- options together

/** A change (a PATCH body) must change something. */
export function nonEmpty<T extends object>(body: T): T {
  if (Object.values(body).every((value) => value === undefined)) {
    throw new Error("nothing to change: pass at least one field option (see --help).");
  }
  return body;
}

/** Two flags that say yes and no (`--active`, `--inactive`): true, false, or undefined for neither. */
export function yesOrNo(
  yes: boolean | undefined,
  no: boolean | undefined,
  names: string,
): boolean | undefined {
  if (yes && no) throw new Error(`${names} are each other's opposite: pass one.`);
  return yes ? true : no ? false : undefined;
}
