-- What visitors send, on PostgreSQL: contact messages and download requests (the leads, with the consent a
-- download form was given, the account whose session sent it, and the staff console's workflow columns) and
-- news page views with their counts. The same tables and meanings as SQLite's migrations 005, 014, 026 and 041
-- (server/upstream/migrations/), in one step; times are milliseconds since the epoch (BIGINT). The outbox now
-- also carries the sales inbox's notice of a contact message, as SQLite's migration 040 made it
-- (docs/decisions/044-store-interface-and-postgresql.md).
CREATE TABLE leave_words (
  id INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name TEXT NOT NULL,
  phone TEXT,
  email TEXT,
  company TEXT,
  content TEXT NOT NULL,
  language TEXT NOT NULL,
  -- SHA-256 of the client's network: enough for the hourly limit without keeping the address.
  ip_hash TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  -- The account of the session that sent it (never one a typed phone or e-mail names): the export shows, and
  -- the account's deletion erases, exactly these rows.
  user_id INTEGER REFERENCES users (id),
  status TEXT NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'assigned', 'handled')),
  assigned_to INTEGER REFERENCES staff_members (id),
  note TEXT
);
CREATE INDEX leave_words_ip ON leave_words (ip_hash, created_at);
CREATE INDEX leave_words_user ON leave_words (user_id, created_at) WHERE user_id IS NOT NULL;
-- The inbox lists newest first, by status, and retention deletes by age.
CREATE INDEX leave_words_created ON leave_words (created_at, id);
CREATE INDEX leave_words_status ON leave_words (status, created_at, id);

CREATE TABLE download_records (
  id INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- A document of the content (each host's SQLite index): no foreign key can name it here.
  document_id TEXT NOT NULL,
  name TEXT NOT NULL,
  phone TEXT NOT NULL,
  email TEXT NOT NULL,
  company TEXT NOT NULL,
  position TEXT NOT NULL,
  product_demand TEXT NOT NULL,
  language TEXT NOT NULL,
  ip_hash TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  -- What was agreed, in the words the form showed, to which policy version, and when (NULL: no consent given).
  consent_text TEXT,
  policy_version TEXT,
  consented_at BIGINT,
  user_id INTEGER REFERENCES users (id),
  status TEXT NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'assigned', 'handled')),
  assigned_to INTEGER REFERENCES staff_members (id),
  note TEXT
);
CREATE INDEX download_records_ip ON download_records (ip_hash, created_at);
CREATE INDEX download_records_user ON download_records (user_id, created_at) WHERE user_id IS NOT NULL;
CREATE INDEX download_records_created ON download_records (created_at, id);
CREATE INDEX download_records_status ON download_records (status, created_at, id);

CREATE TABLE news_view_counts (
  news_id INTEGER PRIMARY KEY,
  views BIGINT NOT NULL DEFAULT 0
);

-- One row per article, visitor and day (UTC+8): a view is counted when its row is new. Rows of past days are
-- pruned; the totals stay in news_view_counts.
CREATE TABLE news_page_views (
  news_id INTEGER NOT NULL,
  visitor TEXT NOT NULL,
  day TEXT NOT NULL,
  PRIMARY KEY (news_id, visitor, day)
);
CREATE INDEX news_page_views_day ON news_page_views (day);

-- The sales inbox's notice of a contact message joins the order e-mails in the outbox (one queue, one lease and
-- retry schedule): a row is an order's (order_id and record_id) or a lead's (leave_word_id and the recipients
-- fixed when it was queued), and goes with its message when that is deleted (retention, the visitor's
-- deletion). Each kind checks only its own columns, so a later kind of row adds its columns and checks beside
-- these without rewriting them.
ALTER TABLE order_mail_outbox
  ALTER COLUMN order_id DROP NOT NULL,
  ALTER COLUMN record_id DROP NOT NULL,
  ADD COLUMN leave_word_id INTEGER REFERENCES leave_words (id) ON DELETE CASCADE,
  ADD COLUMN recipient TEXT,
  ADD CONSTRAINT order_mail_outbox_order_row CHECK ((order_id IS NULL) = (record_id IS NULL)),
  ADD CONSTRAINT order_mail_outbox_lead_row CHECK (leave_word_id IS NULL OR (order_id IS NULL AND recipient IS NOT NULL));
CREATE INDEX order_mail_outbox_leave_word ON order_mail_outbox (leave_word_id) WHERE leave_word_id IS NOT NULL;
-- An account's deletion finds its orders' e-mails by order (the SQLite file walks its outbox for it).
CREATE INDEX order_mail_outbox_order ON order_mail_outbox (order_id) WHERE order_id IS NOT NULL;
