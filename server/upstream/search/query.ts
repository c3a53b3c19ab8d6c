// Runs a site search: FTS5 trigram matching ranked by bm25 (title weighs more than body); one- and
// two-character terms, which trigrams cannot match, from an index of characters and their pairs (Chinese
// words, "V", "65"), or, for a short term of other characters ("+1"), a substring test. Counts and ranks read rowids and scores only
// (docs/decisions/020-search-rowid-layout.md).
import type { SQLInputValue } from "node:sqlite";
import { SEARCH_OTHER_LANGUAGE_HITS, searchTypes, type SearchHit, type SearchResult, type SearchType } from "../../../shared/contract/index.ts";
import type { Language } from "../../../shared/languages.ts";
import type { Database } from "../db.ts";
import { withoutControlCharacters } from "../sql.ts";
import { excerpt, highlight } from "./highlight.ts";
import { gramToken, languageRowids, TYPE_SPAN, typeOfRowid } from "./build.ts";

const MAX_TERMS = 8;

export interface SearchInput {
  text: string;
  language: Language;
  type?: SearchType;
  pageIndex: number;
  pageSize: number;
  /** Also answer the first hits of the other language's content (`other`). */
  otherLanguage?: boolean | undefined;
  /** Also answer the first hits of each type (`groups`). */
  groupSize?: number | undefined;
}

/** Splits the text into distinct terms on whitespace; a control character separates terms like a space. */
export function searchTerms(text: string): string[] {
  return [...new Set(withoutControlCharacters(text).trim().split(/\s+/u).filter(Boolean))].slice(0, MAX_TERMS);
}

interface Row {
  id: number;
  link: string;
  ref: string;
  date: string | null;
  downloadPath: string | null;
  title: string;
  body: string;
}

/** The statement that finds a query's rows of one language (rowid and score), read from the indexes. */
interface Matches {
  /** `SELECT rowid AS id, score FROM … WHERE …` with the language's rowid range applied. */
  sql: string;
  args: SQLInputValue[];
  /** `SELECT rowid AS id FROM … WHERE …`, the same rows unscored: what the counts read. */
  countSql: string;
  countArgs: SQLInputValue[];
  /** `sql`'s rows come in rank order (two FTS5 streams merged): the first n are read, never sorted. */
  inOrder: boolean;
}

/**
 * Terms of three or more characters are trigram phrases of search_index (MATCH); shorter terms of letters and
 * digits ("碳", "模块", "V", "65") are tokens of search_grams; other short terms ("+1", "°C") a substring test of
 * the rows the others found, or of every row of the language when there is nothing else (the one case whose
 * cost grows with the catalog, and one no visitor's query needs). Ranking: with a long term, bm25 of search_index (title weighs 10, body 1); else the
 * number of terms not in the title (bm25 of search_grams would tokenize every matching row again: detail=column
 * keeps no positions). Ties: newest first, which the rowid's order is (search/build.ts).
 */
function matchesOf(terms: string[], language: Language, type: SearchType | undefined): Matches {
  const [first, last] = languageRowids(language);
  const phrase = (term: string) => `"${term.replace(/"/g, '""')}"`;
  const long = terms.filter((term) => Array.from(term).length >= 3);
  const grams = terms
    .filter((term) => Array.from(term).length < 3)
    .map(gramToken)
    .filter((token): token is string => token !== null);
  const scanned = terms.filter((term) => Array.from(term).length < 3 && gramToken(term) === null);
  // The language's rowids as literals (numbers of our own, not input): FTS5 reads a bound range at twice the
  // cost of a literal one (1.6 against 3.3 ms for one rank of "c" at 10,000 parts).
  const range = `rowid BETWEEN ${first} AND ${last}`;
  const gramRowids = `(SELECT rowid FROM search_grams WHERE search_grams MATCH ? AND ${range})`;

  const conditions: string[] = [range];
  const args: SQLInputValue[] = [];
  // The index the rows are found from: the trigrams for a long term, else the characters and pairs; a query
  // of short terms of other characters only ("+1") reads every row of the language.
  const table = long.length || !grams.length ? "search_index" : "search_grams";
  // The row's text where the substring tests read it: its own columns, or its search_index row by rowid.
  const [title, text] =
    table === "search_index"
      ? ["title", "title || ' ' || body"]
      : ["(SELECT title FROM search_index WHERE rowid = search_grams.rowid)", "(SELECT title || ' ' || body FROM search_index WHERE rowid = search_grams.rowid)"];
  let score: string;
  const scoreArgs: SQLInputValue[] = [];
  if (long.length) {
    conditions.unshift("search_index MATCH ?");
    args.unshift(long.map(phrase).join(" AND "));
    // Weights per column: type, ref, language, link, date, download_path, title, body.
    score = "bm25(search_index, 0, 0, 0, 0, 0, 0, 10.0, 1.0)";
  } else {
    if (table === "search_grams") {
      conditions.unshift("search_grams MATCH ?");
      args.unshift(grams.map(phrase).join(" AND "));
    }
    // "+rowid": a set looked up per row, not a rowid constraint the FTS table would run its MATCH once for.
    score = [...grams.map(() => `(+rowid NOT IN ${gramRowids})`), ...scanned.map(() => `(instr(lower(${title}), lower(?)) = 0)`)].join(" + ");
    for (const token of grams) scoreArgs.push(`title : ${phrase(token)}`);
    scoreArgs.push(...scanned);
  }
  if (table === "search_index" && grams.length) {
    conditions.push(`+rowid IN ${gramRowids}`);
    args.push(grams.map(phrase).join(" AND "));
  }
  // instr over lower(): case-insensitive for ASCII, and no LIKE wildcards to escape.
  for (const term of scanned) {
    conditions.push(`instr(lower(${text}), lower(?)) > 0`);
    args.push(term);
  }
  if (type) {
    conditions.push(`rowid % ${TYPE_SPAN} = ${searchTypes.indexOf(type)}`);
  }
  const where = conditions.join(" AND ");
  const countSql = `SELECT rowid AS id FROM ${table} WHERE ${where}`;
  // One short term alone ("V", "65", "碳", the query that matches most of a large catalog): its two ranks are
  // two FTS5 queries, the rows with the term in the title and those with it only in the body, each in rowid
  // order, so SQLite merges them (MERGE UNION ALL) and reads as far as the page or group needs. The score
  // below would test every match against a set of the title's rows and sort them all: 17 ms of a 23 ms query
  // at 10,000 parts, where the merge reads the first rows in 0.2 ms.
  if (table === "search_grams" && grams.length === 1 && !scanned.length) {
    const inTitle = `title : ${phrase(grams[0]!)}`;
    const tier = (rank: number) => `SELECT rowid AS id, ${rank} AS score FROM search_grams WHERE ${where}`;
    return {
      sql: `${tier(0)} UNION ALL ${tier(1)}`,
      // args[0] is the MATCH of both ranks' WHERE; each rank has its own.
      args: [inTitle, ...args.slice(1), `${phrase(grams[0]!)} NOT ${inTitle}`, ...args.slice(1)],
      countSql,
      countArgs: args,
      inOrder: true,
    };
  }
  return { sql: `SELECT rowid AS id, ${score} AS score FROM ${table} WHERE ${where}`, args: [...scoreArgs, ...args], countSql, countArgs: args, inOrder: false };
}

export function searchSite(db: Database, input: SearchInput): SearchResult {
  const terms = searchTerms(input.text);
  const counts = Object.fromEntries(searchTypes.map((type) => [type, 0])) as Record<SearchType, number>;
  // Nothing left to look for (the text was only control characters): no hits, rather than an empty MATCH.
  if (!terms.length) return { list: [], total: 0, pageIndex: input.pageIndex, pageSize: input.pageSize, text: "", counts, ...(input.groupSize ? { groups: [] } : {}) };

  // Counted from the rowids (the type is in their low bits): no row's text is read for a count.
  const all = matchesOf(terms, input.language, undefined);
  const counted = db.prepare(`SELECT id % ${TYPE_SPAN} AS type, COUNT(*) AS n FROM (${all.countSql}) GROUP BY 1`).all(...all.countArgs) as Array<{
    type: number;
    n: number;
  }>;
  for (const row of counted) counts[searchTypes[row.type]!] = row.n;
  const total = input.type ? counts[input.type] : Object.values(counts).reduce((sum, n) => sum + n, 0);

  // Ranked by rowid and score alone, keeping the first few (a top-N, not a sort of every match); the text is
  // read for the rows answered only. With groups ("All" view), each type's first k too, k being the group's
  // size or the page's end (a page's first k rows are each among the first k of their type).
  const offset = (input.pageIndex - 1) * input.pageSize;
  const groupSize = input.groupSize ?? 0;
  const firstOf = (matches: Matches, limit: number, skip = 0) =>
    db.prepare(`${matches.sql} ORDER BY score, id LIMIT ? OFFSET ?`).all(...matches.args, limit, skip) as Array<{ id: number; score: number }>;
  const matches = input.type ? matchesOf(terms, input.language, input.type) : all;
  let pageIds: number[] = [];
  let groupIds: Array<{ type: SearchType; ids: number[] }> | undefined;
  if (total > 0 && groupSize) {
    const deep = Math.max(groupSize, offset + input.pageSize);
    let firsts: Array<{ id: number; score: number }>;
    if (matches.inOrder) {
      // Rows in rank order cost what is read: the first k × the types hold every type's first k when the
      // types are mixed, and a type held fewer times than k (and than its count) reads its own first k.
      const top = firstOf(matches, deep * searchTypes.length);
      firsts = (input.type ? [input.type] : searchTypes).flatMap((type) => {
        const held = top.filter((row) => typeOfRowid(row.id) === type);
        return (held.length >= Math.min(deep, counts[type]) ? held : firstOf(matchesOf(terms, input.language, type), deep)).slice(0, deep);
      });
      firsts.sort((a, b) => a.score - b.score || a.id - b.id);
    } else {
      // bm25: one scoring pass (it counts the term's rows of the whole index once per statement, so a
      // statement per type would pay that again) and one sort by type.
      firsts = db
        .prepare(
          `SELECT id, score FROM (
             SELECT id, score, row_number() OVER (PARTITION BY id % ${TYPE_SPAN} ORDER BY score, id) AS nth FROM (${matches.sql})
           ) WHERE nth <= ? ORDER BY score, id`,
        )
        .all(...matches.args, deep) as Array<{ id: number; score: number }>;
    }
    groupIds = searchTypes
      .map((type) => ({
        type,
        ids: firsts
          .filter((row) => typeOfRowid(row.id) === type)
          .slice(0, groupSize)
          .map((row) => row.id),
      }))
      .filter((group) => group.ids.length > 0);
    pageIds = firsts.slice(offset, offset + input.pageSize).map((row) => row.id);
  } else if (total > 0) {
    pageIds = firstOf(matches, input.pageSize, offset).map((row) => row.id);
  }
  const wanted = [...new Set([...pageIds, ...(groupIds ?? []).flatMap((group) => group.ids)])];
  const rows = new Map(
    (wanted.length
      ? (db
          .prepare(
            `SELECT rowid AS id, ref, link, date, download_path AS downloadPath, title, body FROM search_index WHERE rowid IN (${wanted.map(() => "?").join(", ")})`,
          )
          .all(...wanted) as unknown as Row[])
      : []
    ).map((row) => [row.id, row]),
  );

  const hit = (id: number): SearchHit => {
    const row = rows.get(id)!;
    return {
      type: typeOfRowid(row.id),
      id: row.ref,
      title: row.title,
      titleHtml: highlight(row.title, terms),
      snippetHtml: highlight(excerpt(row.body, terms), terms),
      link: row.link,
      date: row.date,
      downloadPath: row.downloadPath,
      language: input.language,
    };
  };
  const list = pageIds.map(hit);
  const groups = groupSize ? (groupIds ?? []).map(({ type, ids }) => ({ type, list: ids.map(hit) })) : undefined;
  const other = input.otherLanguage ? otherLanguageHits(db, input) : undefined;
  return {
    list,
    total,
    pageIndex: input.pageIndex,
    pageSize: input.pageSize,
    text: terms.join(" "),
    counts,
    ...(groups === undefined ? {} : { groups }),
    ...(other === undefined ? {} : { other }),
  };
}

/** The same search over the other language's content (a Chinese query on the English site finds the
 * Chinese text): its first hits and total, or null when it has none. */
function otherLanguageHits(db: Database, input: SearchInput): SearchResult["other"] {
  const language: Language = input.language === "zh" ? "en" : "zh";
  const result = searchSite(db, { ...input, language, otherLanguage: false, groupSize: undefined, pageIndex: 1, pageSize: SEARCH_OTHER_LANGUAGE_HITS });
  return result.total > 0 ? { language, total: result.total, list: result.list } : null;
}
