-- Test mode: every quest and key is `live` or `test`; a key reaches only quests of its mode.
ALTER TABLE quests ADD COLUMN mode text NOT NULL DEFAULT 'live' CHECK (mode IN ('live', 'test'));
ALTER TABLE api_keys ADD COLUMN mode text NOT NULL DEFAULT 'live' CHECK (mode IN ('live', 'test'));
-- Written at most once a minute per key (docs/operator-api.md: kept to the minute).
ALTER TABLE api_keys ADD COLUMN last_used_at timestamptz(3);
-- A test quest is never public, whatever an edit says.
ALTER TABLE quests ADD CONSTRAINT quests_test_never_public CHECK (mode = 'live' OR NOT is_public);

-- The public list reads live public quests only.
DROP INDEX quests_public_idx;
CREATE INDEX quests_public_idx ON quests (id) WHERE is_public AND mode = 'live';

-- Keyset listings: newest first by (created_at, id), each page an index range whatever its depth.
CREATE INDEX accounts_listing_idx ON accounts (created_at DESC, id DESC);
CREATE INDEX api_keys_listing_idx ON api_keys (created_at DESC, id DESC);
CREATE INDEX api_keys_account_listing_idx ON api_keys (account_id, created_at DESC, id DESC);
CREATE INDEX quests_listing_idx ON quests (created_at DESC, id DESC);
CREATE INDEX quests_owner_listing_idx ON quests (owner_id, created_at DESC, id DESC);
CREATE INDEX campaigns_listing_idx ON campaigns (created_at DESC, id DESC);
CREATE INDEX payouts_listing_idx ON payouts (created_at DESC, id DESC);
CREATE INDEX payouts_account_idx ON payouts (account_id, created_at DESC, id DESC);
CREATE INDEX payouts_period_idx ON payouts (earning_period_id, created_at DESC, id DESC)
  WHERE earning_period_id IS NOT NULL;

-- Quest applications: the spec's "keys are issued when a quest application is approved".
CREATE TABLE applications (
  id               integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  status           text NOT NULL DEFAULT 'pending'
                   CHECK (status IN ('pending', 'approved', 'rejected')),
  project          text NOT NULL,
  contact          text NOT NULL,
  owner_pass       text NOT NULL,
  quest            jsonb NOT NULL,
  campaign_id      integer REFERENCES campaigns (id),
  message          text,
  -- Only the SHA-256 of the applicant's `ap_` token.
  token_hash       text NOT NULL UNIQUE,
  -- The client address as an HMAC under service_secrets' key (migration 005), for the hourly limit.
  client_hash      text NOT NULL,
  created_at       timestamptz(3) NOT NULL DEFAULT now(),
  decided_at       timestamptz(3),
  reason           text,
  quest_id         integer REFERENCES quests (id),
  test_quest_id    integer REFERENCES quests (id),
  keys_claimed_at  timestamptz(3),
  CHECK ((status = 'pending') = (decided_at IS NULL)),
  CHECK (status <> 'approved' OR (quest_id IS NOT NULL AND test_quest_id IS NOT NULL)),
  CHECK (keys_claimed_at IS NULL OR status = 'approved')
);
CREATE INDEX applications_listing_idx ON applications (created_at DESC, id DESC);
CREATE INDEX applications_status_idx ON applications (status, created_at DESC, id DESC);
CREATE INDEX applications_client_idx ON applications (client_hash, created_at);

-- The audit log: one entry per change, written in the change's own transaction; append-only.
CREATE TABLE audit_log (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at           timestamptz(3) NOT NULL DEFAULT now(),
  actor        text NOT NULL,
  action       text NOT NULL,
  target_type  text NOT NULL,
  target_id    text NOT NULL,
  request_id   text,
  details      jsonb NOT NULL DEFAULT '{}'
);
CREATE INDEX audit_log_listing_idx ON audit_log (at DESC, id DESC);
CREATE INDEX audit_log_action_idx ON audit_log (action, at DESC, id DESC);
CREATE INDEX audit_log_target_idx ON audit_log (target_type, target_id, at DESC, id DESC);

-- Append-only whatever the code does: the database refuses to change or remove an entry.
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END
$$;
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
