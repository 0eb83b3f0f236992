-- Keyset listings of the operator API (docs/operator-api.md): each filter with its order is one index
-- range, whatever the page's depth. Filters already served by 003: accounts by pass (unique),
-- quests and keys by owner, audit entries by action and by target type and id.

-- GET /admin/quests?campaign_id= and ?mode=, newest first.
CREATE INDEX quests_campaign_listing_idx ON quests (campaign_id, created_at DESC, id DESC);
CREATE INDEX quests_mode_listing_idx ON quests (mode, created_at DESC, id DESC);

-- GET /admin/earning-periods, oldest first by start (the exclusion constraint's GiST index
-- cannot give this order).
CREATE INDEX earning_periods_listing_idx ON earning_periods (start_at, id);

-- GET /admin/audit?target_id= without target_type (a key's id names one key whatever its type).
CREATE INDEX audit_log_target_id_idx ON audit_log (target_id, at DESC, id DESC);

-- GET /admin/action-types counts the quests of each type from this index alone.
CREATE INDEX quests_action_type_idx ON quests (action_type);
