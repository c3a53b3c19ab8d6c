-- Content loaded from server/upstream/content at every start (replaced whole, never edited in place).
CREATE TABLE site_pages (
  template_code TEXT NOT NULL,
  language TEXT NOT NULL CHECK (language IN ('zh', 'en')),
  page_type INTEGER NOT NULL CHECK (page_type IN (1, 2)),
  url TEXT,
  data TEXT NOT NULL,
  PRIMARY KEY (template_code, language, page_type)
);
CREATE INDEX site_pages_url ON site_pages (url, language, page_type);

CREATE TABLE site_list (
  id INTEGER PRIMARY KEY,
  parent_id INTEGER,
  type INTEGER NOT NULL,
  level INTEGER NOT NULL,
  sort INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('on', 'off')),
  part_number TEXT,
  name_zh TEXT NOT NULL,
  name_en TEXT NOT NULL,
  data TEXT NOT NULL
);
CREATE INDEX site_list_parent ON site_list (parent_id);
