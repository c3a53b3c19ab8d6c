-- Products' parameters, documents, news, jobs and the search index: loaded from server/upstream/content at
-- every start (replaced whole with the rest of the content), one row per language where text differs.
CREATE TABLE product_params (
  product_id INTEGER NOT NULL,
  field_id TEXT NOT NULL,
  language TEXT NOT NULL CHECK (language IN ('zh', 'en')),
  -- The value as filters compare it (numbers in their shortest decimal form).
  text_value TEXT NOT NULL,
  -- Set for numbers: numeric sorting and ranges.
  num_value REAL,
  PRIMARY KEY (product_id, field_id, language)
);
CREATE INDEX product_params_field ON product_params (field_id, language, text_value);

CREATE TABLE documents (
  id TEXT NOT NULL,
  language TEXT NOT NULL CHECK (language IN ('zh', 'en')),
  type TEXT NOT NULL,
  date TEXT NOT NULL,
  version TEXT NOT NULL,
  title TEXT NOT NULL,
  summary TEXT NOT NULL,
  PRIMARY KEY (id, language)
);
CREATE INDEX documents_type ON documents (language, type, date);

-- The generated PDF of every document (its text is English, so one file per document).
CREATE TABLE document_files (
  id TEXT PRIMARY KEY,
  file_name TEXT NOT NULL,
  page_count INTEGER NOT NULL,
  sha256 TEXT NOT NULL,
  pdf BLOB NOT NULL
);

CREATE TABLE document_products (
  document_id TEXT NOT NULL,
  product_id INTEGER NOT NULL,
  PRIMARY KEY (document_id, product_id)
);
CREATE INDEX document_products_product ON document_products (product_id);

CREATE TABLE news (
  id INTEGER NOT NULL,
  language TEXT NOT NULL CHECK (language IN ('zh', 'en')),
  category TEXT NOT NULL,
  date TEXT NOT NULL,
  image TEXT NOT NULL,
  title TEXT NOT NULL,
  summary TEXT NOT NULL,
  -- Views the content file starts from; counted views are added from news_view_counts.
  base_views INTEGER NOT NULL,
  data TEXT NOT NULL,
  PRIMARY KEY (id, language)
);
CREATE INDEX news_list ON news (language, date, id);

CREATE TABLE news_tags (
  news_id INTEGER NOT NULL,
  language TEXT NOT NULL,
  tag TEXT NOT NULL,
  PRIMARY KEY (news_id, language, tag)
);
CREATE INDEX news_tags_tag ON news_tags (language, tag);

CREATE TABLE jobs (
  id INTEGER NOT NULL,
  language TEXT NOT NULL CHECK (language IN ('zh', 'en')),
  type TEXT NOT NULL,
  title TEXT NOT NULL,
  location TEXT NOT NULL,
  department TEXT NOT NULL,
  headcount INTEGER NOT NULL,
  date TEXT NOT NULL,
  data TEXT NOT NULL,
  PRIMARY KEY (id, language)
);

-- Trigram tokens find any substring of three or more characters, Chinese included; shorter queries
-- are answered by a substring scan of the same rows (see search/).
CREATE VIRTUAL TABLE search_index USING fts5(
  type UNINDEXED,
  ref UNINDEXED,
  language UNINDEXED,
  link UNINDEXED,
  date UNINDEXED,
  download_path UNINDEXED,
  title,
  body,
  tokenize = 'trigram'
);
