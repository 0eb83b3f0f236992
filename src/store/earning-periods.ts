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
