-- Webhook deliveries on the wire are told apart from those still waiting: a claim sets
-- claimed_until (the end of its lease) and recording the attempt clears it. The pending bound
-- and an endpoint's disabling fail only deliveries not on the wire, so an answer that comes back
-- is recorded as it was, not overwritten by "not sent".
ALTER TABLE webhook_deliveries ADD COLUMN claimed_until timestamptz(3);

-- Every previous secret keeps signing for the overlap its rotation promised, however many
-- rotations follow: one entry per secret (the arrays run in step), each with its own end.
ALTER TABLE webhook_endpoints
  ADD COLUMN previous_secrets text[] NOT NULL DEFAULT '{}',
  ADD COLUMN previous_secrets_until timestamptz(3)[] NOT NULL DEFAULT '{}';
UPDATE webhook_endpoints
SET previous_secrets = ARRAY[previous_secret],
  previous_secrets_until = ARRAY[previous_secret_until]
WHERE previous_secret IS NOT NULL AND previous_secret_until IS NOT NULL;
ALTER TABLE webhook_endpoints DROP COLUMN previous_secret, DROP COLUMN previous_secret_until;
