-- The samples on PostgreSQL: sample lists, orders with their items and history, the per-day order counters,
-- shipping addresses, applicant profiles, and the order e-mails' outbox. The same tables and meanings as
-- SQLite's migrations 006, 008, 011, 012, 013 and 014 (server/upstream/migrations/), in one step; times are
-- milliseconds since the epoch (BIGINT). The outbox holds order e-mails only: lead, notice and confirmation
-- e-mails join it when their domains move (docs/decisions/044-store-interface-and-postgresql.md).
CREATE TABLE sample_list_items (
  id INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id),
  site_list_id INTEGER NOT NULL,
  part_number TEXT NOT NULL,
  quantity INTEGER NOT NULL CHECK (quantity >= 1),
  created_at BIGINT NOT NULL,
  UNIQUE (user_id, site_list_id)
);

CREATE TABLE sample_orders (
  id INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_number TEXT NOT NULL UNIQUE,
  user_id INTEGER NOT NULL REFERENCES users (id),
  status TEXT NOT NULL CHECK (status IN ('pending', 'inStock', 'shipped', 'rejected', 'done', 'signed', 'cancelled')),
  -- "siteListId:quantity" pairs sorted by id: the same list submitted twice has the same key.
  list_key TEXT NOT NULL,
  applicant_name TEXT NOT NULL,
  applicant_phone TEXT NOT NULL,
  applicant_email TEXT NOT NULL,
  company_name TEXT NOT NULL,
  position TEXT NOT NULL,
  sample_use TEXT NOT NULL,
  language TEXT NOT NULL CHECK (language IN ('zh', 'en')),
  carrier TEXT,
  tracking_number TEXT,
  reject_reason TEXT,
  -- JSON of the address as submitted.
  shipping_address TEXT,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL
);
CREATE INDEX sample_orders_list_key ON sample_orders (user_id, list_key);
CREATE INDEX sample_orders_status ON sample_orders (status, created_at);
CREATE INDEX sample_orders_user_status ON sample_orders (user_id, status, created_at, id);
CREATE INDEX sample_orders_user ON sample_orders (user_id, created_at, id);
CREATE INDEX sample_orders_created ON sample_orders (created_at, id);

-- position keeps the items in the order they were listed (SQLite reads them by rowid).
CREATE TABLE sample_order_items (
  order_id INTEGER NOT NULL REFERENCES sample_orders (id),
  position INTEGER NOT NULL,
  site_list_id INTEGER NOT NULL,
  part_number TEXT NOT NULL,
  name_zh TEXT NOT NULL,
  name_en TEXT NOT NULL,
  family_zh TEXT NOT NULL,
  family_en TEXT NOT NULL,
  series_zh TEXT NOT NULL,
  series_en TEXT NOT NULL,
  quantity INTEGER NOT NULL CHECK (quantity >= 1),
  PRIMARY KEY (order_id, site_list_id)
);

CREATE TABLE sample_order_records (
  id INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES sample_orders (id),
  status TEXT NOT NULL,
  note TEXT,
  carrier TEXT,
  tracking_number TEXT,
  -- Who made the move: customer, staff-api, cli or staff:<e-mail>.
  actor TEXT NOT NULL,
  created_at BIGINT NOT NULL
);
CREATE INDEX sample_order_records_order ON sample_order_records (order_id, created_at, id);

-- The day's last order number (China day, YYYYMMDD): taken by INSERT … ON CONFLICT DO UPDATE … RETURNING, whose
-- row lock makes two hosts' submits of one day take turns for it, so no number is given twice.
CREATE TABLE sample_order_counters (
  day TEXT PRIMARY KEY,
  last INTEGER NOT NULL
);

CREATE TABLE shipping_addresses (
  id INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id),
  recipient TEXT NOT NULL,
  phone TEXT NOT NULL,
  company TEXT NOT NULL DEFAULT '',
  country TEXT NOT NULL,
  province_code TEXT NOT NULL DEFAULT '',
  city_code TEXT NOT NULL DEFAULT '',
  district_code TEXT NOT NULL DEFAULT '',
  region TEXT NOT NULL DEFAULT '',
  city TEXT NOT NULL DEFAULT '',
  street TEXT NOT NULL,
  postal_code TEXT NOT NULL DEFAULT '',
  is_default INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1)),
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL
);
CREATE INDEX shipping_addresses_user ON shipping_addresses (user_id, is_default, created_at, id);

CREATE TABLE applicant_profiles (
  user_id INTEGER PRIMARY KEY REFERENCES users (id),
  name TEXT NOT NULL,
  phone TEXT NOT NULL,
  email TEXT NOT NULL,
  company_name TEXT NOT NULL,
  position TEXT NOT NULL,
  updated_at BIGINT NOT NULL
);

-- A row is leased by moving next_attempt_at past the lease's end while it is sent: rows are claimed with
-- SELECT … FOR UPDATE SKIP LOCKED, so two hosts never claim one row, and a dead host's row is due again when
-- its lease ends (server/upstream/samples/mail-outbox-postgres.ts).
CREATE TABLE order_mail_outbox (
  id INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES sample_orders (id),
  record_id INTEGER NOT NULL REFERENCES sample_order_records (id),
  state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at BIGINT NOT NULL,
  last_error TEXT,
  created_at BIGINT NOT NULL,
  sent_at BIGINT,
  message_id TEXT NOT NULL UNIQUE
);
CREATE INDEX order_mail_outbox_due ON order_mail_outbox (next_attempt_at, id) WHERE state = 'pending';
