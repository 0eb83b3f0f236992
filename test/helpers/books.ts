/**
 * A quest's books: its budget against what it paid and what reversals put back. Read straight
 * from the database (`books`), or over HTTP through the owner's own routes (`readBooks`, for a
 * service in another process); either way the same `Books`, checked by `assertBooksBalance`.
 */
import assert from "node:assert/strict";
import type { Queryable } from "../../src/db/handle.js";
import { type QuestLedger, questLedger } from "../../src/store/books-check.js";
import { questBooksMismatch } from "../../src/use-cases/books-check.js";

/** A quest's books: the books check's ledger of it (src/store/books-check.ts). */
export type Books = QuestLedger;

/** The quest's books, straight from the database, in one statement (one snapshot). */
export async function books(db: Queryable, questId: number): Promise<Books> {
  const ledger = await questLedger(db, questId);
  assert.ok(ledger, `quest ${questId} exists`);
  return ledger;
}

/**
 * Asserts that the quest's books hold the `expected` values (the fields named, each exactly),
 * and returns them all.
 */
export async function expectBooks(
  db: Queryable,
  questId: number,
  expected: Partial<Books>,
): Promise<Books> {
  const actual = await books(db, questId);
  const named = Object.fromEntries(
    Object.keys(expected).map((field) => [field, actual[field as keyof Books]]),
  );
  assert.deepEqual(named, expected, `quest ${questId}: ${JSON.stringify(actual)}`);
  return actual;
}

/**
 * The books balance as the books check decides it: total − remaining = paid − reversed, and the
 * quest is not overspent.
 */
export function assertBooksBalance(b: Books, what = "the quest"): void {
  const mismatch = questBooksMismatch(b);
  assert.equal(mismatch, undefined, `${what}: ${mismatch?.detail}: ${JSON.stringify(b)}`);
}

/** A payout as the owner's detail view lists it. */
export interface ListedPayout {
  id: string;
  amount: number;
  account: { pass: string };
}

/** A quest's books with every payout listed, as the owner's routes show them. */
export type ListedBooks = Books & { listed: ListedPayout[] };

const PAGE_LIMIT = 100;
const REQUEST_TIMEOUT_MS = 30_000;

async function getJson(baseUrl: string, path: string, apiKey: string): Promise<unknown> {
  const response = await fetch(`${baseUrl}${path}`, {
    headers: { "x-api-key": apiKey },
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const text = await response.text();
  assert.equal(response.status, 200, `GET ${path}: ${text}`);
  return JSON.parse(text);
}

/**
 * The quest's books over HTTP, with every payout listed: `GET /quests/{id}` and
 * `GET /quests/{id}/reversals`, each paged to its end with limit/offset.
 */
export async function readBooks(
  baseUrl: string,
  apiKey: string,
  questId: number,
): Promise<ListedBooks> {
  const listed: ListedPayout[] = [];
  let total = 0;
  let remaining = 0;
  for (let offset = 0; ; offset += PAGE_LIMIT) {
    const page = (await getJson(
      baseUrl,
      `/quests/${questId}?limit=${PAGE_LIMIT}&offset=${offset}`,
      apiKey,
    )) as { total_points: number; points_remaining: number; payouts: ListedPayout[] };
    total = page.total_points;
    remaining = page.points_remaining;
    listed.push(...page.payouts);
    if (page.payouts.length < PAGE_LIMIT) break;
  }
  const reversals: { amount: number }[] = [];
  for (let offset = 0; ; offset += PAGE_LIMIT) {
    const page = (await getJson(
      baseUrl,
      `/quests/${questId}/reversals?limit=${PAGE_LIMIT}&offset=${offset}`,
      apiKey,
    )) as { amount: number }[];
    reversals.push(...page);
    if (page.length < PAGE_LIMIT) break;
  }
  return {
    questId,
    total,
    remaining,
    payouts: listed.length,
    paid: listed.reduce((sum, p) => sum + p.amount, 0),
    reversals: reversals.length,
    reversed: reversals.reduce((sum, r) => sum + r.amount, 0),
    listed,
  };
}
