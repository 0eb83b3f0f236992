-- Fair play: limits per pass, suspended passes, and where a player does a quest.

-- A quest's limits per pass (null: none) and its link. pass_window is the window
-- pass_payouts_max counts in.
ALTER TABLE quests
  ADD COLUMN pass_points_max bigint
    CHECK (pass_points_max IS NULL OR pass_points_max BETWEEN 1 AND 9007199254740991),
  ADD COLUMN pass_payouts_max bigint
    CHECK (pass_payouts_max IS NULL OR pass_payouts_max BETWEEN 1 AND 9007199254740991),
  ADD COLUMN pass_window text NOT NULL DEFAULT 'quest'
    CHECK (pass_window IN ('day', 'week', 'earning_period', 'quest')),
  ADD COLUMN url text CHECK (url IS NULL OR char_length(url) <= 2048);

-- What each pass has from each quest, kept as payouts are made and reversed (never summed at
-- allocation time, so a pass with 100,000 payouts costs what a new one does). `window_key` is
-- 'quest' (the quest's whole life: always kept, for every quest and mode) or the window of the
-- quest's pass_window that a payout falls in: 'day:2026-12-01', 'week:2026-11-30' (its Monday),
-- 'period:12' (an earning period's id; 'period:0' outside any). Window rows are kept only while
-- the quest's pass_window is that kind; changing pass_window recounts every window of the new kind.
CREATE TABLE quest_pass_counts (
  quest_id    integer NOT NULL REFERENCES quests (id),
  account_id  uuid NOT NULL REFERENCES accounts (id),
  window_key  text COLLATE "C" NOT NULL,
  points      bigint NOT NULL,
  payouts     bigint NOT NULL,
  PRIMARY KEY (quest_id, account_id, window_key)
);

-- The counts of the payouts made before this migration: the whole-life row of each pass.
INSERT INTO quest_pass_counts (quest_id, account_id, window_key, points, payouts)
SELECT p.quest_id, p.account_id, 'quest', sum(p.amount), count(*)
FROM payouts p
WHERE NOT EXISTS (SELECT 1 FROM reversals r WHERE r.payout_id = p.id)
GROUP BY p.quest_id, p.account_id;

-- Suspended passes: refused every allocation and left out of every leaderboard.
ALTER TABLE accounts
  ADD COLUMN suspended_at timestamptz(3),
  ADD COLUMN suspension_reason text
    CHECK (suspension_reason IS NULL OR char_length(suspension_reason) BETWEEN 1 AND 500);

-- A copy of the account's suspension on its leaderboard rows, so that listing and ranking
-- leave a suspended pass out on the same index, at the same cost.
ALTER TABLE pass_totals ADD COLUMN suspended boolean NOT NULL DEFAULT false;
DROP INDEX pass_totals_rank_idx;
CREATE INDEX pass_totals_rank_idx
  ON pass_totals (campaign_key, period_key, points DESC, pass_key)
  WHERE points > 0 AND NOT suspended;
