-- Sample lists and sample orders. Product names are copied into orders at submission, because the
-- product tree is reloaded from the content files at every start and may change.
CREATE TABLE sample_list_items (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES users (id),
  site_list_id INTEGER NOT NULL,
  part_number TEXT NOT NULL,
  quantity INTEGER NOT NULL CHECK (quantity >= 1),
  created_at INTEGER NOT NULL,
  UNIQUE (user_id, site_list_id)
);

CREATE TABLE sample_orders (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  order_number TEXT NOT NULL UNIQUE,
  user_id INTEGER NOT NULL REFERENCES users (id),
  status TEXT NOT NULL CHECK (status IN ('pending', 'inStock', 'shipped', 'rejected', 'done', 'signed')),
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
CREATE INDEX sample_orders_user ON sample_orders (user_id, created_at, id);
CREATE INDEX sample_orders_list_key ON sample_orders (user_id, list_key);
CREATE INDEX sample_orders_status ON sample_orders (status, created_at);

CREATE TABLE sample_order_items (
  order_id INTEGER NOT NULL REFERENCES sample_orders (id),
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

-- The status history: one row at submission and one per staff move.
CREATE TABLE sample_order_records (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  order_id INTEGER NOT NULL REFERENCES sample_orders (id),
  status TEXT NOT NULL,
  note TEXT,
  carrier TEXT,
  tracking_number TEXT,
  -- Who made the move: customer, staff-api or cli.
  actor TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX sample_order_records_order ON sample_order_records (order_id, created_at, id);

-- Order numbers count per day in China time: QY20261122-0001.
CREATE TABLE sample_order_counters (
  day TEXT PRIMARY KEY,
  last INTEGER NOT NULL
);
