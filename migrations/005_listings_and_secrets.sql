-- GET /campaigns: the active campaigns, oldest first, one index range per page.
CREATE INDEX campaigns_active_listing_idx ON campaigns (created_at, id) WHERE is_active;
-- GET /admin/audit?target_type= without a target id: a range, not a walk of the whole log.
CREATE INDEX audit_log_target_type_idx ON audit_log (target_type, at DESC, id DESC);

-- This deployment's secret for client addresses: the hourly application limit keeps them only as
-- HMAC-SHA256 under it, so its records cannot be turned back into addresses by trying every IPv4
-- address. gen_random_uuid() draws from the server's strong random source.
CREATE TABLE service_secrets (
  name   text PRIMARY KEY,
  value  text NOT NULL
);
INSERT INTO service_secrets (name, value)
VALUES ('client_address_key', replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''));
