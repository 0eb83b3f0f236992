-- Nonces of wallet sign-in messages (EIP-4361), for POST /passes and application proofs. A nonce
-- is issued by POST /passes/nonces, valid 10 minutes, and spent once: the row is deleted by the
-- first request that reaches the signature check (DELETE … RETURNING decides a race between
-- processes). `client_key` is the HMAC of the client address that asked (never the address), for
-- the bound on unexpired nonces per client.
CREATE TABLE sign_in_nonces (
  nonce       text PRIMARY KEY,
  client_key  text NOT NULL,
  expires_at  timestamptz(3) NOT NULL,
  created_at  timestamptz(3) NOT NULL DEFAULT now()
);
-- A client's unexpired nonces (the bound), and the expired ones to clean up.
CREATE INDEX sign_in_nonces_client_idx ON sign_in_nonces (client_key, expires_at);
CREATE INDEX sign_in_nonces_expiry_idx ON sign_in_nonces (expires_at);
