-- What one payout costs PostgreSQL in CPU and WAL (docs/performance.md, "What one
-- payout costs", has the figures before and after).

-- The kept totals are updated by every payout (pass_totals: four rows of the pass; quest_pass_counts:
-- one or two). With room left on each page the new version of a row goes on the row's own page:
-- quest_pass_counts' updates (no updated column is indexed) become HOT, writing no index entry,
-- and pass_totals' (whose points are in the leaderboard's rank index, so never HOT) no longer
-- lock the old row in a WAL record of its own before moving to another page. Pages written from
-- now on keep the room; full pages get it as their rows are updated away.
ALTER TABLE pass_totals SET (fillfactor = 70);
ALTER TABLE quest_pass_counts SET (fillfactor = 70);

-- The payout indexes that end in (created_at, id) were kept newest first (DESC): every new
-- payout's entry went to the left end of its range, which PostgreSQL splits in halves, leaving
-- half-empty pages behind and writing half a page of WAL at each split. Kept ascending, a new
-- payout goes to the right end: the newest payouts' page (the listing's, and a new quest's or
-- account's) is split as the rightmost, 90 % full, moving a tenth of a page. Pages newest first
-- are the same ranges read backwards. Rebuilding reads `payouts` once per index and holds off
-- allocations meanwhile (an index build on a table of millions of rows takes a while: upgrade at
-- a quiet hour).
DROP INDEX payouts_quest_page_idx;
CREATE INDEX payouts_quest_page_idx ON payouts (quest_id, created_at, id);
DROP INDEX payouts_listing_idx;
CREATE INDEX payouts_listing_idx ON payouts (created_at, id);
DROP INDEX payouts_account_idx;
CREATE INDEX payouts_account_idx ON payouts (account_id, created_at, id);
DROP INDEX payouts_period_idx;
CREATE INDEX payouts_period_idx ON payouts (earning_period_id, created_at, id)
  WHERE earning_period_id IS NOT NULL;

