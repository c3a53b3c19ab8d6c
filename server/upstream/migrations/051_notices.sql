-- Change and discontinuation notices (PCN, PDN), rebuilt with the content at every load (content/notices.ts).
-- The list filters by type, year, part and family and reads newest first, so each has an index.
CREATE TABLE notices (
  number TEXT NOT NULL,
  language TEXT NOT NULL,
  type TEXT NOT NULL,
  issued TEXT NOT NULL,
  year INTEGER NOT NULL,
  data TEXT NOT NULL,
  PRIMARY KEY (number, language)
) WITHOUT ROWID;
CREATE INDEX notices_by_date ON notices (language, issued DESC, number DESC);
CREATE INDEX notices_by_type ON notices (language, type, issued DESC);
CREATE INDEX notices_by_year ON notices (language, year, issued DESC);

-- The parts each notice names (any number), and the notices of a part (its detail page, the part filter).
CREATE TABLE notice_parts (
  number TEXT NOT NULL,
  product_id INTEGER NOT NULL,
  PRIMARY KEY (number, product_id)
) WITHOUT ROWID;
CREATE INDEX notice_parts_by_product ON notice_parts (product_id, number);
