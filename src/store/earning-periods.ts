import type { EarningPeriod } from "../domain/earning-periods.js";
import { AppError } from "../domain/errors.js";
import type { Queryable } from "./db.js";
import { isPgError } from "./db-errors.js";

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
    if (isPgError(error, "23P01")) {
      throw new AppError("CONFLICT", "The earning period overlaps an existing one.");
    }
    throw error;
  }
}

/** Whether any period is defined, and the one covering `now`, in one round trip. */
export async function earningPeriodAt(
  db: Queryable,
  now: Date,
): Promise<{ anyDefined: boolean; covering: EarningPeriod | null }> {
  const { rows } = await db.query<{ any_defined: boolean } & Partial<PeriodRow>>(
    `SELECT EXISTS (SELECT 1 FROM earning_periods) AS any_defined, p.id, p.start_at, p.end_at
     FROM (SELECT 1) AS one
     LEFT JOIN earning_periods p ON tstzrange(p.start_at, p.end_at, '[)') @> $1::timestamptz`,
    [now],
  );
  const row = rows[0]!;
  const covering =
    row.id !== undefined && row.id !== null
      ? toPeriod({ id: row.id, start_at: row.start_at!, end_at: row.end_at! })
      : null;
  return { anyDefined: row.any_defined, covering };
}
