// Runs a site search: FTS5 trigram matching ranked by bm25 (title weighs more than body); queries with a
// term shorter than three characters, which trigrams cannot match (e.g. one or two Chinese characters),
// scan the same rows for substrings instead.
import type { SQLInputValue } from "node:sqlite";
import { SEARCH_OTHER_LANGUAGE_HITS, searchTypes, type SearchHit, type SearchResult, type SearchType } from "../../../shared/contract/index.ts";
import type { Language } from "../../../shared/languages.ts";
import type { Database } from "../db.ts";
import { withoutControlCharacters } from "../sql.ts";
import { excerpt, highlight } from "./highlight.ts";

const MAX_TERMS = 8;

export interface SearchInput {
  text: string;
  language: Language;
  type?: SearchType;
  pageIndex: number;
  pageSize: number;
  /** Also answer the first hits of the other language's content (`other`). */
  otherLanguage?: boolean | undefined;
}

/** Splits the text into distinct terms on whitespace; a control character separates terms like a space. */
export function searchTerms(text: string): string[] {
  return [...new Set(withoutControlCharacters(text).trim().split(/\s+/u).filter(Boolean))].slice(0, MAX_TERMS);
}

interface Row {
  type: SearchType;
  ref: string;
  link: string;
  date: string | null;
  downloadPath: string | null;
  title: string;
  body: string;
}

export function searchSite(db: Database, input: SearchInput): SearchResult {
  const terms = searchTerms(input.text);
  const counts = Object.fromEntries(searchTypes.map((type) => [type, 0])) as Record<SearchType, number>;
  // Nothing left to look for (the text was only control characters): no hits, rather than an empty MATCH.
  if (!terms.length) return { list: [], total: 0, pageIndex: input.pageIndex, pageSize: input.pageSize, text: "", counts };
  const short = terms.some((term) => Array.from(term).length < 3);
  let match: string;
  let score: string;
  const matchArgs: SQLInputValue[] = [];
  const scoreArgs: SQLInputValue[] = [];
  if (short) {
    // instr over lower(): case-insensitive for ASCII, exact for CJK, and no LIKE wildcards to escape.
    match = terms.map(() => "instr(lower(title || ' ' || body), lower(?)) > 0").join(" AND ");
    matchArgs.push(...terms);
    score = terms.map(() => "(instr(lower(title), lower(?)) = 0)").join(" + ");
    scoreArgs.push(...terms);
  } else {
    // Each term as an FTS5 string (quotes doubled), all required.
    match = "search_index MATCH ?";
    matchArgs.push(terms.map((term) => `"${term.replace(/"/g, '""')}"`).join(" AND "));
    // Weights per column: type, ref, language, link, date, download_path, title, body.
    score = "bm25(search_index, 0, 0, 0, 0, 0, 0, 10.0, 1.0)";
  }
  const where = `${match} AND language = ?`;
  const whereArgs = [...matchArgs, input.language];

  const counted = db.prepare(`SELECT type, COUNT(*) AS n FROM search_index WHERE ${where} GROUP BY type`).all(...whereArgs) as Array<{ type: SearchType; n: number }>;
  for (const row of counted) counts[row.type] = row.n;
  const total = input.type ? counts[input.type] : Object.values(counts).reduce((sum, n) => sum + n, 0);

  const typeClause = input.type ? " AND type = ?" : "";
  const rows = db
    .prepare(
      `SELECT type, ref, link, date, download_path AS downloadPath, title, body, ${score} AS score
       FROM search_index WHERE ${where}${typeClause}
       ORDER BY score, date DESC, rowid LIMIT ? OFFSET ?`,
    )
    .all(...scoreArgs, ...whereArgs, ...(input.type ? [input.type] : []), input.pageSize, (input.pageIndex - 1) * input.pageSize) as unknown as Row[];

  const list: SearchHit[] = rows.map((row) => ({
    type: row.type,
    id: row.ref,
    title: row.title,
    titleHtml: highlight(row.title, terms),
    snippetHtml: highlight(excerpt(row.body, terms), terms),
    link: row.link,
    date: row.date,
    downloadPath: row.downloadPath,
    language: input.language,
  }));
  const other = input.otherLanguage ? otherLanguageHits(db, input) : undefined;
  return { list, total, pageIndex: input.pageIndex, pageSize: input.pageSize, text: terms.join(" "), counts, ...(other === undefined ? {} : { other }) };
}

/** The same search over the other language's content (a Chinese query on the English site finds the
 * Chinese text): its first hits and total, or null when it has none. */
function otherLanguageHits(db: Database, input: SearchInput): SearchResult["other"] {
  const language: Language = input.language === "zh" ? "en" : "zh";
  const result = searchSite(db, { ...input, language, otherLanguage: false, pageIndex: 1, pageSize: SEARCH_OTHER_LANGUAGE_HITS });
  return result.total > 0 ? { language, total: result.total, list: result.list } : null;
}
