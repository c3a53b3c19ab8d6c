// Fills the search index from the loaded content (products, documents, news, jobs, content pages), one
// row per item and language; runs inside the content transaction, after everything else is stored.
// The rowid says what a query would otherwise read each matching row for (docs/decisions/020-search-rowid-layout.md):
// its language (a range), its type (the low bits) and its place by date, newest first, so that counting and
// ranking thousands of matches reads no row's text, only the rows shown.
import { attachDownloadPath, type DocumentType } from "../../../shared/contract/documents.ts";
import { searchTypes, type SearchType } from "../../../shared/contract/search.ts";
import { languages, type Language } from "../../../shared/languages.ts";
import type { Database } from "../db.ts";
import { chinaToday, isJobOpen } from "../../../shared/query/jobs.ts";
import { categoryPath, documentsSearchPath, newsDetailPath, positionDetailPath, productDetailPath } from "../../../shared/paths.ts";

/** Where search hits of each kind lead on the site (paths without language prefix, SPEC §2). */
const searchLinks = {
  product: productDetailPath,
  category: categoryPath,
  news: newsDetailPath,
  job: positionDetailPath,
  /** The document centre showing just this document (its id is a keyword that finds only it); the hit
   * also carries the PDF's download path. */
  document: documentsSearchPath,
};

/** A page's or product's stored JSON: its optional text fields are read as they come (missing ones are skipped). */
// biome-ignore lint/suspicious/noExplicitAny: stored content JSON of many shapes; only optional text fields are read, each with a fallback.
type StoredJson = Record<string, any>;

interface IndexRow {
  type: SearchType;
  ref: string;
  language: string;
  link: string;
  date: string | null;
  downloadPath: string | null;
  title: string;
  body: string[];
}

/** rowid = language's index × LANGUAGE_SPAN + place × TYPE_SPAN + type's index (searchTypes). */
export const TYPE_SPAN = 8;
const LANGUAGE_SPAN = 2 ** 40;

/** The rowids of a language's rows, first and last (inclusive). */
export function languageRowids(language: Language): [number, number] {
  const start = languages.indexOf(language) * LANGUAGE_SPAN;
  return [start, start + LANGUAGE_SPAN - 1];
}

/** The type of a row by its rowid. */
export const typeOfRowid = (rowid: number): SearchType => searchTypes[rowid % TYPE_SPAN]!;

export function rebuildSearchIndex(db: Database): number {
  db.exec("DELETE FROM search_index");
  db.exec("DELETE FROM search_grams");
  const insert = db.prepare("INSERT INTO search_index (rowid, type, ref, language, link, date, download_path, title, body) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)");
  const insertGrams = db.prepare("INSERT INTO search_grams (rowid, title, body) VALUES (?, ?, ?)");
  const rows = [...productRows(db), ...documentRows(db), ...newsRows(db), ...jobRows(db), ...pageRows(db)];
  // By language, then newest first (undated last, as ORDER BY date DESC puts NULL), then in the order read.
  const order = rows.map((row, index) => ({ row, index, language: languages.indexOf(row.language as Language) }));
  for (const { row, language } of order) if (language < 0) throw new Error(`search index: unknown language ${row.language}`);
  const newer = (a: string | null, b: string | null) => (a === b ? 0 : (b ?? "") < (a ?? "") ? -1 : 1);
  order.sort((a, b) => a.language - b.language || newer(a.row.date, b.row.date) || a.index - b.index);
  for (const [index, { row, language }] of order.entries()) {
    // A place within the whole order keeps the language's rows in order and apart from the other's.
    const rowid = language * LANGUAGE_SPAN + index * TYPE_SPAN + searchTypes.indexOf(row.type);
    const body = row.body.filter((text) => text.trim()).join("\n");
    insert.run(rowid, row.type, row.ref, row.language, row.link, row.date, row.downloadPath, row.title, body);
    const [titleGrams, bodyGrams] = [grams(row.title), grams(body)];
    if (titleGrams || bodyGrams) insertGrams.run(rowid, titleGrams, bodyGrams);
  }
  return rows.length;
}

/** A one- or two-character term of letters and digits as its search_grams token, or null when it is not one
 * (a term such as "+1" or "°C" is looked for by a substring scan: search/query.ts). */
export function gramToken(term: string): string | null {
  const lower = term.toLowerCase();
  return /^[\p{L}\p{N}]{1,2}$/u.test(lower) ? lower : null;
}
const gramRun = /[\p{L}\p{N}]+/gu;

/** The distinct single letters and digits of a text and their adjacent pairs within a word, as space-separated
 * tokens of search_grams (unicode61 keeps a run of letters as one token), lower-cased like the query: every one-
 * or two-character substring of letters and digits a row holds ("碳", "模块", "v", "65") is a token of it. */
function grams(text: string): string {
  const found = new Set<string>();
  for (const [run] of text.toLowerCase().matchAll(gramRun)) {
    const chars = Array.from(run);
    for (const [i, char] of chars.entries()) {
      found.add(char);
      const next = chars[i + 1];
      if (next) found.add(char + next);
    }
  }
  return [...found].join(" ");
}

function* productRows(db: Database): Generator<IndexRow> {
  // Only what the site shows: on-status nodes whose ancestors are all on.
  const nodes = db
    .prepare(
      `WITH RECURSIVE visible(id) AS (
         SELECT id FROM site_list WHERE parent_id IS NULL AND status = 'on' AND type = 1
         UNION ALL SELECT c.id FROM site_list c JOIN visible v ON c.parent_id = v.id WHERE c.status = 'on'
       )
       SELECT s.id, s.part_number AS partNumber, s.name_zh, s.name_en, s.data, p.name_zh AS parent_zh, p.name_en AS parent_en
       FROM site_list s JOIN visible v ON v.id = s.id LEFT JOIN site_list p ON p.id = s.parent_id`,
    )
    .all() as Array<{ id: number; partNumber: string | null; name_zh: string; name_en: string; data: string; parent_zh: string | null; parent_en: string | null }>;
  const params = db.prepare("SELECT text_value FROM product_params WHERE product_id = ? AND language = ?");
  for (const node of nodes) {
    const data = JSON.parse(node.data) as StoredJson;
    for (const language of ["zh", "en"] as const) {
      const name = language === "zh" ? node.name_zh : node.name_en;
      const parent = (language === "zh" ? node.parent_zh : node.parent_en) ?? "";
      if (node.partNumber === null) {
        yield {
          type: "products",
          ref: String(node.id),
          language,
          link: searchLinks.category(node.id),
          date: null,
          downloadPath: null,
          title: name,
          body: [data.summary?.[language] ?? "", parent],
        };
        continue;
      }
      const values = (params.all(node.id, language) as Array<{ text_value: string }>).map((row) => row.text_value);
      yield {
        type: "products",
        ref: node.partNumber,
        language,
        link: searchLinks.product(node.partNumber),
        date: null,
        downloadPath: null,
        // A product's name is often just its part number: then its series says what it is.
        title: name === node.partNumber || !name ? [node.partNumber, parent].filter(Boolean).join(" · ") : `${node.partNumber} ${name}`,
        body: [
          data.summary?.[language] ?? "",
          ...(data.description?.[language] ?? []),
          ...(data.features?.[language] ?? []),
          ...(data.applications?.[language] ?? []),
          parent,
          values.join(" "),
        ],
      };
    }
  }
}

function* documentRows(db: Database): Generator<IndexRow> {
  const rows = db
    .prepare(
      `SELECT d.id, d.language, d.type, d.date, d.title, d.summary,
         (SELECT group_concat(s.part_number, ' ') FROM document_products dp JOIN site_list s ON s.id = dp.product_id WHERE dp.document_id = d.id) AS parts
       FROM documents d`,
    )
    .all() as Array<{ id: string; language: string; type: DocumentType; date: string; title: string; summary: string; parts: string | null }>;
  for (const row of rows) {
    yield {
      type: "documents",
      ref: row.id,
      language: row.language,
      link: searchLinks.document(row.id),
      date: row.date,
      downloadPath: attachDownloadPath(row.id),
      title: row.title,
      body: [row.summary, row.parts ?? ""],
    };
  }
}

function* newsRows(db: Database): Generator<IndexRow> {
  const rows = db.prepare("SELECT id, language, date, title, summary, data FROM news").all() as Array<{
    id: number;
    language: string;
    date: string;
    title: string;
    summary: string;
    data: string;
  }>;
  for (const row of rows) {
    const data = JSON.parse(row.data) as { body: string[]; tags: string[] };
    yield {
      type: "news",
      ref: String(row.id),
      language: row.language,
      link: searchLinks.news(row.id),
      date: row.date,
      downloadPath: null,
      title: row.title,
      body: [row.summary, ...data.body.map(stripMarkers), data.tags.join(" ")],
    };
  }
}

function* jobRows(db: Database): Generator<IndexRow> {
  const rows = db.prepare("SELECT id, language, title, location, department, date, data FROM jobs").all() as Array<{
    id: number;
    language: string;
    title: string;
    location: string;
    department: string;
    date: string;
    data: string;
  }>;
  for (const row of rows) {
    const data = JSON.parse(row.data) as { description: string; duties: string[]; requirements: string[]; closingDate: string | null };
    // A position closed when the index is built is not offered (its page still says it is closed).
    if (!isJobOpen(data.closingDate, chinaToday())) continue;
    yield {
      type: "jobs",
      ref: String(row.id),
      language: row.language,
      link: searchLinks.job(row.id),
      date: row.date,
      downloadPath: null,
      title: row.title,
      body: [`${row.department} · ${row.location}`, data.description, ...data.duties, ...data.requirements],
    };
  }
}

function* pageRows(db: Database): Generator<IndexRow> {
  const rows = db.prepare("SELECT template_code AS templateCode, language, url, data FROM site_pages WHERE page_type = 1 AND url IS NOT NULL").all() as Array<{
    templateCode: string;
    language: string;
    url: string;
    data: string;
  }>;
  for (const row of rows) {
    const page = JSON.parse(row.data) as StoredJson;
    if (page.kind !== "page") continue;
    yield {
      type: "pages",
      ref: row.templateCode,
      language: row.language,
      link: row.url,
      date: null,
      downloadPath: null,
      // The page's own name, not its <title> with the site's name after " | ".
      title: String(page.banner?.title || String(page.title ?? "").split(" | ")[0]),
      body: [page.description ?? "", page.banner?.subtitle ?? "", ...sectionTexts(page.sections ?? [])],
    };
  }
}

function sectionTexts(sections: Array<StoredJson>): string[] {
  const texts: string[] = [];
  for (const section of sections) {
    texts.push(section.heading ?? "", ...(section.body ?? []).map(stripMarkers));
    for (const item of section.items ?? []) texts.push(item.title ?? "", item.text ?? "", item.value ?? "");
    if (section.table) texts.push(section.table.columns.join(" "), ...section.table.rows.map((row: string[]) => row.join(" ")));
  }
  return texts;
}

/** The "## " and "- " paragraph markers of the content format are layout, not text. */
function stripMarkers(paragraph: string): string {
  return paragraph.replace(/^(## |- )/, "");
}
