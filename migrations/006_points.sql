-- Reversals: a payout's amount put back into its quest's budget, at most once per payout (the
-- unique payout_id decides a race between two reversals). The payout itself is kept.
CREATE TABLE reversals (
  id          uuid PRIMARY KEY,
  payout_id   uuid NOT NULL UNIQUE REFERENCES payouts (id),
  quest_id    integer NOT NULL REFERENCES quests (id),
  amount      bigint NOT NULL CHECK (amount > 0),
  reason      text NOT NULL,
  actor       text NOT NULL,
  created_at  timestamptz(3) NOT NULL
);
-- GET /quests/{id}/reversals: newest first, bounded by the page.
CREATE INDEX reversals_quest_page_idx ON reversals (quest_id, created_at DESC, id DESC);

-- Kept totals of live points per pass, net of reversals, updated in the transaction of every
-- allocation, reversal and quest move between campaigns, so a balance or a leaderboard page is
-- read from a few rows whatever the number of payouts. Each payout counts in four rows of its
-- pass: (every campaign, every period), (its campaign, every period), (every campaign, its
-- period) and (its campaign, its period). A key is -1 for "every", 0 for "none" (a quest outside
-- any campaign, a payout outside any earning period), else the campaign's or period's id.
-- Test-mode payouts are never counted. Every change is one upsert in key order (so writers never
-- deadlock); no CHECK bounds points below, because PostgreSQL tests a CHECK on the row an INSERT
-- proposes before ON CONFLICT makes it an update: the writers that take points away check the
-- rows they return instead, and fail the transaction on a negative total.
CREATE TABLE pass_totals (
  account_id     uuid NOT NULL REFERENCES accounts (id),
  campaign_key   integer NOT NULL CHECK (campaign_key >= -1),
  period_key     integer NOT NULL CHECK (period_key >= -1),
  -- The address in lower case: the leaderboard's tie order is the addresses' numeric order.
  pass_key       text COLLATE "C" NOT NULL,
  points         bigint NOT NULL,
  payouts_count  bigint NOT NULL,
  PRIMARY KEY (account_id, campaign_key, period_key)
);
-- A leaderboard page: points descending, ties by address, passes with no points left out.
CREATE INDEX pass_totals_rank_idx
  ON pass_totals (campaign_key, period_key, points DESC, pass_key)
  WHERE points > 0;

-- The totals of the payouts made before this migration (live quests only).
INSERT INTO pass_totals (account_id, campaign_key, period_key, pass_key, points, payouts_count)
SELECT p.account_id, k.campaign_key, k.period_key, lower(a.pass), sum(p.amount), count(*)
FROM payouts p
JOIN quests q ON q.id = p.quest_id AND q.mode = 'live'
JOIN accounts a ON a.id = p.account_id
CROSS JOIN LATERAL (VALUES
  (-1, -1),
  (coalesce(q.campaign_id, 0), -1),
  (-1, coalesce(p.earning_period_id, 0)),
  (coalesce(q.campaign_id, 0), coalesce(p.earning_period_id, 0))
) AS k (campaign_key, period_key)
GROUP BY p.account_id, k.campaign_key, k.period_key, lower(a.pass);
