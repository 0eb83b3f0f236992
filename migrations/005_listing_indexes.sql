-- GET /campaigns: the active campaigns, oldest first, one index range per page.
CREATE INDEX campaigns_active_listing_idx ON campaigns (created_at, id) WHERE is_active;
-- GET /admin/audit?target_type= without a target id: a range, not a walk of the whole log.
CREATE INDEX audit_log_target_type_idx ON audit_log (target_type, at DESC, id DESC);
