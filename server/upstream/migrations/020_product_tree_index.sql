-- The product tree as the finder, the filter values and the document lists read it, materialised at every
-- content load (product-tree.ts) together with site_list, which is only ever replaced whole: no call walks
-- the tree, and no call walks it once per row or per document (at 10,000 parts that took seconds a page).

-- One row per node and every node it is reached from through on-status nodes, the node itself included
-- whatever its status: the visible subtree of a node is its rows here.
CREATE TABLE site_tree (
  ancestor_id INTEGER NOT NULL,
  node_id INTEGER NOT NULL,
  -- The node's place in the catalogue order (its parent's sort, parent, sort, id): the finder's default
  -- order, read from the index below instead of sorting the subtree.
  position INTEGER NOT NULL,
  -- 1 for a product (a node with a part number), else 0.
  product INTEGER NOT NULL,
  PRIMARY KEY (ancestor_id, node_id)
) WITHOUT ROWID;
CREATE INDEX site_tree_order ON site_tree (ancestor_id, product, position);

-- The nodes the site shows: an on-status family and every node below it reached through on-status nodes.
CREATE TABLE site_visible (id INTEGER PRIMARY KEY);

-- Every node's distinct parameter values over its visible products, with their counts (the filter values).
CREATE TABLE site_param_values (
  ancestor_id INTEGER NOT NULL,
  language TEXT NOT NULL,
  field_id TEXT NOT NULL,
  text_value TEXT NOT NULL,
  num_value REAL,
  count INTEGER NOT NULL,
  PRIMARY KEY (ancestor_id, language, field_id, text_value)
) WITHOUT ROWID;

-- The detail page looks a product up by part number in any case.
CREATE INDEX site_list_part_number ON site_list (part_number COLLATE NOCASE);

-- The document list of every type, newest first, read in order instead of sorting every document.
CREATE INDEX documents_by_date ON documents (language, date DESC, id);
