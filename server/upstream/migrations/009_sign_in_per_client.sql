-- Failed sign-ins and locks are kept per (number or address, client): a stranger's wrong codes lock only
-- the stranger, never the owner (accounts/codes.ts). Failures and locks are short-lived, so the old
-- per-target rows are dropped rather than carried over.
DROP TABLE sign_in_failures;
CREATE TABLE sign_in_failures (
  channel TEXT NOT NULL,
  target TEXT NOT NULL,
  -- SHA-256 of the client's address, as in verify_codes.
  ip_hash TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX sign_in_failures_client ON sign_in_failures (channel, target, ip_hash, created_at);

DROP TABLE sign_in_locks;
CREATE TABLE sign_in_locks (
  channel TEXT NOT NULL,
  target TEXT NOT NULL,
  ip_hash TEXT NOT NULL,
  locked_until INTEGER NOT NULL,
  PRIMARY KEY (channel, target, ip_hash)
);

-- A client's own codes for a number: the resend interval, the hourly and daily limits and the code that
-- signs in are all looked up by these three.
CREATE INDEX verify_codes_client ON verify_codes (channel, target, ip_hash, created_at);
