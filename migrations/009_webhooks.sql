-- Webhooks (docs/webhooks.md): endpoints, the events written
-- in the same transaction as the change they report (a transactional outbox), and one delivery
-- per event and endpoint, which the service processes claim with FOR UPDATE SKIP LOCKED.

-- An endpoint belongs to an owner account and a mode, or to the operators (account_id NULL,
-- mode 'live'). The secret signs every message, so it is kept as issued (unlike keys, which
-- are only verified); it is never answered after creation, logged or audited. During a rotation
-- the previous secret keeps signing beside the new one until previous_secret_until.
CREATE TABLE webhook_endpoints (
  id                     uuid PRIMARY KEY,
  account_id             uuid REFERENCES accounts (id),
  mode                   text NOT NULL CHECK (mode IN ('live', 'test')),
  url                    text NOT NULL,
  events                 text[] NOT NULL,
  description            text NOT NULL DEFAULT '',
  secret                 text NOT NULL,
  previous_secret        text,
  previous_secret_until  timestamptz(3),
  created_at             timestamptz(3) NOT NULL DEFAULT now(),
  disabled_at            timestamptz(3),
  disabled_reason        text,
  -- The first failed attempt since the last success: 5 days of nothing else disables it.
  failing_since          timestamptz(3),
  CHECK (account_id IS NOT NULL OR mode = 'live')
);
-- An owner's endpoints per mode (the list, the bound of 20), and the events' audience.
CREATE INDEX webhook_endpoints_owner_idx ON webhook_endpoints (account_id, mode, created_at, id);

-- An event as it is sent: `body` is the exact JSON signed and delivered, so every delivery and
-- redelivery of it carries the same bytes and the same webhook-id (the event id). Written only
-- when some endpoint subscribed to it.
CREATE TABLE webhook_events (
  id          text PRIMARY KEY,
  type        text NOT NULL,
  body        text NOT NULL,
  created_at  timestamptz(3) NOT NULL
);

-- One delivery of an event to an endpoint (a redelivery is another row with the same event).
-- While pending, next_at is when the next attempt is due; a process that claims it moves next_at
-- past its own timeout, so a crash mid-send only delays the delivery: it is claimed again then.
-- The last attempt's outcome is kept on the row (status_code, error, duration_ms, attempted_at).
CREATE TABLE webhook_deliveries (
  id            uuid PRIMARY KEY,
  endpoint_id   uuid NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  event_id      text NOT NULL REFERENCES webhook_events (id),
  status        text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed')),
  attempt       integer NOT NULL DEFAULT 0,
  next_at       timestamptz(3) NOT NULL,
  status_code   integer,
  error         text,
  duration_ms   integer,
  attempted_at  timestamptz(3),
  created_at    timestamptz(3) NOT NULL
);
-- The work due, oldest first; only pending rows are in it.
CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_at) WHERE status = 'pending';
-- An endpoint's deliveries, newest first (a status filter reads this range too: an index per
-- status would be rewritten by every attempt, on the allocation's busiest path), and an event's.
CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, created_at DESC, id DESC);
CREATE INDEX webhook_deliveries_event_idx ON webhook_deliveries (event_id);

-- quest.budget_low and quest.budget_exhausted fire once per crossing: an allocation that takes
-- the remainder below the threshold sets the flag with its event; only a remainder raised back to
-- the threshold or above (a reversal, a bigger budget) clears it. The trigger runs only for such
-- updates, never for an allocation's debit.
ALTER TABLE quests
  ADD COLUMN budget_low_alerted boolean NOT NULL DEFAULT false,
  ADD COLUMN budget_exhausted_alerted boolean NOT NULL DEFAULT false;
UPDATE quests SET budget_low_alerted = points_remaining * 10 < total_points,
  budget_exhausted_alerted = points_remaining < expected_points_per_completion
WHERE points_remaining * 10 < total_points OR points_remaining < expected_points_per_completion;

CREATE FUNCTION quests_rearm_budget_alerts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.points_remaining * 10 >= NEW.total_points THEN
    NEW.budget_low_alerted := false;
  END IF;
  IF NEW.points_remaining >= NEW.expected_points_per_completion THEN
    NEW.budget_exhausted_alerted := false;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER quests_rearm_budget_alerts
  BEFORE UPDATE OF points_remaining, total_points, expected_points_per_completion ON quests
  FOR EACH ROW
  WHEN (NEW.points_remaining > OLD.points_remaining
        OR NEW.total_points IS DISTINCT FROM OLD.total_points
        OR NEW.expected_points_per_completion IS DISTINCT FROM OLD.expected_points_per_completion)
  EXECUTE FUNCTION quests_rearm_budget_alerts();
