-- Keys may expire (a rotated key's grace window ends); the allocation re-checks it under lock.
ALTER TABLE api_keys ADD COLUMN expires_at timestamptz(3);

-- Idempotency records keep the allocation's outcome in the service's own terms, not an HTTP
-- answer: `{"payout": {id, amount, createdAt, pass}}` or `{"error": {code, detail, requestId}}`.
ALTER TABLE idempotency_keys ADD COLUMN outcome jsonb;
UPDATE idempotency_keys SET outcome = CASE
  WHEN response_status = 200 THEN jsonb_build_object('payout', jsonb_build_object(
    'id', response_body -> 'payout' ->> 'id',
    'amount', response_body -> 'payout' -> 'amount',
    'createdAt', response_body -> 'payout' ->> 'created_at',
    'pass', response_body -> 'payout' -> 'account' ->> 'pass'))
  ELSE jsonb_build_object('error', jsonb_build_object(
    'code', response_body ->> 'code',
    'detail', response_body ->> 'detail',
    'requestId', response_body ->> 'request_id'))
END;
ALTER TABLE idempotency_keys
  ALTER COLUMN outcome SET NOT NULL,
  DROP COLUMN response_status,
  DROP COLUMN response_body;
