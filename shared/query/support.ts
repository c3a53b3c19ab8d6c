// URL state of the support section: which support page a name is, and the document centre's filters
// (type, product family, keyword) and page, read from and written to the query string. Pure: the loader,
// the links and the GET form all go through these, so a shared link shows the same rows.
import { documentTypes, type DocumentType } from "../contract/documents.ts";

/** The support pages of the content (the menu's technical_support_arr links each one). */
export const supportPages = ["documents", "application-notes", "simulation-models", "faq"] as const;
export type SupportPage = (typeof supportPages)[number];

/** /support and /support/documents are the document centre; any other name must be one of supportPages. */
export function parseSupportPage(name: string | undefined): SupportPage | null {
  if (name === undefined || name === "") return "documents";
  return (supportPages as readonly string[]).includes(name) ? (name as SupportPage) : null;
}

export const DOCUMENTS_PAGE_SIZE = 12;
export const DOCUMENT_KEYWORD_MAX = 100;
/** Paging stops here: 1000 pages of 12 is far past any real document count. */
export const DOCUMENTS_MAX_PAGE = 1000;

export interface DocumentListState {
  type: DocumentType | null;
  /** Id of a product family (level-1 category); whether it exists is for the loader to check. */
  family: number | null;
  keyword: string;
  page: number;
}

export const defaultDocumentListState: DocumentListState = { type: null, family: null, keyword: "", page: 1 };

function positiveInt(value: string | null, max: number): number | null {
  if (value === null || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const number = Number(value);
  return number <= max ? number : null;
}

/** Reads ?type=&family=&q=&page=; anything invalid falls back to its default (never an error). */
export function parseDocumentList(search: string | URLSearchParams): DocumentListState {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  const type = params.get("type");
  return {
    type: (documentTypes as readonly string[]).includes(type ?? "") ? (type as DocumentType) : null,
    family: positiveInt(params.get("family"), 2_147_483_647),
    keyword: (params.get("q") ?? "").trim().replace(/\s+/g, " ").slice(0, DOCUMENT_KEYWORD_MAX),
    page: positiveInt(params.get("page"), DOCUMENTS_MAX_PAGE) ?? 1,
  };
}

/** The query string of a state ("" for the defaults), in a fixed order so each state has one URL. */
export function documentListSearch(state: DocumentListState): string {
  const params = new URLSearchParams();
  if (state.type) params.set("type", state.type);
  if (state.family !== null) params.set("family", String(state.family));
  if (state.keyword) params.set("q", state.keyword);
  if (state.page > 1) params.set("page", String(state.page));
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** A link to the list with some filters changed; changing a filter goes back to page 1. */
export function documentListHref(path: string, state: DocumentListState, change: Partial<DocumentListState>): string {
  const next = { ...state, ...change };
  if (!("page" in change)) next.page = 1;
  return `${path}${documentListSearch(next)}`;
}
