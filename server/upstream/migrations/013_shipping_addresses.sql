-- The account's address book, and each order's copy of the address it was submitted with (JSON of the
-- contract's addressLines), so later edits or deletions in the book never change a past order.
CREATE TABLE shipping_addresses (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES users (id),
  recipient TEXT NOT NULL,
  phone TEXT NOT NULL,
  company TEXT NOT NULL DEFAULT '',
  -- ISO 3166-1 alpha-2
  country TEXT NOT NULL,
  -- GB/T 2260 codes, mainland China only ('' elsewhere)
  province_code TEXT NOT NULL DEFAULT '',
  city_code TEXT NOT NULL DEFAULT '',
  district_code TEXT NOT NULL DEFAULT '',
  -- State or region and city as typed, outside mainland China
  region TEXT NOT NULL DEFAULT '',
  city TEXT NOT NULL DEFAULT '',
  street TEXT NOT NULL,
  postal_code TEXT NOT NULL DEFAULT '',
  is_default INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1)),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX shipping_addresses_user ON shipping_addresses (user_id, is_default, created_at, id);

ALTER TABLE sample_orders ADD COLUMN shipping_address TEXT;
