-- The staff console (docs/decisions/024-staff-console.md): staff accounts with their passkeys, single-use
-- enrolment links, sessions, the audit log, and the leads' workflow (status, assignee, note) on the leads'
-- own rows, so deleting a lead (retention, the visitor's deletion) takes its workflow with it.
CREATE TABLE staff_members (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  email TEXT NOT NULL UNIQUE,
  role TEXT NOT NULL CHECK (role IN ('admin', 'sales', 'viewer')),
  -- The WebAuthn user handle: random, never the e-mail (an authenticator may show or leak it).
  user_handle TEXT NOT NULL UNIQUE,
  disabled_at INTEGER,
  created_at INTEGER NOT NULL
);

CREATE TABLE staff_passkeys (
  -- The credential ID, base64url.
  id TEXT PRIMARY KEY,
  staff_id INTEGER NOT NULL REFERENCES staff_members (id),
  public_key BLOB NOT NULL,
  counter INTEGER NOT NULL DEFAULT 0,
  transports TEXT,
  created_at INTEGER NOT NULL,
  last_used_at INTEGER
);
CREATE INDEX staff_passkeys_staff ON staff_passkeys (staff_id);

-- Single-use enrolment links: only the token's SHA-256 is kept.
CREATE TABLE staff_enrolments (
  token_hash TEXT PRIMARY KEY,
  staff_id INTEGER NOT NULL REFERENCES staff_members (id),
  expires_at INTEGER NOT NULL,
  used_at INTEGER,
  created_at INTEGER NOT NULL
);
CREATE INDEX staff_enrolments_staff ON staff_enrolments (staff_id);

-- Console sessions: the cookie's SHA-256, an absolute expiry (12 h).
CREATE TABLE staff_sessions (
  token_hash TEXT PRIMARY KEY,
  staff_id INTEGER NOT NULL REFERENCES staff_members (id),
  expires_at INTEGER NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX staff_sessions_staff ON staff_sessions (staff_id);
CREATE INDEX staff_sessions_expiry ON staff_sessions (expires_at);

-- Every staff action. The member's e-mail is copied: the log reads the same after an account changes.
CREATE TABLE staff_audit (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  staff_id INTEGER REFERENCES staff_members (id),
  staff_email TEXT NOT NULL,
  action TEXT NOT NULL,
  target TEXT,
  detail TEXT,
  created_at INTEGER NOT NULL
);
CREATE INDEX staff_audit_time ON staff_audit (created_at, id);
CREATE INDEX staff_audit_action ON staff_audit (action, created_at, id);
CREATE INDEX staff_audit_member ON staff_audit (staff_id, created_at, id);

ALTER TABLE leave_words ADD COLUMN status TEXT NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'assigned', 'handled'));
ALTER TABLE leave_words ADD COLUMN assigned_to INTEGER REFERENCES staff_members (id);
ALTER TABLE leave_words ADD COLUMN note TEXT;
ALTER TABLE download_records ADD COLUMN status TEXT NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'assigned', 'handled'));
ALTER TABLE download_records ADD COLUMN assigned_to INTEGER REFERENCES staff_members (id);
ALTER TABLE download_records ADD COLUMN note TEXT;
-- The inbox lists newest first, by status, and retention deletes by age.
CREATE INDEX leave_words_created ON leave_words (created_at, id);
CREATE INDEX leave_words_status ON leave_words (status, created_at, id);
CREATE INDEX download_records_created ON download_records (created_at, id);
CREATE INDEX download_records_status ON download_records (status, created_at, id);
