-- What visitors send: contact messages, download forms and news page views. Never touched by content loads.
CREATE TABLE leave_words (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  phone TEXT,
  email TEXT,
  company TEXT,
  content TEXT NOT NULL,
  language TEXT NOT NULL,
  -- SHA-256 of the client address: enough for rate limits without keeping the address.
  ip_hash TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX leave_words_ip ON leave_words (ip_hash, created_at);

CREATE TABLE download_records (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  document_id TEXT NOT NULL,
  name TEXT NOT NULL,
  phone TEXT NOT NULL,
  email TEXT NOT NULL,
  company TEXT NOT NULL,
  position TEXT NOT NULL,
  product_demand TEXT NOT NULL,
  language TEXT NOT NULL,
  ip_hash TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX download_records_ip ON download_records (ip_hash, created_at);

CREATE TABLE news_view_counts (
  news_id INTEGER PRIMARY KEY,
  views INTEGER NOT NULL DEFAULT 0
);

-- One row per article, visitor and day (UTC+8): a view is counted when its row is new. Rows of past days
-- are pruned; the totals stay in news_view_counts.
CREATE TABLE news_page_views (
  news_id INTEGER NOT NULL,
  visitor TEXT NOT NULL,
  day TEXT NOT NULL,
  PRIMARY KEY (news_id, visitor, day)
);
CREATE INDEX news_page_views_day ON news_page_views (day);
