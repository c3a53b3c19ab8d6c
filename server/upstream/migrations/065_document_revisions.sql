-- Every revision of a document (content documents.json, docs/decisions/040-document-revisions.md): the last of a
-- document's is its current one, the others stay downloadable at their permanent URLs. changes_* are JSON arrays.
CREATE TABLE document_revisions (
  document_id TEXT NOT NULL,
  revision TEXT NOT NULL,
  -- The order of publication, oldest 0: revision strings ("1.10", "2026.1") do not sort as text.
  position INTEGER NOT NULL,
  date TEXT NOT NULL,
  changes_zh TEXT NOT NULL,
  changes_en TEXT NOT NULL,
  PRIMARY KEY (document_id, revision)
) WITHOUT ROWID;

-- The ids a document was published under before it moved: their URLs answer 301 to the document's.
CREATE TABLE document_moves (
  former_id TEXT PRIMARY KEY,
  document_id TEXT NOT NULL
) WITHOUT ROWID;

-- A document's printed text (the paragraphs of its PDF), so an earlier revision's PDF is printed on demand
-- with its own number and date and the notice that a newer one exists.
ALTER TABLE document_files ADD COLUMN paragraphs TEXT NOT NULL DEFAULT '[]';
