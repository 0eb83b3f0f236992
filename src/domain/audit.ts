/**
 * Who made a change, as the audit log names them: an operator (`operator:<id>`, or
 * `operator:bootstrap` for ADMIN_TOKEN), an applicant (by their token),
 * an account (by its API key), a pass that proved itself with a wallet signature, or the service
 * itself (the webhook worker disabling a failing endpoint).
 */
export type Actor =
  | `operator:${string}`
  | "applicant"
  | "service"
  | `account:${string}`
  | `pass:${string}`;

/** What every change carries into its transaction so it can write its audit entry. */
export interface AuditContext {
  actor: Actor;
  /** The request's `x-request-id`. */
  requestId: string;
}

/** One change, as recorded: never a key or a token in `details`. */
export interface AuditChange {
  /** A dotted name: `quest.update`, `key.revoke`, `application.approve`, … */
  action: string;
  targetType: string;
  targetId: string | number;
  /** The changed fields, as the client named them. */
  details?: Record<string, unknown>;
}

export interface AuditEntry extends AuditChange {
  id: string;
  at: Date;
  actor: Actor;
  requestId: string | null;
  details: Record<string, unknown>;
}
