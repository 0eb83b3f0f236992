/**
 * Webhooks (docs/webhooks.md): the event types, the message
 * and its signature, the retry schedule, and which targets a message may go to. Pure rules; the
 * outbox is `store/webhook-outbox.ts`, delivery `machinery/webhook-delivery.ts`.
 */
import { createHmac, randomBytes } from "node:crypto";
import ipaddr from "ipaddr.js";
import { v7 as uuidv7 } from "uuid";
import type { Mode } from "./api-keys.js";

/** Events an owner's endpoint can subscribe to: its own quests', in its key's mode. */
export const OWNER_EVENT_TYPES = [
  "payout.created",
  "payout.reversed",
  "quest.budget_low",
  "quest.budget_exhausted",
  "webhook.test",
] as const;
/** Events an operator endpoint can subscribe to; `quest.budget_exhausted` of every live quest. */
export const OPERATOR_EVENT_TYPES = [
  "account.suspended",
  "account.reinstated",
  "application.submitted",
  "application.decided",
  "key.revoked",
  "quest.budget_exhausted",
  "webhook.test",
] as const;
export const EVENT_TYPES = [...new Set([...OWNER_EVENT_TYPES, ...OPERATOR_EVENT_TYPES])];
export type EventType = (typeof OWNER_EVENT_TYPES)[number] | (typeof OPERATOR_EVENT_TYPES)[number];
export type OwnerEventType = (typeof OWNER_EVENT_TYPES)[number];

/** Whose endpoints hear an event: one owner account's in one mode, or the operators'. */
export type Audience = { accountId: string; mode: Mode } | { operators: true };

export const DELIVERY_STATUSES = ["pending", "succeeded", "failed"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** An answer later than this is a failed attempt (docs/webhooks.md: a 2xx within 15 s is success). */
export const WEBHOOK_TIMEOUT_MS = 15_000;
/** Endpoints per owner account and mode (and for the operators). */
export const WEBHOOK_ENDPOINTS_MAX = 20;
/** How long a replaced secret keeps signing beside the new one. */
export const SECRET_ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;
/** Replaced secrets still signing at most (each adds a signature to every message's header). */
export const SECRETS_PREVIOUS_MAX = 5;
/** An endpoint with nothing but failures for this long is disabled. */
export const FAILING_DISABLE_AFTER_MS = 5 * 24 * 60 * 60 * 1000;
/** The waits after each failed attempt (docs/webhooks.md: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h). */
export const RETRY_DELAYS_MS = [5, 300, 1800, 7200, 18_000, 36_000, 36_000].map((s) => s * 1000);
/** Attempts in all: the first and one per retry; then the delivery is `failed`. */
export const DELIVERY_ATTEMPTS_MAX = RETRY_DELAYS_MS.length + 1;
/** A delay is moved by up to this share either way, so retries of many deliveries spread out. */
const JITTER = 0.1;
/** The longest `Retry-After` honoured: a receiver cannot park a delivery for longer. */
const RETRY_AFTER_MAX_MS = 24 * 60 * 60 * 1000;
/** Characters of a URL, a description. */
export const WEBHOOK_URL_LENGTH_MAX = 2048;
export const WEBHOOK_DESCRIPTION_LENGTH_MAX = 500;

const SECRET_PREFIX = "whsec_";
const SECRET_BYTES = 32;

/** A new signing secret: `whsec_` + base64 of 32 random bytes (Standard Webhooks). */
export function generateWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(SECRET_BYTES).toString("base64");
}

/** A new event id, `evt_` + 32 hex digits that sort by creation time. */
export function newEventId(): string {
  return `evt_${uuidv7().replaceAll("-", "")}`;
}

/** The message body of an event: what is signed and sent, byte for byte, on every attempt. */
export function eventBody(event: {
  id: string;
  type: EventType;
  createdAt: Date;
  mode: Mode;
  data: unknown;
}): string {
  return JSON.stringify({
    id: event.id,
    type: event.type,
    created_at: event.createdAt.toISOString(),
    mode: event.mode,
    data: event.data,
  });
}

/**
 * The `webhook-signature` header: `v1,` + base64 HMAC-SHA256 of `{id}.{timestamp}.{body}` under
 * each live secret's decoded bytes, space-separated (two during a rotation).
 */
export function signatureHeader(
  secrets: readonly string[],
  id: string,
  timestampS: number,
  body: string,
): string {
  const signed = `${id}.${timestampS}.${body}`;
  return secrets
    .map((secret) => {
      const key = Buffer.from(secret.slice(SECRET_PREFIX.length), "base64");
      return `v1,${createHmac("sha256", key).update(signed).digest("base64")}`;
    })
    .join(" ");
}

/** What one attempt came to. */
export type AttemptResult =
  | {
      ok: true;
      statusCode: number;
      /** What went wrong after a 2xx status line (its body never ended, or was too long). */
      note?: string | undefined;
    }
  | {
      ok: false;
      statusCode?: number | undefined;
      error: string;
      retryAfterMs?: number | undefined;
    };

/** What to do after an attempt: done, try again at a time, or give up (and why). */
export type NextStep =
  | { kind: "succeeded" }
  | { kind: "retry"; delayMs: number }
  | { kind: "failed" }
  | { kind: "disable"; reason: string };

/**
 * After attempt number `attempt` (1 for the first): a 2xx is success; a 410 disables the endpoint
 * at once; anything else is retried on the schedule (with jitter, or after `Retry-After` on a
 * 429 or 503) until the attempts run out.
 */
export function nextStep(attempt: number, result: AttemptResult, random = Math.random): NextStep {
  if (result.ok) return { kind: "succeeded" };
  if (result.statusCode === 410) {
    return { kind: "disable", reason: "The endpoint answered 410 Gone." };
  }
  if (attempt >= DELIVERY_ATTEMPTS_MAX) return { kind: "failed" };
  const scheduled = RETRY_DELAYS_MS[attempt - 1]!;
  const honoured =
    result.retryAfterMs !== undefined && (result.statusCode === 429 || result.statusCode === 503)
      ? Math.min(result.retryAfterMs, RETRY_AFTER_MAX_MS)
      : undefined;
  const delayMs = honoured ?? Math.round(scheduled * (1 + JITTER * (2 * random() - 1)));
  return { kind: "retry", delayMs };
}

/** `Retry-After` as seconds or an HTTP date, in ms from `now`; undefined when unreadable. */
export function retryAfterMs(header: string | undefined, now: Date): number | undefined {
  if (header === undefined) return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now.getTime());
}

/**
 * Whether a message may go to `address`: only public unicast addresses. Loopback, private,
 * link-local, unique-local, carrier-grade NAT, multicast, reserved and unspecified addresses are
 * refused, IPv4-mapped IPv6 forms included.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  return parsed.range() === "unicast";
}

/** Why a target is refused when its host is, or resolves to, an address that is not public. */
export const NON_PUBLIC_TARGET =
  "must not point at a loopback, private, link-local or other non-public address";
/** Why a target is refused when it is not https. */
export const HTTPS_ONLY_TARGET = "must start with https://";
/**
 * What lifts those two refusals (and only those): the setting, named in the 400's detail so that
 * whoever receives webhooks on their own machine knows what to set.
 */
export const PRIVATE_TARGETS_SETTING =
  "the service takes http:// and loopback or private targets only with WEBHOOK_ALLOW_PRIVATE_TARGETS=true, for development (never in production)";

/** Why a webhook URL cannot be used as it is written, or undefined when it can. */
export function webhookUrlProblem(text: string, allowPrivate: boolean): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return "must be an absolute URL";
  }
  if (url.protocol !== "https:" && !(allowPrivate && url.protocol === "http:")) {
    return HTTPS_ONLY_TARGET;
  }
  if (url.username || url.password) return "must not carry a user name or password";
  if (url.hash) return "must not carry a fragment";
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (!allowPrivate && ipaddr.isValid(host) && !isPublicAddress(host)) return NON_PUBLIC_TARGET;
  if (!allowPrivate && (host === "localhost" || host.endsWith(".localhost"))) {
    return NON_PUBLIC_TARGET;
  }
  return undefined;
}

/** Subscribable event types of an endpoint's owner: an account's or the operators'. */
export function eventTypesFor(operators: boolean): readonly EventType[] {
  return operators ? OPERATOR_EVENT_TYPES : OWNER_EVENT_TYPES;
}

/** Budget crossings an allocation makes: a remainder that falls below a threshold, once. */
export interface BudgetAlerts {
  low: boolean;
  exhausted: boolean;
}

/**
 * Which budget events a debit from `before` to `after` fires, given the flags already set (a
 * crossing fires once, until the remainder is raised back above the threshold).
 */
export function budgetCrossings(
  quest: {
    totalPoints: number;
    expectedPointsPerCompletion: number;
    lowAlerted: boolean;
    exhaustedAlerted: boolean;
  },
  after: number,
): BudgetAlerts {
  return {
    low: !quest.lowAlerted && after * 10 < quest.totalPoints,
    exhausted: !quest.exhaustedAlerted && after < quest.expectedPointsPerCompletion,
  };
}
