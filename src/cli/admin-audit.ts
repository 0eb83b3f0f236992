/**
 * The audit log's action names, as `questpoints admin audit list --action` takes them. The
 * service filters by whatever text it is given, so a mistyped name would answer an empty list
 * that reads as "nothing happened"; the CLI refuses a name the service never writes instead.
 */
import { InvalidArgumentError } from "commander";

/**
 * Every action the service writes (`action: "…"` in src/use-cases). A test reads the source and
 * fails when an action is written that is not listed here, or listed and no longer written.
 */
export const AUDIT_ACTIONS = [
  "account.create",
  "account.join",
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
  "payout.reverse",
  "quest.create",
  "quest.update",
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
