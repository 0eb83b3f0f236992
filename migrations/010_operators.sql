-- Operators with names and roles : each has a token of its own (only its SHA-256
-- is kept), a role (viewer < support < admin), and may be disabled. ADMIN_TOKEN stays the
-- bootstrap credential, outside this table (actor operator:bootstrap).
CREATE TABLE operators (
  id            uuid PRIMARY KEY,
  name          text NOT NULL,
  role          text NOT NULL CHECK (role IN ('viewer', 'support', 'admin')),
  token_hash    text NOT NULL UNIQUE,
  created_at    timestamptz(3) NOT NULL DEFAULT now(),
  -- Kept to the minute: a busy operator costs one write a minute, not one a request.
  last_used_at  timestamptz(3),
  disabled_at   timestamptz(3)
);
CREATE INDEX operators_listing_idx ON operators (created_at DESC, id DESC);

-- Owner keys get a scope: `full` may do anything the owner may, `read` only GET.
ALTER TABLE api_keys ADD COLUMN scope text NOT NULL DEFAULT 'full' CHECK (scope IN ('full', 'read'));

-- GET /admin/audit?actor=: an actor's entries, newest first.
CREATE INDEX audit_log_actor_idx ON audit_log (actor, at DESC, id DESC);
