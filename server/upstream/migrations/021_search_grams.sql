-- One- and two-character queries (most Chinese words are two characters) found from an index instead of a
-- substring scan of every row: the trigram index of search_index cannot match fewer than three characters.
-- Each row of search_index with non-ASCII letters or digits has a row here with the same rowid, its title's
-- and its body's distinct single characters and adjacent pairs of such characters as space-separated tokens
-- (search/build.ts). Which row, not where in it: detail=column keeps the index small.
CREATE VIRTUAL TABLE search_grams USING fts5(
  title,
  body,
  tokenize = 'unicode61 remove_diacritics 0',
  detail = column
);
