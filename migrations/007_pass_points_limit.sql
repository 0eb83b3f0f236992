-- A pass's live points are at most 9007199254740991 (2^53 - 1), the largest integer every JSON
-- client reads exactly (docs/promises.md: PASS_POINTS_LIMIT). An allocation is decided on
-- the total it read; this CHECK makes two transactions that pay the same pass at once, each
-- within the limit alone, fail the later write (which is then decided again on the new total)
-- rather than store more. A pass's other rows (a campaign, a period) are parts of its overall
-- row, so the bound holds for every row. The CHECK also applies to the row an upsert proposes
-- before ON CONFLICT makes it an update (see 006): that row holds only the change, which is at
-- most the updated total, since totals are never negative.
-- NOT VALID: totals stored before this migration are not checked again (it never fails on old
-- data); every row inserted or changed from now on is.
ALTER TABLE pass_totals
  ADD CONSTRAINT pass_totals_points_max CHECK (points <= 9007199254740991) NOT VALID;
