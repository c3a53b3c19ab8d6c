-- Passkey ceremonies' challenges in the store rather than in one console process's memory, so a sign-in or an
-- enrolment begun on one console host ends on another (decision 044, "Staff and the orders CLI"). Kept 5
-- minutes, taken once (deleted as it is read); the cookie's id and the enrolment token only as SHA-256.
CREATE TABLE staff_ceremonies (
  id_hash TEXT PRIMARY KEY,
  challenge TEXT NOT NULL,
  token_hash TEXT,
  expires_at INTEGER NOT NULL
);
CREATE INDEX staff_ceremonies_expiry ON staff_ceremonies (expires_at);
