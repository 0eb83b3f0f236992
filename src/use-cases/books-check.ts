/**
 * The books check (docs/operations.md#books-check): everything the service keeps about points
 * (each quest's budget, the kept totals per pass, the payout positions, the kept counts per pass
 * and their suspension flags) recomputed from the payouts and reversals and compared, in one
 * read-only snapshot. `questpoints check`, `questpoints restore` and the tests all call it.
 */
import type { Db, Queryable } from "../db/handle.js";
import {
  brokenPositions,
  type CountsDisagreement,
  type Disagreements,
  type PositionsSummary,
  type QuestLedger,
  type SuspensionDisagreement,
  type TotalsDisagreement,
  unbalancedQuests,
  unequalKeptTotals,
  unequalPassCounts,
  unequalSuspensions,
} from "../store/books-check.js";

/** Mismatches listed per check; beyond it they are only counted (`BooksReport.unlisted`). */
export const BOOKS_MISMATCHES_LISTED_MAX = 100;
/** Longest one of the check's statements may run on PostgreSQL (each reads a whole table). */
export const BOOKS_CHECK_STATEMENT_MS_MAX = 30 * 60 * 1000;

export type BooksMismatchKind =
  | "quest-balance"
  | "pass-totals"
  | "payout-positions"
  | "pass-counts"
  | "pass-suspension";

/** One thing that does not add up: what it is about, and both figures. */
export interface BooksMismatch {
  kind: BooksMismatchKind;
  /** The quest or pass (and scope or window): "quest 7", "pass 0xAb… (campaign 3, period every)". */
  subject: string;
  /** What the payouts and reversals say it should be. */
  expected: string;
  /** What the database keeps. */
  found: string;
  /** One line naming the subject and both figures. */
  detail: string;
}

export interface BooksReport {
  /** What was read: every quest, the passes with payouts or kept totals, every payout. */
  checked: { quests: number; passes: number; payouts: number };
  /** The mismatches, at most BOOKS_MISMATCHES_LISTED_MAX of each check; none: the books hold. */
  mismatches: BooksMismatch[];
  /** Mismatches found beyond those listed. */
  unlisted: number;
}

/** Which of the checks is starting: `check` of `of`, named. */
export interface BooksCheckProgress {
  check: number;
  of: number;
  name: string;
}

/** A quest whose budget does not add up: `total_points ≠ points_remaining + paid − reversed`. */
export function questBooksMismatch(ledger: QuestLedger): BooksMismatch | undefined {
  const { questId, total, remaining, paid, reversed } = ledger;
  const accounted = remaining + paid - reversed;
  if (total === accounted && remaining >= 0) return undefined;
  const should = total - paid + reversed;
  return {
    kind: "quest-balance",
    subject: `quest ${questId}`,
    expected: `points_remaining ${should}`,
    found: `points_remaining ${remaining}`,
    detail:
      `quest ${questId}: total_points ${total} ≠ points_remaining ${remaining} + paid ${paid} ` +
      `− reversed ${reversed} (points_remaining should be ${should})`,
  };
}

const scopeName = (key: number, what: string) =>
  key === -1 ? `every ${what}` : key === 0 ? `no ${what}` : `${what} ${key}`;

function totalsMismatch(row: TotalsDisagreement): BooksMismatch {
  const subject = `pass ${row.pass} (${scopeName(row.campaignKey, "campaign")}, ${scopeName(row.periodKey, "period")})`;
  const expected = `points ${row.points}, payouts_count ${row.payouts}`;
  const found = `points ${row.keptPoints}, payouts_count ${row.keptPayouts}`;
  const passKey = row.pass.toLowerCase();
  const keyNote =
    row.keptPassKey !== null && row.keptPassKey !== passKey
      ? `; pass_key ${row.keptPassKey} ≠ ${passKey}`
      : "";
  return {
    kind: "pass-totals",
    subject,
    expected: keyNote ? `${expected}, pass_key ${passKey}` : expected,
    found: keyNote ? `${found}, pass_key ${row.keptPassKey}` : found,
    detail: `${subject}: kept ${found} ≠ ${expected} recomputed from its live payouts${keyNote}`,
  };
}

function positionsMismatch(row: PositionsSummary): BooksMismatch {
  const subject = `quest ${row.questId}`;
  const unnumbered = row.payouts - row.numbered;
  const range = row.numbered === 0 ? "none" : `${row.first}..${row.last}`;
  const found =
    `payouts_made ${row.payoutsMade ?? "NULL"}, positions ${range} ` +
    `(${row.distinct} distinct of ${row.numbered} numbered), ${unnumbered} unnumbered`;
  const expected =
    row.payoutsMade === null
      ? `positions 1..${row.numbered} on the numbered payouts (the backfill has not finished it)`
      : `payouts_made ${row.payouts}, positions 1..${row.payouts}, none unnumbered`;
  return {
    kind: "payout-positions",
    subject,
    expected,
    found,
    detail: `${subject}: ${row.payouts} ${row.payouts === 1 ? "payout" : "payouts"} should have ${expected}; found ${found}`,
  };
}

function countsMismatch(row: CountsDisagreement): BooksMismatch {
  const subject = `quest ${row.questId}, pass ${row.pass}, window ${row.windowKey}`;
  const expected = `payouts ${row.payouts}, points ${row.points}`;
  const found = `payouts ${row.keptPayouts}, points ${row.keptPoints}`;
  return {
    kind: "pass-counts",
    subject,
    expected,
    found,
    detail: `${subject}: kept ${found} ≠ ${expected} recounted from its payouts not reversed`,
  };
}

function suspensionMismatch(row: SuspensionDisagreement): BooksMismatch {
  const subject = `pass ${row.pass}`;
  const marked = (count: number) => `${count} of ${row.rows} kept rows marked suspended`;
  return {
    kind: "pass-suspension",
    subject,
    expected: marked(row.suspended ? row.rows : 0),
    found: marked(row.marked),
    detail:
      `${subject}: the account is ${row.suspended ? "suspended" : "not suspended"}, ` +
      `yet ${row.marked} of its ${row.rows} kept totals are marked suspended`,
  };
}

/** The checks in the order they run, each a query and how its rows read as mismatches. */
const CHECKS: {
  name: string;
  run(
    db: Queryable,
    report: BooksReport,
  ): Promise<{ found: Disagreements<unknown>; mismatches: BooksMismatch[] }>;
}[] = [
  {
    name: "quest budgets",
    async run(db, report) {
      const found = await unbalancedQuests(db, BOOKS_MISMATCHES_LISTED_MAX);
      report.checked.quests = found.quests;
      report.checked.payouts = found.payouts;
      return { found, mismatches: found.listed.flatMap((row) => questBooksMismatch(row) ?? []) };
    },
  },
  {
    name: "kept totals per pass",
    async run(db, report) {
      const found = await unequalKeptTotals(db, BOOKS_MISMATCHES_LISTED_MAX);
      report.checked.passes = found.passes;
      return { found, mismatches: found.listed.map(totalsMismatch) };
    },
  },
  {
    name: "payout positions",
    async run(db) {
      const found = await brokenPositions(db, BOOKS_MISMATCHES_LISTED_MAX);
      return { found, mismatches: found.listed.map(positionsMismatch) };
    },
  },
  {
    name: "kept counts per pass and window",
    async run(db) {
      const found = await unequalPassCounts(db, BOOKS_MISMATCHES_LISTED_MAX);
      return { found, mismatches: found.listed.map(countsMismatch) };
    },
  },
  {
    name: "suspensions on the kept totals",
    async run(db) {
      const found = await unequalSuspensions(db, BOOKS_MISMATCHES_LISTED_MAX);
      return { found, mismatches: found.listed.map(suspensionMismatch) };
    },
  },
];

/** How many checks `checkBooks` runs (what its progress counts to). */
export const BOOKS_CHECK_COUNT = CHECKS.length;

/**
 * Checks the books in one REPEATABLE READ, READ ONLY transaction: every figure comes from one
 * snapshot, so allocations committing meanwhile (PostgreSQL, the service running) never show as
 * half made, and nothing is written. Each check is one set-based statement over the whole
 * database; `onProgress` hears which is starting.
 */
export async function checkBooks(
  db: Db,
  options: { onProgress?: (progress: BooksCheckProgress) => void } = {},
): Promise<BooksReport> {
  return db.transaction(
    async (tx) => {
      await tx.allowLongStatements(BOOKS_CHECK_STATEMENT_MS_MAX);
      const report: BooksReport = {
        checked: { quests: 0, passes: 0, payouts: 0 },
        mismatches: [],
        unlisted: 0,
      };
      for (const [index, check] of CHECKS.entries()) {
        options.onProgress?.({ check: index + 1, of: CHECKS.length, name: check.name });
        const { found, mismatches } = await check.run(tx, report);
        report.mismatches.push(...mismatches);
        report.unlisted += found.count - found.listed.length;
      }
      return report;
    },
    { readOnlySnapshot: true },
  );
}
