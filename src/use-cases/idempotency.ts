/**
 * Idempotency keys, all of it (docs/architecture.md, "Idempotency"): a key's shape, what a request or an item
 * asked for (its hash), the claim a transaction takes on it, what a stored record answers (a
 * replay, or IDEMPOTENCY_KEY_REUSED), what is kept under a key (only a payout: a refusal keeps
 * nothing, so its retry is decided afresh), and outcomes in and out of their stored form. The lock
 * and the record's SQL are in `store/idempotency.ts`; the allocation's batch stores the records in
 * its own statement, with the payouts.
 */
import { createHash } from "node:crypto";
import { AppError, badRequest, type FieldError, isErrorCode } from "../domain/errors.js";
import { IDEMPOTENCY_KEY_LENGTH_MAX } from "../domain/limits.js";
import {
  holdsPayout,
  type IdempotencyClaim,
  type StoredBatch,
  type StoredClaim,
  type StoredOutcome,
  type StoredPayout,
} from "../store/idempotency.js";
import {
  type AllocationRequest,
  type ItemOutcome,
  type ItemRequest,
  type PayoutReceipt,
  type Refusal,
  type RequestOutcome,
  refused,
} from "./allocation-outcomes.js";

const IDEMPOTENCY_KEY_SHAPE = new RegExp(`^[\\x20-\\x7E]{1,${IDEMPOTENCY_KEY_LENGTH_MAX}}$`);

/** The `Idempotency-Key` header as sent: absent, or 1-255 printable ASCII characters (else 400). */
export function parseIdempotencyKey(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (typeof header !== "string" || !IDEMPOTENCY_KEY_SHAPE.test(header)) {
    throw badRequest("Idempotency-Key must be 1-255 printable ASCII characters.", [
      { field: "Idempotency-Key", message: "must be 1-255 printable ASCII characters" },
    ]);
  }
  return header;
}

/**
 * Item keys share one namespace with each other and with the request's own key: one that comes
 * twice in a request could only be in flight against itself, so it is refused up front.
 */
export function refuseRepeatedKeys(itemKeys: readonly (string | undefined)[], header?: string) {
  const seen = new Map<string, string>();
  if (header !== undefined) seen.set(header, "the Idempotency-Key header");
  const errors: FieldError[] = [];
  itemKeys.forEach((key, i) => {
    if (key === undefined) return;
    const first = seen.get(key);
    if (first)
      errors.push({ field: `allocations/${i}/idempotency_key`, message: `repeats ${first}` });
    else seen.set(key, `allocations/${i}/idempotency_key`);
  });
  if (errors.length > 0) {
    throw badRequest("An idempotency key may be used once per request.", errors);
  }
}

const sha256 = (value: unknown) => createHash("sha256").update(JSON.stringify(value)).digest("hex");

/**
 * An item's key with what it is first used for: its quest, points and pass. The same for a
 * single allocation's header and a batch item's key, which share one namespace.
 */
export function itemKey(
  questId: number,
  item: { pass: string; points: number },
  key: string | undefined,
): ItemRequest["idempotency"] {
  const { points, pass } = item;
  return key === undefined ? undefined : { key, requestHash: sha256({ questId, points, pass }) };
}

/** A batch's own key with what it is first used for: its quest, `atomic` and items. */
export function batchKey(
  questId: number,
  atomic: boolean,
  items: readonly ItemRequest[],
  key: string | undefined,
): AllocationRequest["idempotency"] {
  if (key === undefined) return undefined;
  const body = items.map((item) => [item.points, item.pass, item.idempotency?.key ?? null]);
  return { key, requestHash: sha256({ batch: { questId, atomic, items: body } }) };
}

export function inProgress(): AppError {
  return new AppError(
    "IDEMPOTENCY_IN_PROGRESS",
    "A request with this Idempotency-Key is still being processed; retry shortly.",
  );
}

function keyReused(): AppError {
  return new AppError(
    "IDEMPOTENCY_KEY_REUSED",
    "This Idempotency-Key was already used with a different quest or body.",
  );
}

/** A request's idempotency claims: its own (a batch's header) and each item's. */
export interface RequestClaims {
  request: IdempotencyClaim | undefined;
  items: (IdempotencyClaim | undefined)[];
}

/** The claims a request makes, but none for its items another request of this process holds. */
export function claimsOf(
  request: AllocationRequest,
  busyItems: ReadonlySet<number>,
): RequestClaims {
  const claim = (key: { key: string; requestHash: string } | undefined) =>
    key && {
      accountId: request.accountId,
      key: key.key,
      questId: request.questId,
      requestHash: key.requestHash,
    };
  return {
    request: claim(request.idempotency),
    items: request.items.map((item, i) => (busyItems.has(i) ? undefined : claim(item.idempotency))),
  };
}

/** What is known of a claimed key: free (claimed here) or in flight, and its stored record. */
export interface ClaimState {
  free: boolean;
  stored: StoredClaim | undefined;
}

/**
 * A key against its record: nothing to answer (a key not in use), in flight, reused for another
 * quest, body or kind of request, or the record to replay. Only a record that holds a payout
 * counts: one that holds none (a refusal the previous version kept) is as if nothing were stored,
 * so the request is decided afresh and its own record, if it pays, written over it. A request's
 * key (a batch's header) never replays a single payout; an item's never replays a batch.
 */
function check(
  request: AllocationRequest,
  requestHash: string | undefined,
  state: ClaimState | undefined,
  kind: "request" | "item",
): Refusal | StoredOutcome | undefined {
  if (!state) return undefined;
  if (!state.free) return refused(request, inProgress());
  const stored = state.stored;
  if (!stored || !holdsPayout(stored.outcome)) return undefined;
  const otherKind = kind === "request" ? "payout" in stored.outcome : "batch" in stored.outcome;
  if (stored.questId !== request.questId || stored.requestHash !== requestHash || otherKind) {
    return refused(request, keyReused());
  }
  return stored.outcome;
}

/** A request's own key (a batch's header): undefined to go on, or its answer. */
export function answerOfRequestKey(
  request: AllocationRequest,
  state: ClaimState | undefined,
): RequestOutcome | undefined {
  const found = check(request, request.idempotency?.requestHash, state, "request");
  if (!found || "ok" in found) return found;
  if (!("batch" in found)) throw new Error("invariant: a batch's key holds a single outcome");
  return fromStoredBatch(request, found);
}

/** An item's key: undefined to go on to the rules, or its answer. */
export function answerOfItemKey(
  request: AllocationRequest,
  item: ItemRequest,
  state: ClaimState | undefined,
): ItemOutcome | undefined {
  const found = check(request, item.idempotency?.requestHash, state, "item");
  if (!found || "ok" in found) return found;
  if (!("payout" in found)) throw new Error("invariant: an item's key holds no payout");
  return fromStoredPayout(found, true);
}

/**
 * What an item's key keeps of its outcome: its payout. A refusal keeps nothing (undefined): the
 * key's retry is decided afresh, so a pass registered or a budget raised meanwhile is paid.
 */
export function toStoredItem(outcome: ItemOutcome): StoredPayout | undefined {
  return outcome.ok ? storedPayout(outcome.payout) : undefined;
}

/**
 * What a batch's own key keeps of its answer: the whole answer, its refusals included (a retry
 * replays it as it was), when it holds a payout; else nothing (undefined): a batch refused whole
 * (BATCH_REJECTED) or whose every item was refused is decided afresh when retried.
 */
export function toStoredRequest(outcome: RequestOutcome): StoredBatch | undefined {
  if (!outcome.ok || !outcome.items.some((item) => item.ok)) return undefined;
  const items = outcome.items.map((item) => ({
    ...(item.ok
      ? storedPayout(item.payout)
      : { error: { code: item.error.code, detail: item.error.message } }),
    replayed: item.replayed,
  }));
  return { batch: { items } };
}

function storedPayout({ id, amount, createdAt, pass }: PayoutReceipt): StoredPayout {
  return { payout: { id, amount, createdAt: createdAt.toISOString(), pass } };
}

/** A payout's replay: the first payout again. */
function fromStoredPayout(stored: StoredPayout, replayed: boolean): ItemOutcome {
  const { id, amount, createdAt, pass } = stored.payout;
  return { ok: true, payout: { id, amount, createdAt: new Date(createdAt), pass }, replayed };
}

/** A batch's whole first answer again: its items as they were first answered. */
function fromStoredBatch(request: AllocationRequest, stored: StoredBatch): RequestOutcome {
  const items = stored.batch.items.map((item): ItemOutcome => {
    if ("payout" in item) return fromStoredPayout(item, item.replayed);
    const { code, detail } = item.error;
    const error = new AppError(isErrorCode(code) ? code : "INTERNAL", detail);
    return { ...refused(request, error), replayed: item.replayed };
  });
  return { ok: true, items, replayed: true };
}
