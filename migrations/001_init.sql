-- Accounts: pass addresses registered with the service (stored in EIP-55 checksum form).
CREATE TABLE accounts (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  pass        text NOT NULL UNIQUE,
  created_at  timestamptz(3) NOT NULL DEFAULT now()
);

-- API keys: only the SHA-256 of the key is kept, plus a short prefix for display.
CREATE TABLE api_keys (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  key_hash    text NOT NULL UNIQUE,
  key_prefix  text NOT NULL,
  account_id  uuid NOT NULL REFERENCES accounts (id),
  created_at  timestamptz(3) NOT NULL DEFAULT now(),
  revoked_at  timestamptz(3)
);
CREATE INDEX api_keys_account_idx ON api_keys (account_id);

CREATE TABLE campaigns (
  id               integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name             text NOT NULL,
  description      text NOT NULL,
  start_at         timestamptz(3) NOT NULL,
  end_at           timestamptz(3) NOT NULL,
  is_active        boolean NOT NULL DEFAULT true,
  external_app_id  text,
  created_at       timestamptz(3) NOT NULL DEFAULT now(),
  updated_at       timestamptz(3) NOT NULL DEFAULT now(),
  CHECK (end_at > start_at)
);

CREATE TABLE action_types (
  name    text PRIMARY KEY,
  active  boolean NOT NULL DEFAULT true
);
INSERT INTO action_types (name) VALUES ('default');

CREATE TABLE quests (
  id                              integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name                            text NOT NULL,
  description                     text NOT NULL,
  owner_id                        uuid NOT NULL REFERENCES accounts (id),
  campaign_id                     integer REFERENCES campaigns (id),
  total_points                    bigint NOT NULL,
  points_remaining                bigint NOT NULL,
  expected_points_per_completion  bigint NOT NULL,
  start_at                        timestamptz(3) NOT NULL,
  end_at                          timestamptz(3) NOT NULL,
  is_public                       boolean NOT NULL DEFAULT true,
  enabled                         boolean NOT NULL DEFAULT true,
  action_type                     text NOT NULL DEFAULT 'default' REFERENCES action_types (name),
  created_at                      timestamptz(3) NOT NULL DEFAULT now(),
  updated_at                      timestamptz(3) NOT NULL DEFAULT now(),
  -- The budget invariant, enforced by the database whatever the code does.
  CHECK (points_remaining >= 0 AND points_remaining <= total_points),
  CHECK (total_points <= 9007199254740991 AND expected_points_per_completion >= 0),
  CHECK (end_at > start_at)
);
CREATE INDEX quests_public_idx ON quests (id) WHERE is_public;
CREATE INDEX quests_owner_idx ON quests (owner_id, id);
CREATE INDEX quests_campaign_idx ON quests (campaign_id, id);

-- Earning periods never overlap: the exclusion constraint decides races between operators.
CREATE TABLE earning_periods (
  id        integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  start_at  timestamptz(3) NOT NULL,
  end_at    timestamptz(3) NOT NULL,
  CHECK (end_at > start_at),
  EXCLUDE USING gist (tstzrange(start_at, end_at, '[)') WITH &&)
);

CREATE TABLE payouts (
  id                 uuid PRIMARY KEY,
  quest_id           integer NOT NULL REFERENCES quests (id),
  account_id         uuid NOT NULL REFERENCES accounts (id),
  amount             bigint NOT NULL CHECK (amount > 0),
  earning_period_id  integer REFERENCES earning_periods (id),
  created_at         timestamptz(3) NOT NULL
);
-- The payout page read: newest first, bounded by the page, not by the table.
CREATE INDEX payouts_quest_page_idx ON payouts (quest_id, created_at DESC, id DESC);

-- Feature switches, shared by every service process.
CREATE TABLE features (
  name     text PRIMARY KEY,
  enabled  boolean NOT NULL
);

-- Idempotency records for POST /quests/{id}, scoped to the key's account.
CREATE TABLE idempotency_keys (
  account_id       uuid NOT NULL REFERENCES accounts (id),
  key              text NOT NULL,
  quest_id         integer NOT NULL,
  request_hash     text NOT NULL,
  response_status  integer NOT NULL,
  response_body    jsonb NOT NULL,
  created_at       timestamptz(3) NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, key)
);
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);
