-- Customers may cancel a pending sample order: the status CHECK of 006 gains 'cancelled'. SQLite cannot
-- alter a CHECK, so the table is rebuilt; its children (items, records, outbox) keep their order ids, and
-- deferring foreign keys to the commit lets the parent be dropped and refilled inside this migration.
PRAGMA defer_foreign_keys = ON;
CREATE TEMP TABLE sample_orders_copy AS SELECT * FROM sample_orders;
DROP TABLE sample_orders;
CREATE TABLE sample_orders (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
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
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
INSERT INTO sample_orders SELECT * FROM sample_orders_copy;
DROP TABLE sample_orders_copy;
CREATE INDEX sample_orders_user ON sample_orders (user_id, created_at, id);
CREATE INDEX sample_orders_list_key ON sample_orders (user_id, list_key);
CREATE INDEX sample_orders_status ON sample_orders (status, created_at);
CREATE INDEX sample_orders_user_status ON sample_orders (user_id, status, created_at, id);
CREATE INDEX sample_orders_created ON sample_orders (created_at, id);
