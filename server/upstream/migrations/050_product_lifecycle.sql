-- Each part's lifecycle state (preview, active, nrnd, ltb, obsolete), rebuilt with the content at every load
-- (content/lifecycle.ts); the rest of the lifecycle (dates, replacement) rides in site_list.data. The finder
-- filters by state over thousands of parts, so the state has a column and an index of its own.
CREATE TABLE product_lifecycle (
  product_id INTEGER PRIMARY KEY,
  state TEXT NOT NULL
);
CREATE INDEX product_lifecycle_state ON product_lifecycle (state, product_id);
