-- Accounts and sessions: users are created on first sign-in; sessions are revoked, never deleted silently.
CREATE TABLE users (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  phone TEXT UNIQUE,
  email TEXT UNIQUE,
  created_at INTEGER NOT NULL,
  locked_until INTEGER,
  CHECK (phone IS NOT NULL OR email IS NOT NULL)
);

CREATE TABLE sessions (
  id_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id),
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  revoked_at INTEGER
);
CREATE INDEX sessions_user ON sessions (user_id);
