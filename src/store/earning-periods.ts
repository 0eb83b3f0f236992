import { isPgError } from "../db/errors.js";
import type { Queryable, Tx } from "../db/handle.js";
import type { EarningPeriod } from "../domain/earning-periods.js";
import { AppError } from "../domain/errors.js";
import { keyset, type Page, type PageRequest, toPage } from "./keyset.js";

interface PeriodRow {
  id: number;
  start_at: Date;
  end_at: Date;
}

const toPeriod = (row: PeriodRow): EarningPeriod => ({
  id: row.id,
  start: row.start_at,
  end: row.end_at,
});

const overlaps = () => new AppError("CONFLICT", "The earning period overlaps an existing one.");

/** Inserts a period; the exclusion constraint turns an overlap (even a racing one) into 409. */
export async function insertEarningPeriod(
  db: Queryable,
  period: { start: Date; end: Date },
): Promise<EarningPeriod> {
  try {
    const { rows } = await db.query<PeriodRow>(
      "INSERT INTO earning_periods (start_at, end_at) VALUES ($1, $2) RETURNING id, start_at, end_at",
      [period.start, period.end],
    );
    return toPeriod(rows[0]!);
  } catch (error) {
    if (isPgError(error, "23P01")) throw overlaps();
    throw error;
  }
}

/** The public list's bound: periods are an operator's few windows, never near it. */
const PUBLIC_PERIODS_MAX = 10_000;

/** Every period, oldest first by start (then id), up to PUBLIC_PERIODS_MAX: one array. */
export async function listAllEarningPeriods(db: Queryable): Promise<EarningPeriod[]> {
  const { rows } = await db.query<PeriodRow>(
    "SELECT id, start_at, end_at FROM earning_periods ORDER BY start_at, id LIMIT $1",
    [PUBLIC_PERIODS_MAX],
  );
  return rows.map(toPeriod);
}

/** Every period, oldest first by start. */
export async function listEarningPeriods(
  db: Queryable,
  page: PageRequest,
): Promise<Page<EarningPeriod>> {
  const params: unknown[] = [];
  const { where, orderBy, limit } = keyset(
    { at: "start_at", id: "id", idType: "int" },
    "oldest",
    page,
    params,
  );
  const { rows } = await db.query<PeriodRow>(
    `SELECT id, start_at, end_at FROM earning_periods WHERE ${where} ${orderBy} ${limit}`,
    params,
  );
  return toPage(rows.map(toPeriod), page.limit, (period) => ({
    at: period.start,
    id: String(period.id),
  }));
}

/**
 * Reads a period and locks its row for the transaction: edits and deletions of one period never
 * interleave, and a payout that references it must wait (its foreign key check shares the row).
 */
export async function lockEarningPeriod(tx: Tx, id: number): Promise<EarningPeriod | undefined> {
  const { rows } = await tx.query<PeriodRow>(
    "SELECT id, start_at, end_at FROM earning_periods WHERE id = $1 FOR UPDATE",
    [id],
  );
  return rows[0] && toPeriod(rows[0]);
}

/** Moves a period locked by `lockEarningPeriod`; the exclusion constraint refuses an overlap. */
export async function writeEarningPeriod(
  tx: Tx,
  id: number,
  window: { start: Date; end: Date },
): Promise<EarningPeriod> {
  try {
    const { rows } = await tx.query<PeriodRow>(
      "UPDATE earning_periods SET start_at = $2, end_at = $3 WHERE id = $1 RETURNING id, start_at, end_at",
      [id, window.start, window.end],
    );
    return toPeriod(rows[0]!);
  } catch (error) {
    if (isPgError(error, "23P01")) throw overlaps();
    throw error;
  }
}

/** Whether any payout is stamped with the period. */
export async function isEarningPeriodUsed(db: Queryable, id: number): Promise<boolean> {
  const { rows } = await db.query<{ used: boolean }>(
    "SELECT EXISTS (SELECT 1 FROM payouts WHERE earning_period_id = $1) AS used",
    [id],
  );
  return rows[0]!.used;
}

/**
 * Whether a payout stamped with the period lies outside `window`: moving the period there would
 * leave it stamped with a period it did not fall in.
 */
export async function hasPayoutsOutside(
  db: Queryable,
  id: number,
  window: { start: Date; end: Date },
): Promise<boolean> {
  const { rows } = await db.query<{ outside: boolean }>(
    `SELECT EXISTS (
       SELECT 1 FROM payouts
       WHERE earning_period_id = $1 AND NOT (created_at >= $2 AND created_at < $3)
     ) AS outside`,
    [id, window.start, window.end],
  );
  return rows[0]!.outside;
}

/**
 * Deletes a period locked by `lockEarningPeriod`. A payout stamped with it meanwhile (an
 * allocation reads periods without locking them) makes the foreign key refuse: still in use.
 */
export async function deleteEarningPeriod(tx: Tx, id: number): Promise<void> {
  try {
    await tx.query("DELETE FROM earning_periods WHERE id = $1", [id]);
  } catch (error) {
    if (isPgError(error, "23503")) throw inUse(id);
    throw error;
  }
}

export const inUse = (id: number) =>
  new AppError(
    "EARNING_PERIOD_IN_USE",
    `Earning period ${id} has payouts stamped with it and cannot be deleted.`,
  );
