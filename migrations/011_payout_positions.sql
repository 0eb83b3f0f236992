-- Depth : every payout page costs what the first does. Each payout keeps its
-- position in its quest, 1 for the oldest, in the page's order (created_at, then id); payouts are
-- never removed, so a quest with n payouts answers `offset` o with positions n - o down to
-- n - o - limit + 1: one range of an index, whatever o is.
--
-- This migration only adds columns (no table rewrite, no row touched in `payouts`), so it holds
-- its lock for a moment. The positions of payouts made before it are filled afterwards, quest by
-- quest in short batches, while the service runs (src/use-cases/payout-positions.ts); until a
-- quest is done its pages are read as before.
ALTER TABLE payouts ADD COLUMN position bigint;

-- The quest's payout count once its positions are complete; NULL while the backfill has not
-- finished it. Allocations raise it under the quest's row lock and number their payouts from it.
ALTER TABLE quests ADD COLUMN payouts_made bigint;
ALTER TABLE quests ALTER COLUMN payouts_made SET DEFAULT 0;
-- Its newest payout's created_at: the next payouts are stamped strictly later, so positions
-- follow (created_at, id) across allocations (within one, payouts share a time and go by id).
ALTER TABLE quests ADD COLUMN last_payout_at timestamptz(3);
-- A quest without payouts has nothing to fill. One with payouts gets its newest payout's time
-- (one probe of payouts_quest_page_idx a quest): payouts made while the backfill runs are then
-- stamped after every older one, even if the clock stepped back, so the walk reaches them.
UPDATE quests q SET payouts_made = CASE WHEN last.created_at IS NULL THEN 0 END,
  last_payout_at = last.created_at
FROM quests q2
LEFT JOIN LATERAL (
  SELECT created_at FROM payouts p WHERE p.quest_id = q2.id
  ORDER BY created_at DESC, id DESC LIMIT 1
) last ON true
WHERE q2.id = q.id;

-- Only positioned rows are indexed: building it reads `payouts` once and writes nothing of the
-- rows made before this migration.
CREATE UNIQUE INDEX payouts_quest_position_idx ON payouts (quest_id, position)
  WHERE position IS NOT NULL;

-- A statement's own check: fails it (and so its transaction) with `message` unless `ok`. An
-- allocation's write is sent with its COMMIT in one round trip, so what it must verify of its
-- own counts is verified inside it rather than by the caller after it ran.
CREATE FUNCTION qp_check(ok boolean, message text) RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
  IF ok IS NOT TRUE THEN
    RAISE EXCEPTION '%', message;
  END IF;
  RETURN true;
END
$$;
