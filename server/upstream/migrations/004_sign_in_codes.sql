-- Sign-in codes (only salted hashes), failed sign-ins and locks. Keyed by the normalised phone number or
-- e-mail address, never by account, so no answer tells whether an account exists.
CREATE TABLE verify_codes (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  channel TEXT NOT NULL CHECK (channel IN ('sms', 'email')),
  target TEXT NOT NULL,
  salt TEXT NOT NULL,
  -- HMAC-SHA256 keyed by the salt over channel, target and code.
  code_hash TEXT NOT NULL,
  -- SHA-256 of the requesting client's address, for the per-IP limit.
  ip_hash TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  -- active → used (signed in) | killed (5 wrong tries) | superseded (a newer code was sent) | unsent (delivery failed)
  state TEXT NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'used', 'killed', 'superseded', 'unsent'))
);
CREATE INDEX verify_codes_target ON verify_codes (channel, target, created_at);
CREATE INDEX verify_codes_ip ON verify_codes (ip_hash, created_at);

CREATE TABLE sign_in_failures (
  channel TEXT NOT NULL,
  target TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX sign_in_failures_target ON sign_in_failures (channel, target, created_at);

-- The row stays after the lock ends: failures before locked_until never count towards the next lock.
CREATE TABLE sign_in_locks (
  channel TEXT NOT NULL,
  target TEXT NOT NULL,
  locked_until INTEGER NOT NULL,
  PRIMARY KEY (channel, target)
);
