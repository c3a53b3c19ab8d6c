// URL state of the search page (/search?text=…&type=…&page=…), read and written in one place so the
// header's box, the page's form, the type tabs and the paging links agree. Pure.
import { SEARCH_TEXT_MAX, searchTypes, type SearchType } from "../contract/search.ts";

export const SEARCH_PAGE_SIZE = 10;
/** Hits shown per type on the "All" view, which groups the results by type. */
export const SEARCH_GROUP_SIZE = 3;
const SEARCH_MAX_PAGE = 1000;

export interface SearchState {
  /** Trimmed, inner whitespace collapsed, at most SEARCH_TEXT_MAX characters; "" runs no search (SPEC §5). */
  text: string;
  /** null = all types, grouped. */
  type: SearchType | null;
  page: number;
}

export function parseSearchQuery(search: string | URLSearchParams): SearchState {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  const text = Array.from((params.get("text") ?? "").trim().replace(/\s+/g, " "))
    .slice(0, SEARCH_TEXT_MAX)
    .join("")
    .trim();
  const typeParam = params.get("type");
  const type = (searchTypes as readonly string[]).includes(typeParam ?? "") ? (typeParam as SearchType) : null;
  const page = params.get("page");
  const pageNumber = page !== null && /^[1-9]\d{0,5}$/.test(page) ? Number(page) : 1;
  // Paging exists only inside one type; the grouped view has one page.
  return { text, type, page: type && pageNumber <= SEARCH_MAX_PAGE ? pageNumber : 1 };
}

/** The query string of a state, in a fixed order; page 1 and the "all" type are left out. */
export function searchQueryString(state: SearchState): string {
  const params = new URLSearchParams();
  params.set("text", state.text);
  if (state.type) params.set("type", state.type);
  if (state.type && state.page > 1) params.set("page", String(state.page));
  return `?${params}`;
}

/** A link to the search page with the state changed; a new type starts at page 1. */
export function searchHref(path: string, state: SearchState, change: Partial<SearchState>): string {
  const next = { ...state, ...change };
  if (!("page" in change)) next.page = 1;
  return `${path}${searchQueryString(next)}`;
}
