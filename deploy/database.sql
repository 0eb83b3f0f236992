-- questpoints: the database, its role and the role's session settings. Run once as a superuser
-- on the database host: psql -U postgres -f database.sql
-- The service creates its tables itself (migrations at start-up, under an advisory lock).

-- The password is a placeholder: use the one in pgbouncer's userlist and the service's
-- DATABASE_URL. Stored as a SCRAM secret (password_encryption's default).
CREATE ROLE questpoints LOGIN PASSWORD 'CHANGE-ME-db-password';
-- The owner may create the tables in the public schema (PostgreSQL 15: only the owner may).
CREATE DATABASE questpoints OWNER questpoints ENCODING 'UTF8' TEMPLATE template0;

-- The service sets its bounds on each connection it opens (src/store/postgres.ts); the role's
-- defaults give every other session of the role the same values, equal to questpoints.env's
-- DB_LOCK_TIMEOUT_MS, DB_STATEMENT_TIMEOUT_MS and twice the latter (the service's rule for idle
-- transactions), so no session can wait forever on a row lock or a statement. The test checks
-- they agree.
ALTER ROLE questpoints SET lock_timeout = '3s';
ALTER ROLE questpoints SET statement_timeout = '5s';
ALTER ROLE questpoints SET idle_in_transaction_session_timeout = '10s';
-- The service turns JIT off on every connection (a generic plan of a paged read was compiled
-- for ~100 ms); the role's default does the same for every other session of the role.
ALTER ROLE questpoints SET jit = off;
